#!/bin/bash
# bench/run.sh - throughput of `pgnaudit check` against `pgn-extract -r`.
#
# Both tools parse every game of the same fixed ~30 MB file and replay every
# move; neither writes anything but diagnostics, which go to /dev/null.  The
# file is built once, deterministically, from the real games of the shared
# corpus (otb/, online/, engine/; edge/ holds test oddities, not games people
# play) and kept in bench/out/.  Each tool runs RUNS times (default 3) and the
# fastest wall-clock time counts: the slower runs measure the machine's
# noise, not the program.  See bench/README.md for how to read the table.
#
# Run from anywhere with `make bench` or `bash bench/run.sh` (bash for its
# clock, EPOCHREALTIME: see measure).  Environment:
#   CORPUS_DIR    the corpus (default ../shared/corpus, from the repository root)
#   PGN_EXTRACT   the pgn-extract binary (default /usr/games/pgn-extract)
#   RUNS          runs per tool, best counts (default 3)

set -eu

cd "$(dirname "$0")/.."

CORPUS_DIR=${CORPUS_DIR:-../shared/corpus}
PGN_EXTRACT=${PGN_EXTRACT:-/usr/games/pgn-extract}
RUNS=${RUNS:-3}
PGNAUDIT=./pgnaudit
OUT=bench/out
CORPUS=$OUT/corpus.pgn
CORPUS_GZ=$OUT/corpus.pgn.gz
TARGET_BYTES=30000000

die() {
	echo "bench: $*" >&2
	exit 1
}

[ -x "$PGNAUDIT" ] || die "$PGNAUDIT is not built; run 'make' first"
[ -x "$PGN_EXTRACT" ] || command -v "$PGN_EXTRACT" >/dev/null 2>&1 ||
	die "$PGN_EXTRACT not found; 'make bench' installs it (apt-get install pgn-extract), or set PGN_EXTRACT"
case $RUNS in
'' | *[!0-9]* | 0) die "RUNS must be a positive integer, not '$RUNS'" ;;
esac
[ -n "${EPOCHREALTIME:-}" ] || die "bash 5 is needed (EPOCHREALTIME); run with bash bench/run.sh"

# Files in C-locale sorted order, so the benchmark file is the same on every
# machine; a leading UTF-8 byte order mark is dropped, since in the middle of
# the concatenation it would be a stray character, not a BOM.
build_corpus() {
	[ -d "$CORPUS_DIR" ] || die "no corpus at $CORPUS_DIR; set CORPUS_DIR"
	mkdir -p "$OUT"
	bom=$(printf '\357\273\277')
	list=$OUT/corpus.files
	(cd "$CORPUS_DIR" && find otb online engine -type f \
		\( -name '*.pgn' -o -name '*.PGN' -o -name '*.pgn.gz' \) | LC_ALL=C sort) >"$list.tmp"
	[ -s "$list.tmp" ] || die "no PGN files under $CORPUS_DIR/{otb,online,engine}"
	: >"$CORPUS.tmp"
	: >"$list.used"
	# Repeat the set when it is smaller than the target (it is not today).
	while :; do
		while IFS= read -r name; do
			case $name in
			*.gz) gzip -dc "$CORPUS_DIR/$name" ;;
			*) cat "$CORPUS_DIR/$name" ;;
			esac | LC_ALL=C sed "1s/^$bom//" >>"$CORPUS.tmp"
			printf '\n\n' >>"$CORPUS.tmp"
			echo "$name" >>"$list.used"
			[ "$(wc -c <"$CORPUS.tmp")" -lt "$TARGET_BYTES" ] || break 2
		done <"$list.tmp"
	done
	mv "$list.used" "$list"
	rm -f "$list.tmp"
	mv "$CORPUS.tmp" "$CORPUS"
}

if [ ! -s "$CORPUS" ]; then
	echo "bench: building $CORPUS from $CORPUS_DIR ..." >&2
	build_corpus
	rm -f "$CORPUS_GZ"
fi
if [ ! -s "$CORPUS_GZ" ]; then
	gzip -1 -n -c "$CORPUS" >"$CORPUS_GZ.tmp" && mv "$CORPUS_GZ.tmp" "$CORPUS_GZ"
fi

BYTES=$(wc -c <"$CORPUS" | tr -d ' ')
GAMES=$(grep -c '^\[Event ' "$CORPUS" || true)
[ "$GAMES" -gt 0 ] || die "no games ([Event tags) in $CORPUS"

TIME_BIN=
[ -x /usr/bin/time ] && /usr/bin/time -f %M -o /dev/null true 2>/dev/null && TIME_BIN=/usr/bin/time

RSS_FILE=$OUT/rss.$$
STATUS_FILE=$OUT/status.$$
trap 'rm -f "$RSS_FILE" "$STATUS_FILE"' EXIT
trap 'exit 130' INT TERM

# Peak memory comes from one more run under GNU time, under sh -c so that
# the command's exit status survives /usr/bin/time (which would otherwise
# report it as its own); $0 there is the status file.
# shellcheck disable=SC2016
RUN_QUIET='"$@" >/dev/null 2>&1; echo $? >"$0"'

# seconds_between START END: the difference of two EPOCHREALTIME readings.
seconds_between() {
	awk -v a="$1" -v b="$2" 'BEGIN { printf "%.4f", b - a }'
}

