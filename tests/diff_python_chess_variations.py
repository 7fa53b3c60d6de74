#!/usr/bin/env python3
"""Differential test of the variations: `pgnaudit replay --variations`
against python-chess's tree of variations (issue 28).

For every PGN file, every move python-chess plays inside a variation, at
any depth, is looked for among the variation moves pgnaudit prints, by the
same key: the game, the plies each enclosing variation replaces (outermost
first) and the move's ply along its line; the move as written, its UCI and
the position after it (pieces, side, castling, en passant where a capture
is legal, clocks) must agree, and neither side may have a move the other
has not.

python-chess keeps a variation that replaces the first move of another
variation as a sibling of it (both are alternatives to the same move),
where pgnaudit counts it a level deeper: a path is compared with such
repeated plies taken as one, and moves are compared as a multiset, since
siblings then share a key.

Only games whose main lines the two read alike are compared (the main
lines are tests/diff_python_chess.py's), and only the moves both were asked
to read: pgnaudit reads variations in the main line's notation and replays
32 deep, python-chess reads English only; a variation that replaces the
main line's illegal move is pgnaudit's alone (python-chess skips the rest
of the game there), as is analysis after the termination marker.  Those are
counted, not compared.

Exit status: 0 when all agree (or python-chess is not importable: skipped),
1 on a disagreement, 2 on a usage error.

    tests/diff_python_chess_variations.py            # the corpus files with variations
    tests/diff_python_chess_variations.py --quick    # testdata and a few corpus files (make test)
    tests/diff_python_chess_variations.py FILE...
"""

import argparse
import gzip
import io
import logging
import os
import subprocess
import sys
from collections import Counter

try:
    import chess
    import chess.pgn
except ImportError:
    print("python-chess not importable; skipping the variations differential test "
          "(set PYTHONPATH to a python-chess checkout)")
    sys.exit(0)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.environ.get("PGNAUDIT", os.path.join(ROOT, "pgnaudit"))
CORPUS = os.path.join(os.path.dirname(ROOT), "shared", "corpus")
QUICK = ["testdata/check/variations.pgn", "testdata/check/annotations.pgn", "testdata/fix/annotated.pgn"]
QUICK_CORPUS = ["edge/python-chess", "edge/chessx"]

logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)


def open_text(path):
    data = open(path, "rb").read()
    if data[:2] == b"\x1f\x8b":
        data = gzip.decompress(data)
    return data.decode("utf-8", errors="replace")


def fen_key(fen):
    # The en passant square only when a capture is legal: both print it so.
    return " ".join(fen.split()[:6])


def flatten(path):
    """The path with a ply repeated at once (a variation of a variation's
    first move) taken once."""
    out = []
    for ply in path:
        if not out or out[-1] != ply:
            out.append(ply)
    return tuple(out)


def ours(path):
    """{game: Counter of ((path, ply), (san, uci, fen))}, the games that
    reach pgnaudit's depth limit, and {game: [main-line uci]}."""
    out = subprocess.run([BIN, "replay", "--variations", path], capture_output=True, text=True,
                         errors="replace")
    if out.returncode not in (0, 2):
        sys.exit("pgnaudit replay failed on %s (%d): %s" % (path, out.returncode, out.stderr[:200]))
    variations, mains, deep = {}, {}, set()
    for line in out.stdout.splitlines():
        if line.startswith("#"):
            continue
        f = line.split("\t")
        game = int(f[0])
        if len(f) == 6:
            raw = tuple(int(x) for x in f[5].split("."))
            if len(raw) >= 32:
                deep.add(game)
            key = (flatten(raw), int(f[1]))
            variations.setdefault(game, Counter())[(key, (f[3], fen_key(f[4])))] += 1
        elif f[1] != "0":
            mains.setdefault(game, []).append(f[3])
        else:
            mains.setdefault(game, [])
    return variations, mains, deep


