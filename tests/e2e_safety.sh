#!/bin/sh
# e2e_safety.sh - nothing the user gave is lost or overwritten (issue 24):
# outputs that are inputs under another name, fix --in-place run twice at
# once or on a file that grows, signals, closed standard descriptors, the
# attributes of a rewritten file.  Faults and delays are injected with
# strace where timing matters (make test installs it); those checks say
# they skip where strace is missing or cannot trace.
# Run from the repository root: `make e2e`.
set -u
BIN=$(pwd)/pgnaudit
TMP=$(mktemp -d "${TMPDIR:-/tmp}/pgnaudit-safety.XXXXXX")
trap 'rm -rf "$TMP"' EXIT INT TERM
. tests/e2e_lib.sh

SRC=testdata/check/notation.pgn
no_temporaries() { # DIR DESCRIPTION
	if ls "$1" | grep -q 'pgnaudit-'; then bad "$2: temporary files left: $(ls "$1" | grep pgnaudit-)"; else ok; fi
}
# LeakSanitizer cannot run under ptrace (make sanitize sets detect_leaks=1):
# a traced run leaves it out.
traced() {
	ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" strace "$@"
}
STRACE=
if command -v strace >/dev/null 2>&1 && strace -f -o /dev/null true 2>/dev/null; then
	STRACE=strace
else
	echo "e2e_safety: strace missing or not allowed to trace; skipping the checks that need it"
fi

# 1. An output that is an input under another name is refused before
#    anything is read or written: standard input redirected from it, split's
#    two outputs one file, split's output an input, fix -o onto an input
#    that cannot be read whole.
cp "$SRC" "$TMP/x.pgn"
"$BIN" check -o "$TMP/x.pgn" <"$TMP/x.pgn" >"$TMP/out" 2>"$TMP/err"
expect_true "check -o X < X exits 2" -- test $? = 2
expect_same "$SRC" "$TMP/x.pgn" "check -o X < X leaves X as it was"
expect_grep "the file standard input reads" "$TMP/err" "check -o X < X says why"
(cd "$TMP" && "$BIN" split --clean=s.pgn --flagged=./s.pgn x.pgn) >"$TMP/out" 2>"$TMP/err"
expect_true "split --clean=X --flagged=./X exits 2" -- test $? = 2
expect_true "split --clean=X --flagged=./X writes nothing" -- test ! -e "$TMP/s.pgn"
expect_grep "are one file" "$TMP/err" "split --clean=X --flagged=./X says why"
(cd "$TMP" && "$BIN" split --clean=./x.pgn --flagged=f.pgn x.pgn) >"$TMP/out" 2>"$TMP/err"
expect_true "split --clean=INPUT exits 2" -- test $? = 2
expect_same "$SRC" "$TMP/x.pgn" "split --clean=INPUT leaves the input as it was"
gzip -c "$SRC" >"$TMP/whole.gz"
head -c $(($(wc -c <"$TMP/whole.gz") / 2)) "$TMP/whole.gz" >"$TMP/cut.gz"
cp "$TMP/cut.gz" "$TMP/cut.before"
"$BIN" fix -o "$TMP/cut.gz" "$TMP/cut.gz" >"$TMP/out" 2>"$TMP/err"
expect_true "fix -o IN IN of a truncated gzip exits 2" -- test $? = 2
expect_same "$TMP/cut.before" "$TMP/cut.gz" "fix -o IN IN of a truncated gzip leaves it as it was"
no_temporaries "$TMP" "fix -o IN IN"

# 2. fix --in-place --backup of one file named twice: rewritten once, the
#    backup holds the original bytes.
mkdir "$TMP/twice" && cp "$SRC" "$TMP/twice/a.pgn"
(cd "$TMP/twice" && "$BIN" fix --in-place --backup=.orig a.pgn ./a.pgn) >"$TMP/out" 2>"$TMP/err"
expect_true "fix --in-place a.pgn ./a.pgn exits 0" -- test $? = 0
expect_same "$SRC" "$TMP/twice/a.pgn.orig" "the backup holds the original, not the fixed text"
expect_grep "rewritten once" "$TMP/err" "the second name is said to be the same file"
"$BIN" fix "$SRC" >"$TMP/fixed"
expect_same "$TMP/fixed" "$TMP/twice/a.pgn" "the file holds the fixed text"

