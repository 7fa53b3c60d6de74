#!/bin/bash
# bench/run.sh - throughput of `pgnaudit check` against `pgn-extract -r`.
#
# Both tools parse every game of the same fixed ~30 MB file and replay every
# move; neither writes anything but diagnostics, which go to /dev/null.  The
# file is built once, deterministically, from the real games of the shared
# corpus (otb/, online/, engine/; edge/ holds test oddities, not games people
# play) and kept in bench/out/.  The commands run in RUNS rounds (default 5),
# each command once per round, and the fastest wall-clock time of each
# counts: the slower runs measure the machine's noise, not the program.  See
# bench/README.md for how to read the table.
#
# What is timed is the release binary, build/release/pgnaudit: what
# `make release` builds and `make install` installs (-DNDEBUG, and with gcc
# profile-guided), not the plain ./pgnaudit the tests run.  `make bench`
# builds it first.
#
# Run from anywhere with `make bench` or `bash bench/run.sh` (bash for its
# clock, EPOCHREALTIME).  Environment:
#   PGNAUDIT      the pgnaudit binary (default build/release/pgnaudit)
#   CORPUS_DIR    the corpus (default ../shared/corpus, from the repository root)
#   PGN_EXTRACT   the pgn-extract binary (default /usr/games/pgn-extract)
#   RUNS          rounds, best counts (default 5)
#   BIG_COPIES    copies of the file in the input on which peak memory is
#                 measured once more (default 32: 973 MB, kept in bench/out/
#                 as corpus-big.pgn; 0 skips it)

set -eu

cd "$(dirname "$0")/.."

CORPUS_DIR=${CORPUS_DIR:-../shared/corpus}
PGN_EXTRACT=${PGN_EXTRACT:-/usr/games/pgn-extract}
RUNS=${RUNS:-5}
PGNAUDIT=${PGNAUDIT:-build/release/pgnaudit}
OUT=bench/out
CORPUS=$OUT/corpus.pgn
CORPUS_GZ=$OUT/corpus.pgn.gz
CORPUS_ZST=$OUT/corpus.pgn.zst
CORPUS_ZIP=$OUT/corpus.zip
ANNOTATED=$OUT/annotated.pgn
CLOCKS=$OUT/clocks.pgn
TARGET_BYTES=30000000

die() {
	echo "bench: $*" >&2
	exit 1
}

[ -x "$PGNAUDIT" ] || die "$PGNAUDIT is not built; run 'make release' first"
[ -x "$PGN_EXTRACT" ] || command -v "$PGN_EXTRACT" >/dev/null 2>&1 ||
	die "$PGN_EXTRACT not found; 'make bench' installs it (apt-get install pgn-extract), or set PGN_EXTRACT"
case $RUNS in
'' | *[!0-9]* | 0) die "RUNS must be a positive integer, not '$RUNS'" ;;
esac
BIG_COPIES=${BIG_COPIES:-32}
case $BIG_COPIES in
'' | *[!0-9]*) die "BIG_COPIES must be a number, not '$BIG_COPIES'" ;;
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
# zstd at its default level 3, as the lichess database is compressed
# (which uses level 19 for a smaller download; decoding speed is much the
# same at every level).
if [ ! -s "$CORPUS_ZST" ] || [ "$CORPUS" -nt "$CORPUS_ZST" ]; then
	zstd -q -3 -c "$CORPUS" >"$CORPUS_ZST.tmp" && mv "$CORPUS_ZST.tmp" "$CORPUS_ZST"
fi
# A zip archive of it, as TWIC's are made (zip's default deflate, level 6),
# read through libarchive.
if [ ! -s "$CORPUS_ZIP" ] || [ "$CORPUS" -nt "$CORPUS_ZIP" ]; then
	command -v zip >/dev/null 2>&1 || die "zip is needed for the .zip row (apt-get install zip)"
	rm -f "$CORPUS_ZIP.tmp"
	zip -q -j "$CORPUS_ZIP.tmp" "$CORPUS" && mv "$CORPUS_ZIP.tmp" "$CORPUS_ZIP"
fi

# An annotated file: ten copies of otb/pychess/world_matches.pgn.gz (world
# championship matches, 29% of their moves in variations), 9.1 MB.
if [ ! -s "$ANNOTATED" ]; then
	for _ in 1 2 3 4 5 6 7 8 9 10; do
		gzip -dc "$CORPUS_DIR/otb/pychess/world_matches.pgn.gz" && printf '\n\n'
	done >"$ANNOTATED.tmp" && mv "$ANNOTATED.tmp" "$ANNOTATED"
fi
ANNOTATED_BYTES=$(wc -c <"$ANNOTATED" | tr -d ' ')

