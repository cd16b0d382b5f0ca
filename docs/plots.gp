# SPDX-License-Identifier: GPL-3.0-or-later
# make plots: the figures drawn from bercl's own CSV, read through a pipe.
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

# 3. Test plans: the chance to pass against the true BER, for the classic
#    zero-error test and the plans for alpha = beta = 5 %, D = 2 at 1e-12.
unset logscale
unset format
set output "docs/plan_pass.png"
set title "Chance to pass against the true BER (specified 1e-12, good at 5e-13)"
set xlabel "true BER"
set ylabel "probability of passing (%)"
set logscale x
set format x "10^{%L}"
set format y "%g"
set yrange [0:100]
set key right top
set arrow 1 from 5e-13, graph 0 to 5e-13, graph 1 nohead dashtype 2
set arrow 2 from 1e-12, graph 0 to 1e-12, graph 1 nohead dashtype 2
oc = " --true-ber 1e-14..1e-10:81log --format csv"
cmd_classic = "< ".bercl." plan --errors 0 --bits 3T --ber 1e-12 --ratio 2".oc
cmd_fixed = "< ".bercl." plan --ber 1e-12 --cl 95% --alpha 5% --ratio 2".oc
cmd_seq = "< ".bercl." plan --ber 1e-12 --cl 95% --alpha 5% --ratio 2 --sequential".oc
plot cmd_classic using (column("true_ber")):(100 * column("p_pass")) with lines linewidth 2 \
         title "0 errors in 3e12 bits", \
     cmd_fixed using (column("true_ber")):(100 * column("p_pass")) with lines linewidth 2 \
         title "fixed plan: 22 errors in 3.14e13 bits", \
     cmd_seq using (column("true_ber")):(100 * column("p_pass")) with lines linewidth 2 \
         linecolor rgb "black" dashtype (8, 8) title "sequential plan (at most 4.1e13 bits)"

# 4. Expected test length against the true BER at 100 Gb/s.
set output "docs/plan_time.png"
set title "Expected test time at 100 Gb/s (alpha = beta = 5 %, D = 2, BER 1e-12)"
set ylabel "expected test time (minutes)"
set yrange [0:*]
set key right top
plot cmd_fixed using (column("true_ber")):(column("expected_bits") / 100e9 / 60) \
         with lines linewidth 2 title "fixed plan (always its full length)", \
     cmd_seq using (column("true_ber")):(column("expected_bits") / 100e9 / 60) \
         with lines linewidth 2 title "sequential plan (at most 6.9 min)"

# 5. CER against pre-FEC BER for four Reed-Solomon codes, independent errors.
#    TSV: the code names rs:N,K,M hold commas.
set output "docs/cer_vs_ber.png"
unset arrow
set datafile separator "\t"
set title "Codeword error ratio after Reed-Solomon FEC (independent bit errors)"
set xlabel "pre-FEC BER"
set ylabel "codeword error ratio (CER)"
set logscale xy
set xrange [1e-6:1e-2]
set yrange [1e-40:1]
set format x "10^{%L}"
set format y "10^{%L}"
set key left top
array CODE[4] = ["kp4", "kr4", "rs:255,239,8", "rs:255,223,8"]
array NAME[4] = ["KP4 RS(544,514), t = 15", "KR4 RS(528,514), t = 7", \
                 "RS(255,239) 8-bit, t = 8", "RS(255,223) 8-bit, t = 16"]
cmd3(c) = "< ".bercl." fec --code ".c." --ber 1e-6..1e-2:81log --format tsv"
plot for [i=1:4] cmd3(CODE[i]) using (column("ber")):(column("cer")) \
     with lines linewidth 2 title NAME[i]

