/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * replay.c - runs a libFuzzer harness's entry point on files, without
 * clang or libFuzzer: make check replays every committed seed (and any
 * crash file kept beside them) through each harness, under the sanitizers
 * of CFLAGS when CI gives them.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int main(int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		FILE *fp = fopen(argv[i], "rb");
		if (!fp) {
			perror(argv[i]);
			return 2;
		}
		size_t cap = 4096, n = 0, k;
		uint8_t *buf = malloc(cap);
		while (buf && (k = fread(buf + n, 1, cap - n, fp)) > 0) {
			n += k;
			if (n == cap) {
				uint8_t *p = realloc(buf, cap *= 2);
				if (!p)
					free(buf);
				buf = p;
			}
		}
		fclose(fp);
		if (!buf) {
			fprintf(stderr, "%s: out of memory\n", argv[i]);
			return 2;
		}
		LLVMFuzzerTestOneInput(buf, n);
		free(buf);
	}
	printf("%s: %d inputs replayed\n", argv[0], argc - 1);
	return 0;
}
