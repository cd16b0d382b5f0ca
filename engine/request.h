/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * request.h - one question as the flags put it (struct options): what each
 * face fills, from argv (src/options.c), a batch header or a page's query,
 * and what the engine's layout and rows read. The actions of the flag table
 * that are more than a field write (request.c) return NULL or the whole
 * message for that value; the face decides what a message does (the
 * command: exit status 2).
 */
#ifndef BERCL_REQUEST_H
#define BERCL_REQUEST_H

#include <stddef.h>

#include "bercl.h"
#include "flags.h"
#include "parse.h"
#include "row.h"

#define MAX_LANES 1024

struct eye_request;

struct options {
	enum command cmd;
	const char *text[NQ];        /* flag text per quantity */
	struct vlist list[NQ];
	unsigned char seen[NFLAGS_ALL]; /* times each flag was given */
	/* fields the flag table writes (flags.c: an enum or a switch is an int) */
	int model;                   /* enum bercl_model */
	int format;                  /* enum format */
	const char *input;
	char delimiter;              /* --delimiter, 0: from the header */
	const char *value;           /* --value COLUMN */
	int verify;
	int two_sided;
	int sequential;
	int plan;                    /* watch --plan */
	/* fec */
	const char *code_text;
	bercl_rs_code code;
	const char *code_name;       /* kp4, kr4 or rs:N,K,M (code_name_buf for rs:) */
	char code_name_buf[48];
	const char *histogram;       /* --histogram file */
	int tail_sonic;              /* --method sonic */
	int histogram_format;        /* --histogram-format: enum telemetry_format */
	const struct telemetry *telem; /* the histograms read (ports, lanes: telemetry.c) */
	/* cl --lane-errors, bits --all-lanes */
	const char *lane_text;
	double lane_errors[MAX_LANES];
	int nlanes;
	int all_lanes;
	/* clustered errors */
	const char *intervals;       /* cl, ber, watch --intervals file */
	int intervals_form;          /* --intervals-form: enum intervals_form */
	/* warnings about the flags (quantity_warning), said only once the
	 * command line has passed every check: an error is one line alone */
	char warnings[4][256];
	int nwarnings;
	int clustered;               /* watch --clustered */
	int burst_model;             /* simulate --burst-model: 1 gilbert-elliott */
	struct eye_request *eye;     /* bercl eye: where its rows write (eye.c) */
	int elementwise;             /* a face gives some quantity as an array
	                                (arguments.c): its values are checked
	                                element by element, not as a sweep's range */
};

/*
 * The custom actions of the flag table (flags.c names them): NULL, or the
 * message for the value (at most len bytes into why, which is returned).
 */
const char *option_delimiter(const char *arg, struct options *o, char *why, size_t len);
const char *option_code(const char *arg, struct options *o, char *why, size_t len);
const char *option_histogram_format(const char *arg, struct options *o, char *why, size_t len);
const char *option_lane_errors(const char *arg, struct options *o, char *why, size_t len);
const char *option_intervals_form(const char *arg, struct options *o, char *why, size_t len);
const char *option_burst_model(const char *arg, struct options *o, char *why, size_t len);
/* bercl eye's, into o->eye */
const char *option_eye_input(const char *arg, struct options *o, char *why, size_t len);
const char *option_eye_value(const char *arg, struct options *o, char *why, size_t len);
const char *option_eye_ber(const char *arg, struct options *o, char *why, size_t len);
const char *option_eye_cl(const char *arg, struct options *o, char *why, size_t len);
const char *option_eye_rho(const char *arg, struct options *o, char *why, size_t len);
const char *option_eye_fit_below(const char *arg, struct options *o, char *why, size_t len);
const char *option_eye_half_width(const char *arg, struct options *o, char *why, size_t len);
const char *option_eye_sigma(const char *arg, struct options *o, char *why, size_t len);
const char *option_eye_dj(const char *arg, struct options *o, char *why, size_t len);
const char *option_eye_rate(const char *arg, struct options *o, char *why, size_t len);
const char *option_eye_offsets(const char *arg, struct options *o, char *why, size_t len);

/* arg's index in a NULL-ended list of names, or -1. */
int name_index(const char *arg, const char *const *names);

#endif
