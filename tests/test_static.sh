#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The static binary of make static (argument: its path): no dynamic section
# at all (ldd: "not a dynamic executable"), the README's first example
# printed as the README shows it, and the behaviour corpus
# (tests/test_corpus.sh) run with it as bercl. Run by make check-static.
set -eu
fail() { echo "test_static: $*" >&2; exit 1; }
top=$(cd "$(dirname "$0")/.." && pwd)
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
[ -x "$bin" ] || fail "$1 is not an executable"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

out=$(LC_ALL=C ldd "$bin" 2>&1 || true)
case $out in
*"not a dynamic executable"*) ;;
*) fail "ldd $1 says: $out" ;;
esac
LC_ALL=C readelf -lW "$bin" | grep -q INTERP && fail "$1 names a program interpreter"
LC_ALL=C readelf -dW "$bin" | grep -q NEEDED && fail "$1 needs shared libraries"

# The README's first console block: its first command and the lines after it.
sed -n '/^```console$/,/^```$/{p;/^```$/q;}' "$top/README.md" | sed '1d;$d' > "$tmp/block"
cmd=$(sed -n '1s/^\$ bercl //p' "$tmp/block")
[ -n "$cmd" ] || fail "the README's first console block does not start with \$ bercl"
sed -n '2,${/^\$ /q;p;}' "$tmp/block" > "$tmp/want"
# shellcheck disable=SC2086
(cd "$tmp" && "$bin" $cmd) > "$tmp/got" || fail "bercl $cmd failed"
cmp -s "$tmp/want" "$tmp/got" || fail "bercl $cmd printed
$(cat "$tmp/got")
the README shows
$(cat "$tmp/want")"
echo "test_static: ldd: not a dynamic executable; README's first example (bercl $cmd) as shown"

mkdir "$tmp/bin"
ln -s "$bin" "$tmp/bin/bercl"
BERCL_BINDIR=$tmp/bin sh "$top/tests/test_corpus.sh" | sed 's/^/test_static: /'
