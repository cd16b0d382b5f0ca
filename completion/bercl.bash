# SPDX-License-Identifier: GPL-3.0-or-later
# bash completion for bercl: subcommands, the flags each one reads, the
# values of its enum flags (--format, --model, --method), the columns of
# --value, and the fixed values of --code, --histogram-format,
# --intervals-form, --burst-model and --delimiter. All but those are read from the program's own --help (made from its flag, subcommand
# and layout tables), so they cannot fall out of step with it. Source it, or install it
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
	sub=${COMP_WORDS[1]}
	case $prev in
	-f) prev=--format ;;
	esac
	case $prev in
	--input|-i|--histogram|--intervals) COMPREPLY=($(compgen -f -- "$cur")); return ;;
	--burst-model) COMPREPLY=($(compgen -W "gilbert-elliott none" -- "$cur")); return ;;
	--intervals-form) COMPREPLY=($(compgen -W "auto per-interval cumulative" -- "$cur")); return ;;
	--code) COMPREPLY=($(compgen -W "kp4 kr4 rs:" -- "$cur")); return ;;
	--histogram-format) COMPREPLY=($(compgen -W "auto csv ethtool sonic xena" -- "$cur")); return ;;
	--delimiter) COMPREPLY=($(compgen -W ", ; tab" -- "$cur")); return ;;
	--value)
		# the subcommand's columns, from its --help (made from its layout)
		words=$("$prog" "$sub" --help 2>/dev/null |
			sed -n '/^Columns:/,/^$/{s/^Columns://;p;}')
		COMPREPLY=($(compgen -W "$words" -- "$cur")); return ;;
	--[a-z]*)
		# an enum flag's values: "--model poisson|binomial" in --help
		words=$("$prog" "$sub" --help 2>/dev/null |
			sed -n "s/^ *\(-[a-zA-Z], \)\{0,1\}$prev \([a-z][a-z|-]*|[a-z|-]*\) .*/\2/p" | tr '|' ' ')
		if [ -n "$words" ]; then
			COMPREPLY=($(compgen -W "$words" -- "$cur")); return
		fi ;;
	esac
	# a flag that takes a value: nothing to offer for the value
	case $prev in
	-[encprltf]|--[a-z]*)
		if "$prog" "${COMP_WORDS[1]}" --help 2>/dev/null |
			grep -q -- "^ *\(-[a-zA-Z], \)\{0,1\}$prev [A-Z]"; then
			return
		fi ;;
	esac
	words=$("$prog" "$sub" --help 2>/dev/null |
		sed -n 's/^ *\(-[a-zA-Z], \)\{0,1\}\(--[a-z][a-z-]*\).*/\2/p' | sort -u)
	COMPREPLY=($(compgen -W "$words" -- "$cur"))
}
complete -F _bercl bercl
