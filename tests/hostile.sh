#!/bin/sh
# hostile.sh - feeds ./pgnaudit inputs built to hurt a reader and checks that
# it survives each one (issue 5): exit 0, 1 or 2, never a signal; done within
# the time limit; peak memory under 64 MB; and, where a game can follow, the
# game after the hostile one still read (its known illegal move reported).
#
# Every input is generated here, deterministically, into a temporary folder;
# each run is under `ulimit -v` (256 MiB of address space) and `timeout`.
# Run from the repository root with ./pgnaudit built: `make hostile`.
set -u
BIN=./pgnaudit
TIMEOUT=20          # seconds per run
VMEM_KB=262144      # address space per run
RSS_LIMIT_KB=65536  # peak resident memory allowed
# ... and, for the checks over all the games (pgnaudit-check(1), LIMITS),
# the collection's fixed buffers, and its index where an input has many games
COLLECTION_KB=1024
TMP=$(mktemp -d "${TMPDIR:-/tmp}/pgnaudit-hostile.XXXXXX")
[ -n "${HOSTILE_KEEP:-}" ] || trap 'rm -rf "$TMP"' EXIT INT TERM
export LC_ALL=C
passed=0
failed=0
# ulimit -v is not POSIX, but dash, bash, ksh and busybox sh have it.
# shellcheck disable=SC3045
if (ulimit -v "$VMEM_KB") 2>/dev/null; then
	limit_memory() { ulimit -v "$VMEM_KB"; }
else
	echo "note: this shell has no ulimit -v; running without an address-space limit"
	limit_memory() { :; }
fi
TIME=
[ -x /usr/bin/time ] && /usr/bin/time -f %M true 2>/dev/null && TIME=/usr/bin/time

# The game appended after each hostile input: its third ply is illegal.
TAIL='[Event "after-hostile"]
[Result "*"]

1. e4 e5 2. Ke3 *
'
# A game with every Seven Tag Roster tag and nothing wrong: no findings.
CLEAN='[Event "b"]
[Site "s"]
[Date "2024.01.01"]
[Round "1"]
[White "w"]
[Black "b"]
[Result "1-0"]

1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0
'

bad() { failed=$((failed + 1)); echo "FAIL: $*"; }
printf '%-28s %-7s %8s %8s  %s\n' "case" "command" "seconds" "peak KB" "exit"

# run NAME FILE pgnaudit-arguments... : runs `pgnaudit ARGS FILE` under the
# limits, prints a row of the table, checks exit status, time and memory.
# The output is left in $TMP/out and $TMP/err.
run() {
	name=$1 file=$2
	shift 2
	if [ -n "$TIME" ]; then
		(limit_memory && exec "$TIME" -f '%M %e' -o "$TMP/usage" \
			timeout -s KILL "$TIMEOUT" "$BIN" "$@" "$file") >"$TMP/out" 2>"$TMP/err"
		status=$?
		usage=$(tail -1 "$TMP/usage")
		peak=${usage% *} seconds=${usage#* }
	else
		start=$(date +%s)
		(limit_memory && exec timeout -s KILL "$TIMEOUT" "$BIN" "$@" "$file") >"$TMP/out" 2>"$TMP/err"
		status=$?
		peak=- seconds=$(($(date +%s) - start))
	fi
	printf '%-28s %-7s %8s %8s  %s\n' "$name" "$1" "$seconds" "$peak" "$status"
	case $status in
	0 | 1 | 2) ;;
	137) bad "$name: killed after ${TIMEOUT}s (or by a signal 9)" ;;
	*) bad "$name: exit $status (a signal or worse)"; sed 's/^/    /' "$TMP/err" | head -3 ;;
	esac
	case $peak in
	- | "") ;;
	*) [ "$peak" -lt $((RSS_LIMIT_KB + COLLECTION_KB)) ] ||
		bad "$name: peak memory $peak KB, over $((RSS_LIMIT_KB + COLLECTION_KB)) KB" ;;
	esac
	[ "$status" -le 2 ] && passed=$((passed + 1))
}
# expect_status WANT: the last run exited WANT.
expect_status() {
	[ "$status" = "$1" ] || bad "$name: exit $status, wanted $1"
}
# expect_tail: the game after the hostile one was read and audited.
expect_tail() {
	grep '"event":"after-hostile"' "$TMP/out" | grep -q '"san":"Ke3","code":"illegal-move"' ||
		bad "$name: the game after the hostile input was not read"
}
expect_grep() { # PATTERN FILE WHAT
	grep -q -- "$1" "$2" || { bad "$name: $3: no line matching '$1'"; sed 's/^/    /' "$2" | head -3; }
}
# hostile NAME: runs replay, check -j 2 and check -f jsonl on $TMP/NAME.pgn with the
# tail game appended, and expects the tail game's finding (check's output
# stays in $TMP/out).
hostile() {
	printf '\n%s' "$TAIL" >>"$TMP/$1.pgn"
	run "$1" "$TMP/$1.pgn" replay
	run "$1" "$TMP/$1.pgn" check -j 2 -f jsonl
	expect_tail
	run "$1" "$TMP/$1.pgn" check -f jsonl
	expect_tail
}
# repeat N TEXT: TEXT N times, without a line end.
repeat() {
	awk -v n="$1" -v s="$2" 'BEGIN { for (i = 0; i < n; i++) printf "%s", s }'
}

