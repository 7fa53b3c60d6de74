#!/bin/sh
# e2e_variations.sh - every variation replayed (issue 28), through the
# binary: check's findings in variations (testdata/check/variations.pgn,
# whose expected findings e2e.sh compares) at warning, selectable, the same
# with -j 2; replay --variations; fix of variations read in the main
# line's notation; an annotated file of the corpus (29% of its moves in
# variations) with -j 1 and -j 2.
# Run from the repository root: `make e2e`.
set -u
BIN=$(pwd)/pgnaudit
TMP=$(mktemp -d "${TMPDIR:-/tmp}/pgnaudit-variations.XXXXXX")
trap 'rm -rf "$TMP"' EXIT INT TERM
. tests/e2e_lib.sh
V=testdata/check/variations.pgn

# Illegal, ambiguous and unreadable moves in variations are warnings; the
# main line's is the error; --ignore warning leaves the main line's.
"$BIN" check -q -f jsonl $V >"$TMP/all"
expect_grep '"variation":\[4,5,7\],"san":"Ke3","code":"illegal-move","severity":"warning"' "$TMP/all" "an illegal move at depth 3 is a warning, with its path"
expect_grep '"san":"Ne4","code":"ambiguous-move","severity":"warning"' "$TMP/all" "an ambiguous move in a variation is a warning"
expect_grep '"san":"Xy7","code":"syntax","severity":"warning"' "$TMP/all" "an unreadable move in a variation is a syntax warning"
expect_grep '"game":7,.*"code":"illegal-move","severity":"error"' "$TMP/all" "the main line's illegal move stays an error"
expect_grep '"game":7,.*"variation":\[3\],"san":"Bc6","code":"capture-mark"' "$TMP/all" "a variation replacing the main line's illegal move is replayed"
expect_grep '"message":"in the variation 2... d6 (3. Bc4 (4. Ke3 ...)): 4. Ke3 is illegal' "$TMP/all" "the message names the path"
expect_no_grep '"game":10,.*"san":"Nc6"' "$TMP/all" "a variation inside a stopped variation is not replayed"
"$BIN" check -q -f jsonl --ignore warning $V | grep -c '"code":"illegal-move","severity":"warning"' >"$TMP/n"
expect_true "--ignore warning drops the variations' illegal moves" -- test "$(cat "$TMP/n")" = 0
"$BIN" check -q -j 2 -f jsonl $V >"$TMP/j2"
expect_same "$TMP/all" "$TMP/j2" "variations: -j 2 as -j 1"
"$BIN" check -q -f csv $V | grep ',Ke3,illegal-move,warning,' >"$TMP/csv"
expect_true "CSV: the variation column holds the path" -- sh -c "grep -q ',4 5 7,,,,\$' '$TMP/csv'"

# report reads check's records of variation findings ("variation" is an
# array), and the HTML draws the variation's position.
"$BIN" report -f html -o "$TMP/v.html" "$TMP/all" 2>"$TMP/err"
expect_true "report reads findings in variations" -- test $? -le 1
expect_grep 'data-fen="rnbqk1nr/ppp1bppp/3p4/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 2 4"' "$TMP/v.html" \
	"report -f html: the diagram of 4. Ke3 is the variation's position"
"$BIN" report "$TMP/all" >"$TMP/v.txt" 2>&1
expect_true "report (text) reads findings in variations" -- test $? -le 1

# replay --variations: the variations' positions, a sixth column.
"$BIN" replay $V | awk -F'\t' 'NF != 5' >"$TMP/five"
expect_true "replay without --variations: five columns" -- test ! -s "$TMP/five"
"$BIN" replay --variations $V >"$TMP/replay"
expect_grep "$(printf '^4\t4\t--\t0000\trnbqkbnr/pppp1ppp/8/4p2Q/4P3/8/PPPP1PPP/RNB1KBNR w KQkq - 2 3\t3$')" "$TMP/replay" \
	"replay --variations: a null move passes the turn (UCI 0000)"
expect_grep "$(printf '^2\t5\tBc4\tf1c4\t.*\t4.5$')" "$TMP/replay" "replay --variations: a depth-2 move with its path"
"$BIN" replay $V >"$TMP/main"
awk -F'\t' 'NF == 5' "$TMP/replay" >"$TMP/main2"
expect_same "$TMP/main" "$TMP/main2" "replay --variations: the main line's lines unchanged"

# fix writes a German game's variation in English SAN, as check reads it.
printf '[Event "x"]\n[Result "*"]\n\n1. e4 e5 2. Sf3 Sc6 (2... Df6 3. Lc4 Lc5) 3. Lb5 *\n' >"$TMP/de.pgn"
"$BIN" fix -q "$TMP/de.pgn" >"$TMP/de.out" 2>/dev/null
expect_grep '^1. e4 e5 2. Nf3 Nc6 (2... Qf6 3. Bc4 Bc5) 3. Bb5 \*$' "$TMP/de.out" "fix: the variation of a German game in English SAN"

# An annotated file of the corpus: -j 2 says what -j 1 says.
A=../shared/corpus/otb/pychess/world_matches.pgn.gz
if [ -r "$A" ]; then
	"$BIN" check -q -f jsonl "$A" >"$TMP/a1"
	"$BIN" check -q -j 2 -f jsonl "$A" >"$TMP/a2"
	expect_same "$TMP/a1" "$TMP/a2" "world_matches.pgn.gz: -j 2 as -j 1"
	expect_grep '"variation":' "$TMP/a1" "world_matches.pgn.gz: findings in its variations"
else
	echo "e2e_variations: no ../shared corpus; skipping the annotated file"
fi

echo "e2e_variations: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
