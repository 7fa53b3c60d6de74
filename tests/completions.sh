#!/bin/sh
# completions.sh - the shell completions of cli/completions/ offer what the
# program takes, in bash, zsh and fish: the commands of `pgnaudit --help`,
# for each command exactly the options of its --help (and --version), the
# values its usage gives an option (-f text|jsonl|csv, --rules ...), the
# notations of --lang, the codes of `check --help` (and the severities and
# all) for --select and --ignore and for explain, the items of a comma-
# separated list, and file names.  The completions run for real: bash's
# function with COMP_WORDS and COMP_CWORD set, fish's `complete -C`, and
# zsh's completion system in a pseudo-terminal (tests/complete.zsh).  A
# shell that is not installed is said and skipped; its script's syntax is
# still checked where the shell is.  Then make install-completions and make
# uninstall into a scratch DESTDIR.  Run from the repository root: `make e2e`.
set -u
BIN=./pgnaudit
DIR=cli/completions
TMP=$(mktemp -d "${TMPDIR:-/tmp}/pgnaudit-completions.XXXXXX")
trap 'rm -rf "$TMP"' EXIT INT TERM
. tests/e2e_lib.sh
# The completions run the program as it is typed, pgnaudit: this one.
PATH=$(pwd):$PATH
export PATH

# What the program says it takes.
"$BIN" --help | awk '/^commands:/ { on = 1; next } /^$/ { on = 0 } on { print $1 }' >"$TMP/commands"
"$BIN" check --help | awk '/^Codes/ { on = 1; next } /^Exit status/ { on = 0 }
	on && NF >= 2 && $1 !~ /^(error|warning|info)$/ { print $1 }' >"$TMP/codes"
langs=$("$BIN" check --help | sed -n 's/.*list of \(.*\)$/\1/p' | tr -d ',')
expect_true "check --help lists the codes and the notations" -- test -s "$TMP/codes" -a -n "$langs"

n=0
# query LINE WORD...: completing at the end of LINE offers exactly the WORDs
# (none: nothing at all).  query_has LINE WORD: the offers include WORD.
query() {
	n=$((n + 1))
	printf '%s\n' "$1" >"$TMP/q.$n"
	shift
	if [ $# -gt 0 ]; then printf '%s\n' "$@" | sort -u; fi >"$TMP/want.$n"
	echo exactly >"$TMP/mode.$n"
}
query_has() {
	query "$1" "$2"
	echo has >"$TMP/mode.$n"
}

query "pgnaudit " $(cat "$TMP/commands")
query "pgnaudit -" -h --help --version
query "pgnaudit help " $(cat "$TMP/commands")
for command in $(grep -vx help "$TMP/commands"); do
	"$BIN" "$command" --help >"$TMP/help.$command"
	# shellcheck disable=SC2046 # the options are words
	query "pgnaudit $command -" $( {
		grep -o -- '--[a-z][a-z0-9-]*' "$TMP/help.$command"
		grep -o -- '^ *-[a-z],' "$TMP/help.$command" | tr -d ' ,'
		echo --version
	} | sort -u)
	# Values the usage gives: "-f text|jsonl|csv", "--flagged-on=error|warning|info".
	grep -oE -- '(-[a-z]|--[a-z][a-z-]*)[ =][a-z0-9-]+(\|[a-z0-9-]+)+' "$TMP/help.$command" | sort -u |
		while IFS=' =' read -r option values; do
			echo "$option $values"
			[ "$option" = -f ] && echo "--format $values"
		done >"$TMP/values.$command"
	while read -r option values; do
		# shellcheck disable=SC2046 # the values are words
		query "pgnaudit $command $option " $(echo "$values" | tr '|' ' ')
	done <"$TMP/values.$command"
	if grep -q -- '--lang' "$TMP/help.$command"; then
		# shellcheck disable=SC2086 # the notations are words
		query "pgnaudit $command --lang " auto $langs
	fi
	if grep -q -- '--select' "$TMP/help.$command"; then
		for option in --select --ignore; do
			query "pgnaudit $command $option " $(cat "$TMP/codes") error warning info all
		done
	fi
done
query "pgnaudit check --select illegal-move,amb" illegal-move,ambiguous-move
query "pgnaudit check --ignore missed-" missed-threefold missed-fifty-move
query "pgnaudit check --lang de,f" de,fr de,fa de,figurine
query "pgnaudit check --rules=fide" fide2023 fide2005
query "pgnaudit explain " $(cat "$TMP/codes")
query "pgnaudit explain mate-" mate-mark
query "pgnaudit perft "
query_has "pgnaudit check testdata/sampl" testdata/sample.pgn
query_has "pgnaudit check -o testdata/sampl" testdata/sample.pgn
query_has "pgnaudit fix --output testdata/sampl" testdata/sample.pgn
expect_true "the queries ($n)" -- test "$n" -ge 40
queries=$(seq 1 "$n" | sed "s|^|$TMP/q.|")

# What a shell offered, as the queries want it: the word alone (not the
# description zsh and fish give), the value of --option=value without the
# option, without the separator a list's completion adds.
normalise() { # SHELL QUERY-NUMBER
	last=$(sed 's/.* //' "$TMP/q.$2")
	case $1 in
	zsh) sed 's/ -- .*//' ;;
	fish) cut -f1 ;;
	*) cat ;;
	esac <"$TMP/$1.$2" | {
		case $last in
		--*=*) sed 's/^--[a-z-]*=//' ;;
		*) cat ;;
		esac
	} | sed 's/,$//' | sort -u
}

