#!/bin/sh
# e2e_collection.sh - the collection's checks (issue 29) through the binary:
# copies of one game across files (testdata/collection/copies-*.pgn), the
# tournament behind the games (event.pgn), the games against a tournament
# report (tournament.pgn, tournament.trf), each against its expected
# findings (reviewed by hand: every game's Case tag says what it is);
# -j 2 and small pieces as -j 1; the order of the files; standard input;
# --select and --ignore; the summary's counts and the exit status; the
# TRF reader against an independent one (tests/trf_oracle.py) and a TRF
# that cannot be read.  Run from the repository root: `make e2e`.
set -u
BIN=$(pwd)/pgnaudit
TMP=$(mktemp -d "${TMPDIR:-/tmp}/pgnaudit-collection.XXXXXX")
trap 'rm -rf "$TMP"' EXIT INT TERM
. tests/e2e_lib.sh
D=testdata/collection
FILES="$D/copies-a.pgn $D/copies-b.pgn $D/event.pgn $D/boards.pgn"

# 1. The expected findings, and -j N as -j 1.
# shellcheck disable=SC2086 # the files are words
"$BIN" check -q -f jsonl $FILES >"$TMP/all"
expect_same $D/collection.jsonl "$TMP/all" "the expected findings of copies-a, copies-b, event and boards.pgn"
# shellcheck disable=SC2086
"$BIN" check -q -j 2 -f jsonl $FILES >"$TMP/j2"
expect_same "$TMP/all" "$TMP/j2" "-j 2 as -j 1"
for bytes in 1 97 4096; do
	# shellcheck disable=SC2086
	PGNAUDIT_PIECE_BYTES=$bytes "$BIN" check -q -j 3 -f jsonl $FILES >"$TMP/small"
	expect_same "$TMP/all" "$TMP/small" "-j 3 with pieces of $bytes bytes as -j 1"
done
"$BIN" check -q --trf $D/tournament.trf -f jsonl $D/tournament.pgn >"$TMP/trf"
expect_same $D/tournament.jsonl "$TMP/trf" "--trf: the expected findings of tournament.pgn against tournament.trf"
"$BIN" check -q -j 2 --trf $D/tournament.trf -f jsonl $D/tournament.pgn >"$TMP/trf2"
expect_same "$TMP/trf" "$TMP/trf2" "--trf: -j 2 as -j 1"

# 2. Every code of the collection is in the expected findings, each Case
#    that names one is reported under it, and a game whose Case says "not"
#    is reported under none of the codes it names.
for code in duplicate-game twin-game truncated-game board-copy paired-twice self-paired board-twice date-outside-event \
	round-gap name-variant fide-id-conflict unmarked-forfeit unplayed-with-moves unfinished-in-round; do
	expect_grep "\"code\":\"$code\"" $D/collection.jsonl "collection.jsonl has $code"
done
for code in pairing-without-game game-without-pairing pairing-mismatch forfeit-with-game pairing-name-mismatch; do
	expect_grep "\"code\":\"$code\"" $D/tournament.jsonl "tournament.jsonl has $code"
done
# The Case of each game, by file and game number: "FILE GAME CASE".
awk 'FNR == 1 { game = 0 } /^\[Event / { game++ } /^\[Case / { sub(/^\[Case "/, ""); sub(/"\]$/, ""); print FILENAME, game, $0 }' \
	$D/copies-a.pgn $D/copies-b.pgn $D/event.pgn $D/boards.pgn $D/tournament.pgn >"$TMP/cases"
cat "$TMP/all" "$TMP/trf" | grep -v '"record"' |
	sed 's/^{"file":"\([^"]*\)","game":\([0-9]*\),.*"code":"\([^"]*\)".*/\1 \2 \3/' >"$TMP/found"
# The codes a Case names ("not CODE": a code it must not have).
CODES='duplicate-game twin-game truncated-game paired-twice self-paired board-twice date-outside-event round-gap name-variant fide-id-conflict unmarked-forfeit unplayed-with-moves pairing-without-game game-without-pairing pairing-mismatch forfeit-with-game pairing-name-mismatch'
named() { # CASE: the codes it names, "not" ones left out
	echo "$1" | sed 's/not [a-z-]*//g' | tr -c 'a-z-' '\n' | grep -x -F "$(echo $CODES | tr ' ' '\n')"; }
