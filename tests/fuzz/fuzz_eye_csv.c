/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz_eye_csv.c - libFuzzer harness for bercl eye's CSV reader and the
 * fit it feeds (engine/eye.c, lib/eye_fit.c): see fuzz_eye_scan.inc. */
#define SCAN_FORMAT EYE_SCAN_CSV
#include "fuzz_eye_scan.inc"
