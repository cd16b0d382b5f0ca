/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * eye_cmd.c - the face of `bercl eye`: argv, the scan file (or standard
 * input), stderr and stdout, the exit status. Every rule (flags, readers,
 * rows, cells) is the engine's (engine/eye.c).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "eye.h"
#include "eye_cmd.h"
#include "options.h"

/* A scan may hold at most this many bytes (4096 points of IBERT rows of
 * 1,000 codes fit with room). */
#define SCAN_MAX_BYTES (64u << 20)

static int refuse(const char *msg)
{
	fprintf(stderr, "%s: %s\n", prog, msg);
	return EXIT_USAGE;
}

/* The whole file (or stdin) into a malloc'ed buffer; NULL with err set. */
static char *slurp(const char *path, size_t *len, char *err, size_t errlen)
{
	FILE *fp = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
	if (!fp) {
		snprintf(err, errlen, "--input '%s': %s", path, strerror(errno));
		return NULL;
	}
	size_t cap = 1 << 16, n = 0;
	char *b = malloc(cap);
	while (b) {
		if (n == cap) {
			if (cap >= SCAN_MAX_BYTES) {
				snprintf(err, errlen, "--input '%s': larger than %u MiB", path,
				         SCAN_MAX_BYTES >> 20);
				free(b);
				b = NULL;
				break;
			}
			char *nb = realloc(b, cap * 2);
			if (!nb) {
				free(b);
				b = NULL;
				break;
			}
			b = nb;
			cap *= 2;
		}
		size_t k = fread(b + n, 1, cap - n, fp);
		n += k;
		if (k == 0) {
			if (ferror(fp)) {
				snprintf(err, errlen, "--input '%s': read error", path);
				free(b);
				b = NULL;
			}
			break;
		}
	}
	if (!b && !err[0])
		snprintf(err, errlen, "--input '%s': out of memory", path);
	if (fp != stdin)
		fclose(fp);
	*len = n;
	return b;
}

int run_eye(int argc, char *const argv[])
{
	static struct eye_request rq;
	static struct eye_points pts;
	static struct eye_result res;
	static char out[EYE_RENDER_BYTES];
	char err[1024] = "";
	if (eye_parse_args(argc, argv, &rq, err, sizeof err))
		return refuse(err);
	if (rq.help) {
		eye_help(out, sizeof out);
		fputs(out, stdout);
		return fflush(stdout) == 0 ? 0 : EXIT_INTERNAL;
	}
	int rc;
	if (rq.input) {
		size_t len = 0;
		char *bytes = slurp(rq.input, &len, err, sizeof err);
		if (!bytes)
			return refuse(err);
		const char *name = strcmp(rq.input, "-") == 0 ? "(stdin)" : rq.input;
		rc = eye_read(bytes, len, name, &rq, &pts, err, sizeof err);
		free(bytes);
		if (rc != 0)
			return refuse(err);
		if (pts.note[0])
			fprintf(stderr, "%s: note: %s\n", prog, pts.note);
	}
	rc = eye_compute(&rq, rq.input ? &pts : NULL, &res, err, sizeof err);
	if (rc != 0) {
		fprintf(stderr, "%s: %s\n", prog, err);
		return rc;
	}
	size_t n = eye_render(&rq, &res, out, sizeof out, err, sizeof err);
	if (n == 0)
		return refuse(err);
	for (int w = 0; w < 2; w++)
		if (res.warning[w][0])
			fprintf(stderr, "%s: warning: %s\n", prog, res.warning[w]);
	fwrite(out, 1, n < sizeof out ? n : sizeof out - 1, stdout);
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "%s: write error on standard output: %s\n", prog, strerror(errno));
		return EXIT_INTERNAL;
	}
	return 0;
}