# Deeply nested and unbalanced variations.
{ printf '[Event "nest"]\n[Result "*"]\n\n1. e4 '; repeat 100000 '('; printf ' *\n'; } >"$TMP/deep-variations.pgn"
hostile deep-variations
expect_grep '"code":"unbalanced-variation"' "$TMP/out" "unclosed ( reported"
{ printf '[Event "close"]\n[Result "*"]\n\n1. e4 '; repeat 100000 ')'; printf ' e5 *\n'; } >"$TMP/unbalanced-close.pgn"
hostile unbalanced-close

# A comment that never ends (10 MB), a 10 MB tag value, 100,000 tags.
{ printf '[Event "comment"]\n[Result "*"]\n\n1. e4 {'; repeat 200000 'never ending comment text. '; printf '\n'; } >"$TMP/endless-comment.pgn"
hostile endless-comment
expect_grep '"code":"unterminated-comment"' "$TMP/out" "the comment is reported"
{ printf '[Event "'; repeat 1000000 'huge value'; printf '"]\n[Result "*"]\n\n1. e4 *\n'; } >"$TMP/huge-tag.pgn"
hostile huge-tag
expect_grep '"code":"syntax"' "$TMP/out" "the limit is reported"
awk 'BEGIN { for (i = 0; i < 100000; i++) printf "[Tag%d \"%d\"]\n", i, i; printf "\n1. e4 *\n" }' >"$TMP/many-tags.pgn"
hostile many-tags
expect_grep '"code":"syntax"' "$TMP/out" "the limit is reported"

# NUL bytes in a tag value, a tag name and the movetext: the output must stay
# one valid JSON object per line.
printf '[Event "nul\000byte"]\n[Wh\000ite "x"]\n[Result "*"]\n\n1. e4\000 e5 2. N\000f3 *\n' >"$TMP/nul-bytes.pgn"
hostile nul-bytes
if command -v python3 >/dev/null 2>&1; then
	python3 -c 'import json, sys
for line in sys.stdin: json.loads(line)' <"$TMP/out" 2>/dev/null || bad "nul-bytes: output is not JSON Lines"
fi

# 10 MB of pseudo-random bytes (a fixed seed: the same bytes every run).
if command -v openssl >/dev/null 2>&1; then
	head -c 10000000 /dev/zero | openssl enc -aes-128-ctr -nosalt -K 000102030405060708090a0b0c0d0e0f \
		-iv 00000000000000000000000000000000 >"$TMP/random.pgn" 2>/dev/null
else
	awk 'BEGIN { srand(5); for (i = 0; i < 10000000; i++) printf "%c", int(rand() * 256) }' >"$TMP/random.pgn"
fi
run random-bytes "$TMP/random.pgn" check -f jsonl
run random-bytes "$TMP/random.pgn" replay

# Invalid UTF-8 (a lone continuation byte, an overlong slash, 0xFF, a cut
# sequence) in tags and comments, and CR-only line ends.
printf '[Event "bad \200 utf8"]\n[White "\300\257\377"]\n[Result "*"]\n\n1. e4 {\342\202} e5 {\355\240\200} *\n' >"$TMP/invalid-utf8.pgn"
hostile invalid-utf8
expect_grep '"code":"encoding"' "$TMP/out" "bad bytes are reported"
printf '%s\n%s' "$CLEAN" "$TAIL" | tr '\n' '\r' >"$TMP/cr-only.pgn"
run cr-only "$TMP/cr-only.pgn" check -f jsonl
expect_tail
expect_grep '"line":14,' "$TMP/out" "CR counts as a line end"

