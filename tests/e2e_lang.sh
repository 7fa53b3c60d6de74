#!/bin/sh
# e2e_lang.sh - national notations (--lang) and recording errors (--recover),
# run as a user would.
#
# testdata/lang/NAME.pgn and testdata/recover/NAME.pgn are audited with
# `check -f jsonl` (plus the options of a "% pgnaudit-options:" line) and
# compared with NAME.jsonl, reviewed by hand.  Then `replay`: every notation
# of the Szabo-Geller scoresheet in testdata/lang reaches the final position
# of the English one, and every uniquely repaired scoresheet in
# testdata/recover reaches the final position of the game as played.
# `split --clean --flagged`, given the same options, flags the games check
# finds errors in and exits as check does.
# Run from the repository root: `make e2e`.
set -u
BIN=./pgnaudit
TMP=$(mktemp -d "${TMPDIR:-/tmp}/pgnaudit-e2e-lang.XXXXXX")
trap 'rm -rf "$TMP"' EXIT INT TERM
. tests/e2e_lib.sh

options_of() { sed -n 's/^% pgnaudit-options: //p' "$1" | head -1; }
final_fen() { # FILE OPTIONS...: the FEN after the last ply replay prints
	f=$1
	shift
	"$BIN" replay "$@" "$f" | tail -1 | cut -f2,5
}

games_in() { "$BIN" replay "$1" 2>/dev/null | awk -F'\t' '$2 == 0' | wc -l; }

# 1. Expected findings, and split flags the games check finds errors in.
for pgn in testdata/lang/*.pgn testdata/recover/*.pgn; do
	expected=${pgn%.pgn}.jsonl
	[ -f "$expected" ] || continue
	want=0
	grep -q '"severity":"error"' "$expected" && want=1
	# shellcheck disable=SC2046 # options are words
	"$BIN" check -f jsonl $(options_of "$pgn") "$pgn" >"$TMP/out" 2>"$TMP/err"
	got=$?
	if [ "$got" = "$want" ]; then ok; else bad "check $pgn: exit $got, wanted $want"; fi
	if cmp -s "$expected" "$TMP/out"; then ok; else
		bad "check $pgn differs from $expected"
		diff "$expected" "$TMP/out" | head -10 | sed 's/^/    /'
	fi
	# split audits as check does, with the same options: the games with
	# an error finding are flagged, and the exit status is check's.
	# shellcheck disable=SC2046 # options are words
	"$BIN" split --clean="$TMP/clean.pgn" --flagged="$TMP/flagged.pgn" $(options_of "$pgn") "$pgn" 2>"$TMP/err"
	got=$?
	if [ "$got" = "$want" ]; then ok; else bad "split $pgn: exit $got, wanted $want (check's)"; sed 's/^/    /' "$TMP/err" | head -3; fi
	flagged=$(grep '"severity":"error"' "$expected" | sed 's/.*"game":\([0-9]*\),.*/\1/' | sort -u | wc -l)
	games=$(games_in "$TMP/flagged.pgn")
	if [ "$games" = "$flagged" ]; then ok; else bad "split $pgn flagged $games games, wanted $flagged (check's errors)"; fi
done

# 2. Every notation replays to the English final position (ply 64).
want=$(final_fen testdata/lang/en.pgn)
case $want in 64*) ok ;; *) bad "en.pgn does not replay its 64 plies: $want" ;; esac
for lang in de fr es it nl ru ar fa figurine; do
	got=$(final_fen "testdata/lang/$lang.pgn")
	if [ "$got" = "$want" ]; then ok; else bad "replay $lang.pgn ends at '$got', not '$want'"; fi
	# Told its notation, it reads the same; told another, it stops.
	got=$(final_fen "testdata/lang/$lang.pgn" --lang="$lang")
	if [ "$got" = "$want" ] || [ "$lang" = it ]; then ok; else bad "replay --lang=$lang $lang.pgn: '$got'"; fi
