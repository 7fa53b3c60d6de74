#!/bin/sh
# e2e_report.sh - runs `pgnaudit report` as a user would: on the fixtures of
# testdata/report/ (expected text and CSV reviewed by hand), in a pipe after
# check, on damaged input, with 10,000 findings, and - where chromium is
# installed - renders the HTML page in a real headless browser and checks
# what it drew.  Run from the repository root: `make e2e`.
set -u
BIN=./pgnaudit
DATA=testdata/report
TMP=$(mktemp -d "${TMPDIR:-/tmp}/pgnaudit-report.XXXXXX")
trap 'rm -rf "$TMP"' EXIT INT TERM
. tests/e2e_lib.sh

# 1. The fixtures against their expected reports.  There are errors among
#    the findings: exit status 1.
expect_status 1 "report text" -- "$BIN" report "$DATA/audit.jsonl"
expect_same "$DATA/audit.txt" "$TMP/out" "report differs from $DATA/audit.txt"
expect_status 1 "report --top 3" -- "$BIN" report --top 3 "$DATA/audit.jsonl"
expect_same "$DATA/audit-top3.txt" "$TMP/out" "report --top 3 differs"
expect_status 1 "report csv" -- "$BIN" report -f csv "$DATA/audit.jsonl"
expect_same "$DATA/audit.csv" "$TMP/out" "report -f csv differs"
for by in event player file; do
	expect_status 1 "report csv --by $by" -- "$BIN" report --format=csv --by=$by "$DATA/audit.jsonl"
	expect_same "$DATA/audit-by-$by.csv" "$TMP/out" "report -f csv --by $by differs"
done
# Every text line fits in 100 columns (characters, not bytes).
"$BIN" report --top 0 "$DATA/audit.jsonl" >"$TMP/all.txt"
expect_true "text lines fit 100 columns" -- \
	awk '{ n = gsub(/[^\200-\277]/, "&"); if (n > 100) exit 1 }' "$TMP/all.txt"
expect_grep "Tartakower, Savielly Grigorievitch" "$TMP/all.txt" "--top 0 lists every player"
expect_no_grep "more players" "$TMP/all.txt" "--top 0 cuts nothing"
# The CSV counts add up to the number of findings.
sum=$(tail -n +2 "$DATA/audit.csv" | awk -F, '{ s += $NF } END { print s }')
expect_true "csv counts add up to 79 findings (got $sum)" -- [ "$sum" = 79 ]

# 1a. Games counted (issue 26): check -f jsonl ends with records of the
#     games read (counted.jsonl: check of the same four files, with them).
expect_status 1 "report of findings with game counts" -- "$BIN" report "$DATA/counted.jsonl"
expect_same "$DATA/counted.txt" "$TMP/out" "report differs from $DATA/counted.txt"
expect_grep "^47 games in 4 files: 4 clean, 21 with errors, 22 with warnings, 0 with info only$" "$TMP/out" \
	"the games read, clean and not"
expect_status 1 "report csv --by event with game counts" -- "$BIN" report -f csv --by event "$DATA/counted.jsonl"
expect_same "$DATA/counted-by-event.csv" "$TMP/out" "report -f csv --by event differs from counted-by-event.csv"
expect_status 1 "report csv with game counts" -- "$BIN" report -f csv "$DATA/counted.jsonl"
expect_grep '^games,read,47$' "$TMP/out" "CSV: the games read"
expect_grep '^games,clean,4$' "$TMP/out" "CSV: the games clean"
expect_status 1 "report csv --by file with game counts" -- "$BIN" report -f csv --by file "$DATA/counted.jsonl"
expect_grep '^testdata/sample.pgn,games,read,3$' "$TMP/out" "CSV by file: each file's games"
# A clean file gives a report that says so.
printf '[Event "x"]\n[Site "y"]\n[Date "2024.01.02"]\n[Round "1"]\n[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n' >"$TMP/clean.pgn"
"$BIN" check -q -f jsonl "$TMP/clean.pgn" >"$TMP/clean.jsonl"
expect_status 0 "report of a clean file" -- "$BIN" report "$TMP/clean.jsonl"
expect_grep "^1 game in 1 file: 1 clean, 0 with errors, 0 with warnings, 0 with info only$" "$TMP/out" \
	"a clean file: its game counted, in the singular"
