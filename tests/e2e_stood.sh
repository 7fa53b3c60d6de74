#!/bin/sh
# e2e_stood.sh - illegal moves that stood (issue 28, FIDE 7.5), through the
# binary: check --play-illegal on testdata/stood/stood.pgn against its
# expected findings (stood.jsonl, reviewed by hand), the same with -j 2;
# without the option every game stops at its first illegal move; the
# text, CSV and HTML say that a position is not a legal one; --time-class
# overrides the TimeControl tag; replay and split take the option.
# Run from the repository root: `make e2e`.
set -u
BIN=$(pwd)/pgnaudit
TMP=$(mktemp -d "${TMPDIR:-/tmp}/pgnaudit-stood.XXXXXX")
trap 'rm -rf "$TMP"' EXIT INT TERM
. tests/e2e_lib.sh
S=testdata/stood/stood.pgn

"$BIN" check -q --play-illegal -f jsonl $S >"$TMP/all"
expect_same testdata/stood/stood.jsonl "$TMP/all" "--play-illegal: the expected findings of stood.pgn"
"$BIN" check -q --play-illegal -j 2 -f jsonl $S >"$TMP/j2"
expect_same "$TMP/all" "$TMP/j2" "--play-illegal: -j 2 as -j 1"

# Without the option: one illegal-move a game, each ending its replay.
"$BIN" check -q -f jsonl --select illegal-move,king-captured,king-left-in-check,repeated-illegal-move $S >"$TMP/plain"
expect_true "without --play-illegal each game stops at its first illegal move" -- \
	test "$(grep -c '"code":"illegal-move"' "$TMP/plain")" = 8
expect_no_grep 'played as it stood' "$TMP/plain" "without --play-illegal nothing is played as it stood"
expect_no_grep 'illegal_since' "$TMP/plain" "without --play-illegal no position is marked"

# What each game holds.
expect_grep '"game":1,.*"ply":25,.*"illegal_since":10,"san":"f3","code":"illegal-move"' "$TMP/all" \
	"an illegal move after another that stood is reported, its position marked"
expect_grep '"game":2,.*"san":"exd4","code":"repeated-illegal-move","severity":"warning","rule":"FIDE 7.5.5"' "$TMP/all" \
	"the second illegal move of a player loses in standard play"
expect_grep '"game":2,.*"code":"repeated-illegal-move".*"suggestion":"1-0"' "$TMP/all" "its suggestion is the result"
expect_no_grep '"game":3,.*repeated-illegal-move' "$TMP/all" "blitz (TimeControl 180+2): no penalty once the opponent moved"
expect_grep '"game":3,.*in blitz it stands once White has moved without a claim (FIDE B.4)' "$TMP/all" "blitz: the message says why"
expect_no_grep '"game":4,.*repeated-illegal-move' "$TMP/all" "the 2005 Laws: the second illegal move does not lose"
expect_grep '"game":4,.*"rule":"FIDE 2005 7.4(a)"' "$TMP/all" "the 2005 Laws are cited for a game of 2010"
expect_grep '"game":5,.*"san":"Bxe8","code":"king-captured","severity":"error","rule":"FIDE 1.2"' "$TMP/all" "a king taken"
expect_no_grep '"game":5,.*"san":"Nc6"' "$TMP/all" "nothing is replayed after the king is taken"
expect_grep '"game":6,.*"san":"O-O","code":"illegal-move".*no right to castle.*played as it stood' "$TMP/all" \
	"castling without the right is played as it stood"
expect_grep '"game":7,.*"san":"O-O","code":"illegal-move".*put the king in check on g1.*played as it stood' "$TMP/all" \
	"castling into check is played as it stood"
expect_grep '"game":7,.*"variation":\[10\],"illegal_since":9,"san":"Bxg1","code":"king-captured","severity":"warning"' "$TMP/all" \
	"a variation that takes the king stops, a warning, its position marked"
expect_grep '"game":8,.*"san":"Ra3","code":"illegal-move".*the rest of the game is not replayed' "$TMP/all" \
	"a move no piece could make still stops the game"
expect_grep '"game":9,.*"san":"Kf2","code":"move-after-end"' "$TMP/all" "after checkmate a move into check is move-after-end, not played"
expect_no_grep '"game":9,.*"code":"illegal-move"' "$TMP/all" "after checkmate nothing is played as it stood"
expect_no_grep '"game":[0-9]*,.*"code":"check-mark"' "$TMP/all" "the reply to a king left in check is not said to give check"

# --time-class overrides the tag: game 3 as standard play, game 2 as rapid.
"$BIN" check -q --play-illegal --time-class standard -f jsonl $S >"$TMP/standard"
expect_grep '"game":3,.*"code":"repeated-illegal-move"' "$TMP/standard" "--time-class standard: the blitz game's second illegal move loses"
"$BIN" check -q --play-illegal --time-class rapid -f jsonl $S >"$TMP/rapid"
expect_no_grep 'repeated-illegal-move' "$TMP/rapid" "--time-class rapid: no penalty"
expect_grep 'in rapid chess it stands once White has moved without a claim (FIDE A.4.2)' "$TMP/rapid" "rapid: A.4.2 cited"
expect_status 2 "--time-class of no class is a usage error" -- "$BIN" check --play-illegal --time-class fast $S

# The text, CSV and HTML say that the position is not a legal one.
"$BIN" check -q --play-illegal $S >"$TMP/text"
expect_grep '^  not a legal position: an illegal move stood at ply 10$' "$TMP/text" "text: the position is said not to be legal"
"$BIN" check -q --play-illegal -f csv $S >"$TMP/csv"
expect_grep ',illegal_since,other_file,other_game,other_line$' "$TMP/csv" "CSV: the header has illegal_since before the other game"
expect_true "CSV: a finding after the illegal move has its ply" -- sh -c "grep ',Bxe8,king-captured,' '$TMP/csv' | grep -q ',10,,,\$'"
"$BIN" report -f html -o "$TMP/r.html" "$TMP/all" 2>/dev/null
expect_grep 'Not a legal position: an illegal move stood at ply 10.' "$TMP/r.html" "report -f html: the note on the position"

# replay plays through; split audits as check does.
"$BIN" replay --play-illegal $S >"$TMP/replay"
expect_true "replay --play-illegal: game 2 replays to its end (24 plies)" -- \
	test "$(awk -F'\t' '$1 == 2' "$TMP/replay" | tail -1 | cut -f2)" = 24
"$BIN" replay $S >"$TMP/replay0"
expect_true "replay without it stops at ply 9" -- test "$(awk -F'\t' '$1 == 2' "$TMP/replay0" | tail -1 | cut -f2)" = 9
"$BIN" split --play-illegal --clean="$TMP/c.pgn" --flagged="$TMP/f.pgn" $S 2>/dev/null
expect_true "split --play-illegal: every game is flagged" -- test ! -s "$TMP/c.pgn"

echo "e2e_stood: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
