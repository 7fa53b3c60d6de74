#!/usr/bin/env python3
"""Differential test of the results checks against python-chess.

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

From them follows what `pgnaudit check --select wrong-result,automatic-draw,
move-after-end,unwinnable-timeout` must say under the 2023 Laws: the first
ply that ends the game (insufficient material, fivefold, 75 moves) gives an
automatic-draw there (9.6) and a move-after-end at the next ply when play
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

Exit status: 0 when every difference is explained (or python-chess is not
importable: skipped), 1 otherwise, 2 on a usage error.

    tests/diff_python_chess_rules.py                 # the whole shared corpus
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
                           getattr(game, "tag_Termination", None)))
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


class Expectation:
    """What python-chess's notions say pgnaudit must report about one game."""

    def __init__(self, theirs, result, termination):
        board = theirs.start_board.copy(stack=False)
        n = len(theirs.moves)
        self.end = None  # (kind, ply): the first ply that ends the game
        kind = first_end(board, 0)
        if kind:
            self.end = (kind, 0)
        for ply, move in enumerate(theirs.moves, 1):
            board.push(move)
            if self.end is None:
                kind = first_end(board, ply)
                if kind:
                    self.end = (kind, ply)
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
            if ply < n:
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


def our_findings(pgnaudit, path, timeout):
    """{game index: {(code, ply or 0, rule): the finding}}."""
    proc = subprocess.run([pgnaudit, "check", "-f", "jsonl", "--select", CODES, path],
                          stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, timeout=timeout)
    by_game = defaultdict(dict)
    for line in proc.stdout.decode("utf-8", "replace").splitlines():
        try:
            f = json.loads(line)
        except ValueError:
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


def check_file(job):
    path, name, pgnaudit, timeout = job
    out = {"name": name, "failure": None, "games": 0, "compared": 0, "skipped": Counter(),
           "differences": [], "agree": 0}
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
        result, termination = extra_of[b.index]
        exp = Expectation(b, result, termination)
        mine = findings.get(a.index, {})
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
    for f in failures:
        w("FAILURE: %s\n" % f)
    failed = failures or any(c in FAILURES for c in by_category)
    w("\n%s\n" % ("FAIL" if failed else "OK"))
    return 1 if failed else 0


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
    args = parser.parse_args()
    args.quick = False
    if not os.access(args.pgnaudit, os.X_OK):
        print("diff_python_chess_rules: %s is not built; run make" % args.pgnaudit, file=sys.stderr)
        return 2
    if not args.paths and not os.path.isdir(args.corpus):
        print("diff_python_chess_rules: no corpus at %s; skipping (set CORPUS_DIR)" % args.corpus)
        return 0
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