expect_grep "^No findings: every game is clean.$" "$TMP/out" "a clean file's report says it is clean"
expect_status 0 "html of a clean file" -- "$BIN" report -f html "$TMP/clean.jsonl"
expect_grep '<p id="clean"><b>No findings: every game is clean.</b></p>' "$TMP/out" "the page of a clean file says so"
expect_grep '<p id="games">1 game in 1 file: 1 clean' "$TMP/out" "the page counts its game"
# A record this version does not know is named, not taken for a finding.
printf '{"record":"shard","file":"x"}\n' >"$TMP/future.jsonl"
expect_status 2 "an unknown record" -- "$BIN" report "$TMP/future.jsonl"
expect_grep "not a record this version reads" "$TMP/err" "an unknown record is named"
printf '{"record":"file","file":"x","games":2,"clean":2,"with_errors":1,"with_warnings":0,"with_info":0}\n' >"$TMP/sum.jsonl"
expect_status 2 "counts that do not add up" -- "$BIN" report "$TMP/sum.jsonl"
expect_grep "do not add up" "$TMP/err" "counts that do not add up are refused"

# 1b. The page says what it is: events, dates, files, version, when.
SOURCE_DATE_EPOCH=1700000000 "$BIN" report -f html "$DATA/counted.jsonl" >"$TMP/head.html"
expect_grep '<p class="made">Made by pgnaudit [0-9.]* on 2023-11-14 22:13 UTC.</p>' "$TMP/head.html" \
	"the page names its version and when it was made (SOURCE_DATE_EPOCH)"
expect_grep '<b>Files</b> testdata/sample.pgn, testdata/check/illegal.pgn, testdata/check/claims.pgn and 1 more</p>' \
	"$TMP/head.html" "the page names its files"
expect_grep '<b>Dates</b> 1858.??.?? to 2024.03.01 ' "$TMP/head.html" "the page gives the dates of the games"
expect_grep '<b>Events</b> 6 missed: five times the start position, each player reported once; ' "$TMP/head.html" \
	"the page names the events, not \"(no Event tag)\" among them"
expect_grep '<p id="games">47 games in 4 files: 4 clean, 21 with errors, 22 with warnings, 0 with info only</p>' \
	"$TMP/head.html" "the page counts the games"
expect_grep '<a href="#code=illegal-move"><code>illegal-move</code></a>' "$TMP/head.html" "the code table links to the code's findings"
expect_grep '<td class="gm"><a href="#f[0-9]*">testdata/sample.pgn, game 2</a>' "$TMP/head.html" "the worst games link to their findings"
expect_grep '<a href="#player=Morphy">Morphy</a>' "$TMP/head.html" "the player table links to the player's findings"
expect_grep '<a class="only" href="#code=missing-tag">only</a>' "$TMP/head.html" "one click shows one code"
expect_grep '<span class="pair">Ehrmann - Morphy</span>' "$TMP/head.html" "entries show the pairing as the text report does"
expect_grep '<label class="showall" for="all-events">Show all 46 rows</label>' "$TMP/head.html" \
	"a table of more than 20 rows has them all, on demand"
expect_true "the pieces are shapes, not characters of a font" -- \
	sh -c "grep -q '<symbol id=\"wk\" viewBox' '$TMP/head.html' && ! grep -q 'u265' '$TMP/head.html'"
"$BIN" check -q -f jsonl testdata/sample.pgn | "$BIN" report -f html >"$TMP/one.html"
expect_grep '<p id="games">3 games in 1 file: ' "$TMP/one.html" "one file, in the singular"
expect_grep '<b>File</b> testdata/sample.pgn</p>' "$TMP/one.html" "one file named"
expect_grep '<td class="gm"><a href="#f[0-9]*">game 2</a>' "$TMP/one.html" "one file: the worst games say the game, not the file again"

# 2. In a pipe after check, from standard input and '-', gzip, several files.
"$BIN" check -f jsonl testdata/sample.pgn >"$TMP/sample.jsonl"
"$BIN" report "$TMP/sample.jsonl" >"$TMP/from-file.txt"
"$BIN" check -f jsonl testdata/sample.pgn | "$BIN" report >"$TMP/from-pipe.txt"
expect_same "$TMP/from-file.txt" "$TMP/from-pipe.txt" "check | report reads standard input"
expect_grep "^3 games in 1 file: 1 clean, 2 with errors" "$TMP/from-pipe.txt" "the sample's report"
"$BIN" report - <"$TMP/sample.jsonl" >"$TMP/dash.txt"
expect_same "$TMP/from-file.txt" "$TMP/dash.txt" "report - reads standard input"
gzip -c "$DATA/audit.jsonl" >"$TMP/audit.gz"
expect_status 1 "report of gzip" -- "$BIN" report "$TMP/audit.gz"
expect_same "$DATA/audit.txt" "$TMP/out" "gzip input gives the same report"
head -n 40 "$DATA/audit.jsonl" >"$TMP/part1.jsonl"
tail -n +41 "$DATA/audit.jsonl" >"$TMP/part2.jsonl"
"$BIN" report -f csv "$TMP/part1.jsonl" "$TMP/part2.jsonl" >"$TMP/parts.csv"
expect_same "$DATA/audit.csv" "$TMP/parts.csv" "two files count as their concatenation"

