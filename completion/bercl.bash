# SPDX-License-Identifier: GPL-3.0-or-later
# bash completion for bercl: subcommands, the flags each one reads, and the
# fixed values of --format and --model. Source it, or install it with
# make install (share/bash-completion/completions/bercl).
_bercl()
{
	local cur prev sub flags
	cur=${COMP_WORDS[COMP_CWORD]}
	prev=${COMP_WORDS[COMP_CWORD-1]}
	if [ "$COMP_CWORD" -eq 1 ]; then
		COMPREPLY=($(compgen -W "cl bits ber simulate errors fec --help --version" -- "$cur"))
		return
	fi
	case $prev in
	--format|-f) COMPREPLY=($(compgen -W "text csv tsv json" -- "$cur")); return ;;
	--model) COMPREPLY=($(compgen -W "poisson binomial" -- "$cur")); return ;;
	--input|-i|--histogram) COMPREPLY=($(compgen -f -- "$cur")); return ;;
	--code) COMPREPLY=($(compgen -W "kp4 kr4 rs:" -- "$cur")); return ;;
	--delimiter) COMPREPLY=($(compgen -W ", ; tab" -- "$cur")); return ;;
	--value) COMPREPLY=($(compgen -W "errors bits ber cl one_minus_cl log10_one_minus_cl
		cl_achieved time_s rate_bps ber_upper ber_lower ber_estimate verdict" -- "$cur")); return ;;
	--errors|-e|--bits|-n|--ber|-p|--cl|-c|--rate|-r|--lanes|-l|--time|-t|--require|--trials|--seed|--baud|--bits-per-symbol|--cer|--codewords|--uncorrectable|--lane-errors)
		return ;;
	esac
	sub=${COMP_WORDS[1]}
	flags="--model --format --input --delimiter --value --rate --baud --bits-per-symbol --lanes --help"
	case $sub in
	cl) flags="$flags --errors --bits --time --ber --require --verify --lane-errors" ;;
	bits) flags="$flags --errors --ber --cl --verify --all-lanes" ;;
	ber) flags="$flags --errors --bits --time --cl --two-sided --verify" ;;
	simulate) flags="$flags --errors --bits --time --ber --trials --seed --verify" ;;
	errors) flags="$flags --bits --time --ber --cl" ;;
	fec) flags="$flags --code --errors --ber --cer --bits --time --cl --codewords --uncorrectable --histogram" ;;
	esac
	COMPREPLY=($(compgen -W "$flags" -- "$cur"))
}
complete -F _bercl bercl
