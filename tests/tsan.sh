#!/bin/sh
# tsan.sh - `check -j N` under ThreadSanitizer.
#
# Builds pgnaudit with -fsanitize=thread into its own folder (the normal
# objects are left alone), then runs check with 2, 3 and 8 threads on the
# test files, whole and cut into tiny pieces (PGNAUDIT_PIECE_BYTES), plain,
# gzip and from a pipe, with output written early (PGNAUDIT_EARLY_BYTES), and on the shared corpus when it is there.  A data
# race or lock misuse makes TSan exit with status 66; the output must also
# be the bytes of -j 1.  Run by `make tsan` (and .ci/run).
set -u
cd "$(dirname "$0")/.."
. tests/e2e_lib.sh

CC=${CC:-cc}
OUT=tests/bin/tsan
mkdir -p "$OUT"
# The binary's sources, as the Makefile finds them (a pattern that matches
# nothing is left out).  assert() stays compiled in, as in the plain build.
sources=$(for f in cli/*.c cli/*/*.c parser/*.c validator/*/*.c reports/*.c util/*.c; do
	[ ! -f "$f" ] || echo "$f"; done)
# shellcheck disable=SC2086 # file names without blanks
if ! $CC -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -I. -O1 -g -fsanitize=thread \
	-o "$OUT/pgnaudit" $sources -lisal -lzstd -lbz2 -llzma -lpthread; then
	echo "tsan: cannot build with -fsanitize=thread" >&2
	exit 1
fi
BIN=$OUT/pgnaudit
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
export TSAN_OPTIONS="halt_on_error=1 exitcode=66 ${TSAN_OPTIONS:-}"

files="testdata/reader/pieces.pgn testdata/reader/pieces-cr.pgn testdata/reader/pieces-semicolon.pgn testdata/check/*.pgn testdata/sample.pgn"
# shellcheck disable=SC2086
cat $files $files $files >"$TMP/all.pgn"
gzip -c "$TMP/all.pgn" >"$TMP/all.pgn.gz"
zstd -q -c "$TMP/all.pgn" >"$TMP/all.pgn.zst" 2>/dev/null || rm -f "$TMP/all.pgn.zst"
"$BIN" check -f jsonl "$TMP/all.pgn" >"$TMP/one" 2>&1
one_status=$?

# run WHAT PIECE JOBS INPUT [EARLY]: -j JOBS must exit as -j 1 and print its
# bytes (EARLY: PGNAUDIT_EARLY_BYTES, after which a piece's output is
# written before the piece is done).
run() {
	what=$1 size=$2 jobs=$3 input=$4 early=${5:-}
	PGNAUDIT_EARLY_BYTES=$early PGNAUDIT_PIECE_BYTES=$size "$BIN" check -j "$jobs" -f jsonl "$input" >"$TMP/many" 2>&1
	status=$?
	if [ $status -eq 66 ]; then
		bad "ThreadSanitizer: $what, -j $jobs, pieces of ${size:-default} bytes"
		sed -n '1,40p' "$TMP/many" >&2
		return
	fi
	[ $status -eq "$one_status" ] && ok || bad "$what, -j $jobs, pieces of ${size:-default}: exit status $status"
	# (the collection's findings name the other game's file too)
	sed "s|$TMP/all.pgn.gz|$TMP/all.pgn|g; s|$TMP/all.pgn.zst|$TMP/all.pgn|g; s|\"file\":\"-\"|\"file\":\"$TMP/all.pgn\"|g; s|\"other_file\":\"-\"|\"other_file\":\"$TMP/all.pgn\"|g" "$TMP/many" >"$TMP/many.x"
	expect_same "$TMP/one" "$TMP/many.x" "$what, -j $jobs, pieces of ${size:-default}: output differs from -j 1"
}

for jobs in 2 3 8; do
	for size in 1 200 4096 ""; do
		run "plain" "$size" "$jobs" "$TMP/all.pgn"
	done
	run "gzip" 4096 "$jobs" "$TMP/all.pgn.gz"
	run "gzip" "" "$jobs" "$TMP/all.pgn.gz"
	run "plain, output written early" 200 "$jobs" "$TMP/all.pgn" 1
	run "gzip, output written early" 200 "$jobs" "$TMP/all.pgn.gz" 1
	[ ! -f "$TMP/all.pgn.zst" ] || run "zstd" 4096 "$jobs" "$TMP/all.pgn.zst"
done
PGNAUDIT_PIECE_BYTES=300 "$BIN" check -j 2 -f jsonl - <"$TMP/all.pgn" >"$TMP/many" 2>&1
status=$?
[ $status -ne 66 ] && ok || bad "ThreadSanitizer: standard input"
sed "s|\"file\":\"-\"|\"file\":\"$TMP/all.pgn\"|g; s|\"other_file\":\"-\"|\"other_file\":\"$TMP/all.pgn\"|g" "$TMP/many" >"$TMP/many.x"
expect_same "$TMP/one" "$TMP/many.x" "standard input, -j 2: output differs from -j 1"

CORPUS_DIR=${CORPUS_DIR:-../shared/corpus}
if [ -d "$CORPUS_DIR" ]; then
	find "$CORPUS_DIR/online" -name '*.pgn' | sort | head -n 20 >"$TMP/list"
	# shellcheck disable=SC2046
	"$BIN" check -j 2 -f jsonl $(cat "$TMP/list") >"$TMP/c2" 2>&1
	[ $? -ne 66 ] && ok || { bad "ThreadSanitizer: corpus files"; sed -n '1,40p' "$TMP/c2" >&2; }
else
	echo "tsan: no corpus at $CORPUS_DIR; skipping the corpus files"
fi
echo "tsan: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
