#!/bin/sh
# corpus_sums.sh [BIN]: checksums of what BIN (default ./pgnaudit) writes on
# the whole shared corpus - check in both rule editions and by date, text
# and JSON Lines, -j1 and -j2; fix; split; replay - one line each, to show
# that a change meant to keep behaviour keeps it byte for byte:
#   sh tests/corpus_sums.sh old/pgnaudit >old.sums
#   sh tests/corpus_sums.sh ./pgnaudit | diff old.sums -
# The corpus is CORPUS_DIR (default ../shared/corpus); without it, nothing
# to compare, and the script says so.
set -u
BIN=${1:-./pgnaudit}
CORPUS_DIR=${CORPUS_DIR:-../shared/corpus}
if [ ! -d "$CORPUS_DIR" ]; then
	echo "corpus_sums: no corpus at $CORPUS_DIR (set CORPUS_DIR)" >&2
	exit 2
fi
FILES=$(find "$CORPUS_DIR" -name '*.pgn' -o -name '*.pgn.gz' | LC_ALL=C sort)
sum() { md5sum | cut -c1-32; }
for rules in by-date fide2023 fide2005; do
	for j in 1 2; do
		for f in text jsonl; do
			# shellcheck disable=SC2086 # the file names have no blanks
			printf '%s %s -j%s %s\n' "$("$BIN" check -j$j -f $f --rules $rules --color never $FILES 2>&1 | sum)" "$rules" "$j" "$f"
		done
	done
done
# shellcheck disable=SC2086
printf '%s fix\n' "$("$BIN" fix $FILES 2>&1 | sum)"
d=$(mktemp -d "${TMPDIR:-/tmp}/corpus-sums.XXXXXX")
# shellcheck disable=SC2086
"$BIN" split --clean="$d/c" --flagged="$d/f" $FILES 2>/dev/null
printf '%s split\n' "$(cat "$d/c" "$d/f" | sum)"
rm -rf "$d"
# shellcheck disable=SC2086
printf '%s replay\n' "$("$BIN" replay $FILES 2>&1 | sum)"
