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

# 1e6 batch rows, errors 0..999 at 1000 BER points: bercl against the
# hand-written GSL loop (bench/gsl_loop.c), runs alternated, medians compared.
mkdir -p bench/tmp
rows=bench/tmp/rows.csv
if [ ! -s "$rows" ]; then
	awk 'BEGIN { print "errors,bits,ber"
		for (e = 0; e < 1000; e++) for (i = 0; i < 1000; i++)
			printf "%d,1e12,%.6g\n", e, 10 ^ (-15 + 7 * i / 999) }' > "$rows"
fi
runs=7
: > bench/tmp/times
for i in $(seq "$runs"); do
	s=$(date +%s.%N); ./bench/gsl_loop < "$rows" > /dev/null; e=$(date +%s.%N)
	echo "gsl $(awk -v s="$s" -v e="$e" 'BEGIN { print e - s }')" >> bench/tmp/times
	s=$(date +%s.%N); ./bercl cl --input "$rows" --format csv > /dev/null; e=$(date +%s.%N)
	echo "bercl $(awk -v s="$s" -v e="$e" 'BEGIN { print e - s }')" >> bench/tmp/times
done
med() { awk -v k="$1" '$1 == k { print $2 }' bench/tmp/times | sort -n |
	awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
g=$(med gsl); b=$(med bercl)
echo
echo "1e6 batch rows (errors 0..999 x 1000 BER points), median of $runs alternated runs:"
printf '  hand-written GSL loop %.3f s\n  bercl cl --input      %.3f s\n' "$g" "$b"
awk -v b="$b" -v g="$g" 'BEGIN { printf "  ratio bercl / GSL loop: %.2f (target: <= 1.0)\n", b / g }'

# Peak memory of a 2e6-row sweep (GNU time, if installed).
if [ -x /usr/bin/time ]; then
	kb=$(/usr/bin/time -f %M ./bercl cl -e 0..1999999 -n 1e13 -p 1e-12 -f csv 2>&1 >/dev/null | tail -n 1)
	echo
	echo "2e6-row sweep: peak resident memory $((kb / 1024)) MiB (target: <= 16 MiB)"
fi
