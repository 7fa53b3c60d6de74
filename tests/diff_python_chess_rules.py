#!/usr/bin/env python3
"""Differential test of the results and draw-claim checks against python-chess.

For every game that python-chess reads cleanly and replays move for move as
`pgnaudit replay` does (games are read and paired as in diff_python_chess.py,
whose functions this script imports; comparing the replays themselves is that
script's job), python-chess's own notions of how a game ends are computed
along the main line:

  is_checkmate(), is_stalemate()          at the final position
  is_insufficient_material()              at every ply (a sound part of our
                                          dead position, FIDE 5.2.2)
  is_fivefold_repetition()                at every ply (FIDE 9.6.1)
  is_seventyfive_moves()                  at every ply (FIDE 9.6.2)

From them follows what `pgnaudit check --rules fide2023 --select wrong-result,automatic-draw,
move-after-end,unwinnable-timeout` must say under the 2023 Laws: the first
ply that ends the game (insufficient material, fivefold, 75 moves) gives an
automatic-draw there (9.6) - one finding, which says whether play went on -
and, for a dead position only, a move-after-end at the next ply when play
went on; otherwise a checkmate, stalemate or insufficient material at the
final position gives a wrong-result when the result (termination marker,
else Result tag) says otherwise.  Every difference is printed with a
category; the categories below are explained, anything else is a failure.

Semantics checked by reading python-chess (chess/__init__.py):
  - is_fivefold_repetition() is is_repetition(5): it counts earlier positions
    with the same _transposition_key() - pieces, side to move, castling
    rights (clean_castling_rights) and the en passant square only when
    has_legal_en_passant() - going back to the last irreversible move.  That
    is FIDE 9.2.2 identity, as position_key() in pgnaudit: no difference.
  - is_seventyfive_moves() is "halfmove clock >= 150 and a legal move
    exists": checkmate takes precedence as in 9.6.2, but so does stalemate.
    A stalemate on the very ply that completes the 75 moves is a 75-move
    automatic draw for pgnaudit and a stalemate for python-chess (the same
    draw either way): category STALEMATE_AT_75.
  - is_insufficient_material() looks at material only (and bishop colours);
    pgnaudit's dead positions (unwinnable.c) also include locked pawn
    structures and the like: DEAD_BEYOND_MATERIAL, listed with their FEN for
    review, not a failure.
  - A win on time in a dead position is one unwinnable-timeout finding in
    pgnaudit, not also a wrong-result; the expectation below says so too.
  - When a 9.6 draw and another end fall on the same ply, pgnaudit names the
    dead position first, then fivefold, then 75 moves; so does this script.

unwinnable-timeout is compared where python-chess can say something: a
finding whose winner python-chess does not call has_insufficient_material()
is UNWINNABLE_BEYOND_MATERIAL (listed for review); a game whose Termination
tag says it was lost on time, decisive, with the winner having insufficient
material by python-chess and no earlier end, must get unwinnable-timeout
(else TIMEOUT_NOT_SEEN, a failure unless phrases.c does not read that tag).

Draw claims (invalid-claim, missed-threefold, missed-fifty-move), compared on
the same games with python-chess's claim notions:

  can_claim_threefold_repetition()  counts the positions with the current
      _transposition_key() back to the last irreversible move (is_irreversible:
      a capture or pawn move, a move that reduces the castling rights, a move
      made where en passant was legal), and says yes when the current one has
      occurred 3 times (FIDE 9.2.1.2) or when some legal move leads to a
      position counted twice already (9.2.1.1).  The three extra stops of
      is_irreversible cannot hide a repetition: positions before them differ
      in castling rights or en passant, which the key holds (castling rights
      as clean_castling_rights(), en passant only when has_legal_en_passant(),
      as pgnaudit's 9.2.2 key).  Trying every legal move, captures and pawn
      moves included, is the same as pgnaudit's trying moves that are neither:
      those lead to positions that did not occur since the last such move.
  can_claim_fifty_moves()  is is_fifty_moves() - clock >= 100 AND a legal move
      exists - or, at clock 99, a legal move that is neither capture nor pawn
      move after which is_fifty_moves() holds.  pgnaudit asks the clock only
      (100+, or 99 and such a move); the two differ when no legal move
      follows: FIFTY_WITHOUT_LEGAL_MOVE (a claim recorded at a checkmate or
      stalemate with clock 100+) and FIFTY_QUIET_MOVE_ENDS_GAME (clock 99
      where every such move mates or stalemates).

Both are expensive (they generate moves), so they are only asked where the
definitions leave a claim possible: threefold when the position has stood
twice before in the run (a third occurrence) or a position with the opponent
to move has stood twice in it (a move could bring it a third time; counting
only the current position would miss 9.2.1.1); fifty moves when the clock is
99 or more.  Elsewhere both notions are no by definition.

  1. The final position, for every compared game: python-chess's two
     notions against pgnaudit's verdict on the same notion.  pgnaudit only
     judges a claim the game records, so each game is replayed a second time
     by pgnaudit as a probe - its UCI moves from its start position, with a
     Termination tag "3-fold repetition" and a TerminationDetails tag
     "50-move rule" - and an invalid-claim on the probe (or none) is
     pgnaudit's answer for each notion.
  2. Recorded claims: the games where this script reads a threefold or
     fifty-move claim (Termination / TerminationDetails tags, the comments
     after the last move: a Python rendering of phrases.c's rules, which is
     approximate) or pgnaudit reports invalid-claim on the game itself.
     pgnaudit's invalid-claim must be there exactly when the claim is read
     and python-chess says it cannot be made.  A difference where the probe
     agrees with python-chess is a phrase-reading difference
     (CLAIM_READ_ONLY_BY_SCRIPT, CLAIM_READ_ONLY_BY_PGNAUDIT), listed.
  3. Missed claims: python-chess's notions at every ply of the main line,
     under check_claims.c's policy: a run starts at the start position and
     at every position with halfmove clock 0; each player's first threefold
     and first fifty-move opportunity in a run is due, at the ply played
     instead (the next one), citing 9.2.1.2 when the position stands for the
     third time, else 9.2.1.1, and 9.3.2 at clock 100+, else 9.3.1; no
     opportunity is due at a position whose next ply is the last when the
     game ended drawn or unknown ("*" or no result) or records a claim (the
     last move may have been written with the claim); and none from the
     first position that stands for the fifth time or has clock 150+ on (the
     2023 Laws end the game there, 9.6).  The set of (code, ply, article) is
     compared with pgnaudit's findings.  LAST_PLY_CLAIM_READ_DIFFERENTLY: a
     difference at the last ply of a decisive game that records a claim (by
     either reader), where whether it is due depends on the phrase reading.

Failures: NOTION_DIFFERS (the two disagree on a final position, or on a
recorded claim beyond phrase reading), MISSED_CLAIM_DIFFERS (a missed-claim
finding on one side only, or citing another article), PROBE_NOT_REPLAYED.

Seen on the shared corpus (pgnaudit e6f1e76, python-chess 1.11.2): 43934
games compared, every final position and every recorded claim agree (1127
final positions with a threefold claim, 57 with a fifty-move claim; 172 and 34
recorded claims), and 1464 missed claims are due and found, with no
difference in any category.

Exit status: 0 when every difference is explained (or python-chess is not
importable: skipped), 1 otherwise, 2 on a usage error.

    tests/diff_python_chess_rules.py                 # the whole shared corpus
    tests/diff_python_chess_rules.py --quick         # a few small files (seconds)
    tests/diff_python_chess_rules.py a.pgn dir/ ...  # files, or directories
"""

