#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# make bench: the library's cost per CL evaluation beside GSL's (bench_cl),
# then whole-command timings, each the median of several runs.
set -eu
cd "$(dirname "$0")/.."

./bench/bench_cl

# median wall time in seconds of a command run N times
median() {
	n=$1; shift
	for i in $(seq "$n"); do
		s=$(date +%s.%N)
		"$@" > /dev/null
		e=$(date +%s.%N)
		awk -v s="$s" -v e="$e" 'BEGIN { print e - s }'
	done | sort -n | awk '{a[NR]=$1} END {printf "%.3f", a[int((NR+1)/2)]}'
}

echo
echo "bercl simulate, 1e6 trials (median of 5 runs):"
printf '  poisson  %s s\n' "$(median 5 ./bercl simulate -e 0 -n 3T -p 1e-12 --trials 1000000)"
printf '  binomial %s s (N = 1e9, gsl_ran_binomial)\n' \
	"$(median 5 ./bercl simulate -e 0 -n 1e9 -p 1e-9 --model binomial --trials 1000000)"
printf '  binomial %s s (N = 3e12, geometric gaps)\n' \
	"$(median 5 ./bercl simulate -e 0 -n 3T -p 1e-12 --model binomial --trials 1000000)"
