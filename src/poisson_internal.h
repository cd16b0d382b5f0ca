/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Internal to the library: shared between poisson.c and solve.c. */
#ifndef BERCL_POISSON_INTERNAL_H
#define BERCL_POISSON_INTERNAL_H

#include "dd.h"

/* ln(exp(-x) x^k / k!) in double-double, whole k >= 0, x > 0. */
dd bercl_ln_poisson_pmf(double k, dd x);

#endif
