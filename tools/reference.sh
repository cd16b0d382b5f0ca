#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# make reference: regenerate every reference table of tests/data from its
# generator beside it (mpmath under Debian's /usr/bin/python3, and R), each
# run in a scratch copy of tests/data and copied back only when it ends
# well, so that a failed or interrupted run leaves the committed table. A
# table whose generator cannot run here is named, with the reason and the
# deps line that brings what it needs; the exit status is then 1.
#   sh tools/reference.sh [TABLE ...]    (default: every table below)
# The tables are committed: nothing in the build or the suite runs this.
# Some generators take long and use several processes (gen_bits_ref.py ran
# for more than 20 minutes on a shared two-core machine): on a shared
# machine, regenerate the tables you changed, by name.
# Afterwards `git diff --stat tests/data` shows what changed (a table from a
# newer mpmath may differ in digits beyond those the suites compare).
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
py=/usr/bin/python3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM HUP
cp -R "$top/tests/data" "$tmp/data"

# generator and its arguments | its outputs (">NAME": its standard output;
# NAME: a file it writes itself), in an order where a generator that reads
# another's table runs after it (gen_readings_ref.py reads plan_seq_ref.csv).
tables='gen_poisson_ref.py|>poisson_ref.csv
gen_bits_ref.py|>bits_ref.csv
gen_bits_edge_ref.py|>bits_edge_ref.csv
gen_bits_exact_ref.py|>bits_exact_ref.csv
gen_bits_tie_ref.py|>bits_tie_ref.csv
gen_least_bits_ref.py 20000|>least_bits_ref.csv
gen_binomial_ref.py|binomial_ref.csv binomial_bits_ref.csv bounds_ref.csv
gen_binomial_e53_ref.py|>binomial_e53_ref.csv
gen_plan_ref.py|plan_risks_ref.csv plan_fixed_ref.csv plan_seq_ref.csv
gen_readings_ref.py|readings_ref.csv
gen_fec_ref.py|fec_ref.csv fec_inv_ref.csv
gen_fec_groups_ref.py|>fec_groups_ref.csv
gen_sonic_ref.py|>fec_sonic_ref.csv
gen_degrade_ref.py|>degrade_ref.csv
gen_clustered_ref.py|>clustered_ref.csv
gen_edges_ref.py|>edges_ref.tsv
gen_oracle_ref.py|>oracle_ref.csv
gen_shortest_hard.py 50 1 56 25|>shortest_hard.txt
gen_r_ref.R|>r_ref.csv'

have_mpmath=yes
$py -c 'import mpmath' 2>/dev/null || have_mpmath=no
have_r=yes
command -v Rscript >/dev/null 2>&1 || have_r=no

wanted() {
	[ $# -eq 0 ] && return 0
	for w in "$@"; do
		case " $outs " in *" $w "*|*" >$w "*) return 0 ;; esac
	done
	return 1
}

done_list=
skipped=
failed=
echo "$tables" | {
	while IFS='|' read -r gen outs; do
		wanted "$@" || continue
		script=${gen%% *}
		case $script in
		*.R)
			if [ "$have_r" = no ]; then
				skipped="$skipped
  $outs: Rscript is missing (sh tools/deps.sh --dev installs r-base-core)"
				continue
			fi
			run="Rscript $gen" ;;
		*)
			if [ "$have_mpmath" = no ]; then
				skipped="$skipped
  $outs: mpmath is missing from $py (sh tools/deps.sh --dev installs python3-mpmath)"
				continue
			fi
			run="$py $gen" ;;
		esac
		stdout=/dev/null
		case $outs in ">"*) stdout="$tmp/data/${outs#>}.tmp" ;; esac
		start=$(date +%s)
		echo "== $gen -> $outs"
		# shellcheck disable=SC2086
		if (cd "$tmp/data" && nice $run > "$stdout"); then
			for o in $outs; do
				case $o in
				">"*) o=${o#>}; mv "$tmp/data/$o.tmp" "$tmp/data/$o" ;;
				esac
				cp "$tmp/data/$o" "$top/tests/data/$o"
			done
			echo "   $(($(date +%s) - start)) s"
			done_list="$done_list ${outs#>}"
		else
			failed="$failed
  $outs: $gen failed (its messages above)"
		fi
	done
	echo "reference: regenerated:${done_list:- none}"
	[ -z "$skipped" ] || echo "reference: not regenerated here:$skipped"
	[ -z "$failed" ] || echo "reference: FAILED:$failed"
	[ -z "$skipped$failed" ]
}
