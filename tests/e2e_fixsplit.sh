#!/bin/sh
# e2e_fixsplit.sh - runs `pgnaudit fix` and `pgnaudit split` as a user would.
#
# fix: testdata/fix/annotated.pgn against the output reviewed by hand; then,
# on every testdata file (and a few corpus files when ../shared/corpus or
# $PGNAUDIT_CORPUS is there), the properties fix promises: no notation
# finding in a game it wrote anew, the same positions as the input (replay),
# the same output when run again, movetext lines under 80 columns.  Then
# -o, --in-place with --backup, and --in-place against a full disk (a
# file-size limit, and a small tmpfs when mount is allowed): the original
# must be intact and no temporary file left.
#
# split: testdata/split/mixed.pgn against its expected clean and flagged
# files, every level of --flagged-on, --select/--ignore; shards whose
# concatenation is the input (plain, gzip, several files) and whose findings
# are the input's; what is refused.  Run from the repository root.
set -u
BIN=$(pwd)/pgnaudit
TMP=$(mktemp -d "${TMPDIR:-/tmp}/pgnaudit-fixsplit.XXXXXX")
MNT=
cleanup() {
	[ -n "$MNT" ] && umount "$MNT" 2>/dev/null
	rm -rf "$TMP"
}
trap cleanup EXIT INT TERM
. tests/e2e_lib.sh
NOTATION=redundant-disambiguation,capture-mark,check-mark,mate-mark,castling-notation,nonstandard-notation,move-number

# The Event tags of a file, in order.
events() { sed -n 's/^\[Event "\(.*\)"\].*/\1/p' "$1" | tr -d '\r'; }

# ---------------------------------------------------------------- fix

# 1. The annotated file against the output reviewed by hand.  Games 8 and 9
#    cannot be replayed: copied as they are, named on stderr, exit 1.
in=testdata/fix/annotated.pgn
expect_status 1 "fix $in" -- "$BIN" fix "$in"
expect_same testdata/fix/annotated.out.pgn "$TMP/out" "fix $in differs from testdata/fix/annotated.out.pgn"
expect_grep "^pgnaudit: $in:73: game 8 copied unchanged: 2. Ke3 is illegal" "$TMP/err" "the illegal game is named"
expect_grep "^pgnaudit: $in:78: game 9 copied unchanged: ')' without" "$TMP/err" "the damaged game is named"
expect_grep "^pgnaudit: fix: 9 games: 7 written anew (0 with values repaired), 2 copied unchanged (1 unbalanced-variation, 1 illegal-move)$" \
	"$TMP/err" "fix ends with a summary: games written, copied and why"
[ "$(wc -l <"$TMP/err")" -eq 3 ] && ok || bad "fix $in: three messages, not $(wc -l <"$TMP/err")"

sed -n '/copied as it is: an illegal move/,$p' "$in" >"$TMP/copied.in"
sed -n '/copied as it is: an illegal move/,$p' "$TMP/out" >"$TMP/copied.out"
expect_same "$TMP/copied.in" "$TMP/copied.out" "the games fix cannot replay are copied byte for byte"
expect_status 1 "fix -q" -- "$BIN" fix -q "$in"
[ "$(wc -l <"$TMP/err")" -eq 2 ] && ok || bad "fix -q $in: the two problems only, not $(wc -l <"$TMP/err") lines"
expect_status 1 "fix from standard input" -- sh -c "'$BIN' fix <'$in'"
expect_same testdata/fix/annotated.out.pgn "$TMP/out" "fix reads standard input"
gzip -c "$in" >"$TMP/annotated.gz"
expect_status 1 "fix of gzip input" -- "$BIN" fix "$TMP/annotated.gz"
expect_same testdata/fix/annotated.out.pgn "$TMP/out" "fix reads gzip"