done
got=$(final_fen testdata/lang/it.pgn --lang=it)
if [ "$got" = "$want" ]; then ok; else bad "replay --lang=it it.pgn: '$got'"; fi
got=$(final_fen testdata/lang/de.pgn --lang=en) # 1. c4 is English too; 1...Sf6 is not
case $got in 1*) ok ;; *) bad "replay --lang=en de.pgn should stop after its first ply, got '$got'" ;; esac
got=$(final_fen testdata/lang/ar.pgn --lang=ru)
case $got in 0*) ok ;; *) bad "replay --lang=ru ar.pgn should stop before its first ply, got '$got'" ;; esac

# 3. Options: a bad notation is a usage error; -j 2 reads the same.
"$BIN" check --lang=klingon testdata/lang/de.pgn >"$TMP/out" 2>"$TMP/err"
if [ $? = 2 ] && grep -q "'klingon' is not a notation" "$TMP/err"; then ok; else bad "check --lang=klingon"; fi
"$BIN" replay --lang=en,xx testdata/lang/de.pgn >"$TMP/out" 2>"$TMP/err"
if [ $? = 2 ]; then ok; else bad "replay --lang=en,xx should exit 2"; fi
cat testdata/lang/*.pgn >"$TMP/all.pgn"
"$BIN" check -f jsonl "$TMP/all.pgn" >"$TMP/one"
"$BIN" check -f jsonl -j 2 "$TMP/all.pgn" >"$TMP/two"
if cmp -s "$TMP/one" "$TMP/two"; then ok; else bad "check -j 2 differs from -j 1 on the notations"; fi
cat testdata/recover/*.pgn >"$TMP/all.pgn"
"$BIN" check -f jsonl --recover "$TMP/all.pgn" >"$TMP/one"
"$BIN" check -f jsonl --recover -j 2 "$TMP/all.pgn" >"$TMP/two"
if cmp -s "$TMP/one" "$TMP/two"; then ok; else bad "check --recover -j 2 differs from -j 1"; fi

# 4. Unique repairs replay the whole game to its real final position; without
#    --recover the replay stops at the error; ambiguous repairs stop too.
want=$("$BIN" replay testdata/lang/roundtrip.pgn | awk -F'\t' '$1 == 1' | tail -1 | cut -f2,5)
for name in piece file pawn_file rank origin origin_missing capture side skipped swapped reordered two_errors; do
	got=$(final_fen "testdata/recover/$name.pgn" --recover)
	if [ "$got" = "$want" ]; then ok; else bad "replay --recover $name.pgn ends at '$got', not '$want'"; fi
	got=$(final_fen "testdata/recover/$name.pgn")
	if [ "$got" != "$want" ]; then ok; else bad "replay $name.pgn without --recover should stop at the error"; fi
done
for name in ambiguous_repair ambiguous_repairs unexplained; do
	got=$(final_fen "testdata/recover/$name.pgn" --recover)
	if [ "$got" != "$want" ]; then ok; else bad "replay --recover $name.pgn should stop at the error"; fi
done
# A ply that was not recorded shows as '-' in the move-as-written column.
if "$BIN" replay --recover testdata/recover/skipped.pgn | awk -F'\t' '$2 == 70 && $3 == "-" && $4 == "c7c5"' | grep -q . \
	&& "$BIN" replay --recover testdata/recover/skipped.pgn | awk -F'\t' '$2 == 71 && $3 == "Nf5"' | grep -q .; then
	ok
else
	bad "replay --recover skipped.pgn: ply 70 should be '-' c7c5, ply 71 Nf5 as written"
fi

# 5. fix writes every notation in English export SAN (no notation finding
#    under --lang=en, the same final position), and under --recover applies
#    the unique repairs, each marked by a comment; an ambiguous repair, or
#    any repair without --recover, leaves the game copied unchanged.
notation_codes=syntax,illegal-move,ambiguous-move,move-number,redundant-disambiguation,capture-mark,check-mark,mate-mark,castling-notation,nonstandard-notation
want=$(final_fen testdata/lang/en.pgn)
for lang in de fr es it nl ru ar fa figurine; do
	"$BIN" fix "testdata/lang/$lang.pgn" >"$TMP/fixed.pgn" 2>"$TMP/err"
	if [ $? = 0 ]; then ok; else bad "fix $lang.pgn: exit status"; sed 's/^/    /' "$TMP/err" | head -3; fi
	"$BIN" check -q --lang=en --select "$notation_codes" "$TMP/fixed.pgn" >"$TMP/out"
	if [ ! -s "$TMP/out" ]; then ok; else bad "fix $lang.pgn: not English export SAN"; head -3 "$TMP/out" | sed 's/^/    /'; fi
	got=$(final_fen "$TMP/fixed.pgn" --lang=en)
	if [ "$got" = "$want" ]; then ok; else bad "fix $lang.pgn ends at '$got', not '$want'"; fi
done
"$BIN" fix --lang=en testdata/lang/de.pgn >"$TMP/fixed.pgn" 2>"$TMP/err"
status=$?
grep -v '^$' testdata/lang/de.pgn >"$TMP/a"
grep -v '^$' "$TMP/fixed.pgn" >"$TMP/b"
if [ $status = 1 ] && cmp -s "$TMP/a" "$TMP/b"; then ok; else bad "fix --lang=en de.pgn should copy the game unchanged"; fi
want=$("$BIN" replay testdata/lang/roundtrip.pgn | awk -F'\t' '$1 == 1' | tail -1 | cut -f2,5)
for name in piece file rank capture skipped swapped two_errors; do
	"$BIN" fix --recover "testdata/recover/$name.pgn" >"$TMP/fixed.pgn" 2>"$TMP/err"
	if [ $? = 0 ]; then ok; else bad "fix --recover $name.pgn: exit status"; sed 's/^/    /' "$TMP/err" | head -3; fi
	expect_notes=$(grep -c '"code":"illegal-move"\|"code":"ambiguous-move"' "testdata/recover/$name.jsonl")
	notes=$(grep -o '{pgnaudit: [^}]*}' "$TMP/fixed.pgn" | wc -l)
	if [ "$notes" -ge 1 ]; then ok; else bad "fix --recover $name.pgn: no {pgnaudit: ...} note (findings: $expect_notes)"; fi
	"$BIN" check -q --lang=en --select "$notation_codes" "$TMP/fixed.pgn" >"$TMP/out"
	if [ ! -s "$TMP/out" ]; then ok; else bad "fix --recover $name.pgn: findings in the output"; head -3 "$TMP/out" | sed 's/^/    /'; fi
	got=$(final_fen "$TMP/fixed.pgn" --lang=en)
	if [ "$got" = "$want" ]; then ok; else bad "fix --recover $name.pgn ends at '$got', not '$want'"; fi
	"$BIN" fix "testdata/recover/$name.pgn" >"$TMP/fixed.pgn" 2>"$TMP/err"
	if [ $? = 1 ] && ! grep -q '{pgnaudit:' "$TMP/fixed.pgn"; then ok; else bad "fix $name.pgn without --recover should copy the game"; fi
done
"$BIN" fix --recover testdata/recover/piece.pgn | grep -q '15. Rc1 {pgnaudit: 15. Rc1 recorded as Bc1}' && ok ||
	bad "fix --recover piece.pgn: the note should follow 15. Rc1"
for name in ambiguous_repair ambiguous_repairs unexplained; do
	"$BIN" fix --recover "testdata/recover/$name.pgn" >"$TMP/fixed.pgn" 2>"$TMP/err"
	if [ $? = 1 ] && grep -q "copied unchanged" "$TMP/err" && ! grep -q '{pgnaudit:' "$TMP/fixed.pgn"; then ok; else
		bad "fix --recover $name.pgn should copy the game unchanged"
	fi
done

echo "e2e-lang: $passed passed, $failed failed"
[ "$failed" = 0 ]
