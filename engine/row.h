/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * row.h - one row of quantities as it flows through bercl:
 * argv or a CSV line (rows.c) -> computation (compute.c) -> output (format.c).
 */
#ifndef BERCL_ROW_H
#define BERCL_ROW_H

#include <stddef.h>

#include "bercl.h"

/* The subcommands; commands.c describes each. */
enum command { CMD_CL, CMD_BITS, CMD_BER, CMD_SIMULATE, CMD_PLAN, CMD_WATCH, CMD_ERRORS,
	CMD_FEC, NCOMMANDS };

/*
 * What a long row (simulate) asks its face, through r->in.hooks (NULL:
 * nothing): whether to stop now, and how far it is (done == total at the
 * end). The face decides what to do with either (the command: its signal
 * flag, and a progress line on a terminal).
 */
struct row_hooks {
	int (*stop)(void *ctx);
	void (*progress)(void *ctx, double done, double total);
	void *ctx;
};

/* Input quantities; a quantity not given is NAN. */
struct row_input {
	double errors;
	double bits;
	double ber;
	double cl, cl_complement;           /* cl and 1 - cl, exact */
	double cl_lo, cl_complement_lo;     /* their rests from the digits (0: none) */
	double rate_bps;
	double lanes;
	double time_s;
	double require, require_complement; /* --require, as cl */
	double trials, seed;                /* simulate */
	double alpha, alpha_complement;     /* plan: producer's risk, as cl */
	double ratio;                       /* plan: discrimination ratio D */
	double true_ber;                    /* plan: the outcome at this true BER */
	double reading_interval;            /* plan, simulate, watch: bits between readings */
	double baud, bits_per_symbol;       /* a symbol rate: rate_bps = baud * bits_per_symbol */
	enum bercl_model model;
	int two_sided;                      /* ber: the interval */
	int sequential;                     /* plan, simulate: the sequential plan */
	double cer, cer_complement;         /* fec: a CER target */
	double codewords, uncorrectable;    /* fec: a codeword count */
	/* fec: the code (--code), and the --histogram bins (shared, read only) */
	const char *code_name;
	bercl_rs_code code;
	const double *histogram;
	const int *hist_lo, *hist_hi;       /* ... or its groups (ethtool's ranges), */
	const double *hist_count;           /* hist_groups of them, the uncorrectable last */
	int hist_groups;
	int tail_sonic;                     /* --method sonic */
	double ser;                         /* fec: a SER in place of the BER */
	double interleave, frames_per_codeword; /* fec: for flr */
	double degrade_interval, degrade_threshold; /* fec: the degraded-SER alarm */
	int all_lanes;                      /* bits --all-lanes */
	const bercl_intervals *intervals;   /* cl, ber --intervals: the file's sums (read only) */
	int burst_model;                    /* simulate --burst-model gilbert-elliott */
	int clustered;                      /* watch --clustered */
	double burst_length, burst_share;   /* its mean errors per burst, share of errors */
	const struct row_hooks *hooks;      /* the face's (shared, read only), or NULL */
};

#define ROW_ERROR_MAX 256

/* --require with --intervals and no error: neither pass nor fail (bercl(1)) */
#define VERDICT_UNDECIDED 2

struct row {
	long line;                 /* batch input line, 0 for argv rows */
	int after_row;             /* a row of the same output came before: a text
	                              record is parted from it by an empty line
	                              (between blocks, none after the last) */
	const char *const *extra;  /* pass-through cells of a batch row */
	struct row_input in;
	/* Results, filled by compute_row(). */
	double bits;               /* given, from time * rate * lanes, or solved */
	double time_s;             /* given, or bits / (rate * lanes) */
	int time_needed;           /* time_s is a required test time (bits rows) */
	bercl_tails tails;         /* cl, simulate: at bits; bits: achieved */
	double ber_estimate, ber_lower, ber_upper;   /* ber rows */
	double poisson_alt;        /* binomial rows: the Poisson answer */
	int ber_capped;            /* Poisson ber rows: a bound above 1 given as 1 */
	int verdict;               /* -1 no --require, 0 fail, 1 pass, VERDICT_UNDECIDED */
	double one_minus_cl_sim, sim_stderr;         /* simulate rows */
	/* plan rows (and simulate with a plan) */
	double alpha, beta;        /* exact risks of the plan */
	double max_bits, expected_bits_good, expected_bits_bad; /* sequential summary */
	double fixed_bits;         /* sequential: the fixed plan's length for the same risks */
	double pass_bits, fail_bits; /* one row of the sequential table */
	double p_pass, expected_bits; /* plan --true-ber: the outcome at that BER */
	double *seq_table;         /* sequential: pass_bits[rows] then fail_bits[rows]
	                              (malloc'd by compute_plan_design; plan_free() releases) */
	double seq_rows;           /* rows in seq_table: max_errors + 1 */
	double alpha_actual, beta_actual; /* the sequential plan's risks at readings every
	                                     in.reading_interval bits */
	double alpha_sim, alpha_stderr, beta_sim, beta_stderr;           /* simulate */
	double bits_good_sim, bits_good_stderr, bits_bad_sim, bits_bad_stderr;
	/* watch rows */
	const char *lane;          /* the reading's lane, NULL without a lane column */
	const char *port;          /* fec --histogram: the port the report names, or NULL */
	const char *decision;      /* "", "pass" or "fail" */
	double dispersion;         /* index of dispersion of the error increments */
	/* cl --lane-errors: lane (above) is "1", "2", ..., "combined" or "all" */
	char lane_name[16];
	bercl_tails lane_target;   /* bits --all-lanes: each lane's CL target */
	/* fec rows */
	int fec_cl;                /* tails hold the CL that CER < cer (codewords) */
	bercl_fec_rates fec;       /* from ber (fec.ser is NAN when absent) */
	int ber_computed;          /* in.ber was made from a SER (--ser, or the alarm's) */
	double ber_max;
	double cer_worst;          /* fec --cer above the code's CER at BER 0.5: that CER
	                              (ber_max is then 0.5, with a note), else NAN */
	int has_cer_upper;
	bercl_lnprob ln_cer_upper;
	double cer_upper;
	int has_hist;
	bercl_fec_histogram_stats hist;
	int tail_interval;         /* hist.cer_tail_lower/upper hold an interval (not sonic) */
	int has_flr, has_flr_upper, has_flr_observed;
	double flr, flr_upper, flr_observed;
	int has_degrade;           /* degrade_p at a SER; degrade_ser: the inverse (p = 1/2) */
	bercl_tails degrade;
	double degrade_ser, degrade_mean_time;
	int has_degrade_time;
	/* --intervals: the clustered answers (engine/intervals.c) */
	int has_clustered;
	bercl_dispersion disp;
	bercl_tails cl_clustered;
	double ber_lower_clustered, ber_upper_clustered;
	double one_minus_cl_clustered_sim; /* simulate --burst-model: links passing cl_clustered */
	/* --verify */
	int gsl_ok;                /* GSL returned a value */
	double gsl_cl, gsl_one_minus_cl, gsl_bits, gsl_ber_lower, gsl_ber_upper, gsl_rel_diff;
	char error[ROW_ERROR_MAX]; /* empty, or why the row has no result */
};

/* A row with every input and result absent (NAN), from the given inputs. */
void row_reset(struct row *r, const struct row_input *in);

#endif
