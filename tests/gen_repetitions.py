#!/usr/bin/env python3
"""gen_repetitions.py - random games that repeat positions, for the
differential tests of the draw claims.

Usage: PYTHONPATH=/path/to/python-chess python3 tests/gen_repetitions.py
           [--games N] [--seed S] > games.pgn

Real games seldom repeat a position, and when they do, seldom in the ways the
claim rules are hard on: a repetition "about to appear" by two different
moves, en passant that is possible in one occurrence and not in another,
castling rights lost by a king that walks out and back, fifty moves of
shuffling.  These games are made of such things: every ply is a random legal
move, most of them quiet piece moves that stay near home (so positions come
back), some pawn moves (double steps, so en passant turns up), now and then
anything legal.  Some games end with a recorded claim (a comment and 1/2-1/2),
right or wrong, so that invalid-claim is compared too.  The same seed gives
the same games.

Then: python3 tests/diff_python_chess_rules.py games.pgn (and
diff_python_chess.py) compare pgnaudit with python-chess on them.
"""
import argparse
import random
import sys

try:
    import chess
except ImportError:
    sys.exit("gen_repetitions.py: python-chess is not importable (set PYTHONPATH)")

# Start positions: the standard one, and a few with castling rights and
# pawns ready for en passant.
STARTS = [
    chess.STARTING_FEN,
    "r3k2r/pppq1ppp/2n2n2/3pp3/3PP3/2N2N2/PPPQ1PPP/R3K2R w KQkq - 0 1",
    "4k3/2p5/8/3P4/8/8/8/R3K2R b KQ - 0 1",
    "r3k3/8/8/8/2p1p3/8/3P1P2/4K2R w Kq - 0 1",
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
]

CLAIMS = ["{Draw by threefold repetition}", "{3-fold repetition}", "{Draw claimed: 50-move rule}"]


def near(square, home):
    return chess.square_distance(square, home) <= 1


def pick(board, rng, homes):
    moves = list(board.legal_moves)
    r = rng.random()
    if r < 0.88:
        quiet = [m for m in moves
                 if not board.is_capture(m) and board.piece_type_at(m.from_square) != chess.PAWN
                 and any(near(m.to_square, h) for h in homes)]
        if quiet:
            return rng.choice(quiet)
    if r < 0.97:
        pawns = [m for m in moves if board.piece_type_at(m.from_square) == chess.PAWN]
        doubles = [m for m in pawns if abs(m.to_square - m.from_square) == 16]
        if doubles and rng.random() < 0.5:
            return rng.choice(doubles)
        if pawns:
            return rng.choice(pawns)
    return rng.choice(moves)


def game(rng, number):
    fen = rng.choice(STARTS)
    board = chess.Board(fen)
    homes = [sq for sq in chess.SQUARES if board.piece_at(sq) and board.piece_type_at(sq) != chess.PAWN]
    length = rng.choice([rng.randint(6, 40), rng.randint(40, 140)])
    sans = []
    for _ in range(length):
        if board.is_game_over(claim_draw=False):
            break
        # Now and then stop where a claim is possible, to record it.
        if len(sans) > 8 and rng.random() < 0.1 and board.can_claim_draw():
            break
        move = pick(board, rng, homes)
        sans.append(board.san(move))
        board.push(move)
    tags = [("Event", "repetitions %d" % number), ("Site", "?"), ("Date", "????.??.??"), ("Round", "?"),
            ("White", "A"), ("Black", "B")]
    ending = "*"
    if board.is_checkmate():
        ending = "1-0" if board.turn == chess.BLACK else "0-1"
    elif board.is_game_over(claim_draw=False):
        ending = "1/2-1/2"
    elif rng.random() < 0.3:
        ending = rng.choice(CLAIMS) + " 1/2-1/2"
    result = ending.split()[-1]
    tags.append(("Result", result))
    if fen != chess.STARTING_FEN:
        tags += [("SetUp", "1"), ("FEN", fen)]
    first = chess.Board(fen)
    words = []
    ply_number, black = first.fullmove_number, first.turn == chess.BLACK
    for i, san in enumerate(sans):
        if i == 0 and black:
            words.append("%d..." % ply_number)
        elif not black:
            words.append("%d." % ply_number)
        words.append(san)
        if black:
            ply_number += 1
        black = not black
    head = "".join('[%s "%s"]\n' % t for t in tags)
    return head + "\n" + " ".join(words + [ending]) + "\n\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    for n in range(1, args.games + 1):
        sys.stdout.write(game(rng, n))


if __name__ == "__main__":
    main()