# A file of clocks: five copies of online/kdave-pgn-toys/lichess.pgn.gz (986
# lichess games, a [%clk] after every move), 11.6 MB, for the clock checks.
if [ ! -s "$CLOCKS" ]; then
	for _ in 1 2 3 4 5; do
		gzip -dc "$CORPUS_DIR/online/kdave-pgn-toys/lichess.pgn.gz" && printf '\n\n'
	done >"$CLOCKS.tmp" && mv "$CLOCKS.tmp" "$CLOCKS"
fi
CLOCKS_BYTES=$(wc -c <"$CLOCKS" | tr -d ' ')
CLOCK_READINGS=$(grep -o '%clk' "$CLOCKS" | wc -l | tr -d ' ')

BYTES=$(wc -c <"$CORPUS" | tr -d ' ')
GAMES=$(grep -c '^\[Event ' "$CORPUS" || true)
[ "$GAMES" -gt 0 ] || die "no games ([Event tags) in $CORPUS"

TIME_BIN=
[ -x /usr/bin/time ] && /usr/bin/time -f %M -o /dev/null true 2>/dev/null && TIME_BIN=/usr/bin/time

RSS_FILE=$OUT/rss.$$
STATUS_FILE=$OUT/status.$$
trap 'rm -f "$RSS_FILE" "$STATUS_FILE"' EXIT
trap 'exit 130' INT TERM


# seconds_between START END: the difference of two EPOCHREALTIME readings.
seconds_between() {
	awk -v a="$1" -v b="$2" 'BEGIN { printf "%.4f", b - a }'
}

# better SECS BEST: whether SECS beats BEST, the fastest so far ("" when none).
better() {
	[ -z "$2" ] || awk -v a="$1" -v b="$2" 'BEGIN { exit !(a < b) }'
}

# The commands timed, by number: their names, the highest exit status that
# still means the tool did the work (pgnaudit check exits 1 when it finds
# errors, which a real corpus has), and run_command N.
# Command 5 is not a row of the table: two -j1 runs at once, each on the
# whole file, measure what the machine's two vCPUs give together - the most
# any -j2 could get (see "parallel ceiling" below).
NAMES=("pgnaudit check" "pgnaudit check (gzip)" "pgnaudit check -j2" "pgnaudit check -j2 (gzip)" "pgn-extract -r"
	"two pgnaudit check at once" "pgnaudit check (zstd)" "pgnaudit check -j2 (zstd)" "pgnaudit check (zip)" "pgnaudit check (annotated)"
	"pgnaudit check (clocks)" "pgnaudit check (collection ignored)" "pgnaudit check (copies only)")
MAX_OK=(1 1 1 1 0 1 1 1 1 1 1 1 1)
# The checks over all the games (issue 29): their codes, and the
# tournament's among them; every one ignored, the audit pays nothing for
# the collection, the tournament's ignored, it pays for the copies alone.
TOURNAMENT_CODES=paired-twice,self-paired,board-twice,date-outside-event,round-gap,name-variant,fide-id-conflict
TOURNAMENT_CODES=$TOURNAMENT_CODES,unmarked-forfeit,unplayed-with-moves,unfinished-in-round,pairing-without-game
TOURNAMENT_CODES=$TOURNAMENT_CODES,game-without-pairing,pairing-mismatch,forfeit-with-game,pairing-name-mismatch
COLLECTION_CODES=duplicate-game,twin-game,truncated-game,board-copy,$TOURNAMENT_CODES
run_command() {
	case $1 in
	0) "$PGNAUDIT" check -f jsonl -o /dev/null "$CORPUS" ;;
	1) "$PGNAUDIT" check -f jsonl -o /dev/null "$CORPUS_GZ" ;;
	2) "$PGNAUDIT" check -j 2 -f jsonl -o /dev/null "$CORPUS" ;;
	3) "$PGNAUDIT" check -j 2 -f jsonl -o /dev/null "$CORPUS_GZ" ;;
	4) "$PGN_EXTRACT" -r -s "$CORPUS" ;;
	5) two_at_once ;;
	6) "$PGNAUDIT" check -f jsonl -o /dev/null "$CORPUS_ZST" ;;
	7) "$PGNAUDIT" check -j 2 -f jsonl -o /dev/null "$CORPUS_ZST" ;;
	8) "$PGNAUDIT" check -f jsonl -o /dev/null "$CORPUS_ZIP" ;;
	9) "$PGNAUDIT" check -f jsonl -o /dev/null "$ANNOTATED" ;;
	10) "$PGNAUDIT" check -f jsonl -o /dev/null "$CLOCKS" ;;
	11) "$PGNAUDIT" check -f jsonl -o /dev/null --ignore "$COLLECTION_CODES" "$CORPUS" ;;
	12) "$PGNAUDIT" check -f jsonl -o /dev/null --ignore "$TOURNAMENT_CODES" "$CORPUS" ;;
	esac
}