missing=0 wrong=0
while read -r file game text; do
	for code in $(named "$text"); do
		grep -q "^$file $game $code\$" "$TMP/found" || { missing=$((missing + 1)); echo "    $file game $game: no $code"; }
	done
done <"$TMP/cases"
expect_true "every game whose Case names a code is reported under it" -- test "$missing" = 0
while read -r file game code; do
	case $file in *.trf) continue ;; esac
	echo " $CODES " | grep -q " $code " || continue
	text=$(grep "^$file $game " "$TMP/cases" | cut -d' ' -f3-)
	named "$text" | grep -q -x "$code" || { wrong=$((wrong + 1)); echo "    $file game $game: $code, not in its Case"; }
done <"$TMP/found"
expect_true "every finding is one its game's Case names" -- test "$wrong" = 0
expect_grep '^testdata/collection/tournament.trf [0-9]* pairing-without-game$' "$TMP/found" \
	"a pairing without a game is reported at the report's line"

# 3. Any order of the files: the same pairs of games are copies.
pairs() { grep -E '"code":"(duplicate|twin|truncated)-game"' "$1" |
	sed 's/^{"file":"\([^"]*\)","game":\([0-9]*\),.*"other_file":"\([^"]*\)","other_game":\([0-9]*\),.*"code":"\([^"]*\)".*/\1:\2 \3:\4/' |
	awk '{ if ($1 < $2) print $1, $2; else print $2, $1 }' | sort; }
"$BIN" check -q -f jsonl $D/event.pgn $D/copies-b.pgn $D/copies-a.pgn >"$TMP/reversed"
pairs "$TMP/all" | grep -v 'copies-a.pgn:[0-9]* copies-a.pgn:[12]$' >"$TMP/pairs1"
pairs "$TMP/reversed" | grep -v 'copies-a.pgn:[0-9]* copies-a.pgn:[12]$' >"$TMP/pairs2"
expect_grep 'copies-a.pgn:4 testdata/collection/copies-b.pgn:1' "$TMP/pairs1" "a's game 4 is a truncated copy of b's game 1"
expect_same "$TMP/pairs1" "$TMP/pairs2" "the files in the other order: the same games are copies of the same games"
grep '"code":"truncated-game"' "$TMP/all" | sed 's/,"line".*"other_game":\([0-9]*\).*/ \1/' | sort >"$TMP/t1"
grep '"code":"truncated-game"' "$TMP/reversed" | sed 's/,"line".*"other_game":\([0-9]*\).*/ \1/' | sort >"$TMP/t2"
expect_same "$TMP/t1" "$TMP/t2" "truncated-game: the same copies, naming the same game, in either order"

# 4. Standard input, and copies within one file.
expect_status 0 "check - of copies-a.pgn" -- sh -c "\"$BIN\" check -q -f jsonl --exit-zero - <$D/copies-a.pgn"
expect_grep '"file":"-","game":2,.*"other_file":"-","other_game":1,.*"code":"duplicate-game"' "$TMP/out" \
	"standard input: a duplicate names its game"

# 5. --select and --ignore; the summary's counts; the exit status.
# shellcheck disable=SC2086
"$BIN" check -q -f jsonl --ignore duplicate-game,twin-game,truncated-game,board-copy,paired-twice,self-paired,board-twice,date-outside-event,round-gap,name-variant,fide-id-conflict,unmarked-forfeit,unplayed-with-moves $FILES >"$TMP/none"
expect_no_grep '"other_game"' "$TMP/none" "--ignore of every collection code: none reported"
# shellcheck disable=SC2086
"$BIN" check -q -f jsonl --select paired-twice $FILES >"$TMP/one"
expect_true "--select paired-twice: that code alone" -- test "$(grep -vc '"record"' "$TMP/one")" = 1
expect_status 0 "check copies-a.pgn" -- "$BIN" check --exit-zero $D/copies-a.pgn
expect_grep "^  the other game: $D/copies-a.pgn:1: game 1\$" "$TMP/out" "text: the other game, as FILE:LINE"
expect_grep '13 games in 1 file: 7 clean, 2 with errors, 4 with warnings, 0 with info only' "$TMP/err" \
	"the summary counts a game by its collection findings too"
