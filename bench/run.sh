#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# make bench, in one run: (1) the cost of one CL evaluation (both tails) on
# the point sets below, bercl beside GSL and, where installed (make
# deps-dev), Boost.Math, scipy and R, all pinned to one core; how often the
# certified fast path falls back; (2) whole-command timings; (3) the 1e6-row
# batch against the hand-written GSL loop on one core and on two.
set -eu
cd "$(dirname "$0")/.."
mkdir -p bench/tmp
cpu=${BENCH_CPU:-1}
pin="taskset -c $cpu"
command -v taskset > /dev/null || pin=

echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
# the 1-minute load average, printed beside each figure: the machine may be
# shared, so only ratios measured in the same run compare like with like
load() { cut -d' ' -f1 /proc/loadavg; }

# Point sets ("errors lambda" lines), lambda as the batch computes it.
# sweep: errors 0..999 x every 25th of the bench sweep's 1000 BER points,
#        lambda = 1e12 * ber (40000 points);
# e1000: errors 0..999, lambda from -10 to +10 sd in steps of 1 sd;
# e10, e1e5, e1e7: one error count, -10 to +10 sd in steps of 0.5 sd.
# Off-centre lambdas below 5 % of the shape are clamped there (as before).
awk 'BEGIN { for (e = 0; e < 1000; e++) for (i = 0; i < 1000; i += 25) {
	ber = sprintf("%.6g", 10 ^ (-15 + 7 * i / 999)); printf "%d %.17g\n", e, 1e12 * ber } }' \
	> bench/tmp/pts_sweep
sd() { awk -v e0="$1" -v e1="$2" -v step="$3" 'BEGIN { for (e = e0; e <= e1; e++) {
	a = e + 1; for (z = -10; z <= 10.0001; z += step) {
		l = a + z * sqrt(a); if (l < 0.05 * a) l = 0.05 * a; printf "%d %.17g\n", e, l } } }'; }
sd 0 999 1 > bench/tmp/pts_e1000
sd 10 10 0.5 > bench/tmp/pts_e10
sd 100000 100000 0.5 > bench/tmp/pts_e1e5
sd 10000000 10000000 0.5 > bench/tmp/pts_e1e7
sets="sweep e1000 e10 e1e5 e1e7"

# Peers, built here so that none of them is needed for make all or check.
boost=; scipy=; r=
if [ -f /usr/include/boost/math/special_functions/gamma.hpp ] && command -v g++ > /dev/null &&
	g++ -O2 -o bench/tmp/peer_boost bench/peer_boost.cpp 2> bench/tmp/boost.log; then
	boost=bench/tmp/peer_boost
fi
/usr/bin/python3 -c 'import scipy.special' 2> /dev/null && scipy=1
command -v Rscript > /dev/null && r=1

: > bench/tmp/evals
for s in $sets; do
	f=bench/tmp/pts_$s
	$pin ./bench/bench_cl "$f" | awk -v s="$s" '{ print s, "bercl", $7, $8, $6;
		print s, "bercl+ln", $2, $5, $6; print s, "GSL", $3, $4 }' >> bench/tmp/evals
	[ -z "$boost" ] || $pin "$boost" "$f" | awk -v s="$s" '{ print s, $1, $2, $3 }' >> bench/tmp/evals
	[ -z "$scipy" ] || $pin /usr/bin/python3 bench/peer_scipy.py "$f" |
		awk -v s="$s" '{ print s, $1, $2 }' >> bench/tmp/evals
	[ -z "$r" ] || $pin Rscript bench/peer_r.R "$f" | awk -v s="$s" '{ print s, $1, $2 }' >> bench/tmp/evals
