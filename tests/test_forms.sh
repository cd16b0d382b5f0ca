#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# One message per condition (engine/forms.c): each rule of the form table,
# broken by flags, by a batch row and (for the readings' rules) by a watch
# header, gives the same text; only the location prefix differs. Flags: exit
# 2 and nothing on standard output. A batch row: exit 2, the message after
# FILE:LINE: on standard error and in the row's error cell. A watch header:
# exit 2, after (stdin):1: header:.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
bercl=$top/bercl
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0 checked=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

# $1 expected message; $2 subcommand and flags (word-split).
by_flags() {
	st=0
	# shellcheck disable=SC2086
	"$bercl" $2 > "$tmp/out" 2> "$tmp/err" || st=$?
	[ "$st" = 2 ] || fail "bercl $2: status $st, want 2"
	[ ! -s "$tmp/out" ] || fail "bercl $2: wrote to standard output"
	got=$(sed -n '1s/^bercl: //p' "$tmp/err")
	[ "$got" = "$1" ] || fail "bercl $2: flags say '$got', want '$1'"
	checked=$((checked + 1))
}

# $1 expected message; $2 subcommand and flags; $3 the batch file's lines.
by_row() {
	printf '%b' "$3" > "$tmp/b.csv"
	st=0
	# shellcheck disable=SC2086
	"$bercl" $2 -i "$tmp/b.csv" -f csv > "$tmp/out" 2> "$tmp/err" || st=$?
	[ "$st" = 2 ] || fail "bercl $2 -i ($3): status $st, want 2"
	got=$(sed -n "s|^bercl: $tmp/b.csv:2: ||p" "$tmp/err" | head -n 1)
	[ "$got" = "$1" ] || fail "bercl $2 -i ($3): row says '$got', want '$1'"
	grep -qF -- "$1" "$tmp/out" || fail "bercl $2 -i ($3): no error cell '$1'"
	checked=$((checked + 1))
}

# $1 expected message; $2 watch flags; $3 the readings.
by_header() {
	st=0
	# shellcheck disable=SC2086
	printf '%b' "$3" | "$bercl" watch $2 > "$tmp/out" 2> "$tmp/err" || st=$?
	[ "$st" = 2 ] || fail "bercl watch $2 < ($3): status $st, want 2"
	got=$(sed -n 's/^bercl: (stdin):1: header: //p' "$tmp/err")
	[ "$got" = "$1" ] || fail "bercl watch $2 < ($3): header says '$got', want '$1'"
	checked=$((checked + 1))
}

m="bits and time: give one, not both"
by_flags "$m" "cl -n 1e12 -t 10 -r 10G -p 1e-12"
by_row "$m" "cl" "bits,time,rate,ber\n1e12,10,10G,1e-12\n"
# (watch readings with both columns are read by their bits: the corpus)
by_flags "$m" "fec --code kp4 -n 1e12 -t 10 -r 10G -c 95%"
by_row "$m" "fec --code kp4" "bits,time,rate,cl\n1e12,10,10G,95%\n"

m="rate and baud: give one, not both"
by_flags "$m" "cl -n 1e12 -r 10G --baud 10G -p 1e-12"
by_row "$m" "ber" "bits,rate,baud,cl\n1e12,10G,10G,95%\n"

m="time needs a rate (--rate, --baud or a rate column)"
by_flags "$m" "cl -t 10 -p 1e-12"
by_row "$m" "cl" "time,ber\n10,1e-12\n"
by_header "$m" "-p 1e-12 -c 95%" "errors,time\n0,10\n"
by_flags "$m" "plan -t 10 -p 1e-12 --ratio 2"

m="missing bits (--bits, or --time with --rate, or their columns)"
by_flags "$m" "ber -c 95%"
by_row "$m" "ber" "errors,cl\n1,95%\n"
by_flags "$m" "errors -p 1e-12 -c 95%"
by_flags "$m" "simulate -p 1e-12"

m="missing ber (--ber or a ber column)"
by_flags "$m" "cl -n 1e12"
by_row "$m" "cl" "errors,bits\n0,1e12\n"
by_flags "$m" "bits -c 95%"
by_row "$m" "bits" "cl\n95%\n"
by_flags "$m" "plan -c 95% --alpha 5% --ratio 2"
by_row "$m" "plan" "cl,alpha,ratio\n95%,5%,2\n"
by_flags "$m" "watch -c 95%"

m="missing cl, the confidence level (--cl 95% or a cl column)"
by_flags "$m" "ber -n 1e12"
by_row "$m" "ber" "errors,bits\n0,1e12\n"
by_flags "$m" "watch -p 1e-12"
by_flags "$m" "fec --code kp4 -n 1e12"
by_row "$m" "fec --code kp4" "errors,bits\n0,1e12\n"

m="plans use the Poisson model only"
by_row "$m" "plan" "errors,bits,ber,ratio,model\n0,1e12,1e-12,2,binomial\n"
by_row "$m" "simulate" "bits,ber,ratio,model\n1e12,1e-12,2,binomial\n"

m="missing ratio (a good link has BER ber / ratio, ratio > 1)"
by_flags "$m" "plan -p 1e-12 -c 95% --alpha 5%"
by_row "$m" "plan" "ber,cl,alpha\n1e-12,95%,5%\n"
by_flags "$m" "watch --plan -p 1e-12 -c 95% --alpha 5%"

