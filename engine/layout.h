/* SPDX-License-Identifier: GPL-3.0-or-later */
/* layout.h - the output columns of a run, from its flags and batch header (layout.c). */
#ifndef BERCL_LAYOUT_H
#define BERCL_LAYOUT_H

#include "format.h"
#include "request.h"
#include "rows.h"
#include "sink.h"

/*
 * The columns for o's subcommand, format and flags, and b's header (NULL: a
 * sweep); with --value, that column. 0, or -1 with the message in why (no
 * such --value column).
 */
int make_layout(const struct options *o, const struct batch *b, struct layout *l, char *why,
                size_t len);
/* --value COLUMN: the layout's column of that name, or a batch pass-through one. */
int choose_value(const struct options *o, struct layout *l, char *why, size_t len);
/*
 * Input that is ignored or overridden: a warning each, before any output,
 * written to warn as one write per warning (its text alone: the face adds
 * "bercl: warning: " and the line end).
 */
void warn_ignored(const struct options *o, const struct batch *b, const struct sink *warn);

#endif
