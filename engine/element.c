/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * element.c - one element of an elementwise answer (element.h): the
 * arguments read as the command reads its flags, the row computed by
 * compute_row(), and a shorter path for arguments plainly in every domain.
 */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bercl.h"
#include "element.h"
#include "numbers.h"
#include "parse.h"
#include "request.h"
#include "shortest.h"

#define TWO53 9007199254740992.0

const struct element_desc element_answers[NELEMENT] = {
	[EL_TAILS] = {"tails", CMD_CL, 3, 2, {Q_ERRORS, Q_BITS, Q_BER},
	              {"errors", "bits", "ber"}, {"cl", "one_minus_cl"}},
	[EL_LOG10_TAILS] = {"log10_tails", CMD_CL, 3, 2, {Q_ERRORS, Q_BITS, Q_BER},
	                    {"errors", "bits", "ber"}, {"log10_one_minus_cl", "log10_cl"}},
	[EL_MIN_BITS] = {"min_bits", CMD_BITS, 3, 3, {Q_ERRORS, Q_BER, Q_CL},
	                 {"errors", "ber", "cl"}, {"bits", "cl_achieved", "one_minus_cl_achieved"}},
	[EL_MAX_ERRORS] = {"max_errors", CMD_ERRORS, 3, 3, {Q_BITS, Q_BER, Q_CL},
	                   {"bits", "ber", "cl"}, {"errors", "cl_achieved", "one_minus_cl_achieved"}},
	[EL_BER_UPPER] = {"ber_upper", CMD_BER, 3, 1, {Q_ERRORS, Q_BITS, Q_CL},
	                  {"errors", "bits", "cl"}, {"ber_upper"}},
	[EL_BER_INTERVAL] = {"ber_interval", CMD_BER, 3, 2, {Q_ERRORS, Q_BITS, Q_CL},
	                     {"errors", "bits", "cl"}, {"ber_lower", "ber_upper"}},
	[EL_FEC_RATES] = {"fec_rates", CMD_FEC, 4, 3, {Q_CODE_PART, Q_CODE_PART, Q_CODE_PART, Q_BER},
	                  {"n", "k", "m", "ber"}, {"ser", "cer", "post_fec_ber"}},
	[EL_FEC_BER_MAX] = {"fec_ber_max", CMD_FEC, 4, 1,
	                    {Q_CODE_PART, Q_CODE_PART, Q_CODE_PART, Q_CER},
	                    {"n", "k", "m", "cer"}, {"ber_max"}},
	[EL_FEC_SER] = {"fec_ser", CMD_FEC, 4, 4, {Q_CODE_PART, Q_CODE_PART, Q_CODE_PART, Q_SER},
	                {"n", "k", "m", "ser"}, {"ser", "cer", "post_fec_ber", "ber"}},
	[EL_TESTED_BITS] = {"tested_bits", CMD_BER, 3, 1, {Q_RATE, Q_TIME, Q_LANES},
	                    {"rate", "time", "lanes"}, {"bits"}},
	[EL_LINE_RATE] = {"line_rate", CMD_BER, 2, 1, {Q_BAUD, Q_BITS_PER_SYMBOL},
	                  {"baud", "bits_per_symbol"}, {"rate"}},
};

/*
 * A probability as the command's cell means it: below DBL_MIN the cell is
 * printed from the logarithm (format_probability: digits a subnormal
 * double does not keep), so the element is the double that text reads as,
 * not the subnormal the tails rounded (they can differ by a subnormal ulp:
 * binomial 24 errors in 4855 bits at 1e-15, test_faces' soak).
 */
static int subnormal(double v)
{
	return v > 0 && v < DBL_MIN;
}

static double as_printed(double v, bercl_lnprob ln)
{
	if (!(v < DBL_MIN) || ln.hi == -INFINITY)
		return v;
	char b[64];
	double d;
	format_probability(b, sizeof b, v, ln);
	if (strncmp(b, "10^", 3) == 0 || parse_real(b, &d) != NULL)
		return v; /* beyond the doubles: 0, as v is */
	return d;
}

static int is_target(int q)
{
	return q < NQ && flags[q].parse == NULL;
}

static void set_nan(double *out, int n)
{
	for (int i = 0; i < n; i++)
		out[i] = NAN;
}

static int fail_arg(struct element_fail *f, int arg, const char *text, const char *why)
{
	if (f) {
		f->arg = arg;
		f->st = COMPUTE_INPUT;
		f->limit = 0;
		snprintf(f->text, sizeof f->text, "%s", text);
		snprintf(f->why, sizeof f->why, "%s", why);
	}
	return 1;
}

