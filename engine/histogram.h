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

#endif