# 3. Lines that are not findings: each is named with its file and line, the
#    others still count, and the exit status is 2.
expect_status 2 "damaged input" -- "$BIN" report "$DATA/damaged.jsonl"
expect_grep "^2 findings in 2 games of 1 file: 1 error, 1 warning, 0 info" "$TMP/out" "damaged: the good lines count"
for n in 2 3 4 5 7 8 9 10; do
	expect_grep "^pgnaudit: $DATA/damaged.jsonl:$n: not a finding: " "$TMP/err" "damaged line $n is named"
done
# line 6 is empty: a blank line says nothing, and is passed over (issue 24)
expect_no_grep "damaged.jsonl:6:" "$TMP/err" "damaged: the empty line 6 is no fault"
expect_true "damaged: eight messages" -- [ "$(wc -l <"$TMP/err")" -eq 8 ]
expect_grep "Bogolj.bow, Efim" "$TMP/out" "\\u escapes are decoded"
expect_grep "Bad \"Kissingen\" Open" "$TMP/out" "a tab in a name is shown as a blank"
# Escape sequences and C1 controls in names reach no terminal; "ā" (C4 81,
# its second byte in the C1 range) is kept.
printf '{"file":"t.pgn","game":1,"code":"missing-result","severity":"warning","message":"m","white":"A\\u001b[2JB","black":"C\\u009bD\\u0101","event":"E\\u0007v"}\n' >"$TMP/controls.jsonl"
"$BIN" report "$TMP/controls.jsonl" >"$TMP/controls.txt"
expect_no_grep "$(printf '\033')" "$TMP/controls.txt" "report: no ESC from a name"
expect_no_grep "$(printf '\302\233')" "$TMP/controls.txt" "report: no C1 from a name"
expect_no_grep "$(printf '\007')" "$TMP/controls.txt" "report: no BEL from an event"
expect_grep "A \[2JB" "$TMP/controls.txt" "report: ESC shown as a blank"
expect_grep "C D$(printf '\304\201')" "$TMP/controls.txt" "report: C1 shown as one blank, U+0101 kept"
expect_status 2 "a missing file" -- "$BIN" report "$TMP/none.jsonl" "$DATA/audit.jsonl"
expect_grep "none.jsonl: No such file or directory" "$TMP/err" "the missing file is named"
expect_grep "^79 findings" "$TMP/out" "the other file is still read"
printf '' >"$TMP/empty.jsonl"
expect_status 0 "no findings" -- "$BIN" report "$TMP/empty.jsonl"
expect_grep "^0 findings in 0 games of 0 files" "$TMP/out" "an empty input says so"
grep -v '"severity":"error"' "$DATA/audit.jsonl" >"$TMP/warnings.jsonl"
expect_status 0 "no error findings: exit 0" -- "$BIN" report "$TMP/warnings.jsonl"
{ head -c 5000000 /dev/zero | tr '\0' 'x'; echo; } >"$TMP/long.jsonl"
cat "$DATA/audit.jsonl" >>"$TMP/long.jsonl"
expect_status 2 "a line too long" -- "$BIN" report "$TMP/long.jsonl"
expect_grep "long.jsonl:1: not a finding: the line is longer than 4 MiB" "$TMP/err" "the long line is named"
expect_grep "^79 findings" "$TMP/out" "the lines after a long one still count"

# 4. Usage, output file, help.
expect_status 2 "unknown format" -- "$BIN" report -f pdf "$DATA/audit.jsonl"
expect_grep "'pdf' is not a report format" "$TMP/err" "unknown format is named"
expect_status 2 "--by without csv" -- "$BIN" report --by player "$DATA/audit.jsonl"
expect_status 2 "unknown --by" -- "$BIN" report -f csv --by colour "$DATA/audit.jsonl"
expect_status 2 "bad --top" -- "$BIN" report --top -1 "$DATA/audit.jsonl"
expect_status 2 "--top without text" -- "$BIN" report -f html --top 5 "$DATA/audit.jsonl"
expect_grep "top applies to -f text only" "$TMP/err" "--top without text is explained"
expect_status 0 "report --help" -- "$BIN" report --help
for opt in --format --by --top --output; do expect_grep "$opt" "$TMP/out" "--help lists $opt"; done
expect_status 0 "help report" -- "$BIN" help report
expect_grep "usage: pgnaudit report" "$TMP/out" "pgnaudit help report"
for opt in "Fl f" "Fl -by" "Fl -top" "Fl o"; do
	expect_grep "$opt" man/pgnaudit-report.1 "the man page documents $opt"
