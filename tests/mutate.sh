#!/bin/sh
# mutate.sh [COUNT [SEED [FILE...]]] - mutation testing: do the tests notice
# when the code is wrong?
#
# Draws COUNT single-token mutants (default 40, SEED default 1) from FILEs
# (default: the rules core and the check passes) with tests/mutants.py -
# a comparison or a logical operator turned round, a constant off by one, a
# negation dropped, a return value flipped - and for each one builds the
# project with the mutant in a copy of the tree (-O1, no profile) and runs
# the unit tests, then tests/e2e.sh, e2e_lang.sh and e2e_fixsplit.sh, until
# one fails.  A mutant that no test notices "survived": either a test is
# missing, or the mutant does not change what the program does (a bound
# that is never reached, a quick path that falls back on the full one).
# Prints one line a mutant and the survivors again at the end; JOBS copies
# work side by side (default: nproc).  Not part of `make test`: a mutant
# takes 15-40 s on the project's 2-core machine.  Exit status 0 when it
# ran, whatever survived; 2 on a usage or build error.
set -eu

ROOT=$(cd "$(dirname "$0")/.." && pwd)
COUNT=${1:-40}
SEED=${2:-1}
[ $# -gt 0 ] && shift
[ $# -gt 0 ] && shift
case "$COUNT$SEED" in *[!0-9]* | '') echo "usage: tests/mutate.sh [COUNT [SEED [FILE...]]]" >&2; exit 2 ;; esac
if [ $# -eq 0 ]; then
	set -- validator/chess/makemove.c validator/chess/attacks.c validator/chess/movegen.c validator/audit/record.c \
		validator/chess/unwinnable.c validator/chess/helpmate.c validator/audit/check_results.c validator/audit/check_claims.c \
		validator/audit/check_notation.c validator/audit/check_tags.c validator/chess/notation.c validator/chess/fen.c \
		parser/san.c validator/audit/audit.c validator/audit/citations.c
fi
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 2)}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/pgnaudit-mutate.XXXXXX")
trap 'rm -rf "$WORK"' EXIT INT TERM

cd "$ROOT"
python3 tests/mutants.py "$COUNT" "$SEED" "$@" >"$WORK/mutants" || exit 2
TEST_BIN=$(ls tests/test_*.c | sed 's|^tests/\(.*\)\.c$|tests/bin/\1|')

# Runs every test in the current tree until one fails, its output in $1;
# prints the one that failed and returns 1, or returns 0.
run_tests() {
	for t in $TEST_BIN "sh tests/e2e.sh" "sh tests/e2e_lang.sh" "sh tests/e2e_fixsplit.sh"; do
		# shellcheck disable=SC2086 # a test is a command and its words
		timeout 300 $t >"$1" 2>&1 || { echo "${t#sh }"; return 1; }
	done
}

# The tree as it is now, copied once, built and tested without a mutant:
# a test that fails already would "kill" every mutant.  Then one copy of
# it per worker.
mkdir -p "$WORK/tree"
git ls-files -z | xargs -0 tar cf - | (cd "$WORK/tree" && tar xf -)
cd "$WORK/tree"
# shellcheck disable=SC2086 # TEST_BIN is a list of words
make CFLAGS="-O1 -g" PGO=0 JOBS="$JOBS" -j"$JOBS" pgnaudit $TEST_BIN >build.log 2>&1 || {
	echo "mutate.sh: the tree does not build without a mutant:" >&2
	cat build.log >&2
	exit 2
}
failing=$(run_tests test.log) || {
	echo "mutate.sh: $failing fails without a mutant; fix that first:" >&2
	tail -20 test.log >&2
	exit 2
}
cd "$ROOT"
for w in $(seq "$JOBS"); do
	cp -a "$WORK/tree" "$WORK/$w"
done

# worker W: every JOBS-th mutant from the W-th on.
worker() {
	w=$1
	cd "$WORK/$w"
	n=0
	while IFS= read -r mutant; do
		n=$((n + 1))
		[ $(((n - 1) % JOBS)) -eq $((w - 1)) ] || continue
		# The file kept as FILE.orig, the mutant written in its place.
		file=$(python3 -c '
import json, shutil, sys
m = json.loads(sys.argv[1]); shutil.copyfile(m["file"], m["file"] + ".orig")
lines = open(m["file"]).read().split("\n"); lines[m["line"] - 1] = m["new"]
open(m["file"], "w").write("\n".join(lines)); print(m["file"])' "$mutant")
		verdict=survived by=
		# shellcheck disable=SC2086
		if ! make CFLAGS="-O1 -g" PGO=0 JOBS=1 pgnaudit $TEST_BIN >build.log 2>&1; then
			verdict="did-not-build"
		elif ! failing=$(run_tests /dev/null); then
			verdict=killed by=" by $failing"
		fi
		mv "$file.orig" "$file"
		touch "$file"
		python3 -c '
import json, sys
m = json.loads(sys.argv[1])
print("%s %d %s:%d%s: %s  ->  %s" % (sys.argv[2], int(sys.argv[3]), m["file"], m["line"], sys.argv[4], m["old"].strip(), m["new"].strip()))' \
			"$mutant" "$verdict" "$n" "$by" | tee -a "$WORK/verdicts"
	done <"$WORK/mutants"
}

for w in $(seq "$JOBS"); do
	worker "$w" &
done
wait

total=$(wc -l <"$WORK/mutants")
killed=$(grep -c '^killed' "$WORK/verdicts" || true)
survived=$(grep -c '^survived' "$WORK/verdicts" || true)
echo "mutate.sh: $total mutants (seed $SEED): $killed killed, $survived survived, $((total - killed - survived)) did not build"
if [ "$survived" -gt 0 ]; then
	echo "survivors (a missing test, or no change in behaviour):"
	grep '^survived' "$WORK/verdicts" | sort -k2,2n | sed 's/^survived [0-9]* /  /'
fi