done
echo
echo "ns per CL evaluation (both tails), median of 7 passes, pinned to cpu $cpu"
awk '
	{ key[$1 SUBSEP $2] = $3; if (!($2 in seen)) { seen[$2] = 1; col[++nc] = $2 }
	  if ($2 == "bercl") { fb[$1] = $4; np[$1] = $5 }
	  if (($2 == "GSL" || $2 ~ /^boost/) && $4 > 0) failed[$1] = failed[$1] " " $2 ":" $4 }
	END {
		split("sweep e1000 e10 e1e5 e1e7", set, " ")
		name["sweep"] = "errors 0..999, lambda = 1e12*ber"
		name["e1000"] = "errors 0..999, +-10 sd"
		name["e10"] = "errors 10, +-10 sd"
		name["e1e5"] = "errors 1e5, +-10 sd"
		name["e1e7"] = "errors 1e7, +-10 sd"
		printf "%-34s", "point set"
		for (c = 1; c <= nc; c++) printf " %12s", col[c]
		printf "  %-14s %-7s %s\n", "fastest peer", "ratio", "fallbacks"
		for (i = 1; i <= 5; i++) {
			s = set[i]; best = ""; bv = 0
			printf "%-34s", name[s]
			for (c = 1; c <= nc; c++) {
				v = key[s SUBSEP col[c]]
				printf " %12s", v == "" ? "-" : v
				if (col[c] !~ /^bercl/ && v != "" && (best == "" || v + 0 < bv)) { best = col[c]; bv = v + 0 }
			}
			printf "  %-14s %-7.2f %d of %d\n", best, (bv > 0 ? key[s SUBSEP "bercl"] / bv : 0), fb[s], np[s]
			if (failed[s] != "") printf "%34s   (failures:%s)\n", "", failed[s]
		}
	}' bench/tmp/evals
echo "(bercl: bercl_poisson_values(), the two doubles as the peers give them;"
echo " bercl+ln: bercl_poisson_tails(), the doubles and their logarithms to beyond"
echo " the double range; boost: default policy, long double inside; boost_double:"
echo " promote_double<false>; scipy and R vectorized over the whole set; fallbacks:"
echo " points bercl_poisson_values()' certified fast path hands to the"
echo " double-double path; ratio: bercl / fastest peer)"
echo "load average: $(load)"

# Minimum bits per call against Boost's inverse incomplete gamma without
# long double (bench/peer_bits.cpp: both in one process, passes alternated).
if [ -n "$boost" ] && g++ -O2 -Iinclude -o bench/tmp/peer_bits bench/peer_bits.cpp libbercl.a -lm \
	2> bench/tmp/peer_bits.log; then
	echo
	echo "minimum bits (Poisson, BER 1e-12, cl 50 %, 90 %, 95 %, 99 %, 99.9 %, 1 - 1e-9),"
	echo "CPU ns per call, median of 9 alternated passes, pinned to cpu $cpu:"
	printf '%-10s %12s %12s %14s %8s %s\n' "errors" "min_bits" "lambda root" "boost inverse" "ratio" \
		"(target <= 3; boost's ceil(lambda/ber) not exact at)"
	$pin ./bench/tmp/peer_bits | while read -r set bits lam peer ratio miss; do
		printf '%-10s %12s %12s %14s %8s   %s points; load %s\n' "$set" "$bits" "$lam" "$peer" "$ratio" \
			"$miss" "$(load)"
	done
	echo "(boost inverse: gamma_p_inv, or gamma_q_inv of 1 - cl, promote_double<false>,"
	echo " and ceil(lambda / ber); bercl_min_bits is the exact whole number)"
fi