done
echo "old" >"$TMP/kept.txt"
expect_status 2 "-o in a missing folder" -- "$BIN" report -o "$TMP/no/dir/x.txt" "$DATA/audit.jsonl"
expect_status 1 "-o FILE" -- "$BIN" report -o "$TMP/kept.txt" "$DATA/audit.jsonl"
expect_same "$DATA/audit.txt" "$TMP/kept.txt" "-o writes the report"
expect_true "-o: nothing on standard output" -- [ ! -s "$TMP/out" ]

# 5. The HTML page: one entry per finding, self-contained, escaped, and the
#    offending move's squares named for the diagram.
expect_status 1 "report html" -- "$BIN" report -f html -o "$TMP/audit.html" "$DATA/audit.jsonl"
html=$TMP/audit.html
expect_true "one entry per finding" -- [ "$(grep -c '^<article ' "$html")" -eq 79 ]
expect_no_grep '<link' "$html" "html: no linked files"
expect_no_grep ' src=' "$html" "html: no external scripts or images"
expect_no_grep 'url([^#]' "$html" "html: no fetched fonts or images"
expect_no_grep '@import' "$html" "html: no imported styles"
expect_true "html: the only address is the SVG namespace" -- \
	[ "$(grep -o 'https\?://[^"'\'' ]*' "$html" | sort -u)" = "http://www.w3.org/2000/svg" ]
# illegal.pgn game 1: 5. Nb3 with the knight pinned - its destination.
expect_grep 'data-fen="rnbqk2r/pppp1ppp/8/4p3/1b1Pn3/5N2/PPPN1PPP/R1BQKB1R w KQkq - 0 5" data-hl="b3"' "$html" \
	"html: the illegal move's square"
expect_grep '<p class="mv">5. Nb3</p>' "$html" "html: the move"
expect_grep '<p class="rule">FIDE 3.9</p>' "$html" "html: the rule"
"$BIN" report -f html "$DATA/damaged.jsonl" >"$TMP/damaged.html" 2>/dev/null
expect_grep 'Bad &quot;Kissingen&quot;' "$TMP/damaged.html" "html: quotes escaped"
expect_grep 'data-hl="e5"' "$TMP/damaged.html" "html: an illegal move's destination"
expect_grep 'data-hl="f6 g8"' "$TMP/damaged.html" "html: a legal move's from and to"

# 6. 10,000 findings: quick, and a bounded size per finding.
awk '{ line[NR] = $0 } END { for (i = 0; i < 10000; i++) { l = line[i % NR + 1]; g = int(i / 3) + 1;
	sub(/"game":[0-9]+/, "\"game\":" g, l); print l } }' "$DATA/audit.jsonl" >"$TMP/big.jsonl"
start=$(date +%s%N)
"$BIN" report -f html -o "$TMP/big.html" "$TMP/big.jsonl"
ms=$(( ($(date +%s%N) - start) / 1000000 ))
size=$(wc -c <"$TMP/big.html")
echo "report -f html of 10,000 findings: $ms ms, $size bytes"
expect_true "10,000 findings in under 5 s (took $ms ms)" -- [ "$ms" -lt 5000 ]
expect_true "under 1,000 bytes per finding ($size bytes)" -- [ "$size" -lt 10000000 ]
expect_true "10,000 entries" -- [ "$(grep -c '^<article ' "$TMP/big.html")" -eq 10000 ]
"$BIN" report "$TMP/big.jsonl" >"$TMP/big.txt"
expect_grep "^10000 findings in " "$TMP/big.txt" "10,000 findings counted"

# 7. The page in a real browser: chromium and, for the printed pages,
#    pdftoppm (poppler-utils); `make test` installs both.  Skipped, with a
#    message, where chromium is absent (a machine without apt).
if ! command -v chromium >/dev/null 2>&1; then
	echo "chromium not found; skipping the browser tests of the HTML report (apt-get install chromium)"
