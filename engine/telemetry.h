/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * telemetry.h - FEC histograms as switches, NICs and testers print them
 * (bercl fec --histogram FILE --histogram-format F): bercl's own CSV,
 * ethtool's JSON, SONiC's counter tables and Xena's PP_RXFECSTATS reply.
 * One input may hold several histograms (ports, lanes); each becomes one
 * output row.
 */
#ifndef BERCL_TELEMETRY_H
#define BERCL_TELEMETRY_H

#include <stddef.h>
#include "sink.h"

enum telemetry_format { TELEM_AUTO, TELEM_CSV, TELEM_ETHTOOL, TELEM_SONIC, TELEM_XENA };

/* Histograms one input may hold (ports times lanes, and combined rows). */
#define TELEMETRY_MAX_HISTOGRAMS 256
/* Bytes an input may hold: far above any real report. */
#define TELEMETRY_MAX_BYTES (4u << 20)

struct telemetry_histogram {
	char port[64];   /* the port the input names it by, "" where it names none */
	char lane[16];   /* "0", "1", ... or "combined"; "" for a port's one histogram */
	double *bins;    /* t + 2 whole counts: 0 .. t corrected symbols, uncorrectable
	                    (grouped: each group's count at its first bin) */
	int ngroups;     /* 0, or the groups of a report whose bins span several counts */
	int *lo, *hi;    /* (ethtool's bin_low .. bin_high), in order, the uncorrectable */
	double *count;   /* group last (lo = t + 1): bercl_fec_histogram_groups' form */
	long line;       /* where its reading starts in the input (messages) */
};

struct telemetry {
	enum telemetry_format format;    /* the format it was read as */
	int n;                           /* histograms, in input order */
	struct telemetry_histogram h[TELEMETRY_MAX_HISTOGRAMS];
	int has_port, has_lane;          /* some histogram names a port, a lane */
	char warning[320];               /* "" or a note for standard error (no "bercl: ") */
	int t;
	double *storage;                 /* the bins of every histogram */
	double *group_counts;            /* the groups' counts and bounds */
	int *group_bounds;
};

/* "auto", "csv", "ethtool", "sonic", "xena": 0, or -1 for another name. */
int telemetry_parse_format(const char *s, enum telemetry_format *f);
/* The name of a format ("ethtool"). */
const char *telemetry_format_name(enum telemetry_format f);

/*
 * Read every histogram of a code correcting t symbols from src (name in
 * messages) in format fmt (TELEM_AUTO: told from the content). Returns 0,
 * or -1 with a one-line message ("FILE:LINE: ...") in err; out is then
 * empty (telemetry_free is still safe).
 */
int telemetry_read(const struct source *src, const char *name, enum telemetry_format fmt, int t,
                   struct telemetry *out, char *err, size_t errlen);

/* The same from a buffer of len bytes (the fuzz harness, and the above). */
int telemetry_read_buffer(const char *buf, size_t len, const char *name,
                          enum telemetry_format fmt, int t, struct telemetry *out, char *err,
                          size_t errlen);

void telemetry_free(struct telemetry *tm);

#endif