# 1a. fix applies what check suggests (issue 26): results written in other
#     forms, and tag values out of the standard's form; each change said.
{
	tags() { printf '[Event "r%s"]\n[Site "s"]\n[Date "%s"]\n[Round "%s"]\n[White "A"]\n[Black "B"]\n[Result "%s"]\n' "$@"; }
	tags 1 1859 "" "1/2"; printf '[WhiteElo "2,100"]\n\n1. e4 e5 2. Nf3 Nc6 1/2\n\n'
	tags 2 2024.01.02 1 "*"; printf '\n1. d4 d5 \302\275-\302\275\n\n'
	tags 3 2024.01.02 2 "1-0"; printf '\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1 - 0\n\n'
	tags 4 2024.01.02 3 "0:1"; printf '\n1. f3 e5 2. g4 Qh4# 0:1\n\n'
	tags 5 2024.01.02 4 "1/2-1/2"; printf '\n1. c4 c5 0.5-0.5\n\n'
	tags 6 2024-01-02 5 "1-0"; printf '[FEN "4k3/8/8/8/8/8/8/4K2R w K - 0 1"]\n\n1. O-O 1-0\n\n'
	tags 7 2024.01.02 6 "1-0"; printf '\n1. e4 e5 2. Ke3 1:0\n\n'
} >"$TMP/forms.pgn"
expect_status 1 "fix of results and tags in other forms" -- "$BIN" fix "$TMP/forms.pgn"
cp "$TMP/out" "$TMP/forms.fixed.pgn"
cp "$TMP/err" "$TMP/forms.err"
expect_grep "^pgnaudit: $TMP/forms.pgn:3: game 1: Date \"1859\" written \"1859.??.??\"$" "$TMP/forms.err" "a Date repaired is said"
expect_grep "^pgnaudit: $TMP/forms.pgn:4: game 1: Round \"\" written \"?\"$" "$TMP/forms.err" "a Round repaired is said"
expect_grep "^pgnaudit: $TMP/forms.pgn:8: game 1: WhiteElo \"2,100\" written \"2100\"$" "$TMP/forms.err" "an Elo repaired is said"
expect_grep "^pgnaudit: $TMP/forms.pgn:10: game 1: the result '1/2' written 1/2-1/2$" "$TMP/forms.err" "1/2 repaired is said"
expect_grep "game 2: the result '½-½' written 1/2-1/2$" "$TMP/forms.err" "½-½ repaired is said"
expect_grep "game 3: the result '1 - 0' written 1-0$" "$TMP/forms.err" "1 - 0 repaired is said"
expect_grep "game 4: the result '0:1' written 0-1$" "$TMP/forms.err" "0:1 repaired is said"
expect_grep "game 5: the result '0.5-0.5' written 1/2-1/2$" "$TMP/forms.err" "0.5-0.5 repaired is said"
expect_grep "game 6: Date \"2024-01-02\" written \"2024.01.02\"$" "$TMP/forms.err" "a dashed Date repaired is said"
expect_grep 'game 6: SetUp "1" written beside the FEN tag$' "$TMP/forms.err" "SetUp added beside a FEN is said"
expect_grep "game 7 copied unchanged: 2. Ke3 is illegal" "$TMP/forms.err" "a game with an illegal move is copied"
expect_grep "^pgnaudit: fix: 7 games: 6 written anew (6 with values repaired), 1 copied unchanged (1 illegal-move)$" \
	"$TMP/forms.err" "the summary counts the games repaired"
"$BIN" check -q -f jsonl "$TMP/forms.fixed.pgn" >"$TMP/forms.check"
expect_no_grep '"game":[1-6],.*"code":"\(syntax\|tag-format\|result-mismatch\|missing-tag\)"' "$TMP/forms.check" \
	"the games written anew have no result, tag or syntax finding left"