else
	browse() { # URL OPTION... : the browser's messages go to $TMP/browser.err
		url=$1
		shift
		timeout 180 chromium --headless --disable-gpu --no-sandbox --user-data-dir="$TMP/chromium" \
			"$@" "$url" 2>"$TMP/browser.err"
	}
	grep '"code":"illegal-move"' "$DATA/audit.jsonl" >"$TMP/illegal.jsonl"
	"$BIN" report -f html -o "$TMP/illegal.html" "$TMP/illegal.jsonl"
	# The script ran: the filters count, and diagrams were drawn with the
	# move's square marked.  And what the screen shows: the board's
	# colours and the marked squares.
	browse "file://$TMP/illegal.html" --screenshot="$TMP/shot.png" --window-size=1200,3000 --dump-dom \
		>"$TMP/dom.html"
	expect_grep 'id="count">10 of 10 findings shown' "$TMP/dom.html" "browser: the filters are built"
	expect_grep 'data-ready="1"' "$TMP/dom.html" "browser: the script finished"
	boards=$(grep -o '<svg[^>]*class="board"' "$TMP/dom.html" | wc -l)
	expect_true "browser: a diagram for each of the 10 findings (got $boards)" -- [ "$boards" -eq 10 ]
	expect_grep '<rect [^>]*data-sq="b3" class="sq hl"' "$TMP/dom.html" \
		"browser: Nb3's square marked (illegal.pgn game 1)"
	pieces=$(grep -o 'class="pc"' "$TMP/dom.html" | wc -l)
	expect_true "browser: pieces drawn (got $pieces)" -- [ "$pieces" -gt 200 ]
	if [ -s "$TMP/shot.png" ] && python3 tests/png_colors.py "$TMP/shot.png" >"$TMP/colors.txt"; then
		expect_grep "^1200 3000$" "$TMP/colors.txt" "screenshot size"
		for c in f0d9b5:light b58863:dark f6f669:marked-light baca2b:marked-dark c0392b:error-badge; do
			n=$(awk -v c="${c%%:*}" '$1 == c { print $2 }' "$TMP/colors.txt")
			# A square is 30x30 pixels; marked squares are fewer.
			expect_true "screenshot: ${c#*:} colour #${c%%:*} ($n pixels)" -- [ "${n:-0}" -gt 300 ]
		done
		# The pieces themselves, on the first board (the first entry's
		# FEN): its a8 is the page's first pixel of the light square
		# colour; a square is 30 pixels.  A point inside the body of each
		# king and queen must be light for White's, dark for Black's
		# (DejaVu drew White's king and queen nearly black).
		fen=$(grep -o 'data-fen="[^"]*"' "$TMP/illegal.html" | head -1 | cut -d'"' -f2)
		set -- $(python3 tests/png_colors.py "$TMP/shot.png" --find f0d9b5)
		x0=${1:-0} y0=${2:-0}
		# "K 4 1" for each king and queen: the piece, its file (a = 0), its rank.
		python3 -c '
