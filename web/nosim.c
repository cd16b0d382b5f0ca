/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * nosim.c - the page has no simulate: engine/simulate.c and bursts.c draw
 * with GSL's random generators, and GSL is not built for WebAssembly here
 * (Debian ships it for the host only). web_start refuses cmd=simulate
 * before any row; these stand in for the link and say so if reached.
 */
#include "simulate.h"

/* bursts.h itself includes GSL's header */
const char *bursts_simulate_row(struct row *r);

static const char *const why = "simulate draws with GSL's random generators: the command only";

const char *simulate_row(struct row *r)
{
	(void)r;
	return why;
}

const char *simulate_plan(struct row *r)
{
	(void)r;
	return why;
}

const char *bursts_simulate_row(struct row *r)
{
	(void)r;
	return why;
}

int simulate_stopped(const struct row *r)
{
	(void)r;
	return 0;
}
