/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * eye.h - bercl eye, every rule of it once, for every face: its flags
 * (rows of the flag table, flags.c, read by its machinery), the scan readers on bytes (CSV with named columns, the
 * AMD/Xilinx IBERT eye-scan export), the rows (one per edge, then one per
 * target BER) and their cells in text, CSV, TSV, JSON lines or one
 * column's values. No stdio, no allocation, no global mutable state: a
 * face hands bytes in and gets text back.
 */
#ifndef BERCL_EYE_H
#define BERCL_EYE_H

#include <stddef.h>

#include "bercl.h"
#include "eye_request.h"

/* The points read from a scan. */
struct eye_points {
	double offset[BERCL_EYE_MAX_POINTS];
	double bits[BERCL_EYE_MAX_POINTS];
	double errors[BERCL_EYE_MAX_POINTS];
	signed char edge[BERCL_EYE_MAX_POINTS];
	int n;
	int has_edge;
	char note[256];                   /* how an export was read (IBERT), or "" */
};

struct eye_result {
	bercl_eye_stats fit;
	bercl_eye_at_ber at[EYE_MAX_BERS];
	int nber;
	char warning[2][320];             /* "" where none */
	/* --plan: one row per offset */
	int plan;
	double plan_offset[BERCL_EYE_MAX_POINTS];
	int nplan;
	double plan_bits, total_bits, time_s, half_width;
	int has_time;
};

/* Every field at its default (1e-12, 95 %, rho 0.5, fit below 1e-3, ...). */
void eye_request_init(struct eye_request *rq);

/*
 * The rules between fields (a face that fills rq itself calls it; the
 * flags' reader does): NULL, or the one message in err. The flags' own
 * domains are their setters' (eye_parse_args).
 */
const char *eye_request_check(const struct eye_request *rq, char *err, size_t len);

/*
 * The flags after `eye` (argv[0] is the first of them), into rq (defaults
 * first). NULL, or the one message (naming the flag and the value) in err.
 */
const char *eye_parse_args(int argc, char *const argv[], struct eye_request *rq, char *err,
                           size_t len);

/*
 * Flag i of eye's table (0 .. while it returns 1): its long name, letter
 * (0 for none), argument name (NULL for a switch) and help line, for a
 * face that builds a form from the table (the page).
 */
int eye_flag_info(int i, const char **name, char *letter, const char **arg, const char **help);

/* A number as the text format writes it (6 significant digits, whole
 * numbers as integers), for a face that shows CSV cells to people. */
void eye_text_number(double v, char *b, size_t len);

/* eye --help: the usage, the flags from the table, the columns. Returns
 * the length it needed (the text is cut to len - 1 bytes). */
size_t eye_help(char *buf, size_t len);

/*
 * Read a scan from len bytes; name for messages ("FILE:LINE: ..."). 0, or
 * -1 with one line in err.
 */
int eye_read(const char *bytes, size_t len, const char *name, const struct eye_request *rq,
             struct eye_points *pts, char *err, size_t errlen);

/*
 * Fit and evaluate (with --plan: the plan, from the scan's fit or from
 * --sigma and --dj when pts is NULL). 0; 2 with the message in err for
 * input that cannot be fitted (too few points with errors on an edge, a
 * --ber above rho); 3 for a numerical failure.
 */
int eye_compute(const struct eye_request *rq, const struct eye_points *pts,
                struct eye_result *res, char *err, size_t errlen);

/*
 * The output in rq->format (or rq->value's column), whole, into buf.
 * Returns the length it needed; 0 with a message in err when --value
 * names no column of these rows.
 */
size_t eye_render(const struct eye_request *rq, const struct eye_result *res, char *buf,
                  size_t len, char *err, size_t errlen);

/* The bytes a rendering can need: generous for EYE_MAX_BERS rows. */
#define EYE_RENDER_BYTES (256 * 1024)

#endif
