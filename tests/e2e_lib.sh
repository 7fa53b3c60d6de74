# e2e_lib.sh - what the end-to-end scripts share: counting and the expect_*
# checks.  Sourced from the repository root (`. tests/e2e_lib.sh`) after the
# script has made $TMP; each check counts one pass or prints FAIL and counts
# one failure, and the script ends by reporting $passed and $failed.
passed=0
failed=0

ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL: $*"; }
# expect_status WANT DESCRIPTION -- command...  (output in $TMP/out, $TMP/err)
expect_status() {
	want=$1 what=$2
	shift 3
	"$@" >"$TMP/out" 2>"$TMP/err"
	got=$?
	if [ "$got" = "$want" ]; then ok; else bad "$what: exit $got, wanted $want"; sed 's/^/    /' "$TMP/err" | head -5; fi
}
expect_grep() { # PATTERN FILE DESCRIPTION
	if grep -q -- "$1" "$2"; then ok; else bad "$3: no line matching '$1' in $2"; sed 's/^/    /' "$2" | head -5; fi
}
expect_no_grep() { # PATTERN FILE DESCRIPTION
	if grep -q -- "$1" "$2"; then bad "$3: unexpected '$1'"; else ok; fi
}
expect_same() { # FILE1 FILE2 DESCRIPTION
	if cmp -s "$1" "$2"; then ok; else bad "$3"; diff "$1" "$2" | head -20 | sed 's/^/    /'; fi
}
expect_true() { # DESCRIPTION -- command...
	what=$1
	shift 2
	if "$@"; then ok; else bad "$what"; fi
}