import sys
for r, row in enumerate(sys.argv[1].split()[0].split("/")):
    f = 0
    for c in row:
        if c.isdigit():
            f += int(c)
            continue
        if c in "KQkq":
            print(c, f, 8 - r)
        f += 1' "$fen" >"$TMP/royals"
		expect_true "the first board has both kings and a queen ($fen)" -- [ "$(wc -l <"$TMP/royals")" -ge 3 ]
		while read -r name file rank; do
			# (0.40, 0.60) of the square: inside the king's and the queen's body, off their lines.
			px=$((x0 + file * 30 + 12)) py=$((y0 + (8 - rank) * 30 + 18))
			lum=$(python3 tests/png_colors.py "$TMP/shot.png" --pixel "$px" "$py" | cut -d' ' -f2)
			case $name in
			[KQ]) expect_true "screenshot: White's $name is drawn light (luminance $lum at $px,$py)" -- [ "${lum:-0}" -gt 200 ] ;;
			*) expect_true "screenshot: Black's $name is drawn dark (luminance $lum at $px,$py)" -- [ "${lum:-255}" -lt 60 ] ;;
			esac
		done <"$TMP/royals"
	else
		bad "browser: no screenshot"
		sed 's/^/    /' "$TMP/browser.err" | tail -5
	fi
	# Printed: every diagram of the findings shown is in the PDF, filtered
	# or not (only the first 20 were, and with #severity=error none).
	# pdftoppm makes each page an image; the boards are counted on them.
	"$BIN" report -f html -o "$TMP/print.html" "$DATA/counted.jsonl"
	command -v pdftoppm >/dev/null 2>&1 || echo "pdftoppm not found; skipping the printed pages (apt-get install poppler-utils)"
	for filter in "" "#severity=error"; do
		command -v pdftoppm >/dev/null 2>&1 || break
		rm -f "$TMP"/page-*.png "$TMP/print.pdf"
		browse "file://$TMP/print.html$filter" --no-pdf-header-footer --virtual-time-budget=10000 \
			--print-to-pdf="$TMP/print.pdf" >/dev/null
		if [ -s "$TMP/print.pdf" ] && pdftoppm -r 50 -png "$TMP/print.pdf" "$TMP/page"; then
			printed=0
			for page in "$TMP"/page-*.png; do
				printed=$((printed + $(python3 tests/png_colors.py "$page" --boards)))
			done
			if [ -z "$filter" ]; then
				want=$(grep -c '"fen":' "$DATA/counted.jsonl")
			else
				want=$(grep '"severity":"error"' "$DATA/counted.jsonl" | grep -c '"fen":')
			fi
			expect_true "printed${filter:+ with $filter}: $want diagrams on $(ls "$TMP"/page-*.png | wc -l) pages (got $printed)" -- \
				[ "$printed" -eq "$want" ]
		else
			bad "browser: no PDF printed${filter:+ with $filter}"
			sed 's/^/    /' "$TMP/browser.err" | tail -5
		fi
	done
	# As a person on a phone would use it (tests/browser_harness.html: the
	# page in a frame 375 pixels wide): the address filters and follows
	# its changes, a change of a filter is written to it, one click shows
	# one severity, the search finds "White - Black", a table's link shows
	# its finding, "show all" shows every row, no sideways scrolling.
	mkdir -p "$TMP/harness"
	cp "$TMP/print.html" "$TMP/harness/report.html"
	cp tests/browser_harness.html "$TMP/harness/harness.html"
	browse "file://$TMP/harness/harness.html" --allow-file-access-from-files --virtual-time-budget=10000 \
		--dump-dom | grep -o 'data-out="[^"]*"' | sed 's/&amp;/\&/g; s/"$//' | tr '|' '\n' >"$TMP/harness.out"
	total=$(grep -vc '"record"' "$DATA/counted.jsonl")
	tags=$(grep -c '"code":"missing-tag"' "$DATA/counted.jsonl")
	info=$(grep -c '"severity":"info"' "$DATA/counted.jsonl")
	pairing=$(grep -c '"white":"Ehrmann","black":"Morphy"' "$DATA/counted.jsonl")
	morphy=$(grep -c '"white":"Morphy"\|"black":"Morphy"' "$DATA/counted.jsonl")
	expect_grep '^data-out="ready=1$' "$TMP/harness.out" "phone: the page is ready"
	set -- $(sed -n 's/^width=//p' "$TMP/harness.out")
	expect_true "phone: no sideways scrolling at 375 pixels (the page is ${1:-?} wide in ${2:-?})" -- \
		[ "${1:-999}" -le "${2:-0}" ]
	expect_grep "^after-hash=$tags of $total findings shown$" "$TMP/harness.out" "the filters follow the address after load"
	expect_grep "^unchecked=0 of $total findings shown #severity=error,info&code=missing-tag$" "$TMP/harness.out" \
		"a filter changed is written to the address"
	expect_grep "^only-info=$info of $total findings shown #severity=info$" "$TMP/harness.out" "one click shows one severity"
	expect_grep "^pairing=$pairing of $total findings shown #q=Ehrmann%20-%20Morphy$" "$TMP/harness.out" \
		"the search finds the pairing as the text report writes it"
	expect_grep "^link=f[0-9]* hidden:false drawn:\(true\|no-fen\) $total of $total findings shown$" "$TMP/harness.out" \
		"a table's link shows its finding, filters or not"
	expect_grep "^more-rows=[1-9][0-9]* none$" "$TMP/harness.out" "rows past 20 wait for \"show all\""
	expect_grep "^shown-rows=table-row$" "$TMP/harness.out" "\"show all\" shows them"
	expect_grep "^player=$morphy of $total findings shown Only player Morphy.$" "$TMP/harness.out" \
		"a player's link shows the player's findings"
	# The filters take their setting from the address; the entries that
	# come on screen then get their diagrams (these are past the first 20,
	# which are drawn at once).
	# IntersectionObserver's callbacks come with rendered frames, which a
	# busy machine may not give headless chromium in time: up to three
	# tries before the drawing counts as missing.
	for try in 1 2 3; do
		browse "file://$TMP/audit.html#severity=info" --virtual-time-budget=10000 --window-size=1200,4000 \
			--dump-dom >"$TMP/dom2.html"
		[ "$(grep -o '<article class="f info"[^>]*><div class="d"><svg' "$TMP/dom2.html" | wc -l)" -eq 9 ] && break
		echo "browser: the lazily drawn diagrams are not there yet (try $try of 3)"
	done
	expect_grep 'id="count">9 of 79 findings shown' "$TMP/dom2.html" "browser: filtered by severity"
	hidden=$(grep -o '<article class="f [a-z]* hidden"' "$TMP/dom2.html" | wc -l)
	expect_true "browser: 70 entries hidden (got $hidden)" -- [ "$hidden" -eq 70 ]
	drawn=$(grep -o '<article class="f info"[^>]*><div class="d"><svg' "$TMP/dom2.html" | wc -l)
	expect_true "browser: the 9 shown entries drawn when on screen (got $drawn)" -- [ "$drawn" -eq 9 ]
	# 10,000 findings in the browser, filtered by code and severity from
	# the address: every entry there, quickly.
	browse "file://$TMP/big.html#severity=error&code=illegal-move,invalid-claim" --dump-dom >"$TMP/bigdom.html"
	want=$(grep '"severity":"error"' "$TMP/big.jsonl" | grep -c -e '"code":"illegal-move"' -e '"code":"invalid-claim"')
	expect_grep "id=\"count\">$want of 10000 findings shown" "$TMP/bigdom.html" "browser: 10,000 findings, filtered"
	ms=$(grep -o 'data-ms="[0-9]*"' "$TMP/bigdom.html" | tr -dc 0-9)
	echo "browser: the 10,000-finding page was ready ${ms:-?} ms after it was opened"
	expect_true "browser: 10,000 findings ready in under 20 s" -- [ "${ms:-99999}" -lt 20000 ]
