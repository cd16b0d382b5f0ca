#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# completion/bercl.bash against the built program: every subcommand of
# bercl --help is offered, each subcommand's flags are those of its own
# --help, and a flag's value is not completed with flags. Run by make check.
set -eu
fail() { echo "test_completion: $*" >&2; exit 1; }
source completion/bercl.bash
complete_line() { # the words of a command line; prints the candidates
	read -r -a COMP_WORDS <<< "$1"
	[ "${1: -1}" = " " ] && COMP_WORDS+=("")
	COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
	_bercl
	echo "${COMPREPLY[*]}"
}
subs=$(./bercl --help | sed -n 's/^\(usage:\)\{0,1\} *bercl \([a-z][a-z]*\) .*/\2/p' | sort -u)
[ -n "$subs" ] || fail "no subcommands in bercl --help"
got=" $(complete_line './bercl ') "
for s in $subs; do
	case $got in *" $s "*) ;; *) fail "subcommand $s not offered: $got" ;; esac
done
for s in $subs; do
	got=" $(complete_line "./bercl $s --") "
	for f in $(./bercl "$s" --help | sed -n 's/^ *\(-[a-zA-Z], \)\{0,1\}\(--[a-z][a-z-]*\) .*/\2/p'); do
		case $got in *" $f "*) ;; *) fail "$s: $f not offered: $got" ;; esac
	done
done
case " $(complete_line './bercl plan --') " in *" --sequential "*) ;; *) fail "plan --sequential" ;; esac
case " $(complete_line './bercl watch --') " in *" --plan "*) ;; *) fail "watch --plan" ;; esac
[ -z "$(complete_line './bercl plan --ber ')" ] || fail "a value completed with flags"
[ "$(complete_line './bercl cl --format j')" = json ] || fail "--format values"
[ "$(complete_line './bercl fec --method s')" = sonic ] || fail "--method values"
[ "$(complete_line './bercl fec --histogram-format e')" = ethtool ] || fail "--histogram-format values"
[ "$(complete_line './bercl fec --histogram-f')" = --histogram-format ] || fail "--histogram-format flag"
[ "$(complete_line './bercl fec --value por')" = port ] || fail "--value port"
[ "$(complete_line './bercl cl -f c')" = csv ] || fail "-f values"
[ "$(complete_line './bercl ber --model ')" = "poisson binomial" ] || fail "--model values"
# --value offers the subcommand's own columns, and each works there
case " $(complete_line './bercl bits --value ') " in
*" cl_achieved "*) ;; *) fail "bits --value lacks cl_achieved" ;; esac
case " $(complete_line './bercl bits --value ') " in
*" ber_upper "*) fail "bits --value offers ber's ber_upper" ;; esac
for v in $(complete_line './bercl ber --value '); do
	case $v in ber_lower|gsl_*|error|time_s|rate_bps|lanes|model|poisson_*|binomial_*|verdict) continue ;; esac
	case $v in *_clustered|dispersion*|independent_events) continue ;; esac # --intervals
	./bercl ber -e 1 -n 1e12 -c 95% --value "$v" > /dev/null ||
		fail "ber --value $v offered but refused"
done
[ "$(complete_line './bercl simulate --burst-model g')" = gilbert-elliott ] || fail "--burst-model values"
case " $(complete_line './bercl watch --') " in *" --clustered "*) ;; *) fail "watch --clustered" ;; esac
case " $(complete_line './bercl ber --value ber_upper_c') " in *" ber_upper_clustered "*) ;; \
	*) fail "--value ber_upper_clustered" ;; esac
echo "test_completion: ok ($(echo $subs | wc -w) subcommands)"
