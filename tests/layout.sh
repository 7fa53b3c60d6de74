#!/bin/sh
# layout.sh - the dependencies between the folders go one way (README, "How
# it is built"): the rules of chess (validator/chess) know nothing of games,
# findings, reports or commands; the audit (validator/audit) nothing of
# reports or commands; the library (util, parser, validator, reports)
# nothing of cli; util nothing of anything.  An #include that points the
# other way fails this test.  Run from the repository root: `make e2e`.
set -u
failed=0
# forbid FOLDER PATTERN WHY: no file of FOLDER includes a header matching PATTERN.
forbid() {
	hits=$(grep -n "^#include \"$2" "$1"/*.c "$1"/*.h 2>/dev/null)
	if [ -n "$hits" ]; then
		echo "FAIL: $1 must not include $2: $3"
		echo "$hits" | sed 's/^/    /'
		failed=$((failed + 1))
	fi
}
forbid validator/chess 'validator/audit/' "the rules of chess do not know the audit"
forbid validator/chess 'parser/pgn\.h' "the rules of chess do not know games"
forbid validator/chess 'reports/' "the rules of chess do not know reports"
forbid validator/audit 'reports/' "the audit does not know reports"
for lib in util parser validator/chess validator/audit reports; do
	forbid "$lib" 'cli/' "the library does not know the commands"
done
forbid util 'parser/\|validator/\|reports/' "util is below everything"
forbid parser 'validator/audit/\|reports/' "the reader does not know the audit"
[ "$failed" -eq 0 ] && echo "layout: the folders depend one way"
[ "$failed" -eq 0 ]