expect_grep '"record":"file","file":"testdata/collection/copies-a.pgn","games":13,"clean":6,"with_errors":2,"with_warnings":5,' \
	"$TMP/all" "the counts records count a game by its collection findings too"
expect_status 0 "warnings only: exit 0" -- "$BIN" check -q --select duplicate-game $D/copies-a.pgn
expect_status 1 "--fail-on warning: exit 1" -- "$BIN" check -q --select duplicate-game --fail-on warning $D/copies-a.pgn
expect_status 1 "--trf errors: exit 1" -- "$BIN" check -q --trf $D/tournament.trf $D/tournament.pgn
expect_status 0 "the pairings' errors left out: exit 0" -- "$BIN" check -q --trf $D/tournament.trf \
	--ignore pairing-without-game,game-without-pairing,pairing-mismatch,forfeit-with-game $D/tournament.pgn
"$BIN" check -q -f csv $D/copies-a.pgn >"$TMP/csv"
expect_grep '^testdata/collection/copies-a.pgn,2,12,1,,,,,duplicate-game,warning,PGN 8.1.1,.*,,,testdata/collection/copies-a.pgn,1,1$' \
	"$TMP/csv" "CSV: the other game in the last three columns"

# 6. The truncated-game check needs its temporary file once the moves
#    kept are too many for memory: without one, it is left out, said
#    once, and the rest is reported.
# (PGNAUDIT_FINGERPRINTS: that many 2-byte units kept in memory, the rest
# in the file)
for k in 1 7 100; do
	PGNAUDIT_FINGERPRINTS=$k "$BIN" check -q -f jsonl $FILES >"$TMP/fp"
	expect_same "$TMP/all" "$TMP/fp" "moves in the temporary file past $k units in memory: the same findings"
done
# Past 65,536 units the moves go from the heap to memory of their own
# (huge pages); past PGNAUDIT_FINGERPRINTS from there to the file (the
# file's games leave about 77,000 units: 70,000 moves them there at its
# end).
for k in $(seq 1 40); do
	sed "s/^\[White \"/[White \"$k /" testdata/inputs/lichess.pgn
done >"$TMP/long.pgn"
cat $D/copies-a.pgn $D/copies-b.pgn >>"$TMP/long.pgn"
"$BIN" check -q -f jsonl "$TMP/long.pgn" >"$TMP/long"
expect_grep '"truncated-game"' "$TMP/long" "the copies after 40 copies of 15 games: truncated-game"
for k in 100 70000; do
	PGNAUDIT_FINGERPRINTS=$k "$BIN" check -q -f jsonl "$TMP/long.pgn" >"$TMP/fp"
	expect_same "$TMP/long" "$TMP/fp" "over 65,536 units, $k in memory before the file: the same findings"
done
expect_status 0 "TMPDIR that cannot be written" -- env TMPDIR=/nonexistent/dir PGNAUDIT_FINGERPRINTS=10 "$BIN" check -f jsonl --exit-zero $D/copies-a.pgn $D/copies-b.pgn
expect_grep "the temporary file for the truncated-game check could not be written" "$TMP/err" "the missing temporary file is said"
expect_no_grep '"truncated-game"' "$TMP/out" "without it, no truncated-game"
expect_grep '"duplicate-game"' "$TMP/out" "without it, duplicates are still found"

