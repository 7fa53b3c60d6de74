#!/bin/sh
# e2e_inputs.sh - zip archives (issue 27), made with the zip command (Info-ZIP,
# another implementation than libarchive's, which reads them): a TWIC-style
# archive of two PGN members and a README, read member by member and named
# archive.zip:member.pgn; from a pipe; one member named or globbed; inside
# folders given to check; fix, split and replay of them; damage (cut short
# in a member or in the central directory, a bad CRC, an encrypted
# member): one message naming the archive and the offset, the games before
# audited, exit 2; an archive of many members read in one pass.  Then a
# lichess-style .pgn.zst, and the progress line on a terminal.
# Run from the repository root: `make e2e`.
set -u
BIN=$(pwd)/pgnaudit
TMP=$(mktemp -d "${TMPDIR:-/tmp}/pgnaudit-inputs.XXXXXX")
trap 'rm -rf "$TMP"' EXIT INT TERM
. tests/e2e_lib.sh

if ! command -v zip >/dev/null 2>&1; then
	echo "e2e_inputs: no zip command (make test installs it); skipping"
	exit 0
fi

# Two members as a TWIC issue has them (here: testdata's own games), and a
# file that is not PGN, which is passed over.
mkdir "$TMP/twic"
cat testdata/check/*.pgn >"$TMP/twic/twic1001.pgn"
cp testdata/sample.pgn "$TMP/twic/twic1002.pgn"
echo "The Week in Chess, issues 1001 and 1002" >"$TMP/twic/README.txt"
(cd "$TMP/twic" && zip -q ../twic.zip twic1001.pgn twic1002.pgn README.txt)
ZIP=$TMP/twic.zip

# The findings of each member are those of the plain file, under the name
# archive.zip:member.pgn, in the archive's order; -j 2 as -j 1.
"$BIN" check -q -f jsonl "$TMP/twic/twic1001.pgn" "$TMP/twic/twic1002.pgn" |
	sed "s|$TMP/twic/\(twic100[12].pgn\)|$ZIP:\1|g" >"$TMP/plain.jsonl"
for jobs in 1 2; do
	"$BIN" check -j $jobs -f jsonl "$ZIP" >"$TMP/zip.jsonl" 2>"$TMP/err"
	expect_same "$TMP/plain.jsonl" "$TMP/zip.jsonl" "zip, -j $jobs: each member's findings, named archive.zip:member"
done
expect_grep '"record":"file","file":"[^"]*twic.zip:twic1002.pgn"' "$TMP/zip.jsonl" "zip: a file record for each member"
expect_no_grep 'README' "$TMP/zip.jsonl" "zip: the member not named *.pgn is passed over"
"$BIN" check "$ZIP" >"$TMP/out" 2>"$TMP/err"
expect_true "zip with errors in it: exit 1" -- test $? = 1
expect_grep "^$ZIP:twic1001.pgn:[0-9]*:[0-9]*: error: " "$TMP/out" "zip: text findings name the member, the line and column"
expect_grep "in 2 files:" "$TMP/err" "zip: the summary counts the two members"

# From a pipe the members are read one after another, as unzip -p gives
# them, with a newline between: the games of both, under "standard input".
cat "$TMP/twic/twic1001.pgn" "$TMP/twic/twic1002.pgn" | "$BIN" check -q -f jsonl - >"$TMP/cat.jsonl"
"$BIN" check -q -f jsonl - <"$ZIP" >"$TMP/stdin.jsonl"
grep -v '"record"' "$TMP/cat.jsonl" | sed 's/"line":[0-9]*,//' >"$TMP/cat.findings"
grep -v '"record"' "$TMP/stdin.jsonl" | sed 's/"line":[0-9]*,//' >"$TMP/stdin.findings"
expect_same "$TMP/cat.findings" "$TMP/stdin.findings" "zip on standard input (a file): the findings of the members one after another"
cat "$ZIP" | "$BIN" check -q -f jsonl - | grep -v '"record"' | sed 's/"line":[0-9]*,//' >"$TMP/pipe.findings"
expect_same "$TMP/cat.findings" "$TMP/pipe.findings" "zip from a pipe: the findings of the members one after another"

# One member named, or a glob; a name that matches none.
"$BIN" check -q -f jsonl "$ZIP:twic1002.pgn" >"$TMP/one.jsonl"
grep "twic1002.pgn" "$TMP/zip.jsonl" >"$TMP/want.jsonl"
expect_same "$TMP/want.jsonl" "$TMP/one.jsonl" "archive.zip:member.pgn checks that member alone"
"$BIN" check -q -f jsonl "$ZIP:twic100*.pgn" >"$TMP/glob.jsonl"
expect_same "$TMP/zip.jsonl" "$TMP/glob.jsonl" "archive.zip:GLOB checks the members it matches"
expect_status 2 "a member that is not there" -- "$BIN" check "$ZIP:twic9999.pgn"
expect_grep "twic.zip: no \*.pgn member of the zip archive is named 'twic9999.pgn'" "$TMP/err" "a member that is not there is said"

# A folder: its archives among its PGN files, in the byte order of the paths.
mkdir -p "$TMP/dir/b"
cp "$ZIP" "$TMP/dir/b/twic.zip"
cp testdata/sample.pgn "$TMP/dir/a.pgn"
"$BIN" check -q -f jsonl "$TMP/dir" | sed -n 's/.*"record":"file","file":"\([^"]*\)".*/\1/p' >"$TMP/files"
printf '%s\n' "$TMP/dir/a.pgn" "$TMP/dir/b/twic.zip:twic1001.pgn" "$TMP/dir/b/twic.zip:twic1002.pgn" >"$TMP/want"
expect_same "$TMP/want" "$TMP/files" "check DIR reads the zip archives in it, member by member"