/* A probability given as a double, read into *t: its shortest decimal, as
 * if typed. */
static const struct element_level *read_level(double v, struct element_level *t)
{
	t->valid = 1;
	t->key = v;
	shortest_double(t->text, v);
	t->why = parse_probability_shortest(t->text, v, &t->v[0], &t->v[2], &t->v[1], &t->v[3]);
	return t;
}

/* The same through the cache (NULL: read into *scratch): the last ones
 * read are kept, in one of two slots by a hash of the double's bits (the
 * golden-ratio multiplier's top four bits: a lab's usual levels, 0.5 to
 * 0.999999, each get a slot of their own; the older hash, a xor of shifts
 * modulo 8, put 0.9, 0.99 and 0.999 in one, and a column of them was read
 * again and again). */
static const struct element_level *target_of(double v, struct element_target *cache,
                                             struct element_level *scratch)
{
	if (!cache)
		return read_level(v, scratch);
	uint64_t bits;
	memcpy(&bits, &v, sizeof bits);
	unsigned h = (unsigned)((bits * 0x9e3779b97f4a7c15ULL) >> 60) % ELEMENT_LEVELS;
	struct element_level *a = &cache->slot[h], *b = &cache->slot[h ^ 1];
	if (a->valid && memcmp(&a->key, &v, sizeof v) == 0)
		return a;
	if (b->valid && memcmp(&b->key, &v, sizeof v) == 0)
		return b;
	return read_level(v, !a->valid || b->valid ? a : b);
}

void element_target_init(struct element_target *cache)
{
	for (int i = 0; i < ELEMENT_LEVELS; i++)
		cache->slot[i].valid = 0;
	memset(cache->root_valid, 0, sizeof cache->root_valid);
	memset(cache->bits_valid, 0, sizeof cache->bits_valid);
	memset(cache->bits_next, 0, sizeof cache->bits_next);
}

/* Does slot i of the memo hold (model, e, t)? */
static int bits_holds(const struct element_target *cache, unsigned i, enum bercl_model model,
                      double e, const double t[4])
{
	const struct element_bits *b = &cache->bits[i];
	return cache->bits_valid[i] && b->model == (int)model &&
	       memcmp(&b->errors, &e, sizeof e) == 0 && memcmp(b->t, t, 4 * sizeof *t) == 0;
}

/*
 * The least bits of compute_least_bits() with the memo of what depends on
 * the model, count and target alone kept in the cache (a set of
 * ELEMENT_BITS_WAYS slots by a hash of them, filled in turn;
 * bercl_min_bits_memo(): the same answer as without). With one slot per
 * key, make bench's column of 101 counts by 6 levels (606 keys in 1024
 * slots) missed on 25,293 of its 1e5 elements, each finding the root
 * again; in pairs, on 5,460; in sets of eight, on none but the 606 first uses
 * (the hash replayed over the same keys). A memo used again also keeps its root's
 * bracket (bercl_min_bits_memo()), worth keeping for a key's many BERs.
 */
static enum compute_status least_bits(enum bercl_model model, double e, double p,
                                      const double t[4], struct element_target *cache,
                                      double *bits, bercl_tails *tl)
{
	bercl_target target = {t[0], t[1], t[2], t[3]};
	char why[ROW_ERROR_MAX];
	if (!cache)
		return compute_least_bits(model, e, p, &target, bits, tl, why, sizeof why);
	uint64_t k[5], h = (uint64_t)model + 1;
	memcpy(&k[0], &e, sizeof e);
	memcpy(&k[1], t, 4 * sizeof *t);
	for (int i = 0; i < 5; i++)
		h = (h ^ k[i]) * 0x9e3779b97f4a7c15ULL;
	unsigned at = (unsigned)(h >> 53) % ELEMENT_BITS & ~(unsigned)(ELEMENT_BITS_WAYS - 1);
	/* the hashes first: a miss reads one cache line, not eight slots (a
	 * slot's hash is read only once it is filled: init does not clear them) */
	for (unsigned w = 0; w < ELEMENT_BITS_WAYS; w++)
		if (cache->bits_valid[at + w] && cache->bits_hash[at + w] == h &&
		    bits_holds(cache, at + w, model, e, t))
			return compute_least_bits_memo(model, e, p, &target, &cache->bits[at + w].memo,
			                               bits, tl, why, sizeof why);
	/* the set's slots filled in turn: the oldest out */
	unsigned char *next = &cache->bits_next[at / ELEMENT_BITS_WAYS];
	at += *next;
	*next = (unsigned char)((*next + 1) % ELEMENT_BITS_WAYS);
	struct element_bits *b = &cache->bits[at];
	b->errors = e;
	memcpy(b->t, t, 4 * sizeof *t);
	b->model = (int)model;
	b->memo = (bercl_bits_memo){0};
	cache->bits_valid[at] = 1;
	cache->bits_hash[at] = h;
	return compute_least_bits_memo(model, e, p, &target, &b->memo, bits, tl, why, sizeof why);
}