expect_grep '"game":7,.*"code":"illegal-move"' "$TMP/forms.check" "the copied game keeps its fault"
expect_grep '^\[Result "1/2-1/2"\]$' "$TMP/forms.fixed.pgn" "the Result tag follows the repaired marker"
expect_grep '^1\. e4 e5 2\. Qh5 Nc6 3\. Bc4 Nf6 4\. Qxf7# 1-0$' "$TMP/forms.fixed.pgn" "1 - 0 written 1-0"
expect_grep '^1\. f3 e5 2\. g4 Qh4# 0-1$' "$TMP/forms.fixed.pgn" "0:1 written 0-1"
expect_grep '^\[SetUp "1"\]$' "$TMP/forms.fixed.pgn" "SetUp 1 written beside the FEN"
expect_grep '^\[WhiteElo "2100"\]$' "$TMP/forms.fixed.pgn" "the Elo written as a number"
"$BIN" fix "$TMP/forms.fixed.pgn" >"$TMP/forms.twice.pgn" 2>"$TMP/forms.twice.err"
expect_same "$TMP/forms.fixed.pgn" "$TMP/forms.twice.pgn" "fixing the repaired file again changes nothing"
expect_grep "(0 with values repaired)" "$TMP/forms.twice.err" "nothing is left to repair"
expect_status 1 "fix -q of the repairs" -- "$BIN" fix -q "$TMP/forms.pgn"
expect_true "fix -q: only the copied game is said" -- test "$(wc -l <"$TMP/err")" = 1
expect_same "$TMP/forms.fixed.pgn" "$TMP/out" "fix -q writes the same games"
# 2. The promises, on every test file and a few corpus files.
CORPUS=${PGNAUDIT_CORPUS:-../shared/corpus}
set -- testdata/check/*.pgn testdata/reader/*.pgn testdata/sample.pgn testdata/fix/annotated.pgn
for f in otb/mliebelt-pgn-parser/32games.pgn otb/serhiis21-chess/Morphy.pgn.gz \
	online/zq99-pgn2data/lichess_sample.pgn.gz engine/python-chess/cutechess-fischerrandom.pgn \
	edge/pgn-extract-tests/infiles-nested-comment.pgn otb/pgn2tex/London1851.pgn; do
	[ -f "$CORPUS/$f" ] && set -- "$@" "$CORPUS/$f"
done
[ -d "$CORPUS" ] || echo "note: no corpus at $CORPUS; fix is checked on testdata only"
for f in "$@"; do
	"$BIN" fix "$f" >"$TMP/fixed.pgn" 2>"$TMP/fix.err"
	status=$?
	[ "$status" -le 1 ] && ok || bad "fix $f: exit $status"
	sed -n 's/.*: game \([0-9]*\) copied unchanged: .*/\1/p' "$TMP/fix.err" | sort -u >"$TMP/copied"
	"$BIN" check -f jsonl --select "$NOTATION" "$TMP/fixed.pgn" |
		sed -n 's/.*"game":\([0-9]*\),.*/\1/p' | sort -u >"$TMP/noted"
	left=$(comm -23 "$TMP/noted" "$TMP/copied" | tr '\n' ' ')
	[ -z "$left" ] && ok || bad "fix $f: notation findings in games it wrote anew: $left"
	"$BIN" replay "$f" 2>/dev/null | cut -f1,2,4,5 >"$TMP/replay.in"
	"$BIN" replay "$TMP/fixed.pgn" 2>/dev/null | cut -f1,2,4,5 >"$TMP/replay.out"
	expect_same "$TMP/replay.in" "$TMP/replay.out" "fix $f changed the positions played"
	"$BIN" fix "$TMP/fixed.pgn" >"$TMP/twice.pgn" 2>/dev/null
	expect_same "$TMP/fixed.pgn" "$TMP/twice.pgn" "fix $f: fixing the output again changes it"
done
# Morphy.pgn.gz (issue 26): 45 games whose only fault was a `1/2` marker
# were copied unchanged; now they are written anew.  One game with an
# illegal move is still copied, its `1/2` and all.
if [ -f "$CORPUS/otb/serhiis21-chess/Morphy.pgn.gz" ]; then
	"$BIN" fix "$CORPUS/otb/serhiis21-chess/Morphy.pgn.gz" >"$TMP/morphy.pgn" 2>"$TMP/morphy.err"
	before=$("$BIN" check -q "$CORPUS/otb/serhiis21-chess/Morphy.pgn.gz" | grep -c "is not a PGN result")
	after=$("$BIN" check -q "$TMP/morphy.pgn" | grep -c "is not a PGN result")
	expect_true "Morphy.pgn.gz: $before results written 1/2, $after left after fix (in the copied game)" -- \
		[ "$before" -ge 40 -a "$after" -le 1 ]
	expect_grep "^pgnaudit: fix: 415 games: 414 written anew" "$TMP/morphy.err" "Morphy.pgn.gz: every game but one written anew"
fi
# Lines of movetext written anew stay under 80 columns, a long comment
# included (tag pairs cannot be wrapped; notation.pgn has no game fix must
# copy, and annotated.pgn's are at its end).
"$BIN" fix testdata/check/notation.pgn >"$TMP/fixed.pgn"
sed '/copied as it is/,$d' testdata/fix/annotated.out.pgn >>"$TMP/fixed.pgn"
long=$(grep -v '^\[' "$TMP/fixed.pgn" | grep -v '^%' | awk 'length > 79' | wc -l)
[ "$long" -eq 0 ] && ok || bad "fix: $long movetext lines of 80 columns or more"
expect_grep '^1\. d4 Nf6 2\. e3 g6' "$TMP/fixed.pgn" "fix writes no move number before Black's move where none is needed"

