/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * eye_fit.c - a bathtub (time) or threshold (voltage) scan fitted by the
 * dual-Dirac or Q-factor model: each edge's position and width with
 * profile-likelihood intervals, the eye opening and total jitter at a
 * target BER, RJ, DJ and Q, a goodness-of-fit p-value; and the
 * instruments' Q-space regression for comparison.
 *
 * SYNOPSIS
 *   bercl_eye_sides(&scan, &opt, sides)              the points' edges
 *   bercl_eye_fit(&scan, &opt, &fit)                 the fit, RJ, DJ, Q
 *   bercl_eye_at(&scan, &opt, &fit, ber, &at)        eye opening and TJ at ber
 *   bercl_eye_plan(off, n, &opt, params, ber, w, &p) bits per offset for a
 *                                                    half-width w
 *
 * THE MODEL
 *   A point at offset x counts errors k in n bits, k ~ Binomial(n, p(x)),
 *     p(x) = rho_0 Q((x - mu_0) / sigma_0) + rho_1 Q((mu_1 - x) / sigma_1),
 *   edge 0 the left (time) or lower (voltage) edge, edge 1 the right or
 *   upper one, Q the Gaussian upper tail (normal.c). A point the scan
 *   assigns to one edge (an `edge` column) takes that edge's term alone.
 *   - Time, the dual-Dirac model: each edge's crossing is Gaussian of rms
 *     sigma about its inner Dirac mu; rho is the tail's amplitude (the
 *     transition density, 0.5 by default, or fitted). Offsets are in UI, so
 *     that the crossings are 1 UI apart and (IEEE 2414-2020; the MJSQ's
 *     dual-Dirac definitions)
 *       DJ = 1 - (mu_1 - mu_0),      RJ = (sigma_0 + sigma_1) / 2,
 *       eye_opening(b) = (mu_1 - sigma_1 z_1) - (mu_0 + sigma_0 z_0),
 *       TJ(b) = 1 - eye_opening(b),  z_e = Q^-1(b / rho_e),
 *     TJ = DJ + 2 Q^-1(b / rho) RJ when rho_0 = rho_1.
 *   - Voltage, Bergano's Q-factor: the rails are Gaussian, mean mu_0 with
 *     sd sigma_0 (the zeros, the lower edge) and mu_1, sigma_1 (the ones),
 *     BER(v) = 1/2 [Q((v - mu_0) / sigma_0) + Q((mu_1 - v) / sigma_1)]: the
 *     same form with rho = 1/2. Q = (mu_1 - mu_0) / (sigma_0 + sigma_1); at
 *     the threshold v = (sigma_0 mu_1 + sigma_1 mu_0) / (sigma_0 + sigma_1)
 *     both arguments equal Q, so the BER there is Q(Q) (Bergano's
 *     threshold, the optimum when sigma_0 = sigma_1 and within a few
 *     percent of it otherwise); the vertical eye opening at b as above.
 *
 * WHICH POINTS
 *   Points whose observed BER k / n is below fit_below (default
 *   BERCL_EYE_FIT_BELOW = 1e-3), zero-error points included: the Gaussian
 *   tail describes an edge only away from its crossing, where the jitter's
 *   bounded part dominates. An edge needs at least 2 fitted points with
 *   errors at distinct offsets (3 with rho fitted). Sides: the `edge`
 *   column where given; else the points left of the scan's centre are the
 *   left edge's, the rest the right's, the centre the midpoint of the
 *   lowest and the highest offset among the fitted points (the two tails
 *   lie on either side of it). The sides count points and feed the
 *   regression; the likelihood gives every unassigned point both edges'
 *   terms.
 *
 * THE FIT: maximum likelihood. Parameters (mu, ln sigma, rho) per edge;
 *   Fisher scoring (the expected information, positive definite, of the
 *   binomial counts) with Marquardt damping and step halving, from the
 *   regression's line. The log likelihood is kept relative to the
 *   saturated model (-deviance / 2), so that counts of 1e12 bits keep
 *   their digits.
 *
 * INTERVALS: profile likelihood (Wilks 1938; Venzon & Moolgavkar 1988):
 *   for a quantity g (mu_e, sigma_e, RJ, DJ, Q, eye_opening(b)) the ends
 *   are the c with 2 (l_hat - PL(c)) = chi2_1(cl), PL(c) the maximum of l
 *   subject to g = c. Each PL(c) is a constrained maximum: the same
 *   scoring, its step from the KKT system of the linearised constraint,
 *   then projected back onto g = c exactly (g is solved for mu_1, or the
 *   widths scaled, for RJ), so every accepted point is feasible and l
 *   rises. Ends: steps doubling from the Wald half-width until the
 *   deviance passes the quantile, then the Illinois method on
 *   sqrt(2 (l_hat - PL)) - sqrt(chi2). The interval of TJ is 1 minus that
 *   of the eye opening. Coverage: tests/test_eye.c (seeded scans of known
 *   eyes) and bercl(1).
 *
 * GOODNESS OF FIT: Pearson's X^2 of pooled points against chi-square with
 *   (groups - parameters) degrees of freedom. Each side's fitted points
 *   (as the sides above) are pooled from the deepest (the smallest count
 *   the fit expects) outward until each group expects at least 5 errors
 *   (Cochran's rule, as lib/fec.c pools its histogram; a remainder below 5
 *   joins the group before it); a group's X^2 term is (K - E)^2 / V, K its
 *   errors, E = sum n p, V = sum n p (1 - p). Why pooled: a scan's deepest
 *   points expect a fraction of an error, where a point's deviance or X^2
 *   term is far from chi-square(1) (its mean 1 + 1 / (6 n p) and more), so
 *   the unpooled deviance (over the points with errors or an expected
 *   error) rejected 9.6 % and 7.8 % of the model scans of two cells for a
 *   5 % test (1000 scans a cell, tests/test_eye.c); pooled, 3.6-5.3 %. Pearson
 *   rather than the deviance: closer to chi-square at moderate expected
 *   counts (Koehler and Larntz, JASA 75 (1980) 336-344). The parameters
 *   are the ungrouped data's maximum likelihood estimates, so X^2 lies
 *   between chi-square(groups - parameters) and chi-square(groups)
 *   (Chernoff and Lehmann, Ann. Math. Statist. 25 (1954) 579-586); the
 *   former is the test's; a fitted rho held on its bound is not counted
 *   among the parameters (bercl_eye_fit). Fewer groups than parameters
 *   plus 1: no test.
 *
 * REGRESSION (Keysight J-BERT's Q-factor and RJ/DJ separation; Anritsu's
 *   estimate): per side, the points with errors below fit_below, y =
 *   Q^-1(k / (n rho)) against x by unweighted least squares; mu = -a / b,
 *   sigma = 1 / |b| (b > 0 on edge 0, b < 0 on edge 1), R^2 = 1 - SS_res /
 *   SS_tot. Zero-error points carry no y and are not used: the
 *   likelihood's advantage.
 *
 * PLAN: for proposed offsets and a rough eye (parameters as the fit's),
 *   the bits per offset, the same at every offset (the instruments' dwell),
 *   at which the eye opening's interval at ber has half-width w. The
 *   expected information of one bit at each offset is sum over offsets of
 *   p / (1 - p) grad(ln p) grad(ln p)' (the binomial's, per bit), over the
 *   offsets whose expected BER is below fit_below (the others are scanned
 *   but not fitted); the Wald half-width at n bits per offset is z sqrt(a'
 *   (n I_1)^-1 a) = h_1 / sqrt(n), a the gradient of the eye opening, z
 *   the normal quantile at (1 + cl) / 2, so n = (h_1 / w)^2 rounded up.
 *   The profile-likelihood interval the fit prints is close to the Wald
 *   interval when the counts are large; tests/test_eye.c checks by
 *   simulation that the planned scans meet w.
 *
 * REFERENCES
 *   N. S. Bergano, F. W. Kerfoot, C. R. Davidson, "Margin measurements in
 *     optical amplifier systems", IEEE Photon. Technol. Lett. 5 (1993) 304.
 *   Fibre Channel MJSQ (INCITS TR-35-2004), dual-Dirac jitter; IEEE
 *     2414-2020 (jitter and phase noise).
 *   S. S. Wilks, Ann. Math. Statist. 9 (1938) 60-62; D. J. Venzon, S. H.
 *     Moolgavkar, Appl. Statist. 37 (1988) 87-94.
 *   D. W. Marquardt, J. SIAM 11 (1963) 431-441.
 *   W. G. Cochran, "Some methods for strengthening the common chi-square
 *     tests", Biometrics 10 (1954) 417-451.
 */
#include <math.h>
#include <string.h>

#include "bercl.h"
#include "internal.h"

#define NPAR 6
#define MU(e) (3 * (e))
#define LS(e) (3 * (e) + 1)
#define RHO(e) (3 * (e) + 2)
#define RHO_MIN 1e-6

/* What a profile holds fixed. */
enum quantity { G_NONE, G_MU0, G_MU1, G_SIGMA0, G_SIGMA1, G_RJ, G_DJ, G_EO, G_Q };

typedef struct {
	const bercl_eye_scan *scan;
	const signed char *use;  /* per point: 0 not fitted, 1 fitted */
	int free[NPAR];          /* which parameters are fitted */
	double ber;              /* G_EO: the target BER */
	int per_bit;             /* a plan: each point 1 bit, 0 errors (scan's counts unread) */
	double *work;            /* point evaluations so far (the caller's counter) */
} problem;

/*
 * The work limit of one call: point evaluations of the likelihood (each a
 * ln Q per edge). Counted for the whole fit with its
 * intervals: docs/examples/eye_bathtub.csv (65 points) 5.2e4, 3.6e5 with
 * rho fitted; a 4096-point bathtub 1.8e6, 2.2e6 with rho fitted. A scan
 * far from every eye (4096 random counts) wandered for minutes; past this
 * many it is refused (BERCL_ELIMIT) instead, after some seconds.
 */
#define WORK_LIMIT 1e7

/* ---- the points ---- */

static int point_ok(const bercl_eye_scan *s, int i)
{
	double n = s->bits[i], k = s->errors[i];
	return isfinite(s->offset[i]) && fabs(s->offset[i]) <= 1e12 && n >= 1 && n <= 1e300 &&
	       k >= 0 && k <= n && k <= BERCL_MAX_ERRORS && k == floor(k) &&
	       (!s->edge || (s->edge[i] >= -1 && s->edge[i] <= 1));
}

static enum bercl_status check_options(const bercl_eye_options *o)
{
	if (!o)
		return BERCL_EDOM;
	if ((o->axis != BERCL_EYE_TIME && o->axis != BERCL_EYE_VOLTAGE) ||
	    (o->method != BERCL_EYE_LIKELIHOOD && o->method != BERCL_EYE_REGRESSION))
		return BERCL_EDOM;
	if (!(o->fit_below > 0 && o->fit_below <= 1))
		return BERCL_EDOM;
	if (!(o->rho == 0 || (o->rho >= RHO_MIN && o->rho <= 1)))
		return BERCL_EDOM;
	if (o->rho == 0 && (o->axis == BERCL_EYE_VOLTAGE || o->method == BERCL_EYE_REGRESSION))
		return BERCL_EDOM;
	if (o->axis == BERCL_EYE_VOLTAGE && o->rho != 0.5)
		return BERCL_EDOM;
	return bercl_target_check(o->cl, o->one_minus_cl);
}

static enum bercl_status check_args(const bercl_eye_scan *s, const bercl_eye_options *o)
{
	if (!s || s->n < 1 || s->n > BERCL_EYE_MAX_POINTS || !s->offset || !s->bits || !s->errors)
		return BERCL_EDOM;
	enum bercl_status rc = check_options(o);
	if (rc != BERCL_OK)
		return rc;
	for (int i = 0; i < s->n; i++)
		if (!point_ok(s, i))
			return BERCL_EDOM;
	return BERCL_OK;
}

/* The offset that divides the sides: the midpoint of the lowest and the
 * highest offset among the fitted points (observed BER below fit_below),
 * which lies between the two tails; all points where none is fitted. */
static double scan_centre(const bercl_eye_scan *s, const bercl_eye_options *o)
{
	double lo = INFINITY, hi = -INFINITY;
	for (int pass = 0; pass < 2 && !(lo <= hi); pass++)
		for (int i = 0; i < s->n; i++)
			if (pass == 1 || s->errors[i] < o->fit_below * s->bits[i]) {
				lo = fmin(lo, s->offset[i]);
				hi = fmax(hi, s->offset[i]);
			}
	return 0.5 * (lo + hi);
}

static int side_of(const bercl_eye_scan *s, int i, double centre)
{
	if (s->edge && s->edge[i] >= 0)
		return s->edge[i];
	return s->offset[i] < centre ? 0 : 1;
}

static int fitted(const bercl_eye_scan *s, const bercl_eye_options *o, int i)
{
	return s->errors[i] < o->fit_below * s->bits[i];
}

/* Distinct offsets among the fitted points with errors on side e. */
static int distinct_with_errors(const bercl_eye_scan *s, const bercl_eye_options *o, int e,
                                double centre)
{
	int count = 0;
	for (int i = 0; i < s->n; i++) {
		if (!fitted(s, o, i) || s->errors[i] <= 0 || side_of(s, i, centre) != e)
			continue;
		int seen = 0;
		for (int j = 0; j < i && !seen; j++)
			seen = fitted(s, o, j) && s->errors[j] > 0 && side_of(s, j, centre) == e &&
			       s->offset[j] == s->offset[i];
		count += !seen;
	}
	return count;
}

enum bercl_status bercl_eye_sides(const bercl_eye_scan *scan, const bercl_eye_options *opt,
                                  bercl_eye_sides_count *out)
{
	enum bercl_status rc = check_args(scan, opt);
	if (rc != BERCL_OK)
		return rc;
	double centre = scan_centre(scan, opt);
	memset(out, 0, sizeof *out);
	out->centre = centre;
	for (int i = 0; i < scan->n; i++) {
		if (!fitted(scan, opt, i))
			continue;
		int e = side_of(scan, i, centre);
		out->points[e]++;
	}
	for (int e = 0; e < 2; e++)
		out->with_errors[e] = distinct_with_errors(scan, opt, e, centre);
	out->needed = opt->rho == 0 ? 3 : 2;
	return BERCL_OK;
}

/* ---- the likelihood ---- */


/*
 * l(th) = sum over fitted points of k ln(n p / k) + (n - k) ln((1 - p) /
 * (1 - k/n)) (the log likelihood less the saturated model's, at most 0),
 * with its gradient G and expected information F (row-major NPAR x NPAR)
 * when G is not NULL. -inf where a point's p reaches 1.
 */
static double loglik(const problem *P, const double *th, double *G, double *F)
{
	const bercl_eye_scan *s = P->scan;
	double l = 0;
	if (*P->work > WORK_LIMIT)
		return -INFINITY; /* the callers then stop: every search ends */
	*P->work += s->n;
	if (G) {
		memset(G, 0, NPAR * sizeof *G);
		memset(F, 0, NPAR * NPAR * sizeof *F);
	}
	double sigma[2] = {bercli_exp(th[LS(0)]), bercli_exp(th[LS(1)])};
	for (int i = 0; i < s->n; i++) {
		if (!P->use[i])
			continue;
		double x = s->offset[i];
		double n = P->per_bit ? 1 : s->bits[i], k = P->per_bit ? 0 : s->errors[i];
		double lt[2] = {-INFINITY, -INFINITY}, dlt[2][3] = {{0}};
		for (int e = 0; e < 2; e++) {
			if (s->edge && s->edge[i] >= 0 && s->edge[i] != e)
				continue;
			double sg = e == 0 ? 1.0 : -1.0;
			double u = sg * (x - th[MU(e)]) / sigma[e], lq, h;
			bercli_normal_tail(u, &lq, &h);
			lt[e] = bercli_log(th[RHO(e)]) + lq;
			dlt[e][0] = sg * h / sigma[e]; /* d ln t / d mu */
			dlt[e][1] = u * h;             /* d ln t / d ln sigma */
			dlt[e][2] = 1 / th[RHO(e)];    /* d ln t / d rho */
		}
		double lp = bercli_ln_add(lt[0], lt[1]);
		double p = bercli_exp(lp);
		if (!(p < 1))
			return -INFINITY;
		double term = k > 0 ? k * (bercli_log(n / k) + lp) : 0;
		term += (n - k) * (bercli_log1p(-p) - (k > 0 ? bercli_log1p(-k / n) : 0));
		l += term;
		if (!G)
			continue;
		double v[NPAR] = {0};
		for (int e = 0; e < 2; e++) {
			if (lt[e] == -INFINITY)
				continue;
			double w = bercli_exp(lt[e] - lp);
			for (int j = 0; j < 3; j++)
				v[3 * e + j] = w * dlt[e][j];
		}
		double dl = (k - n * p) / (1 - p), fw = n * p / (1 - p);
		for (int a = 0; a < NPAR; a++) {
			G[a] += dl * v[a];
			for (int b = 0; b < NPAR; b++)
				F[a * NPAR + b] += fw * v[a] * v[b];
		}
	}
	return l;
}

/* ---- the quantities ---- */

/* z_e = Q^-1(ber / rho_e) and dz / drho; 0 where ber >= rho_e. */
static int depth(double ber, double rho, double *z, double *dz)
{
	if (!(ber < rho))
		return 0;
	*z = bercli_q_inv_ln(bercli_log(ber) - bercli_log(rho));
	double lq, h;
	bercli_normal_tail(*z, &lq, &h);
	*dz = 1 / (rho * h);
	return 1;
}

/* g(th) and, where grad is not NULL, its gradient; 0 where undefined. */
static int quantity(const problem *P, enum quantity g, const double *th, double *value,
                    double *grad)
{
	double s0 = bercli_exp(th[LS(0)]), s1 = bercli_exp(th[LS(1)]);
	if (grad)
		memset(grad, 0, NPAR * sizeof *grad);
	switch (g) {
	case G_MU0:
	case G_MU1: {
		int e = g == G_MU0 ? 0 : 1;
		*value = th[MU(e)];
		if (grad)
			grad[MU(e)] = 1;
		return 1;
	}
	case G_SIGMA0:
	case G_SIGMA1: {
		int e = g == G_SIGMA0 ? 0 : 1;
		*value = e == 0 ? s0 : s1;
		if (grad)
			grad[LS(e)] = *value;
		return 1;
	}
	case G_RJ:
		*value = 0.5 * (s0 + s1);
		if (grad) {
			grad[LS(0)] = 0.5 * s0;
			grad[LS(1)] = 0.5 * s1;
		}
		return 1;
	case G_DJ:
		*value = 1 - (th[MU(1)] - th[MU(0)]);
		if (grad) {
			grad[MU(0)] = 1;
			grad[MU(1)] = -1;
		}
		return 1;
	case G_EO: {
		double z0, z1, d0, d1;
		if (!depth(P->ber, th[RHO(0)], &z0, &d0) || !depth(P->ber, th[RHO(1)], &z1, &d1))
			return 0;
		*value = (th[MU(1)] - s1 * z1) - (th[MU(0)] + s0 * z0);
		if (grad) {
			grad[MU(0)] = -1;
			grad[LS(0)] = -s0 * z0;
			grad[RHO(0)] = -s0 * d0;
			grad[MU(1)] = 1;
			grad[LS(1)] = -s1 * z1;
			grad[RHO(1)] = -s1 * d1;
		}
		return 1;
	}
	case G_Q: {
		double sum = s0 + s1, q = (th[MU(1)] - th[MU(0)]) / sum;
		*value = q;
		if (grad) {
			grad[MU(0)] = -1 / sum;
			grad[MU(1)] = 1 / sum;
			grad[LS(0)] = -q * s0 / sum;
			grad[LS(1)] = -q * s1 / sum;
		}
		return 1;
	}
	case G_NONE:
		break;
	}
	return 0;
}

/* Move th onto g = c: solved for mu_1 (RJ: both widths scaled). 0 where
 * no point of the constraint is near (a width at or below 0). */
static int project(const problem *P, enum quantity g, double c, double *th)
{
	double s0 = bercli_exp(th[LS(0)]), s1 = bercli_exp(th[LS(1)]);
	switch (g) {
	case G_NONE:
		return 1;
	case G_MU0:
		th[MU(0)] = c;
		return 1;
	case G_MU1:
		th[MU(1)] = c;
		return 1;
	case G_SIGMA0:
	case G_SIGMA1:
		if (!(c > 0))
			return 0;
		th[LS(g == G_SIGMA0 ? 0 : 1)] = bercli_log(c);
		return 1;
	case G_RJ: {
		if (!(c > 0))
			return 0;
		double d = bercli_log(2 * c / (s0 + s1));
		th[LS(0)] += d;
		th[LS(1)] += d;
		return 1;
	}
	case G_DJ:
		th[MU(1)] = th[MU(0)] + 1 - c;
		return 1;
	case G_EO: {
		double z0, z1, d0, d1;
		if (!depth(P->ber, th[RHO(0)], &z0, &d0) || !depth(P->ber, th[RHO(1)], &z1, &d1))
			return 0;
		th[MU(1)] = c + th[MU(0)] + s0 * z0 + s1 * z1;
		return 1;
	}
	case G_Q:
		th[MU(1)] = th[MU(0)] + c * (s0 + s1);
		return 1;
	}
	return 0;
}

/* ---- the constrained maximum ---- */

/* Solve A x = b (m x m, row-major, destroyed) by Gaussian elimination with
 * partial pivoting; 0 when singular. */
static int solve(double *A, double *b, int m)
{
	for (int c = 0; c < m; c++) {
		int piv = c;
		for (int r = c + 1; r < m; r++)
			if (fabs(A[r * m + c]) > fabs(A[piv * m + c]))
				piv = r;
		if (!(fabs(A[piv * m + c]) > 0))
			return 0;
		if (piv != c) {
			for (int j = 0; j < m; j++) {
				double t = A[c * m + j];
				A[c * m + j] = A[piv * m + j];
				A[piv * m + j] = t;
			}
			double t = b[c];
			b[c] = b[piv];
			b[piv] = t;
		}
		for (int r = c + 1; r < m; r++) {
			double f = A[r * m + c] / A[c * m + c];
			for (int j = c; j < m; j++)
				A[r * m + j] -= f * A[c * m + j];
			b[r] -= f * b[c];
		}
	}
	for (int c = m - 1; c >= 0; c--) {
		double s = b[c];
		for (int j = c + 1; j < m; j++)
			s -= A[c * m + j] * b[j];
		b[c] = s / A[c * m + c];
	}
	for (int c = 0; c < m; c++)
		if (!isfinite(b[c]))
			return 0;
	return 1;
}

/* The free parameters' indices; their number. */
static int free_list(const problem *P, int *idx)
{
	int m = 0;
	for (int a = 0; a < NPAR; a++)
		if (P->free[a])
			idx[m++] = a;
	return m;
}

/*
 * The step d (full length NPAR, 0 on fixed parameters) of damped scoring
 * at th: (F + lambda diag F) d = G, or with a constraint the KKT system
 * [F a; a' 0] [d; nu] = [G; 0] (the constraint holds at th). 0 when
 * singular.
 */
static int step_of(const problem *P, enum quantity g, const double *th, const double *G,
                   const double *F, double lambda, double *d)
{
	int idx[NPAR], m = free_list(P, idx), mm = m + (g != G_NONE);
	double A[(NPAR + 1) * (NPAR + 1)], b[NPAR + 1], a[NPAR], v;
	for (int r = 0; r < m; r++) {
		for (int c = 0; c < m; c++)
			A[r * mm + c] = F[idx[r] * NPAR + idx[c]];
		double dg = F[idx[r] * NPAR + idx[r]];
		A[r * mm + r] += lambda * (dg > 0 ? dg : 1.0);
		b[r] = G[idx[r]];
	}
	if (g != G_NONE) {
		if (!quantity(P, g, th, &v, a))
			return 0;
		for (int r = 0; r < m; r++) {
			A[r * mm + m] = a[idx[r]];
			A[m * mm + r] = a[idx[r]];
		}
		A[m * mm + m] = 0;
		b[m] = 0;
	}
	if (!solve(A, b, mm))
		return 0;
	memset(d, 0, NPAR * sizeof *d);
	for (int r = 0; r < m; r++)
		d[idx[r]] = b[r];
	return 1;
}

/* A trial point within the parameters' domain: rho in [RHO_MIN, 1], ln sigma finite. */
static int in_domain(const double *th)
{
	for (int a = 0; a < NPAR; a++)
		if (!isfinite(th[a]))
			return 0;
	return th[RHO(0)] >= RHO_MIN && th[RHO(0)] <= 1 && th[RHO(1)] >= RHO_MIN &&
	       th[RHO(1)] <= 1 && th[LS(0)] > -700 && th[LS(1)] > -700 && th[LS(0)] < 700 &&
	       th[LS(1)] < 700;
}

/*
 * The free parameters of one step: P's, less each fitted rho that sits on
 * a bound of [RHO_MIN, 1] with the gradient pushing it out (the active
 * set of a box constraint; Bertsekas, "Projected Newton methods for
 * optimization problems with simple constraints", SIAM J. Control Optim.
 * 20 (1982) 221-246). Without it a rho on its bound made every trial leave
 * the domain, the maximum stopped short, and a profile's deviance rose
 * too fast: with rho fitted, 58 % coverage of the eye opening in a cell of
 * 16 offsets at 1e7 bits (tests/test_eye.c's grid).
 */
static problem active_free(const problem *P, const double *th, const double *G)
{
	problem Q = *P;
	for (int e = 0; e < 2; e++) {
		int a = RHO(e);
		if (Q.free[a] && ((th[a] >= 1 && G[a] > 0) || (th[a] <= RHO_MIN && G[a] < 0)))
			Q.free[a] = 0;
	}
	return Q;
}

/* A trial's rhos held to [RHO_MIN, 1] (the projection onto the box). */
static void clamp_rho(double *th)
{
	for (int e = 0; e < 2; e++)
		th[RHO(e)] = fmin(1.0, fmax(RHO_MIN, th[RHO(e)]));
}

/*
 * The maximum of l over g = c (g = G_NONE: no constraint) from th, which
 * it updates; -inf where none was found. Damped scoring over the free
 * parameters not held on a bound (active_free), each trial's rhos clamped
 * to their box, projected onto the constraint and kept only where l rises.
 */
static double maximize(const problem *P, enum quantity g, double c, double *th)
{
	if (!project(P, g, c, th))
		return -INFINITY;
	double G[NPAR], F[NPAR * NPAR], d[NPAR], trial[NPAR];
	double l = loglik(P, th, G, F), lambda = 1e-8;
	if (!isfinite(l))
		return -INFINITY;
	for (int it = 0; it < 200; it++) {
		int improved = 0;
		double lnew = l;
		problem Q = active_free(P, th, G);
		for (int tries = 0; tries < 40; tries++) {
			if (!step_of(&Q, g, th, G, F, lambda, d)) {
				lambda = lambda * 10 + 1e-6;
				continue;
			}
			for (int a = 0; a < NPAR; a++)
				trial[a] = th[a] + d[a];
			clamp_rho(trial);
			if (in_domain(trial) && project(P, g, c, trial)) {
				lnew = loglik(P, trial, NULL, NULL);
				if (lnew >= l) {
					improved = 1;
					break;
				}
			}
			lambda = lambda * 10 + 1e-6;
		}
		if (!improved)
			break;
		double gain = lnew - l;
		memcpy(th, trial, sizeof trial);
		l = loglik(P, th, G, F);
		lambda = fmax(lambda * 0.01, 1e-10);
		if (gain < 1e-11 * (1 + fabs(l)))
			break;
	}
	return l;
}

/* ---- the start: the regression ---- */

/* The unweighted Q-space line of side e: mu, sigma, R^2; 0 with fewer than
 * 2 distinct offsets or a slope of the wrong sign. */
static int regress(const bercl_eye_scan *s, const bercl_eye_options *o, int e, double rho,
                   double centre, double *mu, double *sigma, double *r2, int *used)
{
	double sx = 0, sy = 0, m = 0;
	/* set on every path (the second pass always runs where the first
	 * returns not; GCC at -O1 cannot see it) */
	*mu = *sigma = *r2 = NAN;
	*used = 0;
	for (int pass = 0; pass < 2; pass++) {
		double sxx = 0, sxy = 0, syy = 0;
		for (int i = 0; i < s->n; i++) {
			if (!fitted(s, o, i) || s->errors[i] <= 0 || side_of(s, i, centre) != e)
				continue;
			double x = s->offset[i];
			double lp = bercli_log(s->errors[i] / s->bits[i]) - bercli_log(rho);
			if (!(lp < 0))
				return 0; /* a point at or above the tail's amplitude */
			double y = bercli_q_inv_ln(lp);
			if (!isfinite(y))
				return 0;
			if (pass == 0) {
				sx += x;
				sy += y;
				m += 1;
			} else {
				double dx = x - sx / m, dy = y - sy / m;
				sxx += dx * dx;
				sxy += dx * dy;
				syy += dy * dy;
			}
		}
		if (pass == 0 && m < 2)
			return 0;
		if (pass == 1) {
			if (!(sxx > 0))
				return 0;
			double b = sxy / sxx, a = sy / m - b * (sx / m);
			if (!(e == 0 ? b > 0 : b < 0))
				return 0;
			*mu = -a / b;
			*sigma = 1 / fabs(b);
			double ss_res = syy - b * sxy;
			*r2 = syy > 0 ? fmin(1.0, fmax(0.0, 1 - ss_res / syy)) : 1.0;
			*used = (int)m;
		}
	}
	return isfinite(*mu) && *sigma > 0 && isfinite(*sigma);
}

/* ---- intervals ---- */

/* chi-square(1) quantile at cl: Q^-1(one_minus_cl / 2)^2. */
static double chisq1(double one_minus_cl)
{
	double z = bercli_q_inv_ln(bercli_log(one_minus_cl) - 0.69314718055994530942);
	return z * z;
}

/* The Wald standard error of g at th: sqrt(a' F^-1 a) over the free parameters. */
static double wald_se(const problem *P, enum quantity g, const double *th)
{
	double G[NPAR], F[NPAR * NPAR], a[NPAR], v;
	int idx[NPAR], m = free_list(P, idx);
	loglik(P, th, G, F);
	if (!quantity(P, g, th, &v, a))
		return NAN;
	double A[NPAR * NPAR], b[NPAR];
	for (int r = 0; r < m; r++) {
		for (int c = 0; c < m; c++)
			A[r * m + c] = F[idx[r] * NPAR + idx[c]];
		b[r] = a[idx[r]];
	}
	if (!solve(A, b, m))
		return NAN;
	double s = 0;
	for (int r = 0; r < m; r++)
		s += a[idx[r]] * b[r];
	return s > 0 ? sqrt(s) : NAN;
}

/* A quantity that cannot be 0 or below. */
static int positive(enum quantity g)
{
	return g == G_SIGMA0 || g == G_SIGMA1 || g == G_RJ;
}

/*
 * One end (side -1 lower, +1 upper) of g's interval: the c with
 * 2 (lhat - PL(c)) = q. BERCL_ENOCONV where no bracket is found.
 */
static enum bercl_status interval_end(const problem *P, enum quantity g, const double *hat,
                                      double lhat, double q, int side, double *end)
{
	double chat, th_in[NPAR], th[NPAR];
	quantity(P, g, hat, &chat, NULL);
	double se = wald_se(P, g, hat);
	if (!(se > 0))
		se = 1e-3 * (fabs(chat) + 1e-3);
	double inner = chat, outer = chat, f_in = -sqrt(q), f_out = 0;
	memcpy(th_in, hat, sizeof th_in);
	int found = 0;
	double st = sqrt(q) * se;
	for (int it = 0; it < 80; it++) {
		double c = chat + side * st;
		if (positive(g) && !(c > 0))
			c = 0.5 * inner;
		if (positive(g) && !(c > 1e-300)) {
			*end = 0;
			return BERCL_OK;
		}
		memcpy(th, th_in, sizeof th);
		double pl = maximize(P, g, c, th);
		double dev = 2 * (lhat - pl);
		if (dev >= q || !isfinite(pl)) {
			outer = c;
			f_out = isfinite(pl) ? sqrt(dev) - sqrt(q) : INFINITY;
			found = 1;
			break;
		}
		inner = c;
		f_in = sqrt(fmax(dev, 0.0)) - sqrt(q);
		memcpy(th_in, th, sizeof th_in);
		st *= 2;
	}
	if (!found)
		return BERCL_ENOCONV;
	/* Illinois: regula falsi, halving the stale end's value; bisection
	 * while the outer end is not finite */
	int stale = 0;
	for (int it = 0; it < 100 && fabs(outer - inner) > 1e-11 * (fabs(inner) + se); it++) {
		double c = isfinite(f_out) ? inner - f_in * (outer - inner) / (f_out - f_in)
		                           : 0.5 * (inner + outer);
		if (!(c > fmin(inner, outer) && c < fmax(inner, outer)))
			c = 0.5 * (inner + outer);
		memcpy(th, th_in, sizeof th);
		double pl = maximize(P, g, c, th);
		double f = isfinite(pl) ? sqrt(fmax(2 * (lhat - pl), 0.0)) - sqrt(q) : INFINITY;
		if (f >= 0) {
			outer = c;
			f_out = f;
			if (stale == -1)
				f_in *= 0.5;
			stale = -1;
		} else {
			inner = c;
			f_in = f;
			memcpy(th_in, th, sizeof th_in);
			if (stale == 1 && isfinite(f_out))
				f_out *= 0.5;
			stale = 1;
		}
	}
	*end = 0.5 * (inner + outer);
	return BERCL_OK;
}

static enum bercl_status estimate(const problem *P, enum quantity g, const double *hat,
                                  double lhat, double q, bercl_eye_estimate *out)
{
	if (!quantity(P, g, hat, &out->value, NULL))
		return BERCL_EDOM;
	enum bercl_status rc = interval_end(P, g, hat, lhat, q, -1, &out->lower);
	if (rc == BERCL_OK)
		rc = interval_end(P, g, hat, lhat, q, 1, &out->upper);
	/* the maximum lies inside its interval, whatever the last digits */
	out->lower = fmin(out->lower, out->value);
	out->upper = fmax(out->upper, out->value);
	return rc;
}

/* ln p(x) of point i at th: both edges' terms, or its edge's alone. */
static double ln_ber_at(const bercl_eye_scan *s, int i, const double *th)
{
	double lp = -INFINITY;
	for (int e = 0; e < 2; e++) {
		if (s->edge && s->edge[i] >= 0 && s->edge[i] != e)
			continue;
		double sg = e == 0 ? 1.0 : -1.0, lq, h;
		bercli_normal_tail(sg * (s->offset[i] - th[MU(e)]) / bercli_exp(th[LS(e)]), &lq, &h);
		lp = bercli_ln_add(lp, bercli_log(th[RHO(e)]) + lq);
	}
	return lp;
}

/*
 * The goodness-of-fit statistic (see GOODNESS OF FIT above): Pearson's
 * X^2 over the fitted points of each side pooled, from the deepest point
 * (the smallest expected count) outward, until each group expects at
 * least 5 errors (Cochran's rule; a remainder below 5 joins the group
 * beside it), each group's variance the sum of its points' n p (1 - p).
 * Returns the number of groups; idx and ex (n entries) are the caller's
 * scratch.
 */
static int pooled_pearson(const problem *P, const bercl_eye_options *o, const double *th,
                          int *idx, double *ex, double *stat)
{
	const bercl_eye_scan *s = P->scan;
	double centre = scan_centre(s, o);
	int groups = 0;
	*stat = 0;
	for (int i = 0; i < s->n; i++)
		ex[i] = P->use[i] ? bercli_exp(ln_ber_at(s, i, th)) : 0;
	for (int e = 0; e < 2; e++) {
		int m = 0;
		for (int i = 0; i < s->n; i++)
			if (P->use[i] && side_of(s, i, centre) == e)
				idx[m++] = i;
		/* deepest first: the expected count n p ascending (insertion
		 * sort, so ties keep the scan's order) */
		for (int a = 1; a < m; a++) {
			int v = idx[a], c = a;
			while (c > 0 && s->bits[idx[c - 1]] * ex[idx[c - 1]] > s->bits[v] * ex[v]) {
				idx[c] = idx[c - 1];
				c--;
			}
			idx[c] = v;
		}
		double ko = 0, eo = 0, vo = 0, kp = 0, ep = 0, vp = 0, before = *stat;
		int side_groups = 0;
		for (int a = 0; a < m; a++) {
			int i = idx[a];
			double pi = ex[i], n = s->bits[i];
			kp += s->errors[i];
			ep += n * pi;
			vp += n * pi * (1 - pi);
			if (ep < 5 && a < m - 1)
				continue;
			if (ep < 5 && side_groups > 0) {
				/* the remainder joins the group before it: that
				 * group's term is taken back */
				*stat = before;
				kp += ko;
				ep += eo;
				vp += vo;
				side_groups--;
				groups--;
			}
			before = *stat;
			if (vp > 0) {
				/* scaled first: (K - E)^2 of counts near 1e300 overflows */
				double d = (kp - ep) / sqrt(vp);
				*stat += d * d;
			}
			side_groups++;
			groups++;
			ko = kp;
			eo = ep;
			vo = vp;
			kp = ep = vp = 0;
		}
	}
	return groups;
}

/* ---- the public functions ---- */

static int est_finite(const bercl_eye_estimate *e)
{
	return isfinite(e->value) && isfinite(e->lower) && isfinite(e->upper);
}

/* The promise of the header: with BERCL_OK nothing is NaN or infinite. */
static int stats_finite(const bercl_eye_stats *f)
{
	for (int e = 0; e < 2; e++)
		if (!est_finite(&f->edge[e].mu) || !est_finite(&f->edge[e].sigma) ||
		    !isfinite(f->edge[e].rho) || !isfinite(f->edge[e].r_squared))
			return 0;
	for (int k = 0; k < NPAR; k++)
		if (!isfinite(f->params[k]))
			return 0;
	return est_finite(&f->rj) && est_finite(&f->dj) && est_finite(&f->q) &&
	       isfinite(f->threshold) && isfinite(f->ber_at_threshold) && isfinite(f->deviance) &&
	       isfinite(f->fit_p) && isfinite(f->r_squared);
}

static void point_estimate(bercl_eye_estimate *e, double v)
{
	e->value = e->lower = e->upper = v;
}

/* The problem of a scan; use[] (the fitted points: the caller's stack, no
 * allocation) is set by the caller. */
static void fill_problem(problem *P, const bercl_eye_scan *s, const bercl_eye_options *o)
{
	memset(P, 0, sizeof *P);
	P->scan = s;
	for (int e = 0; e < 2; e++) {
		P->free[MU(e)] = P->free[LS(e)] = 1;
		P->free[RHO(e)] = o->rho == 0;
	}
}

static void derived(const bercl_eye_options *o, const double *th, bercl_eye_stats *f)
{
	double s0 = bercli_exp(th[LS(0)]), s1 = bercli_exp(th[LS(1)]);
	for (int e = 0; e < 2; e++) {
		point_estimate(&f->edge[e].mu, th[MU(e)]);
		point_estimate(&f->edge[e].sigma, e == 0 ? s0 : s1);
		f->edge[e].rho = th[RHO(e)];
	}
	point_estimate(&f->rj, 0.5 * (s0 + s1));
	point_estimate(&f->dj, 1 - (th[MU(1)] - th[MU(0)]));
	double q = (th[MU(1)] - th[MU(0)]) / (s0 + s1);
	point_estimate(&f->q, q);
	f->threshold = (s0 * th[MU(1)] + s1 * th[MU(0)]) / (s0 + s1);
	bercl_q(q, &f->ber_at_threshold);
	(void)o;
}

enum bercl_status bercl_eye_fit(const bercl_eye_scan *scan, const bercl_eye_options *opt,
                                bercl_eye_stats *out)
{
	bercl_eye_sides_count sides;
	enum bercl_status rc = bercl_eye_sides(scan, opt, &sides);
	if (rc != BERCL_OK)
		return rc;
	if (sides.with_errors[0] < sides.needed || sides.with_errors[1] < sides.needed)
		return BERCL_EDOM;
	bercl_eye_stats f;
	memset(&f, 0, sizeof f);
	f.axis = opt->axis;
	f.method = opt->method;
	double rho0 = opt->rho == 0 ? 0.5 : opt->rho, th[NPAR];
	for (int e = 0; e < 2; e++) {
		double mu, sigma, r2;
		int used;
		if (!regress(scan, opt, e, rho0, sides.centre, &mu, &sigma, &r2, &used))
			return BERCL_EDOM;
		/* the points of the fit: the side's fitted points (likelihood),
		 * those with errors in the line (regression) */
		f.edge[e].points = opt->method == BERCL_EYE_REGRESSION ? used : sides.points[e];
		f.edge[e].r_squared = r2;
		th[MU(e)] = mu;
		th[LS(e)] = bercli_log(sigma);
		th[RHO(e)] = rho0;
	}
	f.r_squared = fmin(f.edge[0].r_squared, f.edge[1].r_squared);
	if (opt->method == BERCL_EYE_REGRESSION) {
		derived(opt, th, &f);
		memcpy(f.params, th, sizeof th);
		if (!stats_finite(&f))
			return BERCL_ENOCONV;
		*out = f;
		return BERCL_OK;
	}
	signed char use_small[BERCL_EYE_MAX_POINTS];
	problem P;
	double work = 0;
	fill_problem(&P, scan, opt);
	P.work = &work;
	for (int i = 0; i < scan->n; i++)
		use_small[i] = (signed char)fitted(scan, opt, i);
	P.use = use_small;
	double lhat = maximize(&P, G_NONE, 0, th);
	if (work > WORK_LIMIT)
		return BERCL_ELIMIT;
	if (!isfinite(lhat))
		return BERCL_ENOCONV;
	derived(opt, th, &f);
	memcpy(f.params, th, sizeof th);
	f.intervals = 1;
	f.ln_likelihood = lhat;
	/* the test's parameters: a fitted rho on its bound (1 or RHO_MIN) is
	 * held there, not estimated, and leaves its degree of freedom to the
	 * test (Chernoff, Ann. Math. Statist. 25 (1954) 573-578: at a boundary
	 * the statistic's law is that of the fit without it, or a mixture
	 * nearer it); counted as estimated, the test rejected 8.5 % of 2000
	 * model scans at 5 % with rho fitted on 16 offsets at 1e7 bits, where
	 * a rho sat on 1 in about half of them */
	int npar = 4, idx[BERCL_EYE_MAX_POINTS];
	for (int e = 0; e < 2 && opt->rho == 0; e++)
		npar += th[RHO(e)] < 1 && th[RHO(e)] > RHO_MIN;
	double x2, ex[BERCL_EYE_MAX_POINTS];
	f.deviance = fmax(-2 * lhat, 0.0);
	f.df = pooled_pearson(&P, opt, th, idx, ex, &x2) - npar;
	f.fit_p = f.df > 0 ? bercli_exp(bercli_ln_chisq_upper(f.df, fmax(x2, 0.0))) : 1.0;
	double q = chisq1(opt->one_minus_cl);
	static const enum quantity per_edge[2][2] = {{G_MU0, G_SIGMA0}, {G_MU1, G_SIGMA1}};
	for (int e = 0; e < 2 && rc == BERCL_OK; e++) {
		rc = estimate(&P, per_edge[e][0], th, lhat, q, &f.edge[e].mu);
		if (rc == BERCL_OK)
			rc = estimate(&P, per_edge[e][1], th, lhat, q, &f.edge[e].sigma);
	}
	if (rc == BERCL_OK && opt->axis == BERCL_EYE_TIME) {
		rc = estimate(&P, G_RJ, th, lhat, q, &f.rj);
		if (rc == BERCL_OK)
			rc = estimate(&P, G_DJ, th, lhat, q, &f.dj);
	}
	if (rc == BERCL_OK && opt->axis == BERCL_EYE_VOLTAGE)
		rc = estimate(&P, G_Q, th, lhat, q, &f.q);
	if (work > WORK_LIMIT)
		return BERCL_ELIMIT; /* an end found after the limit is not an end */
	if (rc != BERCL_OK)
		return rc;
	if (!stats_finite(&f))
		return BERCL_ENOCONV;
	*out = f;
	return BERCL_OK;
}

enum bercl_status bercl_eye_at(const bercl_eye_scan *scan, const bercl_eye_options *opt,
                               const bercl_eye_stats *fit, double ber, bercl_eye_at_ber *out)
{
	enum bercl_status rc = check_args(scan, opt);
	if (rc != BERCL_OK)
		return rc;
	if (!(ber > 0 && ber < 1) || !(ber < fit->params[RHO(0)]) || !(ber < fit->params[RHO(1)]))
		return BERCL_EDOM;
	problem P;
	double work = 0;
	fill_problem(&P, scan, opt);
	P.work = &work;
	P.ber = ber;
	bercl_eye_at_ber a;
	memset(&a, 0, sizeof a);
	a.ber = ber;
	const double *th = fit->params;
	if (!quantity(&P, G_EO, th, &a.eye_opening.value, NULL))
		return BERCL_EDOM;
	point_estimate(&a.eye_opening, a.eye_opening.value);
	if (fit->intervals) {
		signed char use_small[BERCL_EYE_MAX_POINTS];
		for (int i = 0; i < scan->n; i++)
			use_small[i] = (signed char)fitted(scan, opt, i);
		P.use = use_small;
		double q = chisq1(opt->one_minus_cl);
		rc = estimate(&P, G_EO, th, fit->ln_likelihood, q, &a.eye_opening);
		if (work > WORK_LIMIT)
			return BERCL_ELIMIT;
		if (rc != BERCL_OK)
			return rc;
	}
	a.tj.value = 1 - a.eye_opening.value;
	a.tj.lower = 1 - a.eye_opening.upper;
	a.tj.upper = 1 - a.eye_opening.lower;
	if (!est_finite(&a.eye_opening))
		return BERCL_ENOCONV;
	*out = a;
	return BERCL_OK;
}

enum bercl_status bercl_eye_plan(const double *offset, int n, const bercl_eye_options *opt,
                                 const double params[6], double ber, double half_width,
                                 double *bits_per_offset)
{
	if (!offset || n < 1 || n > BERCL_EYE_MAX_POINTS || !opt || !params ||
	    !(half_width > 0 && isfinite(half_width)) || !(ber > 0 && ber < 1))
		return BERCL_EDOM;
	signed char use[BERCL_EYE_MAX_POINTS];
	enum bercl_status rc = check_options(opt);
	if (rc != BERCL_OK)
		return rc;
	for (int i = 0; i < n; i++)
		if (!(fabs(offset[i]) <= 1e12))
			return BERCL_EDOM;
	/* no counts yet: the information of one bit at each offset (per_bit) */
	bercl_eye_scan scan = {offset, NULL, NULL, NULL, n};
	double th[NPAR];
	memcpy(th, params, sizeof th);
	if (!in_domain(th) || !(ber < th[RHO(0)] && ber < th[RHO(1)]))
		return BERCL_EDOM;
	problem P;
	double work = 0;
	fill_problem(&P, &scan, opt);
	P.work = &work;
	P.ber = ber;
	P.per_bit = 1;
	/* the points the fit would keep: expected BER below fit_below */
	for (int i = 0; i < n; i++) {
		double lp = -INFINITY;
		for (int e = 0; e < 2; e++) {
			double sg = e == 0 ? 1.0 : -1.0, lq, h;
			bercli_normal_tail(sg * (offset[i] - th[MU(e)]) / bercli_exp(th[LS(e)]), &lq, &h);
			lp = bercli_ln_add(lp, bercli_log(th[RHO(e)]) + lq);
		}
		use[i] = (signed char)(lp < bercli_log(opt->fit_below));
	}
	P.use = use;
	double se1 = wald_se(&P, G_EO, th);
	if (!(se1 > 0 && isfinite(se1)))
		return BERCL_EDOM; /* the offsets do not inform both edges' tails */
	double z = sqrt(chisq1(opt->one_minus_cl));
	double nb = ceil((z * se1 / half_width) * (z * se1 / half_width));
	if (!(nb >= 1))
		nb = 1;
	if (!(nb <= 1e300))
		return BERCL_ELIMIT;
	*bits_per_offset = nb;
	return BERCL_OK;
}