/*
 * The Poisson BER bounds (upper: a 1; interval: 2) for plain tested
 * arguments and a target t (its doubles t[0], t[2]), their roots found
 * once per count and target through the cache (a slot by a hash of the
 * three doubles; a lab's columns hold a few targets and counts, and each
 * root costs two or three tail evaluations): the same doubles as
 * bercl_ber_upper() and bercl_ber_interval() (bercl_ber_roots_find(),
 * bercl_ber_bounds_at()).
 */
static enum bercl_status poisson_bound(int kind, double e, double n, const double t[4],
                                       struct element_target *cache, double *out)
{
	bercl_ber_roots local, *r = &local;
	uint64_t k[3], h;
	memcpy(&k[0], &e, sizeof e);
	memcpy(&k[1], &t[0], sizeof t[0]);
	memcpy(&k[2], &t[2], sizeof t[2]);
	h = ((k[0] * 0x9e3779b97f4a7c15ULL) ^ k[1]) * 0xbf58476d1ce4e5b9ULL ^ k[2];
	h = (h * 0x94d049bb133111ebULL) >> 54; /* 10 bits: ELEMENT_ROOTS */
	int hit = 0;
	if (cache) {
		r = &cache->root[h % ELEMENT_ROOTS];
		hit = cache->root_valid[h % ELEMENT_ROOTS] && r->two_sided == (kind == 2) &&
		      memcmp(&r->errors, &e, sizeof e) == 0 && memcmp(&r->cl, &t[0], sizeof e) == 0 &&
		      memcmp(&r->one_minus_cl, &t[2], sizeof e) == 0;
	}
	if (!hit) {
		bercl_ber_roots_find(e, t[0], t[2], kind == 2, r); /* its status kept in *r */
		if (cache)
			cache->root_valid[h % ELEMENT_ROOTS] = 1;
	}
	if (kind == 1)
		return bercl_ber_bounds_at(r, n, NULL, &out[0]);
	return bercl_ber_bounds_at(r, n, &out[0], &out[1]);
}

/* The target's four doubles: given (exact), or read from the double (through
 * the cache, or into *scratch where it is NULL; *text lives as long). */
static const char *target_forms(double v, const double *given, int exact,
                                struct element_target *cache, struct element_level *scratch,
                                double forms[4], const char **text)
{
	if (exact) {
		/* four doubles from a face that read the digits: a direct call can
		 * pass any four, and the pair must be a level and its complement */
		memcpy(forms, given, 4 * sizeof *forms);
		*text = "";
		if (!(isfinite(given[1]) && isfinite(given[3])) ||
		    bercl_target_check(given[0], given[2]) != BERCL_OK)
			return "is not a level and its complement (value, rest, 1 - value, rest)";
		return NULL;
	}
	const struct element_level *t = target_of(v, cache, scratch);
	memcpy(forms, t->v, 4 * sizeof *forms);
	*text = t->text;
	return t->why;
}

/*
 * A whole count plainly inside --errors' domain (0 to 2^53, no minus
 * sign) and bits plainly inside --bits' (above 0, at most 1e300, at least
 * the errors; whole for the binomial model): the full path would accept
 * them unchanged.
 */
static int plain_tested(enum bercl_model model, double e, double n)
{
	return e >= 0 && e <= TWO53 && e == floor(e) && !signbit(e) && n > 0 && n <= 1e300 &&
	       e <= n && (model == BERCL_POISSON || n == floor(n));
}

static int probability(double v)
{
	return v >= 0 && v <= 1;
}

/*
 * EL_TAILS' shorter path: the two tails at (errors, bits, ber) as the full
 * path prints them, for arguments plainly in every domain: each model's
 * doubles without logarithms (bercl_poisson_values at lambda = bits * ber
 * exactly, hi + lo, as compute_tails_at takes it; bercl_binomial_values),
 * and where one is subnormal both from the tails with their logarithms
 * (as_printed: what the full path prints). want0, want1: the outputs
 * wanted (the binomial model then spares a sum the other would cost; an
 * output not wanted is left 0.5). 1 with out[0..2) set, else 0.
 */
