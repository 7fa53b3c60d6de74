#!/bin/sh
# e2e_fixz.sh - `pgnaudit fix --in-place` of compressed files (issue 27):
# a gzip, zstd, bzip2 or xz file is written back in its own compression.
#
# The files are compressed here by the command-line tools and the result
# is read back by them (gzip -dc, zstd -dc, bzip2 -dc, xz -dc), not by
# pgnaudit: what they decompress must be what `fix -o` writes of the plain
# text, and they must find the data whole (-t).  Then what must not change:
# --backup keeps the original's compressed bytes; a file that cannot be
# read whole (cut short) or whose fixed text cannot be written (ulimit -f)
# keeps its bytes and leaves no temporary file; a signal at the last step
# before the rename (strace injects it at fsync) leaves the original too;
# zip and 7-Zip archives are refused.  A tool that is missing skips its
# compression, saying so.  Run from the repository root: `make e2e`.
set -u
BIN=$(pwd)/pgnaudit
TMP=$(mktemp -d "${TMPDIR:-/tmp}/pgnaudit-fixz.XXXXXX")
trap 'rm -rf "$TMP"' EXIT INT TERM
. tests/e2e_lib.sh

no_temporaries() { # DIR DESCRIPTION
	if ls -A "$1" | grep -q 'pgnaudit-'; then bad "$2: temporary files left: $(ls -A "$1" | grep pgnaudit-)"; else ok; fi
}
# The first bytes of a file in hex, without spaces.
magic() { od -An -tx1 -N"$2" "$1" | tr -d ' \n'; }

