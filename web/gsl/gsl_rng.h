/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * gsl_rng.h - for the page's build only: engine/compute.c includes
 * bursts.h, which names GSL's generator type. The page has no simulate
 * (web/nosim.c), so the type is declared and never defined.
 */
#ifndef BERCL_WEB_GSL_RNG_H
#define BERCL_WEB_GSL_RNG_H
typedef struct gsl_rng gsl_rng;
#endif