# 3. Permissions, owner and group are kept; the temporary file is never
#    more open than the original (mkstemp's 0600, then the old mode).
mkdir "$TMP/mode" && cp "$SRC" "$TMP/mode/p.pgn" && chmod 600 "$TMP/mode/p.pgn"
[ "$(id -u)" = 0 ] && chown nobody "$TMP/mode/p.pgn" 2>/dev/null
owner=$(stat -c %u:%g "$TMP/mode/p.pgn")
if [ -n "$STRACE" ]; then
	traced -f -qq -e trace=fchmod,chmod,fchmodat -o "$TMP/chmods" "$BIN" fix --in-place "$TMP/mode/p.pgn" 2>/dev/null
	expect_no_grep "0644\|0666" "$TMP/chmods" "no moment with the temporary file open to others"
else
	"$BIN" fix --in-place "$TMP/mode/p.pgn" 2>/dev/null
fi
expect_true "the mode stays 600" -- test "$(stat -c %a "$TMP/mode/p.pgn")" = 600
expect_true "the owner and group stay" -- test "$(stat -c %u:%g "$TMP/mode/p.pgn")" = "$owner"
if python3 -c 'import os,sys; os.setxattr(sys.argv[1], "user.pgnaudit", b"kept")' "$TMP/mode/p.pgn" 2>/dev/null; then
	"$BIN" fix --in-place "$TMP/mode/p.pgn" 2>/dev/null
	got=$(python3 -c 'import os,sys; print(os.getxattr(sys.argv[1], "user.pgnaudit").decode())' "$TMP/mode/p.pgn" 2>&1)
	expect_true "extended attributes are kept" -- test "$got" = kept
else
	echo "e2e_safety: this file system takes no user.* attributes; skipping that check"
fi
ln "$TMP/mode/p.pgn" "$TMP/mode/link.pgn"
"$BIN" fix --in-place "$TMP/mode/p.pgn" >"$TMP/out" 2>"$TMP/err"
expect_grep "has 2 names" "$TMP/err" "a file with two hard links is said to have them"

if [ -n "$STRACE" ]; then
	# 4. A file that grows while fix --in-place runs (a live broadcast):
	#    its fsync is held back 1.5 s while a game is appended; the file is
	#    not replaced and the appended game is there.
	cp "$SRC" "$TMP/grow.pgn"
	traced -f -qq -o /dev/null -e trace=fsync -e inject=fsync:delay_enter=1500000 \
		"$BIN" fix --in-place "$TMP/grow.pgn" >"$TMP/out" 2>"$TMP/err" &
	pid=$!
	sleep 0.7
	printf '\n[Event "appended"]\n[Result "*"]\n\n1. e4 *\n' >>"$TMP/grow.pgn"
	wait $pid
	expect_true "fix --in-place of a growing file exits 2" -- test $? = 2
	expect_grep '\[Event "appended"\]' "$TMP/grow.pgn" "the game appended while fix ran is kept"
	expect_grep "changed while it was being fixed" "$TMP/err" "the message says the file changed"
	no_temporaries "$TMP" "fix --in-place of a growing file"

	# 5. Two fix --in-place --backup runs of one file at once: the second
	#    waits for the first, sees the file replaced and leaves it; the
	#    backup holds the original.
	mkdir "$TMP/two" && cp "$SRC" "$TMP/two/g.pgn"
	traced -f -qq -o /dev/null -e trace=fsync -e inject=fsync:delay_enter=1500000 \
		"$BIN" fix --in-place --backup=.orig "$TMP/two/g.pgn" >"$TMP/out1" 2>"$TMP/err1" &
	first=$!
	sleep 0.5
	"$BIN" fix --in-place --backup=.orig "$TMP/two/g.pgn" >"$TMP/out2" 2>"$TMP/err2"
	second=$?
	wait $first
	expect_true "the first of two runs rewrites the file" -- test $? = 0
	expect_true "the second of two runs at once refuses" -- test "$second" = 2
	expect_same "$SRC" "$TMP/two/g.pgn.orig" "two runs at once: the backup holds the original"
	expect_same "$TMP/fixed" "$TMP/two/g.pgn" "two runs at once: the file holds the fixed text"
	no_temporaries "$TMP/two" "two fix runs at once"
