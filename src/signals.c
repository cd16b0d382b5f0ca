/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * signals.c - SIGINT, SIGTERM and SIGHUP: a run stops reading rows, writes
 * whole lines and dies of the signal (signals.h).
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "io.h"
#include "signals.h"

/*
 * Ctrl-C (or SIGTERM, SIGHUP): stop reading rows, finish the lines in
 * flight, flush whole lines, then die of the signal as the shell expects.
 * A second signal kills at once.
 */
volatile sig_atomic_t interrupted;
volatile sig_atomic_t die_at_once;

static int wake_pipe[2] = {-1, -1};

static void on_signal(int sig)
{
	/* a second signal, or one inside a row with its output flushed */
	if (interrupted || die_at_once) {
		signal(sig, SIG_DFL);
		raise(sig);
	}
	interrupted = sig;
	/* wakes a read blocked in poll (io.c), whenever the signal came */
	if (wake_pipe[1] >= 0) {
		int saved = errno;
		ssize_t n = write(wake_pipe[1], "", 1);
		(void)n;
		errno = saved;
	}
}

/*
 * SA_RESTART, so that a write to standard output is never cut by the
 * signal; the readers do not rely on it: they block in poll(2) on the
 * wake-up pipe too.
 */
void catch_signals(void)
{
	if (pipe(wake_pipe) == 0) {
		for (int i = 0; i < 2; i++) {
			fcntl(wake_pipe[i], F_SETFD, FD_CLOEXEC);
			fcntl(wake_pipe[i], F_SETFL, O_NONBLOCK);
		}
		wake_fd = wake_pipe[0];
	}
	static const int sigs[] = {SIGINT, SIGTERM, SIGHUP};
	for (size_t i = 0; i < sizeof sigs / sizeof *sigs; i++) {
		struct sigaction sa, old;
		memset(&sa, 0, sizeof sa);
		sa.sa_handler = on_signal;
		sigemptyset(&sa.sa_mask);
		sa.sa_flags = SA_RESTART;
		/* a signal ignored by whoever started us (nohup) stays ignored */
		if (sigaction(sigs[i], NULL, &old) == 0 && old.sa_handler != SIG_IGN)
			sigaction(sigs[i], &sa, NULL);
	}
}

void die_if_interrupted(void)
{
	if (!interrupted)
		return;
	fflush(stdout);
	signal(interrupted, SIG_DFL);
	raise(interrupted);
}

