#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Writes the corpus's command list (tests/corpus/commands) to stdout: every
# form of every subcommand in every format, sweeps, batch files with odd
# headers, watch streams, histograms, lanes, --value, --require, and inputs
# that must be refused. tests/test_corpus.sh runs them.
forms='cl -e 0 -n 3T -p 1e-12
cl -e 2 -t 10min -r 53.125G -l 4 -p 1e-15
cl -e 0..3 -n 1e13 -p 1e-12,1e-13
cl -e 0..100:5 -n 1e14 -p 1e-12
cl -e 1000000 -n 1.1e18 -p 1e-12
cl -e 9007199254740992 -n 1e300 -p 1e-10
cl -e 0 -n 3e12 -p 1e-12 --model binomial
cl -e 5 -n 100 -p 0.01 --model binomial
cl -e 1 -n 3T -p 1e-12 --require 95%
cl -e 0 -n 3T -p 1e-12 --require 95%
cl -e 0 -n 3T -p 1e-12 --verify
cl -e 0 -t 10min --baud 26.5625G --bits-per-symbol 2 -l 4 -p 1e-13
cl --lane-errors 0,1,0,0,2,0,0,0 --time 1min --rate 53.125G --ber 1e-12
cl --lane-errors 0,3 --bits 1e12 --ber 1e-12 --require 90%
cl -e 0 -n 1e-300 -p 0.5
cl -e 0 -n 1e15..1e18:4log -p 1e-15
bits -e 0..3 -p 1e-12 -c 95% -r 25.78125G
bits -p 1e-12 -c 0.99999999999999999999
bits -e 5 -p 1e-9 -c 50% --model binomial
bits -p 1e-13 -c 95% --baud 26.5625G --bits-per-symbol 2 --lanes 4
bits -p 1e-12 -c 95% --lanes 8 -r 53.125G
bits -p 1e-12 -c 95% --lanes 8 -r 53.125G --all-lanes
bits -e 0 -p 1e-12 -c 1e-300
bits -e 3 -p 1e-15 -c 99.9% -r 100G --verify
ber -e 0 -n 3T -c 95%
ber -e 7 -n 1000 -c 95% --two-sided --model binomial
ber -e 7 -n 1000 -c 95% --two-sided
ber -e 0..5 -n 1e12 -c 90%,99%
ber -e 3 -t 1h -r 10G -c 95% --verify
ber -e 0 -n 1 -c 95%
ber -e 0 -n 1 -c 95% --model binomial
errors -n 1e15 -p 1e-12 -c 95%
errors -n 1e12 -p 1e-12 -c 95%
errors -t 10min -r 100G -p 1e-12 -c 95% --model binomial
simulate -e 0 -n 3T -p 1e-12 --trials 100000 --seed 42
simulate -e 2 -n 5e12 -p 1e-12 --trials 20000 --seed 7 --model binomial
simulate -p 1e-12 -c 95% --alpha 5% --ratio 2 --trials 20000 --seed 3
simulate -p 1e-12 -c 95% --alpha 5% --ratio 2 --sequential --trials 20000 --seed 3
plan -e 0 -n 3T -p 1e-12 --ratio 2
plan -p 1e-12 -c 95% --alpha 5% --ratio 2 -r 100G
plan -p 1e-12 -c 95% --alpha 5% --ratio 2 --sequential
plan -p 1e-12 -c 95% --alpha 5% --ratio 2 --sequential -r 100G
plan -p 1e-12 -c 95% --alpha 5% --ratio 2 --sequential --true-ber 5e-13,1e-12
plan -p 1e-12 -c 95% --alpha 5% --ratio 2 --true-ber 5e-13
plan -p 1e-12 -c 90%,99% --alpha 5% --ratio 2,4
fec --code kp4 --ber 2.4e-4
fec --code kr4 --ber 2.4e-4
fec --code kp4 --ber 1e-9,1e-6
fec --code rs:255,239,8 --ber 1e-5
fec --code kp4 --cer 1e-12,1e-15
fec --code rs:5,3,2 --cer 0.99
fec --code kp4 --errors 212500000 --time 10s --rate 106.25G --cl 95%
fec --code kp4 --errors 2400 --bits 1e7 --cl 95%
fec --code kp4 --codewords 1e12 --uncorrectable 0 --cer 1e-11
fec --code kp4 --codewords 1e12 --uncorrectable 0 --cl 95%
fec --code kp4 --codewords 1e9 --uncorrectable 3 --cl 95%
fec --code kp4 --histogram hist.csv --cl 95%
fec --code kp4 --histogram burst.csv --cl 95%
fec --code kp4 --histogram lost.csv --cl 95%
fec --code kp4 --histogram hist.csv
fec --code kr4 --ber 1e-5 --verify
fec --code kp4 --degrade-interval 8192 --degrade-threshold 600
fec --code kp4 --ser 1e-4 --degrade-interval 8192 --degrade-threshold 600 --rate 425G
cl -i results.csv
cl -i semi.csv
cl -i tab.tsv
cl -i odd.csv
cl -i times.csv
bits -i bits.csv
ber -i ber.csv --two-sided
ber -i ber.csv
cl -i dup.csv
errors -i errs.csv
cl -i results.csv -p 1e-13
cl -i semi.csv --delimiter ,
bits -i odd.csv -c 95%
plan -i results.csv --ratio 2
fec --code kp4 -i results.csv'
formats='text
csv
tsv
json'
printf '%s\n' "$forms" | while IFS= read -r f; do
	printf '%s\n' "$formats" | while IFS= read -r fmt; do
		printf 'bercl %s -f %s\n' "$f" "$fmt"
	done
