#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The Debian packages end to end, as root (run by .ci/run; make check-deb):
# dpkg-buildpackage -us -uc -b in a clean clone of HEAD (its build runs
# make check), lintian with no error and no warning, the clone left clean,
# apt-get install ./*.deb, the autopkgtest smoke test (debian/tests) on the
# installed packages, man bercl and man 3 bercl whole under man-db,
# pkg-config, then apt-get purge and not one of the packages' files left.
# Needs what tools/deps.sh --deb installs. With an argument, the .deb
# files are copied into that folder.
set -eu
fail() { echo "deb-check: $*" >&2; exit 1; }
src=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-}
[ "$(id -u)" = 0 ] || fail "run as root (it installs and purges the packages)"
pkgs="bercl libbercl0 libbercl-dev python3-bercl"
for p in $pkgs; do
	if dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q 'install ok installed'; then
		fail "$p is installed already; purge it first"
	fi
done
work=$(mktemp -d)
# man-db (as root) keeps formatted copies of the pages it shows in its
# cache, /var/cache/man/catN: not the packages' files, but made by this
# run, so removed with them unless they were there before.
for s in 1 3; do
	[ ! -e "/var/cache/man/cat$s/bercl.$s.gz" ] || touch "$work/cached$s"
done
uncache() {
	for s in 1 3; do
		[ -e "$work/cached$s" ] || rm -f "/var/cache/man/cat$s/bercl.$s.gz"
	done
}
installed=
cleanup() {
	uncache
	if [ -n "$installed" ]; then
		DEBIAN_FRONTEND=noninteractive apt-get purge -y -qq $pkgs bercl-dbgsym libbercl0-dbgsym \
			> /dev/null 2>&1 || true
	fi
	rm -rf "$work"
}
trap cleanup EXIT
git clone -q "$src" "$work/bercl"
cd "$work/bercl"

echo "+ dpkg-buildpackage -us -uc -b"
start=$(date +%s)
DEB_BUILD_OPTIONS=parallel=2 dpkg-buildpackage -us -uc -b > "$work/build.log" 2>&1 ||
	{ tail -60 "$work/build.log"; fail "dpkg-buildpackage failed"; }
grep -q '^all tests passed$' "$work/build.log" || fail "the build did not run make check to the end"
echo "deb-check: built in $(($(date +%s) - start)) s (make check included):" \
	"$(cd "$work" && ls ./*.deb | sed 's,^\./,,' | tr '\n' ' ')"
for p in $pkgs; do
	ls "$work/${p}_"*.deb > /dev/null 2>&1 || fail "no package $p"
done
left=$(git status --porcelain)
[ -z "$left" ] || fail "the build left files that git does not ignore: $left"

echo "+ lintian"
status=0
(cd "$work" && lintian --fail-on error,warning ./*.changes) > "$work/lintian.log" 2>&1 || status=$?
lint=$(grep -v '^running with root privileges' "$work/lintian.log" || true)
[ "$status" = 0 ] || { echo "$lint"; fail "lintian reports errors or warnings (status $status)"; }
echo "deb-check: lintian: ${lint:-no tag}"

echo "+ apt-get install ./*.deb"
installed=yes
(cd "$work" && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ./*.deb > "$work/install.log" 2>&1) ||
	{ cat "$work/install.log"; fail "apt-get install failed"; }
for p in $pkgs bercl-dbgsym libbercl0-dbgsym; do
	dpkg-query -L "$p" >> "$work/files"
done

echo "+ autopkgtest (debian/tests, on the installed packages)"
autopkgtest --no-built-binaries . -- null > "$work/autopkgtest.log" 2>&1 ||
	{ cat "$work/autopkgtest.log"; fail "autopkgtest failed"; }
grep '^smoke:' "$work/autopkgtest.log" | sed 's/^/deb-check: /'
grep -q '^smoke  *PASS' "$work/autopkgtest.log" || fail "the smoke test did not pass"

echo "+ man bercl, man 3 bercl"
bs=$(printf '\b')
heads() { sed "s/.$bs//g" | grep -E '^[A-Z][A-Z ]+$'; }
for s in 1 3; do
	page=$(man -w "$s" bercl)
	case $page in /usr/share/man/man$s/bercl.$s.gz) ;; *) fail "man -w $s bercl: $page" ;; esac
	msg=$(MANWIDTH=80 man --warnings "$s" bercl 2>&1 > "$work/man$s")
	[ -z "$msg" ] || fail "man $s bercl says: $msg"
	a=$(heads < "$work/man$s")
	b=$(mandoc -Tascii "man/bercl.$s" | heads)
	[ "$a" = "$b" ] || fail "man $s bercl shows the sections
$a
and mandoc man/bercl.$s
$b"
	echo "deb-check: man $s bercl: $(echo "$a" | wc -l) sections, the last $(echo "$a" | tail -n 1)"
done

flags=$(pkg-config --cflags --libs bercl | sed 's/ *$//')
[ "$flags" = "-lbercl" ] || fail "pkg-config --cflags --libs bercl: '$flags'"
echo "deb-check: pkg-config --cflags --libs bercl: $flags;" \
	"libdir $(pkg-config --variable=libdir bercl)"

if [ -n "$out" ]; then
	mkdir -p "$out"
	cp "$work"/*.deb "$out"/
fi

echo "+ apt-get purge"
uncache
DEBIAN_FRONTEND=noninteractive apt-get purge -y -qq $pkgs bercl-dbgsym libbercl0-dbgsym \
	> "$work/purge.log" 2>&1 || { cat "$work/purge.log"; fail "apt-get purge failed"; }
installed=
for p in $pkgs; do
	if dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q 'install ok installed'; then
		fail "$p still installed"
	fi
done
# A file left, or an empty folder that no other package owns.
n=0
while IFS= read -r f; do
	if [ -d "$f" ] && [ ! -L "$f" ]; then
		[ -z "$(ls -A "$f")" ] || continue
		dpkg-query -S "$f" > /dev/null 2>&1 && continue
	elif ! [ -e "$f" ] && ! [ -L "$f" ]; then
		continue
	fi
	echo "left: $f"
	n=$((n + 1))
done < "$work/files"
[ "$n" = 0 ] || fail "$n files of the packages left after purge"
echo "deb-check: purged, none of the $(sort -u "$work/files" | wc -l) paths the packages installed is left"