m="reading-interval is for a sequential plan (--sequential): a fixed test is judged at its end"
by_flags "$m" "plan -p 1e-12 -c 95% --alpha 5% --ratio 2 --reading-interval 1e9"
by_row "$m" "plan" "ber,cl,alpha,ratio,reading-interval\n1e-12,95%,5%,2,1e9\n"

m="--sequential designs a plan: give cl and alpha, not bits or time"
by_flags "$m" "plan -n 1e12 -p 1e-12 --ratio 2 --sequential"
by_row "$m" "plan --sequential --true-ber 1e-13" "bits,ber,ratio\n1e12,1e-12,2\n"

m="cl: a given test (bits or time) has its risks computed, not set"
by_flags "$m" "plan -n 1e12 -p 1e-12 --ratio 2 -c 95%"
by_row "$m" "plan" "bits,ber,ratio,cl\n1e12,1e-12,2,95%\n"
m="alpha: a given test (bits or time) has its risks computed, not set"
by_flags "$m" "simulate -n 1e12 -p 1e-12 --ratio 2 --alpha 5%"

m="errors: a plan computes the errors allowed (give errors with bits or time)"
by_flags "$m" "plan -e 2 -p 1e-12 -c 95% --alpha 5% --ratio 2"
by_row "$m" "plan" "errors,ber,cl,alpha,ratio\n2,1e-12,95%,5%,2\n"

m="missing cl (1 - beta, the consumer's risk), or bits for a given test"
by_flags "$m" "plan -p 1e-12 --alpha 5% --ratio 2"
by_row "$m" "plan" "ber,alpha,ratio\n1e-12,5%,2\n"

m="missing alpha (the producer's risk)"
by_flags "$m" "plan -p 1e-12 -c 95% --ratio 2"
by_row "$m" "simulate" "ber,cl,ratio\n1e-12,95%,2\n"
by_flags "$m" "watch --plan -p 1e-12 -c 95% --ratio 2"

m="cl simulates a plan: it needs ratio"
by_flags "$m" "simulate -n 1e12 -p 1e-12 -c 95%"
by_row "$m" "simulate" "bits,ber,cl\n1e12,1e-12,95%\n"
m="--sequential simulates a plan: it needs ratio"
by_flags "$m" "simulate -n 1e12 -p 1e-12 --sequential"

m="alpha is for a plan: add --plan"
by_flags "$m" "watch -p 1e-12 -c 95% --alpha 5%"
m="reading-interval is for a plan: add --plan"
by_flags "$m" "watch -p 1e-12 -c 95% --reading-interval 1e9"

m="errors: with --plan the plan says how many errors are allowed"
by_flags "$m" "watch --plan -p 1e-12 -c 95% --alpha 5% --ratio 2 -e 1"

m="the readings need columns 'errors' and 'bits' (or 'time')"
by_header "$m" "-p 1e-12 -c 95%" "bits\n1e12\n"
by_header "$m" "-p 1e-12 -c 95%" "errors,lane\n0,a\n"

m="missing --code (kp4, kr4, or rs:N,K[,M])"
by_flags "$m" "fec -p 1e-5"
by_flags "$m" "fec -i -"

m="fec: give one of ber, ser, cer, a pre-FEC test (errors with bits or time), codewords with uncorrectable, --histogram, or degrade-interval with degrade-threshold"
by_flags "$m" "fec --code kp4"
by_flags "$m" "fec --code kp4 -p 1e-5 --ser 1e-4"
by_row "$m" "fec --code kp4" "ber,ser\n1e-5,1e-4\n"
by_row "$m" "fec --code kp4" "ber,cer\n1e-5,1e-4\n"

m="degrade-interval and degrade-threshold go together"
by_flags "$m" "fec --code kp4 --ser 1e-4 --degrade-interval 8192"
by_row "$m" "fec --code kp4" "ser,degrade-threshold\n1e-4,10\n"

m="degrade-interval: the alarm at ber, ser or a --histogram's SER (or alone: the SER at which it fires half the time)"
by_flags "$m" "fec --code kp4 --cer 1e-5 --degrade-interval 8192 --degrade-threshold 10"
by_row "$m" "fec --code kp4" "codewords,uncorrectable,cl,degrade-interval,degrade-threshold\n1e6,0,95%,8192,10\n"

m="--method is for the tail of a --histogram"
by_flags "$m" "fec --code kp4 -p 1e-5 --method sonic"

m="errors needs bits or time (a pre-FEC test)"
by_flags "$m" "fec --code kp4 -p 1e-5 -e 3"
by_row "$m" "fec --code kp4" "ber,errors\n1e-5,3\n"

m="codewords and uncorrectable go together"
by_flags "$m" "fec --code kp4 --codewords 1e6 -c 95%"
by_row "$m" "fec --code kp4" "uncorrectable,cl\n1,95%\n"

m="with codewords give cer (the CL that CER < cer) or cl (the CER bound), one of them"
by_flags "$m" "fec --code kp4 --codewords 1e6 --uncorrectable 1"
by_row "$m" "fec --code kp4" "codewords,uncorrectable,cer,cl\n1e6,1,1e-5,95%\n"

m="cl is for a pre-FEC test, a codeword count or a histogram"
by_flags "$m" "fec --code kp4 -p 1e-5 -c 95%"
by_row "$m" "fec --code kp4" "cer,cl\n1e-5,95%\n"

echo "forms: $checked messages checked, $fails failures"
[ "$fails" = 0 ]