fi

# JSON Lines with a byte order mark, CR LF line ends and blank lines (an
# editor's save, files joined with blank lines between) read as the same
# findings (issue 24).
"$BIN" check -f jsonl testdata/check/illegal.pgn >"$TMP/plain.jsonl"
{ printf '\357\273\277'; sed 's/$/\r/' "$TMP/plain.jsonl"; echo; echo '   '; } >"$TMP/bom.jsonl"
"$BIN" report "$TMP/plain.jsonl" >"$TMP/plain.txt"
"$BIN" report "$TMP/bom.jsonl" >"$TMP/bom.txt" 2>"$TMP/err"
expect_true "report reads JSON Lines with a BOM, CR LF and blank lines" -- test $? = 1 -a ! -s "$TMP/err"
expect_same "$TMP/plain.txt" "$TMP/bom.txt" "the same report from JSON Lines with a BOM and blank lines"

# A PGN file given to report: said once, not a "not a finding" a line
# (issue 26: 73,880 lines of it for one file), exit 2; the other inputs
# still count.
"$BIN" report testdata/sample.pgn "$DATA/audit.jsonl" >"$TMP/out" 2>"$TMP/err"
expect_true "report of a PGN file exits 2" -- test $? = 2
expect_true "report of a PGN file says so once" -- test "$(wc -l <"$TMP/err")" = 1
expect_grep "^pgnaudit: testdata/sample.pgn: this is PGN, not findings; make them first: pgnaudit check -f jsonl testdata/sample.pgn | pgnaudit report$" "$TMP/err" "the message says how to make findings"
expect_grep "^79 findings in 43 games of 4 files" "$TMP/out" "the other input still counts"
"$BIN" report <testdata/sample.pgn >"$TMP/out" 2>"$TMP/err"
expect_grep "standard input: this is PGN" "$TMP/err" "PGN on standard input is told too"

# check --clocks: a record of each game's clocks (issue 30), the findings
# the same bytes as without it, -j 3 as -j 1; report's table and plots.
expect_status 2 "--clocks without -f jsonl: a usage error" -- "$BIN" check --clocks testdata/check/clocks.pgn
"$BIN" check -q -f jsonl testdata/check/clocks.pgn >"$TMP/noclk.jsonl"
"$BIN" check -q -f jsonl --clocks testdata/check/clocks.pgn >"$TMP/clk.jsonl"
PGNAUDIT_PIECE_BYTES=97 "$BIN" check -q -j 3 -f jsonl --clocks testdata/check/clocks.pgn >"$TMP/clk3.jsonl"
expect_same "$TMP/clk.jsonl" "$TMP/clk3.jsonl" "--clocks: -j 3 as -j 1"
grep -v '"record":"clocks"' "$TMP/clk.jsonl" >"$TMP/clk-findings.jsonl"
expect_same "$TMP/noclk.jsonl" "$TMP/clk-findings.jsonl" "--clocks adds records, changes no finding"
expect_true "--clocks: a record for each of the 29 games with a clock" -- \
	test "$(grep -c '"record":"clocks"' "$TMP/clk.jsonl")" = 29