static int tails_printed(enum bercl_model model, const double in[3], int want0, int want1,
                         double *out)
{
	if (!plain_tested(model, in[0], in[1]) || !(in[2] >= DBL_MIN && in[2] < 1))
		return 0;
	double lam = in[1] * in[2], lam_lo = 0;
	enum bercl_status rc;
	out[0] = out[1] = 0.5;
	if (model == BERCL_BINOMIAL) {
		rc = bercl_binomial_values(in[0], in[1], in[2], want0 ? &out[0] : NULL,
		                           want1 ? &out[1] : NULL);
	} else {
		if (!(lam >= BERCL_MIN_LAMBDA && lam <= BERCL_MAX_LAMBDA))
			return 0;
		lam_lo = fma(in[1], in[2], -lam);
		rc = bercl_poisson_values(in[0], lam, lam_lo, &out[0], &out[1]);
	}
	if (rc != BERCL_OK)
		return 0;
	if (subnormal(out[0]) || subnormal(out[1])) {
		bercl_tails tl;
		rc = model == BERCL_BINOMIAL ? bercl_binomial_tails(in[0], in[1], in[2], &tl)
		                             : bercl_poisson_tails(in[0], lam, lam_lo, &tl);
		if (rc != BERCL_OK)
			return 0;
		out[0] = as_printed(tl.cl, tl.ln_cl);
		out[1] = as_printed(tl.one_minus_cl, tl.ln_one_minus_cl);
	}
	return probability(out[0]) && probability(out[1]);
}

/* The shorter path: 1 with out[0..want) filled where it applies and
 * succeeds. */
static int quick(enum element_answer a, enum bercl_model model, int exact, const double *in,
                 double *out, int want, struct element_target *cache)
{
	double t[4];
	const char *text;
	struct element_level scratch;
	bercl_tails tl;
	switch (a) {
	case EL_TAILS:
		return tails_printed(model, in, 1, want > 1, out);
	case EL_BER_UPPER:
	case EL_BER_INTERVAL:
		if (!plain_tested(model, in[0], in[1]) ||
		    target_forms(in[2], in + 2, exact, cache, &scratch, t, &text) || !(t[0] >= DBL_MIN))
			return 0;
		if (model == BERCL_POISSON) {
			if (poisson_bound(a == EL_BER_UPPER ? 1 : 2, in[0], in[1], t, cache, out) !=
			    BERCL_OK)
				return 0;
		} else if (a == EL_BER_UPPER) {
			if (bercl_ber_upper(model, in[0], in[1], t[0], t[2], &out[0]) != BERCL_OK)
				return 0;
		} else if (bercl_ber_interval(model, in[0], in[1], t[0], t[2], &out[0], &out[1]) !=
		           BERCL_OK) {
			return 0;
		}
		if (a == EL_BER_UPPER)
			return out[0] >= 0 && out[0] <= (model == BERCL_BINOMIAL ? 1 : INFINITY);
		return out[0] >= 0 && out[0] <= out[1] &&
		       out[1] <= (model == BERCL_BINOMIAL ? 1 : INFINITY);
	case EL_MIN_BITS: {
		double e = in[0], p = in[1];
		if (!(e >= 0 && e <= TWO53 && e == floor(e) && !signbit(e) && p >= DBL_MIN && p < 1) ||
		    target_forms(in[2], in + 2, exact, cache, &scratch, t, &text) || !(t[0] >= DBL_MIN))
			return 0;
		/* the bits alone: the tails are not evaluated where the library
		 * certifies that their doubles reach the target (the same bits) */
		if (least_bits(model, e, p, t, cache, &out[0], want > 1 ? &tl : NULL) != COMPUTE_OK)
			return 0;
		if (want <= 1) {
			out[1] = out[2] = NAN;
			return out[0] > 0;
		}
		out[1] = as_printed(tl.cl, tl.ln_cl);
		out[2] = as_printed(tl.one_minus_cl, tl.ln_one_minus_cl);
		return out[0] > 0 && probability(out[1]) && probability(out[2]);
	}
	default:
		return 0;
	}
}

