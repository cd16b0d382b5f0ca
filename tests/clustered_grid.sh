#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The coverage grid of docs/bursts.md at full size, by bercl itself (not run by
# make check; the suite runs 18 of these cells at 2,000 links in
# tests/test_intervals.c): links at exactly the specified BER under
# Gilbert-Elliott bursts, tests at 95 % allowing E errors (E = 0, 1, 3, 10,
# 30, 100, 300, 1000: 3 to 1,052 expected errors), logged as K intervals
# (10, 100, 1,000, 10,000), mean burst length L (1, 2, 5, 10, 20, 50, 100),
# burst share S (default 1: every error in a burst; SHARE=0.5 for a mixture).
# One CSV row per cell: one_minus_cl_sim is the fraction the Poisson rule
# passes, one_minus_cl_clustered_sim the fraction cl_clustered passes (at
# most 1 - CL + 0.01 is the claim); coverage of ber_upper_clustered is
# 1 - that fraction (the bound is where cl_clustered reaches the CL).
# Usage: sh tests/clustered_grid.sh [./bercl] > grid.csv  (TRIALS=10000)
set -eu
bercl=${1:-./bercl}
trials=${TRIALS:-10000}
share=${SHARE:-1}
header=1
for e in 0 1 3 10 30 100 300 1000; do
	bits=$("$bercl" bits --errors "$e" --ber 1e-12 --cl 95% --value bits)
	for k in 10 100 1000 10000; do
		t=$trials
		[ "$k" -eq 10000 ] && t=$((trials / 4 > 0 ? trials / 4 : 1))
		ri=$(awk -v b="$bits" -v k="$k" 'BEGIN { printf "%.17g", b / k }')
		"$bercl" simulate --burst-model gilbert-elliott --burst-length 1,2,5,10,20,50,100 \
			--burst-share "$share" --errors "$e" --bits "$bits" --ber 1e-12 \
			--reading-interval "$ri" --trials "$t" --seed $((e * 100 + k)) --format csv |
			awk -v k="$k" -v h="$header" -F, 'NR == 1 { if (h) print "intervals," $0; next }
				{ print k "," $0 }'
		header=0
	done
done
