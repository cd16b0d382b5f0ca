#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The worked examples of docs/eye.md replayed: in each ```console block the
# line "$ bercl ..." runs with ./bercl (standard error dropped) and its
# standard output must be the block's following lines, exactly.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
awk -v dir="$tmp" '
	/^```console$/ { inb = 1; n++; next }
	/^```$/ && inb { inb = 0; next }
	inb && /^\$ bercl / { sub(/^\$ bercl /, ""); print > (dir "/cmd" n); next }
	inb { print > (dir "/want" n) }
' docs/eye.md
count=0
for c in "$tmp"/cmd*; do
	k=${c##*cmd}
	args=$(cat "$c")
	# shellcheck disable=SC2086
	./bercl $args > "$tmp/got$k" 2>/dev/null || { echo "test_eye_doc: bercl $args failed" >&2; exit 1; }
	if ! cmp -s "$tmp/got$k" "$tmp/want$k"; then
		echo "test_eye_doc: bercl $args: output differs from docs/eye.md" >&2
		diff "$tmp/want$k" "$tmp/got$k" >&2 || true
		exit 1
	fi
	count=$((count + 1))
done
[ "$count" -ge 4 ] || { echo "test_eye_doc: only $count examples found" >&2; exit 1; }
echo "test_eye_doc: $count examples of docs/eye.md replayed"