# 7. The TRF reader: what an independent reading (tests/trf_oracle.py) says
#    was played is what check reports as played without a game, when it is
#    given no game; the real files of a folder in $TRF_DIR (not kept here).
trf_same() { # FILE
	"$BIN" check -q -f jsonl --trf "$1" /dev/null | grep '"pairing-without-game"' |
		sed 's/.*"line":\([0-9]*\),.*"round":"\([0-9]*\)".*/\1 \2/' | sort >"$TMP/ours"
	python3 tests/trf_oracle.py "$1" | sort >"$TMP/theirs"
	expect_same "$TMP/theirs" "$TMP/ours" "TRF $1: the games played, as an independent reader reads them"
}
if command -v python3 >/dev/null; then
	trf_same $D/tournament.trf
	printf '012 CRLF\r\n' >"$TMP/crlf.trf"
	sed 's/$/\r/' $D/tournament.trf >>"$TMP/crlf.trf"
	trf_same "$TMP/crlf.trf"
	if [ -n "${TRF_DIR:-}" ] && [ -d "$TRF_DIR" ]; then
		for f in "$TRF_DIR"/*.trf; do trf_same "$f"; done
	else
		echo "e2e_collection: TRF_DIR not set: the real TRF files are not read (see docs/TESTING.md)"
	fi
fi
sed '/^001    3 /s/   5 b 0/   5 b X/' $D/tournament.trf >"$TMP/bad.trf"
expect_status 2 "a TRF with a result that is none" -- "$BIN" check --trf "$TMP/bad.trf" $D/tournament.pgn
expect_grep "^pgnaudit: --trf $TMP/bad.trf:12: Nakamura, Hikaru, round 2: a result, column 109, of 'X', none of 1 = 0 W D L + - H F U Z\$" \
	"$TMP/err" "the bad result is said with its file, line and column"
expect_true "nothing on standard output" -- test ! -s "$TMP/out"
expect_status 2 "a TRF that is not there" -- "$BIN" check --trf "$TMP/none.trf" $D/tournament.pgn
expect_grep "none.trf: No such file or directory" "$TMP/err" "a missing TRF is said"
printf 'not a tournament\n' >"$TMP/empty.trf"
expect_status 2 "a file with no player" -- "$BIN" check --trf "$TMP/empty.trf" $D/tournament.pgn
expect_grep "no player record (001)" "$TMP/err" "a file that is no TRF is said"
sed 's/^001    6 /001    5 /' $D/tournament.trf >"$TMP/twice.trf"
expect_status 2 "a start rank twice" -- "$BIN" check --trf "$TMP/twice.trf" $D/tournament.pgn
expect_grep "start rank 5 is given again" "$TMP/err" "a start rank given twice is said"

# 7b. What people read: the text names the report for a pairing without a
#     game; the HTML report reads the other game and game 0 back, and says
#     the other game as a note, not as a rule.
"$BIN" check -q --trf $D/tournament.trf $D/tournament.pgn >"$TMP/trf.txt"
expect_grep '^testdata/collection/tournament.trf:10:1: error: pairing-without-game: round 2: So, Wesley - Carlsen, Magnus' \
	"$TMP/trf.txt" "text: a pairing without a game at the report's line"
expect_grep '^  in the tournament report: So, Wesley - Carlsen, Magnus, Oslo Invitational, round 2, 2024.05.02$' \
	"$TMP/trf.txt" "text: the pairing's players, event, round and date"
cat "$TMP/trf" "$TMP/all" >"$TMP/both.jsonl"
expect_status 1 "report -f html of the collection's findings" -- "$BIN" report -f html -o "$TMP/c.html" "$TMP/both.jsonl"
expect_grep '<p class="note">The other game: testdata/collection/copies-a.pgn, game 1, line 1.</p>' "$TMP/c.html" \
	"HTML: the other game, as a note"
expect_grep 'tournament.trf, game 0' "$TMP/c.html" "HTML: a pairing without a game, read back as game 0"

# 8. split --drop-duplicates: the copies to a file of their own, byte for
#    byte; the copy kept (the longest, then the most annotated, then the
#    first) goes on; every byte once; the inputs read twice.
A=$D/copies-a.pgn B=$D/copies-b.pgn
expect_status 0 "split --drop-duplicates --unique" -- "$BIN" split --drop-duplicates="$TMP/dups.pgn" --unique="$TMP/uniq.pgn" $A $B
cat $A $B >"$TMP/both"
cat "$TMP/uniq.pgn" "$TMP/dups.pgn" | sort >"$TMP/split.sorted"
sort "$TMP/both" >"$TMP/both.sorted"
expect_same "$TMP/both.sorted" "$TMP/split.sorted" "every line of the inputs in one of the two outputs"
expect_true "every byte once" -- test "$(cat "$TMP/uniq.pgn" "$TMP/dups.pgn" | wc -c)" = "$(wc -c <"$TMP/both")"
grep '^\[Case' "$TMP/dups.pgn" | sed 's/^\[Case "\([0-9]*\):.*/\1/' | tr '\n' ' ' >"$TMP/dropped"
printf '1 2 3 4 9 2 ' >"$TMP/dropped.want"
expect_same "$TMP/dropped.want" "$TMP/dropped" "the copies dropped: a's games 1-4 and 9, b's game 2"
expect_grep 'Case "1: the longest copy' "$TMP/uniq.pgn" "the longest copy is kept"
expect_grep 'Case "8: kept over game 9' "$TMP/uniq.pgn" "the more annotated copy is kept"
expect_grep 'Case "5: not a copy' "$TMP/uniq.pgn" "the first of two equal copies is kept"
# The copies dropped are the games check reports as copies.
"$BIN" check -q -f jsonl --select duplicate-game,twin-game,truncated-game $A $B | grep -v '"record"' |
	sed 's/^{"file":"\([^"]*\)","game":\([0-9]*\),.*/\1 \2/' | sort -u >"$TMP/reported"
