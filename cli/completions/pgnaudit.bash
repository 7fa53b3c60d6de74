# bash completion for pgnaudit(1): the commands, each command's options,
# their values (formats, editions, severities), the check codes of --select,
# --ignore and explain, and file names.
#
# The codes come from the program itself (`pgnaudit explain` lists the
# catalogue), so they are always its own; the options and values are
# written here, and tests/completions.sh holds them to each command's
# --help.  Installed by `make install` as
# $(PREFIX)/share/bash-completion/completions/pgnaudit.

# The options of a command, then those of them that take a value.
_pgnaudit_options() {
	case $1 in
	check)
		_pgnaudit_flags='-f --format -o --output --select --ignore --rules --lang --recover --play-illegal --time-class --trf --clocks --fail-on
			--strict --exit-zero --no-progress --color -j --jobs -q --quiet -v --verbose -h --help --version'
		_pgnaudit_valued='-f --format -o --output --select --ignore --rules --lang --time-class --trf --fail-on --color
			--colour -j --jobs' ;;
	report)
		_pgnaudit_flags='-f --format --by --top -o --output --exit-zero -h --help --version'
		_pgnaudit_valued='-f --format --by --top -o --output' ;;
	fix)
		_pgnaudit_flags='-o --output -i --in-place --backup --lang --recover -q --quiet --exit-zero --no-progress
			-h --help --version'
		_pgnaudit_valued='-o --output --backup --lang' ;;
	split)
		_pgnaudit_flags='--clean --flagged --flagged-on --rules --select --ignore --lang --recover --play-illegal --time-class
			--shards --prefix --drop-duplicates --unique --exit-zero --no-progress -h --help --version'
		_pgnaudit_valued='--clean --flagged --flagged-on --rules --select --ignore --lang --time-class --shards
			--prefix --drop-duplicates --unique' ;;
	replay)
		_pgnaudit_flags='-o --output --lang --recover --play-illegal --variations -h --help --version'
		_pgnaudit_valued='-o --output --lang' ;;
	perft)
		_pgnaudit_flags='--divide --chess960 -h --help --version'
		_pgnaudit_valued='' ;;
	explain)
		_pgnaudit_flags='-f --format --example --example-trf -h --help --version'
		_pgnaudit_valued='-f --format' ;;
	*)
		_pgnaudit_flags='' _pgnaudit_valued='' ;;
	esac
}

# The check codes, one a line, from the program that is being completed.
_pgnaudit_codes() {
	local code rest
	"$1" explain 2>/dev/null | while read -r code rest; do
		printf '%s\n' "$code"
	done
}

# The words of a list (blank-separated) that complete `cur`, into COMPREPLY.
_pgnaudit_words() {
	mapfile -t COMPREPLY < <(compgen -W "$1" -- "$2")
}

# Items of a comma-separated list: the words that complete the last item,
# each after the items before it.
_pgnaudit_list() {
	local before='' last=$2
	case $2 in
	*,*) before=${2%,*}, last=${2##*,} ;;
	esac
	local word
	COMPREPLY=()
	while read -r word; do
		COMPREPLY+=("$before$word")
	done < <(compgen -W "$1" -- "$last")
}

_pgnaudit_files() {
	compopt -o filenames 2>/dev/null
	mapfile -t COMPREPLY < <(compgen -f -- "$1")
}

_pgnaudit() {
	local program=${COMP_WORDS[0]} cur=${COMP_WORDS[COMP_CWORD]} prev='' command='' i=1
	# The program as typed: ~/bin/pgnaudit is not expanded yet.
	program=${program/#\~/$HOME}
	# --rules=fide2005 comes as three words, "--rules" "=" "fide2005"
	# (= is one of COMP_WORDBREAKS): the value is completed after the option.
	if [ "$cur" = "=" ]; then
		cur='' prev=${COMP_WORDS[COMP_CWORD - 1]}
	elif [ "$COMP_CWORD" -ge 2 ] && [ "${COMP_WORDS[COMP_CWORD - 1]}" = "=" ]; then
		prev=${COMP_WORDS[COMP_CWORD - 2]}
	elif [ "$COMP_CWORD" -ge 1 ]; then
		prev=${COMP_WORDS[COMP_CWORD - 1]}
	fi
	# The command: the first word after the program's own options.
	while [ "$i" -lt "$COMP_CWORD" ]; do
		case ${COMP_WORDS[i]} in
		-*) ;;
		*) command=${COMP_WORDS[i]}; break ;;
		esac
		i=$((i + 1))
	done
	local commands='check report fix split replay perft explain help'
	if [ -z "$command" ]; then
		case $cur in
		-*) _pgnaudit_words '-h --help --version' "$cur" ;;
		*) _pgnaudit_words "$commands" "$cur" ;;
		esac
		return 0
	fi
	local _pgnaudit_flags _pgnaudit_valued
	_pgnaudit_options "$command"
	# The value of the option before: when it takes one.
	# shellcheck disable=SC2086 # the options are words
	case " $(printf '%s ' $_pgnaudit_valued)" in
	*" $prev "*)
		case $command:$prev in
		check:-f | check:--format) _pgnaudit_words 'text jsonl csv' "$cur" ;;
		report:-f | report:--format) _pgnaudit_words 'text csv html' "$cur" ;;
		explain:-f | explain:--format) _pgnaudit_words 'text jsonl' "$cur" ;;
		*:--select | *:--ignore)
			_pgnaudit_list "$(_pgnaudit_codes "$program")
error
warning
info
all" "$cur" ;;
		*:--rules) _pgnaudit_words 'by-date fide2023 fide2005' "$cur" ;;
		*:--time-class) _pgnaudit_words 'by-tag standard rapid blitz' "$cur" ;;
		*:--lang) _pgnaudit_list 'auto en de fr es it nl ru ar fa figurine' "$cur" ;;
		*:--fail-on) _pgnaudit_words 'error warning info never' "$cur" ;;
		*:--flagged-on) _pgnaudit_words 'error warning info' "$cur" ;;
		*:--color | *:--colour) _pgnaudit_words 'auto always never' "$cur" ;;
		*:--by) _pgnaudit_words 'code event player file' "$cur" ;;
		*:-o | *:--output | *:--clean | *:--flagged | *:--prefix) _pgnaudit_files "$cur" ;;
		*) COMPREPLY=() ;; # a number or a suffix: nothing to offer
		esac
		return 0 ;;
	esac
	case $cur in
	-*) _pgnaudit_words "$_pgnaudit_flags" "$cur"; return 0 ;;
	esac
	case $command in
	explain) _pgnaudit_words "$(_pgnaudit_codes "$program")" "$cur" ;;
	help) _pgnaudit_words "$commands" "$cur" ;;
	perft) COMPREPLY=() ;; # a FEN and a depth
	*) _pgnaudit_files "$cur" ;;
	esac
	return 0
}

complete -F _pgnaudit pgnaudit