# Two -j1 runs side by side; the status is the higher of the two.
two_at_once() {
	local a=0 b=0
	"$PGNAUDIT" check -f jsonl -o /dev/null "$CORPUS" &
	local first=$!
	"$PGNAUDIT" check -f jsonl -o /dev/null "$CORPUS" || b=$?
	wait "$first" || a=$?
	return $((a > b ? a : b))
}

# Each round runs every command once, in turn, so that the machine's ups
# and downs (another tenant, a slower vCPU) fall on all of them alike; the
# fastest of the RUNS times of a command counts.  The clock is read by the
# shell itself (EPOCHREALTIME) right before it starts the command and right
# after the command has ended, so a time counts starting the process and
# the process, not starting date or time.  An exit status above the
# command's MAX_OK means the tool failed, and the benchmark with it.
BEST=()
round=0
while [ "$round" -lt "$RUNS" ]; do
	round=$((round + 1))
	for i in 0 1 2 3 4 5 6 7 8 9 10 11 12; do
		status=0
		start=$EPOCHREALTIME
		run_command "$i" >/dev/null 2>&1 || status=$?
		end=$EPOCHREALTIME
		[ "$status" -le "${MAX_OK[$i]}" ] || die "${NAMES[$i]} failed with exit status $status"
		secs=$(seconds_between "$start" "$end")
		echo "bench: ${NAMES[$i]} run $round/$RUNS: ${secs}s" >&2
		if better "$secs" "${BEST[$i]:-}"; then
			BEST[$i]=$secs
		fi
	done
done

# The vCPUs' speeds: -j1 pinned to each of the first two, best of 3,
# interleaved.  -j2 runs on both, so when one is slower -j2 / -j1 falls
# with it (seen here: one vCPU 29% slower for part of a day).
PIN=()
if command -v taskset >/dev/null && [ "$(nproc)" -ge 2 ]; then
	for round in 1 2 3; do
		for cpu in 0 1; do
			start=$EPOCHREALTIME
			taskset -c "$cpu" "$PGNAUDIT" check -f jsonl -o /dev/null "$CORPUS" >/dev/null 2>&1 || true
			end=$EPOCHREALTIME
			secs=$(seconds_between "$start" "$end")
			if better "$secs" "${PIN[$cpu]:-}"; then
				PIN[$cpu]=$secs
			fi
		done
	done
fi

# Peak memory: one more run of each under GNU time (under sh -c, so that the
# command's exit status survives /usr/bin/time; $0 there is the status file).
RSS=()
if [ -n "$TIME_BIN" ]; then
	export PGNAUDIT PGN_EXTRACT CORPUS CORPUS_GZ CORPUS_ZST CORPUS_ZIP
	export -f run_command
	for i in 0 1 2 3 4 6 7 8; do
		"$TIME_BIN" -f %M -o "$RSS_FILE" bash -c 'run_command "$1" >/dev/null 2>&1; echo $? >"$0"' \
			"$STATUS_FILE" "$i"
		[ "$(cat "$STATUS_FILE")" -le "${MAX_OK[$i]}" ] || die "${NAMES[$i]} failed under $TIME_BIN"
		RSS[$i]=$(tail -n 1 "$RSS_FILE")
	done
fi
# Peak memory must not grow with the input (issue 4): -j1 and -j2 once
# more on BIG_COPIES copies of the file, built once (byte for byte the same
# games, so what differs is the size).
BIG=$OUT/corpus-big.pgn
BIG_RSS=()
if [ -n "$TIME_BIN" ] && [ "$BIG_COPIES" -gt 0 ]; then
	if [ "$(wc -c <"$BIG" 2>/dev/null || echo 0)" -ne $((BYTES * BIG_COPIES)) ]; then
		echo "bench: building $BIG ($BIG_COPIES copies) ..." >&2
		for _ in $(seq "$BIG_COPIES"); do cat "$CORPUS"; done >"$BIG.tmp"
		mv "$BIG.tmp" "$BIG"
	fi
	for jobs in 1 2; do
		"$TIME_BIN" -f %M -o "$RSS_FILE" bash -c '"$1" check -j "$2" -f jsonl -o /dev/null "$3" >/dev/null 2>&1; echo $? >"$0"' \
			"$STATUS_FILE" "$PGNAUDIT" "$jobs" "$BIG"
		[ "$(cat "$STATUS_FILE")" -le 1 ] || die "pgnaudit check -j$jobs failed on $BIG"
		BIG_RSS[$jobs]=$(tail -n 1 "$RSS_FILE")
	done
