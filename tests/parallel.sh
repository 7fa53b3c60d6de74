#!/bin/sh
# parallel.sh COMMAND... - runs each COMMAND (one argument, a line for sh)
# with JOBS of them at once (default: the number of processors), then prints
# each one's output, in the order given, under a "== COMMAND" line, as the
# unit target printed them one after another.  A line on standard error
# says when each one ends.  Exit status 1 when any command failed (every
# command runs all the same, and the failed ones are listed at the end),
# else 0.  `make unit` and `make e2e` (so also `make test` and `make
# sanitize`) run their tests through it: they are independent programs, and
# under the sanitizers the e2e scripts take a third less time two at a time.
set -u

[ $# -ge 1 ] || {
	echo "usage: tests/parallel.sh COMMAND..." >&2
	exit 2
}
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 2)}
case $JOBS in '' | *[!0-9]* | 0) JOBS=2 ;; esac

TMP=$(mktemp -d "${TMPDIR:-/tmp}/pgnaudit-parallel.XXXXXX") || exit 1
trap 'rm -rf "$TMP"' EXIT
trap 'exit 130' INT TERM

n=0
for cmd in "$@"; do
	n=$((n + 1))
	printf '%s\n' "$cmd" >"$TMP/$n.cmd"
done

# Each job: its output and its exit status into files named by its number.
# xargs's own status is not used: the status files say what failed.
# shellcheck disable=SC2016 # expanded by the inner sh
seq 1 "$n" | xargs -P "$JOBS" -I{} sh -c '
	dir=$1 k=$2
	cmd=$(cat "$dir/$k.cmd")
	start=$(date +%s)
	sh -c "$cmd" >"$dir/$k.out" 2>&1
	status=$?
	echo "$status" >"$dir/$k.status"
	echo "parallel: $cmd: exit status $status after $(( $(date +%s) - start )) s" >&2
' sh "$TMP" {}

failed=0
k=0
while [ "$k" -lt "$n" ]; do
	k=$((k + 1))
	cmd=$(cat "$TMP/$k.cmd")
	echo "== $cmd"
	cat "$TMP/$k.out" 2>/dev/null
	status=$(cat "$TMP/$k.status" 2>/dev/null || echo "none")
	if [ "$status" != 0 ]; then
		failed=$((failed + 1))
		printf '  %s (exit status %s)\n' "$cmd" "$status" >>"$TMP/failed"
	fi
done
if [ "$failed" -gt 0 ]; then
	echo "parallel: $failed of $n failed:" >&2
	cat "$TMP/failed" >&2
	exit 1
fi
exit 0