# Absurd FENs: kings everywhere, ranks too long, huge numbers.
{
	printf '[Event "kings"]\n[SetUp "1"]\n[FEN "KKKKKKKK/kkkkkkkk/8/8/8/8/8/8 w KQkq - 0 99999999999"]\n[Result "*"]\n\n1. Ka2 *\n\n'
	printf '[Event "numbers"]\n[SetUp "1"]\n[FEN "4k3/8/8/8/8/8/8/4K3 w - - 99999999999999999999 99999999999"]\n[Result "*"]\n\n1. Kd1 *\n\n'
	printf '[Event "long rank"]\n[SetUp "1"]\n[FEN "99999999999999999999k/8/8/8/8/8/8/K7 w - - 0 1"]\n[Result "*"]\n\n1. Kb1 *\n\n'
	printf '[Event "negative"]\n[SetUp "1"]\n[FEN "4k3/8/8/8/8/8/8/4K3 b - e3 -5 -2147483649"]\n[Result "*"]\n\n1... Kd8 *\n'
} >"$TMP/absurd-fen.pgn"
hostile absurd-fen
expect_grep '"code":"bad-fen"' "$TMP/out" "bad FENs are reported"

# A million empty games, and one game of 100,000 plies of knight moves
# (fivefold repetition under the 2023 rules ends it early; the 2005 rules
# have no automatic draw, so every ply is replayed and compared).
awk 'BEGIN { for (i = 0; i < 1000000; i++) printf "[Event \"x\"]\n*\n" }' >"$TMP/million-games.pgn"
printf '%s' "$TAIL" >>"$TMP/million-games.pgn"
run million-games "$TMP/million-games.pgn" check -f jsonl --select illegal-move
expect_tail
expect_grep '"game":1000001,' "$TMP/out" "every game is counted"
{
	printf '[Event "shuffle"]\n[Result "*"]\n\n'
	awk 'BEGIN { for (i = 1; i <= 25000; i++) printf "%d. Nf3 Nf6 %d. Ng1 Ng8\n", 2 * i - 1, 2 * i }'
	printf '*\n'
} >"$TMP/long-game.pgn"
hostile long-game
expect_grep '"ply":65537,.*"code":"syntax".*more than 65536 plies' "$TMP/out" "the ply limit is reported"
run long-game-2005 "$TMP/long-game.pgn" check -f jsonl --rules fide2005
expect_tail

# A flood of findings: every move of every game has a wrong check sign, so
# the output is 46 times the input (30 MB from 650 KB).  With -j 2 a piece
# of 128 KiB has its findings written once they reach 60 KiB, so memory
# stays as small as on a quiet file; before 9a69b17 each of the five pieces
# in flight kept room for the most output one had had, 35 MB here.
awk 'BEGIN { for (g = 0; g < 4000; g++) printf "[Event \"noisy %d\"]\n[Result \"*\"]\n\n1. e4+ e5+ 2. Nf3+ Nc6+ 3. Bb5+ a6+ 4. Ba4+ Nf6+ 5. O-O+ Be7+ 6. Re1+ b5+ 7. Bb3+ d6+ 8. c3+ O-O+ 9. h3+ Nb8+ 10. d4+ Nbd7+ *\n\n", g }' >"$TMP/findings-flood.pgn"
run findings-flood "$TMP/findings-flood.pgn" check -f jsonl
mv "$TMP/out" "$TMP/flood-j1"
run findings-flood "$TMP/findings-flood.pgn" check -j 2 -f jsonl
cmp -s "$TMP/flood-j1" "$TMP/out" || bad "findings-flood: -j 2 output differs from -j 1"
case $peak in
- | "") ;;
*) [ "$peak" -lt 16384 ] || bad "findings-flood: -j 2 peak memory $peak KB, over 16384 KB" ;;
esac
rm -f "$TMP/flood-j1"

# 72 MB of long comments in one game: the reader keeps at most
# PGN_MAX_GAME_BYTES of a game's text.
{
	printf '[Event "annotations"]\n[Result "*"]\n\n1. e4 '
	awk 'BEGIN { s = ""; for (i = 0; i < 6000; i++) s = s "comment "; for (i = 0; i < 1500; i++) printf "{%s}\n", s }'
	printf '*\n'
} >"$TMP/huge-annotations.pgn"
hostile huge-annotations
expect_grep '"code":"syntax".*the rest of it is not stored' "$TMP/out" "the limit is reported"