# Binomial tails per call against Boost's incomplete beta without long double
# (bench/peer_binom.cpp: both in one process, passes alternated); the load
# read as each line comes.
if [ -n "$boost" ] && g++ -O2 -Iinclude -o bench/tmp/peer_binom bench/peer_binom.cpp libbercl.a -lm \
	2> bench/tmp/peer_binom.log; then
	echo
	echo "binomial tails (N p = 0.1, 1, 10, 100, 1000 below N/2, E = 0 and N p +- 10 sd in 0.5 sd),"
	echo "CPU ns per point, median of 9 alternated passes, pinned to cpu $cpu:"
	$pin ./bench/tmp/peer_binom | awk 'BEGIN {
			printf "%-8s %10s %12s %12s %8s %12s %s\n", "N", "bercl", "boost both", "boost ibeta", "ratio",
				"first term", "(ratio target <= 1.0; boost > 4 ulp from bercl at)" }
		{ getline la < "/proc/loadavg"; close("/proc/loadavg"); split(la, f, " ")
		  printf "%-8s %10s %12s %12s %8s %6s (%.2f)   %s points; load %s\n", $1, $2, $3, $4, $5, $7, $7 / $3, $6, f[1]; fflush() }'
	echo "(bercl: bercl_binomial_tails, both tails in one call; boost both: ibeta and ibetac"
	echo " of (E + 1, N - E, p), promote_double<false>; ratio: bercl / boost both; first term:"
	echo " bercl's certified ln b(k0; N, p) and its value alone, in brackets over boost both;"
	echo " 86 points at N = 1e3, 127 at the others)"
fi

echo
./bench/ulp_poisson
./bench/bits_ref

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
printf '  binomial %s s (N = 1e9, the BTRS sampler of the engine)\n' \
	"$(median 5 ./bercl simulate -e 0 -n 1e9 -p 1e-9 --model binomial --trials 1000000)"
printf '  binomial %s s (N = 3e12, geometric gaps)\n' \
	"$(median 5 ./bercl simulate -e 0 -n 3T -p 1e-12 --model binomial --trials 1000000)"

# 1e6 batch rows, errors 0..999 at 1000 BER points: the hand-written GSL loop
# (bench/gsl_loop.c) on one core, bercl on one core and on two; runs
# alternated, medians and ratios from the same runs.
rows=bench/tmp/rows.csv
if [ ! -s "$rows" ]; then
	awk 'BEGIN { print "errors,bits,ber"
		for (e = 0; e < 1000; e++) for (i = 0; i < 1000; i++)
			printf "%d,1e12,%.6g\n", e, 10 ^ (-15 + 7 * i / 999) }' > "$rows"
fi
runs=7
: > bench/tmp/times
# the floor (bench/floor.cpp: strtod in, three std::to_chars doubles out)
floor=
if command -v g++ > /dev/null && g++ -std=c++17 -O2 -o bench/tmp/floor bench/floor.cpp 2> bench/tmp/floor.log; then
	floor=bench/tmp/floor
fi
stamp() { s=$(date +%s.%N); "$@" > /dev/null; e=$(date +%s.%N); awk -v s="$s" -v e="$e" 'BEGIN { print e - s }'; }
# CPU seconds (user + system) of a one-core run, which a loaded machine
# inflates far less than wall time; wall time where GNU time is missing
cpustamp() {
	if [ -x /usr/bin/time ]; then
		/usr/bin/time -f '%U %S' -o bench/tmp/cpu "$@" > /dev/null &&
			awk '{ print $1 + $2 }' bench/tmp/cpu
	else
		stamp "$@"
	fi
}
for i in $(seq "$runs"); do
	echo "gsl $(stamp $pin ./bench/gsl_loop < "$rows")" >> bench/tmp/times
	echo "one $(stamp $pin ./bercl cl --input "$rows" --format csv)" >> bench/tmp/times
	echo "two $(stamp ./bercl cl --input "$rows" --format csv)" >> bench/tmp/times
	echo "cpu $(cpustamp $pin ./bercl cl --input "$rows" --format csv)" >> bench/tmp/times
	[ -z "$floor" ] || echo "floor $(cpustamp $pin "$floor" < "$rows")" >> bench/tmp/times
	echo "least $($pin ./bench/cl_least)" >> bench/tmp/times
