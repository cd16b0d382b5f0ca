/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * fuzz_eye_flags.c - libFuzzer harness for bercl eye's flags
 * (eye_parse_args, engine/eye.c): the input split at NUL bytes into
 * arguments. Accepted flags are in their domains; a refusal is one line.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "eye.h"

static void check(int cond)
{
	if (!cond)
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char buf[8192];
	char *argv[64];
	int argc = 0;
	if (size >= sizeof buf)
		return 0;
	memcpy(buf, data, size);
	buf[size] = '\0';
	for (size_t i = 0; i <= size && argc < 64;) {
		argv[argc++] = buf + i;
		i += strlen(buf + i) + 1;
	}
	static struct eye_request rq;
	char err[1024];
	if (eye_parse_args(argc, argv, &rq, err, sizeof err)) {
		check(err[0] != '\0' && strchr(err, '\n') == NULL);
		return 0;
	}
	if (rq.help)
		return 0;
	check(rq.input != NULL);
	check(rq.nber >= 1 && rq.nber <= EYE_MAX_BERS);
	for (int j = 0; j < rq.nber; j++)
		check(rq.ber[j] > 0 && rq.ber[j] < 1);
	/* a CL and its complement each in (0, 1]: 1 - 9.9e-60 is 1 as a double,
	 * and the other side still holds the digits (fuzz_eye_flags found it) */
	check(rq.cl > 0 && rq.cl <= 1 && rq.one_minus_cl > 0 && rq.one_minus_cl <= 1);
	check(rq.fit_below > 0 && rq.fit_below <= 1);
	check(rq.rho == 0 || (rq.rho >= 1e-6 && rq.rho <= 1));
	return 0;
}