# 3. -o and --in-place, with and without --backup.
cp "$in" "$TMP/a.pgn"
expect_status 1 "fix -o" -- "$BIN" fix -o "$TMP/o.pgn" "$TMP/a.pgn"
expect_same testdata/fix/annotated.out.pgn "$TMP/o.pgn" "fix -o writes what fix prints"
[ -s "$TMP/out" ] && bad "fix -o printed to standard output" || ok
chmod 640 "$TMP/a.pgn"
expect_status 1 "fix --in-place" -- "$BIN" fix --in-place "$TMP/a.pgn"
expect_same testdata/fix/annotated.out.pgn "$TMP/a.pgn" "fix --in-place rewrites the file"
[ "$(stat -c %a "$TMP/a.pgn")" = 640 ] && ok || bad "fix --in-place kept the mode: $(stat -c %a "$TMP/a.pgn")"
cp "$in" "$TMP/b.pgn"
echo "an older backup" >"$TMP/b.pgn.orig"
expect_status 1 "fix --in-place --backup" -- "$BIN" fix --in-place --backup=.orig "$TMP/b.pgn"
expect_same "$in" "$TMP/b.pgn.orig" "--backup keeps the original, replacing an older backup"
expect_same testdata/fix/annotated.out.pgn "$TMP/b.pgn" "fix --in-place --backup rewrites the file"
cp "$in" "$TMP/c.pgn"
ln -s c.pgn "$TMP/link.pgn"
expect_status 1 "fix --in-place through a symbolic link" -- "$BIN" fix --in-place "$TMP/link.pgn"
[ -L "$TMP/link.pgn" ] && ok || bad "fix --in-place replaced the symbolic link by a file"
expect_same testdata/fix/annotated.out.pgn "$TMP/c.pgn" "fix --in-place rewrites the file the link points to"
expect_status 2 "--in-place without files" -- "$BIN" fix --in-place
expect_status 2 "--in-place and -o" -- "$BIN" fix --in-place -o "$TMP/x.pgn" "$TMP/a.pgn"
expect_status 2 "--backup without --in-place" -- "$BIN" fix --backup=.orig "$TMP/a.pgn"
# (--in-place of compressed files, written back compressed: e2e_fixz.sh.)
if command -v zstd >/dev/null 2>&1; then
	zstd -q -c "$in" >"$TMP/annotated.zst"
	expect_status 1 "fix -o of zstd" -- "$BIN" fix -o "$TMP/from-zst.pgn" "$TMP/annotated.zst"
	expect_same testdata/fix/annotated.out.pgn "$TMP/from-zst.pgn" "fix of zstd input writes plain PGN"
fi
cp "$in" "$TMP/d.pgn"
expect_status 2 "--in-place: a missing file among others" -- "$BIN" fix --in-place "$TMP/missing.pgn" "$TMP/d.pgn"
expect_same testdata/fix/annotated.out.pgn "$TMP/d.pgn" "--in-place goes on after a missing file"

# 4. --in-place against a full disk: the original stays as it was, byte for
#    byte, and no temporary file is left.  The input is made large enough
#    that its fixed text cannot fit under the limit.
mkdir "$TMP/full"
i=0
while [ $i -lt 40 ]; do cat testdata/check/notation.pgn; i=$((i + 1)); done >"$TMP/full/games.pgn"
cp "$TMP/full/games.pgn" "$TMP/games.orig"
size_kb=$(($(wc -c <"$TMP/full/games.pgn") / 1024))
(
	ulimit -f $((size_kb + 4)) 2>/dev/null || exit 3
	exec "$BIN" fix --in-place --backup=.orig "$TMP/full/games.pgn"
) >"$TMP/out" 2>"$TMP/err"
status=$?
if [ "$status" = 3 ]; then
	echo "note: ulimit -f is not available; the file-size test is skipped"
else
	[ "$status" = 2 ] && ok || bad "fix --in-place past ulimit -f: exit $status, wanted 2"
	expect_grep "games.pgn: write failed, the file was not changed: File too large" "$TMP/err" "the write failure is said"
	expect_same "$TMP/games.orig" "$TMP/full/games.pgn" "past ulimit -f the original is intact"
	[ "$(ls -A "$TMP/full")" = games.pgn ] && ok || bad "past ulimit -f files were left: $(ls -A "$TMP/full")"
