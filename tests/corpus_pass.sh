#!/bin/sh
# corpus_pass.sh - runs `check` (by date and under the 2005 Laws, and -j 2) and `replay` on
# every file of the shared corpus and fails on a crash, a hang, an exit
# status above 2, a sanitizer report, or -j 2 output that is not the bytes
# of -j 1.  `make sanitize` runs it with a
# binary built with AddressSanitizer and UndefinedBehaviorSanitizer.
set -u
BIN=${1:-./pgnaudit}
CORPUS_DIR=${CORPUS_DIR:-../shared/corpus}
if [ ! -d "$CORPUS_DIR" ]; then
	echo "corpus_pass.sh: $CORPUS_DIR not found; skipping the corpus pass (set CORPUS_DIR)"
	exit 0
fi
ERR=$(mktemp "${TMPDIR:-/tmp}/pgnaudit-corpus.XXXXXX")
OUT=$ERR.out
trap 'rm -f "$ERR" "$OUT" "$OUT.new"' EXIT INT TERM
files=0
failed=0
for f in $(find "$CORPUS_DIR" -name '*.pgn' -o -name '*.pgn.gz' | sort); do
	files=$((files + 1))
	for args in "check -f jsonl" "check -f csv --rules fide2005" "check -j 2 -f jsonl" "replay"; do
		# shellcheck disable=SC2086 # args are words
		timeout 120 "$BIN" $args "$f" >"$OUT.new" 2>"$ERR"
		status=$?
		case $args in
		"check -f jsonl") mv "$OUT.new" "$OUT" ;;
		"check -j 2 -f jsonl")
			if ! cmp -s "$OUT" "$OUT.new"; then
				echo "FAIL: $BIN $args $f: not the output of -j 1"
				failed=$((failed + 1))
			fi ;;
		esac
		if [ "$status" -gt 2 ] || grep -q 'runtime error\|AddressSanitizer\|LeakSanitizer' "$ERR"; then
			echo "FAIL: $BIN $args $f: exit $status"
			head -20 "$ERR" | sed 's/^/    /'
			failed=$((failed + 1))
		fi
	done
done
echo "corpus pass: $files files, $failed failures"
[ "$failed" -eq 0 ]
