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
		COMPREPLY=($(compgen -W "cl bits ber simulate --help --version" -- "$cur"))
		return
	fi
	case $prev in
	--format|-f) COMPREPLY=($(compgen -W "text csv tsv json" -- "$cur")); return ;;
	--model) COMPREPLY=($(compgen -W "poisson binomial" -- "$cur")); return ;;
	--input|-i) COMPREPLY=($(compgen -f -- "$cur")); return ;;
	--errors|-e|--bits|-n|--ber|-p|--cl|-c|--rate|-r|--lanes|-l|--time|-t|--require|--trials|--seed)
		return ;;
	esac
	sub=${COMP_WORDS[1]}
	flags="--errors --model --format --input --verify --help"
	case $sub in
	cl) flags="$flags --bits --time --rate --lanes --ber --require" ;;
	bits) flags="$flags --ber --cl --rate --lanes" ;;
	ber) flags="$flags --bits --time --rate --lanes --cl --two-sided" ;;
	simulate) flags="$flags --bits --time --rate --lanes --ber --trials --seed" ;;
	esac
	COMPREPLY=($(compgen -W "$flags" -- "$cur"))
}
complete -F _bercl bercl
