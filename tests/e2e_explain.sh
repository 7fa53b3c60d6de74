#!/bin/sh
# e2e_explain.sh - `pgnaudit explain` as a user runs it.
#
# For every code of `pgnaudit check --help`: its example, piped into check,
# is reported under that code (and nothing else, but where the entry says
# why), each finding of it cites a rule the explanation lists, under the
# 2023 Laws and, with --rules fide2005, the 2005 article it gives in
# brackets; what the explanation shows as check's output is check's
# output.  Then the listing without a code, codes in any case, a code that
# is none (exit 2, did you mean), -f jsonl, and --help / --version.  Run
# from the repository root: `make e2e`.
set -u
BIN=./pgnaudit
TMP=$(mktemp -d "${TMPDIR:-/tmp}/pgnaudit-explain.XXXXXX")
trap 'rm -rf "$TMP"' EXIT INT TERM
. tests/e2e_lib.sh

# The codes and default severities as check --help lists them (the lines
# under a code that start with a severity are its other severities).
"$BIN" check --help | awk '/^Codes/ { on = 1; next } /^Exit status/ { on = 0 }
	on && NF >= 2 && $1 !~ /^(error|warning|info)$/ { print $1, $2 }' >"$TMP/catalogue"
codes=$(cut -d' ' -f1 "$TMP/catalogue")
count=$(wc -l <"$TMP/catalogue")
expect_true "check --help lists the codes ($count)" -- test "$count" -ge 28

# The codes of a JSON Lines output, one a line (the records of counts left out).
codes_of() { grep -v '"record"' "$1" | sed 's/.*"code":"\([^"]*\)".*/\1/'; }
# The rules cited by the findings of code $2 in $1, one a line.
rules_of() { grep "\"code\":\"$2\"" "$1" | sed -n 's/.*"rule":"\([^"]*\)".*/\1/p' | sort -u; }

# The options check needs for the example of a code (explain names them):
# the codes of --trf are checked against the report explain --example-trf
# prints, which explain calls FILE.
options_of() {
	case $1 in
	repeated-illegal-move | king-left-in-check | king-captured) echo --play-illegal ;;
	pairing-* | game-without-pairing | forfeit-with-game)
		"$BIN" explain --example-trf "$1" >"$TMP/$1.trf" && echo "--trf $TMP/$1.trf" ;;
	esac
}
# The codes found over the whole run (the collection's: copies, the
# tournament, --trf): from duplicate-game on in the catalogue.  Their
# examples are several games each, which one file of every example mixes.
collection_codes=$(sed -n '/^duplicate-game /,$p' "$TMP/catalogue" | cut -d' ' -f1)
expect_true "check --help lists the collection's codes" -- test -n "$collection_codes"

