/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * options.h - bercl's command line, read by one loop over the flag table
 * (flags.c), and the checks that need several flags (options.c).
 */
#ifndef BERCL_OPTIONS_H
#define BERCL_OPTIONS_H

#include "bercl.h"
#include "flags.h"
#include "parse.h"
#include "row.h"

#define MAX_LANES 1024

enum { EXIT_VERDICT = 1, EXIT_USAGE = 2, EXIT_INTERNAL = 3 };

extern const char *const prog; /* "bercl", before every message */
/*
 * How the command line ends the program (a usage error, --help, --version):
 * exit(3); a fuzzing harness replaces it with one that does not return
 * (longjmp).
 */
extern void (*options_exit)(int status);

struct options {
	enum command cmd;
	const char *text[NQ];        /* flag text per quantity */
	struct vlist list[NQ];
	unsigned char seen[NFLAGS];  /* times each flag was given */
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
	const char *code_name;       /* kp4, kr4 or rs:N,K,M */
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
	int clustered;               /* watch --clustered */
	int burst_model;             /* simulate --burst-model: 1 gilbert-elliott */
};

/* The custom actions of the flag table (flags.c names them). */
void option_delimiter(const char *arg, struct options *o);
void option_code(const char *arg, struct options *o);
void option_histogram_format(const char *arg, struct options *o);
void option_lane_errors(const char *arg, struct options *o);
void option_burst_model(const char *arg, struct options *o);
void option_help(const char *arg, struct options *o);
void option_version(const char *arg, struct options *o);

/* A usage error: "bercl: MESSAGE" on standard error, exit status 2. */
_Noreturn void usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* "bercl: warning: MESSAGE" on standard error. */
void warning(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* A write error on standard output, said once: exit 3. */
void check_output(void);
/* "--name" of a flag. */
const char *flag_name(int id);

/* argv into o; --help and --version print and exit; a bad flag exits 2. */
void parse_options(int argc, char **argv, struct options *o);
/* The checks that need several flags, before anything is printed. */
void check_combinations(const struct options *o);

#endif