def walk(first, path, out, limit, offset):
    """The line that starts at node `first`, and the variations off it.
    Plies are counted from the game's start, as pgnaudit counts them
    (python-chess counts them from move 1 of a FEN's numbering: offset)."""
    node = first
    while node is not None:
        if path:
            board = node.parent.board()
            move = node.move
            san = "--" if not move else board.san(move)
            uci = "0000" if not move else move.uci()
            out[((flatten(path), node.ply() - offset), (uci, fen_key(node.board().fen())))] += 1
            del san
        parent = node.parent
        if parent.variations and parent.variations[0] is node and len(path) < limit:
            for alt in parent.variations[1:]:
                walk(alt, path + [alt.ply() - offset], out, limit, offset)
        node = node.variations[0] if node.variations else None


def theirs(path):
    games = []
    stream = io.StringIO(open_text(path))
    while True:
        try:
            game = chess.pgn.read_game(stream)
        except Exception:   # noqa: BLE001 - a game python-chess cannot read
            break
        if game is None:
            break
        moves = [m.uci() for m in game.mainline_moves()]
        variations = Counter()
        if game.variations and not game.errors:
            walk(game.variations[0], [], variations, 32, game.ply())
        games.append((moves, variations, bool(game.errors)))
    return games


def describe(item):
    (path, ply), (uci, fen) = item
    return "variation %s ply %d %s (%s)" % (".".join(map(str, path)), ply, uci, fen)


def compare(path, counts, problems):
    our_variations, our_mains, deep = ours(path)
    their_games = theirs(path)
    for index, (their_moves, their_vars, errors) in enumerate(their_games, 1):
        if index not in our_mains:
            counts["games only python-chess has"] += 1
            continue
        if our_mains[index] != their_moves:
            counts["games whose main lines differ (diff_python_chess.py's)"] += 1
            continue
        if errors:
            counts["games python-chess reads with errors"] += 1
            continue
        if index in deep:
            counts["games with variations past pgnaudit's 32 levels"] += 1
            continue
        mine = our_variations.get(index, Counter())
        if not their_vars and not mine:
            continue
        counts["games with variations compared"] += 1
        both = mine & their_vars
        counts["variation moves that agree"] += sum(both.values())
        for item in sorted((their_vars - mine).elements()):
            problems.append("%s: game %d: python-chess plays %s, pgnaudit does not" % (path, index, describe(item)))
        for item in sorted((mine - their_vars).elements()):
            # A variation that branches where python-chess's main line
            # stopped is pgnaudit's alone.
            if item[0][0][0] > len(their_moves):
                counts["variation moves past python-chess's main line (pgnaudit's alone)"] += 1
            else:
                problems.append("%s: game %d: pgnaudit plays %s, python-chess does not" % (path, index, describe(item)))


def collect(args):
    if args.files:
        names = args.files
    elif args.quick:
        names = [os.path.join(ROOT, f) for f in QUICK]
        if os.path.isdir(CORPUS):
            names += [os.path.join(CORPUS, d) for d in QUICK_CORPUS]
    else:
        if not os.path.isdir(CORPUS):
            print("diff_python_chess_variations: no corpus at %s; skipping" % CORPUS)
            sys.exit(0)
        names = [CORPUS]
    files = []
    for name in names:
        if os.path.isdir(name):
            for top, _, found in os.walk(name):
                files += [os.path.join(top, f) for f in sorted(found) if f.lower().endswith((".pgn", ".pgn.gz"))]
        elif os.path.exists(name):
            files.append(name)
    # Only files with a variation in them are worth the time.
    return [f for f in sorted(files) if "(" in open_text(f)]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="testdata and a few corpus folders")
    parser.add_argument("files", nargs="*")
    args = parser.parse_args()
    if not os.access(BIN, os.X_OK):
        sys.exit("diff_python_chess_variations: %s is not built (make)" % BIN)
    counts, problems = Counter(), []
    files = collect(args)
    for f in files:
        compare(f, counts, problems)
    for p in problems[:40]:
        print(p)
    if len(problems) > 40:
        print("... and %d more" % (len(problems) - 40))
    print("diff_python_chess_variations: %d files with variations; %s; %d disagreements"
          % (len(files), ", ".join("%s %d" % (k, v) for k, v in sorted(counts.items())), len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