fi
MNT=$TMP/tmpfs
mkdir "$MNT"
if [ "$(id -u)" = 0 ] && mount -t tmpfs -o size=$(((size_kb + 8) * 1024)) tmpfs "$MNT" 2>/dev/null; then
	cp "$TMP/games.orig" "$MNT/games.pgn"
	expect_status 2 "fix --in-place on a full tmpfs" -- "$BIN" fix --in-place "$MNT/games.pgn"
	expect_grep "write failed, the file was not changed: No space left on device" "$TMP/err" "ENOSPC is said"
	expect_same "$TMP/games.orig" "$MNT/games.pgn" "on a full disk the original is intact"
	[ "$(ls -A "$MNT")" = games.pgn ] && ok || bad "on a full disk files were left: $(ls -A "$MNT")"
	umount "$MNT"
else
	echo "note: cannot mount a tmpfs here; the full-disk test uses ulimit -f only"
fi
MNT=

# ---------------------------------------------------------------- split

# 5. Clean and flagged against the expected files; every input byte lands
#    in exactly one of them.
in=testdata/split/mixed.pgn
expect_status 1 "split $in" -- "$BIN" split --clean="$TMP/clean.pgn" --flagged="$TMP/flagged.pgn" "$in"
expect_same testdata/split/mixed.clean.pgn "$TMP/clean.pgn" "split: the clean file differs from mixed.clean.pgn"
expect_same testdata/split/mixed.flagged.pgn "$TMP/flagged.pgn" "split: the flagged file differs from mixed.flagged.pgn"
bytes() { od -An -v -tx1 "$@" | tr -s ' ' '\n' | grep . | sort; }
same_bytes() { # INPUT CLEAN FLAGGED: the two hold the input's bytes, each once, in whole lines
	[ $(($(wc -c <"$2") + $(wc -c <"$3"))) -eq "$(wc -c <"$1")" ] || return 1
	bytes "$1" >"$TMP/bytes.in"
	bytes "$2" "$3" >"$TMP/bytes.out"
	cmp -s "$TMP/bytes.in" "$TMP/bytes.out" || return 1
	sort "$1" >"$TMP/lines.in"
	sort "$2" "$3" >"$TMP/lines.out"
	cmp -s "$TMP/lines.in" "$TMP/lines.out"
}
for level in error warning info; do
	expect_status 1 "split --flagged-on=$level" -- "$BIN" split --clean="$TMP/c.pgn" --flagged="$TMP/f.pgn" \
		--flagged-on=$level "$in"
	expect_true "split --flagged-on=$level: every byte once" -- same_bytes "$in" "$TMP/c.pgn" "$TMP/f.pgn"
	events "$TMP/c.pgn" >"$TMP/c.events"
	events "$TMP/f.pgn" >"$TMP/f.events"
	case $level in
	error) want_clean="clean warning info warning" ;;
	warning) want_clean="clean info" ;;
	info) want_clean="clean" ;;
	esac
	[ "$(cut -d: -f1 "$TMP/c.events" | tr '\n' ' ')" = "$want_clean " ] && ok ||
		bad "split --flagged-on=$level: clean holds $(cut -d: -f1 "$TMP/c.events" | tr '\n' ' ')"
	[ $(($(wc -l <"$TMP/c.events") + $(wc -l <"$TMP/f.events"))) -eq 6 ] && ok || bad "split --flagged-on=$level lost games"
done
expect_status 0 "split --ignore" -- "$BIN" split --clean="$TMP/c.pgn" --flagged="$TMP/f.pgn" \
	--ignore=illegal-move,wrong-result "$in"
[ -s "$TMP/f.pgn" ] && bad "split --ignore: games flagged for ignored codes" || ok
expect_same "$in" "$TMP/c.pgn" "split with nothing flagged: the clean file is the input"
expect_status 0 "split --select (only warnings)" -- "$BIN" split --clean="$TMP/c.pgn" --flagged="$TMP/f.pgn" \
	--select=missing-tag --flagged-on=warning "$in"
