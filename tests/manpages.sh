#!/bin/sh
# manpages.sh - every command has its man page, and the pages say what the
# program does: each command that `pgnaudit --help` lists has
# man/pgnaudit-COMMAND.1, named in pgnaudit(1)'s SEE ALSO, which names
# every option of `pgnaudit COMMAND --help` (and --version); and what
# pgnaudit-perft(1) says perft prints, it prints.  Run from the repository
# root: `make e2e`.
set -u
BIN=./pgnaudit
TMP=$(mktemp -d "${TMPDIR:-/tmp}/pgnaudit-man.XXXXXX")
trap 'rm -rf "$TMP"' EXIT INT TERM
. tests/e2e_lib.sh

"$BIN" --help | awk '/^commands:/ { on = 1; next } /^$/ { on = 0 } on && $1 != "help" { print $1 }' >"$TMP/commands"
expect_true "pgnaudit --help lists the commands" -- test "$(wc -l <"$TMP/commands")" -ge 7
sed -n '/^\.Sh SEE ALSO/,/^\.Sh /p' man/pgnaudit.1 >"$TMP/see-also"
while read -r command; do
	page=man/pgnaudit-$command.1
	expect_true "$command has the man page $page" -- test -r "$page"
	[ -r "$page" ] || continue
	expect_grep "^\.Xr pgnaudit-$command 1" "$TMP/see-also" "pgnaudit(1) names pgnaudit-$command(1) in SEE ALSO"
	expect_grep "^\.Dt PGNAUDIT-$(echo "$command" | tr a-z A-Z) 1\$" "$page" "$page is titled for $command"
	"$BIN" "$command" --help >"$TMP/help"
	{
		grep -o -- '--[a-z][a-z0-9-]*' "$TMP/help"
		grep -o -- '^ *-[a-z],' "$TMP/help" | tr -d ' ,'
		echo --version
	} | sort -u >"$TMP/options"
	while read -r option; do
		case $option in
		--*) expect_grep "Fl -${option#--}\\b" "$page" "$page names $option of $command --help" ;;
		*) expect_grep "Fl ${option#-}\\b" "$page" "$page names $option of $command --help" ;;
		esac
	done <"$TMP/options"
done <"$TMP/commands"

# What pgnaudit-perft(1) says of perft.
start='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
expect_status 0 "perft of the start position, depth 4" -- "$BIN" perft "$start" 4
expect_grep '^197281$' "$TMP/out" "perft: depth 4 of the start position is 197281, as the man page says"
expect_status 0 "perft of Kiwipete in four fields" -- "$BIN" perft 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -' 3
expect_grep '^97862$' "$TMP/out" "perft: a FEN without its clocks, Kiwipete at depth 3 is 97862"
expect_status 0 "perft --divide --chess960" -- "$BIN" perft --divide --chess960 'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9' 2
tail -2 "$TMP/out" >"$TMP/tail"
printf 'a2b4: 26\n528\n' >"$TMP/want"
expect_same "$TMP/want" "$TMP/tail" "perft --divide --chess960: the lines the man page shows end it"
expect_true "perft --divide: 21 moves and the total" -- test "$(wc -l <"$TMP/out")" = 22
expect_status 0 "perft at depth 0" -- "$BIN" perft "$start" 0
expect_grep '^1$' "$TMP/out" "perft: depth 0 counts the position itself"
expect_status 0 "perft --divide at depth 0" -- "$BIN" perft --divide "$start" 0
printf '1\n' >"$TMP/want"
expect_same "$TMP/want" "$TMP/out" "perft --divide at depth 0 prints the total alone"
expect_status 0 "perft --divide of a king and rook" -- "$BIN" perft --divide '4k3/8/8/8/8/8/8/4K2R w K - 0 1' 1
expect_grep '^e1g1: 1$' "$TMP/out" "perft --divide: castling is the king's move without --chess960"
expect_status 0 "perft --divide --chess960 of a king and rook" -- "$BIN" perft --divide --chess960 '4k3/8/8/8/8/8/8/4K2R w K - 0 1' 1
expect_grep '^e1h1: 1$' "$TMP/out" "perft --divide --chess960: castling is the king taking its rook"
expect_status 0 "perft of a Shredder-FEN" -- "$BIN" perft 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1' 2
expect_grep '^400$' "$TMP/out" "perft reads a Shredder-FEN castling field"
expect_status 2 "perft at depth 21" -- "$BIN" perft "$start" 21
expect_status 2 "perft of one field" -- "$BIN" perft x 1
expect_grep '^pgnaudit: bad FEN: the FEN has too few fields (1; it needs 6, or 4 without the clocks)$' "$TMP/err" \
	"perft: the message the man page quotes"
expect_status 2 "perft of a position with two white kings" -- "$BIN" perft '4k3/8/8/8/8/8/8/3KK3 w - - 0 1' 1
expect_status 2 "perft without a depth" -- "$BIN" perft "$start"

echo "manpages: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
