#!/bin/sh
# perft_full.sh - every depth of the perft suites, through the pgnaudit binary.
#
# The unit test (tests/test_movegen.c) runs only the shallow depths so that
# `make test` stays fast; this script runs every depth listed on every line of
# standard.epd (about 4.8 G leaf nodes) and the first depths of the Chess960
# suite fischer.epd, through `pgnaudit perft`, so that the command a user runs
# is the one checked.  Each line of a suite is "FEN ;D1 n ;D2 n ...".
#
# Environment:
#   PGNAUDIT          the binary (default ./pgnaudit)
#   PERFT_DIR         folder of standard.epd and fischer.epd (default testdata/perft)
#   PERFT_960_DEPTH   deepest depth run from fischer.epd (default 4; 0 skips it)
#
# Exit status: 0 when every count matches, 1 on any mismatch, 2 when the
# binary or a suite is missing.

set -u

pgnaudit=${PGNAUDIT:-./pgnaudit}
dir=${PERFT_DIR:-testdata/perft}
depth_960=${PERFT_960_DEPTH:-4}

checks=0
mismatches=0
nodes=0

if [ ! -x "$pgnaudit" ]; then
	echo "perft_full.sh: $pgnaudit is missing; run make first" >&2
	exit 2
fi

# check FEN DEPTH EXPECTED [OPTION]: one perft run against its expected count.
check() {
	checks=$((checks + 1))
	got=$("$pgnaudit" perft ${4:+"$4"} "$1" "$2" 2>&1 | tail -n 1)
	if [ "$got" = "$3" ]; then
		nodes=$((nodes + got))
	else
		mismatches=$((mismatches + 1))
		echo "MISMATCH: pgnaudit perft ${4:+$4 }\"$1\" $2: got '$got', expected $3"
	fi
}

# suite FILE MAX_DEPTH [OPTION]: every depth up to MAX_DEPTH of every line.
suite() {
	file=$1 max_depth=$2 option=${3:-}
	if [ ! -r "$dir/$file" ]; then
		echo "perft_full.sh: $dir/$file is missing; set PERFT_DIR" >&2
		exit 2
	fi
	before=$mismatches
	lines=0
	# The last line of a suite may lack its newline; read it all the same.
	while IFS= read -r line || [ -n "$line" ]; do
		case $line in
		*\;*) ;;
		*) continue ;;
		esac
		lines=$((lines + 1))
		fen=${line%%;*}
		fen=${fen% }
		# The fields ";D1 20 ;D2 400" become the arguments D1 20 D2 400:
		# word splitting is wanted here, globbing is not.
		set -f
		# shellcheck disable=SC2046
		set -- $(printf '%s\n' "${line#*;}" | tr ';' ' ')
		set +f
		while [ $# -ge 2 ]; do
			if [ "${1#D}" -le "$max_depth" ]; then
				check "$fen" "${1#D}" "$2" "$option"
			fi
			shift 2
		done
	done <"$dir/$file"
	echo "$file: $lines lines, $((mismatches - before)) mismatches"
}

start=$(date +%s)
suite standard.epd 99
if [ "$depth_960" -gt 0 ]; then
	suite fischer.epd "$depth_960" --chess960
fi
elapsed=$(($(date +%s) - start))

echo "perft: $checks counts checked, $mismatches mismatches, $nodes leaf nodes in ${elapsed}s"
[ "$mismatches" -eq 0 ]
