/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * fec_code.c - a Reed-Solomon code from (n, k, m): t = floor((n - k) / 2)
 * correctable m-bit symbols per codeword (IEEE 802.3 clause 91's RS(544,514)
 * and RS(528,514) among them). Its own file, so that the FEC answers
 * (fec.c) and the tail fit (fec_tail.c) both use it without needing each
 * other.
 */
#include "bercl.h"

enum bercl_status bercl_rs_code_make(int n, int k, int m, bercl_rs_code *code)
{
	if (!(m >= 1 && m <= 16) || !(k >= 1 && k < n) || n > (1 << m) + 1)
		return BERCL_EDOM;
	code->n = n;
	code->k = k;
	code->m = m;
	code->t = (n - k) / 2;
	return BERCL_OK;
}

