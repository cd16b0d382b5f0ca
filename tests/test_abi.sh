#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The versioned ABI of libbercl.so.0 (lib/libbercl.map), checked on the
# library make built in the top folder:
# - the functions declared BERCL_API in include/bercl.h, the functions the
#   version script lists (each once) and the functions the shared library
#   exports (nm -D --defined-only) are the same set, each exported with the
#   version of its node in the script; the newest node is the header's
#   MAJOR.MINOR; debian/libbercl0.symbols lists the same pairs;
# - two more builds of the same objects: one with only the first node
#   (BERCL_0.2, "the 0.2 library") and one with no version script at all
#   (as 0.2.0 was built). A program that calls a BERCL_0.3 function refuses
#   to start on the 0.2 library with the loader's message "version
#   `BERCL_0.3' not found"; a program of 0.2 functions linked against either
#   older build runs on this one.
# Run by make check, which passes CC, CFLAGS, LDFLAGS and LIB_OBJ.
set -eu
: "${CC:=cc}" "${CFLAGS:=}" "${LDFLAGS:=}" "${LIB_OBJ:?the library objects}"
fail() { echo "test_abi: $*" >&2; exit 1; }
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
map=lib/libbercl.map
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
version=$(sed -n 's/^#define BERCL_VERSION_STRING "\(.*\)"/\1/p' include/bercl.h)
shlib=libbercl.so.$version
[ -f "$shlib" ] || fail "$shlib not built"