# 6. Clustered errors: how often each answer covers the true BER (does not
#    pass a link at exactly the specified BER) against the mean burst length
#    of a Gilbert-Elliott channel, tests at 95 % allowing 10 and 100 errors,
#    logged as 1,000 intervals (bercl simulate --burst-model, 4,000 links a point).
set output "docs/clustered_coverage.png"
set datafile separator ","
unset logscale
set logscale x
set xrange [1:100]
set yrange [0:100]
set format x "%g"
set format y "%g"
set title "Coverage at 95 % when errors come in bursts (1,000 intervals, 4,000 links a point)"
set xlabel "mean burst length (errors)"
set ylabel "links at the specified BER not passed (%)"
set key left bottom
set arrow 3 from 1, 95 to 100, 95 nohead dashtype 2
bits(e) = system(bercl." bits --errors ".e." --ber 1e-12 --cl 95% --value bits") + 0
cmd6(e) = sprintf("< %s simulate --burst-model gilbert-elliott --burst-length 1..100:11log " \
                  . "--errors %d --bits %.17g --ber 1e-12 --reading-interval %.17g " \
                  . "--trials 4000 --seed 23 --format csv", bercl, e, bits(e), bits(e) / 1000)
plot cmd6(10) using (column("burst_length")):(100 * (1 - column("one_minus_cl_sim"))) \
         with linespoints linewidth 2 title "Poisson CL, 10 errors allowed", \
     cmd6(100) using (column("burst_length")):(100 * (1 - column("one_minus_cl_sim"))) \
         with linespoints linewidth 2 title "Poisson CL, 100 errors allowed", \
     cmd6(10) using (column("burst_length")):(100 * (1 - column("one_minus_cl_clustered_sim"))) \
         with linespoints linewidth 2 dashtype 2 title "cl\\_clustered, the same tests (10)", \
     cmd6(100) using (column("burst_length")):(100 * (1 - column("one_minus_cl_clustered_sim"))) \
         with linespoints linewidth 2 dashtype 2 title "cl\\_clustered, the same tests (100)"

# 7. The tail of three real FEC histograms (issue 22: two SONiC ports, a
#    Xena tester; tests/data/telemetry): each bin's share of the codewords,
#    and beyond t = 15 the predicted CER with its 95 % profile-likelihood
#    interval (error bar) and SONiC's least-squares prediction (cross).
set output "docs/fec_tail.png"
unset arrow
set datafile separator ","
unset logscale
set autoscale xy
array H[3] = ["sonic_a", "sonic_b", "xena"]
do for [i=1:3] {
	stats "tests/data/telemetry/".H[i].".csv" using 2 nooutput
	eval sprintf("total%d = STATS_sum", i)
}
set logscale y
set title "FEC histograms and the predicted codeword error ratio (KP4, t = 15)"
set xlabel "symbol errors in a codeword (> 15: uncorrectable, the predicted CER)"
set ylabel "share of the codewords"
set xrange [-0.5:17]
set yrange [1e-70:2]
set format x "%g"
set format y "10^{%L}"
set xtics 0, 1, 15
set xtics add ("> 15" 16.3)
set key right top
array HN[3] = ["SONiC port A (7.7e13 codewords)", "SONiC port B (7.9e10)", "Xena tester (1.2e13)"]
tail(i) = "< ".bercl." fec --code kp4 --histogram tests/data/telemetry/".H[i].".csv --cl 95% --format csv 2>/dev/null"
sonic(i) = "< ".bercl." fec --code kp4 --histogram tests/data/telemetry/".H[i].".csv --method sonic --format csv 2>/dev/null"
plot for [i=1:3] "tests/data/telemetry/".H[i].".csv" using 1:($2 > 0 ? $2 / value(sprintf("total%d", i)) : 1/0) \
         with linespoints linewidth 2 pointtype 7 linecolor i title HN[i], \
     for [i=1:3] tail(i) using (15.7 + 0.3 * i):(column("cer_tail")):(column("cer_tail_lower")):(column("cer_tail_upper")) \
         with yerrorbars linewidth 2 pointtype 7 linecolor i notitle, \
     for [i=1:3] sonic(i) using (15.7 + 0.3 * i):(column("cer_tail")) with points pointtype 2 pointsize 2 \
         linecolor i notitle, \
     keyentry with yerrorbars linecolor rgb "black" pointtype 7 title "predicted CER, 95 % interval", \
     keyentry with points linecolor rgb "black" pointtype 2 pointsize 2 title "SONiC's prediction"

