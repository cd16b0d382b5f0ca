/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * xmath.h - the library's own exp, log, log1p, expm1, log10 and 10^y
 * (arith/xmath.c), in place of the C library's. Internal to the library and
 * its program and page (as dd.h), never installed.
 *
 * Why: the C libraries do not agree on the last bit. glibc on x86-64 runs
 * exp, log, log1p and expm1 compiled for FMA instructions where the
 * processor has them, musl (the WebAssembly page) runs them without, and
 * the two differ on about one value in a thousand: the page and ./bercl
 * then printed neighbouring doubles in 2 % of the cells (web/check.js,
 * stop 30). These functions use only +, -, *, / and comparisons, each
 * correctly rounded by IEEE 754, with no fma() call and no contraction
 * (-std=c11: GCC's -ffp-contract=off; WebAssembly has no fused operation):
 * the same input gives the same double on every target, x86-64, arm64 and
 * WebAssembly alike.
 *
 * Accuracy: each is within 0.52 units in the last place (ulp) of the exact
 * value wherever the result is normal (the bound of the error analysis in
 * xmath.c; tests/oracle/xmath_check measures it against MPFR on 1e7
 * points a function), so the certificates that charge a libm function 1
 * ulp (poisson_fast.c's EXP_ERR, LOG_ERR, LOG1P_ERR) hold as before. A
 * result of exp or 10^y below 2^-1022 is rounded twice (to 53 bits, then
 * to the subnormal grid): within 0.75 of a unit 2^-1074 (measured, 9e4
 * such results in make check), where glibc's exp rounds once; rounding it
 * once is left to do (a subnormal double holds fewer than 53 bits, so the
 * relative error there is the format's, not this rounding's).
 * Special values are those of C99 Annex F: exp(-inf) = 0, log(0) = -inf,
 * log of a negative number or log1p below -1 is NaN, signed zeros kept.
 */
#ifndef BERCL_XMATH_H
#define BERCL_XMATH_H

#include "dd.h"

double bercli_exp(double x);
double bercli_expm1(double x);
double bercli_log(double x);
double bercli_log1p(double x);
double bercli_log10(double x);
double bercli_exp10(double y);
/* ln(a.hi + a.lo) as hi + lo, within about 2^-60 relative (a.hi > 0 finite) */
dd bercli_log_dd(dd a);

#endif