# Every limit of one game reached at once: 900,000 move tokens (past the
# 65,536 plies replayed), then 16 MiB of comments, then the token limit.
{
	printf '[Event "limits"]\n[Result "*"]\n\n'
	awk 'BEGIN { for (i = 0; i < 225000; i++) printf "Nf3 Nf6 Ng1 Ng8\n"
		s = ""; for (i = 0; i < 8000; i++) s = s "comment "; for (i = 0; i < 250; i++) printf "{%s}\n", s }'
	printf '*\n'
} >"$TMP/every-limit.pgn"
hostile every-limit
# fix and split add at most 16 MiB of raw text to it (pgnaudit-fix(1), LIMITS:
# about 80 MB); the game is copied unchanged, byte for byte.
RSS_LIMIT_KB=84000
run every-limit "$TMP/every-limit.pgn" fix -o "$TMP/fixed.pgn"
cmp -s "$TMP/fixed.pgn" "$TMP/every-limit.pgn" || bad "every-limit: fix did not copy the game unchanged"
run every-limit "$TMP/every-limit.pgn" split --clean="$TMP/clean.pgn" --flagged="$TMP/flagged.pgn"
cmp -s "$TMP/flagged.pgn" "$TMP/every-limit.pgn" || bad "every-limit: split did not flag the game whole"
RSS_LIMIT_KB=65536
rm -f "$TMP/fixed.pgn" "$TMP/clean.pgn" "$TMP/flagged.pgn"

# A 50 MB line of moves.
{ printf '[Event "line"]\n[Result "*"]\n\n'; repeat 2300000 '1. Nf3 Nf6 2. Ng1 Ng8 ' | head -c 50000000; printf '\n*\n'; } >"$TMP/long-line.pgn"
hostile long-line