import argparse
import json
import os
import re
import subprocess
import sys
from collections import Counter, defaultdict
from multiprocessing import Pool

try:
    import chess
    import chess.pgn
except ImportError:
    print("python-chess not importable; skipping the results differential test "
          "(set PYTHONPATH to a python-chess checkout)")
    sys.exit(0)

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.dont_write_bytecode = True  # no __pycache__ left in tests/
import diff_python_chess as dp  # noqa: E402  (after the python-chess check)

CODES = "wrong-result,automatic-draw,move-after-end,unwinnable-timeout"

RULE = {"dead": "FIDE 5.2.2", "fivefold": "FIDE 9.6.1", "seventyfive": "FIDE 9.6.2",
        "checkmate": "FIDE 5.1.1", "stalemate": "FIDE 5.2.1", "timeout": "FIDE 6.9"}

# Categories of explained differences (see the docstring); any other is a failure.
EXPLAINED = {
    "STALEMATE_AT_75": "stalemate on the ply that completes 75 moves: python-chess says stalemate, "
                       "pgnaudit the 75-move rule (the same draw)",
    "DEAD_BEYOND_MATERIAL": "a dead position pgnaudit proves and python-chess's material test "
                            "does not see (review the FEN)",
    "UNWINNABLE_BEYOND_MATERIAL": "unwinnable-timeout where python-chess's material test does not "
                                  "see that the winner cannot mate (review the FEN)",
}
FAILURES = {
    "MISSED": "python-chess's notion says a finding is due and pgnaudit has none",
    "EXTRA": "pgnaudit reports something python-chess's notions do not explain",
    "TIMEOUT_NOT_SEEN": "a decisive loss on time (Termination tag) where the winner has "
                        "insufficient material, without unwinnable-timeout",
}

TIME_LOSS = re.compile(r"\btime\b", re.IGNORECASE)
NOT_A_LOSS = re.compile(r"draw|insufficient", re.IGNORECASE)


class Tracker(dp.ResultTracker):
    """diff_python_chess's main-line builder, also keeping the termination
    marker and the Result and Termination tags as written."""

    def visit_header(self, tagname, tagvalue):
        if tagname in ("Result", "Termination") and not hasattr(self.game, "tag_" + tagname):
            setattr(self.game, "tag_" + tagname, tagvalue)
        if tagname in ("Termination", "TerminationDetails"):
            self.game.ending_tags = getattr(self.game, "ending_tags", []) + [tagvalue]
        super().visit_header(tagname, tagvalue)

    def visit_result(self, result):
        if getattr(self.game, "result_ply", None) is None:
            self.game.marker = result
        super().visit_result(result)


