/* SPDX-License-Identifier: GPL-3.0-or-later */
/* layout.h - the output columns of a run, from its flags and batch header (layout.c). */
#ifndef BERCL_LAYOUT_H
#define BERCL_LAYOUT_H

#include "format.h"
#include "options.h"
#include "rows.h"

/* The columns for o's subcommand, format and flags, and b's header (NULL: a sweep). */
void make_layout(const struct options *o, const struct batch *b, struct layout *l);
/* --value COLUMN: the layout's column of that name, or a batch pass-through one. */
void choose_value(const struct options *o, struct layout *l);
/* Input that is ignored or overridden gets a warning, before any output. */
void warn_ignored(const struct options *o, const struct batch *b);

#endif
