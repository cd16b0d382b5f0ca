/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * eye_request.h - what bercl eye is asked (struct eye_request): the fields
 * its flags write (their rows in the flag table, flags.c; their actions,
 * request.c) and every face may fill; eye.c answers it (eye.h).
 */
#ifndef BERCL_EYE_REQUEST_H
#define BERCL_EYE_REQUEST_H

#include "bercl.h"

#define EYE_MAX_BERS 64

enum eye_scan_format { EYE_SCAN_AUTO, EYE_SCAN_CSV, EYE_SCAN_IBERT };
enum eye_format { EYE_TEXT, EYE_CSV, EYE_TSV, EYE_JSON };

/* What the command line (or a face's keywords) asked for. */
struct eye_request {
	const char *input;                /* -i FILE ("-": standard input) */
	/* the choices, ints as the flag table writes them (flags.c) */
	int scan_format;                  /* enum eye_scan_format */
	int axis;                         /* enum bercl_eye_axis */
	int method;                       /* enum bercl_eye_method */
	double ber[EYE_MAX_BERS];
	int nber;
	double cl, one_minus_cl;
	double rho;                       /* 0: fitted */
	int rho_given;
	double fit_below;
	int format;                       /* enum eye_format */
	const char *value;                /* --value COLUMN, or NULL */
	int help;
	int plan;                         /* --plan */
	double half_width, sigma, dj, rate;
	int have_half_width, have_sigma, have_dj, have_rate;
	double offsets[BERCL_EYE_MAX_POINTS]; /* --offsets */
	int noffsets;
};

#endif
