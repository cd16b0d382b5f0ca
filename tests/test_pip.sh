#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# pip install of the Python package as python/pyproject.toml promises it:
# in a fresh virtual environment with the system's site packages, offline
# (--no-index: setuptools and numpy from Debian's packages), then the
# package imported from the venv, not from python/, and checked against the
# command on a few points. Run by make check (not under the sanitizers).
set -eu
fail() { echo "test_pip: $*" >&2; exit 1; }
py=/usr/bin/python3
# no cache, no user configuration: a build machine may have no writable HOME
export PIP_NO_CACHE_DIR=1 PIP_CONFIG_FILE=/dev/null PIP_DISABLE_PIP_VERSION_CHECK=1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
top=$(pwd)
# a copy of the source tree's parts the build reads, so that pip's build
# directory and egg-info stay out of the working tree
mkdir -p "$tmp/src"
cp -R python lib arith include engine "$tmp/src/"
rm -f "$tmp/src/engine/"*.o "$tmp/src/engine/"*.d "$tmp/src/arith/"*.o "$tmp/src/arith/"*.d
rm -rf "$tmp/src/python/build" "$tmp/src/python/bercl.egg-info" "$tmp/src/python/bercl/__pycache__"
rm -f "$tmp/src/python/bercl/"_core*.so
$py -m venv --system-site-packages "$tmp/venv" || fail "python3 -m venv failed (python3-venv)"
"$tmp/venv/bin/pip" install -q --no-build-isolation --no-index "$tmp/src/python" \
	> "$tmp/pip.log" 2>&1 || { cat "$tmp/pip.log" >&2; fail "pip install failed"; }
want=$("$top/bercl" cl -e 0,1,2 -n 3T -p 1e-12 --value cl | tr '\n' ' ')
got=$(cd "$tmp" && "$tmp/venv/bin/python" -I -c "
import bercl
assert bercl.__file__.startswith('$tmp/venv/'), bercl.__file__
print(' '.join(repr(x) for x in bercl.cl([0, 1, 2], '3T', 1e-12).tolist()), end=' ')
")
[ "$got" = "$want" ] || fail "the pip-installed package printed '$got', bercl '$want'"
echo "test_pip: pip install --no-build-isolation --no-index into a venv, import, digits: ok"