# 8. A bathtub (docs/examples/eye_bathtub.csv, the guide's docs/eye.md):
#    the measured BER (an error-free point at 1 / bits, an upper mark), the
#    dual-Dirac curve bercl eye fitted (its mu, sigma, rho by --value, the
#    curve rho Q(u) = rho erfc(u / sqrt 2) / 2 drawn here), and the eye
#    opening at target BERs 1e-4 .. 1e-16 (49 of them) with its 95 %
#    profile-likelihood interval as horizontal bars: the opening's lower
#    and upper bounds drawn about
#    the fitted midpoint (an interval of the opening's width, not of
#    either edge's place). Right: the left edge enlarged, where the band
#    widens with the depth of the extrapolation.
set output "docs/eye_bathtub.png"
unset arrow
unset xtics
set xtics
set datafile separator ","
unset logscale
set logscale y
set format x "%g"
set format y "10^{%L}"
scan = "docs/examples/eye_bathtub.csv"
eyev(c) = system(bercl." eye -i ".scan." --value ".c)
mu = eyev("mu"); sg = eyev("sigma"); rh = eyev("rho")
mu0 = word(mu, 1) + 0; mu1 = word(mu, 2) + 0
s0 = word(sg, 1) + 0; s1 = word(sg, 2) + 0
r0 = word(rh, 1) + 0; r1 = word(rh, 2) + 0
mid = (mu0 + mu1) / 2
fit(x) = r0 * erfc((x - mu0) / (s0 * sqrt(2))) / 2 + r1 * erfc((mu1 - x) / (s1 * sqrt(2))) / 2
band = "< ".bercl." eye -i ".scan." --ber 1e-4..1e-16:49log --format csv"
set samples 2000
set multiplot layout 1, 2 title "A bathtub fitted by bercl eye (1e10 bits an offset; 95 % interval of the eye opening)"
set title "the scan and the fit"
set xlabel "offset (UI)"
set ylabel "BER"
set xrange [0:1]
set yrange [1e-17:1]
set key center bottom
plot band using (strcol("edge") eq "eye" ? mid - column("eye_opening") / 2 : 1/0):(column("ber")):(mid - column("eye_opening_upper") / 2):(mid - column("eye_opening_lower") / 2) \
         with xerrorbars pointtype 7 pointsize 0.3 linewidth 2 linecolor rgb "#66a61e" title "eye opening's interval", \
     band using (strcol("edge") eq "eye" ? mid + column("eye_opening") / 2 : 1/0):(column("ber")):(mid + column("eye_opening_lower") / 2):(mid + column("eye_opening_upper") / 2) \
         with xerrorbars pointtype 7 pointsize 0.3 linewidth 2 linecolor rgb "#66a61e" notitle, \
     fit(x) with lines linewidth 2 linecolor rgb "#d95f02" title "fitted dual-Dirac curve", \
     scan using 1:($3 > 0 ? $3 / $2 : 1/0) with points pointtype 7 pointsize 0.6 linecolor rgb "#1b9e77" title "measured BER", \
     scan using 1:($3 == 0 ? 1 / $2 : 1/0) with points pointtype 11 pointsize 0.6 linecolor rgb "#1b9e77" title "no errors (at 1 / bits)"
set title "the left edge below 1e-10, enlarged"
set xrange [0.235:0.26]
set yrange [1e-17:1e-10]
set key left bottom
plot band using (strcol("edge") eq "eye" ? mid - column("eye_opening") / 2 : 1/0):(column("ber")):(mid - column("eye_opening_upper") / 2):(mid - column("eye_opening_lower") / 2) \
         with xerrorbars pointtype 7 pointsize 0.3 linewidth 2 linecolor rgb "#66a61e" title "eye opening's interval", \
     fit(x) with lines linewidth 2 linecolor rgb "#d95f02" title "fitted curve", \
     scan using 1:($3 > 0 ? $3 / $2 : 1/0) with points pointtype 7 pointsize 1 linecolor rgb "#1b9e77" title "measured BER", \
     scan using 1:($3 == 0 ? 1 / $2 : 1/0) with points pointtype 11 pointsize 1 linecolor rgb "#1b9e77" title "no errors"
unset multiplot