/* One argument into the row, read as its flag reads it. */
static int put_arg(struct row_input *ri, int q, int arg, double v, const double *given, int exact,
                   struct element_target *cache, struct element_fail *f)
{
	char text[40];
	const char *why;
	if (is_target(q)) {
		double t[4];
		const char *shown;
		struct element_level scratch;
		why = target_forms(v, given, exact, cache, &scratch, t, &shown);
		if (!why)
			why = row_set(ri, q, t[0], t[2]);
		if (why)
			return fail_arg(f, arg, shown, why);
		if (q == Q_CL) {
			ri->cl_lo = t[1];
			ri->cl_complement_lo = t[3];
		}
		return 0;
	}
	shortest_double(text, v);
	double read, complement;
	why = quantity_parse(q, text, &read, &complement);
	if (!why)
		why = row_set(ri, q, read, complement);
	return why ? fail_arg(f, arg, text, why) : 0;
}

/* n, k and m of a code: whole numbers, a Reed-Solomon code. */
static int put_code(struct row_input *ri, const double *in, struct element_fail *f)
{
	char text[40];
	for (int i = 0; i < 3; i++)
		if (!(in[i] == floor(in[i]) && fabs(in[i]) <= 65537)) {
			shortest_double(text, in[i]);
			return fail_arg(f, i, text, "must be a whole number");
		}
	if (bercl_rs_code_make((int)in[0], (int)in[1], (int)in[2], &ri->code) != BERCL_OK) {
		if (f) {
			f->arg = -1;
			f->st = COMPUTE_INPUT;
			f->limit = 0;
			snprintf(f->why, sizeof f->why,
			         "code (%.0f, %.0f, %.0f): not a Reed-Solomon code (needs 1 <= m <= 16 "
			         "and 1 <= k < n <= 2^m + 1)",
			         in[0], in[1], in[2]);
		}
		return 1;
	}
	ri->code_name = "rs";
	return 0;
}

/* The answer's outputs from a computed row. */
static void outputs(enum element_answer a, const struct row *r, double *out)
{
	switch (a) {
	case EL_TAILS:
		out[0] = as_printed(r->tails.cl, r->tails.ln_cl);
		out[1] = as_printed(r->tails.one_minus_cl, r->tails.ln_one_minus_cl);
		break;
	case EL_LOG10_TAILS:
		out[0] = bercl_lnprob_log10(r->tails.ln_one_minus_cl);
		out[1] = bercl_lnprob_log10(r->tails.ln_cl);
		break;
	case EL_MIN_BITS:
		out[0] = r->bits;
		out[1] = as_printed(r->tails.cl, r->tails.ln_cl);
		out[2] = as_printed(r->tails.one_minus_cl, r->tails.ln_one_minus_cl);
		break;
	case EL_MAX_ERRORS:
		out[0] = r->in.errors;
		out[1] = as_printed(r->tails.cl, r->tails.ln_cl);
		out[2] = as_printed(r->tails.one_minus_cl, r->tails.ln_one_minus_cl);
		break;
	case EL_BER_UPPER:
		out[0] = r->ber_upper;
		break;
	case EL_BER_INTERVAL:
		out[0] = r->ber_lower;
		out[1] = r->ber_upper;
		break;
	case EL_FEC_RATES:
		out[0] = r->fec.ser;
		out[1] = r->fec.cer;
		out[2] = r->fec.post_fec_ber;
		break;
	case EL_FEC_BER_MAX:
		out[0] = r->ber_max;
		break;
	case EL_FEC_SER:
		out[0] = r->fec.ser;
		out[1] = r->fec.cer;
		out[2] = r->fec.post_fec_ber;
		out[3] = r->in.ber; /* the pre-FEC BER of the SER, as the row has it */
		break;
	case EL_TESTED_BITS:
		out[0] = r->bits;
		break;
	case EL_LINE_RATE:
		out[0] = r->in.rate_bps;
		break;
	default:
		break;
	}
}

/* The one message for a library limit, whichever model (compute_status_message). */
static int is_limit_message(const char *msg)
{
	return strcmp(msg, compute_status_message(BERCL_POISSON, BERCL_ELIMIT)) == 0 ||
	       strcmp(msg, compute_status_message(BERCL_BINOMIAL, BERCL_ELIMIT)) == 0;
}

