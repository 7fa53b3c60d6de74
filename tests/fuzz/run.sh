#!/bin/sh
# run.sh SECONDS [TARGET...] - runs each libFuzzer target for SECONDS.
#
# Builds the targets (build.sh), makes a seed corpus for each from the
# project's test data and ../shared/corpus/edge/, and fuzzes with the corpus
# kept in tests/fuzz/work/corpus/TARGET/ so that later runs start where this
# one ended.  TARGETs are reader, san, fen, check (default: all, one after
# another).  Inputs that crash, leak, time out or run out of memory are
# saved as tests/fuzz/work/artifacts/TARGET/crash-* (leak-*, timeout-*,
# oom-*); the exit status is 1 when there is any, 0 otherwise.
# Environment: SHARED (default ../shared beside the repository) and
# FUZZ_FLAGS (more libFuzzer options, e.g. -jobs=2 -workers=2).
set -eu

usage() {
	echo "usage: tests/fuzz/run.sh SECONDS [reader|san|fen|check|json ...]" >&2
	exit 2
}

[ $# -ge 1 ] || usage
SECONDS_EACH=$1
shift
case "$SECONDS_EACH" in '' | *[!0-9]*) usage ;; esac
TARGETS=${*:-reader san fen check json}
for t in $TARGETS; do
	case "$t" in reader | san | fen | check | json) ;; *) usage ;; esac
done

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
FUZZ="$ROOT/tests/fuzz"
WORK="$FUZZ/work"
SHARED=${SHARED:-$ROOT/../shared}
EDGE="$SHARED/corpus/edge"

sh "$FUZZ/build.sh"
cd "$ROOT"

# PGN files under 64 KB: the project's test data and the edge corpus.
small_pgn_files() {
	{
		find testdata -type f \( -name '*.pgn' -o -name '*.pgn.gz' \) -size -64k
		[ -d "$EDGE" ] && find "$EDGE" -type f \( -name '*.pgn' -o -name '*.pgn.gz' \) -size -64k
	} | sort
}

# Copies each file into dir under a name made from its path.
seed_files() {
	dir=$1
	while IFS= read -r f; do
		cp "$f" "$dir/$(echo "$f" | sed 's|^\.*/*||; s|/|_|g')"
	done
}

# Writes each line of standard input, without its line end, to a file of dir.
seed_lines() {
	awk -v dir="$1" -v prefix="$2" 'length($0) > 0 { f = sprintf("%s/%s-%05d", dir, prefix, NR); printf "%s", $0 > f; close(f) }'
}

# Move tokens as the reader hands them to san_parse: the movetext words of
# every small PGN file with move numbers and comments dropped.
san_tokens() {
	small_pgn_files | grep -v '\.gz$' | while IFS= read -r f; do
		grep -av '^[[:space:]]*\[' "$f" || true
	done | sed 's/{[^}]*}//g; s/;.*//' | tr -s ' \t\r' '\n\n\n' |
		sed 's/^[0-9]*\.\.*//' | grep -a '^[A-Za-z0-9-][A-Za-z0-9+#=!?:/().-]*$' | sort -u | head -n 4000
}

# FENs: the position fields of the EPD files and the FEN tags of the PGNs.
fens() {
	for f in testdata/*/*.epd; do
		{ grep -v '^#' "$f" || true; } | sed 's/ *;.*//'
	done
	small_pgn_files | grep -v '\.gz$' | while IFS= read -r f; do
		{ grep -ao '\[FEN "[^"]*"\]' "$f" || true; } | sed 's/^\[FEN "//; s/"\]$//'
	done
	echo "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
}

make_seeds() {
	seed="$WORK/seed/$1"
	rm -rf "$seed"
	mkdir -p "$seed"
	case "$1" in
	reader | check) small_pgn_files | seed_files "$seed" ;;
	san) san_tokens | seed_lines "$seed" san ;;
	fen) fens | sort -u | seed_lines "$seed" fen ;;
	json) cat testdata/report/*.jsonl testdata/check/*.jsonl | sort -u | head -n 2000 | seed_lines "$seed" json ;;
	esac
	echo "run.sh: $1: $(find "$seed" -type f | wc -l) seed inputs"
}

status=0
for t in $TARGETS; do
	make_seeds "$t"
	mkdir -p "$WORK/corpus/$t" "$WORK/artifacts/$t" "$WORK/logs"
	log="$WORK/logs/$t.log"
	echo "run.sh: fuzzing $t for $SECONDS_EACH s (log: tests/fuzz/work/logs/$t.log)"
	# shellcheck disable=SC2086
	"$FUZZ/bin/fuzz_$t" -max_total_time="$SECONDS_EACH" -timeout=10 -rss_limit_mb=2048 \
		-print_final_stats=1 -artifact_prefix="$WORK/artifacts/$t/" ${FUZZ_FLAGS:-} \
		"$WORK/corpus/$t" "$WORK/seed/$t" >"$log" 2>&1 || true
	grep -a '^#[0-9]' "$log" | tail -n 1 | sed "s/^/run.sh: $t: /"
	grep -a 'stat::' "$log" | sed "s/^/run.sh: $t: /"
done

found=$(find "$WORK/artifacts" -type f \( -name 'crash-*' -o -name 'leak-*' -o -name 'timeout-*' -o -name 'oom-*' \) | sort)
if [ -n "$found" ]; then
	echo "run.sh: inputs that failed (replay one with tests/fuzz/bin/fuzz_TARGET FILE):"
	echo "$found" | sed "s|^$ROOT/|  |"
	status=1
else
	echo "run.sh: nothing found"
fi
exit $status