done
med() { awk -v k="$1" '$1 == k { print $2 }' bench/tmp/times | sort -n |
	awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
g=$(med gsl); b1=$(med one); b2=$(med two)
echo
echo "1e6 batch rows (errors 0..999 x 1000 BER points), median of $runs alternated runs:"
printf '  hand-written GSL loop, one core  %.3f s\n' "$g"
printf '  bercl cl --input, one core       %.3f s\n' "$b1"
printf '  bercl cl --input, two cores      %.3f s\n' "$b2"
awk -v b="$b1" -v g="$g" 'BEGIN { printf "  one core / GSL loop: %.2f (target: <= 0.5)\n", b / g }'
awk -v b="$b2" -v g="$b1" 'BEGIN { printf "  two cores / one core: %.2f (target: <= 0.6)\n", b / g }'
if [ -n "$floor" ]; then
	awk -v b="$(med cpu)" -v f="$(med floor)" -v l="$(load)" 'BEGIN {
		printf "  one core, CPU seconds: bercl %.3f s, floor (bench/floor.cpp) %.3f s, ratio %.2f (target <= 1.5); load %s\n", b, f, b / f, l }'
	# bench/cl_least.c: bercl's tails and cells alone (no reading, writing or
	# rows), the part of the ratio that no I/O or row machinery can remove
	awk -v c="$(med least)" -v f="$(med floor)" -v b="$(med cpu)" 'BEGIN {
		printf "  the tails and cells alone (bench/cl_least.c) %.3f s: %.2f of the floor, %.2f of bercl\n", c, c / f, c / b }'
fi
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"

# 1e6-row bits and ber batches against the hand-written GSL inverse loop
# (bench/gsl_inv_loop.c), one core, runs alternated: errors 0..999 x 1000
# BER (bits) or bit counts (ber), the six targets in turn.
brows=bench/tmp/bits_rows.csv
erows=bench/tmp/ber_rows.csv
if [ ! -s "$brows" ] || [ ! -s "$erows" ]; then
	awk 'BEGIN { split("0.5 0.9 0.95 0.99 0.999 0.999999999", c, " ")
		print "errors,ber,cl" > "'"$brows"'"; print "errors,bits,cl" > "'"$erows"'"
		for (e = 0; e < 1000; e++) for (i = 0; i < 1000; i++) {
			printf "%d,%.6g,%s\n", e, 10 ^ (-15 + 7 * i / 999), c[1 + (e + i) % 6] > "'"$brows"'"
			printf "%d,%.6g,%s\n", e, 10 ^ (9 + 6 * i / 999), c[1 + (e + i) % 6] > "'"$erows"'" } }'
fi
: > bench/tmp/inv_times
for i in $(seq "$runs"); do
	echo "gbits $(cpustamp $pin ./bench/gsl_inv_loop bits < "$brows")" >> bench/tmp/inv_times
	echo "bits $(cpustamp $pin ./bercl bits --input "$brows" --format csv)" >> bench/tmp/inv_times
	echo "gber $(cpustamp $pin ./bench/gsl_inv_loop ber < "$erows")" >> bench/tmp/inv_times
	echo "ber $(cpustamp $pin ./bercl ber --input "$erows" --format csv)" >> bench/tmp/inv_times
done
imed() { awk -v k="$1" '$1 == k { print $2 }' bench/tmp/inv_times | sort -n |
	awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
echo
echo "1e6 bits and ber batch rows (errors 0..999 x 1000 points), median of $runs alternated runs,"
echo "one core, CPU seconds (user + system; wall where GNU time is missing):"
awk -v g="$(imed gbits)" -v b="$(imed bits)" -v l="$(load)" 'BEGIN {
	printf "  bits: GSL inverse loop %.3f s, bercl %.3f s, ratio %.2f (target <= 0.5); load %s\n", g, b, b / g, l }'
awk -v g="$(imed gber)" -v b="$(imed ber)" -v l="$(load)" 'BEGIN {
	printf "  ber:  GSL inverse loop %.3f s, bercl %.3f s, ratio %.2f (target <= 0.4); load %s\n", g, b, b / g, l }'

# Peak memory of a 2e6-row sweep (GNU time, if installed).
if [ -x /usr/bin/time ]; then
	kb=$(/usr/bin/time -f %M ./bercl cl -e 0..1999999 -n 1e13 -p 1e-12 -f csv 2>&1 >/dev/null | tail -n 1)
	echo
	echo "2e6-row sweep: peak resident memory $((kb / 1024)) MiB (target: <= 16 MiB)"
fi