fi

# 6. A signal while an output is being written: the temporary file is
#    removed, the old output kept, the exit status 128 + the signal.  The
#    input is a FIFO kept open, so that the command is mid-way.  (SIGINT is
#    set back to its default first: a background job of a shell ignores it.)
for sig in INT TERM HUP; do
	d=$TMP/sig-$sig
	mkdir "$d" && echo "old findings" >"$d/out.jsonl" && mkfifo "$d/fifo"
	python3 - "$BIN" "$d" "$sig" "$SRC" <<'EOF' >"$d/status"
import os, signal, subprocess, sys, time
bin, d, sig, src = sys.argv[1:]
signal.signal(signal.SIGINT, signal.SIG_DFL)
p = subprocess.Popen([bin, "check", "-f", "jsonl", "-o", d + "/out.jsonl", d + "/fifo"],
                     stderr=subprocess.DEVNULL)
with open(d + "/fifo", "wb") as w:
    w.write(open(src, "rb").read())
    w.flush()
    time.sleep(0.5)
    temporaries = [n for n in os.listdir(d) if "pgnaudit-" in n]
    p.send_signal(getattr(signal, "SIG" + sig))
    status = p.wait()
print(len(temporaries), 128 - status if status < 0 else status)
EOF
	read -r seen status <"$d/status"
	case $sig in INT) number=2 ;; TERM) number=15 ;; *) number=1 ;; esac
	expect_true "SIG$sig: a temporary file was being written" -- test "$seen" = 1
	expect_true "SIG$sig: exit status 128 + the signal (got $status)" -- test "$status" = $((128 + number))
	no_temporaries "$d" "SIG$sig"
	expect_grep "old findings" "$d/out.jsonl" "SIG$sig: the old output is kept"
done

# 7. Standard error closed (2>&-): the diagnostics do not land in the -o
#    file, which holds findings only.
"$BIN" check -f jsonl -o "$TMP/closed.jsonl" "$SRC" "$TMP/no-such-file.pgn" 2>&-
expect_true "2>&-: exit 2 for the missing file" -- test $? = 2
expect_no_grep '^[^{]' "$TMP/closed.jsonl" "2>&-: the output holds JSON Lines only"
expect_grep '"code"' "$TMP/closed.jsonl" "2>&-: the findings are there"
"$BIN" fix -o "$TMP/closed.pgn" "$SRC" "$TMP/no-such-file.pgn" 2>&- >&-
expect_no_grep 'pgnaudit:' "$TMP/closed.pgn" "2>&- >&-: no diagnostic in fix's output"

# 8. split puts both outputs in place or neither: the second rename fails
#    (strace injects EIO), and the first output is put back; a write that
#    fails (a file-size limit) names the file and the error.
mkdir "$TMP/split" && echo OLD-CLEAN >"$TMP/split/c.pgn" && echo OLD-FLAGGED >"$TMP/split/f.pgn"
if [ -n "$STRACE" ]; then
	(cd "$TMP/split" && traced -f -qq -o /dev/null -e trace=rename -e inject=rename:error=EIO:when=2 \
		"$BIN" split --clean=c.pgn --flagged=f.pgn ../x.pgn) >/dev/null 2>"$TMP/err"
	expect_true "split, the second rename failing: exit 2" -- test $? = 2
	expect_grep "^OLD-CLEAN$" "$TMP/split/c.pgn" "split, the second rename failing: the first output put back"
	expect_grep "^OLD-FLAGGED$" "$TMP/split/f.pgn" "split, the second rename failing: the second output as it was"
	expect_grep "f.pgn: cannot be put in place: Input/output error; no output file was changed" "$TMP/err" \
		"split, the second rename failing: the message says what happened"
	no_temporaries "$TMP/split" "split, the second rename failing"