# The header's BERCL_API functions: the first identifier before "(" from a
# line starting BERCL_API (the return type may stand on that line alone).
awk '/^BERCL_API/ { f = 1; s = "" }
	f { s = s " " $0 }
	f && /\(/ { match(s, /[A-Za-z_][A-Za-z0-9_]*[ \t]*\(/)
		n = substr(s, RSTART, RLENGTH); sub(/[ \t]*\($/, "", n); print n; f = 0 }' \
	include/bercl.h | sort > "$tmp/header"
[ "$(wc -l < "$tmp/header")" -ge 20 ] || fail "only $(wc -l < "$tmp/header") BERCL_API functions found"

# The version script, comments removed: "symbol node" for every global.
sed 's,/\*.*\*/,,; /\/\*/,/\*\//d' "$map" | awk '
	/^[A-Z_0-9.]+[ \t]*\{/ { node = $1; next }
	/global:/ { g = 1; next }
	/local:/ { g = 0; next }
	/^}/ { g = 0; next }
	g && /;/ { s = $1; sub(/;$/, "", s); print s, node }' > "$tmp/map"
cut -d' ' -f1 "$tmp/map" | sort > "$tmp/mapped"
dup=$(uniq -d "$tmp/mapped")
[ -z "$dup" ] || fail "in more than one node of $map: $dup"
d=$(diff "$tmp/header" "$tmp/mapped" || true)
[ -z "$d" ] || fail "BERCL_API functions (<) against $map (>):
$d"
newest=$(sed 's,/\*.*\*/,,' "$map" | sed -n 's/^\(BERCL_[0-9.]*\)[ \t]*{.*/\1/p' | tail -n 1)
want=BERCL_$(echo "$version" | cut -d. -f1,2)
[ "$newest" = "$want" ] || fail "newest node of $map is $newest; the header's version $version wants $want"

# What the library exports, as name and version.
nm -D --defined-only "$shlib" | awk '$2 == "T" { print $3 }' | sed 's/@@*/ /' | sort > "$tmp/exported"
cut -d' ' -f1 "$tmp/exported" > "$tmp/exported_names"
d=$(diff "$tmp/header" "$tmp/exported_names" || true)
[ -z "$d" ] || fail "BERCL_API functions (<) against nm -D --defined-only $shlib (>):
$d"
sort "$tmp/map" > "$tmp/map_sorted"
d=$(diff "$tmp/map_sorted" "$tmp/exported" || true)
[ -z "$d" ] || fail "versions in $map (<) against those exported (>):
$d"
# The Debian symbols file lists the same name@version pairs (and each
# version's node), at the version that added them.
sym=debian/libbercl0.symbols
if [ -f "$sym" ]; then
	sed -n 's/^ \([A-Za-z_0-9.]*\)@\(BERCL_[0-9.]*\) \(.*\)$/\1 \2 \3/p' "$sym" |
		awk '$1 !~ /^BERCL_/ { print $1, $2 }' | sort > "$tmp/symbols"
	d=$(diff "$tmp/exported" "$tmp/symbols" || true)
	[ -z "$d" ] || fail "exported (<) against $sym (>):
$d"
	bad=$(sed -n 's/^ [A-Za-z_0-9.]*@BERCL_\([0-9]*\.[0-9]*\) \(.*\)$/\1 \2/p' "$sym" |
		awk '$2 != $1 ".0"')
	[ -z "$bad" ] || fail "$sym: a symbol of node M.m needs version M.m.0: $bad"
fi
echo "test_abi: $(wc -l < "$tmp/header") functions: header = $map = exported = $sym, versions as the script"

# The two older builds of the same objects.
mkdir "$tmp/v02" "$tmp/v00"
sed -n '1,/^};/p' "$map" > "$tmp/v02.map"
grep -q '^BERCL_0\.3' "$tmp/v02.map" && fail "the first node of $map is not BERCL_0.2 alone"
# shellcheck disable=SC2086
$CC $CFLAGS $LDFLAGS -shared -Wl,-soname,libbercl.so.0 -Wl,--version-script="$tmp/v02.map" \
	-o "$tmp/v02/libbercl.so.0" $LIB_OBJ -lm
# shellcheck disable=SC2086
$CC $CFLAGS $LDFLAGS -shared -Wl,-soname,libbercl.so.0 -o "$tmp/v00/libbercl.so.0" $LIB_OBJ -lm
ln -s libbercl.so.0 "$tmp/v02/libbercl.so"
ln -s libbercl.so.0 "$tmp/v00/libbercl.so"
nm -D --defined-only "$tmp/v02/libbercl.so.0" | grep -q ' T bercl_poisson_values' &&
	fail "the 0.2 build exports bercl_poisson_values"
nm -D --defined-only "$tmp/v00/libbercl.so.0" | grep -q 'BERCL_' &&
	fail "the unversioned build has versions"

cat > "$tmp/new.c" <<'EOF'
#include <stdio.h>
#include <bercl.h>
int main(void)
{
	double cl, q;
	if (bercl_poisson_values(0, 3, 0, &cl, &q) != BERCL_OK)
		return 1;
	printf("%.6f\n", cl);
	return 0;
}
EOF
cat > "$tmp/old.c" <<'EOF'
#include <stdio.h>
#include <bercl.h>
int main(void)
{
	printf("%.6f\n", bercl_poisson_cl(0, 3));
	return 0;
}
EOF
# shellcheck disable=SC2086
$CC $CFLAGS -Iinclude -o "$tmp/new" "$tmp/new.c" -L. -lbercl $LDFLAGS
# shellcheck disable=SC2086
$CC $CFLAGS -Iinclude -o "$tmp/old02" "$tmp/old.c" -L"$tmp/v02" -lbercl $LDFLAGS
# shellcheck disable=SC2086
$CC $CFLAGS -Iinclude -o "$tmp/old00" "$tmp/old.c" -L"$tmp/v00" -lbercl $LDFLAGS
# CL = 1 - e^-3 for E = 0, lambda = 3.
want=0.950213
readelf -V "$tmp/new" | grep -q 'Name: BERCL_0.3' || fail "the new program needs no BERCL_0.3"
got=$(LD_LIBRARY_PATH=. "$tmp/new") || fail "the new program fails on this library"
[ "$got" = "$want" ] || fail "the new program printed '$got', not $want"
status=0
LD_LIBRARY_PATH="$tmp/v02" "$tmp/new" > "$tmp/out" 2> "$tmp/err" || status=$?
[ "$status" -ne 0 ] || fail "the new program ran on the 0.2 library"
[ ! -s "$tmp/out" ] || fail "the new program printed on the 0.2 library: $(cat "$tmp/out")"
grep -q "version \`BERCL_0.3' not found (required by " "$tmp/err" ||
	fail "the loader did not name the version: $(cat "$tmp/err")"
echo "test_abi: on the 0.2 library (status $status): $(sed "s,$tmp,\$tmp,g" "$tmp/err")"
for p in old02 old00; do
	got=$(LD_LIBRARY_PATH=. "$tmp/$p") || fail "$p fails on this library"
	[ "$got" = "$want" ] || fail "$p printed '$got', not $want"
done
echo "test_abi: programs linked against the 0.2 and the unversioned builds run on this one"
