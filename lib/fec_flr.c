/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * fec_flr.c - frame loss ratio from the codeword error ratio.
 *
 * DESCRIPTION
 *   An uncorrectable codeword corrupts every frame with a symbol in it.
 *   With X codewords interleaved symbol by symbol its symbols span X
 *   codewords' worth of data, X F frames for F frames per codeword, and
 *   one more frame straddles the span's edge; of the F frames a codeword
 *   carries, X F + 1 are lost per uncorrectable codeword:
 *     flr = cer (1 + X F) / F = cer (X + 1 / F),
 *   to first order in cer (two uncorrectable codewords in one frame's span
 *   count once), at most 1. F = 8 (SONiC's mfc) is the worst case of
 *   minimum-size frames: a codeword carries 5140 bits of data, 7.6
 *   64-byte frames with their 20 bytes of preamble and gap.
 *   Default interleave from the port's bit rate (IEEE Std 802.3 clauses
 *   119, 200GBASE-R and 400GBASE-R: two codewords interleaved; 172 of
 *   802.3df, 800GBASE-R: two flows of two; SONiC's table, orchagent
 *   port_flr.lua, gives the same and 2 for 100G over two lanes): 1 below
 *   200 Gb/s, 2 from 200 to below 800 Gb/s, 4 from 800 Gb/s.
 */
#include <math.h>

#include "bercl.h"

enum bercl_status bercl_fec_flr(double cer, double interleave, double frames_per_codeword,
                                double *flr)
{
	if (!(cer >= 0 && cer <= 1) || !(interleave >= 1 && interleave <= 64) ||
	    interleave != floor(interleave) ||
	    !(frames_per_codeword > 0 && frames_per_codeword <= 1e6))
		return BERCL_EDOM;
	/* SONiC's order of operations, so that its digits are ours */
	*flr = fmin(cer * (1 + interleave * frames_per_codeword) / frames_per_codeword, 1.0);
	return BERCL_OK;
}

double bercl_fec_interleave_default(double rate_bps)
{
	if (!(rate_bps >= 199e9))
		return 1;
	if (!(rate_bps >= 799e9))
		return 2;
	return 4;
}
