/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * eye_plot.h - the bathtub of `bercl eye` as numbers a face draws: the
 * scan's points, each edge's fitted tail and the eye opening at each
 * target BER with its interval. A face draws these and computes none of
 * them (the page: web/glue.c, web/app.js).
 */
#ifndef BERCL_EYE_PLOT_H
#define BERCL_EYE_PLOT_H

#include "eye.h"

/* Offsets at which each edge's tail is given. */
#define EYE_PLOT_SAMPLES 161

struct eye_plot {
	/* the scan: offset, log10 of the observed BER (errors / bits), or for
	   a point without errors log10(1 / bits) with zero[i] = 1 */
	int npoints;
	double px[BERCL_EYE_MAX_POINTS], py[BERCL_EYE_MAX_POINTS];
	signed char zero[BERCL_EYE_MAX_POINTS];
	/* each edge's fitted term, log10 of rho_e Q(+-(x - mu_e) / sigma_e), at x[] */
	double x[EYE_PLOT_SAMPLES], y[2][EYE_PLOT_SAMPLES];
	/* at each target BER: the fitted crossings and the eye opening's estimate and interval */
	int ntarget;
	double ber[EYE_MAX_BERS], left[EYE_MAX_BERS], right[EYE_MAX_BERS];
	double opening[EYE_MAX_BERS], lower[EYE_MAX_BERS], upper[EYE_MAX_BERS];
	double ymin;                  /* the axis' floor: log10, below every target and point */
};

/*
 * The plot of a fitted scan (not of --plan): 0, or -1 where there is
 * nothing to draw (a plan, no points, a crossing outside the doubles).
 */
int eye_plot_make(const struct eye_request *rq, const struct eye_points *pts,
                  const struct eye_result *res, struct eye_plot *p);

/*
 * The fitted BER at offset x, rho_0 Q((x - mu_0) / sigma_0) + rho_1 Q((mu_1 -
 * x) / sigma_1) (lib/eye_fit.c's model; params as eye_fit's: mu, ln sigma,
 * rho of each edge), by the library's ln Q: NULL, or why there is none.
 */
const char *eye_curve_at(const double params[6], double x, double *ber);

#endif