fi
(cd "$TMP/split" && ulimit -f 1 && "$BIN" split --clean=c.pgn --flagged=f.pgn ../x.pgn ../x.pgn ../x.pgn) >/dev/null 2>"$TMP/err"
expect_true "split past a file-size limit: exit 2" -- test $? = 2
expect_grep "write failed: File too large; no output file was written" "$TMP/err" "split past a file-size limit names the error"
expect_grep "^OLD-CLEAN$" "$TMP/split/c.pgn" "split past a file-size limit: the outputs as they were"
no_temporaries "$TMP/split" "split past a file-size limit"

# 9. A NAG out of range is kept as written, never turned into another
#    number (it was written back as $2147483647).
printf '[Event "n"]\n[Result "*"]\n\n1. e4 $999999999999 e5 *\n' >"$TMP/nag.pgn"
"$BIN" fix "$TMP/nag.pgn" >"$TMP/out" 2>"$TMP/err"
expect_grep '\$999999999999' "$TMP/out" "fix keeps a NAG out of range as written"
expect_grep "out of range" "$TMP/err" "fix says why the game is copied"

# 10. Names near the 255-byte limit: the temporary name must fit beside
#     them (a hidden short one then), for -o, --in-place and split.
long=$(python3 -c 'print("g" * 245)')
"$BIN" check -f jsonl -o "$TMP/$long.jsonl" "$SRC" >/dev/null 2>"$TMP/err"
expect_true "check -o a 251-byte name: written" -- test -s "$TMP/$long.jsonl"
cp "$SRC" "$TMP/$long.pgn"
"$BIN" fix --in-place "$TMP/$long.pgn" 2>"$TMP/err"
expect_same "$TMP/fixed" "$TMP/$long.pgn" "fix --in-place of a 249-byte name"
mkdir "$TMP/longsplit"
"$BIN" split --clean="$TMP/longsplit/$long.c" --flagged="$TMP/longsplit/$long.f" "$SRC" 2>"$TMP/err"
expect_true "split to 247-byte names: written" -- test -e "$TMP/longsplit/$long.c" -a -e "$TMP/longsplit/$long.f"
no_temporaries "$TMP" "names near the limit"

# 11. A diagnostic is one write(2), not one a byte: fix of 300 games it
#    cannot replay writes 300 messages.
if [ -n "$STRACE" ]; then
	i=0
	while [ $i -lt 300 ]; do printf '[Event "u%d"]\n[Result "*"]\n\n1. e4 e5 2. Ke3 *\n\n' $i; i=$((i + 1)); done >"$TMP/unfixable.pgn"
	traced -f -qq -e trace=write -o "$TMP/writes" "$BIN" fix -o /dev/null "$TMP/unfixable.pgn" 2>"$TMP/err"
	messages=$(wc -l <"$TMP/err")
	writes=$(grep -c '^[0-9]* *write(2,' "$TMP/writes")
	expect_true "300 messages ($messages) in as many writes to standard error ($writes)" -- test "$writes" -le "$messages" -a "$messages" -ge 300
fi

