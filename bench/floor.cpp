// SPDX-License-Identifier: GPL-3.0-or-later
// floor.cpp - make bench's floor for the cl batch: the least a program can do
// with the same input and an output of the same kind. It reads the
// "errors,bits,ber" rows with strtod, forms lambda = bits * ber and writes
// per row the input cells as they came and three shortest round-trip
// doubles (lambda, lambda / (1 + lambda), 1 / (1 + lambda): stand-ins that
// cost one division, not a tail) with std::to_chars, through one large
// buffer (the floor: parse with strtod, print three shortest
// doubles). No
// tails are computed: bercl's cl batch over this floor is what its parsing,
// computing and formatting cost beyond the unavoidable.
#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <cstring>

static char out[1 << 16];
static size_t used;

static void put(const char *s, size_t n)
{
	if (used + n > sizeof out) {
		fwrite(out, 1, used, stdout);
		used = 0;
	}
	std::memcpy(out + used, s, n);
	used += n;
}

static void put_double(double v, char sep)
{
	char buf[32];
	auto r = std::to_chars(buf, buf + sizeof buf - 1, v);
	*r.ptr++ = sep;
	put(buf, (size_t)(r.ptr - buf));
}

int main()
{
	static char line[4096];
	if (!std::fgets(line, sizeof line, stdin))
		return 1;
	const char head[] = "errors,bits,ber,lambda,p,q\n";
	put(head, sizeof head - 1);
	while (std::fgets(line, sizeof line, stdin)) {
		char *p = line;
		double e = std::strtod(p, &p);
		double n = std::strtod(p + 1, &p);
		double ber = std::strtod(p + 1, &p);
		double lam = n * ber;
		(void)e;
		put(line, (size_t)(p - line));
		put(",", 1);
		put_double(lam, ',');
		put_double(lam / (1.0 + lam), ',');
		put_double(1.0 / (1.0 + lam), '\n');
	}
	fwrite(out, 1, used, stdout);
	return 0;
}
