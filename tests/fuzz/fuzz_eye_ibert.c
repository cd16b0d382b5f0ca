/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz_eye_ibert.c - libFuzzer harness for bercl eye's reader of the
 * IBERT eye-scan export and the fit it feeds (engine/eye.c,
 * lib/eye_fit.c): see fuzz_eye_scan.inc. */
#define SCAN_FORMAT EYE_SCAN_IBERT
#include "fuzz_eye_scan.inc"