expect_true "as many games dropped as check reports as copies" -- \
	test "$(grep -c '^\[Event ' "$TMP/dups.pgn")" = "$(wc -l <"$TMP/reported")"
"$BIN" check -q -f jsonl --select duplicate-game,twin-game,truncated-game "$TMP/uniq.pgn" >"$TMP/again"
expect_no_grep '"code"' "$TMP/again" "the games kept have no copy among them"
expect_status 1 "--drop-duplicates with --clean and --flagged" -- "$BIN" split --drop-duplicates="$TMP/d2.pgn" \
	--clean="$TMP/c.pgn" --flagged="$TMP/f.pgn" $A $B
expect_true "copies, clean and flagged: every byte once" -- \
	test "$(cat "$TMP/c.pgn" "$TMP/f.pgn" "$TMP/d2.pgn" | wc -c)" = "$(wc -c <"$TMP/both")"
expect_same "$TMP/dups.pgn" "$TMP/d2.pgn" "the same copies dropped either way"
expect_grep 'Ke3' "$TMP/f.pgn" "the games kept with an error go to --flagged"
expect_status 2 "--drop-duplicates from standard input" -- sh -c "\"$BIN\" split --drop-duplicates='$TMP/x.pgn' --unique='$TMP/y.pgn' <$A"
expect_grep "standard input cannot be; save it to a file first" "$TMP/err" "standard input is refused, saying why"
expect_true "nothing written" -- test ! -e "$TMP/x.pgn"
expect_status 2 "--drop-duplicates and --unique one file" -- "$BIN" split --drop-duplicates="$TMP/same.pgn" --unique="$TMP/same.pgn" $A
expect_grep "are one file" "$TMP/err" "two outputs that are one file are refused"
expect_status 2 "--unique alone" -- "$BIN" split --unique="$TMP/u2.pgn" $A
expect_status 2 "--drop-duplicates alone" -- "$BIN" split --drop-duplicates="$TMP/d3.pgn" $A
expect_status 2 "--drop-duplicates with --shards" -- "$BIN" split --drop-duplicates="$TMP/d3.pgn" --shards=2 --prefix="$TMP/s" $A
expect_status 2 "--drop-duplicates onto an input" -- "$BIN" split --drop-duplicates=$A --unique="$TMP/u3.pgn" $A
expect_status 2 "--drop-duplicates of a file that is not there" -- "$BIN" split --drop-duplicates="$TMP/d4.pgn" --unique="$TMP/u4.pgn" $A "$TMP/nothere.pgn"
expect_true "an input that cannot be read: nothing written" -- test ! -e "$TMP/d4.pgn" -a ! -e "$TMP/u4.pgn"
gzip -c $B >"$TMP/b.pgn.gz"
expect_status 0 "--drop-duplicates of a gzip file" -- "$BIN" split --drop-duplicates="$TMP/dz.pgn" --unique="$TMP/uz.pgn" $A "$TMP/b.pgn.gz"
expect_same "$TMP/dups.pgn" "$TMP/dz.pgn" "gzip: the same copies dropped"

echo "e2e_collection: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