/* The full path; the row's tails into *tails where it is not NULL. */
static int full(enum element_answer a, enum bercl_model model, int exact, const double *in,
                double *out, struct element_fail *f, struct element_target *cache,
                bercl_tails *tails)
{
	if ((unsigned)a >= NELEMENT)
		return 1;
	const struct element_desc *d = &element_answers[a];
	set_nan(out, d->nout);
	struct row_input ri;
	row_input_init(&ri, model, a == EL_BER_INTERVAL, 0);
	int at = 0;
	if (d->args[0] == Q_CODE_PART) {
		if (put_code(&ri, in, f))
			return 1;
		at = 3;
	}
	for (int i = at; i < d->nargs; i++)
		if (put_arg(&ri, d->args[i], i, in[i], in + i, exact, cache, f))
			return 1;
	if (a == EL_TESTED_BITS) {
		/* the bits a `ber` row derives (0 errors, a bound at 50 %: it always
		 * has one): bits = rate * time * lanes, whole where within 4 ulps */
		ri.errors = 0;
		row_set(&ri, Q_CL, 0.5, 0.5);
	}
	struct row r;
	row_reset(&r, &ri);
	/* the line rate alone: the rule every row applies first */
	enum compute_status st = a == EL_LINE_RATE ? compute_line_rate(&r) : compute_row(d->cmd, &r);
	if (st == COMPUTE_OK) {
		outputs(a, &r, out);
		if (tails)
			*tails = r.tails;
		return 0;
	}
	if (f) {
		f->arg = -1;
		f->st = st;
		f->limit = st == COMPUTE_INPUT && is_limit_message(r.error);
		f->text[0] = '\0';
		snprintf(f->why, sizeof f->why, "%s", r.error);
	}
	set_nan(out, d->nout);
	return 1;
}

int element_compute_some(enum element_answer a, enum bercl_model model, int exact,
                         const double *in, double *out, int want, struct element_fail *f,
                         struct element_target *cache)
{
	if ((unsigned)a < NELEMENT && quick(a, model, exact, in, out, want, cache))
		return 0;
	return full(a, model, exact, in, out, f, cache, NULL);
}

int element_compute(enum element_answer a, enum bercl_model model, int exact, const double *in,
                    double *out, struct element_fail *f, struct element_target *cache)
{
	return element_compute_some(a, model, exact, in, out, ELEMENT_MAX_OUT, f, cache);
}

size_t element_tails_strided(enum bercl_model model, size_t n, const char *const in[3],
                             const ptrdiff_t in_step[3], char *const out[2],
                             const ptrdiff_t out_step[2], int first, int nout)
{
	size_t failed = 0;
	for (size_t i = 0; i < n; i++) {
		double v[3], o[ELEMENT_MAX_OUT];
		for (int j = 0; j < 3; j++)
			memcpy(&v[j], in[j] + (ptrdiff_t)i * in_step[j], sizeof v[j]);
		/* the quick path of EL_TAILS without element_compute()'s dispatch */
		int done = tails_printed(model, v, first == 0, first + nout > 1, o);
		if (!done)
			failed += (size_t)element_compute(EL_TAILS, model, 0, v, o, NULL, NULL);
		for (int k = 0; k < nout; k++)
			memcpy(out[k] + (ptrdiff_t)i * out_step[k], &o[first + k], sizeof o[0]);
	}
	return failed;
}

int element_tails(enum bercl_model model, const double in[3], bercl_tails *tails,
                  struct element_fail *f)
{
	double out[ELEMENT_MAX_OUT];
	return full(EL_TAILS, model, 0, in, out, f, NULL, tails);
}

int element_target_arg(enum element_answer a)
{
	if ((unsigned)a >= NELEMENT)
		return -1;
	const struct element_desc *d = &element_answers[a];
	return d->nargs > 0 && is_target(d->args[d->nargs - 1]) ? d->nargs - 1 : -1;
}

/*
 * A level given as a float32 or a float16: the double nearest the decimal
 * numpy prints for it (shortest_float, shortest_half: at most 9 and 5
 * significant digits), so that element_compute(), which reads a double as
 * its shortest decimal, reads that decimal: a decimal of at most 15 digits
 * is the shortest decimal of its nearest double (any other decimal within
 * half an ulp of it, 1.1e-16 relative, would need 16 digits or more).
 */
double element_level_float(float v)
{
	char text[40];
	shortest_float(text, v);
	return strtod(text, NULL);
}

double element_level_half(uint16_t bits)
{
	char text[40];
	shortest_half(text, bits);
	return strtod(text, NULL);
}

int element_code(const char *text, bercl_rs_code *code, char *why, size_t len)
{
	struct options o;
	memset(&o, 0, sizeof o);
	if (option_code(text, &o, why, len))
		return -1;
	*code = o.code;
	return 0;
}