# 12. zstd, bzip2 and xz input is read (issue 27), compressed here with the
#     command-line tools (another implementation than the libraries'):
#     the findings of the plain text, from a file and from a pipe, with -j 1
#     and -j 2; concatenated frames or streams read one after another;
#     data cut short or damaged is one message naming the file and the
#     offset, after the findings of the games before, exit 2.
for i in 1 2 3 4 5 6 7 8; do cat testdata/check/*.pgn testdata/sample.pgn; done >"$TMP/plain.pgn"
"$BIN" check -q -f jsonl "$TMP/plain.pgn" | sed 's|"file":"[^"]*"|"file":"X"|; s|"other_file":"[^"]*"|"other_file":"X"|' >"$TMP/plain.jsonl"
for tool in "zstd -q -c:zstd:zst" "bzip2 -c:bzip2:bz2" "xz -c:xz:xz"; do
	cmd=${tool%%:*} rest=${tool#*:} name=${rest%%:*} ext=${tool##*:}
	command -v "$name" >/dev/null 2>&1 || { echo "e2e_safety: no $name; skipping its input"; continue; }
	$cmd "$TMP/plain.pgn" >"$TMP/in.pgn.$ext"
	for jobs in 1 2; do
		"$BIN" check -q -j $jobs -f jsonl "$TMP/in.pgn.$ext" | sed 's|"file":"[^"]*"|"file":"X"|; s|"other_file":"[^"]*"|"other_file":"X"|' >"$TMP/got.jsonl"
		expect_same "$TMP/plain.jsonl" "$TMP/got.jsonl" "$name file, -j $jobs: the findings of the plain text"
		cat "$TMP/in.pgn.$ext" | "$BIN" check -q -j $jobs -f jsonl - | sed 's|"file":"[^"]*"|"file":"X"|; s|"other_file":"[^"]*"|"other_file":"X"|' >"$TMP/got.jsonl"
		expect_same "$TMP/plain.jsonl" "$TMP/got.jsonl" "$name from a pipe, -j $jobs: the findings of the plain text"
	done
	cat "$TMP/in.pgn.$ext" "$TMP/in.pgn.$ext" >"$TMP/twice.$ext"
	"$BIN" check "$TMP/twice.$ext" >/dev/null 2>"$TMP/err"
	games=$("$BIN" check "$TMP/plain.pgn" 2>&1 >/dev/null | sed -n 's/^pgnaudit: checked \([0-9]*\) games.*/\1/p')
	expect_grep "checked $((2 * games)) games in 1 file" "$TMP/err" "$name: two concatenated ${name} data read one after the other"
	size=$(wc -c <"$TMP/in.pgn.$ext")
	head -c $((size * 2 / 3)) "$TMP/in.pgn.$ext" >"$TMP/cut.$ext"
	for jobs in 1 2; do
		"$BIN" check -q -j $jobs -f jsonl "$TMP/cut.$ext" >"$TMP/cut.jsonl" 2>"$TMP/err"
		expect_true "$name cut short, -j $jobs: exit 2" -- test $? = 2
		expect_true "$name cut short, -j $jobs: one message" -- test "$(wc -l <"$TMP/err")" = 1
		expect_grep "cut.$ext: truncated $name data (after byte [0-9]* of the compressed data)" "$TMP/err" \
			"$name cut short, -j $jobs: said, with the offset"
		grep -v '"record"' "$TMP/cut.jsonl" | sed 's|"file":"[^"]*"|"file":"X"|; s|"other_file":"[^"]*"|"other_file":"X"|' >"$TMP/cut.findings"
		n=$(wc -l <"$TMP/cut.findings")
		head -n "$n" "$TMP/plain.jsonl" >"$TMP/plain.head"
		expect_same "$TMP/plain.head" "$TMP/cut.findings" "$name cut short, -j $jobs: the games before it keep their findings ($n)"
		[ $jobs = 1 ] && cp "$TMP/err" "$TMP/err.j1"
	done
	expect_same "$TMP/err.j1" "$TMP/err" "$name cut short: -j 2 says what -j 1 says"
	{ cat "$TMP/in.pgn.$ext"; echo "not $name"; } >"$TMP/garbage.$ext"
	"$BIN" check -q "$TMP/garbage.$ext" >/dev/null 2>"$TMP/err"
	expect_true "$name with text after it: exit 2" -- test $? = 2
	expect_grep "garbage.$ext: .*$name data" "$TMP/err" "$name with text after it: said"
	"$BIN" fix "$TMP/in.pgn.$ext" >"$TMP/fixed.pgn" 2>/dev/null
	"$BIN" fix "$TMP/plain.pgn" >"$TMP/fixed-plain.pgn" 2>/dev/null
	expect_same "$TMP/fixed-plain.pgn" "$TMP/fixed.pgn" "fix of $name input writes what fix of the plain text writes"
done
# (zip archives: tests/e2e_inputs.sh.)

