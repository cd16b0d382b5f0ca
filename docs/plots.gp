# SPDX-License-Identifier: GPL-3.0-or-later
# make plots: two figures drawn from bercl's own CSV, read through a pipe.
# Run from the top of the repository (gnuplot -c docs/plots.gp ./bercl).
bercl = ARG1 eq "" ? "./bercl" : ARG1
set datafile separator ","
set datafile columnheaders
set terminal pngcairo size 900,540 font ",11"
set grid
set key left top

# 1. CL against test time, E = 0..5 allowed errors, BER 1e-12, 25.78125 Gb/s.
set output "docs/cl_vs_time.png"
set title "Confidence that BER < 1e-12 after a test at 25.78125 Gb/s"
set xlabel "test time (minutes)"
set ylabel "confidence level (%)"
set yrange [0:100]
cmd1 = "< ".bercl." cl --errors 0..5 --time 1..900:300 --rate 25.78125G --ber 1e-12 --format csv"
plot for [e=0:5] cmd1 using (column("errors") == e ? column("time_s") / 60 : 1/0):(100 * column("cl")) \
     with lines linewidth 2 title sprintf("%d errors", e)

# 2. Minimum test time against BER, for several confidence levels, 0 errors.
set output "docs/time_vs_ber.png"
set title "Minimum error-free test time at 25.78125 Gb/s"
set xlabel "BER to demonstrate"
set ylabel "test time (seconds)"
set logscale xy
set yrange [*:*]
set format x "10^{%L}"
set format y "10^{%L}"
set key right top
array CL[4] = ["90%", "95%", "99%", "99.9%"]
cmd2(c) = "< ".bercl." bits --errors 0 --ber 1e-16..1e-9:71log --cl ".c." --rate 25.78125G --format csv"
plot for [i=1:4] cmd2(CL[i]) using (column("ber")):(column("time_s")) \
     with lines linewidth 2 title "CL ".CL[i]
