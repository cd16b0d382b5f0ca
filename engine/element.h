/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * element.h - one element of an elementwise answer, for a face that holds
 * its numbers as doubles (the Python package's numpy ufuncs; a page's typed
 * arrays could use it too).
 *
 * A face gives each argument as a double. The engine reads it as if its
 * shortest decimal had been typed for the flag of that name (the flag's
 * syntax and domain, flags.c), so that every check and every message is
 * the command's; a probability (cl, cer) given as a double is read from
 * that decimal too, its complement exact from the digits (0.95 is 95 %, not
 * the double nearest 0.95). Then the row is computed by compute_row(), the
 * command's one path. Where the arguments are plainly inside every domain,
 * a shorter path calls the same library function compute_row() would end
 * in (the same doubles); anything else takes the full path, for its message.
 *
 * No allocation, no I/O, no state: a caller keeps a struct element_target
 * per thread (a cache of the last probability read).
 */
#ifndef BERCL_ELEMENT_H
#define BERCL_ELEMENT_H

#include <stddef.h>
#include <stdint.h>

#include "bercl.h"
#include "compute.h"
#include "flags.h"
#include "row.h"

enum element_answer {
	EL_TAILS,        /* (errors, bits, ber) -> (cl, one_minus_cl) */
	EL_LOG10_TAILS,  /* (errors, bits, ber) -> (log10_one_minus_cl, log10_cl) */
	EL_MIN_BITS,     /* (errors, ber, cl) -> (bits, cl_achieved, one_minus_cl_achieved) */
	EL_MAX_ERRORS,   /* (bits, ber, cl) -> (errors, cl_achieved, one_minus_cl_achieved);
	                    errors NAN (no failure) where even 0 errors miss the target */
	EL_BER_UPPER,    /* (errors, bits, cl) -> (ber_upper) */
	EL_BER_INTERVAL, /* (errors, bits, cl) -> (ber_lower, ber_upper) */
	EL_FEC_RATES,    /* (n, k, m, ber) -> (ser, cer, post_fec_ber) */
	EL_FEC_BER_MAX,  /* (n, k, m, cer) -> (ber_max) */
	EL_FEC_SER,      /* (n, k, m, ser) -> (ser, cer, post_fec_ber, ber): fec --ser */
	EL_TESTED_BITS,  /* (rate, time, lanes) -> (bits): the bits of a test of that time,
	                    rate * time * lanes as the command derives them */
	EL_LINE_RATE,    /* (baud, bits_per_symbol) -> (rate): the bit rate of a symbol
	                    rate, as --baud with --bits-per-symbol gives it */
	NELEMENT
};

#define ELEMENT_MAX_ARGS 4 /* a target given exactly takes 3 doubles more */
#define ELEMENT_MAX_OUT 4
#define Q_CODE_PART NQ     /* an argument that is n, k or m of a Reed-Solomon code */

struct element_desc {
	const char *name;                  /* the answer's name (the command's column) */
	enum command cmd;
	int nargs, nout;
	int args[ELEMENT_MAX_ARGS];        /* each argument's quantity (or Q_CODE_PART) */
	const char *arg_names[ELEMENT_MAX_ARGS]; /* as a face names them (the flag names) */
	const char *out_names[ELEMENT_MAX_OUT];
};

extern const struct element_desc element_answers[NELEMENT];

/* Why an element has no answer. */
struct element_fail {
	int arg;                 /* the argument at fault, or -1: the combination */
	enum compute_status st;  /* COMPUTE_INPUT, or COMPUTE_NUMERIC */
	int limit;               /* COMPUTE_INPUT beyond a documented limit of the model */
	char text[40];           /* arg >= 0: the argument as read (its shortest decimal) */
	char why[ROW_ERROR_MAX]; /* arg >= 0: the reason after "NAME 'TEXT': "; else the message */
};

/* A probability read from a double (its digits parsed once). */
struct element_level {
	int valid;
	double key;
	double v[4];             /* value, value_lo, complement, complement_lo */
	const char *why;         /* NULL, or why it is not a probability */
	char text[40];
};

