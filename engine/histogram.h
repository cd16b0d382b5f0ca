/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * histogram.h - reads a FEC symbol-error histogram (bercl fec --histogram).
 */
#ifndef BERCL_HISTOGRAM_H
#define BERCL_HISTOGRAM_H

#include <stddef.h>
#include "sink.h"

/*
 * Read the histogram of a code correcting t symbols from fp into bins[0 ..
 * t + 1] (t + 1 is the uncorrectable bin); `name` is used in messages.
 * Returns 0, or -1 with a one-line message ("FILE:LINE: ...") in err.
 */
int histogram_read(const struct source *src, const char *name, int t, double *bins, char *err, size_t errlen);

/*
 * A histogram a face gives as arrays (the Python package's fec_histogram)
 * for a code correcting t symbols: bins, nbins counts (-1: not given), or
 * groups, ngroups arrays (lo, hi, count) of lengths glen[] (ngroups -1:
 * not given). Returns NULL, or the message (one of the two, t + 2 bins,
 * three arrays of one length with a group at least) in why.
 */
const char *histogram_arrays(int t, long nbins, int ngroups, const long *glen, char *why,
                             size_t len);

#endif
