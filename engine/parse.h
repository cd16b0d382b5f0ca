/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * parse.h - the number syntax of bercl's flags and batch columns.
 *
 * Every parser reads a whole string: leading or trailing junk, an empty
 * string, NaN and infinity are rejected. Each returns NULL on success or a
 * short reason ("not a number", "must be a whole number") that the caller
 * prints after the flag and the value. No I/O, no allocation, locale-free
 * (a '.' is the decimal point whatever LC_NUMERIC says).
 */
#ifndef BERCL_PARSE_H
#define BERCL_PARSE_H

#include <stddef.h>

/* A plain decimal number: 1e-12, 0.5, 42. */
const char *parse_real(const char *s, double *out);
/* A number with an optional SI suffix k M G T P E: 3T = 3e12. */
const char *parse_si(const char *s, double *out);
/* A line rate: SI number, then optionally bps, b/s or bit/s: 10Gb/s (not Bd). */
const char *parse_rate(const char *s, double *out);
/* A symbol rate: SI number, then optionally Bd or baud: 26.5625GBd. */
const char *parse_baud(const char *s, double *out);
/* A duration in seconds: 90, 90s, 15min, 2.5h, 1h30m, 2d, 1w, 1.5y (365.25 d). */
const char *parse_duration(const char *s, double *out);
/* A whole number in [0, 2^53]; 1e6 and 2M are accepted when whole. */
const char *parse_count(const char *s, double *out);
/*
 * A probability: 0.95 or 95%. Also sets *complement = 1 - value, worked out
 * from the decimal digits so that 0.99999999999999999999 gives exactly 1e-20.
 */
const char *parse_probability(const char *s, double *out, double *complement);
/*
 * parse_probability() with the rest of each beyond its double (*out_lo,
 * *complement_lo, either may be NULL): value + *out_lo and complement +
 * *complement_lo are the decimal and 1 - the decimal in double-double,
 * from the digits (the exact target of bercl_min_bits_target()).
 */
const char *parse_probability_exact(const char *s, double *out, double *complement,
                                    double *out_lo, double *complement_lo);
/*
 * parse_probability_exact() of s, the shortest decimal of v (shortest.h
 * shortest_double: it reads as v), without reading v again where it is a
 * normal double below 1: the same doubles and message (element.c reads a
 * level given as a double so, once per element where the levels differ).
 */
const char *parse_probability_shortest(const char *s, double v, double *out, double *complement,
                                       double *out_lo, double *complement_lo);


/*
 * Lists and ranges of values for one flag:
 *   1e-12,1e-15         a list
 *   0..10               whole numbers, step 1 (or -1 when counting down)
 *   1e-15..1e-9:7       7 evenly spaced points, both ends included
 *   1e-15..1e-9:7log    7 logarithmically spaced points
 * and any comma-separated mix of these. For whole numbers (parse_count) the
 * spaced points are rounded to whole numbers, which must be distinct:
 * 0..100:11 is 0, 10, ..., 100; 1..1e6:7log is 1, 10, ..., 1e6. Values are produced on demand, so a
 * range of 1e8 points takes no memory.
 */
typedef const char *(*scalar_parser)(const char *s, double *out);

enum item_kind { ITEM_ONE, ITEM_STEP, ITEM_LIN, ITEM_LOG };

struct item {
	enum item_kind kind;
	double a, b;        /* ITEM_ONE: value a, complement b */
	double a_lo, b_lo;  /* ITEM_ONE probabilities: their rests (parse_probability_exact) */
	unsigned long long n;
	int whole;          /* ITEM_LIN, ITEM_LOG of whole numbers: rounded */
};

struct vlist {
	struct item *items;
	size_t nitems;
	unsigned long long count; /* total number of values, at most 2^53 */
	int is_probability;       /* values carry an exact complement */
};

/*
 * Parse a list or range with `parse` for each end (NULL for probabilities,
 * which use parse_probability). On error returns a reason and leaves *out
 * empty; the caller prints it after the flag and the offending text, which
 * is stored in *bad (a pointer into s, or s itself).
 */
const char *parse_vlist(const char *s, scalar_parser parse, struct vlist *out,
                        const char **bad);
void vlist_free(struct vlist *v);
/* The i-th value (0 <= i < count), and its complement for probabilities. */
double vlist_value(const struct vlist *v, unsigned long long i, double *complement);
/*
 * The same from a position kept between calls ({0, 0} to start): the values
 * in order cost O(1) each, where vlist_value walks the items from the first.
 */
struct vlist_pos {
	size_t item;              /* the item holding the last value asked for */
	unsigned long long first; /* the index of that item's first value */
};
double vlist_at(const struct vlist *v, struct vlist_pos *p, unsigned long long i,
                double *complement);
/* The rests of the value vlist_at() last gave at p, and of its complement,
 * beyond their doubles: a single probability's (parse_probability_exact),
 * 0 for range points. */
void vlist_lo_at(const struct vlist *v, const struct vlist_pos *p, double *lo,
                 double *complement_lo);
/* Smallest and largest value. */
double vlist_min(const struct vlist *v);
double vlist_max(const struct vlist *v);

/*
 * A value as a message shows it: printable ASCII (any other byte as '?'),
 * at most 40 bytes, then "..." (a control character cannot break the line,
 * a long value cannot flood it). Returns buf.
 */
const char *shown_text(const char *s, char *buf, size_t len);
/* "a, b or c": a NULL-ended list of names as a message lists choices.
 * Returns buf. */
const char *names_joined(const char *const *names, char *buf, size_t len);
/* A message made one line: each control character (a newline, a CR that
 * would hide what comes before it) as '?'. Returns line. */
char *line_safe(char *line);
/* "NAME 'TEXT': REASON", TEXT as shown_text() shows it: a bad value's one
 * message, whichever face met it (NAME: --bits on a command line, bits in a
 * batch column or a Python argument). */
void value_message(char *buf, size_t len, const char *name, const char *text, const char *reason);
/* The scalar syntaxes by name (real, si, count, rate, baud, duration), for
 * a face that reads one value of a kind; NULL for another name. */
scalar_parser parse_syntax(const char *name);

#endif