# 1. Every example is reported under its code, citing what explain lists.
for code in $codes; do
	expect_status 0 "explain $code --example" -- "$BIN" explain "$code" --example
	cp "$TMP/out" "$TMP/$code.pgn"
	opts=$(options_of "$code")
	# shellcheck disable=SC2086 # none or one word
	"$BIN" check -q $opts -f jsonl "$TMP/$code.pgn" >"$TMP/$code.jsonl" 2>"$TMP/err"
	codes_of "$TMP/$code.jsonl" | sort -u >"$TMP/$code.codes"
	expect_grep "^$code\$" "$TMP/$code.codes" "the example of $code is reported under $code"
	# Only its own code: a fivefold repetition passes a threefold one,
	# whose missed claims automatic-draw's explanation names.
	case $code in
	automatic-draw) printf '%s\n' automatic-draw missed-threefold >"$TMP/want.codes" ;;
	# After the illegal move that stood, which is reported too.
	repeated-illegal-move) printf '%s\n' illegal-move king-left-in-check repeated-illegal-move >"$TMP/want.codes" ;;
	king-left-in-check | king-captured) printf '%s\n' illegal-move "$code" >"$TMP/want.codes" ;;
	*) printf '%s\n' "$code" >"$TMP/want.codes" ;;
	esac
	expect_same "$TMP/want.codes" "$TMP/$code.codes" "the example of $code gives findings of $code alone"
	"$BIN" explain "$code" >"$TMP/$code.txt"
	rules_of "$TMP/$code.jsonl" "$code" >"$TMP/$code.rules"
	if [ "$code" = unsupported-variant ]; then
		expect_true "unsupported-variant cites no rule" -- test ! -s "$TMP/$code.rules"
		expect_grep "^Rules cited: none" "$TMP/$code.txt" "explain unsupported-variant says it cites none"
	fi
	while read -r rule; do
		expect_grep "^  $rule\( \[\|\$\)" "$TMP/$code.txt" "explain $code lists the rule $rule its example cites"
	done <"$TMP/$code.rules"
	# Under the 2005 Laws: the article in brackets; no automatic draws.
	# shellcheck disable=SC2086 # none or one word
	"$BIN" check -q $opts -f jsonl --rules fide2005 "$TMP/$code.pgn" >"$TMP/$code.2005.jsonl" 2>"$TMP/err"
	rules_of "$TMP/$code.2005.jsonl" "$code" >"$TMP/$code.2005.rules"
	if [ "$code" = automatic-draw ]; then
		expect_no_grep '"code":"automatic-draw"' "$TMP/$code.2005.jsonl" "no automatic draw under the 2005 Laws"
		expect_grep "\[not in the 2005 Laws" "$TMP/$code.txt" "explain automatic-draw says 9.6 is not in the 2005 Laws"
	fi
	while read -r rule; do
		case $rule in
		"FIDE 2005 "*) expect_grep "^  FIDE [0-9C.]* \[$rule\]\$" "$TMP/$code.txt" "explain $code gives $rule for the 2005 Laws" ;;
		*) expect_grep "^  $rule\$" "$TMP/$code.txt" "explain $code lists $rule, cited alike under the 2005 Laws" ;;
		esac
	done <"$TMP/$code.2005.rules"
	# What explain shows as check's output is what check prints.
	# shellcheck disable=SC2086 # none or one word
	"$BIN" check -q $opts <"$TMP/$code.pgn" | sed "s|$TMP/$code.trf|FILE|; s/^/  /" >"$TMP/$code.check"
	sed -n '/^What `pgnaudit explain .* --example | pgnaudit check.*` prints:$/,/^$/p' "$TMP/$code.txt" |
		sed '1d;$d' >"$TMP/$code.shown"
	expect_same "$TMP/$code.check" "$TMP/$code.shown" "explain $code shows what check prints for its example"
	for section in "^$code: " "^Severity: " "^What it reports:" "^Example (pgnaudit explain $code --example):" "^What to do:"; do
		expect_grep "$section" "$TMP/$code.txt" "explain $code has '$section'"
	done
done

# 2. Without a code: the catalogue, one code a line, in check's order,
#    with each code's default severity.
expect_status 0 "explain without a code" -- "$BIN" explain
awk '{ print $1, $2 }' "$TMP/out" >"$TMP/listed"
expect_same "$TMP/catalogue" "$TMP/listed" "explain lists every code of check --help with its severity, in order"
expect_true "explain's listing has the summaries" -- test "$(awk 'NF >= 3' "$TMP/out" | wc -l)" = "$count"

# 3. Codes in any case; several codes.
"$BIN" explain illegal-move >"$TMP/lower"
expect_status 0 "explain ILLEGAL-Move" -- "$BIN" explain ILLEGAL-Move
expect_same "$TMP/lower" "$TMP/out" "a code in capitals is the same code"
expect_status 0 "explain Mate-Mark --example" -- "$BIN" explain Mate-Mark --example
expect_same "$TMP/mate-mark.pgn" "$TMP/out" "--example takes a code in any case"
expect_status 0 "explain --example of two codes" -- "$BIN" explain --example check-mark capture-mark
"$BIN" check -q -f jsonl "$TMP/out" >"$TMP/two.jsonl"
codes_of "$TMP/two.jsonl" >"$TMP/two.codes"
printf '%s\n' check-mark capture-mark >"$TMP/two.want"
expect_same "$TMP/two.want" "$TMP/two.codes" "two examples are two games, each reported under its code"
# Every example of a game alone in one file (pgnaudit-explain(1),
# EXAMPLES): a game each, each code reported.
game_codes=$(sed '/^duplicate-game /,$d' "$TMP/catalogue" | cut -d' ' -f1)
game_count=$(echo "$game_codes" | wc -l)
# shellcheck disable=SC2086 # the codes are words
"$BIN" explain --example $game_codes >"$TMP/every.pgn"
"$BIN" check -q --play-illegal -f jsonl --ignore "$(echo $collection_codes | tr ' ' ,)" "$TMP/every.pgn" >"$TMP/every.jsonl"
expect_grep "\"games\":$game_count," "$TMP/every.jsonl" "every example in one file: one game a code"
codes_of "$TMP/every.jsonl" | sort -u >"$TMP/every.codes"
echo "$game_codes" | sort >"$TMP/every.want"
expect_same "$TMP/every.want" "$TMP/every.codes" "every example in one file: every code reported"
# --example-trf: the report of a --trf code's example, none for others.
expect_status 0 "explain --example-trf pairing-mismatch" -- "$BIN" explain --example-trf pairing-mismatch
expect_grep "^001    1 " "$TMP/out" "--example-trf prints a TRF"
expect_status 2 "explain --example-trf illegal-move" -- "$BIN" explain --example-trf illegal-move
expect_grep "checked against no tournament report" "$TMP/err" "--example-trf of a code without one says so"

