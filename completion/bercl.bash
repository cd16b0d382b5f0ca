# SPDX-License-Identifier: GPL-3.0-or-later
# bash completion for bercl: subcommands, the flags each one reads, and the
# fixed values of --format, --model, --code, --delimiter, --method and
# --histogram-format. The subcommands
# and flags are read from the program's own --help (made from its descriptor
# tables), so they cannot fall out of step with it. Source it, or install it
# with make install (share/bash-completion/completions/bercl).
_bercl()
{
	local cur prev prog sub words
	COMPREPLY=()
	cur=${COMP_WORDS[COMP_CWORD]}
	prev=${COMP_WORDS[COMP_CWORD-1]}
	prog=${COMP_WORDS[0]}
	if [ "$COMP_CWORD" -eq 1 ]; then
		words=$("$prog" --help 2>/dev/null |
			sed -n 's/^\(usage:\)\{0,1\} *bercl \([a-z][a-z]*\) .*/\2/p' | sort -u)
		COMPREPLY=($(compgen -W "$words --help --version" -- "$cur"))
		return
	fi
	case $prev in
	--format|-f) COMPREPLY=($(compgen -W "text csv tsv json" -- "$cur")); return ;;
	--model) COMPREPLY=($(compgen -W "poisson binomial" -- "$cur")); return ;;
	--method) COMPREPLY=($(compgen -W "likelihood sonic" -- "$cur")); return ;;
	--histogram-format) COMPREPLY=($(compgen -W "auto csv ethtool sonic xena" -- "$cur")); return ;;
	--input|-i|--histogram) COMPREPLY=($(compgen -f -- "$cur")); return ;;
	--code) COMPREPLY=($(compgen -W "kp4 kr4 rs:" -- "$cur")); return ;;
	--delimiter) COMPREPLY=($(compgen -W ", ; tab" -- "$cur")); return ;;
	--value) COMPREPLY=($(compgen -W "errors bits ber cl one_minus_cl log10_one_minus_cl
		cl_achieved time_s rate_bps ber_upper ber_lower ber_estimate verdict ser cer
		post_fec_ber ber_max cer_upper alpha beta cer_tail cer_tail_lower cer_tail_upper
		flr flr_upper flr_observed degrade_p degrade_mean_time port lane" -- "$cur")); return ;;
	esac
	# a flag that takes a value: nothing to offer for the value
	case $prev in
	-[encprltf]|--[a-z]*)
		if "$prog" "${COMP_WORDS[1]}" --help 2>/dev/null |
			grep -q -- "^ *\(-[a-zA-Z], \)\{0,1\}$prev [A-Z]"; then
			return
		fi ;;
	esac
	sub=${COMP_WORDS[1]}
	words=$("$prog" "$sub" --help 2>/dev/null |
		sed -n 's/^ *\(-[a-zA-Z], \)\{0,1\}\(--[a-z][a-z-]*\).*/\2/p' | sort -u)
	COMPREPLY=($(compgen -W "$words" -- "$cur"))
}
complete -F _bercl bercl