judge() { # SHELL
	k=0
	while [ "$k" -lt "$n" ]; do
		k=$((k + 1))
		normalise "$1" "$k" >"$TMP/got.$1.$k"
		what="$1: completing '$(cat "$TMP/q.$k")'"
		if [ "$(cat "$TMP/mode.$k")" = has ]; then
			expect_grep "^$(cat "$TMP/want.$k")\$" "$TMP/got.$1.$k" "$what offers $(cat "$TMP/want.$k")"
		else
			expect_same "$TMP/want.$k" "$TMP/got.$1.$k" "$what (< wanted, > offered)"
		fi
	done
}

# bash: the completion function, with the words bash would give it (= is
# a word of its own: it is in COMP_WORDBREAKS).
expect_true "bash -n $DIR/pgnaudit.bash" -- bash -n "$DIR/pgnaudit.bash"
# shellcheck disable=SC2016,SC2086 # for bash; the queries are file names
bash --norc --noprofile -c '
. "$0"
for q in "$@"; do
	line=$(cat "$q")
	read -ra typed <<<"$line"
	[ "${line% }" != "$line" ] && typed+=("")
	words=()
	for w in "${typed[@]}"; do
		case $w in
		--*=) words+=("${w%=}" "=") ;;
		--*=*) words+=("${w%%=*}" "=" "${w#*=}") ;;
		*) words+=("$w") ;;
		esac
	done
	COMP_WORDS=("${words[@]}") COMP_CWORD=$((${#words[@]} - 1)) COMP_LINE=$line COMP_POINT=${#line}
	COMPREPLY=()
	_pgnaudit
	printf "%s\n" "${COMPREPLY[@]}" | grep -v "^$" >"${q%/q.*}/bash.${q##*.}"
done' "$DIR/pgnaudit.bash" $queries
expect_grep '^complete -F _pgnaudit pgnaudit$' "$DIR/pgnaudit.bash" "the bash function is bound to pgnaudit"
# The program as typed gives the codes, ~ and all.
mkdir -p "$TMP/home/bin" && cp "$BIN" "$TMP/home/bin/pgnaudit"
# shellcheck disable=SC2016 # for bash
HOME=$TMP/home bash --norc --noprofile -c '. "$0"; COMP_WORDS=("~/bin/pgnaudit" explain mate-) COMP_CWORD=2
	_pgnaudit; printf "%s\n" "${COMPREPLY[@]}"' "$DIR/pgnaudit.bash" >"$TMP/tilde"
expect_grep '^mate-mark$' "$TMP/tilde" "bash: the codes of ~/bin/pgnaudit"
judge bash

if command -v fish >/dev/null; then
	expect_true "fish -n $DIR/pgnaudit.fish" -- fish -n "$DIR/pgnaudit.fish"
	# shellcheck disable=SC2086 # the queries are file names
	fish --no-config -c 'source $argv[1]
for q in $argv[2..-1]
    complete -C (cat $q) >(string replace -r "/q\.([0-9]+)\$" "/fish.\$1" $q)
end' "$DIR/pgnaudit.fish" $queries
	judge fish
else
	echo "completions: fish is not installed: its completion is not tested (apt-get install fish)"
fi

if command -v zsh >/dev/null; then
	expect_true "zsh -n $DIR/_pgnaudit" -- zsh -n "$DIR/_pgnaudit"
	expect_grep '^#compdef pgnaudit$' "$DIR/_pgnaudit" "the zsh function is for pgnaudit"
	k=0
	while [ "$k" -lt "$n" ]; do
		k=$((k + 1))
		: >"$TMP/zsh.$k"
		cat "$TMP/q.$k"
	done >"$TMP/lines"
	# One zsh for every query (each would start the completion system again).
	tr '\n' '\0' <"$TMP/lines" | xargs -0 zsh -f tests/complete.zsh "$(pwd)/$DIR" >"$TMP/zsh.out" 2>"$TMP/zsh.err"
	expect_true "zsh answered every query ($(grep -c '^<<< ' "$TMP/zsh.out"))" -- test "$(grep -c '^<<< ' "$TMP/zsh.out")" = "$n"
	awk -v dir="$TMP" '/^<<< / { k++; next } { print > (dir "/zsh." k) }' "$TMP/zsh.out"
	judge zsh
else
	echo "completions: zsh is not installed: its completion is not tested (apt-get install zsh)"
fi

# make install-completions (part of make install) puts the files where
# bash-completion, zsh and fish look under the prefix; make uninstall
# takes them away.
root=$TMP/root
make -s install-completions DESTDIR="$root" PREFIX=/usr/local >"$TMP/out" 2>&1
expect_same "$DIR/pgnaudit.bash" "$root/usr/local/share/bash-completion/completions/pgnaudit" "make install: the bash completion"
expect_same "$DIR/_pgnaudit" "$root/usr/local/share/zsh/site-functions/_pgnaudit" "make install: the zsh completion"
expect_same "$DIR/pgnaudit.fish" "$root/usr/local/share/fish/vendor_completions.d/pgnaudit.fish" "make install: the fish completion"
make -s uninstall DESTDIR="$root" PREFIX=/usr/local >"$TMP/out" 2>&1
expect_true "make uninstall removes the completions" -- test -z "$(find "$root" -type f)"

echo "completions: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
