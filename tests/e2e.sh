#!/bin/sh
# e2e.sh - runs ./pgnaudit as a user would and compares what it prints.
#
# testdata/check/NAME.pgn is audited with `check -f jsonl` and compared with
# testdata/check/NAME.jsonl (the expected findings, reviewed by hand); the
# rest are command-line behaviours: stdin, gzip, exit statuses, -o, filters,
# formats, replay and perft.  Run from the repository root: `make e2e`.
set -u
BIN=./pgnaudit
TMP=$(mktemp -d "${TMPDIR:-/tmp}/pgnaudit-e2e.XXXXXX")
trap 'rm -rf "$TMP"' EXIT INT TERM
. tests/e2e_lib.sh

# 1. Annotated files against their expected findings.  A line
#    "% pgnaudit-options: ARGS" in the file adds options (e.g. --select).
for pgn in testdata/check/*.pgn; do
	expected=${pgn%.pgn}.jsonl
	options=$(sed -n 's/^% pgnaudit-options: //p' "$pgn" | head -1)
	want=0
	grep -q '"severity":"error"' "$expected" && want=1
	# shellcheck disable=SC2086 # options are words
	expect_status "$want" "check $pgn" -- "$BIN" check -f jsonl $options "$pgn"
	expect_same "$expected" "$TMP/out" "check $pgn differs from $expected"
done

# 2. The same findings from standard input (file "-"), from gzip on a pipe,
#    and from a gzip file whose name does not say so.
pgn=testdata/check/illegal.pgn
"$BIN" check -f jsonl "$pgn" | sed 's|"file":"[^"]*"|"file":"X"|' >"$TMP/plain"
"$BIN" check -f jsonl <"$pgn" >"$TMP/stdin"
expect_grep '"file":"-"' "$TMP/stdin" "stdin is named -"
sed 's|"file":"[^"]*"|"file":"X"|' "$TMP/stdin" >"$TMP/stdin.x"
expect_same "$TMP/plain" "$TMP/stdin.x" "stdin gives the same findings"
gzip -c "$pgn" >"$TMP/games.dat"
gzip -c "$pgn" | "$BIN" check -f jsonl | sed 's|"file":"[^"]*"|"file":"X"|' >"$TMP/gzpipe"
expect_same "$TMP/plain" "$TMP/gzpipe" "gzip on a pipe gives the same findings"
"$BIN" check -f jsonl "$TMP/games.dat" | sed 's|"file":"[^"]*"|"file":"X"|' >"$TMP/gzfile"
expect_same "$TMP/plain" "$TMP/gzfile" "gzip recognised by magic bytes, not by name"
head -c 300 "$TMP/games.dat" >"$TMP/truncated.gz"
expect_status 2 "truncated gzip is a read error" -- "$BIN" check "$TMP/truncated.gz"
expect_grep "truncated.gz" "$TMP/err" "the message names the truncated file"

# 3. Exit statuses: a clean file, a missing file (the others still checked),
#    a directory, usage errors, --strict.
printf '[Event "x"]\n[Result "1-0"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n' >"$TMP/clean.pgn"
expect_status 0 "a clean game exits 0" -- "$BIN" check "$TMP/clean.pgn"
expect_status 2 "a missing file exits 2" -- "$BIN" check -f jsonl "$TMP/no-such.pgn" "$pgn"
expect_grep "no-such.pgn" "$TMP/err" "the message names the missing file"
expect_grep '"code":"illegal-move"' "$TMP/out" "the files after a missing one are still checked"
# A directory is the PGN files under it (issue 27), in the order of
# their paths; one without any is said, exit 2.
mkdir -p "$TMP/tree/b" "$TMP/tree/a/deep" "$TMP/tree/.hidden" "$TMP/empty"
cp testdata/sample.pgn "$TMP/tree/b/z.pgn"
cp "$pgn" "$TMP/tree/a/deep/y.pgn"
gzip -c testdata/sample.pgn >"$TMP/tree/a/x.pgn.gz"
cp testdata/sample.pgn "$TMP/tree/.hidden/no.pgn"
echo "not pgn" >"$TMP/tree/a/notes.txt"
expect_status 1 "check of a directory" -- "$BIN" check -q -f jsonl "$TMP/tree"
grep '"record":"file"' "$TMP/out" | sed 's/.*"file":"\([^"]*\)".*/\1/' >"$TMP/tree.files"
printf '%s\n' "$TMP/tree/a/deep/y.pgn" "$TMP/tree/a/x.pgn.gz" "$TMP/tree/b/z.pgn" >"$TMP/tree.want"
expect_same "$TMP/tree.want" "$TMP/tree.files" "a directory: its PGN files at any depth, in path order, no hidden ones"
expect_status 2 "a directory without PGN files" -- "$BIN" check "$TMP/empty"
expect_grep "empty: a directory without PGN files" "$TMP/err" "a directory without PGN files is said"
expect_status 2 "unknown option" -- "$BIN" check --bogus "$pgn"
expect_status 2 "unknown format" -- "$BIN" check -f xml "$pgn"
expect_status 2 "unknown code in --select" -- "$BIN" check --select no-such-code "$pgn"
expect_status 2 "unknown command" -- "$BIN" frobnicate
expect_status 0 "--help" -- "$BIN" --help
expect_status 0 "check --help" -- "$BIN" check --help
expect_grep "usage: pgnaudit check" "$TMP/out" "check --help prints the usage"
expect_status 0 "--version" -- "$BIN" --version
# Every command takes --version; a usage error is one line and a pointer
# to --help, not the whole usage (issue 27).
for command in check report fix split replay perft; do
	expect_status 0 "$command --version" -- "$BIN" $command --version
	expect_grep "^pgnaudit [0-9][0-9.]*$" "$TMP/out" "$command --version prints the version"
	expect_status 2 "$command --frobnicate" -- "$BIN" $command --frobnicate
	expect_true "$command --frobnicate: two lines, not the usage ($(wc -l <"$TMP/err"))" -- test "$(wc -l <"$TMP/err")" = 2
	expect_grep "^pgnaudit: see 'pgnaudit $command --help'$" "$TMP/err" "$command: a usage error points to --help"
