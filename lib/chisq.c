/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * chisq.c - the chi-square upper tail in logarithms, for the goodness of
 * fit of FEC histograms (fec.c), the tail fit's test (fec_tail.c) and the
 * clustered answer's quantile (clustered.c).
 */
#include <math.h>

#include "internal.h"
#include "xmath.h"

#define PI 3.14159265358979323846

/* ln(exp(a) + exp(b)), the larger factored out (exact for b = -inf) */
double bercli_ln_add(double a, double b)
{
	if (a < b) {
		double s = a;
		a = b;
		b = s;
	}
	if (b == -INFINITY)
		return a;
	return a + bercli_log1p(bercli_exp(b - a));
}

/*
 * ln Q(df/2, x/2), the chi-square upper tail, df >= 1. Q(1/2, y) =
 * erfc(sqrt y) and Q(1, y) = e^-y; then Q(a + 1, y) = Q(a, y) + y^a e^-y /
 * Gamma(a + 1), summed in logarithms so that tails below 1e-308 keep a
 * value. For y > 600, erfc(sqrt y) = e^-y / sqrt(pi y) (1 - 1/(2y) + 3/(4y^2)
 * - 15/(8y^3)), its asymptotic series (A&S 7.1.23), to 1e-10.
 */
double bercli_ln_chisq_upper(int df, double x)
{
	double y = 0.5 * x, a, lq, ln_term;
	if (x <= 0)
		return 0.0;
	if (df % 2 == 1) {
		a = 0.5;
		if (y <= 600) {
			lq = bercli_log(erfc(sqrt(y)));
		} else {
			double s = 1.0 - 1.0 / (2 * y) + 3.0 / (4 * y * y) - 15.0 / (8 * y * y * y);
			lq = -y - 0.5 * bercli_log(PI * y) + bercli_log(s);
		}
		ln_term = 0.5 * bercli_log(y) - y - bercli_log(0.5 * sqrt(PI)); /* y^(1/2) e^-y / Gamma(3/2) */
	} else {
		a = 1.0;
		lq = -y;
		ln_term = bercli_log(y) - y; /* y e^-y / Gamma(2) */
	}
	for (; a + 1.0 <= 0.5 * df; a += 1.0) {
		lq = bercli_ln_add(lq, ln_term);
		ln_term += bercli_log(y / (a + 1.0));
	}
	return fmin(lq, 0.0);
}