# game 19, 5400+30: White's six moves given 5400 + 6 x 30 s, 1:25:16 left
expect_grep '^{"record":"clocks","file":"testdata/check/clocks.pgn","game":19,"line":557,.*"time_control":"5400+30","white_used":464,"white_left":5116,"black_used":270,"black_left":5310,"plies":\[1,2,3,4,5,6,7,8,9,10,11,12\],"clocks":\[5339,5420,' \
	"$TMP/clk.jsonl" "--clocks: game 19's record, the time used from the TimeControl"
"$BIN" report "$TMP/clk.jsonl" >"$TMP/clk.txt"
expect_grep '^Clocks: 29 games with clocks; the 20 with the least time left$' "$TMP/clk.txt" "report: the clocks table"
"$BIN" report --top 0 "$TMP/clk.jsonl" >"$TMP/clk-all.txt"
expect_grep '^Clocks: 29 games with clocks$' "$TMP/clk-all.txt" "report --top 0: every game with clocks"
expect_grep '^  clocks.pgn:19  *White, 19 - Black, 19  *5400+30  *0:07:44/1:25:16  *0:04:30/1:28:30$' "$TMP/clk-all.txt" \
	"report: a game's time used and left"
"$BIN" report "$TMP/noclk.jsonl" >"$TMP/noclk.txt"
expect_no_grep '^Clocks:' "$TMP/noclk.txt" "report: no clocks table without the records"
"$BIN" report -f html "$TMP/clk.jsonl" >"$TMP/clk.html"
expect_grep '<h2 id="clocks">Clocks (29 games)</h2>' "$TMP/clk.html" "report -f html: the clocks section"
expect_true "report -f html: a plot for each game" -- test "$(grep -c '<figure class="clk"' "$TMP/clk.html")" = 29
# the clock findings marked on their game's plot: a dot at the reading of
# their ply (its title the finding), on the axis for a ply without one;
# their moves under it; a game without one has no mark
sed -n '/<figure class="clk" id="c2">/,/<\/figure>/p' "$TMP/clk.html" >"$TMP/plot2.html"
expect_grep '<circle cx="258.9" cy="44.3" r="4" class="m"><title>25...d5 clock-rise: Black.s clock rises from 1:13:19' \
	"$TMP/plot2.html" "report -f html: game 2's clock-rise a dot on Black's line at 25...d5"
expect_grep '<p class="marks">Marked: 25...d5 <code>clock-rise</code></p>' "$TMP/plot2.html" \
	"report -f html: game 2's marks named under its plot"
sed -n '/<figure class="clk" id="c1">/,/<\/figure>/p' "$TMP/clk.html" >"$TMP/plot1.html"
expect_no_grep 'class="m"\|class="marks"' "$TMP/plot1.html" "report -f html: game 1, without a clock finding, has no mark"
sed -n '/<figure class="clk" id="c8">/,/<\/figure>/p' "$TMP/clk.html" >"$TMP/plot7.html"
expect_grep '<circle cx="[0-9.]*" cy="142.0" r="4" class="m"><title>4...h6 clock-missing' "$TMP/plot7.html" \
	"report -f html: a clock-missing on the axis (its ply has no reading)"
"$BIN" report -f html "$TMP/clk-findings.jsonl" >"$TMP/noclk.html"
expect_no_grep '<circle' "$TMP/noclk.html" "report -f html: no plots, no marks, without the records"
expect_grep '<polyline class="w" points="52.0,' "$TMP/clk.html" "report -f html: White's clock drawn"
expect_grep '<polyline class="b" points="' "$TMP/clk.html" "report -f html: Black's clock drawn"
sed 's/"clocks":\[5339,/"clocks":[5339,5340,/' "$TMP/clk.jsonl" >"$TMP/badclk.jsonl"
"$BIN" report "$TMP/badclk.jsonl" >"$TMP/out" 2>"$TMP/err"
expect_true "report: a wrong clocks record exits 2" -- test $? = 2
expect_grep 'badclk.jsonl:[0-9]*: not a finding: "clocks" is not a list of times in seconds, one for each of "plies"' \
	"$TMP/err" "report: a wrong clocks record is named with its line"

echo "e2e_report: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