done
expect_status 2 "check -f xml" -- "$BIN" check -f xml "$pgn"
expect_true "check -f xml: the reason and the pointer" -- test "$(wc -l <"$TMP/err")" = 2
"$BIN" check -q -f json "$pgn" >"$TMP/json"
"$BIN" check -q -f jsonl "$pgn" >"$TMP/jsonl"
expect_same "$TMP/jsonl" "$TMP/json" "-f json is -f jsonl (documented)"
printf '[Event "x"]\n[Result "*"]\n\n1. e4 e5\n' >"$TMP/warning.pgn"
expect_status 0 "a warning alone exits 0" -- "$BIN" check "$TMP/warning.pgn"
expect_status 1 "--strict makes a warning exit 1" -- "$BIN" check --strict "$TMP/warning.pgn"

# 3a. Games counted (issue 26): a summary line on standard error at the
#     end, -q without it, -v with the time and MB/s; JSON Lines end with
#     a record per file and per event and round, -j 2 the same bytes.
expect_status 1 "check of the sample" -- "$BIN" check testdata/sample.pgn
expect_grep '^pgnaudit: checked 3 games in 1 file: 1 clean, 2 with errors, 0 with warnings, 0 with info only$' \
	"$TMP/err" "check says how many games it read, clean and not"
expect_true "the summary is the only line on standard error" -- test "$(wc -l <"$TMP/err")" = 1
expect_status 1 "check -q" -- "$BIN" check -q testdata/sample.pgn
expect_true "-q: nothing on standard error" -- test ! -s "$TMP/err"
expect_status 1 "check -v" -- "$BIN" check -v testdata/sample.pgn testdata/check/illegal.pgn
expect_grep '^pgnaudit: checked 13 games in 2 files: .*; [0-9]*\.[0-9][0-9] s, [0-9]*\.[0-9] MB, [0-9]*\.[0-9] MB/s$' \
	"$TMP/err" "-v gives the time, the bytes and the rate"
"$BIN" check -v - <testdata/sample.pgn >/dev/null 2>"$TMP/err"
expect_grep '^pgnaudit: checked 3 games in 1 file: .*; [0-9]*\.[0-9][0-9] s$' "$TMP/err" \
	"-v on standard input: the time, no size"
printf '[Event "x"]\n[Site "y"]\n[Date "2024.01.02"]\n[Round "1"]\n[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n' >"$TMP/clean7.pgn"
expect_status 0 "a clean file" -- "$BIN" check "$TMP/clean7.pgn"
expect_grep '^pgnaudit: checked 1 game in 1 file: 1 clean, 0 with errors' "$TMP/err" "one game, clean, in the singular"
expect_status 2 "a missing file among others" -- "$BIN" check "$TMP/no-such.pgn" testdata/sample.pgn
expect_grep '^pgnaudit: checked 3 games in 1 file: ' "$TMP/err" "a file that cannot be opened is not counted"
"$BIN" check -q -f jsonl testdata/sample.pgn >"$TMP/counted"
expect_grep '^{"record":"file","file":"testdata/sample.pgn","games":3,"clean":1,"with_errors":2,"with_warnings":0,"with_info":0,"first_date":"1858.??.??","last_date":"2024.03.01","read_whole":true}$' \
	"$TMP/counted" "the file's record"
expect_grep '^{"record":"event","file":"testdata/sample.pgn","event":"Paris","round":"?","games":1,"clean":1,' \
	"$TMP/counted" "an event's record"
expect_grep '^{"record":"event","file":"testdata/sample.pgn","games":1,"clean":0,"with_errors":1,' \
	"$TMP/counted" "a game without an Event tag: a record without \"event\""
