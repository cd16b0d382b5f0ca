/* SPDX-License-Identifier: GPL-3.0-or-later */
/* eye_cmd.h - `bercl eye` (eye_cmd.c): argv after the subcommand's name. */
#ifndef BERCL_EYE_CMD_H
#define BERCL_EYE_CMD_H

int run_eye(int argc, char *const argv[]);

#endif