# fix and split copy games byte for byte, and still keep at most 16 MiB of
# the input in memory (raw_window.h): the rest waits in a temporary file.
# A 200 MB comment (the game is cut, so fix copies it unchanged), 200 MB of
# blanks inside a game fix can rewrite, and 300 MB of NULs; a clean game
# after each.  split's two outputs must hold every byte of the input.
{ printf '[Event "comment"]\n[Result "*"]\n\n1. e4 {'; repeat 200000 "$(repeat 1000 x)"; printf '} e5 *\n\n%s' "$CLEAN"; } >"$TMP/copy-200MB.pgn"
{ printf '[Event "blanks"]\n[Result "*"]\n\n1. e4'; repeat 200000 "$(repeat 999 ' ')
"; printf 'e5 *\n\n%s' "$CLEAN"; } >"$TMP/blanks-200MB.pgn"
{ head -c 300000000 /dev/zero; printf '\n%s' "$CLEAN"; } >"$TMP/nul-300MB.pgn"
for big in copy-200MB blanks-200MB nul-300MB; do
	run "$big" "$TMP/$big.pgn" fix -o "$TMP/fixed.pgn"
	grep -q '^1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0$' "$TMP/fixed.pgn" || bad "$big: the game after it is not in fix's output"
	run "$big" "$TMP/$big.pgn" split --clean="$TMP/clean.pgn" --flagged="$TMP/flagged.pgn"
	[ "$(cat "$TMP/flagged.pgn" "$TMP/clean.pgn" | cksum)" = "$(cksum <"$TMP/$big.pgn")" ] ||
		[ "$(cat "$TMP/clean.pgn" "$TMP/flagged.pgn" | cksum)" = "$(cksum <"$TMP/$big.pgn")" ] ||
		bad "$big: split's outputs are not the input cut in two"
	rm -f "$TMP/fixed.pgn" "$TMP/clean.pgn" "$TMP/flagged.pgn"
done
run copy-200MB "$TMP/copy-200MB.pgn" fix
[ "$(head -c 1000 "$TMP/out")" = "$(head -c 1000 "$TMP/copy-200MB.pgn")" ] && [ "$(wc -c <"$TMP/out")" -gt 200000000 ] ||
	bad "copy-200MB: fix did not copy the cut game unchanged"
run blanks-200MB "$TMP/blanks-200MB.pgn" fix
[ "$(wc -c <"$TMP/out")" -lt 1000 ] || bad "blanks-200MB: fix did not rewrite the game"
rm -f "$TMP/copy-200MB.pgn" "$TMP/blanks-200MB.pgn" "$TMP/nul-300MB.pgn" "$TMP/out"

# gzip: a small file that inflates to 200 MB of games (one member repeated:
# members are read one after another, as gzip -d does); a truncated stream
# (the games before the cut reported, exit 2 naming the file); a corrupt one.
{ repeat 999 "$CLEAN
"; printf '%s\n' "$TAIL"; } >"$TMP/chunk.pgn"
chunk_bytes=$(wc -c <"$TMP/chunk.pgn")
gzip -9 -c "$TMP/chunk.pgn" >"$TMP/chunk.gz"
members=$((200000000 / chunk_bytes))
awk -v n="$members" -v f="$TMP/chunk.gz" 'BEGIN { for (i = 0; i < n; i++) print f }' | xargs cat >"$TMP/bomb.gz"
# 1,429,000 games, all one game: the index holds each (48 bytes) and, at
# the end, what sorting them takes (about 85 bytes a game in all here,
# where all are copies of one; 100 allowed); every copy is reported.
COLLECTION_KB=$((members * 1000 * 100 / 1024))
run gzip-bomb-200MB "$TMP/bomb.gz" check -f jsonl
COLLECTION_KB=1024
expect_status 1
[ "$(grep -c '"code":"duplicate-game"' "$TMP/out")" -eq $((members * 999 - 1)) ] ||
	bad "$name: every copy of the one game is a duplicate-game"
[ "$(grep '"event":"after-hostile"' "$TMP/out" | grep -c '"code":"illegal-move"')" -eq "$members" ] ||
	bad "$name: not every member was read"
expect_grep "\"game\":$((members * 1000))," "$TMP/out" "every game is counted"
head -c 1000000000 /dev/zero | gzip -1 -c >"$TMP/zeros.gz"
run gzip-1GB-zeros "$TMP/zeros.gz" check -f jsonl
{ printf '%s\n' "$TAIL"; repeat 20000 "$CLEAN
"; } | gzip -c >"$TMP/whole.gz"
size=$(wc -c <"$TMP/whole.gz")
head -c $((size / 2)) "$TMP/whole.gz" >"$TMP/truncated.gz"
run gzip-truncated "$TMP/truncated.gz" check -f jsonl
expect_status 2
expect_grep "truncated.gz" "$TMP/err" "the message names the file"
expect_tail
{ head -c $((size / 2)) "$TMP/whole.gz"; repeat 64 'garbage!'; tail -c +$((size / 2 + 513)) "$TMP/whole.gz"; } >"$TMP/corrupt.gz"
run gzip-corrupt "$TMP/corrupt.gz" check -f jsonl
expect_status 2
expect_grep "corrupt.gz" "$TMP/err" "the message names the file"
expect_tail

# Past 2^32 lines and columns (4 GiB of line ends, or of spaces on one line,
# as 64 gzip members of 64 MiB each): line numbers are whole, and a column
# past 4294967295 is given as that (pgn.h, Lines).  Before, both wrapped.
head -c 67108864 /dev/zero | tr '\0' '\n' | gzip -1 >"$TMP/lines.gz"
head -c 67108864 /dev/zero | tr '\0' ' ' | gzip -1 >"$TMP/spaces.gz"
{ for i in $(seq 64); do cat "$TMP/lines.gz"; done; printf '%s' "$TAIL" | gzip; } >"$TMP/4G-lines.gz"
{ printf '[Event "after-hostile"]\n[Result "*"]\n\n1. e4 e5 ' | gzip
	for i in $(seq 64); do cat "$TMP/spaces.gz"; done
	printf '2. Ke3 *\n' | gzip; } >"$TMP/4G-columns.gz"
# 4 GiB through the reader takes 4-7 s; on a busy machine more than the
# usual limit, so these runs have a minute.
TIMEOUT=60
for jobs in 1 2; do
	run 4G-lines "$TMP/4G-lines.gz" check -j "$jobs" -f jsonl
	expect_grep '"game":1,"line":4294967300,"column":13,.*"code":"illegal-move"' "$TMP/out" "-j $jobs: the line after 2^32 lines"
	run 4G-columns "$TMP/4G-columns.gz" check -j "$jobs" -f jsonl
	expect_grep '"game":1,"line":4,"column":4294967295,.*"code":"illegal-move"' "$TMP/out" "-j $jobs: a column past 2^32"
done
rm -f "$TMP"/*.gz
TIMEOUT=20

echo "hostile: $passed runs survived, $failed failures"
[ "$failed" -eq 0 ]