# measure NAME MAX_OK_STATUS COMMAND...: runs COMMAND RUNS times, output and
# diagnostics to /dev/null, and sets BEST (seconds); then once more under
# GNU time and sets RSS (its peak KiB; empty without GNU time).  The clock
# is read by the shell itself (EPOCHREALTIME) right before it starts the
# command and right after the command has ended, so a time counts starting
# the process and the process, not starting date or time.  An exit status
# above MAX_OK_STATUS means the tool failed, and the benchmark with it.
measure() {
	m_name=$1
	m_max_ok=$2
	shift 2
	BEST=
	RSS=
	m_run=0
	while [ "$m_run" -lt "$RUNS" ]; do
		m_run=$((m_run + 1))
		m_status=0
		m_start=$EPOCHREALTIME
		"$@" >/dev/null 2>&1 || m_status=$?
		m_end=$EPOCHREALTIME
		[ "$m_status" -le "$m_max_ok" ] ||
			die "$m_name failed with exit status $m_status: $*"
		m_secs=$(seconds_between "$m_start" "$m_end")
		echo "bench: $m_name run $m_run/$RUNS: ${m_secs}s" >&2
		if [ -z "$BEST" ] || awk -v a="$m_secs" -v b="$BEST" 'BEGIN { exit !(a < b) }'; then
			BEST=$m_secs
		fi
	done
	if [ -n "$TIME_BIN" ]; then
		"$TIME_BIN" -f %M -o "$RSS_FILE" sh -c "$RUN_QUIET" "$STATUS_FILE" "$@"
		m_status=$(cat "$STATUS_FILE")
		[ "$m_status" -le "$m_max_ok" ] ||
			die "$m_name failed with exit status $m_status: $*"
		RSS=$(tail -n 1 "$RSS_FILE")
	fi
}

# pgnaudit check exits 1 when it finds errors, which a real corpus has.
measure "pgnaudit check" 1 "$PGNAUDIT" check -f jsonl -o /dev/null "$CORPUS"
PA_SECS=$BEST
PA_RSS=$RSS
measure "pgnaudit check (gzip)" 1 "$PGNAUDIT" check -f jsonl -o /dev/null "$CORPUS_GZ"
PZ_SECS=$BEST
PZ_RSS=$RSS
measure "pgnaudit check -j2" 1 "$PGNAUDIT" check -j 2 -f jsonl -o /dev/null "$CORPUS"
P2_SECS=$BEST
P2_RSS=$RSS
measure "pgnaudit check -j2 (gzip)" 1 "$PGNAUDIT" check -j 2 -f jsonl -o /dev/null "$CORPUS_GZ"
PZ2_SECS=$BEST
PZ2_RSS=$RSS
measure "pgn-extract -r" 0 "$PGN_EXTRACT" -r -s "$CORPUS"
PE_SECS=$BEST
PE_RSS=$RSS

VERSION=$("$PGNAUDIT" --version 2>/dev/null | head -n 1 || true)
PE_VERSION=$("$PGN_EXTRACT" --version 2>&1 | head -n 1 || true)
CPU=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo 2>/dev/null | head -n 1 || true)

printf '\n'
printf 'corpus     %s: %s bytes (%.1f MB), %s games, best of %s runs\n' \
	"$CORPUS" "$BYTES" "$(awk -v b="$BYTES" 'BEGIN { print b / 1e6 }')" "$GAMES" "$RUNS"
printf 'pgnaudit   %s\n' "${VERSION:-unknown version}"
printf 'reference  %s\n' "${PE_VERSION:-pgn-extract}"
[ -z "$CPU" ] || printf 'cpu        %s\n' "$CPU"
printf '\n'
awk -v bytes="$BYTES" -v games="$GAMES" -v rss="${TIME_BIN:+1}" \
	-v pa="$PA_SECS" -v pa_rss="$PA_RSS" \
	-v pz="$PZ_SECS" -v pz_rss="$PZ_RSS" \
	-v p2="$P2_SECS" -v p2_rss="$P2_RSS" \
	-v pz2="$PZ2_SECS" -v pz2_rss="$PZ2_RSS" \
	-v pe="$PE_SECS" -v pe_rss="$PE_RSS" '
function row(name, secs, kib) {
	if (secs <= 0) secs = 0.001
	printf "%-30s %8.4f %9.1f %10.0f", name, secs, bytes / 1e6 / secs, games / secs
	if (rss) printf " %12.1f", kib / 1024
	printf "\n"
}
BEGIN {
	printf "%-30s %8s %9s %10s", "tool", "seconds", "MB/s", "games/s"
	if (rss) printf " %12s", "peak RSS MiB"
	printf "\n"
	row("pgnaudit check -f jsonl", pa, pa_rss)
	row("pgnaudit check (.gz input)", pz, pz_rss)
	row("pgnaudit check -j2", p2, p2_rss)
	row("pgnaudit check -j2 (.gz input)", pz2, pz2_rss)
	row("pgn-extract -r -s", pe, pe_rss)
	if (pa <= 0) pa = 0.001
	if (pz <= 0) pz = 0.001
	if (p2 <= 0) p2 = 0.001
	if (pz2 <= 0) pz2 = 0.001
	printf "\nthroughput ratio pgnaudit / pgn-extract: %.2f (plain, -j1), %.2f (gzip, -j1)\n", pe / pa, pe / pz
	printf "-j2 / -j1: %.2f; gzip -j2 / plain -j1: %.2f\n", pa / p2, pa / pz2
	printf "(above 1: pgnaudit is faster; MB/s and games/s count uncompressed bytes and [Event tags)\n"
}'
