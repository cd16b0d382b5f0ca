# SPDX-License-Identifier: GPL-3.0-or-later
# make bench's R peer: ppois(E, lambda) and ppois(E, lambda, lower.tail =
# FALSE) (both tails; R computes them through pgamma) over the points of the
# file given ("errors lambda" lines), vectorized as an R user calls them;
# prints "R <median ns per evaluation>".
args <- commandArgs(trailingOnly = TRUE)
p <- read.table(args[1])
e <- p[[1]]; lam <- p[[2]]
reps <- max(1L, 20000L %/% length(e))
times <- numeric(7)
for (k in 1:7) {
	t0 <- proc.time()[["elapsed"]]
	n <- 0
	repeat {
		for (r in 1:reps) {
			ppois(e, lam)
			ppois(e, lam, lower.tail = FALSE)
		}
		n <- n + reps * length(e)
		if (proc.time()[["elapsed"]] - t0 > 0.05) break
	}
	times[k] <- (proc.time()[["elapsed"]] - t0) / n * 1e9
}
cat(sprintf("R %.1f\n", median(times)))