# 12a. Input that is not PGN at all (a program, a web page, binary data,
#      compressed or not): one message naming it, not a syntax finding at
#      every byte; exit 2; the file after it is read (issue 27).
printf '<!DOCTYPE html>\n<html><head><title>Games</title></head><body>404</body></html>\n' >"$TMP/page.pgn"
head -c 8192 /dev/urandom >"$TMP/noise.pgn"
# Noise with a '[' and a letter at a line's start, as one random file in
# 40 has (it was read as PGN): a tag pair needs its name and quote.
{ head -c 2000 /dev/urandom | tr '\n\r[' 'xxx'; printf '\n[Kx\001\002'; head -c 2000 /dev/urandom | tr '\n\r[' 'xxx'; } >"$TMP/bracket.pgn"
gzip -c /bin/sh >"$TMP/sh.gz"
for case in "/bin/sh:an ELF executable" "$TMP/page.pgn:an HTML page" "$TMP/noise.pgn:binary data" \
	"$TMP/bracket.pgn:binary data" "$TMP/sh.gz:an ELF executable"; do
	file=${case%%:*} kind=${case#*:}
	"$BIN" check -q -f jsonl "$file" "$SRC" >"$TMP/out" 2>"$TMP/err"
	expect_true "$file: exit 2" -- test $? = 2
	expect_true "$file: one message" -- test "$(wc -l <"$TMP/err")" = 1
	expect_grep "not a PGN file: it is $kind" "$TMP/err" "$file: said to be $kind"
	expect_no_grep "\"file\":\"$file\",\"game\"" "$TMP/out" "$file: no findings about its bytes"
	expect_grep "notation.pgn" "$TMP/out" "$file: the file after it is read"
done

# 13. A tag pair longer than the reader's 256 KiB buffer, its value never
#     closed: -j 2 (pieces lexed in memory) says what -j 1 says.
python3 -c '
import sys
g = "[Event \"ok\"]\n[Result \"*\"]\n\n1. e4 *\n\n"
sys.stdout.write(g * 50 + "[Event \"" + "a" * 300000 + "\n[Result \"*\"]\n\n1. d4 *\n\n" + g * 50)' >"$TMP/longtag.pgn"
"$BIN" check -j 1 -f jsonl "$TMP/longtag.pgn" >"$TMP/j1"
"$BIN" check -j 2 -f jsonl "$TMP/longtag.pgn" >"$TMP/j2"
PGNAUDIT_PIECE_BYTES=4096 "$BIN" check -j 2 -f jsonl "$TMP/longtag.pgn" >"$TMP/j2small"
expect_same "$TMP/j1" "$TMP/j2" "a 300 KB tag pair: -j 2 as -j 1"
expect_same "$TMP/j1" "$TMP/j2small" "a 300 KB tag pair: -j 2 in 4 KiB pieces as -j 1"
expect_grep 'tag pair longer than 65536 bytes' "$TMP/j1" "a 300 KB tag pair is said to be too long"

# 14. fix and split keep at most 16 MiB of a game in memory, the rest in a
#     temporary file in $TMPDIR (tests/hostile.sh measures the memory).
#     When that file cannot be made, the message says where and why, the
#     exit status is 2, and no output is put in place.
python3 -c '
import sys
sys.stdout.write("[Event \"big\"]\n[Result \"*\"]\n\n1. e4 {" + "x" * 17000000 + "} e5 *\n")' >"$TMP/big.pgn"
TMPDIR=$TMP/missing "$BIN" split --clean="$TMP/c.pgn" --flagged="$TMP/f.pgn" "$TMP/big.pgn" >"$TMP/out" 2>"$TMP/err"
expect_true "split with no room for a big game exits 2" -- test $? = 2
expect_grep "cannot keep the text in a temporary file in $TMP/missing: No such file" "$TMP/err" "split says where the text could not be kept"
expect_true "split with no room for a big game writes nothing" -- test ! -e "$TMP/c.pgn" -a ! -e "$TMP/f.pgn"
TMPDIR=$TMP/missing "$BIN" fix -i "$TMP/big.pgn" >"$TMP/out" 2>"$TMP/err"
expect_true "fix -i with no room for a big game exits 2" -- test $? = 2
expect_grep "cannot keep the text in a temporary file in $TMP/missing" "$TMP/err" "fix says where the text could not be kept"
expect_true "fix -i with no room for a big game leaves it" -- test "$(wc -c <"$TMP/big.pgn")" -gt 17000000
no_temporaries "$TMP" "fix and split without room for a big game"
"$BIN" split --clean="$TMP/c.pgn" --flagged="$TMP/f.pgn" "$TMP/big.pgn" >"$TMP/out" 2>"$TMP/err"
expect_same "$TMP/big.pgn" "$TMP/f.pgn" "split copies a 17 MB game byte for byte"
rm -f "$TMP/big.pgn" "$TMP/c.pgn" "$TMP/f.pgn"

echo "e2e_safety: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
