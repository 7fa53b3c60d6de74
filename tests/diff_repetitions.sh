#!/bin/sh
# diff_repetitions.sh [GAMES [SEED]] - the differential tests on games made
# to repeat positions (tests/gen_repetitions.py: shuffling pieces, double
# steps, castling rights walked away, recorded claims right and wrong),
# where real games give the claim rules little to chew on.  Needs
# python-chess (PYTHONPATH, as for diff_python_chess.py); skips without it.
set -eu
GAMES=${1:-1000}
SEED=${2:-1}
cd "$(dirname "$0")/.."
if ! python3 -c 'import chess' 2>/dev/null; then
	echo "diff_repetitions.sh: python-chess is not importable (PYTHONPATH); skipping the repetition games"
	exit 0
fi
TMP=$(mktemp -d "${TMPDIR:-/tmp}/pgnaudit-reps.XXXXXX")
trap 'rm -rf "$TMP"' EXIT INT TERM
python3 tests/gen_repetitions.py --games "$GAMES" --seed "$SEED" >"$TMP/games.pgn"
echo "diff_repetitions.sh: $GAMES games (seed $SEED)"
python3 tests/diff_python_chess.py "$TMP/games.pgn" >"$TMP/positions.log" 2>&1 || {
	cat "$TMP/positions.log"
	exit 1
}
python3 tests/diff_python_chess_rules.py "$TMP/games.pgn" >"$TMP/rules.log" 2>&1 || {
	cat "$TMP/rules.log"
	exit 1
}
grep -E '^games compared|^  agree|^failures' "$TMP/positions.log" | sed 's/^/  positions: /'
grep -E 'missed claims|recorded .* claims|final positions' "$TMP/rules.log" | sed 's/^ */  claims: /'
echo "diff_repetitions.sh: OK"