def read_their_games(path):
    """As dp.read_their_games, plus (result, Termination tag) per game."""
    games, extras = [], []
    with dp.open_pgn(path) as handle:
        while True:
            try:
                game = chess.pgn.read_game(handle, Visitor=Tracker)
            except (OSError, EOFError):
                raise
            except Exception as error:  # python-chess raises on odd files
                return games, extras, "%s: %s" % (type(error).__name__, error)
            if game is None:
                return games, extras, None
            games.append(dp.their_game(len(games) + 1, game))
            marker = getattr(game, "marker", None)
            extras.append((marker if marker is not None else getattr(game, "tag_Result", None),
                           getattr(game, "tag_Termination", None), recorded_claims(game)))
            if not getattr(game, "has_tags", False) and len(games) > 1 \
                    and games[-2].result_ply is None:
                games[-1].skip = dp.FRAGMENT


RESULTS = ("1-0", "0-1", "1/2-1/2", "1/2", "*")


def winner_of(result):
    return {"1-0": chess.WHITE, "0-1": chess.BLACK}.get(result)


def result_is_right(state, board, result):
    if state == "checkmate":
        return result == ("0-1" if board.turn == chess.WHITE else "1-0")
    return result in ("1/2-1/2", "1/2")


def says_lost_on_time(termination):
    return bool(termination and TIME_LOSS.search(termination) and not NOT_A_LOSS.search(termination))


def first_end(board, ply):
    """How python-chess would call the position an end, in pgnaudit's order.
    Two guards keep this linear, and follow from the rules, not from
    pgnaudit: material changes only with a capture or promotion (clock 0),
    and a fifth occurrence needs four cycles of at least 4 plies each."""
    if (ply == 0 or board.halfmove_clock == 0) and board.is_insufficient_material():
        return "dead"
    if board.halfmove_clock >= 16 and board.is_fivefold_repetition():
        return "fivefold"
    if board.is_seventyfive_moves():
        return "seventyfive"
    return None


# Draw claims.  Phrases as phrases.c has them, squeezed (ASCII lower case,
# blanks, '-' and '_' dropped), in its order of precedence: a time phrase
# first in a text hides a claim phrase after it.
TIME_PHRASES = ("timeoutvsinsufficientmaterial", "wonontime", "winsontime", "forfeitsontime",
                "forfeitedontime", "losesontime", "lostontime", "overstepsthetimelimit",
                "overstepsthetimelimit", "ranoutoftime", "runsoutoftime", "timedout", "timesout",
                "wonbytimeout", "winsbytimeout", "lostbytimeout", "losesbytimeout", "timeforfeit",
                "flagfell", "flaghasfallen", "10ontime", "01ontime")
CLAIM_PHRASES = (("repetition", "threefold"), ("3fold", "threefold"), ("threefold", "threefold"),
                 ("50move", "fifty"), ("fiftymove", "fifty"))
CLAUSE_TAILS = ("", "s", "rule", "srule", "repetition", "rep")
HEDGE = re.compile(r"^(avoid|threat|allow|prevent|escap|offer|refus|possib|aim|hope|intend|impossib|"
                   r"probabl|seem|apparent|overlook|chance)[a-z]*$|^(try|tries|tried|trying|could|"
                   r"would|should|can|cannot|might|may|will|if|unless|instead|otherwise|soon|almost|"
                   r"nearly|hoping|wanted|playing|not|no|never|neither|nor|without|likely|unlikely|"
                   r"perhaps|maybe|miss|missed|misses|had)$")
NEGATED = re.compile(r"[A-Za-z](?:'|\u2019)[tT]")
DECISIVE = ("1-0", "0-1")
DRAWN = ("1/2-1/2", "1/2")
OUTCOME = re.compile(r"^(draw[a-z]*|claim[a-z]*|ends|ended)$")
CLAUSE_BREAK = re.compile(r"[,;()\[\]]|(?<![0-9])\.(?=\s|$)|[:!?](?=\s|$)")
CLAIM_KINDS = ("threefold", "fifty")
CLAIM_CODES = "invalid-claim,missed-threefold,missed-fifty-move"
CLAIM_CODE_SET = frozenset(CLAIM_CODES.split(","))

# Small corpus files with missed and recorded claims, added for --quick.
QUICK_CLAIM_FILES = [
    "edge/pychess/50.pgn",
    "edge/pgn-extract-tests/infiles-test-fifty.pgn",
    "edge/pgn-extract-tests/golden-test-repetition-out.pgn",
    "engine/tcec/TCEC_Match_4.pgn.gz",
]

