/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * messages.c - what a row says on standard error (messages.h).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "flags.h"
#include "messages.h"
#include "numbers.h"

double request_sweep_rows(const struct options *o)
{
	double n = 1;
	for (int q = 0; q < NQ; q++)
		if (o->text[q])
			n *= (double)o->list[q].count;
	return n;
}

const char *row_where(char *buf, size_t len, const struct options *o, const char *file,
                      int sweep, const struct row *r)
{
	size_t k = 0;
	buf[0] = '\0';
	if (file) {
		snprintf(buf, len, "%s:%ld: ", file, r->line);
		return buf;
	}
	if (r->port || (r->lane && o->cmd == CMD_FEC)) /* a report's histogram (telemetry.c) */
		k = clamped(snprintf(buf, len, "%s%s%s%s: ", r->port ? r->port : "",
		                     r->port && r->lane ? " " : "", r->lane ? "lane " : "",
		                     r->lane ? r->lane : ""), len);
	if (!sweep || (o->telem && request_sweep_rows(o) == 1))
		return buf;
	k += clamped(snprintf(buf + k, len - k, "row %ld (", r->line), len - k);
	int first = 1;
	for (int q = 0; q < NQ; q++) {
		if (!o->text[q])
			continue;
		double v = *(const double *)(const void *)((const char *)&r->in + flags[q].value);
		char b[32];
		format_double(b, sizeof b, v);
		k += clamped(snprintf(buf + k, len - k, "%s%s=%s", first ? "" : " ", flags[q].name, b),
		             len - k);
		first = 0;
	}
	snprintf(buf + k, len - k, "): ");
	return buf;
}

void row_messages(const char *prog, const char *where, int failed, const struct row *r,
                  const struct sink *err)
{
	if (failed) {
		sink_printf(err, "%s: %s%s\n", prog, where, r->error);
		return;
	}
	if (!isnan(r->cer_worst)) {
		char x[32], w[32];
		format_double(x, sizeof x, r->in.cer);
		format_double(w, sizeof w, r->cer_worst);
		sink_printf(err, "%s: note: %scer %s is at least this code's cer at pre-FEC BER 0.5 "
		                 "(%s): every BER up to 0.5 meets it, and ber_max is 0.5, the end of "
		                 "the domain\n", prog, where, x, w);
	}
	if (r->has_hist && r->hist.model_contradicted) {
		char u[32], c[32];
		format_double(u, sizeof u, r->hist.uncorrectable);
		format_double(c, sizeof c, r->hist.codewords);
		sink_printf(err, "%s: warning: %sthe histogram contradicts the independent-error model "
		                 "(%s; %s of %s codewords uncorrectable): cer_upper bounds the "
		                 "uncorrectable count (Clopper-Pearson)\n", prog, where,
		            r->hist.burst ? "burst = yes" : "more uncorrectable than its bound allows",
		            u, c);
	}
	if (r->ber_capped)
		sink_printf(err, "%s: warning: %sthe Poisson BER bound is above 1 here, past the "
		                 "model's range: printed as 1 (--model binomial gives the exact bound)\n",
		            prog, where);
}

const char row_undecided_message[] =
        "no error in the test: the clustered answer cannot bound bursts without one, so "
        "--require is undecided (the Poisson CL is in the cl column)";