expect_true "the records come after the findings" -- awk '/"record"/ { r = 1; next } r { exit 1 }' "$TMP/counted"
"$BIN" check -q -f text testdata/sample.pgn >"$TMP/counted-text"
expect_no_grep 'record' "$TMP/counted-text" "text has no records"
"$BIN" check -q -f csv testdata/sample.pgn >"$TMP/counted-csv"
expect_no_grep 'record' "$TMP/counted-csv" "CSV has no records"
# --select changes what is clean: a game is counted by the findings reported.
"$BIN" check -q -f jsonl --select illegal-move testdata/sample.pgn >"$TMP/selected"
expect_grep '^{"record":"file",.*"games":3,"clean":2,"with_errors":1,' "$TMP/selected" "--select: clean means no finding reported"
# The counts add up, checked apart from check (tests/count_games.py).
"$BIN" check -q -f jsonl testdata/check/*.pgn testdata/sample.pgn >"$TMP/all-counted"
expect_true "the records agree with the findings" -- python3 tests/count_games.py "$TMP/all-counted"

# 4. --select / --ignore.
"$BIN" check -f jsonl --select ambiguous-move testdata/check/*.pgn >"$TMP/sel"
expect_grep '"code":"ambiguous-move"' "$TMP/sel" "--select keeps the selected code"
expect_no_grep '"code":"illegal-move"' "$TMP/sel" "--select drops the others"
expect_status 0 "--ignore of every error code exits 0" -- "$BIN" check --ignore illegal-move,syntax,move-after-end "$pgn"
expect_no_grep 'illegal-move' "$TMP/out" "--ignore drops the code"
# Severities, globs, all, any case; a misspelt code is given its likely
# name (issue 27).  Each checked against counts made from the full output.
"$BIN" check -q -f jsonl testdata/check/*.pgn testdata/sample.pgn | grep -v '"record"' >"$TMP/everything"
count_of() { grep -c "$1" "$TMP/everything"; }
selected() { "$BIN" check -q -f jsonl "$@" testdata/check/*.pgn testdata/sample.pgn | grep -vc '"record"'; }
expect_true "--select info: the info findings" -- test "$(selected --select info)" = "$(count_of '"severity":"info"')"
expect_true "--select MISSED-*: the missed-* findings, any case" -- \
	test "$(selected --select 'MISSED-*')" = "$(count_of '"code":"missed-')"
expect_true "--select '*-mark': the mark findings" -- test "$(selected --select '*-mark')" = "$(count_of '"code":"[a-z]*-mark"')"
expect_true "--select warning,illegal-move: either" -- \
	test "$(selected --select warning,illegal-move)" = "$(grep -c '"severity":"warning"\|"code":"illegal-move"' "$TMP/everything")"
expect_true "--select all is everything" -- test "$(selected --select all)" = "$(wc -l <"$TMP/everything")"
expect_true "--ignore warning,info: the errors" -- test "$(selected --ignore warning,info)" = "$(count_of '"severity":"error"')"
expect_true "--select all --ignore missing-tag" -- \
	test "$(selected --select all --ignore Missing-Tag)" = "$(grep -vc '"code":"missing-tag"' "$TMP/everything")"
expect_status 2 "a misspelt code" -- "$BIN" check --select ilegal-move "$pgn"
expect_grep "^pgnaudit: 'ilegal-move' is not a check code; did you mean illegal-move?$" "$TMP/err" "a misspelt code: did you mean"
expect_status 2 "a glob that matches nothing" -- "$BIN" check --ignore 'nothing-*' "$pgn"
expect_grep "'nothing-\*' matches no check code" "$TMP/err" "a glob that matches nothing is said"
# The exit status's threshold: --fail-on, --strict (= info), --exit-zero.
printf '[Event "x"]\n[Result "*"]\n\n1. e4 e5\n' >"$TMP/warns.pgn"
expect_status 0 "a warning, --fail-on error" -- "$BIN" check -q --fail-on error "$TMP/warns.pgn"
expect_status 1 "a warning, --fail-on warning" -- "$BIN" check -q --fail-on warning "$TMP/warns.pgn"
expect_status 1 "a warning, --fail-on info" -- "$BIN" check -q --fail-on info "$TMP/warns.pgn"
expect_status 0 "errors, --fail-on never" -- "$BIN" check -q --fail-on never "$pgn"
expect_status 0 "errors, --exit-zero" -- "$BIN" check -q --exit-zero "$pgn"
expect_grep "illegal-move" "$TMP/out" "--exit-zero still prints the findings"
expect_status 2 "--exit-zero still exits 2 on a missing file" -- "$BIN" check -q --exit-zero "$TMP/no-such.pgn"
expect_status 2 "--fail-on takes a severity" -- "$BIN" check --fail-on sometimes "$pgn"
"$BIN" check -q -f jsonl "$pgn" >"$TMP/errors.jsonl"
expect_status 1 "report of errors" -- "$BIN" report "$TMP/errors.jsonl"
expect_status 0 "report --exit-zero of errors" -- "$BIN" report --exit-zero "$TMP/errors.jsonl"
expect_status 1 "fix of an unfixable game" -- "$BIN" fix -q "$pgn"
expect_status 0 "fix --exit-zero of an unfixable game" -- "$BIN" fix -q --exit-zero "$pgn"
expect_status 1 "split of a game with an error" -- "$BIN" split --clean="$TMP/c.pgn" --flagged="$TMP/f.pgn" "$pgn"
expect_status 0 "split --exit-zero of a game with an error" -- \
	"$BIN" split --exit-zero --clean="$TMP/c.pgn" --flagged="$TMP/f.pgn" "$pgn"

# 4b. --rules fide2005 cites the 2005 articles (the Russian seed's numbering),
#     with the year, every one of them.
"$BIN" check -f jsonl --rules fide2005 "$pgn" >"$TMP/2005"
expect_grep '"rule":"FIDE 2005 3.7(d)"' "$TMP/2005" "2005 edition: en passant is 3.7(d)"
expect_grep '"rule":"FIDE 2005 3.8(a)(ii)(1)"' "$TMP/2005" "2005 edition: lost castling rights are 3.8(a)(ii)(1)"
expect_no_grep '"rule":"FIDE 3.7.3' "$TMP/2005" "2005 edition: no 2023 pawn articles"
"$BIN" check -f jsonl --rules fide2005 testdata/check/*.pgn testdata/sample.pgn >"$TMP/2005all"
expect_no_grep '"rule":"FIDE [^2]' "$TMP/2005all" "2005 edition: every FIDE citation names the year"
expect_grep '"rule":"FIDE 2005 ' "$TMP/2005all" "2005 edition: FIDE citations there"
expect_status 2 "unknown rules edition" -- "$BIN" check --rules fide1999 "$pgn"
# --rules by-date is the default: the same findings as without it, and a
# game of 1886 past fivefold has no automatic draw (testdata/check/editions.pgn).
"$BIN" check -f jsonl --rules by-date testdata/check/*.pgn >"$TMP/bydate"
"$BIN" check -f jsonl testdata/check/*.pgn >"$TMP/default"
expect_same "$TMP/bydate" "$TMP/default" "--rules by-date is the default"
"$BIN" check -f jsonl --select automatic-draw --rules fide2023 testdata/check/editions.pgn >"$TMP/2023"
expect_grep '"event":"1 1886"' "$TMP/2023" "--rules fide2023 judges an 1886 game by the 2023 Laws"
"$BIN" check -f text --select automatic-draw testdata/check/editions.pgn >"$TMP/bydate"
expect_no_grep 'in game 1: ' "$TMP/bydate" "by date, an 1886 game has no automatic draw"

# 5. Formats.
"$BIN" check -f csv "$pgn" >"$TMP/csv"
expect_grep '^file,game,line,column,ply,move_number,side,san,code,severity,rule,message,fen,suggestion,white,black,event,round,date,variation,illegal_since,other_file,other_game,other_line$' "$TMP/csv" "CSV header"
rows=$(($(wc -l <"$TMP/csv") - 1))
jsonl_rows=$(grep -vc '^{"record"' "$TMP/plain")
[ "$rows" -eq "$jsonl_rows" ] && ok || bad "CSV has $rows rows, JSONL $jsonl_rows"
"$BIN" check "$pgn" >"$TMP/text"
expect_grep "^$pgn:[0-9]*:[0-9]*: error: illegal-move: .* \[FIDE 3.9\]$" "$TMP/text" "text lines are FILE:LINE:COL: severity: code: message [rule]"
expect_grep "^  in game 1: " "$TMP/text" "text names the game"
expect_no_grep "$(printf '\033')" "$TMP/text" "no colour when not on a terminal"
# A file in UTF-16 is refused with one message (not a finding at every
# byte) and the files after it are audited.
printf '\377\376' >"$TMP/utf16.pgn"
sed 's/./&\n/g' testdata/sample.pgn | tr '\n' '\0' | head -c 2000 >>"$TMP/utf16.pgn"
expect_status 2 "a UTF-16 file" -- "$BIN" check -q -f jsonl "$TMP/utf16.pgn" testdata/sample.pgn
expect_grep "utf16.pgn: the text is UTF-16 (it begins with the byte order mark FF FE), which is not read: convert it to UTF-8 first, e.g. iconv -f UTF-16 -t UTF-8$" "$TMP/err" "UTF-16: said how to convert it"
expect_true "UTF-16: one message" -- [ "$(wc -l <"$TMP/err")" -eq 1 ]
expect_no_grep '"file":"[^"]*utf16.pgn","game"' "$TMP/out" "UTF-16: no findings"
expect_grep '^{"record":"file","file":"[^"]*utf16.pgn","games":0,.*"read_whole":false}$' "$TMP/out" \
	"UTF-16: its record says no game was read and the file not read to its end"
expect_grep '"file":"testdata/sample.pgn"' "$TMP/out" "UTF-16: the next file is audited"
# getopt's own messages name the program and the command.
for cmd in check report replay fix split perft; do
	expect_status 2 "$cmd --frob" -- "$BIN" $cmd --frob
	expect_grep "^pgnaudit $cmd: unrecognized option '--frob'" "$TMP/err" "$cmd: getopt's message names pgnaudit $cmd"
done
# -o naming an input (under any name: itself, ./x, a symbolic link) would
# replace the games with the findings: refused, exit 2, nothing written.
cp testdata/sample.pgn "$TMP/own.pgn"
ln -s own.pgn "$TMP/own-link.pgn"
expect_status 2 "check -o its input" -- "$BIN" check -o "$TMP/own.pgn" "$TMP/own.pgn"
expect_grep "own.pgn: the output (-o .*own.pgn) is this input file; nothing was read or written" "$TMP/err" "check -o its input: said"
expect_status 2 "check -o a link to its second input" -- "$BIN" check -j 2 -o "$TMP/own-link.pgn" testdata/sample.pgn "$TMP/./own.pgn"
expect_status 2 "replay -o its input" -- "$BIN" replay -o "$TMP/own.pgn" "$TMP/own.pgn"
expect_same testdata/sample.pgn "$TMP/own.pgn" "-o naming an input leaves it as it was"
"$BIN" check -f jsonl testdata/sample.pgn >"$TMP/own.jsonl"
cp "$TMP/own.jsonl" "$TMP/own-copy.jsonl"
expect_status 2 "report -o its input" -- "$BIN" report -o "$TMP/own.jsonl" "$TMP/own.jsonl"
expect_same "$TMP/own-copy.jsonl" "$TMP/own.jsonl" "report -o naming its input leaves it as it was"
expect_status 1 "check -o another existing file" -- "$BIN" check -o "$TMP/own-copy.jsonl" "$TMP/own.pgn"
expect_grep "tag-format" "$TMP/own-copy.jsonl" "check -o another existing file replaces it"
# What the input says reaches the terminal with its control characters
# escaped: tag values, a token, a file name in a message on stderr.
printf '[Event "E\033]0;owned\007"]\n[White "W\033[2J"]\n[Black "B\302\233"]\n[Result "*"]\n\n1. e4 \033 *\n' >"$TMP/controls.pgn"
expect_status 1 "controls in tags" -- "$BIN" check --color=always "$TMP/controls.pgn"
expect_grep 'in game 1: W\\x1B\[2J - B\\u009B, E\\x1B\]0;owned\\x07' "$TMP/out" "text: control characters in tags escaped"
expect_grep "unexpected character '\\\\x1B'" "$TMP/out" "text: a control byte in the movetext quoted"
expect_no_grep "$(printf '\033')\[2J" "$TMP/out" "text: no escape sequence from the input"
expect_no_grep "$(printf '\007')" "$TMP/out" "text: no BEL from the input"
expect_status 2 "a missing file named with an escape" -- "$BIN" check "$TMP/no$(printf '\033')[2J.pgn"
expect_grep 'no\\x1B\[2J.pgn: No such file' "$TMP/err" "stderr: the file name's ESC escaped"
expect_no_grep "$(printf '\033')" "$TMP/err" "stderr: no ESC"
# At a terminal with no file, check says it reads standard input (issue
# 27); from a pipe it does not.
if command -v script >/dev/null 2>&1; then
	timeout 10 script -qec "$BIN check" /dev/null </dev/null >"$TMP/tty" 2>&1
	expect_grep "reading PGN from standard input (end it with Ctrl-D)" "$TMP/tty" "check at a terminal says it reads standard input"
	"$BIN" check </dev/null 2>"$TMP/err" >/dev/null
	expect_no_grep "reading PGN" "$TMP/err" "check from a pipe or file says nothing of it"
fi
# On a terminal (script(1) gives one): colour, but not with TERM=dumb
# or NO_COLOR (issue 27).
if command -v script >/dev/null 2>&1; then
	TERM=xterm script -qec "$BIN check $pgn" /dev/null >"$TMP/tty" 2>&1
	expect_grep "$(printf '\033')\[" "$TMP/tty" "colour on a terminal"
	TERM=dumb script -qec "$BIN check $pgn" /dev/null >"$TMP/tty" 2>&1
	expect_no_grep "$(printf '\033')\[" "$TMP/tty" "no colour on a terminal with TERM=dumb"
	TERM=xterm NO_COLOR=1 script -qec "$BIN check $pgn" /dev/null >"$TMP/tty" 2>&1
	expect_no_grep "$(printf '\033')\[" "$TMP/tty" "no colour on a terminal with NO_COLOR"
fi
"$BIN" check --color=always "$pgn" >"$TMP/color"
expect_grep "$(printf '\033')\[" "$TMP/color" "--color=always colours"

# 5b. -j N prints the same bytes as -j 1, in input order, over many batches
#     and several files (and exits the same way).
for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do cat testdata/check/*.pgn testdata/sample.pgn; done >"$TMP/many.pgn"
"$BIN" check -f jsonl "$TMP/many.pgn" testdata/check/illegal.pgn >"$TMP/j1"
j1_status=$?
for jobs in 2 3 8; do
	"$BIN" check -j "$jobs" -f jsonl "$TMP/many.pgn" testdata/check/illegal.pgn >"$TMP/jn"
	[ $? -eq "$j1_status" ] && ok || bad "-j $jobs exit status differs from -j 1"
	expect_same "$TMP/j1" "$TMP/jn" "-j $jobs output differs from -j 1"
done
gzip -c "$TMP/many.pgn" | "$BIN" check -j 2 -f jsonl - testdata/check/illegal.pgn | sed 's|"file":"-"|"file":"'"$TMP"'/many.pgn"|; s|"other_file":"-"|"other_file":"'"$TMP"'/many.pgn"|' >"$TMP/jgz"
expect_same "$TMP/j1" "$TMP/jgz" "-j 2 on gzip from a pipe"
# Workers lex pieces of text cut where a game seems to end; a wrong guess
# (a result in a comment or a variation, a game without a result...) or a
# game too long to cut must still give the bytes of -j 1.  Tiny pieces
# (PGNAUDIT_PIECE_BYTES, a test hook) put cuts everywhere; the 12 KB game
# makes a piece reach its largest size (16 x, at least 4 KiB) without a cut.
{
	printf '[Event "a long game"]\n[Result "*"]\n\n1. e4 {'
	for i in $(seq 1 300); do printf 'a long comment, line %d, with 1-0 at its end 1-0\n' "$i"; done
	printf '} e5 *\n\n'
	cat testdata/reader/pieces.pgn testdata/check/illegal.pgn
} >"$TMP/long.pgn"
# Line ends CRLF and CR (the pieces' lines are counted sixteen bytes at a time).
sed 's/$/\r/' "$TMP/many.pgn" >"$TMP/many-crlf.pgn"
tr '\n' '\r' <"$TMP/many.pgn" >"$TMP/many-cr.pgn"
# Results with a comment after them on their line, and no results at all:
# cut only before an Event tag after a blank line (parser/cut.h); a `;`
# comment after a result is cut before (pieces-semicolon-inline.pgn).
sed 's/\(1-0\|0-1\|1\/2-1\/2\|\*\)$/\1 {the end}/' "$TMP/many.pgn" >"$TMP/many-commented.pgn"
sed 's/ \(1-0\|0-1\|1\/2-1\/2\|\*\)$//' "$TMP/many.pgn" >"$TMP/many-no-results.pgn"
# Games with neither tags nor results: a move 1 after a blank line starts
# the next game, also in CRLF and CR files.
sed 's/$/\r/' testdata/check/untagged-no-results.pgn >"$TMP/untagged-crlf.pgn"
tr '\n' '\r' <testdata/check/untagged-no-results.pgn >"$TMP/untagged-cr.pgn"
for file in testdata/reader/pieces.pgn testdata/reader/pieces-cr.pgn testdata/reader/pieces-semicolon.pgn \
	testdata/reader/pieces-semicolon-inline.pgn "$TMP/long.pgn" "$TMP/many.pgn" "$TMP/many-crlf.pgn" "$TMP/many-cr.pgn" \
	"$TMP/many-commented.pgn" "$TMP/many-no-results.pgn" testdata/check/untagged-no-results.pgn \
	"$TMP/untagged-crlf.pgn" "$TMP/untagged-cr.pgn"; do
	for format in jsonl text csv; do
		"$BIN" check -f "$format" "$file" >"$TMP/p1" 2>&1
		p1_status=$?
		for size in 1 13 200 4096; do
			PGNAUDIT_PIECE_BYTES=$size "$BIN" check -j 2 -f "$format" "$file" >"$TMP/pn" 2>&1
			[ $? -eq "$p1_status" ] && ok || bad "-j 2, pieces of $size bytes: exit status differs on $file"
			expect_same "$TMP/p1" "$TMP/pn" "-j 2, pieces of $size bytes: $format output differs on $file"
		done
	done
	# A regular file is read by each thread at its pieces' offsets;
	# standard input (a pipe here) is read a piece after another.
	"$BIN" check -f jsonl - <"$file" >"$TMP/s1" 2>&1
	s1_status=$?
	for size in 1 13 200 4096; do
		cat "$file" | PGNAUDIT_PIECE_BYTES=$size "$BIN" check -j 2 -f jsonl - >"$TMP/sn" 2>&1
		[ $? -eq "$s1_status" ] && ok || bad "-j 2 from a pipe, pieces of $size bytes: exit status differs on $file"
		expect_same "$TMP/s1" "$TMP/sn" "-j 2 from a pipe, pieces of $size bytes: output differs on $file"
	done
	# A piece's output is written before the piece is done once it holds
	# 60 KiB, as soon as the pieces before it are written (or dropped, when
	# the piece is to be audited again); PGNAUDIT_EARLY_BYTES=1, a test
	# hook, does that at every finding.
	"$BIN" check -f jsonl "$file" >"$TMP/f1" 2>&1
	for size in 1 13 200; do
		PGNAUDIT_EARLY_BYTES=1 PGNAUDIT_PIECE_BYTES=$size "$BIN" check -j 2 -f jsonl "$file" >"$TMP/fn" 2>&1
		[ $? -eq "$p1_status" ] && ok || bad "-j 2, output written early, pieces of $size bytes: exit status differs on $file"
		expect_same "$TMP/f1" "$TMP/fn" "-j 2, output written early, pieces of $size bytes: output differs on $file"
		cat "$file" | PGNAUDIT_EARLY_BYTES=1 PGNAUDIT_PIECE_BYTES=$size "$BIN" check -j 3 -f jsonl - >"$TMP/sn" 2>&1
		[ $? -eq "$s1_status" ] && ok || bad "-j 3 from a pipe, output written early, pieces of $size bytes: exit status differs on $file"
		expect_same "$TMP/s1" "$TMP/sn" "-j 3 from a pipe, output written early, pieces of $size bytes: output differs on $file"
	done
done
# A file that holds more than its size says (procfs says 0) is read whole.
if [ -r /proc/version ]; then
	"$BIN" check -f jsonl /proc/version >"$TMP/v1" 2>&1
	v1_status=$?
	for size in 13 ""; do
		PGNAUDIT_PIECE_BYTES=$size "$BIN" check -j 2 -f jsonl /proc/version >"$TMP/vn" 2>&1
		[ $? -eq "$v1_status" ] && ok || bad "-j 2 on /proc/version: exit status differs"
		expect_same "$TMP/v1" "$TMP/vn" "-j 2 on /proc/version: output differs from -j 1"
	done
	[ -s "$TMP/v1" ] && ok || bad "/proc/version gives findings (it is not PGN)"
fi
# The whole shared corpus, when it is there: -j 2 prints the bytes of -j 1.
CORPUS_DIR=${CORPUS_DIR:-../shared/corpus}
if [ -d "$CORPUS_DIR" ]; then
	find "$CORPUS_DIR" \( -name '*.pgn' -o -name '*.pgn.gz' \) | sort >"$TMP/corpus.list"
	# shellcheck disable=SC2046 # file names without blanks
	"$BIN" check -f jsonl $(cat "$TMP/corpus.list") >"$TMP/k1" 2>"$TMP/k1e"
	k1_status=$?
	# shellcheck disable=SC2046
	"$BIN" check -j 2 -f jsonl $(cat "$TMP/corpus.list") >"$TMP/k2" 2>"$TMP/k2e"
	[ $? -eq "$k1_status" ] && ok || bad "-j 2 on the corpus: exit status differs"
	expect_same "$TMP/k1" "$TMP/k2" "-j 2 on the corpus: output differs from -j 1"
	expect_same "$TMP/k1e" "$TMP/k2e" "-j 2 on the corpus: messages differ from -j 1"
else
	echo "e2e: no corpus at $CORPUS_DIR; skipping the -j 2 comparison on it"
fi
# A slot of the ring that held a piece of a regular file (read at its
# offset, its text further into the slot's store) and then holds one of
# gzip (read in turn, from the store's start) must not write past the
# store: mixed inputs, tiny pieces.
gzip -c "$TMP/many.pgn" >"$TMP/many.pgn.gz"
"$BIN" check -f jsonl "$TMP/long.pgn" "$TMP/many.pgn.gz" "$TMP/many.pgn" "$TMP/many.pgn.gz" >"$TMP/m1" 2>&1
for size in 700 3000; do
	PGNAUDIT_PIECE_BYTES=$size "$BIN" check -j 3 -f jsonl "$TMP/long.pgn" "$TMP/many.pgn.gz" "$TMP/many.pgn" \
		"$TMP/many.pgn.gz" >"$TMP/mn" 2>&1
	expect_same "$TMP/m1" "$TMP/mn" "-j 3 on plain and gzip files in turn, pieces of $size bytes"
done
# A read error (truncated gzip) is reported after the games before it, with
# the same count.
head -c 20000 "$TMP/many.pgn" | gzip -c | head -c 3000 >"$TMP/cut.pgn.gz"
"$BIN" check -f jsonl "$TMP/cut.pgn.gz" >"$TMP/c1" 2>"$TMP/c1e"
c1_status=$?
for size in 200 4096 ""; do
	PGNAUDIT_PIECE_BYTES=$size "$BIN" check -j 3 -f jsonl "$TMP/cut.pgn.gz" >"$TMP/cn" 2>"$TMP/cne"
	[ $? -eq "$c1_status" ] && ok || bad "-j 3 on truncated gzip: exit status differs"
	expect_same "$TMP/c1" "$TMP/cn" "-j 3 on truncated gzip: output differs"
	expect_same "$TMP/c1e" "$TMP/cne" "-j 3 on truncated gzip: message differs"
done
expect_grep "truncated gzip data (after game [1-9]" "$TMP/c1e" "truncated gzip is reported with the games read"
head -c 60 "$TMP/cut.pgn.gz" >"$TMP/cut-early.pgn.gz"
expect_status 2 "gzip cut inside its first game" -- "$BIN" check "$TMP/cut-early.pgn.gz"
expect_grep "cut-early.pgn.gz: truncated gzip data$" "$TMP/err" "a read error before any game: no game number"
expect_status 2 "gzip cut inside its first game, -j 2" -- "$BIN" check -j 2 "$TMP/cut-early.pgn.gz"
expect_grep "cut-early.pgn.gz: truncated gzip data$" "$TMP/err" "-j 2: a read error before any game: no game number"
expect_status 2 "-j 0 is a usage error" -- "$BIN" check -j 0 "$pgn"

# 6. -o replaces a file only when complete; an unwritable place leaves nothing.
echo "old content" >"$TMP/report.jsonl"
expect_status 1 "-o FILE" -- "$BIN" check -f jsonl -o "$TMP/report.jsonl" "$pgn"
sed 's|"file":"[^"]*"|"file":"X"|' "$TMP/report.jsonl" >"$TMP/report.x"
expect_same "$TMP/plain" "$TMP/report.x" "-o writes the same findings"
[ ! -s "$TMP/out" ] && ok || bad "-o leaves standard output empty"
ls "$TMP" | grep -q 'pgnaudit-' && bad "-o left a temporary file behind" || ok
expect_status 2 "-o into a missing folder" -- "$BIN" check -o "$TMP/no/such/dir/out.txt" "$pgn"
expect_grep "out.txt" "$TMP/err" "the message names the output file"
mkfifo "$TMP/fifo"
cat "$TMP/fifo" >"$TMP/from-fifo" &
expect_status 1 "-o a FIFO" -- "$BIN" check -o "$TMP/fifo" "$pgn"
wait
[ -p "$TMP/fifo" ] && ok || bad "-o must write into a FIFO (or /dev/null), not replace it with a file"
expect_grep "illegal-move" "$TMP/from-fifo" "-o FIFO delivers the findings"
if [ -w /dev/full ]; then
	expect_status 2 "a write error on standard output" -- sh -c "$BIN check $pgn >/dev/full"
fi

# 7. replay: a line for ply 0, one per ply, FEN without a needless ep square.
printf '[Event "x"]\n[Result "*"]\n\n1. e4 c5 2. Nf3 *\n' | "$BIN" replay >"$TMP/replay"
printf '1\t0\t-\t-\trnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n1\t1\te4\te2e4\trnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n1\t2\tc5\tc7c5\trnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\n1\t3\tNf3\tg1f3\trnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2\n' >"$TMP/replay.want"
expect_same "$TMP/replay.want" "$TMP/replay" "replay prints every position"
"$BIN" replay testdata/check/illegal.pgn >"$TMP/replay2"
expect_grep "^1	8	Nxe4	" "$TMP/replay2" "replay goes up to the last legal ply"
expect_no_grep "^1	9	" "$TMP/replay2" "replay stops at the illegal move"
"$BIN" replay "$pgn" testdata/check/fen.pgn >"$TMP/replay3"
expect_grep "^# testdata/check/fen.pgn$" "$TMP/replay3" "replay names each file when given several"
expect_grep "	f1g1	" "$TMP/replay3" "Chess960 castling is king-takes-rook in UCI"

# 8. perft.
expect_status 0 "perft" -- "$BIN" perft "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" 3
[ "$(tail -1 "$TMP/out")" = 8902 ] && ok || bad "perft 3 of the start position is 8902"
"$BIN" perft --divide "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1" 2 >"$TMP/divide"
[ "$(wc -l <"$TMP/divide")" -eq 49 ] && ok || bad "perft --divide prints 48 moves and a total"
[ "$(tail -1 "$TMP/divide")" = 2039 ] && ok || bad "kiwipete perft 2 is 2039"
expect_status 2 "perft with a bad FEN" -- "$BIN" perft "not a fen" 1

# 9. The demo.
expect_status 1 "the demo sample has errors" -- "$BIN" check testdata/sample.pgn

# 10. I/O faults: a write error or a reader that goes away stops the command
#     with a message and exit 2; a file that cannot be read (not a
#     directory, a directory) is named, and the other files are still read.
#     (Tests run as root, so chmod 000 would not stop a read.)
for i in $(seq 400); do cat "$pgn"; done >"$TMP/many-errors.pgn"
if [ -w /dev/full ]; then
	expect_status 2 "check >/dev/full" -- sh -c "$BIN check $TMP/many-errors.pgn >/dev/full"
	expect_grep "^pgnaudit: error writing to standard output: No space left on device$" "$TMP/err" "/dev/full is named"
	expect_status 2 "check -j 2 >/dev/full" -- sh -c "$BIN check -j 2 $TMP/many-errors.pgn >/dev/full"
	expect_grep "^pgnaudit: error writing to standard output: No space left on device$" "$TMP/err" "/dev/full is named with -j 2"
	expect_status 2 "replay >/dev/full" -- sh -c "$BIN replay $TMP/many-errors.pgn >/dev/full"
	expect_status 2 "perft >/dev/full" -- sh -c "$BIN perft 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' 1 >/dev/full"
fi
# A reader that goes away (`| head -1`) stops the command quietly, as grep
# and git stop (issue 27): nothing on standard error, and the exit status
# of what was read - the errors found before (1), none for replay (0) -
# not 2, which `set -o pipefail` took for a failure.
for command in "check:1" "check -j 3:1" "check -f jsonl:1" "replay:0"; do
	want=${command##*:} command=${command%:*}
	# shellcheck disable=SC2086 # the command is words
	{ "$BIN" $command "$TMP/many-errors.pgn" 2>"$TMP/err"; echo $? >"$TMP/status"; } | head -1 >"$TMP/out"
	[ "$(cat "$TMP/status")" = "$want" ] && ok || bad "$command | head -1: exit $(cat "$TMP/status"), wanted $want"
	[ ! -s "$TMP/err" ] && ok || bad "$command | head -1: said $(head -1 "$TMP/err")"
	[ -s "$TMP/out" ] && ok || bad "$command | head -1 printed nothing"
done
expect_status 2 "a path through a regular file" -- "$BIN" check -f jsonl "$TMP/clean.pgn/x.pgn" "$pgn"
expect_grep "clean.pgn/x.pgn: Not a directory" "$TMP/err" "the message names the unreadable path and why"
expect_grep '"code":"illegal-move"' "$TMP/out" "the files after an unreadable one are still checked"
expect_status 2 "a directory without PGN files among files" -- "$BIN" check -f jsonl "$pgn" "$TMP/empty" "$pgn"
expect_grep "$TMP/empty: a directory without PGN files" "$TMP/err" "the message names the directory"
[ "$(grep -c '"code":"illegal-move"' "$TMP/out")" -eq "$(($(grep -c '"code":"illegal-move"' "$TMP/plain") * 2))" ] && ok ||
	bad "the files before and after a directory are both checked"
expect_status 2 "replay of a directory" -- "$BIN" replay "$TMP" "$pgn"
expect_grep "^1	1	" "$TMP/out" "replay goes on after a directory"

echo "e2e: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
