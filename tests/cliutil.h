/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * cliutil.h - running the built ./bercl from a test, as a user would, and
 * reading its CSV output (shared by test_cli.c and test_shell.c).
 */
#ifndef BERCL_CLIUTIL_H
#define BERCL_CLIUTIL_H

#include <sys/stat.h>
#include <sys/wait.h>

/* Each suite's own scratch folder (the Makefile names it after the suite,
 * so that suites run side by side by make check -j never share a file). */
#ifndef TMP
#define TMP "tests/tmp/"
#endif

static inline void make_tmp(void)
{
	mkdir("tests/tmp", 0755);
	mkdir(TMP, 0755);
}

struct run {
	int status;
	char out[1 << 20];
	char err[1 << 14];
};

static inline void slurp(const char *path, char *buf, size_t len)
{
	FILE *fp = fopen(path, "r");
	size_t n = fp ? fread(buf, 1, len - 1, fp) : 0;
	buf[n] = '\0';
	if (fp)
		fclose(fp);
}

/* Run "./bercl ARGS" through sh; ARGS may hold quotes and redirections. */
static inline void run(struct run *r, const char *env, const char *args)
{
	char cmd[4096];
	make_tmp();
	int n = snprintf(cmd, sizeof cmd, "%s ./bercl %s >" TMP "out 2>" TMP "err", env ? env : "",
	                 args);
	if (n < 0 || (size_t)n >= sizeof cmd) /* never run a cut command */
		fail_msg("command longer than %zu bytes: %.60s...", sizeof cmd - 1, args);
	int st = system(cmd);
	r->status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
	slurp(TMP "out", r->out, sizeof r->out);
	slurp(TMP "err", r->err, sizeof r->err);
}

static inline int count_lines(const char *s)
{
	int n = 0;
	for (; *s; s++)
		n += *s == '\n';
	return n;
}

/* The longest line of s, in bytes (text output is ASCII but for a cell). */
static inline int longest_line(const char *s)
{
	int most = 0, n = 0;
	for (; *s; s++) {
		if (*s == '\n') {
			most = n > most ? n : most;
			n = 0;
		} else {
			n++;
		}
	}
	return n > most ? n : most;
}

/* The text of column `name` in data row `row` (1 = first) of CSV output. */
static inline const char *csv_cell(const char *csv, const char *name, int row)
{
	static char buf[1 << 20];
	size_t n = strlen(csv);
	if (n >= sizeof buf)
		n = sizeof buf - 1;
	memcpy(buf, csv, n);
	buf[n] = '\0';
	char *save, *line = strtok_r(buf, "\n", &save);
	int col = -1, i = 0;
	for (char *p = line; p; i++) {
		char *comma = strchr(p, ',');
		if (comma)
			*comma = '\0';
		if (strcmp(p, name) == 0)
			col = i;
		p = comma ? comma + 1 : NULL;
	}
	if (col < 0)
		fail_msg("no column %s in: %s", name, csv);
	for (int k = 0; k < row; k++)
		line = strtok_r(NULL, "\n", &save);
	if (!line)
		fail_msg("no row %d", row);
	char *p = line;
	for (i = 0; i < col && p; i++) {
		p = strchr(p, ',');
		if (p)
			p++;
	}
	if (!p)
		return "";
	p[strcspn(p, ",")] = '\0';
	return p;
}

/* The same as a number; NAN for an empty cell. */
static inline double csv_value(const char *csv, const char *name, int row)
{
	const char *p = csv_cell(csv, name, row);
	return *p ? strtod(p, NULL) : NAN;
}

/*
 * Each of the n invocations is a usage or input error as SPEC.md says:
 * exit 2, nothing on standard output, one line "bercl: ..." on standard
 * error. `what` names the set in the printed count.
 */
static inline void expect_usage_errors(const char *const *bad, size_t n, const char *what)
{
	static struct run r;
	for (size_t i = 0; i < n; i++) {
		run(&r, NULL, bad[i]);
		if (r.status != 2 || r.out[0] != '\0' || count_lines(r.err) != 1 ||
		    strncmp(r.err, "bercl: ", 7) != 0)
			fail_msg("bercl %s: status %d, stdout '%.80s', stderr '%s'", bad[i], r.status,
			         r.out, r.err);
	}
	print_message("%zu bad %sinvocations: each exit 2, one line, empty stdout\n", n, what);
}

#endif