# 4. A code that is none: one line saying so, with the likely code, and
#    the pointer to --help; exit 2, nothing on standard output.
expect_status 2 "explain ilegal-move" -- "$BIN" explain ilegal-move
expect_grep "^pgnaudit: 'ilegal-move' is not a check code; did you mean illegal-move?\$" "$TMP/err" "a misspelt code: did you mean"
expect_grep "^pgnaudit: see 'pgnaudit explain --help'\$" "$TMP/err" "a misspelt code points to --help"
expect_true "a misspelt code: two lines on standard error" -- test "$(wc -l <"$TMP/err")" = 2
expect_true "a misspelt code: nothing on standard output" -- test ! -s "$TMP/out"
expect_status 2 "explain MATE-MARKS" -- "$BIN" explain MATE-MARKS
expect_grep "did you mean mate-mark?" "$TMP/err" "did you mean, whatever the case"
expect_status 2 "explain frobnicate" -- "$BIN" explain frobnicate
expect_grep "^pgnaudit: 'frobnicate' is not a check code; \`pgnaudit explain\` lists them\$" "$TMP/err" "a code far from any: no guess"
expect_status 2 "explain a code among good ones" -- "$BIN" explain illegal-move nonsuch-code
expect_true "nothing is explained when one code is none" -- test ! -s "$TMP/out"

# 5. -f jsonl: one object a code, the fields explain prints.
expect_status 0 "explain -f jsonl" -- "$BIN" explain -f jsonl
expect_true "explain -f jsonl: one line a code" -- test "$(wc -l <"$TMP/out")" = "$count"
if command -v python3 >/dev/null; then
	cp "$TMP/out" "$TMP/all.jsonl"
	python3 - "$TMP/all.jsonl" "$TMP/catalogue" "$TMP" >"$TMP/py" 2>&1 <<'EOF'
import json, sys
lines = open(sys.argv[1], encoding="utf-8").read().splitlines()
catalogue = [l.split() for l in open(sys.argv[2]).read().splitlines()]
problems = []
for line, (code, severity) in zip(lines, catalogue):
    o = json.loads(line)
    if (o["code"], o["severity"]) != (code, severity):
        problems.append("%s: %s %s" % (code, o["code"], o["severity"]))
    if code in ("pairing-without-game", "game-without-pairing", "pairing-mismatch", "forfeit-with-game",
                "pairing-name-mismatch") and "example_trf" not in o:
        problems.append("%s: no example_trf" % code)
    for key in ("summary", "description", "rules", "example", "advice", "also"):
        if key not in o:
            problems.append("%s: no %s" % (code, key))
    for r in o["rules"]:
        if r["rule"].startswith("FIDE ") and "rule_fide2005" in r and not r["rule_fide2005"].startswith("FIDE 2005 "):
            problems.append("%s: %s" % (code, r))
    if code != "encoding":
        example = open("%s/%s.pgn" % (sys.argv[3], code), encoding="utf-8").read()
        if o["example"] != example:
            problems.append("%s: the example differs from --example" % code)
print("\n".join(problems) or "ok")
EOF
	expect_grep "^ok\$" "$TMP/py" "explain -f jsonl: valid JSON, the codes, severities, fields and examples of explain"
fi
expect_status 0 "explain -f json wrong-result" -- "$BIN" explain -f json wrong-result
expect_grep '^{"code":"wrong-result","severity":"error","also":\[{"severity":"warning"' "$TMP/out" "-f json is jsonl, for one code"

# 6. Usage: --help, --version, help explain, options that do not go together.
expect_status 0 "explain --help" -- "$BIN" explain --help
expect_grep "^usage: pgnaudit explain" "$TMP/out" "explain --help prints the usage"
expect_status 0 "help explain" -- "$BIN" help explain
expect_grep "^usage: pgnaudit explain" "$TMP/out" "pgnaudit help explain prints the usage"
expect_status 0 "explain --version" -- "$BIN" explain --version
expect_grep "^pgnaudit [0-9][0-9.]*\$" "$TMP/out" "explain --version prints the version"
expect_status 0 "pgnaudit --help" -- "$BIN" --help
expect_grep "^  explain " "$TMP/out" "pgnaudit --help lists explain"
for bad in "--frobnicate" "--example" "-f xml" "-f jsonl --example illegal-move"; do
	# shellcheck disable=SC2086 # the options are words
	expect_status 2 "explain $bad" -- "$BIN" explain $bad
	expect_grep "^pgnaudit: see 'pgnaudit explain --help'\$" "$TMP/err" "explain $bad points to --help"
done

echo "e2e_explain: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
