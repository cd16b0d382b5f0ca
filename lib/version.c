/* SPDX-License-Identifier: GPL-3.0-or-later */
/* version.c - the library's version and the names of its status codes. */
#include "bercl.h"

int bercl_version(void)
{
	return BERCL_VERSION_NUMBER;
}

const char *bercl_version_string(void)
{
	return BERCL_VERSION_STRING;
}

/* One message per condition, whichever function or subcommand meets it. */
const char *bercl_strerror(enum bercl_status status)
{
	switch (status) {
	case BERCL_OK:
		return "success";
	case BERCL_EDOM:
		return "argument outside the domain";
	case BERCL_ELIMIT:
		return "beyond the documented limit of the method";
	case BERCL_ENOCONV:
		return "numerical method did not converge (an internal error: please report it)";
	}
	return "unknown status";
}