/* The last probabilities read, by their double's bits (a lab's arrays hold a
 * handful of levels, in any order): two slots a level may sit in, picked
 * by a multiplicative hash of its bits. */
#define ELEMENT_LEVELS 16

/* A Poisson BER bound's roots for one count and target (bercl.h's
 * bercl_ber_roots_find(): they do not depend on the bits), one-sided the
 * upper bound's, two-sided the interval's two. */
#define ELEMENT_ROOTS 1024

/* The minimum bits' memo for one model, count and target (bercl.h's
 * bercl_min_bits_memo(): what does not depend on the BER), with the key
 * the engine filed it under; ELEMENT_BITS_WAYS slots a key may sit in (a
 * set by a hash of it), so that a lab's grid of counts and levels (101
 * counts x 6 levels) keeps nearly all its keys. */
struct element_bits {
	double errors, t[4];
	int model;
	bercl_bits_memo memo;
};
#define ELEMENT_BITS 2048
#define ELEMENT_BITS_WAYS 8

/* What a loop keeps from one element to the next (element_target_init()
 * before the first: it clears the valid flags only). */
struct element_target {
	struct element_level slot[ELEMENT_LEVELS];
	unsigned char root_valid[ELEMENT_ROOTS];
	bercl_ber_roots root[ELEMENT_ROOTS];
	unsigned char bits_valid[ELEMENT_BITS];
	unsigned char bits_next[ELEMENT_BITS / ELEMENT_BITS_WAYS]; /* each set's slot to fill next */
	uint64_t bits_hash[ELEMENT_BITS]; /* each slot's key hashed: a set's in one cache line */
	struct element_bits bits[ELEMENT_BITS];
};
void element_target_init(struct element_target *cache);

/*
 * One element: in[] holds the answer's arguments in order (the target, the
 * last argument where there is one, as one double; with exact, as the four
 * doubles of parse_probability_exact: value, value_lo, complement,
 * complement_lo). Fills out[0..nout) and returns 0, or returns 1 with
 * out[] NAN and the reason in *f (which may be NULL: a loop that wants only
 * the NANs). cache may be NULL.
 */
int element_compute(enum element_answer a, enum bercl_model model, int exact, const double *in,
                    double *out, struct element_fail *f, struct element_target *cache);
/* The same where only out[0..want) is wanted (the rest may be left NAN):
 * the same values there, and min_bits' alone skips its tails where the
 * library certifies they cannot change the bits (bercl_min_bits_margin()). */
int element_compute_some(enum element_answer a, enum bercl_model model, int exact,
                         const double *in, double *out, int want, struct element_fail *f,
                         struct element_target *cache);

/*
 * EL_TAILS over strided arrays (a loop of element_compute() without its
 * per-element dispatch: the Poisson tails are a tenth of a microsecond, the
 * dispatch a noticeable share): n elements, in[j] + i * in_step[j] bytes for
 * argument j, out[k] + i * out_step[k] for output `first + k` (nout of them).
 * Returns the elements without an answer (NAN there).
 */
size_t element_tails_strided(enum bercl_model model, size_t n, const char *const in[3],
                             const ptrdiff_t in_step[3], char *const out[2],
                             const ptrdiff_t out_step[2], int first, int nout);

/* (errors, bits, ber) -> both tails with their logarithms, by the full path. */
int element_tails(enum bercl_model model, const double in[3], bercl_tails *tails,
                  struct element_fail *f);

/* A code as --code names it (kp4, kr4, rs:N,K[,M]): 0, or -1 with the
 * command's message in why. */
int element_code(const char *text, bercl_rs_code *code, char *why, size_t len);

/* The argument that is a target (a level or a CER read as its decimal,
 * the last one), or -1 where the answer has none. */
int element_target_arg(enum element_answer a);

/*
 * A level given as a float32 or a float16 (by its bits): the double whose
 * shortest decimal is the one numpy prints for it (0.95 for the float32
 * 0.949999988079071), to hand to element_compute() as a level typed so.
 */
double element_level_float(float v);
double element_level_half(uint16_t bits);

#endif
