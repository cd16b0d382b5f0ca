#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# make bench-cross: the per-evaluation cost of the library's wide type
# (lib/wide.h) on each target, against the alternatives, in one run.
# Builds bench/xbench.c with the library once per (target, wide type):
#   x86-64  long double (chosen), double-double, double
#   ld64    double-double (chosen), double   (long double = double there)
#   arm64   double-double (chosen), long double (software quad), double
#   wasm    double-double (chosen), long double (software quad), double
# then runs all builds ROUNDS times in turn (qemu-aarch64, node), the median
# of each set's ns per evaluation over the rounds, and prints per target
# and set the ns and the ratios to the chosen build and to x86-64's chosen
# build. Needs tools/deps.sh --cross. Environment: ROUNDS (3), CC, ARM64_CC,
# EMCC, QEMU_ARM64, NODE.
set -eu
cd "$(dirname "$0")/.."
ROUNDS=${ROUNDS:-3}
CC=${CC:-cc}
ARM64_CC=${ARM64_CC:-aarch64-linux-gnu-gcc}
EMCC=${EMCC:-emcc}
QEMU_ARM64=${QEMU_ARM64:-qemu-aarch64}
NODE=${NODE:-node}
out=bench/tmp/cross
mkdir -p "$out"
src="bench/xbench.c lib/poisson.c lib/poisson_fast.c lib/binomial.c lib/solve.c lib/pmf.c lib/lnprob.c
	lib/cl.c lib/version.c lib/plan.c lib/fec.c lib/lanes.c"
flags="-D_POSIX_C_SOURCE=200809L -Iinclude -Iarith -Ilib -DBERCL_BUILDING -std=c11 -O2"
builds=
build() { # name compiler-kind wide-flag
	case $2 in
	x86) $CC $flags $3 -o "$out/$1" $src -lm -pthread ;;
	ld64) $CC $flags -mlong-double-64 $3 -o "$out/$1" $src -lm -pthread ;;
	arm64) $ARM64_CC $flags -static $3 -o "$out/$1" $src -lm -pthread ;;
	wasm) NODE_PATH=/usr/share/nodejs $EMCC $flags $3 -sSINGLE_FILE=1 -sENVIRONMENT=node \
		-o "$out/$1.js" $src -lm ;;
	esac
	builds="$builds $1:$2"
}
build x86-64-ld x86 ""
build x86-64-dd x86 -DBERCL_WIDE_DD
build x86-64-d x86 -DBERCL_WIDE_D
build ld64-dd ld64 ""
build ld64-d ld64 -DBERCL_WIDE_D
build arm64-dd arm64 ""
build arm64-ld arm64 -DBERCL_WIDE_LD
build arm64-d arm64 -DBERCL_WIDE_D
build wasm-dd wasm ""
build wasm-ld wasm -DBERCL_WIDE_LD
build wasm-d wasm -DBERCL_WIDE_D
rm -f "$out"/*.txt
r=1
while [ "$r" -le "$ROUNDS" ]; do
	for b in $builds; do
		name=${b%%:*} kind=${b#*:}
		case $kind in
		arm64) $QEMU_ARM64 "$out/$name" 3 ;;
		wasm) $NODE "$out/$name.js" 3 ;;
		*) "$out/$name" 3 ;;
		esac | sed "s/^/$name /" >> "$out/runs.txt"
	done
	r=$((r + 1))
done
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)"
# median per build and set; ratios to the target's chosen build and to x86-64's
awk -v rounds="$ROUNDS" '
	{ key = $1 " " $2; n[key]++; v[key, n[key]] = $3; sum[key] = $4; order[$1] = 1 }
	END {
		for (key in n) {
			m = n[key]
			for (i = 1; i <= m; i++) a[i] = v[key, i]
			for (i = 1; i <= m; i++) for (j = i + 1; j <= m; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
			med[key] = a[int((m + 1) / 2)]
		}
		split("x86-64-ld x86-64-dd x86-64-d ld64-dd ld64-d arm64-dd arm64-ld arm64-d wasm-dd wasm-ld wasm-d", names, " ")
		split("small temme tails binomial", sets, " ")
		printf "%-10s %-9s %10s %12s %12s %s\n", "build", "set", "ns/eval", "/ chosen", "/ x86-64", "checksum"
		for (i = 1; i <= 11; i++) {
			b = names[i]; target = b; sub(/-[a-z]+$/, "", target)
			chosen = target == "x86-64" ? "x86-64-ld" : target "-dd"
			for (s = 1; s <= 4; s++) {
				k = b " " sets[s]
				if (!(k in med)) continue
				printf "%-10s %-9s %10.1f %12.2f %12.2f %s\n", b, sets[s], med[k], med[k] / med[chosen " " sets[s]],
					med[k] / med["x86-64-ld " sets[s]], sum[k]
			}
		}
	}' "$out/runs.txt"
