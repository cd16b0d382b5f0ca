#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The behaviour corpus: every command of tests/corpus/commands (written by
# tests/corpus/gen_commands.sh) runs in tests/corpus/in with ./bercl first on
# PATH; its standard output and exit status must equal tests/corpus/stdout,
# its standard error tests/corpus/stderr. Both files were first written by
# bercl 0.2.0; a change to either is a change of behaviour, made on purpose
# and committed with its reason (sh tests/test_corpus.sh --update).
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
dir=$top/tests/corpus
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# BERCL_BINDIR: another folder holding the bercl to test (make check-static,
# make check-ld64).
PATH=${BERCL_BINDIR:-$top}:$PATH
export PATH LC_ALL=C BERCL_PROGRESS_DELAY=1000000
cd "$dir/in"
n=0
# BERCL_CORPUS_SKIP: an extended regular expression; the commands it
# matches are left out of this run and of the recorded outputs it compares
# (make check-ld64 names what that build cannot answer, and why).
skip=${BERCL_CORPUS_SKIP:-}
skipped=0
while IFS= read -r cmd; do
	if [ -n "$skip" ] && printf '%s\n' "$cmd" | grep -qE -e "$skip"; then
		skipped=$((skipped + 1))
		continue
	fi
	n=$((n + 1))
	status=0
	sh -c "$cmd" > "$tmp/o" 2> "$tmp/e" < /dev/null || status=$?
	{ printf '$ %s\n' "$cmd"; cat "$tmp/o"; printf '[status %d]\n' "$status"; } >> "$tmp/stdout"
	{ printf '$ %s\n' "$cmd"; cat "$tmp/e"; } >> "$tmp/stderr"
done < "$dir/commands"
if [ "${1:-}" = "--update" ]; then
	cp "$tmp/stdout" "$dir/stdout"
	cp "$tmp/stderr" "$dir/stderr"
	echo "corpus: $n commands written"
	exit 0
fi
fail=0
# the recorded outputs, less the left-out commands' blocks (each begins "$ ")
for f in stdout stderr; do
	awk -v re="$skip" 'substr($0, 1, 2) == "$ " { keep = (re == "" || substr($0, 3) !~ re) } keep' \
		"$dir/$f" > "$tmp/want_$f"
done
diff -u "$tmp/want_stdout" "$tmp/stdout" > "$tmp/d1" || { head -60 "$tmp/d1"; fail=1; }
diff -u "$tmp/want_stderr" "$tmp/stderr" > "$tmp/d2" || { head -60 "$tmp/d2"; fail=1; }
# Every warning and note fits 100 columns, counting "bercl: warning: " and
# its own words but not what the input put in it: the file and line, the
# lane, a value echoed in quotes. (The histogram's warning was 191 wide.)
wide=$(grep -E '(warning|note): ' "$tmp/stderr" | grep -v '^\$ ' | sed -E \
	-e 's/^bercl: //' -e 's/[^ ]*:[0-9]+: //g' -e "s/'[^']*'/''/g" \
	-e 's/^(warning|note): [^ ]*[./(][^ ]*: /\1: /' -e 's/lane [^ ]*: //' \
	-e 's/^(warning|note): //' | awk 'length($0) + 16 > 100')
[ -z "$wide" ] || { printf 'corpus: warnings wider than 100 columns:\n%s\n' "$wide"; fail=1; }
[ "$fail" = 0 ] || { echo "corpus: output differs (above)"; exit 1; }
echo "corpus: $n commands, standard output, exit status and standard error as recorded${skip:+ ($skipped left out: $skip)}"
