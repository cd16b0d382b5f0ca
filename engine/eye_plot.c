/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * eye_plot.c - the numbers of a bathtub plot, from the fit that `bercl eye`
 * prints (eye_compute): the model of lib/eye_fit.c, p(x) = rho_0 Q((x -
 * mu_0) / sigma_0) + rho_1 Q((mu_1 - x) / sigma_1), drawn one term per
 * edge on a log10 axis from ln Q (lib/normal.c: finite where Q itself
 * underflows); each edge crosses the target BER b at mu_0 + sigma_0 Q^-1(b
 * / rho_0) and mu_1 - sigma_1 Q^-1(b / rho_1), the eye opening between
 * them (lib/eye_fit.c's definition). The interval drawn at b is the eye
 * opening's profile-likelihood interval as eye_compute gives it. The
 * whole p(x) at any offset (eye_curve_at) is the Python package's curve.
 */
#include <math.h>
#include <string.h>

#include "eye_plot.h"

/* log10 of rho Q(z): -inf past the doubles' reach of ln Q. */
static double log10_tail(double rho, double z)
{
	double lq;
	if (bercl_ln_q(z, &lq) != BERCL_OK)
		return -INFINITY;
	return (lq + log(rho)) / log(10.0);
}

int eye_plot_make(const struct eye_request *rq, const struct eye_points *pts,
                  const struct eye_result *res, struct eye_plot *p)
{
	if (res->plan || !pts || pts->n < 1)
		return -1;
	memset(p, 0, sizeof *p);
	const double *th = res->fit.params;
	double mu[2] = {th[0], th[3]}, sigma[2] = {exp(th[1]), exp(th[4])}, rho[2] = {th[2], th[5]};
	double lo = INFINITY, hi = -INFINITY, ymin = 0;
	for (int i = 0; i < pts->n; i++) {
		double x = pts->offset[i], b = pts->bits[i], e = pts->errors[i];
		p->px[i] = x;
		p->zero[i] = e == 0;
		p->py[i] = e > 0 ? log10(e) - log10(b) : -log10(b);
		lo = fmin(lo, x);
		hi = fmax(hi, x);
		ymin = fmin(ymin, p->py[i]);
	}
	p->npoints = pts->n;
	for (int k = 0; k < res->nber && k < EYE_MAX_BERS; k++) {
		double b = res->at[k].ber, z0, z1;
		if (bercl_q_inv(b / rho[0], &z0) != BERCL_OK || bercl_q_inv(b / rho[1], &z1) != BERCL_OK)
			return -1;
		p->ber[k] = b;
		p->left[k] = mu[0] + sigma[0] * z0;
		p->right[k] = mu[1] - sigma[1] * z1;
		p->opening[k] = res->at[k].eye_opening.value;
		p->lower[k] = res->at[k].eye_opening.lower;
		p->upper[k] = res->at[k].eye_opening.upper;
		ymin = fmin(ymin, log10(b));
		p->ntarget = k + 1;
	}
	/* a decade below the lowest target or point, a whole number */
	p->ymin = floor(ymin) - 1;
	double span = hi - lo;
	if (!(span > 0))
		span = 1;
	lo -= 0.02 * span;
	hi += 0.02 * span;
	for (int j = 0; j < EYE_PLOT_SAMPLES; j++) {
		double x = lo + (hi - lo) * j / (EYE_PLOT_SAMPLES - 1);
		p->x[j] = x;
		p->y[0][j] = log10_tail(rho[0], (x - mu[0]) / sigma[0]);
		p->y[1][j] = log10_tail(rho[1], (mu[1] - x) / sigma[1]);
	}
	(void)rq;
	return 0;
}

const char *eye_curve_at(const double params[6], double x, double *ber)
{
	double l0, l1;
	if (bercl_ln_q((x - params[0]) / exp(params[1]), &l0) != BERCL_OK ||
	    bercl_ln_q((params[3] - x) / exp(params[4]), &l1) != BERCL_OK)
		return "an offset or parameter is not finite";
	*ber = params[2] * exp(l0) + params[5] * exp(l1);
	return NULL;
}
