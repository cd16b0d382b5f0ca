/* SPDX-License-Identifier: GPL-3.0-or-later */
/* signals.h - the signals that end a run, and how it ends (signals.c). */
#ifndef BERCL_SIGNALS_H
#define BERCL_SIGNALS_H

#include <signal.h>

/* The signal that came (0: none yet). */
extern volatile sig_atomic_t interrupted;

/*
 * Set while a row that may compute for long (a plan, a simulation) runs
 * with standard output flushed: a signal then kills at once, as the row
 * would not be printed anyway, rather than after the library call that
 * cannot be interrupted (bercl_plan_sequential takes seconds).
 */
extern volatile sig_atomic_t die_at_once;
/* Catch SIGINT, SIGTERM and SIGHUP (not those its starter ignored). */
void catch_signals(void);
/* After a signal: flush whole lines and die of it. */
void die_if_interrupted(void);

#endif
