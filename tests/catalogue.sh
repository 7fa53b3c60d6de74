#!/bin/sh
# catalogue.sh - the four lists of checks agree: the one the program prints
# (`pgnaudit check --help`, from validator/audit/finding.c), the CHECKS
# section of the man page, the table of README.md ("What is checked") and
# docs/CATALOGUE.md.
#
#   sh tests/catalogue.sh [PGNAUDIT [MANPAGE [README [CATALOGUE]]]]
#
# The paths default to the repository's, so that a deliberately altered copy
# of any one of them can be checked instead.  What must agree:
#   - the codes, each listed once, and each code's default severity (the
#     first severity a document names for it), in all four;
#   - every severity a code can be reported at, in all four (the program
#     prints the others on the lines under a code's);
#   - the order, between the program and the catalogue file (finding.h keeps
#     the codes in the catalogue's order);
#   - the rule cited, between the man page and the catalogue file.
# Exit status 0 when they agree, 1 with the differences printed when not.
set -u

bin=${1:-./pgnaudit}
man=${2:-man/pgnaudit-check.1}
readme=${3:-README.md}
catalogue=${4:-docs/CATALOGUE.md}

for f in "$man" "$readme" "$catalogue"; do
	[ -r "$f" ] || { echo "catalogue.sh: cannot read $f" >&2; exit 1; }
done
[ -x "$bin" ] || { echo "catalogue.sh: $bin is not an executable; run make first" >&2; exit 1; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/catalogue.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' HUP INT TERM

# Severity words of a text, in order, joined by commas: "error, warning or
# info" gives error,warning,info.
SEVERITIES='
function severities(text,    n, i, w, out, words) {
	n = split(text, words, /[^a-z]+/)
	out = ""
	for (i = 1; i <= n; i++) {
		w = words[i]
		if (w == "error" || w == "warning" || w == "info")
			out = out (out == "" ? "" : ",") w
	}
	return out
}
function trim(s) { gsub(/^[ \t]+|[ \t]+$/, "", s); gsub(/[ \t]+/, " ", s); return s }
'

# Each extraction writes one line per code: code, default severity, every
# severity (sorted, unique), rule; separated by tabs.
normalise() {
	awk -F '\t' '{
		n = split($2, s, ",")
		for (i = 1; i <= n; i++) seen[s[i]] = 1
		all = ""
		split("error warning info", order, " ")
		for (i = 1; i <= 3; i++) if (order[i] in seen) all = all (all == "" ? "" : ",") order[i]
		split("", seen)
		print $1 "\t" s[1] "\t" all "\t" $3
	}'
}

"$bin" check --help >"$tmp/help" 2>&1 || { echo "catalogue.sh: $bin check --help failed" >&2; exit 1; }
# A code's line gives its default; the lines below it that start with a
# severity give the others it comes at ("warning  when the result is *").
awk '/^Codes/ { on = 1; next } /^Exit status/ { on = 0 }
	on && NF >= 2 && $1 !~ /^(error|warning|info)$/ { if (code != "") print code "\t" sevs "\t"; code = $1; sevs = $2; next }
	on && NF >= 2 { sevs = sevs "," $1 }
	END { if (code != "") print code "\t" sevs "\t" }' \
	"$tmp/help" | normalise >"$tmp/program"

awk "$SEVERITIES"'
	/^\.Sh / { on = ($2 == "CHECKS"); next }
	on && /^\.It Cm [a-z-]+ Pq / {
		code = $3
		rest = $0; sub(/^\.It Cm [a-z-]+ Pq /, "", rest)
		rule = ""
		if (index(rest, " ; ")) { rule = substr(rest, index(rest, " ; ") + 3); rest = substr(rest, 1, index(rest, " ; ") - 1) }
		print code "\t" severities(rest) "\t" trim(rule)
	}' "$man" | normalise >"$tmp/man"

# A table row whose first cell is a code in backquotes.
ROW='
function row(line, want_rule,    cells, code, rule) {
	split(line, cells, "|")
	code = trim(cells[2]); gsub(/`/, "", code)
	if (code !~ /^[a-z][a-z-]*$/) return
	rule = want_rule ? trim(cells[5]) : ""
	if (rule ~ /^none/) rule = ""
	print code "\t" severities(cells[3]) "\t" rule
}
'
awk "$SEVERITIES$ROW"'
	/^## / { on = ($0 ~ /^## What is checked/); next }
	on && /^\| *`[a-z-]+` *\|/ { row($0, 0) }' "$readme" | normalise >"$tmp/readme"
awk "$SEVERITIES$ROW"'
	/^\| *`[a-z-]+` *\|/ { row($0, 1) }' "$catalogue" | normalise >"$tmp/catalogue"

status=0
fail() { echo "catalogue.sh: $*"; status=1; }

count=$(wc -l <"$tmp/program")
[ "$count" -gt 0 ] || fail "$bin check --help lists no codes"

for src in program man readme catalogue; do
	dups=$(cut -f1 "$tmp/$src" | sort | uniq -d)
	[ -z "$dups" ] || fail "$src lists more than once: $dups"
	cut -f1,2 "$tmp/$src" | sort >"$tmp/$src.defaults"
	cut -f1,3 "$tmp/$src" | sort >"$tmp/$src.all"
done

# Codes and default severities: everything against the program.
for src in man readme catalogue; do
	case $src in man) path=$man ;; readme) path=$readme ;; catalogue) path=$catalogue ;; esac
	if ! diff "$tmp/program.defaults" "$tmp/$src.defaults" >"$tmp/diff"; then
		fail "codes or default severities differ: < $bin check --help, > $path"
		sed 's/^/  /' "$tmp/diff"
	fi
done

# Every severity of a code: the program and the documents against the
# catalogue file.
for src in program man readme; do
	case $src in program) path="$bin check --help" ;; man) path=$man ;; readme) path=$readme ;; esac
	if ! diff "$tmp/catalogue.all" "$tmp/$src.all" >"$tmp/diff"; then
		fail "the severities a code is reported at differ: < $catalogue, > $path"
		sed 's/^/  /' "$tmp/diff"
	fi
done

cut -f1 "$tmp/program" >"$tmp/program.order"
cut -f1 "$tmp/catalogue" >"$tmp/catalogue.order"
if ! diff "$tmp/program.order" "$tmp/catalogue.order" >"$tmp/diff"; then
	fail "the order of the codes differs: < $bin check --help, > $catalogue"
	sed 's/^/  /' "$tmp/diff"
fi

cut -f1,4 "$tmp/man" | sort >"$tmp/man.rules"
cut -f1,4 "$tmp/catalogue" | sort >"$tmp/catalogue.rules"
if ! diff "$tmp/catalogue.rules" "$tmp/man.rules" >"$tmp/diff"; then
	fail "the rules cited differ: < $catalogue, > $man"
	sed 's/^/  /' "$tmp/diff"
fi

[ "$status" -ne 0 ] || echo "catalogue.sh: $count codes agree in $bin, $man, $readme and $catalogue"
exit "$status"
