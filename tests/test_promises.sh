#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Promises of bercl(1) that only a whole process can show: a signal ends a
# batch blocked on a quiet pipe, a FIFO nobody writes, a header never sent,
# and a long simulate, within 0.5 s, dying of the signal with whole lines
# out; the readers hold a bounded buffer on /dev/zero, /dev/urandom and a
# 64 MiB line; the records after an overlong quoted field are read where
# RFC 4180 puts them; a leading blank line is not the header.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
bercl=$top/bercl
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
now() { date +%s%N; }

# (not SIGINT: sh starts background jobs with it ignored, which bercl keeps)
# $1 signal, $2 seconds before it, then the command: its status is 128 + the
# signal's number, it ends within 0.5 s of the signal, stdout whole lines.
dies_of() {
	sig=$1 delay=$2
	shift 2
	"$@" > "$tmp/out" 2> "$tmp/err" &
	pid=$!
	sleep "$delay"
	t0=$(now)
	kill "-$sig" "$pid"
	st=0
	wait "$pid" || st=$?
	ms=$(( ($(now) - t0) / 1000000 ))
	case $sig in HUP) num=1 ;; INT) num=2 ;; TERM) num=15 ;; esac
	want=$((128 + num))
	[ "$st" = "$want" ] || fail "$*: status $st after SIG$sig, want $want"
	[ "$ms" -le 500 ] || fail "$*: took $ms ms after SIG$sig"
	[ ! -s "$tmp/out" ] || [ "$(tail -c 1 "$tmp/out" | od -An -c | tr -d ' ')" = '\n' ] ||
		fail "$*: output cut mid-line"
}

mkfifo "$tmp/quiet" "$tmp/never"
# a batch whose input pipe sends two lines, then nothing
( printf 'errors,bits,ber\n0,3e12,1e-12\n'; sleep 2 ) > "$tmp/quiet" &
dies_of TERM 0.5 "$bercl" cl -f csv -i "$tmp/quiet"
grep -q '^model,errors' "$tmp/out" || fail "quiet pipe: the header was not written before the signal"
dies_of TERM 0.3 "$bercl" cl -i "$tmp/never"         # a FIFO nobody opens for writing
wait
( sleep 2 ) > "$tmp/quiet" &                          # a header that never comes
writer=$!
# bercl keeps a signal ignored when it starts ignored (nohup): then so is
# SIGHUP here, and the promise is not this run's to show
hup_ignored=
[ "$(sh -c 'kill -HUP $$; echo ignored' 2> /dev/null)" != ignored ] || hup_ignored=yes
if [ -n "$hup_ignored" ]; then
	echo "test_promises: SIGHUP is ignored in this environment (nohup): its cases skipped"
	cat "$tmp/quiet" > /dev/null # the writer's open waits for a reader
else
	dies_of HUP 0.3 "$bercl" cl -i "$tmp/quiet"
fi
wait "$writer" 2> /dev/null || true
dies_of TERM 0.5 "$bercl" simulate -p 1e-12 -c 95% --alpha 5% --ratio 2 --trials 1e9
dies_of TERM 0.5 "$bercl" simulate -p 1e-12 -c 95% --alpha 5% --ratio 2 --sequential --trials 1e9
dies_of TERM 0.5 "$bercl" simulate -e 0 -n 3T -p 1e-12 --trials 1e10
# a fec row that searches the degraded-SER alarm for seconds, alone and as
# batch rows on every core (each of them waited out its rows: 1.5-34 s)
dies_of TERM 0.5 "$bercl" fec --code kp4 --degrade-interval 1e6 --degrade-threshold 5000
printf 'degrade-interval,degrade-threshold\n1e6,5000\n1e6,5001\n1e6,5002\n1e6,5003\n' > "$tmp/degrade.csv"
dies_of TERM 0.5 "$bercl" fec --code kp4 -i "$tmp/degrade.csv" -f csv
grep -q '^code,' "$tmp/out" || fail "fec batch: the header was not written before the signal"
# a sequential plan whose design is one library call of about 1.4 s, with
# rows written before it (it died 1.1-1.35 s after the signal)
# rows of a slow sweep reach a pipe as they are made: head -1 has the header
# after the first row, and bercl dies of SIGPIPE at its next row, where all
# 101 rows would take about a hundred rows' time. The yardstick is one row
# timed here, so that a loaded machine slows both alike.
t0=$(now)
"$bercl" simulate -e 0 -n 3T -p 1e-12 --trials 1e7 -f csv > /dev/null
row_ms=$(( ($(now) - t0) / 1000000 ))
t0=$(now)
( st=0; "$bercl" simulate -e 0..100 -n 3T -p 1e-12 --trials 1e7 -f csv || st=$?; echo "$st" > "$tmp/st" ) |
	head -n 1 > "$tmp/first"
