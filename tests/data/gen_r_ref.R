# SPDX-License-Identifier: GPL-3.0-or-later
# BER bounds from R's own tests, for the points of bounds_ref.csv:
#   poisson.test(E, N, conf.level = c)$conf.int     Garwood, two-sided
#   poisson.test(E, N, alternative = "less", ...)   one-sided upper bound
#   binom.test(E, N, conf.level = c)$conf.int       Clopper-Pearson, two-sided
#   binom.test(E, N, alternative = "less", ...)     one-sided upper bound
# binom.test also computes a p-value in O(N) memory, so above N = 1e6 the
# interval is taken from the same qbeta() expressions binom.test uses.
# Run:  cd tests/data && Rscript gen_r_ref.R > r_ref.csv
# (Debian 12: apt-get install r-base-core; CI does not need R.)
pts <- read.csv("bounds_ref.csv", comment.char = "#", header = FALSE,
                col.names = c("model", "errors", "bits", "cl", "u", "l2", "u2"),
                colClasses = c("character", "numeric", "numeric", "numeric",
                               "character", "character", "character"))
cat(sprintf("# model,errors,bits,cl,ber_upper,ber_lower2,ber_upper2  (R %s)\n",
            paste(R.version$major, R.version$minor, sep = ".")))
for (i in seq_len(nrow(pts))) {
  e <- pts$errors[i]; n <- pts$bits[i]; c <- pts$cl[i]
  if (pts$model[i] == "poisson") {
    # r (the null rate) does not enter the interval; near e / n it keeps
    # poisson.test's p-value computation small
    r <- max(e, 1) / n
    up <- poisson.test(e, n, r = r, alternative = "less", conf.level = c)$conf.int[2]
    two <- poisson.test(e, n, r = r, conf.level = c)$conf.int
  } else if (n <= 1e6) {
    up <- binom.test(e, n, alternative = "less", conf.level = c)$conf.int[2]
    two <- binom.test(e, n, conf.level = c)$conf.int
  } else {
    a <- 1 - c
    up <- qbeta(c, e + 1, n - e)
    two <- c(if (e == 0) 0 else qbeta(a / 2, e, n - e + 1), qbeta(1 - a / 2, e + 1, n - e))
  }
  cat(sprintf("%s,%.0f,%.0f,%s,%s,%s,%s\n", pts$model[i], e, n, format(c, digits = 17),
              format(up, digits = 17), format(two[1], digits = 17),
              format(two[2], digits = 17)))
}