fi
PA_SECS=${BEST[0]} PZ_SECS=${BEST[1]} P2_SECS=${BEST[2]} PZ2_SECS=${BEST[3]} PE_SECS=${BEST[4]} TWO_SECS=${BEST[5]}
PS_SECS=${BEST[6]} PS2_SECS=${BEST[7]} PP_SECS=${BEST[8]} PN_SECS=${BEST[9]} PC_SECS=${BEST[10]}
PX_SECS=${BEST[11]} PD_SECS=${BEST[12]}
PA_RSS=${RSS[0]:-} PZ_RSS=${RSS[1]:-} P2_RSS=${RSS[2]:-} PZ2_RSS=${RSS[3]:-} PE_RSS=${RSS[4]:-}
PS_RSS=${RSS[6]:-} PS2_RSS=${RSS[7]:-} PP_RSS=${RSS[8]:-}

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
	-v pe="$PE_SECS" -v pe_rss="$PE_RSS" -v two="$TWO_SECS" \
	-v ps="$PS_SECS" -v ps_rss="$PS_RSS" -v ps2="$PS2_SECS" -v ps2_rss="$PS2_RSS" \
	-v pp="$PP_SECS" -v pp_rss="$PP_RSS" '
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
	row("pgnaudit check (.zst input)", ps, ps_rss)
	row("pgnaudit check -j2 (.zst input)", ps2, ps2_rss)
	row("pgnaudit check (.zip input)", pp, pp_rss)
	row("pgn-extract -r -s", pe, pe_rss)
	if (pa <= 0) pa = 0.001
	if (pz <= 0) pz = 0.001
	if (p2 <= 0) p2 = 0.001
	if (pz2 <= 0) pz2 = 0.001
	printf "\nthroughput ratio pgnaudit / pgn-extract: %.2f (plain, -j1), %.2f (gzip, -j1)\n", pe / pa, pe / pz
	printf "-j2 / -j1: %.2f; gzip -j2 / plain -j1: %.2f\n", pa / p2, pa / pz2
	if (ps <= 0) ps = 0.001
	if (ps2 <= 0) ps2 = 0.001
	printf "zstd: -j1 / plain -j1: %.2f, -j2 / plain -j2: %.2f (1 would be free inflating)\n", pa / ps, p2 / ps2
	if (pp <= 0) pp = 0.001
	printf "zip: -j1 / plain -j1: %.2f (libarchive loaded, the member inflated)\n", pa / pp
	printf "(above 1: pgnaudit is faster; MB/s and games/s count uncompressed bytes and [Event tags)\n"
	if (two <= 0) two = 0.001
	printf "parallel ceiling: two -j1 runs at once take %.4f s: the vCPUs do %.2f times the work of one\n", two, 2 * pa / two
	printf "  together, and -j2 / -j1 is %.0f%% of that\n", 100 * (pa / p2) / (2 * pa / two)
}'
awk -v bytes="$ANNOTATED_BYTES" -v secs="$PN_SECS" 'BEGIN {
	if (secs <= 0) secs = 0.001
	printf "annotated (%s, %.1f MB, 29%% of the moves in variations, every one replayed): %.4f s, %.1f MB/s\n",
		"bench/out/annotated.pgn", bytes / 1e6, secs, bytes / 1e6 / secs
}'
awk -v bytes="$CLOCKS_BYTES" -v secs="$PC_SECS" -v n="$CLOCK_READINGS" 'BEGIN {
	if (secs <= 0) secs = 0.001
	printf "clocks (%s, %.1f MB, %d clock readings, every one checked): %.4f s, %.1f MB/s\n",
		"bench/out/clocks.pgn", bytes / 1e6, n, secs, bytes / 1e6 / secs
}'
awk -v pa="$PA_SECS" -v px="$PX_SECS" -v pd="$PD_SECS" 'BEGIN {
	if (px <= 0) px = 0.001
	printf "checks over all the games: -j1 with them / with their codes ignored %.3f; the copies alone (the\n", pa / px
	printf "  tournament'"'"'s codes ignored) %.3f; with every one ignored %.4f s\n", pd / px, px
}'
if [ -n "${BIG_RSS[2]:-}" ]; then
	awk -v n="$BIG_COPIES" -v big=$((BYTES * BIG_COPIES)) -v b1="${BIG_RSS[1]}" -v b2="${BIG_RSS[2]}" \
		-v s1="$PA_RSS" -v s2="$P2_RSS" 'BEGIN {
		printf "peak memory on %d copies (%.0f MB): -j1 %.1f MiB, -j2 %.1f MiB (on the file itself %.1f and %.1f)\n",
			n, big / 1e6, b1 / 1024, b2 / 1024, s1 / 1024, s2 / 1024
	}'
fi
if [ -n "${PIN[1]:-}" ]; then
	awk -v a="${PIN[0]}" -v b="${PIN[1]}" 'BEGIN {
		fast = a < b ? a : b; slow = a < b ? b : a
		printf "vCPUs: -j1 pinned to cpu0 %.4f s, to cpu1 %.4f s (the slower %.0f%% slower)\n", a, b, 100 * (slow / fast - 1)
	}'
fi
