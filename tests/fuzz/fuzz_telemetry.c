/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * fuzz_telemetry.c - libFuzzer harness for the telemetry readers
 * (engine/telemetry.c: ethtool's JSON and text, SONiC's tables, Xena's reply,
 * and the CSV through them). The first byte picks the code (byte % 4) and
 * the format (byte / 4 % 5: auto, csv, ethtool, sonic, xena); the rest is
 * the input. A rejected input has a one-line message naming the input; an
 * accepted one has 1 .. TELEMETRY_MAX_HISTOGRAMS histograms of whole,
 * non-negative bins summing to 1 .. 2^53, distinct (port, lane) pairs,
 * printable names, grouped bins in order with the uncorrectable group last,
 * and the first two analyse (bercl_fec_histogram or _groups) to
 * probabilities in [0, 1].
 */
#include <ctype.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bercl.h"
#include "telemetry.h"

static void check(int cond)
{
	if (!cond)
		abort();
}

static int prob(double p)
{
	return p >= 0 && p <= 1;
}

static void check_name(const char *s, size_t len)
{
	size_t n = strnlen(s, len);
	check(n < len);
	for (size_t i = 0; i < n; i++)
		check(isgraph((unsigned char)s[i]));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const int codes[][3] = {{544, 514, 10}, {528, 514, 10}, {15, 9, 4}, {3, 2, 2}};
	static struct telemetry tm;
	if (size < 1)
		return 0;
	bercl_rs_code code;
	const int *c = codes[data[0] % 4];
	check(bercl_rs_code_make(c[0], c[1], c[2], &code) == BERCL_OK);
	enum telemetry_format fmt = (enum telemetry_format)(data[0] / 4 % 5);
	char err[512];
	int rc = telemetry_read_buffer((const char *)data + 1, size - 1, "fuzz", fmt, code.t, &tm,
	                               err, sizeof err);
	if (rc != 0) {
		check(strncmp(err, "fuzz", 4) == 0 && strchr(err, '\n') == NULL);
		check(tm.n == 0);
		telemetry_free(&tm);
		return 0;
	}
	check(tm.n >= 1 && tm.n <= TELEMETRY_MAX_HISTOGRAMS);
	check(strchr(tm.warning, '\n') == NULL);
	for (int k = 0; k < tm.n; k++) {
		const struct telemetry_histogram *h = &tm.h[k];
		check_name(h->port, sizeof h->port);
		check_name(h->lane, sizeof h->lane);
		double total = 0;
		for (int i = 0; i <= code.t + 1; i++) {
			check(h->bins[i] >= 0 && h->bins[i] == floor(h->bins[i]));
			total += h->bins[i];
		}
		check(total > 0 && total <= 9007199254740992.0);
		for (int j = 0; j < k; j++)
			check(strcmp(tm.h[j].port, h->port) != 0 || strcmp(tm.h[j].lane, h->lane) != 0);
		if (k >= 2)
			continue;
		bercl_fec_histogram_stats s;
		if (h->ngroups > 0) { /* ethtool's ranges: in order, the uncorrectable group last */
			check(h->lo[h->ngroups - 1] == code.t + 1);
			for (int j = 1; j < h->ngroups; j++)
				check(h->lo[j] > h->hi[j - 1] && h->hi[j - 1] >= h->lo[j - 1]);
		}
		enum bercl_status st =
			h->ngroups > 0 ? bercl_fec_histogram_groups(&code, h->lo, h->hi, h->count, h->ngroups,
			                                            BERCL_POISSON, 0.95, 0.05, &s)
			               : bercl_fec_histogram(&code, h->bins, BERCL_POISSON, 0.95, 0.05, &s);
		if (st != BERCL_OK)
			continue;
		check(prob(s.ser_estimate) && prob(s.ser_upper) && prob(s.cer_upper));
		if (s.tail_bins > 0)
			check(prob(s.cer_tail) && prob(s.cer_tail_lower) && prob(s.cer_tail_upper));
	}
	telemetry_free(&tm);
	return 0;
}