# fix -o writes the members' games as plain PGN; --in-place leaves an
# archive alone; split and replay read the members.
"$BIN" fix -q "$TMP/twic/twic1001.pgn" "$TMP/twic/twic1002.pgn" >"$TMP/fixed-plain.pgn" 2>/dev/null
"$BIN" fix -q "$ZIP" >"$TMP/fixed-zip.pgn" 2>/dev/null
expect_same "$TMP/fixed-plain.pgn" "$TMP/fixed-zip.pgn" "fix of a zip archive writes what fix of its members writes"
cp "$ZIP" "$TMP/keep.zip"
expect_status 2 "fix --in-place of a zip archive" -- "$BIN" fix --in-place "$ZIP"
expect_same "$TMP/keep.zip" "$ZIP" "fix --in-place leaves a zip archive as it was"
mkdir "$TMP/shards"
"$BIN" split --shards=2 --prefix="$TMP/shards/part" "$ZIP" >/dev/null 2>&1
cat "$TMP/shards"/*.pgn >"$TMP/shards.pgn" 2>/dev/null
cat "$TMP/twic/twic1001.pgn" "$TMP/twic/twic1002.pgn" >"$TMP/members.pgn"
expect_true "split --shards of a zip archive: every game in a shard" -- \
	test "$("$BIN" check -q -f jsonl "$TMP/shards.pgn" | grep -o '"games":[0-9]*' | head -1)" = \
	"$("$BIN" check -q -f jsonl "$TMP/members.pgn" | grep -o '"games":[0-9]*' | head -1)"
"$BIN" replay "$ZIP" >"$TMP/replay.zip" 2>/dev/null
"$BIN" replay "$TMP/twic/twic1001.pgn" "$TMP/twic/twic1002.pgn" 2>/dev/null | sed "s|$TMP/twic/|$ZIP:|" >"$TMP/replay.plain"
expect_same "$TMP/replay.plain" "$TMP/replay.zip" "replay of a zip archive prints its members' games"

# Damage.  Cut short inside the second member: its games before the cut
# keep their findings, one message with the offset, exit 2.
size=$(wc -c <"$ZIP")
offset=$(unzip -v "$ZIP" | awk '$NF == "twic1002.pgn" { print $3 }')
first=$(($(wc -c <"$ZIP") - offset))
python3 - "$ZIP" "$TMP/cut.zip" <<'EOF'
import sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z:
    info = z.getinfo("twic1002.pgn")
    # the local header (30 bytes, the name, the extra field), then half the data
    with open(sys.argv[1], "rb") as f:
        data = f.read()
    start = info.header_offset + 30 + len(info.filename) + len(info.extra)
    open(sys.argv[2], "wb").write(data[: start + info.compress_size // 2])
EOF
for way in file pipe; do
	if [ $way = file ]; then
		"$BIN" check -q -f jsonl "$TMP/cut.zip" >"$TMP/cut.jsonl" 2>"$TMP/err"
	else
		cat "$TMP/cut.zip" | "$BIN" check -q -f jsonl - >"$TMP/cut.jsonl" 2>"$TMP/err"
	fi
	expect_true "zip cut short in a member ($way): exit 2" -- test $? = 2
	expect_true "zip cut short in a member ($way): one message" -- test "$(wc -l <"$TMP/err")" = 1
	expect_grep "truncated zip data (at byte [0-9]* of the archive)" "$TMP/err" "zip cut short in a member ($way): said, with the offset"
done
"$BIN" check -q -f jsonl "$TMP/cut.zip" >"$TMP/cut.jsonl" 2>/dev/null
grep '"file":"[^"]*twic1001.pgn","game"' "$TMP/zip.jsonl" >"$TMP/first.want"
grep '"file":"[^"]*twic1001.pgn","game"' "$TMP/cut.jsonl" | sed "s|cut.zip|twic.zip|g" >"$TMP/first.got"
expect_same "$TMP/first.want" "$TMP/first.got" "zip cut short in the second member: the first member's findings all there"

# Cut short in the central directory, after the members' data: said, exit 2.
head -c $((size - 30)) "$ZIP" >"$TMP/nocd.zip"
for way in file pipe; do
	if [ $way = file ]; then
		"$BIN" check -q "$TMP/nocd.zip" >"$TMP/out" 2>"$TMP/err"
	else
		cat "$TMP/nocd.zip" | "$BIN" check -q - >"$TMP/out" 2>"$TMP/err"
	fi
	expect_true "zip without the end of its central directory ($way): exit 2" -- test $? = 2
	expect_grep "truncated zip archive: its central directory is missing or cut short" "$TMP/err" \
		"zip without the end of its central directory ($way): said"
done

# A byte of the first member's data changed: the CRC does not match.
python3 - "$ZIP" "$TMP/crc.zip" <<'EOF'
import sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z:
    info = z.getinfo("twic1001.pgn")
data = bytearray(open(sys.argv[1], "rb").read())
start = info.header_offset + 30 + len(info.filename) + len(info.extra)
data[start + info.compress_size // 2] ^= 0x55
open(sys.argv[2], "wb").write(data)
EOF
"$BIN" check -q "$TMP/crc.zip" >"$TMP/out" 2>"$TMP/err"
expect_true "zip with damaged data: exit 2" -- test $? = 2
expect_grep "crc.zip:twic1001.pgn: corrupt zip data" "$TMP/err" "zip with damaged data: said, naming the member"
expect_grep "twic1002.pgn" "$TMP/out" "zip with damaged data: the next member is read"

# An encrypted member; an archive without a PGN member; an empty one.
(cd "$TMP/twic" && zip -q -P secret ../locked.zip twic1002.pgn)
expect_status 2 "an encrypted member" -- "$BIN" check "$TMP/locked.zip"
expect_grep "locked.zip: the member twic1002.pgn is encrypted, which is not read: unzip it first" "$TMP/err" "an encrypted member is said"
(cd "$TMP/twic" && zip -q ../readme.zip README.txt)
expect_status 2 "an archive without a PGN member" -- "$BIN" check "$TMP/readme.zip" testdata/sample.pgn
expect_grep "readme.zip: a zip archive without a \*.pgn member (it holds README.txt)" "$TMP/err" "an archive without a PGN member is said"
expect_grep "sample.pgn" "$TMP/out" "an archive without a PGN member: the next file is read"
expect_status 2 "an archive without a PGN member, from a pipe" -- sh -c "cat '$TMP/readme.zip' | '$BIN' check"
expect_grep "standard input: a zip archive without a \*.pgn member" "$TMP/err" "an archive without a PGN member, from a pipe, is said"

# 2,000 members are read in one pass over the archive (opening it again
# for each member once took 46 s for 3,000).
mkdir "$TMP/many"
python3 - "$TMP/many" <<'EOF'
import sys
for i in range(2000):
    with open("%s/g%04d.pgn" % (sys.argv[1], i), "w") as f:
        f.write('[Event "e%d"]\n[Site "?"]\n[Date "2020.01.01"]\n[Round "1"]\n[White "a"]\n[Black "b"]\n'
                '[Result "1-0"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n' % i)
EOF
(cd "$TMP/many" && zip -q ../many.zip ./*.pgn)
for jobs in 1 2; do
	# (the games are twins of one another: the same moves, players and
	# day under 2000 Event names)
	"$BIN" check -j $jobs --ignore twin-game "$TMP/many.zip" >"$TMP/out" 2>"$TMP/err"
	expect_grep "checked 2000 games in 2000 files: 2000 clean" "$TMP/err" "2000 members, -j $jobs: every one read"
done

# The lichess database's form: games with [%clk] comments in a .pgn.zst
# made by zstd -19 (testdata/inputs/lichess.pgn, 30 of its games): the
# same records as the text, from the file with -j 1 and -j 2 and from a
# pipe; cut short, one message with the offset after the games before.
if command -v zstd >/dev/null 2>&1; then
	L=testdata/inputs/lichess.pgn
	zstd -q -19 -c $L >"$TMP/lichess_db.pgn.zst"
	"$BIN" check -q -f jsonl $L | sed "s|$L|X|" >"$TMP/lichess.want"
	for jobs in 1 2; do
		"$BIN" check -q -j $jobs -f jsonl "$TMP/lichess_db.pgn.zst" | sed "s|$TMP/lichess_db.pgn.zst|X|" >"$TMP/lichess.got"
		expect_same "$TMP/lichess.want" "$TMP/lichess.got" "lichess .pgn.zst (zstd -19), -j $jobs: the records of the text"
	done
	"$BIN" check -q -f jsonl - <"$TMP/lichess_db.pgn.zst" | sed "s|\"file\":\"-\"|\"file\":\"X\"|" >"$TMP/lichess.got"
	expect_same "$TMP/lichess.want" "$TMP/lichess.got" "lichess .pgn.zst from standard input: the records of the text"
	expect_grep '"record":"file","file":"X","games":30,"clean":30' "$TMP/lichess.want" "lichess: its 30 games read and counted"
	# Eight copies, cut in the last of zstd's 128 KiB blocks (a block cut
	# short is nothing decoded).
	for i in 1 2 3 4 5 6 7 8; do cat $L; done | zstd -q -19 -c >"$TMP/lichess8.pgn.zst"
	size=$(wc -c <"$TMP/lichess8.pgn.zst")
	head -c $((size - 16)) "$TMP/lichess8.pgn.zst" >"$TMP/lichess_cut.pgn.zst"
	"$BIN" check -q -j 2 -f jsonl "$TMP/lichess_cut.pgn.zst" >"$TMP/out" 2>"$TMP/err"
	expect_true "lichess .pgn.zst cut short: exit 2" -- test $? = 2
	expect_grep "lichess_cut.pgn.zst: truncated zstd data (after byte [0-9]* of the compressed data) (after game [1-9][0-9]*)" "$TMP/err" \
		"lichess .pgn.zst cut short: the offset and the games before"
else
	echo "e2e_inputs: no zstd command; skipping the lichess-style .pgn.zst"
fi

# The progress line (issue 27), on a terminal made by script(1); at once
# with PGNAUDIT_PROGRESS_AFTER=0, then twice a second.
if command -v script >/dev/null 2>&1 && script -q -c true /dev/null >/dev/null 2>&1; then
	tty_run() { # FILE COMMAND: COMMAND's terminal output into FILE
		out=$1
		shift
		PGNAUDIT_PROGRESS_AFTER=0 script -q -c "$*" /dev/null >"$out" 2>&1 </dev/null
	}
	S=testdata/sample.pgn
	mb=$(awk -v n="$(wc -c <$S)" 'BEGIN { printf "%.1f", n / 1e6 }')
	tty_run "$TMP/tty" "'$BIN' check -o /dev/null $S"
	expect_grep "pgnaudit: 0.0 of $mb MB (0%), 0 games, 0.0 MB/s" "$TMP/tty" "progress on a terminal: bytes of the total, games, MB/s"
	expect_true "progress: taken off before the summary" -- grep -aq "$(printf '\033\\[Kpgnaudit: checked')" "$TMP/tty"
	tty_run "$TMP/tty" "'$BIN' check --no-progress -o /dev/null $S"
	expect_no_grep "MB (0%)" "$TMP/tty" "--no-progress: no progress line"
	expect_grep "pgnaudit: checked" "$TMP/tty" "--no-progress: the summary still"
	tty_run "$TMP/tty" "'$BIN' check -q -o /dev/null $S"
	expect_no_grep "MB (0%)" "$TMP/tty" "-q: no progress line"
	tty_run "$TMP/tty" "TERM=dumb '$BIN' check -o /dev/null $S"
	expect_no_grep "MB (0%)" "$TMP/tty" "TERM=dumb: no progress line"
	tty_run "$TMP/tty" "'$BIN' check -o /dev/null $S 2>'$TMP/err.txt'"
	expect_no_grep "MB" "$TMP/err.txt" "standard error not a terminal: no progress line"
	# From a pipe: no total; the games counted as they are read (the last
	# one is complete only at the end of the input).
	games=$("$BIN" check $S 2>&1 >/dev/null | sed -n 's/^pgnaudit: checked \([0-9]*\) games.*/\1/p')
	tty_run "$TMP/tty" "(cat $S; sleep 1.2) | '$BIN' check -o /dev/null"
	expect_grep "pgnaudit: 0.0 MB, 0 games" "$TMP/tty" "progress from a pipe: no total"
	expect_grep "pgnaudit: $mb MB, $((games - 1)) games" "$TMP/tty" "progress from a pipe: the games read so far"
	for jobs in 2; do
		tty_run "$TMP/tty" "(cat $S; sleep 1.2) | '$BIN' check -j $jobs -o /dev/null"
		expect_grep "pgnaudit: $mb MB, [0-9]* games" "$TMP/tty" "progress with -j $jobs"
	done
	tty_run "$TMP/tty" "'$BIN' fix -o '$TMP/fixed.pgn' $S"
	expect_grep "pgnaudit: 0.0 of $mb MB (0%)" "$TMP/tty" "fix -o FILE: progress on the terminal"
	tty_run "$TMP/tty" "'$BIN' fix $S"
	expect_no_grep "MB (0%)" "$TMP/tty" "fix writing to the terminal: no progress line over the games"
	tty_run "$TMP/tty" "'$BIN' split --clean='$TMP/c.pgn' --flagged='$TMP/f.pgn' $S"
	expect_grep "pgnaudit: 0.0 of $mb MB (0%)" "$TMP/tty" "split: progress on the terminal"
	tty_run "$TMP/tty" "'$BIN' check -o /dev/null '$ZIP'"
	expect_grep "pgnaudit: 0.0 of 0.[0-9] MB (0%)" "$TMP/tty" "a zip archive: progress of the archive's bytes"
else
	echo "e2e_inputs: no script(1) that makes a terminal; skipping the progress line"
fi

echo "e2e_inputs: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
