#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# make install into a fresh prefix, then use it as a user would: the man
# page's example program compiled with pkg-config, the exported symbols
# against those documented in bercl(3), the installed Python module, and
# make uninstall removing exactly what was installed. Run by make check
# (which passes CC, CFLAGS, LDFLAGS so a sanitized build links).
set -eu
: "${CC:=cc}" "${CFLAGS:=}" "${LDFLAGS:=}" "${MAKE:=make}"
fail() { echo "test_install: $*" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
prefix=$tmp/prefix

$MAKE -s install PREFIX="$prefix" CC="$CC" CFLAGS="$CFLAGS" LDFLAGS="$LDFLAGS" >/dev/null
for f in bin/bercl lib/libbercl.a lib/libbercl.so lib/libbercl.so.0 include/bercl.h \
	lib/pkgconfig/bercl.pc share/man/man1/bercl.1 share/man/man3/bercl.3; do
	[ -e "$prefix/$f" ] || fail "not installed: $f"
done
soname=$(LC_ALL=C readelf -d "$prefix/lib/libbercl.so" | sed -n 's/.*SONAME.*\[\(.*\)\]/\1/p')
[ "$soname" = libbercl.so.0 ] || fail "soname is '$soname', not libbercl.so.0"

# The example of bercl(3), compiled against the installed copy.
sed -n '/^\.Sh EXAMPLES/,/^\.Ed/p' man/bercl.3 | sed '1,/^\.Bd/d;$d' |
	sed 's/\\e/\\/g; s/\\&//g' > "$tmp/example.c"
want=$(sed -n '/^it prints/{n;s/^\.Dl //p;}' man/bercl.3)
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
version=$(sed -n 's/^#define BERCL_VERSION_STRING "\(.*\)"/\1/p' include/bercl.h)
[ "$(pkg-config --modversion bercl)" = "$version" ] ||
	fail "bercl.pc says version '$(pkg-config --modversion bercl)', the header $version"
pkg-config --atleast-version "$version" bercl || fail "pkg-config --atleast-version $version"
# shellcheck disable=SC2046
$CC $CFLAGS -o "$tmp/example" "$tmp/example.c" $(pkg-config --cflags --libs bercl) $LDFLAGS
got=$(LD_LIBRARY_PATH="$prefix/lib" "$tmp/example")
[ "$got" = "$want" ] || fail "example printed '$got', man page says '$want'"

# The header from C++ (extern "C"): the same example as C++, where a C++
# compiler is installed.
if command -v c++ >/dev/null 2>&1; then
	c++ $CFLAGS -x c++ -o "$tmp/example_cxx" "$tmp/example.c" \
		$(pkg-config --cflags --libs bercl) $LDFLAGS
	got=$(LD_LIBRARY_PATH="$prefix/lib" "$tmp/example_cxx")
	[ "$got" = "$want" ] || fail "C++ example printed '$got', man page says '$want'"
fi

# The guide's first C example (docs/library.md), built with pkg-config
# against the installed copy, prints what the guide says.
sed -n '/^<!-- library-c:/,/^```$/p' docs/library.md | sed '1,2d;$d' > "$tmp/guide.c"
want=$(sed -n '/^<!-- library-c-output/,/^```$/p' docs/library.md | sed '1,2d;$d')
$CC $CFLAGS -o "$tmp/guide" "$tmp/guide.c" $(pkg-config --cflags --libs bercl) $LDFLAGS
got=$(LD_LIBRARY_PATH="$prefix/lib" "$tmp/guide")
[ "$got" = "$want" ] || fail "docs/library.md's C example printed '$got', the guide says '$want'"

# Only documented bercl_ symbols are exported.
nm -D --defined-only "$prefix/lib/libbercl.so" | awk '$2 == "T" { print $3 }' | sed 's/@.*//' | sort > "$tmp/exported"
sed -n 's/^\.Nm \(bercl_[a-z0-9_]*\).*/\1/p' man/bercl.3 | sort > "$tmp/documented"
[ -s "$tmp/exported" ] || fail "no symbols exported"
undocumented=$(comm -23 "$tmp/exported" "$tmp/documented")
[ -z "$undocumented" ] || fail "exported but not documented in bercl(3): $undocumented"
missing=$(comm -13 "$tmp/exported" "$tmp/documented")
[ -z "$missing" ] || fail "documented in bercl(3) but not exported: $missing"

# The Python package, as a user imports it. A sanitized build installs none.
# 1. Where `make install` with the default PREFIX=/usr/local puts it (the
#    interpreter's own scheme, tools/pythondir.py), installed under a
#    DESTDIR: that directory must be on the path of a clean /usr/bin/python3
#    (-I: no PYTHONPATH, no user site, no current directory).
# 2. The suite (tests/test_python.py, pytest) against the copy installed in
#    the temporary PREFIX, from a clean interpreter that is given only that
#    directory, and which must import the package from there, not python/.
case "$CFLAGS $LDFLAGS" in
*sanitize*) echo "test_install: Python part skipped (sanitized build)" ;;
*)
	py=/usr/bin/python3
	$MAKE -s install-python DESTDIR="$tmp/dest" CC="$CC" CFLAGS="$CFLAGS" LDFLAGS="$LDFLAGS" \
		>/dev/null
	dir=$($py tools/pythondir.py /usr/local)
	[ -f "$tmp/dest$dir/bercl/__init__.py" ] || fail "make install-python did not fill $dir"
	$py -I -c "import sys; sys.exit('$dir' not in sys.path)" ||
		fail "$dir (PREFIX=/usr/local) is not on $py's path"
	rm -rf "$tmp/dest"
	pdir=$($py tools/pythondir.py "$prefix")
	[ -f "$pdir/bercl/__init__.py" ] || fail "not installed: $pdir/bercl"
	ls "$pdir"/bercl/_core*.so >/dev/null 2>&1 || fail "not installed: the extension in $pdir/bercl"
	top=$(pwd)
	(cd "$tmp" && $py -I -B -c "
import sys
sys.path.insert(0, '$pdir')
import bercl
assert bercl.__file__.startswith('$pdir'), bercl.__file__
import pytest
sys.exit(pytest.main(['-q', '-p', 'no:cacheprovider', '--rootdir', '$tmp',
                      '$top/tests/test_python.py']))
") || fail "tests/test_python.py failed against the installed package"
	;;
esac

$MAKE -s uninstall PREFIX="$prefix" >/dev/null
left=$(find "$prefix" ! -type d)
[ -z "$left" ] || fail "left after make uninstall: $left"
echo "test_install: install, pkg-config example, exports, python package, uninstall: ok"
