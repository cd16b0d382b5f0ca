/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * faces_cmd.c - the command's face for tests/test_faces.py: many
 * invocations of bercl in one process, each through the command's own
 * entry (src/main.c's main, included here under another name) with its
 * standard output and standard error captured and its exit status kept
 * (a usage error ends through options_exit, which here jumps back).
 *
 * Standard input: invocations, each
 *   "#NWORDS NFILES\n", NWORDS lines (argv after "bercl"), then per file
 *   "FLAG\tNAME\tLEN\n" and LEN bytes: the file NAME written to the current
 *   folder, or (FLAG "stdin") the invocation's standard input.
 * Standard output: per invocation "#STATUS OUTLEN ERRLEN\n", then what it
 * wrote to standard output and to standard error.
 */
#define _GNU_SOURCE /* memfd_create */
#define main bercl_main
#include "../src/main.c"
#undef main

#include <fcntl.h>
#include <getopt.h>
#include <sys/mman.h>
#include <setjmp.h>
#include <stdlib.h>
#include <unistd.h>

static jmp_buf back;
static int exit_status;

static void jump_back(int st)
{
	exit_status = st;
	longjmp(back, 1);
}

static char *read_line(FILE *in)
{
	static char buf[1 << 16];
	if (!fgets(buf, sizeof buf, in))
		return NULL;
	buf[strcspn(buf, "\n")] = '\0';
	return buf;
}

/* What fd (a memory file) holds, malloc'd; its length in *n. */
static char *slurp_fd(int fd, size_t *n)
{
	off_t len = lseek(fd, 0, SEEK_END);
	char *buf = malloc((size_t)len + 1);
	if (len < 0 || !buf || pread(fd, buf, (size_t)len, 0) != len)
		abort();
	*n = (size_t)len;
	return buf;
}

/* Memory files for the captured streams: emptied for each invocation
 * (a file on disk truncated each time costs a disk flush). */
static int out_fd = -1, err_fd = -1;
/* The lowest descriptor the command may open: what it leaves open at its
 * return (signals' pipe, a file a usage error jumped past; its process
 * would end there) is closed before the next invocation. */
static unsigned first_free;

static void put_file(const char *path, FILE *in, size_t len)
{
	FILE *fp = fopen(path, "wb");
	if (!fp)
		abort();
	char buf[1 << 14];
	while (len) {
		size_t k = fread(buf, 1, len < sizeof buf ? len : sizeof buf, in);
		if (k == 0)
			abort();
		fwrite(buf, 1, k, fp);
		len -= k;
	}
	fclose(fp);
}

/* One invocation: argv[0..argc) run with fd 1 and 2 on out_path and err_path. */
static int invoke(int argc, char **argv, const char *stdin_path)
{
	optind = 0; /* getopt keeps state between calls: this starts it afresh */
	char *reset[] = {"bercl", NULL};
	(void)getopt(1, reset, "");
	if (!freopen(stdin_path, "r", stdin))
		abort();
	fflush(stdout);
	fflush(stderr);
	int saved_out = dup(STDOUT_FILENO), saved_err = dup(STDERR_FILENO);
	if (ftruncate(out_fd, 0) != 0 || ftruncate(err_fd, 0) != 0)
		abort();
	lseek(out_fd, 0, SEEK_SET);
	lseek(err_fd, 0, SEEK_SET);
	dup2(out_fd, STDOUT_FILENO);
	dup2(err_fd, STDERR_FILENO);
	options_exit = jump_back;
	if (setjmp(back) == 0)
		exit_status = bercl_main(argc, argv);
	fflush(stdout);
	fflush(stderr);
	clearerr(stdout);
	dup2(saved_out, STDOUT_FILENO);
	dup2(saved_err, STDERR_FILENO);
	close(saved_out);
	close(saved_err);
	close_range(first_free, ~0U, 0);
	wake_fd = -1; /* signals.c's pipe, closed just now: the next run makes its own */
	return exit_status;
}

int main(int argc, char **argv)
{
	if (argc != 2 || chdir(argv[1]) != 0) {
		fprintf(stderr, "usage: faces_cmd SCRATCH-FOLDER < invocations\n");
		return 2;
	}
	FILE *in = stdin, *out = fdopen(dup(STDOUT_FILENO), "wb");
	int in_fd = dup(STDIN_FILENO);
	in = fdopen(in_fd, "rb");
	out_fd = memfd_create("stdout", 0);
	err_fd = memfd_create("stderr", 0);
	if (!in || !out || out_fd < 0 || err_fd < 0)
		return 3;
	int probe = dup(STDIN_FILENO);
	first_free = (unsigned)probe;
	close(probe);
	char *line;
	while ((line = read_line(in))) {
		int nwords, nfiles;
		if (sscanf(line, "#%d %d", &nwords, &nfiles) != 2 || nwords < 0 || nwords > 200)
			return 3;
		char *words[202];
		words[0] = strdup("bercl");
		for (int i = 0; i < nwords; i++) {
			char *w = read_line(in);
			if (!w)
				return 3;
			words[i + 1] = strdup(w);
		}
		words[nwords + 1] = NULL;
		const char *stdin_path = "/dev/null";
		for (int f = 0; f < nfiles; f++) {
			char flag[64], name[256];
			size_t len;
			char *h = read_line(in);
			if (!h || sscanf(h, "%63[^\t]\t%255[^\t]\t%zu", flag, name, &len) != 3)
				return 3;
			if (strcmp(flag, "stdin") == 0) {
				put_file("stdin.dat", in, len);
				stdin_path = "stdin.dat";
			} else {
				put_file(name, in, len);
			}
		}
		int st = invoke(nwords + 1, words, stdin_path);
		size_t no, ne;
		char *o = slurp_fd(out_fd, &no), *e = slurp_fd(err_fd, &ne);
		fprintf(out, "#%d %zu %zu\n", st, no, ne);
		fwrite(o, 1, no, out);
		fwrite(e, 1, ne, out);
		free(o);
		free(e);
		for (int i = 0; i <= nwords; i++)
			free(words[i]);
	}
	fclose(out);
	return 0;
}