[ "$(events "$TMP/f.pgn")" = "warning: Seven Tag Roster incomplete" ] && ok || bad "split --select: flagged $(events "$TMP/f.pgn")"
expect_status 1 "split from standard input" -- sh -c "'$BIN' split --clean='$TMP/c.pgn' --flagged='$TMP/f.pgn' <'$in'"
expect_same testdata/split/mixed.flagged.pgn "$TMP/f.pgn" "split reads standard input"
gzip -c "$in" >"$TMP/mixed.gz"
expect_status 1 "split of gzip input" -- "$BIN" split --clean="$TMP/c.pgn" --flagged="$TMP/f.pgn" "$TMP/mixed.gz"
expect_same testdata/split/mixed.clean.pgn "$TMP/c.pgn" "split writes gzip input decompressed"

# 6. Shards: cat of the shards is the input; each is cut at game boundaries
#    (its findings are the input's) and of about equal size.
cat testdata/check/*.pgn testdata/sample.pgn testdata/fix/annotated.pgn >"$TMP/all.pgn"
total=$(wc -c <"$TMP/all.pgn")
expect_status 0 "split --shards=4" -- "$BIN" split --shards=4 --prefix="$TMP/shard-" "$TMP/all.pgn"
[ "$(cd "$TMP" && ls shard-*)" = "$(printf 'shard-001.pgn\nshard-002.pgn\nshard-003.pgn\nshard-004.pgn')" ] && ok ||
	bad "split --shards=4 wrote $(cd "$TMP" && ls shard-*)"
cat "$TMP"/shard-*.pgn >"$TMP/joined.pgn"
expect_same "$TMP/all.pgn" "$TMP/joined.pgn" "cat of the shards is not the input"
# A shard is cut at the game boundary nearest its share: it is off by at
# most the largest game (clocks.pgn's have 4 KB of clocks).
largest=$(awk '/^\[Event / { if (n > most) most = n; n = 0 } { n += length($0) + 1 } END { if (n > most) most = n; print most + 0 }' "$TMP/all.pgn")
for s in "$TMP"/shard-*.pgn; do
	size=$(wc -c <"$s")
	[ "$size" -gt $((total / 4 - largest)) ] && [ "$size" -lt $((total / 4 + largest)) ] && ok ||
		bad "shard $s has $size bytes of $total: not balanced (within $largest)"
done
findings() { "$BIN" check -q -f jsonl "$@" | grep -v '^{"record"' | sed 's/.*"code":\("[^"]*"\).*"san":\("[^"]*"\).*/\1 \2/; s/.*"code":\("[^"]*"\).*/\1/'; }
findings "$TMP/all.pgn" >"$TMP/findings.all"
findings "$TMP"/shard-*.pgn >"$TMP/findings.shards"
expect_same "$TMP/findings.all" "$TMP/findings.shards" "the shards cut a game: their findings differ"
gzip -c "$TMP/all.pgn" >"$TMP/all.pgn.gz"
rm -f "$TMP"/shard-*
expect_status 0 "split --shards of gzip" -- "$BIN" split --shards=3 --prefix="$TMP/shard-" "$TMP/all.pgn.gz"
cat "$TMP"/shard-*.pgn >"$TMP/joined.pgn"
expect_same "$TMP/all.pgn" "$TMP/joined.pgn" "gzip: cat of the shards is not the decompressed input"
rm -f "$TMP"/shard-*
for tool in "zstd -q -c:zst" "bzip2 -c:bz2" "xz -c:xz"; do
	cmd=${tool%%:*} ext=${tool##*:}
	command -v "${cmd%% *}" >/dev/null 2>&1 || continue
	$cmd "$TMP/all.pgn" >"$TMP/all.pgn.$ext"
	expect_status 0 "split --shards of .$ext" -- "$BIN" split --shards=3 --prefix="$TMP/shard-" "$TMP/all.pgn.$ext"
	cat "$TMP"/shard-*.pgn >"$TMP/joined.pgn"
	expect_same "$TMP/all.pgn" "$TMP/joined.pgn" ".$ext: cat of the shards is the decompressed input"
	rm -f "$TMP"/shard-*
done
expect_status 0 "split --shards of several files" -- "$BIN" split --shards=2 --prefix="$TMP/shard-" \
	testdata/check/fen.pgn "$TMP/mixed.gz" testdata/check/tags.pgn
cat testdata/check/fen.pgn "$in" testdata/check/tags.pgn >"$TMP/several.pgn"
cat "$TMP"/shard-*.pgn >"$TMP/joined.pgn"
expect_same "$TMP/several.pgn" "$TMP/joined.pgn" "several files: cat of the shards is not the inputs"
rm -f "$TMP"/shard-*
expect_status 0 "more shards than games" -- "$BIN" split --shards=30 --prefix="$TMP/shard-" "$in"
[ "$(ls "$TMP"/shard-* | wc -l)" -eq 30 ] && ok || bad "--shards=30 did not write 30 files"
cat "$TMP"/shard-*.pgn >"$TMP/joined.pgn"
expect_same "$in" "$TMP/joined.pgn" "30 shards: cat is not the input"
rm -f "$TMP"/shard-*

# 7. What split refuses, and then writes nothing.
expect_status 2 "split --shards from standard input" -- sh -c "'$BIN' split --shards=2 --prefix='$TMP/shard-' <'$in'"
expect_grep "needs regular files" "$TMP/err" "--shards says why it refuses standard input"
expect_status 2 "split with a missing input" -- "$BIN" split --clean="$TMP/c2.pgn" --flagged="$TMP/f2.pgn" "$in" "$TMP/missing.pgn"
[ -e "$TMP/c2.pgn" ] || [ -e "$TMP/f2.pgn" ] && bad "split wrote outputs although an input was missing" || ok
expect_grep "no output file was written" "$TMP/err" "split says it wrote nothing"
printf 'x' | gzip -c | head -c 12 >"$TMP/truncated.gz"
expect_status 2 "split of truncated gzip" -- "$BIN" split --clean="$TMP/c2.pgn" --flagged="$TMP/f2.pgn" "$TMP/truncated.gz"
[ -e "$TMP/c2.pgn" ] && bad "split wrote outputs from a truncated input" || ok
[ -z "$(ls "$TMP" | grep pgnaudit-)" ] && ok || bad "split left temporary files: $(ls "$TMP" | grep pgnaudit-)"
expect_status 2 "split without a mode" -- "$BIN" split "$in"
expect_status 2 "split with both modes" -- "$BIN" split --shards=2 --prefix=x --clean=a --flagged=b "$in"
expect_status 2 "split --clean alone" -- "$BIN" split --clean="$TMP/c.pgn" "$in"
expect_status 2 "split --shards=0" -- "$BIN" split --shards=0 --prefix="$TMP/s" "$in"
expect_status 2 "split --flagged-on=fatal" -- "$BIN" split --clean=a --flagged=b --flagged-on=fatal "$in"
expect_status 2 "split to one file twice" -- "$BIN" split --clean="$TMP/same" --flagged="$TMP/same" "$in"
for opt in --lang=de --recover --select=illegal-move; do
	expect_status 2 "split --shards $opt" -- "$BIN" split --shards=2 --prefix="$TMP/s" "$opt" "$in"
	expect_grep "shards audits nothing" "$TMP/err" "split --shards $opt says why"
done
expect_status 2 "split --lang=klingon" -- "$BIN" split --clean=a --flagged=b --lang=klingon "$in"
expect_grep "'klingon' is not a notation" "$TMP/err" "split --lang says which notation is unknown"
expect_status 0 "split --help" -- "$BIN" split --help
expect_grep "^usage: pgnaudit split" "$TMP/out" "split --help prints the usage"
expect_status 0 "fix --help" -- "$BIN" fix --help
expect_grep "^usage: pgnaudit fix" "$TMP/out" "fix --help prints the usage"

# The kings' signal of a DGT board at the end (board-signal): fix writes
# the game without those moves, and says so in a comment.
"$BIN" explain --example board-signal >"$TMP/signal.pgn"
expect_status 0 "fix of a game ending with the kings' signal" -- "$BIN" fix "$TMP/signal.pgn"
expect_grep '{pgnaudit: Ke4 Kd5 left out: a DGT board.s signal of the result}' "$TMP/out" "the signal's moves are named in a note"
expect_no_grep '61\. Ke4' "$TMP/out" "the signal's moves are not written"
cp "$TMP/out" "$TMP/signal.fixed.pgn"
expect_status 0 "check of the fixed game" -- "$BIN" check "$TMP/signal.fixed.pgn"
expect_no_grep 'board-signal' "$TMP/out" "the fixed game has no signal left"

echo "e2e_fixsplit: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