# Categories of explained differences in the draw claims (see the docstring).
EXPLAINED_CLAIMS = {
    "FIFTY_QUIET_MOVE_ENDS_GAME": "clock 99: every move that is neither capture nor pawn move mates "
                                  "or stalemates; python-chess then refuses the 9.3.1 claim, "
                                  "pgnaudit allows it",
    "FIFTY_WITHOUT_LEGAL_MOVE": "clock 100+ at a checkmate or stalemate: python-chess refuses the "
                                "9.3.2 claim (is_fifty_moves wants a legal move), pgnaudit allows it",
    "CLAIM_READ_ONLY_BY_SCRIPT": "this script's approximate phrase reading finds a claim that "
                                 "phrases.c does not (pgnaudit's notion agrees: see the probe)",
    "CLAIM_READ_ONLY_BY_PGNAUDIT": "phrases.c finds a claim this script's approximate phrase "
                                   "reading does not",
    "LAST_PLY_CLAIM_READ_DIFFERENTLY": "an opportunity before the last ply, reported or not "
                                       "depending on whether the game records a claim, read "
                                       "differently by the two phrase readers",
}
FAILURES_CLAIMS = {
    "NOTION_DIFFERS": "python-chess and pgnaudit disagree on whether the player to move can claim",
    "MISSED_CLAIM_DIFFERS": "a missed-threefold / missed-fifty-move finding one side has and the "
                            "other not",
    "PROBE_NOT_REPLAYED": "pgnaudit did not replay the probe game (UCI moves) to its end",
}