ms=$(( ($(now) - t0) / 1000000 ))
grep -q '^model,errors' "$tmp/first" || fail "simulate | head -1: no header line"
[ "$(cat "$tmp/st")" = 141 ] || fail "simulate | head -1: status $(cat "$tmp/st"), want 141"
[ "$ms" -le $((10 * row_ms + 1000)) ] ||
	fail "simulate | head -1: took $ms ms, one row $row_ms ms (rows held back until the end)"
hup=HUP
[ -z "$hup_ignored" ] || hup=
for sig in TERM $hup; do # (a background job of sh ignores SIGINT)
	dies_of $sig 0.3 "$bercl" plan --sequential -p 1e-12,1e-12 -c 99% --alpha 5% --ratio 1.1 -f csv
	dies_of $sig 0.3 "$bercl" simulate --sequential -p 1e-12 -c 99% --alpha 5% --ratio 1.1 --trials 10
done

# bounded memory: at most 400 MB of address space (not under the
# sanitizers, whose shadow memory is terabytes of address space: there only
# the statuses and the rows are checked)
limit="ulimit -v 400000;"
[ -z "${BERCL_SANITIZED:-}" ] || limit=
# a batch of 100,000 pass-through columns: memory does not grow with the
# columns times the rows a chunk holds (it took 1.4 GB before any row)
awk 'BEGIN { n = 100000; h = "errors,bits,ber"; r = "0,3e12,1e-12";
	for (i = 0; i < n; i++) { h = h ",c" i; r = r ",x" }
	print h; for (k = 0; k < 3; k++) print r }' > "$tmp/wide.csv"
st=0
( eval "$limit"; $bercl cl -i "$tmp/wide.csv" -f csv > "$tmp/out" 2> "$tmp/err" ) || st=$?
[ "$st" = 0 ] || fail "100,000 columns: status $st ($(head -c 200 "$tmp/err"))"
[ "$(wc -l < "$tmp/out")" = 4 ] || fail "100,000 columns: $(wc -l < "$tmp/out") lines, want 4"
for cmd in "watch -p 1e-12 -c 95%" "fec --code kp4 --histogram -" "cl -i -"; do
	for src in /dev/zero /dev/urandom; do
		st=0
		( eval "$limit"; head -c 200000000 "$src" | $bercl $cmd > /dev/null 2> "$tmp/err" ) || st=$?
		[ "$st" = 2 ] || fail "$cmd < $src: status $st, want 2 ($(head -c 200 "$tmp/err"))"
	done
done
st=0
( eval "$limit"; { printf 'errors,bits,ber\n'; head -c 268435456 /dev/zero | tr '\0' 7; printf '\n0,3e12,1e-12\n'; } |
	$bercl cl -i - -f csv > "$tmp/out" 2> "$tmp/err" ) || st=$?
[ "$st" = 2 ] || fail "a 256 MiB line: status $st, want 2"
[ "$(wc -l < "$tmp/out")" = 3 ] || fail "a 256 MiB line: $(wc -l < "$tmp/out") lines out, want 3"
grep -q '^poisson,0,3000000000000,1e-12,0.950212931632136,' "$tmp/out" || fail "a 256 MiB line: the row after it"

# an overlong quoted field holding line breaks is one record
{ printf 'link,errors,bits,ber\n"'; head -c 1200000 /dev/zero | tr '\0' '\n'; printf '",0,3e12,1e-12\nlane1,1,3e12,1e-12\n'; } > "$tmp/q.csv"
n=$("$bercl" cl -i "$tmp/q.csv" -f json 2> /dev/null | wc -l) || true
[ "$n" = 2 ] || fail "overlong quoted field: $n json rows, want 2"
"$bercl" cl -i "$tmp/q.csv" -f csv 2> /dev/null | grep -q '^lane1,poisson,1,3000000000000,' ||
	fail "overlong quoted field: the row after it"

# a leading blank line; a file of one newline
out=$(printf '\nerrors,bits,ber\n0,3e12,1e-12\n' | "$bercl" cl -i - -f csv) ||
	fail "leading blank line: status $?"
[ "$out" = "model,errors,bits,ber,cl,one_minus_cl,log10_one_minus_cl,error
poisson,0,3000000000000,1e-12,0.950212931632136,0.049787068367863944,-1.3028834457097556," ] ||
	fail "leading blank line: $out"
st=0
printf '\n' | "$bercl" cl -i - > "$tmp/out" 2> "$tmp/err" || st=$?
[ "$st" = 2 ] && [ ! -s "$tmp/out" ] && grep -q 'empty file, expected a header row' "$tmp/err" ||
	fail "a file of one newline: status $st"
st=0
"$bercl" cl -i "$tmp" > "$tmp/out" 2> "$tmp/err" || st=$?
[ "$st" = 2 ] && grep -q 'is a directory' "$tmp/err" || fail "-i DIR: status $st, $(cat "$tmp/err")"

[ "$fails" = 0 ] || { echo "test_promises: $fails failures"; exit 1; }
echo "test_promises: signals, bounded readers, RFC 4180 records, blank lines: all kept"
