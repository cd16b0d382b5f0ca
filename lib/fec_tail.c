/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * fec_tail.c - the tail of a FEC symbol-error histogram beyond what the code
 * corrects: a prediction of the codeword error ratio with an interval, and
 * SONiC's least-squares prediction for comparison.
 *
 * SYNOPSIS
 *   bercl_fec_tail(&code, groups, ngroups, codewords, cl, &tail)   likelihood
 *   bercl_fec_tail_sonic(&code, bins, &tail)                       SONiC's
 *
 * DESCRIPTION
 *   The histogram counts codewords by the symbols the decoder corrected:
 *   group j holds count_j codewords with lo_j .. hi_j symbol errors (one bin
 *   where lo = hi; ethtool reports ranges), and the uncorrectable codewords
 *   are the group t + 1 .. n. With C codewords in all, the fit takes the
 *   counts as independent Poisson variables (the multinomial conditioned on
 *   its total gives the same likelihood for the shape) with means
 *     mu_j = C sum_{i = lo_j .. hi_j} exp(a + b i + c ln C(n, i)),
 *   a grouped bin's mean its bins' sum, exactly: the same model the
 *   uncorrectable group gets, whose mean is C cer_tail,
 *     cer_tail = sum_{i = t+1 .. n} exp(a + b i + c ln C(n, i)).
 *   The shape c is held in [0, 1]: c = 1 is a binomial at the local error
 *   rate (independent errors give exactly this, with e^b = ser / (1 - ser)),
 *   c = 0 a geometric tail (single bursts of geometric length: the
 *   log-linear tail of SONiC and of the DesignCon papers); between them
 *   lie the compound (burst) laws whose log tail bends less than the
 *   binomial's. The fit uses the top bins, not the whole histogram: bin 0
 *   is left out (as SONiC does: it counts the codewords no error event
 *   touched, which says nothing of the events' sizes), and of the bins 1 ..
 *   t the highest BERCL_FEC_TAIL_BINS holding codewords are kept, with
 *   every bin above the lowest of them (empty bins included: an empty bin
 *   is evidence too) and the uncorrectable group. At least two bins with
 *   codewords are needed.
 *
 *   Estimate: maximum likelihood. For given (b, c) the best a is closed
 *   form (the means sum to the counts), so the fit is a maximum over
 *   ln cer_tail of the profile log likelihood
 *     PL(x) = max over b, c in [0, 1] of l(a(x, b, c), b, c),
 *   where a(x, b, c) puts ln cer_tail at x. The inner maximum is Newton's
 *   method on (b, c) with the exact gradient and Hessian (the means and
 *   covariances of i and ln C(n, i) inside each group), damped
 *   (Levenberg) where the Hessian is not negative definite, c projected on
 *   [0, 1]; the outer maximum a golden-section search on a bracket.
 *
 *   Interval: profile likelihood, the x with 2 (PL(x_hat) - PL(x)) = q,
 *   q the chi-square(1) quantile at cl (3.84 at 95 %), one root on each
 *   side, by bisection after a bracketing walk. Why profile likelihood and
 *   not a bootstrap: it is deterministic (no seed, the same answer on every
 *   machine), it is invariant under a change of parameter (the interval of
 *   cer_tail is the image of the interval of ln cer_tail), it respects the
 *   bounds on c, and it costs some hundred inner fits where a bootstrap
 *   needs thousands of full fits for the tail quantiles of a 95 % bound;
 *   its coverage was checked by seeded simulation (tests/test_fec.c): see
 *   bercl(1).
 *
 *   tail_r2: 1 - SS_res / SS_tot of the logarithms of the fitted bins with
 *   codewords against ln mu_j: how well the curve passes through them.
 *
 *   SONiC (sonic-swss orchagent/port_flr.lua, reimplemented from its
 *   description): bins S1 .. S15 (S0 dropped), each with more than 10
 *   codewords kept, y_i = log10(S_i / T) with T = S0 + ... + S15 (the
 *   uncorrectable codewords not counted), an unweighted least-squares line
 *   y = A + B i over the kept bins (at least 2), its R^2, and
 *   CER = sum_{x = 16 .. 21} 10^(A + B x). For a code with t != 15 the same
 *   with bins 1 .. t and x = t + 1 .. t + 6. The sums run in SONiC's order
 *   so that the doubles are its doubles.
 *
 * REFERENCES
 *   S. S. Wilks, "The large-sample distribution of the likelihood ratio for
 *     testing composite hypotheses", Ann. Math. Statist. 9 (1938) 60-62.
 *   D. J. Venzon, S. H. Moolgavkar, "A method for computing
 *     profile-likelihood-based confidence intervals", Appl. Statist. 37
 *     (1988) 87-94.
 *   sonic-swss, orchagent/port_flr.lua (predicted FLR), and the SONiC
 *     design note doc/port_fec_flr.
 */
#include <float.h>
#include <math.h>
#include <string.h>

#include "bercl.h"
#include "internal.h"

#define CACHE 2048
#define SHAPE_MAX 2.0

typedef struct {
	int lo, hi;
	double count;
} group;

typedef struct {
	const bercl_rs_code *code;
	double ln_c;          /* ln C, all codewords */
	double lgn;           /* ln n! */
	int ng;               /* fit groups, the last the uncorrectable one */
	group g[BERCL_FEC_MAX_BINS];
	int ncache;           /* ln C(n, i) for i < ncache */
	double lnc[CACHE];
} fit;

static double ln_choose(const fit *f, int i)
{
	if (i < f->ncache)
		return f->lnc[i];
	return f->lgn - bercli_lgamma(i + 1.0) - bercli_lgamma(f->code->n - i + 1.0);
}

/*
 * For one group: L = ln sum_i exp(b i + c g_i), the mean m[2] of (i, g_i)
 * and their covariance v[3] (ii, ig, gg) under those weights. The exponent
 * is concave in i (g is), so past its peak the terms fall; the sum stops
 * once a term is below 1e-20 of it.
 */
static double group_sums(const fit *f, const group *gr, double b, double c, double *m, double *v)
{
	double peak = -INFINITY;
	int ipeak = gr->lo;
	/* the peak of the concave exponent: a scan with early exit */
	for (int i = gr->lo; i <= gr->hi; i++) {
		double e = b * i + c * ln_choose(f, i);
		if (e > peak) {
			peak = e;
			ipeak = i;
		} else {
			break;
		}
	}
	(void)ipeak;
	double s = 0, si = 0, sg = 0, sii = 0, sig = 0, sgg = 0;
	for (int i = gr->lo; i <= gr->hi; i++) {
		double gi = ln_choose(f, i), w = bercli_exp(b * i + c * gi - peak);
		s += w;
		si += w * i;
		sg += w * gi;
		sii += w * i * (double)i;
		sig += w * i * gi;
		sgg += w * gi * gi;
		if (i > ipeak && w < 1e-20 * s)
			break;
	}
	m[0] = si / s;
	m[1] = sg / s;
	v[0] = fmax(sii / s - m[0] * m[0], 0.0);
	v[1] = sig / s - m[0] * m[1];
	v[2] = fmax(sgg / s - m[1] * m[1], 0.0);
	return peak + bercli_log(s);
}

/*
 * The log likelihood at ln cer_tail = x and (b, c) less that of the
 * saturated model (mu_j = n_j), with its gradient and Hessian in (b, c)
 * when grad is not NULL. ln mu_j = ln C + x - L_U + L_j.
 */
static double loglik(const fit *f, double x, double b, double c, double *grad, double *hess)
{
	double mj[BERCL_FEC_MAX_BINS][2], vj[BERCL_FEC_MAX_BINS][3], lj[BERCL_FEC_MAX_BINS];
	for (int j = 0; j < f->ng; j++)
		lj[j] = group_sums(f, &f->g[j], b, c, mj[j], vj[j]);
	int u = f->ng - 1;
	double l = 0;
	if (grad) {
		grad[0] = grad[1] = 0;
		hess[0] = hess[1] = hess[2] = 0;
	}
	for (int j = 0; j < f->ng; j++) {
		double ln_mu = f->ln_c + x - lj[u] + lj[j], mu = bercli_exp(ln_mu), n = f->g[j].count;
		/* less the saturated model's: n (e^d - 1 - d), d = ln(mu / n), so
		 * that the sum keeps its last digits at counts of 1e13 */
		if (n > 0) {
			double d = ln_mu - bercli_log(n);
			l -= n * (bercli_expm1(d) - d);
		} else {
			l -= mu;
		}
		if (!grad || j == u)
			continue;
		double d0 = mj[j][0] - mj[u][0], d1 = mj[j][1] - mj[u][1];
		double w = n - mu;
		grad[0] += w * d0;
		grad[1] += w * d1;
		hess[0] += w * (vj[j][0] - vj[u][0]) - mu * d0 * d0;
		hess[1] += w * (vj[j][1] - vj[u][1]) - mu * d0 * d1;
		hess[2] += w * (vj[j][2] - vj[u][2]) - mu * d1 * d1;
	}
	return l;
}

/*
 * PL(x): the maximum over b and c in [0, 1] at ln cer_tail = x, from the
 * start (*b, *c), which it updates. Damped Newton steps, c projected.
 */
static double profile(const fit *f, double x, double *bp, double *cp)
{
	double b = *bp, c = *cp, g[2], h[3];
	double l = loglik(f, x, b, c, g, h);
	double lambda = 1e-6;
	for (int it = 0; it < 100; it++) {
		/* free directions: c at a bound with the gradient pushing out is held */
		int hold_c = (c <= 0 && g[1] < 0) || (c >= SHAPE_MAX && g[1] > 0);
		double nb, nc = c, lnew = -INFINITY;
		int improved = 0;
		for (int tries = 0; tries < 30; tries++) {
			/* solve (-H + lambda D) d = g, D the diagonal of -H (or 1) */
			double a0 = -h[0], a1 = -h[1], a2 = -h[2];
			double d0s = fabs(a0) > 0 ? fabs(a0) : 1, d2s = fabs(a2) > 0 ? fabs(a2) : 1;
			a0 += lambda * d0s;
			a2 += lambda * d2s;
			double db, dc;
			if (hold_c) {
				db = a0 > 0 ? g[0] / a0 : 0;
				dc = 0;
			} else {
				double det = a0 * a2 - a1 * a1;
				if (!(a0 > 0 && det > 0)) {
					lambda = lambda * 10 + 1e-3;
					continue;
				}
				db = (a2 * g[0] - a1 * g[1]) / det;
				dc = (a0 * g[1] - a1 * g[0]) / det;
			}
			nb = b + db;
			nc = fmin(fmax(c + dc, 0.0), SHAPE_MAX);
			if (!isfinite(nb))
				break;
			lnew = loglik(f, x, nb, nc, NULL, NULL);
			if (lnew >= l) {
				improved = 1;
				lambda = fmax(lambda * 0.1, 1e-9);
				break;
			}
			lambda = lambda * 10 + 1e-3;
		}
		if (!improved)
			break;
		double gain = lnew - l;
		b = nb;
		c = nc;
		l = loglik(f, x, b, c, g, h);
		/* l is relative to the saturated model: small where the curve fits,
		 * large (and known only to its own rounding) where it does not */
		if (gain < 1e-12 * (1 + fabs(l)))
			break;
	}
	*bp = b;
	*cp = c;
	return l;
}

/* ln erfc(x), x >= 0: directly, and from its asymptotic series (A&S 7.1.23)
 * where erfc underflows (x > 26), to 1e-12 there. */
static double ln_erfc(double x)
{
	if (x < 26)
		return bercli_log(erfc(x));
	double r = 1 / (2 * x * x);
	return -x * x - bercli_log(x * 1.7724538509055160273) + bercli_log(1 - r + 3 * r * r - 15 * r * r * r);
}

/*
 * The chi-square(1) quantile at cl: z^2, z the normal quantile at (1 + cl) /
 * 2, i.e. erfc(z / sqrt 2) = 1 - cl; by bisection on z in [0, 40] against
 * ln(1 - cl) (one_minus_cl in (0, 1], down to the smallest doubles).
 */
static double chisq1_quantile(double one_minus_cl)
{
	double target = bercli_log(one_minus_cl), lo = 0, hi = 40;
	if (!(target < 0))
		return 0;
	for (int it = 0; it < 200 && hi - lo > 1e-15 * hi; it++) {
		double mid = 0.5 * (lo + hi);
		if (ln_erfc(mid / 1.4142135623730950488) > target)
			lo = mid;
		else
			hi = mid;
	}
	double z = 0.5 * (lo + hi);
	return z * z;
}

static void fill(bercl_lnprob *l, double *v, double x)
{
	x = fmin(x, 0.0);
	l->hi = x;
	l->lo = 0;
	*v = bercli_exp(x);
}

/* The groups as the header takes them: ascending, disjoint, whole counts,
 * the uncorrectable group (lo = t + 1) last; *total and *unc their sums. */
static enum bercl_status check_groups(const bercl_rs_code *code, const int *lo, const int *hi,
                                      const double *count, int ngroups, double *total,
                                      double *unc)
{
	int t = code->t, prev = -1;
	*total = 0;
	*unc = -1;
	for (int j = 0; j < ngroups; j++) {
		if (!(count[j] >= 0 && count[j] <= BERCL_MAX_ERRORS) || count[j] != floor(count[j]))
			return BERCL_EDOM;
		if (lo[j] == t + 1) {
			if (j != ngroups - 1)
				return BERCL_EDOM;
			*unc = count[j];
		} else if (!(lo[j] > prev && hi[j] >= lo[j] && hi[j] <= t)) {
			return BERCL_EDOM;
		}
		prev = hi[j];
		*total += count[j];
	}
	return *unc < 0 || !(*total > 0) ? BERCL_EDOM : BERCL_OK;
}

/* The fit's groups: the top BERCL_FEC_TAIL_BINS groups with codewords
 * among those without bin 0, then the uncorrectable one. 0 where fewer
 * than two such groups leave nothing to fit. */
static int fit_setup(fit *f, const bercl_rs_code *code, const int *lo, const int *hi,
                     const double *count, int ngroups, double total, double unc)
{
	f->code = code;
	f->ln_c = bercli_log(total);
	f->lgn = bercli_lgamma(code->n + 1.0);
	for (int i = 0; i < CACHE && i <= code->n; i++)
		f->lnc[i] = f->lgn - bercli_lgamma(i + 1.0) - bercli_lgamma(code->n - i + 1.0);
	f->ncache = code->n + 1 < CACHE ? code->n + 1 : CACHE;
	int first = -1, kept = 0;
	for (int j = ngroups - 2; j >= 0 && kept < BERCL_FEC_TAIL_BINS; j--)
		if (lo[j] >= 1 && count[j] > 0) {
			first = j;
			kept++;
		}
	if (kept < 2)
		return 0;
	for (int j = first; j < ngroups - 1; j++)
		f->g[f->ng++] = (group){lo[j], hi[j], count[j]};
	f->g[f->ng++] = (group){code->t + 1, code->n, unc};
	return 1;
}

/* x0 for the slope b and shape c: the tail through the top group's count. */
static double start_x(const fit *f, int jb, double b, double c)
{
	double m[2], v[3];
	double lt = group_sums(f, &f->g[f->ng - 1], b, c, m, v),
	       ltop = group_sums(f, &f->g[jb], b, c, m, v);
	return fmin(bercli_log(f->g[jb].count) - f->ln_c + lt - ltop, bercli_log(0.5));
}

/*
 * The search's start: the binomial through the top two groups with
 * codewords, a decaying one (b below 0: a binomial below SER 1/2, the tail
 * at most 1/2); then a geometric start (c = 0) if the binomial one is not
 * finite. *x0, *b, *c and *p0 = PL(x0); BERCL_ENOCONV where neither is.
 */
static enum bercl_status fit_start(const fit *f, double *x0, double *b, double *c, double *p0)
{
	int ja = -1, jb = -1;
	for (int j = f->ng - 2; j >= 0; j--)
		if (f->g[j].count > 0) {
			if (jb < 0)
				jb = j;
			else if (ja < 0)
				ja = j;
		}
	double ia = 0.5 * (f->g[ja].lo + f->g[ja].hi), ib = 0.5 * (f->g[jb].lo + f->g[jb].hi);
	double slope = (bercli_log(f->g[jb].count / (f->g[jb].hi - f->g[jb].lo + 1.0)) -
	                bercli_log(f->g[ja].count / (f->g[ja].hi - f->g[ja].lo + 1.0)) -
	                (ln_choose(f, (int)ib) - ln_choose(f, (int)ia))) /
	               (ib - ia);
	double shape = 1.0;
	slope = fmin(fmax(slope, -60.0), -1e-3);
	for (int attempt = 0; attempt < 2; attempt++) {
		if (attempt == 1) {
			shape = 0.0;
			slope = fmin(fmax((bercli_log(f->g[jb].count) - bercli_log(f->g[ja].count)) / (ib - ia), -60.0),
			             -1e-3);
		}
		*x0 = start_x(f, jb, slope, shape);
		*b = slope;
		*c = shape;
		*p0 = isfinite(*x0) ? profile(f, *x0, b, c) : -INFINITY;
		if (isfinite(*p0))
			return BERCL_OK;
	}
	return BERCL_ENOCONV;
}

/* A point of the profile likelihood and the nuisance parameters there. */
typedef struct {
	double x, pl, b, c;
} point;

/* A bracket [*lo_x, *hi_x] (hi_x at most 0) of PL's maximum from x0:
 * a unit step uphill, then steps growing by 1.6 until PL falls. */
static void bracket_max(const fit *f, point p0, double *lo_x, double *hi_x)
{
	double step = 1.0, xa = p0.x, xb = fmin(p0.x + step, 0.0);
	double b1 = p0.b, c1 = p0.c;
	double pb = profile(f, xb, &b1, &c1);
	if (pb < p0.pl) {
		step = -step;
		xb = p0.x + step;
		b1 = p0.b;
		c1 = p0.c;
		pb = profile(f, xb, &b1, &c1);
	}
	double xc = xb;
	if (pb >= p0.pl) {
		for (int it = 0; it < 200; it++) {
			step *= 1.6;
			xc = fmin(xb + step, 0.0);
			double pc = profile(f, xc, &b1, &c1);
			if (pc < pb)
				break;
			xa = xb;
			xb = xc;
			pb = pc;
			if (xb > 0)
				break;
		}
	} else {
		xc = p0.x - step;
		xa = xb;
	}
	*lo_x = fmin(xa, xc);
	*hi_x = fmin(fmax(xa, xc), 0.0);
}

/* PL's maximum in [lo_x, hi_x] by golden-section search (to 1e-9). */
static point golden_max(const fit *f, point p0, double lo_x, double hi_x)
{
	const double gr = 0.6180339887498949;
	point p1 = {hi_x - gr * (hi_x - lo_x), 0, p0.b, p0.c};
	point p2 = {lo_x + gr * (hi_x - lo_x), 0, p0.b, p0.c};
	p1.pl = profile(f, p1.x, &p1.b, &p1.c);
	p2.pl = profile(f, p2.x, &p2.b, &p2.c);
	for (int it = 0; it < 100 && hi_x - lo_x > 1e-9 * (1 + fabs(hi_x)); it++) {
		if (p1.pl >= p2.pl) {
			hi_x = p2.x;
			p2 = p1;
			p1.x = hi_x - gr * (hi_x - lo_x);
			p1.pl = profile(f, p1.x, &p1.b, &p1.c);
		} else {
			lo_x = p1.x;
			p1 = p2;
			p2.x = lo_x + gr * (hi_x - lo_x);
			p2.pl = profile(f, p2.x, &p2.b, &p2.c);
		}
	}
	point best = p1.pl >= p2.pl ? p1 : p2;
	best.pl = fmax(p1.pl, p2.pl); /* a NaN loses to the other */
	return best;
}

/* One end of the interval, 2 (best - PL(x)) = q: steps doubling outward
 * from the maximum to a point beyond, then bisection (to 1e-10). Beyond
 * every step: -inf below, 0 (CER 1) above. */
static double interval_end(const fit *f, point hat, double q, int side)
{
	double dir = side == 0 ? -1.0 : 1.0, inner = hat.x, outer = hat.x, st = 0.5;
	double bs = hat.b, cs = hat.c;
	int found = 0;
	for (int it = 0; it < 200; it++) {
		outer = hat.x + dir * st;
		if (side == 1 && outer >= 0)
			outer = 0;
		double p = profile(f, outer, &bs, &cs);
		if (2 * (hat.pl - p) >= q) {
			found = 1;
			break;
		}
		if (side == 1 && outer >= 0)
			break;
		inner = outer;
		st *= 2;
	}
	if (!found)
		return side == 0 ? -INFINITY : 0.0;
	for (int it = 0; it < 100 && fabs(outer - inner) > 1e-10 * (1 + fabs(outer)); it++) {
		double mid = 0.5 * (inner + outer);
		double bm = bs, cm = cs;
		double p = profile(f, mid, &bm, &cm);
		if (2 * (hat.pl - p) >= q)
			outer = mid;
		else
			inner = mid, bs = bm, cs = cm;
	}
	return 0.5 * (inner + outer);
}

/* R^2 of the log counts with codewords against the fitted means. */
static double tail_r2(const fit *f, point hat)
{
	double m[2], v[3], ss_res = 0, ss_tot = 0, mean = 0;
	int nz = 0;
	double lu = group_sums(f, &f->g[f->ng - 1], hat.b, hat.c, m, v);
	for (int j = 0; j < f->ng; j++)
		if (f->g[j].count > 0) {
			mean += bercli_log(f->g[j].count);
			nz++;
		}
	mean /= nz;
	for (int j = 0; j < f->ng; j++)
		if (f->g[j].count > 0) {
			double y = bercli_log(f->g[j].count);
			double fitted = f->ln_c + hat.x - lu + group_sums(f, &f->g[j], hat.b, hat.c, m, v);
			ss_res += (y - fitted) * (y - fitted);
			ss_tot += (y - mean) * (y - mean);
		}
	return ss_tot > 0 ? fmax(0.0, 1.0 - ss_res / ss_tot) : 1.0;
}

/* Where the curve cannot describe the bins, the counted uncorrectable
 * codewords are the evidence: Clopper-Pearson at cl, in s and bound[]. */
static enum bercl_status counted_interval(double unc, double total, double cl,
                                          double one_minus_cl, bercl_fec_tail_stats *s,
                                          double *xhat, double bound[2])
{
	double cp_lo, cp_hi;
	enum bercl_status rc =
		bercl_ber_interval(BERCL_BINOMIAL, unc, total, cl, one_minus_cl, &cp_lo, &cp_hi);
	if (rc != BERCL_OK)
		return rc;
	s->counted = 1;
	*xhat = bercli_log(unc / total);
	bound[0] = cp_lo > 0 ? bercli_log(cp_lo) : -INFINITY;
	bound[1] = bercli_log(fmin(cp_hi, 1.0));
	fill(&s->ln_cer_tail, &s->cer_tail, *xhat);
	fill(&s->ln_cer_tail_lower, &s->cer_tail_lower, bound[0]);
	fill(&s->ln_cer_tail_upper, &s->cer_tail_upper, bound[1]);
	/* the ratio and its bounds as doubles, not through their logs */
	s->cer_tail = unc / total;
	s->cer_tail_lower = cp_lo;
	s->cer_tail_upper = fmin(cp_hi, 1.0);
	return BERCL_OK;
}

enum bercl_status bercl_fec_tail(const bercl_rs_code *code, const int *lo, const int *hi,
                                 const double *count, int ngroups, double cl,
                                 double one_minus_cl, bercl_fec_tail_stats *out)
{
	bercl_rs_code check;
	if (bercl_rs_code_make(code->n, code->k, code->m, &check) != BERCL_OK ||
	    check.t != code->t || ngroups < 1 || ngroups > BERCL_FEC_MAX_BINS)
		return BERCL_EDOM;
	double total, unc;
	enum bercl_status rc = check_groups(code, lo, hi, count, ngroups, &total, &unc);
	if (rc != BERCL_OK)
		return rc;
	/* the target rules of bercl.h, as bercl_min_bits takes them (each side
	 * in (0, 1] alone let an inconsistent pair, 0.95 and 0.95, through) */
	if ((rc = bercl_target_check(cl, one_minus_cl)) != BERCL_OK)
		return rc;
	bercl_fec_tail_stats s;
	memset(&s, 0, sizeof s);
	static const fit zero_fit;
	fit f = zero_fit;
	if (!fit_setup(&f, code, lo, hi, count, ngroups, total, unc)) {
		*out = s; /* no fit: bins = 0 */
		return BERCL_OK;
	}
	point p0;
	if ((rc = fit_start(&f, &p0.x, &p0.b, &p0.c, &p0.pl)) != BERCL_OK)
		return rc;
	double lo_x, hi_x;
	bracket_max(&f, p0, &lo_x, &hi_x);
	point hat = golden_max(&f, p0, lo_x, hi_x);
	if (!isfinite(hat.pl) || !isfinite(hat.x))
		return BERCL_ENOCONV;
	/* overdispersion: the deviance D = -2 best over its degrees of
	 * freedom, where above 1, widens the interval (quasi-likelihood) */
	int df = f.ng - 3;
	double phi = df > 0 ? fmax(1.0, -2 * hat.pl / df) : 1.0;
	double q = chisq1_quantile(one_minus_cl) * phi;
	double xhat = hat.x, bound[2] = {interval_end(&f, hat, q, 0), interval_end(&f, hat, q, 1)};
	s.bins = f.ng - 1;
	s.shape = hat.c;
	s.dispersion = phi;
	s.tail_p = df > 0 ? bercli_exp(bercli_ln_chisq_upper(df, -2 * hat.pl)) : 1.0;
	if (df > 0 && s.tail_p < BERCL_FEC_BURST_P && unc > 0) {
		rc = counted_interval(unc, total, cl, one_minus_cl, &s, &xhat, bound);
		if (rc != BERCL_OK)
			return rc;
	} else {
		fill(&s.ln_cer_tail, &s.cer_tail, xhat);
		fill(&s.ln_cer_tail_lower, &s.cer_tail_lower, bound[0]);
		fill(&s.ln_cer_tail_upper, &s.cer_tail_upper, bound[1]);
	}
	s.tail_r2 = tail_r2(&f, (point){xhat, hat.pl, hat.b, hat.c});
	*out = s;
	return BERCL_OK;
}

enum bercl_status bercl_fec_tail_sonic(const bercl_rs_code *code, const double *bins,
                                       bercl_fec_tail_stats *out)
{
	bercl_rs_code check;
	if (bercl_rs_code_make(code->n, code->k, code->m, &check) != BERCL_OK ||
	    check.t != code->t || code->t + 2 > BERCL_FEC_MAX_BINS)
		return BERCL_EDOM;
	int t = code->t;
	bercl_fec_tail_stats s;
	memset(&s, 0, sizeof s);
	/* total over S0 .. St in order, as get_total_cws */
	double total = 0;
	for (int i = 0; i <= t; i++) {
		if (!(bins[i] >= 0 && bins[i] <= BERCL_MAX_ERRORS) || bins[i] != floor(bins[i]))
			return BERCL_EDOM;
		total += bins[i];
	}
	if (!(total > 0)) {
		*out = s;
		return BERCL_OK;
	}
	int kept = 0;
	for (int i = 1; i <= t; i++)
		if (bins[i] > 10)
			kept++;
	if (kept < 2) {
		*out = s;
		return BERCL_OK;
	}
	/* compute_slope_intercept: sums in the order of the bins, x = i */
	double nb = 0, sx = 0, sy = 0, sxx = 0, sxy = 0, syy = 0;
	for (int i = 1; i <= t; i++) {
		if (!(bins[i] > 10))
			continue;
		double y = bercli_log10(bins[i] / total);
		nb = nb + 1;
		sx = sx + i;
		sy = sy + y;
		sxx = sxx + (double)i * i;
		sxy = sxy + i * y;
		syy = syy + y * y;
	}
	double slope = (nb * sxy - sx * sy) / (nb * sxx - sx * sx);
	double intercept = (sy - slope * sx) / nb;
	double num = nb * sxy - sx * sy, den = sqrt((nb * sxx - sx * sx) * (nb * syy - sy * sy));
	double r = num / den;
	double cer = 0;
	for (int x = t + 1; x <= t + 6; x++)
		cer = cer + bercli_exp10(intercept + slope * x);
	if (!isfinite(cer))
		return BERCL_ELIMIT;
	/* a rising line (counts that grow with the bin) sums past 1: SONiC's
	 * extrapolation then says nothing, and a probability is at most 1 */
	if (cer > 1)
		cer = 1;
	s.bins = kept;
	s.cer_tail = cer;
	s.ln_cer_tail.hi = bercli_log(cer);
	/* SONiC's R^2 may round above 1 (1.000000000000003 on a two-bin fit) */
	s.tail_r2 = isfinite(r) ? fmin(r * r, 1.0) : 1.0;
	s.sonic_slope = slope;
	s.sonic_intercept = intercept;
	*out = s;
	return BERCL_OK;
}