def squeeze(text):
    return re.sub(r"[\s_-]", "", text).translate(str.maketrans(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz"))


def claim_in_text(text, in_tag):
    """The kind of claim one tag value or comment clause records, or None
    (phrases.c's rules, approximately: see the docstring)."""
    sq = squeeze(text)
    if not sq:
        return None
    if in_tag:
        if sq in ("time", "timeout") or any(t in sq for t in TIME_PHRASES):
            return None
        return next((kind for phrase, kind in CLAIM_PHRASES if phrase in sq), None)
    words = [w.lower() for w in re.findall(r"[A-Za-z]+", text) if len(w) < 24]
    if any(HEDGE.match(w) for w in words) or NEGATED.search(text) or any(t in sq for t in TIME_PHRASES):
        return None
    outcome = any(OUTCOME.match(w) for w in words)
    for phrase, kind in CLAIM_PHRASES:
        if (outcome and phrase in sq) or (sq.startswith(phrase) and sq[len(phrase):] in CLAUSE_TAILS):
            return kind
    return None


def recorded_claims(game):
    """The kinds of claim ("threefold", "fifty") a game records in its
    Termination and TerminationDetails tags or its last comments: none
    with a decisive result, and comments only in a drawn game."""
    kinds = set()
    result = game.headers.get("Result", "*")
    if result in DECISIVE:
        return frozenset()
    for value in getattr(game, "ending_tags", []):
        kind = claim_in_text(value, True)
        if kind:
            kinds.add(kind)
    end = game.end()
    comments = getattr(end, "comments", None)
    if comments is None:  # python-chess before 1.11: one string
        comments = [end.comment] if end.comment else []
    for comment in comments if result in DRAWN else []:
        for clause in CLAUSE_BREAK.split(comment):
            if clause.strip() and not clause.strip().startswith("%"):
                kind = claim_in_text(clause, False)
                if kind:
                    kinds.add(kind)
    return frozenset(kinds)


def fifty_refused(board):
    """Why python-chess's can_claim_fifty_moves() says no where the clock
    alone (pgnaudit: 100+, or 99 and a move neither capture nor pawn move)
    says yes: it wants a legal move after the 100th ply.  None otherwise."""
    if board.halfmove_clock >= 100:
        return None if any(board.generate_legal_moves()) else "FIFTY_WITHOUT_LEGAL_MOVE"
    if board.halfmove_clock == 99 and any(not board.is_zeroing(m) for m in board.generate_legal_moves()):
        return "FIFTY_QUIET_MOVE_ENDS_GAME"
    return None


class ClaimWalk:
    """python-chess's claim notions along the main line, fed one position at
    a time, and the missed-claim findings they call for under check_claims.c's
    policy (see the docstring)."""

    def __init__(self, n, result, claimed):
        self.n = n
        drawn_or_open = result is None or result in ("1/2-1/2", "*") or bool(claimed)
        self.limit = n - 1 if drawn_or_open else n  # opportunities at plies < limit
        self.missed = set()  # (code, ply played instead of the claim, rule)
        self.counts = Counter()
        self.stopped = False
        self.final = {}
        self.fifty_refused = {}  # ply played: (category, FEN) where python-chess refuses 9.3

    def step(self, board, ply):
        clock = board.halfmove_clock
        side = board.turn
        if ply == 0 or clock == 0:
            self.counts.clear()
            self.stood_twice = {chess.WHITE: False, chess.BLACK: False}
            self.seen = {("threefold", chess.WHITE): False, ("threefold", chess.BLACK): False,
                         ("fifty", chess.WHITE): False, ("fifty", chess.BLACK): False}
        key = board._transposition_key()
        self.counts[key] += 1
        count = self.counts[key]
        if count >= 2:
            self.stood_twice[side] = True
        # Necessary conditions, from the definitions: the position stands for
        # the third time, or a position with the opponent to move has stood
        # twice (a move can then bring it a third time); a clock of 99+.
        maybe_threefold = count >= 3 or self.stood_twice[not side]
        maybe_fifty = clock >= 99
        if ply == self.n:
            self.final = {
                "threefold": maybe_threefold and board.can_claim_threefold_repetition(),
                "fifty": maybe_fifty and board.can_claim_fifty_moves(),
                "fen": board.fen(),
            }
            if maybe_fifty and not self.final["fifty"]:
                self.final["fifty_why"] = fifty_refused(board)
        if ply >= self.limit or self.stopped:
            return
        if count >= 5 or clock >= 150:  # fivefold, 75 moves: the game is over (2023 Laws)
            self.stopped = True
            return
        if maybe_threefold and not self.seen["threefold", side] \
                and board.can_claim_threefold_repetition():
            self.seen["threefold", side] = True
            self.missed.add(("missed-threefold", ply + 1,
                             "FIDE 9.2.1.2" if count >= 3 else "FIDE 9.2.1.1"))
        if maybe_fifty and not self.seen["fifty", side]:
            if board.can_claim_fifty_moves():
                self.seen["fifty", side] = True
                self.missed.add(("missed-fifty-move", ply + 1,
                                 "FIDE 9.3.2" if clock >= 100 else "FIDE 9.3.1"))
            elif fifty_refused(board):
                self.fifty_refused[ply + 1] = (fifty_refused(board), board.fen())


class Expectation:
    """What python-chess's notions say pgnaudit must report about one game."""

    def __init__(self, theirs, result, termination, claimed):
        board = theirs.start_board.copy(stack=False)
        n = len(theirs.moves)
        self.end = None  # (kind, ply): the first ply that ends the game
        kind = first_end(board, 0)
        if kind:
            self.end = (kind, 0)
        claims = ClaimWalk(n, result, claimed)
        claims.step(board, 0)
        for ply, move in enumerate(theirs.moves, 1):
            board.push(move)
            if self.end is None:
                kind = first_end(board, ply)
                if kind:
                    self.end = (kind, ply)
            claims.step(board, ply)
        self.claims = claims
        self.final = board
        self.final_fen = board.fen()
        self.final_state = ("checkmate" if board.is_checkmate() else
                            "stalemate" if board.is_stalemate() else
                            "dead" if board.is_insufficient_material() else None)
        # The ply completing 75 moves is a stalemate (pgnaudit: 75 moves).
        self.stalemate_at_75 = self.final_state == "stalemate" and (
            board.halfmove_clock == 150 or (n == 0 and board.halfmove_clock > 150))
        self.findings = set()
        self.expect(n, result if result in RESULTS else None, termination)

    def expect(self, n, result, termination):
        add = self.findings.add
        if self.end:
            kind, ply = self.end
            # After a fivefold or 75 moves the automatic-draw is the one
            # finding (d23f110, issue 26); after a dead position the next
            # move is a move-after-end.
            if ply < n and kind == "dead":
                add(("move-after-end", ply + 1, RULE[kind]))
            if kind != "dead":
                add(("automatic-draw", max(ply, 1) if n else 0, RULE[kind]))
                return
        state, winner = self.final_state, winner_of(result)
        time_loss = winner is not None and says_lost_on_time(termination)
        if time_loss and (state == "dead" or (
                state is None and self.final.has_insufficient_material(winner))):
            add(("unwinnable-timeout", 0, RULE["timeout"]))
        elif state and result is not None and not result_is_right(state, self.final, result):
            add(("wrong-result", 0, RULE[state]))


def our_findings(pgnaudit, path, timeout, codes=CODES + "," + CLAIM_CODES, text=None):
    """{game index: {(code, ply or 0, rule): the finding}}, for the file at
    path, or for text on standard input when path is "-"."""
    proc = subprocess.run([pgnaudit, "check", "-f", "jsonl", "--rules", "fide2023", "--select", codes, path],
                          input=text.encode("utf-8") if text is not None else None,
                          stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, timeout=timeout)
    by_game = defaultdict(dict)
    for line in proc.stdout.decode("utf-8", "replace").splitlines():
        try:
            f = json.loads(line)
        except ValueError:
            continue
        if "record" in f:   # the game counts at the end, not findings
            continue
        key = (f["code"], f.get("ply", 0), f.get("rule"))
        by_game[f["game"]][key] = f
    return by_game


def classify(key, expected, ours, exp):
    """The category of one difference: key is in expected or in ours, not both."""
    code, ply, rule = key
    if key in ours:
        f = ours[key]
        if code == "wrong-result" and rule == RULE["dead"] and exp.final_state == "dead":
            # python-chess expected unwinnable-timeout for this dead position
            return "TIMEOUT_NOT_SEEN", f
        if rule == RULE["dead"] and code in ("wrong-result", "move-after-end"):
            return "DEAD_BEYOND_MATERIAL", f
        if code == "unwinnable-timeout":
            return "UNWINNABLE_BEYOND_MATERIAL", f
        if code == "automatic-draw" and rule == RULE["seventyfive"] and exp.stalemate_at_75:
            return "STALEMATE_AT_75", f
        return "EXTRA", f
    if code == "wrong-result" and rule == RULE["stalemate"] and exp.stalemate_at_75:
        return "STALEMATE_AT_75", None
    if code == "unwinnable-timeout":
        return "TIMEOUT_NOT_SEEN", None
    return "MISSED", None


def ours_explained_by_dead(ours, expected):
    """pgnaudit found a dead position earlier than python-chess's material
    test: everything python-chess expects later is superseded."""
    return any(k[2] == RULE["dead"] and k not in expected for k in ours)


PROBE_TAGS = '[Termination "3-fold repetition"]\n[TerminationDetails "50-move rule"]\n'


def probe_game(theirs):
    """One game with the same moves (UCI, which pgnaudit reads) and both
    claims recorded in its tags: pgnaudit's invalid-claim on it, or none,
    is its verdict on both notions at the final position."""
    tags = '[Event "probe %d"]\n[Result "*"]\n' % theirs.index + PROBE_TAGS
    if theirs.chess960:
        tags += '[Variant "Chess960"]\n'
    if theirs.start != chess.STARTING_FEN:
        tags += '[SetUp "1"]\n[FEN "%s"]\n' % theirs.start
    return tags + "\n" + " ".join(theirs.ucis) + " *\n\n"


def claim_kind(finding):
    """"threefold" or "fifty": the claim an invalid-claim finding judges (by
    its message: the article it cites depends on --rules)."""
    return "threefold" if "threefold" in finding["message"] else "fifty"


def claim_verdicts(findings):
    """{kind: True when pgnaudit calls the recorded claim invalid}."""
    kinds = {claim_kind(f) for k, f in findings.items() if k[0] == "invalid-claim"}
    return {kind: kind in kinds for kind in CLAIM_KINDS}


def compare_claims(a, b, exp, claimed, mine, probe, out, name, result):
    """Part 2 of the docstring: the notions at the final position, recorded
    claims, missed claims.  Appends differences to out["claim_differences"]."""
    walk = exp.claims
    final = walk.final
    def differ(category, kind, detail, fen, message=None):
        out["claim_differences"].append({
            "category": category, "where": "%s game %d" % (name, a.index), "players": b.tags,
            "result": result, "kind": kind, "detail": detail, "fen": fen, "message": message})
    stats = out["claims"]
    if any(k[0] in ("illegal-move", "ambiguous-move") for k in probe):
        differ("PROBE_NOT_REPLAYED", "-", "pgnaudit did not replay the probe game", final["fen"])
        return
    probe_invalid = claim_verdicts(probe)
    # 1a: every final position, both notions.
    for kind in ("threefold", "fifty"):
        theirs, ours = final[kind], not probe_invalid[kind]
        stats["final " + kind] += 1
        stats["final %s claimable" % kind] += theirs
        if theirs == ours:
            stats["final %s agree" % kind] += 1
            continue
        category = "NOTION_DIFFERS"
        if kind == "fifty" and ours and final.get("fifty_why"):
            category = final["fifty_why"]
        differ(category, kind, "final position: python-chess can_claim_%s() is %s, pgnaudit "
               "calls the claim %s" % ("threefold_repetition" if kind == "threefold" else
                                      "fifty_moves", theirs, "valid" if ours else "invalid"),
               final["fen"], next((f["message"] for k, f in probe.items()
                                   if k[0] == "invalid-claim" and claim_kind(f) == kind), None))
    # 1b: recorded claims, as the script reads them and as pgnaudit does.
    recorded_invalid = claim_verdicts(mine)
    for kind in ("threefold", "fifty"):
        if kind not in claimed and not recorded_invalid[kind]:
            continue
        stats["recorded " + kind] += 1
        expected = kind in claimed and not final[kind]
        if expected == recorded_invalid[kind]:
            stats["recorded %s agree" % kind] += 1
            continue
        if recorded_invalid[kind] and kind not in claimed:
            category = "CLAIM_READ_ONLY_BY_PGNAUDIT"
        elif expected and probe_invalid[kind]:
            category = "CLAIM_READ_ONLY_BY_SCRIPT"
        else:  # the notions differ: counted under 1a already
            category = "NOTION_DIFFERS"
            if kind == "fifty" and final.get("fifty_why"):
                category = final["fifty_why"]
        differ(category, kind, "recorded %s claim: python-chess expects %s, pgnaudit says %s" % (
            kind, "invalid-claim" if expected else "nothing",
            "invalid-claim" if recorded_invalid[kind] else "nothing"), final["fen"],
            next((f["message"] for k, f in mine.items() if k[0] == "invalid-claim"
                  and claim_kind(f) == kind), None))
    # 2: missed claims.
    ours = {k: f for k, f in mine.items() if k[0] in ("missed-threefold", "missed-fifty-move")}
    stats["missed expected"] += len(walk.missed)
    stats["missed found"] += len(ours)
    keys = set(ours) ^ walk.missed
    stats["missed agree"] += len(set(ours) & walk.missed)
    if not keys:
        stats["missed games agree"] += 1
    for key in sorted(keys, key=lambda k: (k[1], k[0])):
        code, ply, rule = key
        category = "MISSED_CLAIM_DIFFERS"
        if code == "missed-fifty-move" and walk.fifty_refused:
            category = next(iter(walk.fifty_refused.values()))[0]
        elif ply == walk.n and result not in (None, "1/2-1/2", "*") \
                and (bool(claimed) or any(recorded_invalid.values())):
            category = "LAST_PLY_CLAIM_READ_DIFFERENTLY"
        f = ours.get(key)
        differ(category, code, "%s only: %s at ply %d [%s]" % (
            "pgnaudit" if f else "python-chess", code, ply, rule),
            f["fen"] if f else walk.fifty_refused.get(ply, (None, None))[1] or final["fen"],
            f["message"] if f else None)


def check_file(job):
    path, name, pgnaudit, timeout = job
    out = {"name": name, "failure": None, "games": 0, "compared": 0, "skipped": Counter(),
           "differences": [], "agree": 0, "claims": Counter(), "claim_differences": []}
    try:
        proc = subprocess.run([pgnaudit, "replay", path], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, timeout=timeout)
        findings = our_findings(pgnaudit, path, timeout)
    except (OSError, subprocess.TimeoutExpired) as error:
        out["failure"] = "cannot run pgnaudit: %s" % error
        return out
    problems = []
    our_games = dp.read_our_games(proc.stdout, problems)
    try:
        theirs, extras, crash = read_their_games(path)
    except (OSError, EOFError) as error:
        out["failure"] = "python-chess cannot read the file: %s" % error
        return out
    extra_of = {g.index: e for g, e in zip(theirs, extras)}
    last = max(our_games) if our_games else 0
    ours = [our_games.get(k) for k in range(1, last + 1)]
    pairs = dp.align_by_index(ours, theirs) or dp.align_by_content(ours, theirs)
    compared = []  # (our game, their game, Expectation, recorded claims, result)
    for a, b in pairs:
        if a is None or b is None:
            continue
        out["games"] += 1
        if b.skip:
            out["skipped"][b.skip] += 1
            continue
        if a.ucis != b.ucis or dp.position_key(a.start) != dp.position_key(b.start):
            out["skipped"]["the two replays differ (see diff_python_chess.py)"] += 1
            continue
        out["compared"] += 1
        result, termination, claimed = extra_of[b.index]
        exp = Expectation(b, result, termination, claimed)
        compared.append((a, b, exp, claimed, result))
        mine = {k: f for k, f in findings.get(a.index, {}).items() if k[0] not in CLAIM_CODE_SET}
        expected = exp.findings
        keys = set(mine) ^ expected
        if not keys:
            out["agree"] += 1
            continue
        dead_first = ours_explained_by_dead(mine, expected)
        for key in sorted(keys, key=lambda k: (k[1], k[0])):
            category, finding = classify(key, expected, mine, exp)
            if category == "MISSED" and dead_first:
                category = "DEAD_BEYOND_MATERIAL"
            out["differences"].append({
                "category": category, "where": "%s game %d" % (name, a.index),
                "players": b.tags, "result": result, "key": key,
                "side": "pgnaudit only" if key in mine else "python-chess only",
                "message": finding["message"] if finding else None,
                "fen": finding["fen"] if finding else exp.final_fen,
            })
    if crash:
        out["skipped"]["python-chess raised an exception; rest of file not compared"] += 1
    if compared:
        try:
            probes = our_findings(pgnaudit, "-", timeout, "invalid-claim,illegal-move,ambiguous-move",
                                  "".join(probe_game(b) for _, b, _, _, _ in compared))
        except (OSError, subprocess.TimeoutExpired) as error:
            out["failure"] = "cannot run pgnaudit on the probe games: %s" % error
            return out
        for i, (a, b, exp, claimed, result) in enumerate(compared, 1):
            mine = {k: f for k, f in findings.get(a.index, {}).items() if k[0] in CLAIM_CODE_SET}
            compare_claims(a, b, exp, claimed, mine, probes.get(i, {}), out, name, result)
    return out


def report(results, files):
    totals = Counter()
    skipped = Counter()
    by_category = defaultdict(list)
    failures = []
    for r in results:
        if r["failure"]:
            failures.append("%s: %s" % (r["name"], r["failure"]))
            continue
        totals["games"] += r["games"]
        totals["compared"] += r["compared"]
        totals["agree"] += r["agree"]
        skipped.update(r["skipped"])
        for d in r["differences"]:
            by_category[d["category"]].append(d)
    w = sys.stdout.write
    w("python-chess %s (%s)\n\n" % (chess.__version__, os.path.dirname(chess.__file__)))
    w("files                 %d\n" % len(files))
    w("games paired          %d\n" % totals["games"])
    w("games compared        %d\n" % totals["compared"])
    w("  no difference       %d\n" % totals["agree"])
    w("games skipped         %d\n" % sum(skipped.values()))
    for reason, count in skipped.most_common():
        w("  %6d  %s\n" % (count, reason))
    w("\ndifferences by category:\n")
    for category in list(EXPLAINED) + list(FAILURES):
        w("  %6d  %-26s %s\n" % (len(by_category.get(category, [])), category,
                                 EXPLAINED.get(category) or FAILURES[category]))
    for category, items in sorted(by_category.items()):
        w("\n%s (%s):\n" % (category, "explained" if category in EXPLAINED else "FAILURE"))
        for d in items:
            code, ply, rule = d["key"]
            w("  %s (%s), result %s: %s: %s%s [%s]\n" % (
                d["where"], d["players"], d["result"], d["side"], code,
                " at ply %d" % ply if ply else "", rule))
            if d["message"]:
                w("      %s\n" % d["message"])
            w("      %s\n" % d["fen"])
    claim_failed = report_claims(results)
    for f in failures:
        w("FAILURE: %s\n" % f)
    failed = failures or any(c in FAILURES for c in by_category) or claim_failed
    w("\n%s\n" % ("FAIL" if failed else "OK"))
    return 1 if failed else 0


def report_claims(results):
    """The draw-claim part of the report; returns True on a failure."""
    stats = Counter()
    by_category = defaultdict(list)
    for r in results:
        if not r["failure"]:
            stats.update(r["claims"])
            for d in r["claim_differences"]:
                by_category[d["category"]].append(d)
    w = sys.stdout.write
    w("\ndraw claims (invalid-claim, missed-threefold, missed-fifty-move):\n")
    for kind, notion in (("threefold", "can_claim_threefold_repetition"),
                         ("fifty", "can_claim_fifty_moves")):
        w("  final positions, %-34s %6d compared, %5d claimable by python-chess, %6d agree\n" % (
            notion + "():", stats["final " + kind], stats["final %s claimable" % kind],
            stats["final %s agree" % kind]))
    for kind in ("threefold", "fifty"):
        w("  recorded %-9s claims (either reader)            %6d compared, %6d agree\n" % (
            kind, stats["recorded " + kind], stats["recorded %s agree" % kind]))
    w("  missed claims: %d expected from python-chess, %d found by pgnaudit, %d in both; "
      "%d games with the same set\n" % (stats["missed expected"], stats["missed found"],
                                          stats["missed agree"], stats["missed games agree"]))
    w("\ndraw-claim differences by category:\n")
    for category in list(EXPLAINED_CLAIMS) + list(FAILURES_CLAIMS):
        w("  %6d  %-31s %s\n" % (len(by_category.get(category, [])), category,
                                 EXPLAINED_CLAIMS.get(category) or FAILURES_CLAIMS[category]))
    for category, items in sorted(by_category.items()):
        w("\n%s (%s):\n" % (category, "explained" if category in EXPLAINED_CLAIMS else "FAILURE"))
        for d in items:
            w("  %s (%s), result %s: %s\n" % (d["where"], d["players"], d["result"], d["detail"]))
            if d["message"]:
                w("      %s\n" % d["message"])
            w("      %s\n" % d["fen"])
    return any(c in FAILURES_CLAIMS for c in by_category)


def main():
    parser = argparse.ArgumentParser(
        description="Compare pgnaudit's results checks with python-chess's notions.")
    parser.add_argument("paths", nargs="*", help="PGN files or directories (default: the corpus)")
    parser.add_argument("--corpus", default=dp.DEFAULT_CORPUS,
                        help="corpus directory (default: $CORPUS_DIR or ../shared/corpus)")
    parser.add_argument("--pgnaudit", default=os.path.join(dp.REPO_ROOT, "pgnaudit"),
                        help="the binary to test (default: ./pgnaudit at the repository root)")
    parser.add_argument("-j", "--jobs", type=int, default=min(2, os.cpu_count() or 1),
                        help="files checked in parallel (default 2)")
    parser.add_argument("--timeout", type=int, default=300, help="seconds per file for pgnaudit")
    parser.add_argument("--quick", action="store_true",
                        help="only a few small corpus files (a few seconds)")
    args = parser.parse_args()
    if not os.access(args.pgnaudit, os.X_OK):
        print("diff_python_chess_rules: %s is not built; run make" % args.pgnaudit, file=sys.stderr)
        return 2
    if not args.paths and not os.path.isdir(args.corpus):
        print("diff_python_chess_rules: no corpus at %s; skipping (set CORPUS_DIR)" % args.corpus)
        return 0
    if args.quick:  # diff_python_chess.py's quick files, and a few with claims
        dp.QUICK_FILES = dp.QUICK_FILES + QUICK_CLAIM_FILES
    files = dp.collect_files(args)
    jobs = sorted(((f, dp.display_name(f, args), args.pgnaudit, args.timeout) for f in files),
                  key=lambda job: -os.path.getsize(job[0]))
    if args.jobs > 1 and len(jobs) > 1:
        with Pool(args.jobs) as pool:
            results = list(pool.imap_unordered(check_file, jobs))
    else:
        results = [check_file(job) for job in jobs]
    results.sort(key=lambda r: r["name"])
    return report(results, files)


if __name__ == "__main__":
    sys.exit(main())