# Two inputs: annotated.pgn (games fix copies byte for byte among those it
# writes anew) and 280 KB of the test files, more than the writer's 64 KiB
# buffer and the libraries' own output buffers many times over.
for i in 1 2 3 4 5 6 7 8; do cat testdata/check/*.pgn testdata/sample.pgn; done >"$TMP/many.pgn"
# And games fix writes anew, every one, so that with -q it says nothing
# but trouble: under ulimit -f standard error is limited too.
for i in 1 2 3 4 5 6 7 8; do cat testdata/check/notation.pgn testdata/check/endings.pgn testdata/check/results.pgn; done \
	>"$TMP/clean.pgn"
cp testdata/fix/annotated.pgn "$TMP/annotated.pgn"
for plain in annotated many; do
	"$BIN" fix -q -o "$TMP/$plain.fixed" "$TMP/$plain.pgn" 2>/dev/null
done

STRACE=
if command -v strace >/dev/null 2>&1 && strace -f -o /dev/null true 2>/dev/null; then
	STRACE=strace
else
	echo "e2e_fixz: strace missing or not allowed to trace; skipping the signal checks"
fi

# name, the tool that compresses, its suffix, the magic bytes (hex).
for kind in "gzip:gzip -c:gz:1f8b" "zstd:zstd -q -c:zst:28b52ffd" "bzip2:bzip2 -c:bz2:425a68" "xz:xz -c:xz:fd377a585a00"; do
	name=${kind%%:*} rest=${kind#*:}
	compress=${rest%%:*} rest=${rest#*:}
	ext=${rest%%:*} want=${rest#*:}
	if ! command -v "$name" >/dev/null 2>&1; then
		echo "e2e_fixz: no $name; skipping its files"
		continue
	fi
	d=$TMP/$name
	mkdir "$d"

	# 1. The round trip: what the tool decompresses is what fix -o writes.
	for plain in annotated many; do
		f=$d/$plain.pgn.$ext
		$compress "$TMP/$plain.pgn" >"$f"
		cp "$f" "$d/$plain.before"
		chmod 640 "$f"
		"$BIN" fix -q --in-place --backup=.orig "$f" >"$TMP/out" 2>"$TMP/err"
		status=$?
		expect_true "$name $plain: fix --in-place exits 1 (games copied unchanged), not $status" -- test "$status" = 1
		expect_true "$name $plain: still $name (magic $want, not $(magic "$f" 6))" -- \
			test "$(magic "$f" $((${#want} / 2)))" = "$want"
		expect_true "$name $plain: $name -t finds the data whole" -- "$name" -t -q "$f"
		"$name" -dc "$f" >"$d/$plain.back" 2>"$TMP/err"
		expect_true "$name $plain: $name -dc exits 0" -- test $? = 0
		expect_same "$TMP/$plain.fixed" "$d/$plain.back" "$name $plain: $name -dc of the file is not what fix -o writes"
		expect_same "$d/$plain.before" "$f.orig" "$name $plain: --backup does not hold the original compressed bytes"
		expect_true "$name $plain: the mode stays 640" -- test "$(stat -c %a "$f")" = 640
		[ -s "$TMP/out" ] && bad "$name $plain: fix --in-place wrote to standard output" || ok
		"$BIN" fix -q --in-place "$f" 2>/dev/null
		"$name" -dc "$f" >"$d/$plain.twice"
		expect_same "$TMP/$plain.fixed" "$d/$plain.twice" "$name $plain: fixing it again changes it"
	done
	no_temporaries "$d" "$name round trips"

	# 2. Concatenated members, frames or streams (cat, pzstd, pbzip2 make
	#    them) are read one after another and written back as one.
	cat "$d/annotated.before" "$d/annotated.before" >"$d/twice.$ext"
	cat "$TMP/annotated.pgn" "$TMP/annotated.pgn" >"$TMP/twice.pgn"
	"$BIN" fix -q -o "$TMP/twice.fixed" "$TMP/twice.pgn" 2>/dev/null
	"$BIN" fix -q --in-place "$d/twice.$ext" 2>/dev/null
	"$name" -dc "$d/twice.$ext" >"$d/twice.back"
	expect_same "$TMP/twice.fixed" "$d/twice.back" "$name: two concatenated streams, fixed in place"

	# 3. Cut short: read as far as it goes, not rewritten, not one byte
	#    changed, no backup made.
	size=$(wc -c <"$d/many.before")
	head -c $((size / 2)) "$d/many.before" >"$d/cut.$ext"
	cp "$d/cut.$ext" "$d/cut.before"
	expect_status 2 "$name cut short: fix --in-place" -- "$BIN" fix -q --in-place --backup=.orig "$d/cut.$ext"
	expect_grep "cut.$ext: truncated $name data" "$TMP/err" "$name cut short: said to be truncated"
	expect_grep "cut.$ext: not rewritten because it could not be read whole; the file was not changed" "$TMP/err" \
		"$name cut short: said not to be rewritten"
	expect_same "$d/cut.before" "$d/cut.$ext" "$name cut short: the file keeps its bytes"
	expect_true "$name cut short: no backup" -- test ! -e "$d/cut.$ext.orig"
	no_temporaries "$d" "$name cut short"

	# 4. The fixed text cannot be written whole (a file-size limit of one
	#    block: the compressed text is larger): the write error is said and
	#    nothing changes.
	mkdir "$d/full"
	$compress "$TMP/clean.pgn" >"$d/clean.before"
	cp "$d/clean.before" "$d/full/g.$ext"
	(
		ulimit -f 1 2>/dev/null || exit 3
		exec "$BIN" fix -q --in-place --backup=.orig "$d/full/g.$ext"
	) >"$TMP/out" 2>"$TMP/err"
	status=$?
	if [ "$status" = 3 ]; then
		echo "e2e_fixz: ulimit -f is not available; the write-failure check of $name is skipped"
	else
		expect_true "$name past ulimit -f: exit 2, not $status" -- test "$status" = 2
		expect_grep "g.$ext: write failed, the file was not changed: File too large" "$TMP/err" \
			"$name past ulimit -f: the write error is said"
		expect_same "$d/clean.before" "$d/full/g.$ext" "$name past ulimit -f: the file keeps its bytes"
		expect_true "$name past ulimit -f: nothing else in the folder ($(ls -A "$d/full" | tr '\n' ' '))" -- \
			test "$(ls -A "$d/full")" = "g.$ext"
	fi

	# 5. A signal when everything is written and the file is being synced,
	#    the moment before the rename: the temporary file is removed and the
	#    original stays (exit 128 + 15).
	if [ -n "$STRACE" ]; then
		mkdir "$d/sig"
		cp "$d/many.before" "$d/sig/g.$ext"
		strace -f -qq -o /dev/null -e trace=fsync -e inject=fsync:signal=TERM \
			"$BIN" fix -q --in-place --backup=.orig "$d/sig/g.$ext" >/dev/null 2>&1
		status=$?
		expect_true "$name, SIGTERM at fsync: exit 143, not $status" -- test "$status" = 143
		expect_same "$d/many.before" "$d/sig/g.$ext" "$name, SIGTERM at fsync: the file keeps its bytes"
		expect_true "$name, SIGTERM at fsync: nothing else in the folder ($(ls -A "$d/sig" | tr '\n' ' '))" -- \
			test "$(ls -A "$d/sig")" = "g.$ext"
	fi
done

# 6. -o of a compressed file writes plain PGN (it is a new file, named by
#    the user).
if command -v xz >/dev/null 2>&1; then
	expect_status 1 "fix -o of xz input" -- "$BIN" fix -q -o "$TMP/from-xz.pgn" "$TMP/xz/annotated.before"
	expect_same "$TMP/annotated.fixed" "$TMP/from-xz.pgn" "fix -o of xz input writes plain PGN"
fi

# 7. Archives hold files, not one text: refused, untouched, with a message
#    that says what to do.
if command -v zip >/dev/null 2>&1; then
	(cd "$TMP" && zip -q games.zip annotated.pgn)
	cp "$TMP/games.zip" "$TMP/zip.before"
	expect_status 2 "fix --in-place of a zip archive" -- "$BIN" fix --in-place "$TMP/games.zip"
	expect_grep "games.zip: a zip archive, which --in-place does not write back: fix -o FILE reads its members" "$TMP/err" \
		"a zip archive is refused, saying what to do"
	expect_same "$TMP/zip.before" "$TMP/games.zip" "a zip archive keeps its bytes"
else
	echo "e2e_fixz: no zip; skipping the archive check"
fi
printf '7z\274\257\047\034\000\004' >"$TMP/games.7z"
cp "$TMP/games.7z" "$TMP/7z.before"
expect_status 2 "fix --in-place of a 7-Zip archive" -- "$BIN" fix --in-place "$TMP/games.7z"
expect_grep "games.7z: a 7-Zip archive, which fix neither reads nor writes back" "$TMP/err" "a 7-Zip archive is refused"
expect_same "$TMP/7z.before" "$TMP/games.7z" "a 7-Zip archive keeps its bytes"
no_temporaries "$TMP" "fix --in-place"

echo "e2e_fixz: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