done
cat <<'EOC'
bercl cl -e 0 -n 3T -p 1e-12 --value cl
bercl cl -e 0 -n 3T -p 1e-12 --value one_minus_cl
bercl cl -e 0..10 -n 1e13 -p 1e-12 --value log10_one_minus_cl
bercl cl -i results.csv --value link
bercl cl -i odd.csv --value note
bercl bits -e 0..2 -p 1e-12 -c 95% --value bits
bercl bits -e 0..2 -p 1e-12 -c 95% -r 10G --value time_s
bercl bits -e 0..2 -p 1e-12 -c 95% --value cl_achieved
bercl ber -e 0..2 -n 1e12 -c 95% --two-sided --value ber_lower
bercl errors -n 1e15 -p 1e-12 -c 95% --value errors
bercl fec --code kp4 --ber 1e-6 --value cer
bercl fec --code kp4 --histogram hist.csv --value gof_p
bercl plan -p 1e-12 -c 95% --alpha 5% --ratio 2 --sequential --value pass_bits
bercl plan -p 1e-12 -c 95% --alpha 5% --ratio 2 --value bits
bercl cl --lane-errors 0,1,2 -n 1e12 -p 1e-12 --value lane
bercl cl -e 0 -n 3T -p 1e-12 --value nosuch
bercl bits -p 1e-12 -c 95% --value ber_upper
bercl watch -p 1e-12 -c 95% < rd.csv
bercl watch -p 1e-12 -c 95% -f csv < rd.csv
bercl watch -p 1e-12 -c 95% -f json < rd.csv
bercl watch -p 1e-12 -c 95% -e 1 < rd.csv
bercl watch -p 1e-12 -c 95% < rdfail.csv
bercl watch -p 1e-12 -c 95% -l 2 < lanes.csv
bercl watch -p 1e-12 -c 95% -l 2 -f csv < lanes.csv
bercl watch -p 1e-12 -c 95% -r 25G < rdtime.csv
bercl watch -p 1e-12 -c 95% < rdtime.csv
bercl watch -p 1e-12 -c 95% < back.csv
bercl watch -p 1e-12 -c 95% -f csv < burst_rd.csv
bercl watch --plan -p 1e-12 -c 95% --alpha 5% --ratio 2 < rd.csv
bercl watch --plan -p 1e-12 -c 95% --alpha 5% --ratio 2 -f csv < rdfail.csv
bercl watch --plan -p 1e-12 -c 95% --alpha 5% --ratio 2 -f tsv < lanes.csv
bercl watch -p 1e-12 -c 95% --value cl < rd.csv
bercl watch -p 1e-12 -c 95% --value decision < rd.csv
printf 'errors,bits\n0,1e12\n' | bercl watch -p 1e-12 -c 95%
printf 'bits;errors\n1e12;0\n4e12;0\n' | bercl watch -p 1e-12 -c 95%
printf 'bits,errors\n' | bercl watch -p 1e-12 -c 95%
printf '' | bercl watch -p 1e-12 -c 95%
printf 'bits\n1\n' | bercl watch -p 1e-12 -c 95%
printf 'bits,errors\n1e12,x\n' | bercl watch -p 1e-12 -c 95%
printf 'bits,errors\n1e12,5\n' | bercl watch -p 1e-12 -c 95%
printf 'bits,errors\n1,5\n' | bercl watch -p 1e-12 -c 95%
printf 'time,errors\n1,0\n' | bercl watch -p 1e-12 -c 95%
printf 'errors,bits,ber\n0,3e12,1e-12\n' | bercl cl -i -
printf 'errors,bits,ber\r\n0,3e12,1e-12\r\n1,3e12,1e-12\r\n' | bercl cl -i - -f csv
printf 'errors,bits,ber\n0,3e12,1e-12' | bercl cl -i - -f csv
printf 'errors,bits,ber\n"0","3e12","1e-12"\n' | bercl cl -i - -f csv
printf 'errors,bits,ber,link\n0,3e12,1e-12,"he said ""hi"""\n' | bercl cl -i - -f csv
printf 'errors,bits,ber,link\n0,3e12,1e-12,"he said ""hi"""\n' | bercl cl -i - -f json
printf 'errors,bits,ber,link\n0,3e12,1e-12,"tab\there"\n' | bercl cl -i - -f tsv
printf 'errors,bits,ber\n0,3e12,1e-12,extra\n' | bercl cl -i - -f csv
printf 'errors,bits,ber\n"0,3e12,1e-12\n' | bercl cl -i - -f csv
printf 'errors,bits\n0,3e12\n' | bercl cl -i - -f csv
printf 'errors,bits\n0,3e12\n' | bercl cl -i - -f csv -p 1e-12
printf 'a,b\n1,2\n' | bercl cl -i - -p 1e-12 -n 1e12
printf 'errors,bits,ber,cl,model\n0,3e12,1e-12,95%%,binomial\n' | bercl ber -i - -f csv
printf 'errors,bits,ber,cl\n0,3e12,1e-12,95%%\n' | bercl errors -i - -f csv
printf 'errors,bits,ber,cl,rate\n0,3e12,1e-12,95%%,10G\n' | bercl bits -i - -f csv
printf '' | bercl cl -i -
printf '# only a comment\n' | bercl cl -i -
printf 'errors,bits,ber\n' | bercl cl -i -
printf 'errors,bits,ber\n\n\n0,1,0.5\n' | bercl cl -i - -f csv
printf '\xef\xbb\xbferrors,bits,ber\n0,1,0.5\n' | bercl cl -i - -f csv
printf '\xef\xbberrors,bits,ber\n0,1,0.5\n' | bercl cl -i - -f csv
printf 'errors,bits,ber\n0,1\000,0.5\n' | bercl cl -i - -f csv
printf 'errors,bits,ber\n0,1,0.5\r3\n' | bercl cl -i - -f csv
printf 'errors,bits,ber\n0,1,0.5\n' | bercl cl -i - --delimiter ';' -f csv
printf 'errors,bits,ber\n0,1,0.5\n' | bercl cl -i - --delimiter x
bercl cl -i twice.csv
bercl cl -i nosuchfile.csv
bercl fec --code kp4 --histogram nounc.csv
bercl fec --code kp4 --histogram beyond.csv
bercl fec --code kp4 --histogram nosuch.csv
awk 'BEGIN { for (p = 0; p < 257; p++) print p "/1 PP_RXFECSTATS 0 18 100 10 1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 111" }' | bercl fec --code kp4 --histogram -
awk 'BEGIN { for (p = 0; p < 256; p++) print p "/1 PP_RXFECSTATS 0 18 100 10 1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 111" }' | bercl fec --code kp4 --histogram - -f csv | wc -l
printf 'symbol_errors,codewords\n0,10\n1,x\nuncorrectable,0\n' | bercl fec --code kp4 --histogram -
printf '0,10\n0,20\nuncorrectable,0\n' | bercl fec --code kp4 --histogram -
printf '0,10\t3\nuncorrectable,0\n' | bercl fec --code kp4 --histogram -
printf 'symbol_errors,cw\n0,10\nuncorrectable,0\n' | bercl fec --code kp4 --histogram -
printf '# c\n\n0 , 10\r\n1\t2\nuncorrectable,0\n' | bercl fec --code kp4 --histogram - -f csv
bercl
bercl --version
bercl -V
bercl cl -e 0 -n 3T -p 1e-12 --version foo
bercl cl -e "$(printf '1\n2')" -n 3T -p 1e-12
bercl cl -e "$(printf '1\r')" -n 3T -p 1e-12
bercl cl -e 123456789012345678901234567890123456789012345678901234567890 -n 3T -p 1e-12
bercl cl -e 1 -t 10 -r 1e-300 -p 1e-12
bercl bits -p 1e-12 -c 95% -r 1e-300
bercl errors -t 1s -p 1e-12 -c 95% -r 1e-300
bercl cl -e 0 -t 1s --baud 1e-300 -p 1e-12
bercl fec --code kp4 --errors 3 --time 1s --cl 95% -r 1e-200
printf 'errors,time,rate,ber\n0,1,1e-300,1e-12\n' | bercl cl -i -
bercl cl -e 1 -t 1e300,1 -r 25G -p 1e-12 -f csv
bercl cl -e 0 -n 2,500 -p 1e-12 -f csv
printf 'bits,errors\n1e9,0\n2e9,1\n3e9,1\n' | bercl cl --intervals - -p 1e-9 -f csv
printf 'bits,errors\n1e9,0\n2e9,1\n3e9,1\n' | bercl cl --intervals - -p 1e-9 -f csv --intervals-form per-interval
printf 'bits,errors\n1e9,0\n1e9,1\n' | bercl ber --intervals - -c 95% --intervals-form cumulative
bercl cl --intervals x.csv -p 1e-9 --intervals-form cum
bercl cl -e 0 -n 1e12 -p 1e-12 --intervals-form cumulative
printf 'errors,bits,ber\n0,1e12,1e-12\n   \n0,1e12,1e-12\n' | bercl cl -i - -f csv
printf 'bits,errors\n1e12,0\n\t\n1e12,0\n' | bercl cl --intervals - -p 1e-12 -f csv
printf 'bits,errors\n1e9,"a\nb"\n' | bercl watch -e 0 -p 1e-12 -c 95%
printf 'errors;bits;ber\n0;1,000;1e-3\n' | bercl cl -i - -f csv
bercl bits -e 0 -p 1e-12 -c 0.9x5%
bercl cl -e 0,100 -n 1e12 -p 1e-12 -f csv
bercl cl -e 0 -r 1G -t 1year -p 1e-18 -f csv
printf 'bits,errors\n1e12,0\n1e12,0\n1e12,0\n1e12,0\n' | bercl cl --intervals - -p 1e-12 --require 95%
printf 'bits,errors\n1e12,0\n2e12,0\n3e12,0\n4e12,0\n' | bercl watch -p 1e-12 -c 95% --clustered -f csv
bercl cl -e 0 -n 3,000,000,000,000 -p 1e-12
bercl bits -e 0 -p 1e-12 -c 95% -r 25.78125
bercl bits -e 0 -p 1e-12 -c 0.95%
printf 'errors;time;rate;ber\n0;0,5h;10G;1e-12\n' | bercl cl -i - -f csv
printf '   \nerrors,bits,ber\n0,3e12,1e-12\n' | bercl cl -i - -f csv
printf ' \t\r\n' | bercl cl -i -
printf 'time,bits,errors\n10,2.125e12,0\n10,3.2e12,0\n' | bercl watch -p 1e-12 -c 95%
printf '# BERT log\nbits,errors\n# start\n1e12,0\n4e12,0\n' | bercl watch -p 1e-12 -c 95% -f csv
printf 'lane,bits,errors\n#1,1e12,0\n#1,4e12,0\n' | bercl watch -p 1e-12 -c 95% -f csv
printf 'errors,time,rate,lanes,ber\n1,1e300,25G,4,1e-12\n' | bercl cl -i - -f json
bercl nosuch
bercl cl
bercl cl -e 0 -n 3T
bercl cl -e 0 -p 1e-12
bercl cl -e 0 -t 10min -p 1e-12
bercl cl -e -1 -n 3T -p 1e-12
bercl cl -e 1.5 -n 3T -p 1e-12
bercl cl -e 0 -n 3X -p 1e-12
bercl cl -e 0 -n 3T -p 1
bercl cl -e 0 -n 3T -p 0
bercl cl -e 0 -n 3T -p 1e-400
bercl cl -e 0 -n 3T -p 1e-12 -p 1e-13
bercl cl -e 0 -n 3T -p 1e-12 -f xml
bercl cl -e 0 -n 3T -p 1e-12 --model gamma
bercl cl -e 0 -n 3T -p 1e-12 -c 95%
bercl cl -e 0 -n 3T -t 10s -r 1G -p 1e-12
bercl cl -e 100 -n 10 -p 1e-12
bercl cl -e 0 -n 3T -p 1e-12 --two-sided
bercl cl -e 0 -n 3T -p 1e-12 --require 150%
bercl cl -e 0 -t 10min -p 1e-12 --baud 1G --rate 1G
bercl cl -e 0 -t 10min -p 1e-12 --bits-per-symbol 2 --rate 1G
bercl bits -p 1e-12
bercl bits -c 95%
bercl bits -p 1e-12 -c 0
bercl bits -p 1e-12 -c 1
bercl bits -p 1e-12 -c 100%
bercl bits -p 1e-12 -c 95% -n 3T
bercl bits -p 1e-12 -c 95% --all-lanes
bercl ber -n 3T
bercl ber -n 3T -c 95% -p 1e-12
bercl errors -p 1e-12 -c 95%
bercl errors -n 1e10 -p 1e-12 -c 95%
bercl simulate -e 0 -n 3T
bercl simulate -e 0 -n 3T -p 1e-12 --trials 0
bercl simulate -e 0 -n 3T -p 1e-12 --trials 1.5
bercl plan -p 1e-12 -c 95% --alpha 5%
bercl plan -p 1e-12 -c 95% --alpha 5% --ratio 1
bercl plan -p 1e-12 -c 95% --alpha 5% --ratio 2 --sequential -n 3T
bercl fec --ber 1e-5
bercl fec --code kp5 --ber 1e-5
bercl fec --code rs:5,6 --ber 1e-5
bercl fec --code kp4
bercl fec --code kp4 --ber 0.6
bercl fec --code kp4 --ber 1e-5 --cer 1e-12
bercl fec --code kp4 --codewords 1e9 --cl 95%
bercl fec --code kp4 --codewords 1e9 --uncorrectable 2e9 --cl 95%
bercl watch
bercl watch -p 1e-12
bercl watch --plan -p 1e-12 -c 95%
bercl cl -e 0..3 -n 3T -p 1e-12 --lane-errors 0,1
bercl cl --lane-errors 0,x -n 3T -p 1e-12
bercl cl -e 3..0 -n 3T -p 1e-12
bercl cl -e 0..10:0 -n 3T -p 1e-12
bercl cl -e 0 -n 1e12..1e15:3log -p 1e-12 -f csv
bercl cl -e 0 -n 1e12..1e15:3 -p 1e-12 -f csv
bercl cl -e 0,1,,2 -n 3T -p 1e-12
bercl cl -e 0 -n 3T -p 1e-12 --seed 3
bercl cl --help
bercl bits --help
bercl fec --help
bercl watch --help
bercl --help
bercl cl -e 0 -n 3T -p 1e-12 --nosuch
bercl cl -e
bercl cl -x
bercl cl -e0 -n3T -p1e-12
bercl cl --errors=0 --bits=3T --ber=1e-12 -f csv
bercl cl -e 0 -n 3T -p 1e-12 -f CSV
bercl bits -p 1e-12 -c 95% -r 10Gb/s -f csv
bercl bits -p 1e-12 -c 95% -r 10Gbps -f csv
bercl bits -p 1e-12 -c 95% -r 10 -f csv
bercl cl -e 0 -t 1h30m -r 10G -p 1e-12 -f csv
bercl cl -e 0 -t 2d -r 10G -p 1e-15 -f csv
bercl cl -e 0 -t 2.5h -r 10G -p 1e-15 -f csv
bercl cl -e 0 -t 90s -r 10G -p 1e-12 -f csv
bercl cl -e 0 -t 1y -r 10G -p 1e-12
bercl --version foo
bercl -h extra
bercl cl -e 0 -n 1e-400 -p 1e-12
bercl cl -e 0 -t 1e-400s -r 1G -p 1e-12
printf 'link,errors,link,bits,ber,link,link_2\nA,0,B,3e12,1e-12,C,D\n' | bercl cl -i - -f json
printf 'link,errors,link,bits,ber,link,link_2\nA,0,B,3e12,1e-12,C,D\n' | bercl cl -i - -f csv
printf 'link,errors,bits,ber,cl\n"a\\b\nc",0,3e12,1e-12,1\n' | bercl cl -i - --value link
printf 'errors,bits,ber\n100,10,1e-3\n0,1e301,1e-300\n' | bercl cl -i - -f csv
printf '"Errors" ; " Bits " ;BER\n0;3e12;1e-12\n' | bercl cl -i - -f csv
printf 'Bits,errors\n1e12,0\n' | bercl watch -p 1e-12 -c 95%
bercl cl --intervals iv_burst.csv -p 1e-11
bercl cl --intervals iv_burst.csv -p 1e-11 -f csv
bercl ber --intervals iv_burst.csv -c 95% --two-sided
bercl ber --intervals iv_burst.csv -c 95% --two-sided -f json
bercl cl --intervals iv_indep.csv -p 1e-11,2e-11 -f csv
bercl cl --intervals iv_indep.csv -p 1e-11 --require 95% -f tsv
bercl cl --intervals iv_burst.csv -p 1e-10 --require 95% -f csv
bercl ber --intervals iv_indep.csv -c 95%
bercl ber --intervals iv_indep.csv -c 95% -f csv
bercl ber --intervals iv_cum.csv -c 95% -f csv
bercl ber --intervals iv_bursty.csv -c 90%,99% --two-sided -f csv
bercl ber --intervals iv_bursty.csv -c 95% --value ber_upper_clustered
bercl cl --intervals iv_bursty.csv -p 1e-10 --value cl_clustered
bercl cl --intervals - -p 1e-11 -f json < iv_indep.csv
bercl watch -p 1e-12 -c 95% -e 10 --clustered < burst_rd.csv
bercl watch -p 1e-12 -c 95% --clustered -f csv --intervals rd.csv
bercl simulate --burst-model gilbert-elliott --burst-length 1,10,100 -e 10 -n 17T -p 1e-12 --reading-interval 17G --trials 2000 --seed 5
bercl simulate --burst-model gilbert-elliott --burst-length 5 --burst-share 0.5 -e 0 -n 3T -p 1e-12 --trials 5000 --seed 6 -f csv
bercl simulate --burst-model none -e 0 -n 3T -p 1e-12 --trials 1000 --seed 7 -f csv
bercl simulate --help
bercl ber --help
bercl cl --intervals nosuch.csv -p 1e-11
bercl cl --intervals iv_burst.csv -p 1e-11 -e 3
bercl cl --intervals iv_burst.csv -p 1e-11 -i results.csv
bercl ber --intervals iv_burst.csv -c 95% --model binomial
bercl watch -p 1e-12 -c 95% --clustered --plan --alpha 5% --ratio 2 < rd.csv
bercl simulate --burst-length 3 -n 3T -p 1e-12
bercl simulate --burst-model markov -n 3T -p 1e-12
bercl simulate --burst-model gilbert-elliott --burst-share 1.5 -n 3T -p 1e-12
printf 'bits,errors\n1e9,0\n2e9,1\n3e9,2\n2e9,3\n' | bercl cl --intervals - -p 1e-9
printf 'bits,errors\n1e9,0\n2e9,1\n3e9,2\n3e9,2\n' | bercl cl --intervals - -p 1e-9
printf 'bits,errors\n1e9,0\n2e9,4\n3e9,5\n4e9,3\n' | bercl cl --intervals - -p 1e-9
printf 'bits,errors\n1e9,0\n0,0\n' | bercl cl --intervals - -p 1e-9
printf 'bits,errors\n1e9,0\n1e9,x\n' | bercl ber --intervals - -c 95%
printf 'bits,errors\n10,11\n' | bercl ber --intervals - -c 95%
printf 'bits\n1e9\n' | bercl ber --intervals - -c 95%
printf 'bits,errors\n' | bercl ber --intervals - -c 95%
printf '1e9\t3\n1e9\t0\n2e9\t1\n' | bercl ber --intervals - -c 95% -f csv
bercl fec --code kp4 --histogram eth.json --cl 95% --rate 425G
bercl fec --code kp4 --histogram eth.json -f csv
bercl fec --code kp4 --histogram eth.json -f json --cl 95%
bercl fec --code kp4 --histogram eth.txt -f tsv
bercl fec --code kp4 --histogram sonic.txt --method sonic
bercl fec --code kp4 --histogram sonic.txt --cl 95% -f csv
bercl fec --code kp4 --histogram xena.txt --histogram-format xena --cl 95%
bercl fec --code kp4 --histogram xena.txt --value port
bercl fec --code kp4 --histogram xena.txt --histogram-format sonic
bercl fec --code kp4 --histogram sonic.txt --histogram-format csv
bercl fec --code kp4 --ber 1e-6 --histogram-format sonic
bercl fec --code kp4 --histogram eth.json --histogram-format json
printf '0/1 PP_RXFECSTATS 0 10 1 2 3 4 0 0 0 0 0 11\n' | bercl fec --code kr4 --histogram -
printf '0/1 PP_RXFECSTATS 0 10 5 2 3 4 0 0 0 0 0 14\n0/1 PP_RXFECSTATS 0 10 4 2 3 4 0 0 0 0 0 13\n' | bercl fec --code kr4 --histogram -
printf '[{"ifname": "e0", "statistics": {"uncorrectable_blocks": {"total": 0}, "hist": [{"bin_low": 0, "bin_high": 3, "total": 9}]}}]' | bercl fec --code rs:15,9,4 --histogram -
printf 'FEC parameters for eth0:\n  uncorrectable_blocks: 1\n  fec_symbol_err_0: 5\n' | bercl fec --code rs:15,9,4 --histogram -
bercl fec --code kp4 --histogram counters.txt --method sonic -f csv
printf "{'SAI_PORT_STAT_IF_IN_FEC_CODEWORD_ERRORS_S0': '10', 'SAI_PORT_STAT_IF_IN_FEC_CODEWORD_ERRORS_S1': '2', 'SAI_PORT_STAT_IF_IN_FEC_NOT_CORRECTABLE_FRAMES': '0'}" | bercl fec --code rs:15,9,4 --histogram -
printf 'Bits,Errors\n1e12,0\n3e12,0\n' | bercl watch -p 1e-12 -c 95%
bercl bits -p 1e-12 -c 95% -l 4 --model binomial -e 1e300
printf '0,100\n1,20\n2,40\n3,80\nuncorrectable,0\n' | bercl fec --code kp4 --histogram - --method sonic -f csv
bercl eye -i ../../../docs/examples/eye_bathtub.csv -f csv
bercl eye -i ../../../docs/examples/eye_bathtub.csv --method regression -f csv
bercl eye -i ../../../docs/examples/eye_voltage.csv --axis voltage -f csv
bercl eye --plan --half-width 0.01 --sigma 0.02 --dj 0.2 --offsets 0.15..0.25:5,0.75..0.85:5 -r 25.78125G -f csv
bercl eye --plan --half-width 0.01 --sigma 0.02 --dj 0.2 --offsets 0.05..0.3:100000
bercl eye -i ../../../docs/examples/eye_bathtub.csv --ber 1e-9..1e-15:100000
printf 'offset,bits,errors\n0.1,1e9,2e9\n' | bercl eye -i -
printf 'offset,bits,errors\n0.1,1e9,5\n0.2,1e9,0\n' | bercl eye -i -
bercl cl --errors 1e15 --time 1w --rate 10Gbps --ber 1e-12 --verify -f csv
bercl simulate -e 0 -n 1e9 -p 1e-12 --trials 1e5 --seed 1
bercl eye -i ../../../docs/examples/eye_bathtub.csv --value=tj -f json
bercl ber --errors 1 --time=2.5h -r 0.001 --cl=99.999999999999999% -f csv --verify
EOC
