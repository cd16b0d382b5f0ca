/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * fuzz_flags.c - libFuzzer harness for the command line (src/options.c,
 * the flag table of engine/flags.c and the form table of engine/forms.c): the
 * input is argv, one word per line, after "bercl". A usage error, --help
 * and --version end through options_exit, which here jumps back. The
 * promise of bercl(1) checked for every input: the command line is
 * accepted (status 0), or --help/--version print (status 0), or it is a
 * usage error (status 2) that is exactly one line "bercl: ...\n" on
 * standard error with nothing on standard output; never another status,
 * never a crash (ASan, UBSan).
 */
#include <fcntl.h>
#include <getopt.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "options.h"

#define MAX_WORDS 64

static struct options opts;
static jmp_buf back;
static int status;

static void jump_back(int st)
{
	status = st;
	longjmp(back, 1);
}

/* What was written to the pipe's read end fd, NUL-terminated; its length. */
static size_t drain(int fd, char *buf, size_t len)
{
	size_t n = 0;
	ssize_t k;
	while (n + 1 < len && (k = read(fd, buf + n, len - 1 - n)) > 0)
		n += (size_t)k;
	char sink[4096];
	while (read(fd, sink, sizeof sink) > 0)
		n = len; /* more than the buffer: not one short line */
	buf[n < len ? n : len - 1] = '\0';
	return n;
}

static int out_pipe[2] = {-1, -1}, err_pipe[2] = {-1, -1};

static void open_pipes(void)
{
	if (out_pipe[0] >= 0)
		return;
	if (pipe(out_pipe) != 0 || pipe(err_pipe) != 0)
		abort();
	for (int i = 0; i < 2; i++) {
		fcntl(out_pipe[i], F_SETFL, O_NONBLOCK);
		fcntl(err_pipe[i], F_SETFL, O_NONBLOCK);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size > 4096)
		return 0;
	char *text = malloc(size + 1);
	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	char *argv[MAX_WORDS + 2];
	int argc = 0;
	argv[argc++] = "bercl";
	for (char *w = text; argc <= MAX_WORDS;) {
		char *nl = strchr(w, '\n');
		if (nl)
			*nl = '\0';
		argv[argc++] = w;
		if (!nl)
			break;
		w = nl + 1;
	}
	argv[argc] = NULL;

	/* getopt keeps state between calls: optind = 0 starts it afresh */
	char *reset[] = {"bercl", NULL};
	optind = 0;
	(void)getopt(1, reset, "");

	open_pipes();
	fflush(stdout);
	int saved_out = dup(STDOUT_FILENO), saved_err = dup(STDERR_FILENO);
	dup2(out_pipe[1], STDOUT_FILENO);
	dup2(err_pipe[1], STDERR_FILENO);
	options_exit = jump_back;
	status = 0;
	if (setjmp(back) == 0) {
		parse_options(argc, argv, &opts);
		check_combinations(&opts);
	}
	fflush(stdout);
	dup2(saved_out, STDOUT_FILENO);
	dup2(saved_err, STDERR_FILENO);
	close(saved_out);
	close(saved_err);

	static char obuf[1 << 16], ebuf[1 << 16]; /* a message may echo the whole 4 KiB input */
	size_t no = drain(out_pipe[0], obuf, sizeof obuf);
	size_t ne = drain(err_pipe[0], ebuf, sizeof ebuf);
	for (int q = 0; q < NQ; q++)
		vlist_free(&opts.list[q]);
	if (status != 0 && status != 2) {
		fprintf(stderr, "fuzz_flags: status %d\n", status);
		abort();
	}
	if (status == 2) {
		const char *nl = strchr(ebuf, '\n');
		if (no != 0 || strncmp(ebuf, "bercl: ", 7) != 0 || !nl || (size_t)(nl - ebuf) + 1 != ne) {
			fprintf(stderr, "fuzz_flags: a usage error is not one line on stderr alone:\n%s\n",
			        ebuf);
			abort();
		}
	}
	free(text);
	return 0;
}
