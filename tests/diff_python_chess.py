#!/usr/bin/env python3
"""Differential test: `pgnaudit replay` against python-chess.

For every PGN file, run `./pgnaudit replay FILE`, read the same file with
python-chess, replay each game's main line there too, and compare every
game's moves and its position at the start and after every ply: piece
placement, side to move, castling rights, en passant square (printed only
when an en passant capture is legal, as both tools do), halfmove clock and
fullmove number.  When two positions differ, the report says at which ply
they first part and with which move.

The two readers do not cut a file into games by the same rules (python-chess
ends a game at a blank line, pgnaudit at its termination marker or at the
next tag section; python-chess is given a blank line before every tag
section that follows movetext directly, which removes the commonest
difference), so games are paired by index when the indexes agree on
content (same start position, move lists one a prefix of the other), and by
content otherwise; every game paired off its index, and every game that only
one side has, is reported.  Games python-chess cannot read cleanly (parse
errors, null moves, start positions it calls invalid) or that are variants
other than chess and Chess960 are skipped, with the reason counted.

Exit status: 0 when everything compared agrees (or python-chess is not
importable: the test is skipped), 1 on any disagreement or on a game that
python-chess reads cleanly and pgnaudit does not replay at all, 2 on a usage
error or when pgnaudit cannot be run.

    tests/diff_python_chess.py                 # the whole shared corpus
    tests/diff_python_chess.py --quick         # a few small files (make test)
    tests/diff_python_chess.py a.pgn dir/ ...  # files, or directories of them
"""

import argparse
import difflib
import gzip
import io
import json
import logging
import os
import re
import subprocess
import sys
from collections import Counter
from multiprocessing import Pool

try:
    import chess
    import chess.pgn
except ImportError:
    print("python-chess not importable; skipping differential test "
          "(set PYTHONPATH to a python-chess checkout)")
    sys.exit(0)

REPO_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_CORPUS = os.environ.get("CORPUS_DIR") or os.path.join(REPO_ROOT, "..", "shared", "corpus")

# Small files that still cover the interesting cases: FEN-tag games,
# Chess960 castling, en passant and promotions, gzip input, a file with
# broken games.  Paths are relative to the corpus.
QUICK_FILES = [
    "edge/kokopu/games-custom-initial-position-1.pgn",
    "edge/kokopu/pgns-chess960.pgn",
    "edge/kokopu/pgns-misc.pgn",
    "edge/pgn-extract-tests/infiles-fischer.pgn",
    "edge/pgn-extract-tests/infiles-test-promotion-in.pgn",
    "edge/pgn-extract-tests/infiles-test-setup-in.pgn",
    "edge/pgn-extract-tests/infiles-test-stalemate.pgn",
    "engine/python-chess/cutechess-fischerrandom.pgn",
    "online/mliebelt-pgn-parser/lichess_mliebelt_2024-01-03.pgn",
    "otb/pgn2tex/Philidor.pgn",
    "otb/serhiis21-chess/Morphy.pgn.gz",
]

FEN_FIELDS = ("placement", "side to move", "castling", "en passant", "halfmove clock",
              "fullmove number")

PGN_SUFFIXES = (".pgn", ".pgn.gz")

# python-chess ends a game at a blank line even inside the movetext, and
# reads what follows as a new game without tags.
FRAGMENT = "python-chess split a game at a blank line (tagless fragment)"
EARLY_END = "python-chess ended the game at a blank line inside its movetext"
SYNTAX_STOP = "pgnaudit stops at a token it calls a syntax error; python-chess reads on"

# python-chess logs every parse error it collects; the errors are counted
# here instead.
logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)


class OurGame:
    """One game as `pgnaudit replay` printed it."""

    __slots__ = ("index", "start", "plies", "ucis")

    def __init__(self, index, start):
        self.index = index
        self.start = start      # FEN of the ply-0 line
        self.plies = []         # (move as written, uci, fen after it)
        self.ucis = []

    @property
    def final(self):
        return self.plies[-1][2] if self.plies else self.start


class TheirGame:
    """One game as python-chess read it."""

    __slots__ = ("index", "start", "start_board", "chess960", "moves", "ucis", "final",
                 "skip", "result_ply", "tags")

    def __init__(self, index):
        self.index = index
        self.start = None       # FEN of the start position, None if unusable
        self.start_board = None
        self.chess960 = False
        self.moves = []         # chess.Move, main line
        self.ucis = []
        self.final = None
        self.skip = None        # why the game is not compared, or None
        self.result_ply = None  # ply at which the main line's result token came
        self.tags = ""


class ResultTracker(chess.pgn.GameBuilder):
    """GameBuilder for the main line only: variations are skipped (so only
    errors in the main line count), and the ply at which the main line's
    result token stood is kept, since python-chess reads on past it up to the
    next blank line."""

    def visit_header(self, tagname, tagvalue):
        self.game.has_tags = True
        super().visit_header(tagname, tagvalue)

    def begin_variation(self):
        return chess.pgn.SKIP

    def end_variation(self):
        # read_game also calls this when it leaves a skipped variation, or a
        # stretch skipped after a parse error; GameBuilder would pop a node
        # it never pushed (and raise IndexError).
        pass

    def visit_result(self, result):
        if getattr(self.game, "result_ply", None) is None:
            node, depth = self.variation_stack[-1], 0
            while node.parent is not None:
                node, depth = node.parent, depth + 1
            self.game.result_ply = depth
        super().visit_result(result)


TAG_LINE = re.compile(r'\[[A-Za-z0-9_]+\s*"')


def open_pgn(path):
    """The file as text for python-chess, with a blank line put before every
    tag section that follows movetext directly.  python-chess only ends a
    game at a blank line and would read the next game's tags as moves;
    pgnaudit (like the PGN standard's import format) starts a new game at a
    tag pair.  The moves are untouched."""
    with open(path, "rb") as f:
        magic = f.read(2)
    if magic == b"\x1f\x8b":
        handle = gzip.open(path, "rt", encoding="utf-8", errors="replace")
    else:
        handle = open(path, "r", encoding="utf-8", errors="replace")
    with handle:
        lines = handle.read().splitlines(keepends=True)
    out = []
    previous = ""
    for line in lines:
        if TAG_LINE.match(line) and previous.strip() and not TAG_LINE.match(previous):
            out.append("\n")
        out.append(line)
        previous = line
    return io.StringIO("".join(out))


def game_label(headers):
    return "%s - %s" % (headers.get("White", "?"), headers.get("Black", "?"))


def read_their_games(path):
    """The games python-chess reads, and the error it stopped on, if any
    (python-chess can raise on odd files; the rest is then not compared)."""
    games = []
    with open_pgn(path) as handle:
        while True:
            try:
                game = chess.pgn.read_game(handle, Visitor=ResultTracker)
            except (OSError, EOFError):
                raise
            except Exception as error:
                return games, "%s: %s" % (type(error).__name__, error)
            if game is None:
                return games, None
            games.append(their_game(len(games) + 1, game))
            if not getattr(game, "has_tags", False) and len(games) > 1 \
                    and games[-2].result_ply is None:
                games[-1].skip = FRAGMENT


def their_game(index, game):
    ours = TheirGame(index)
    headers = game.headers
    ours.tags = game_label(headers)
    ours.result_ply = getattr(game, "result_ply", None)
    try:
        variant = headers.variant()
    except ValueError:
        ours.skip = "variant python-chess does not know (%s)" % headers.get("Variant")
        return ours
    if variant.uci_variant != "chess":
        ours.skip = "variant other than chess/Chess960"
        return ours
    try:
        board = game.board()
    except ValueError:
        ours.skip = "python-chess: unusable FEN tag"
        return ours
    ours.chess960 = headers.is_chess960()
    ours.start = board.fen()
    ours.start_board = board.copy(stack=False)
    for move in game.mainline_moves():
        if not move:
            ours.skip = ours.skip or "null move (--) in the main line"
            break
        ours.moves.append(move)
        ours.ucis.append(board.uci(move, chess960=ours.chess960))
        board.push(move)
    ours.final = board.fen()
    if game.errors:
        ours.skip = ours.skip or "python-chess reported errors (%s)" % type(game.errors[0]).__name__
    elif ours.start_board.chess960 and not ours.chess960:
        # pgnaudit plays such a game as standard chess and drops the
        # castling rights that cannot exist there (bad-fen).
        ours.skip = "python-chess reads the FEN's castling rights as Chess960 (no Variant tag)"
    elif not ours.start_board.is_valid():
        ours.skip = ours.skip or "start position python-chess calls invalid"
    return ours


def read_our_games(stdout, problems):
    """Parses `pgnaudit replay` output into {index: OurGame}."""
    games = {}
    current = None
    for lineno, raw in enumerate(stdout.split(b"\n"), 1):
        if not raw or raw.startswith(b"#"):
            continue
        fields = raw.decode("utf-8", "replace").split("\t")
        if len(fields) != 5:
            problems.append("output line %d has %d fields, not 5: %r" % (lineno, len(fields), raw[:120]))
            continue
        try:
            index, ply = int(fields[0]), int(fields[1])
        except ValueError:
            problems.append("output line %d: game or ply is not a number: %r" % (lineno, raw[:120]))
            continue
        if ply == 0:
            if index in games:
                problems.append("output line %d: game %d starts twice" % (lineno, index))
            if current is not None and index <= current.index:
                problems.append("output line %d: game %d after game %d" % (lineno, index, current.index))
            current = OurGame(index, fields[4])
            games[index] = current
        elif current is None or index != current.index or ply != len(current.plies) + 1:
            problems.append("output line %d: game %d ply %d out of sequence" % (lineno, index, ply))
        else:
            current.plies.append((fields[2], fields[3], fields[4]))
            current.ucis.append(fields[3])
    return games


def position_key(fen):
    """Placement and side to move: what must agree for two games to be one."""
    return tuple(fen.split()[:2]) if fen else None


def common_prefix(a, b):
    n = 0
    for x, y in zip(a, b):
        if x != y:
            break
        n += 1
    return n


# Costs of leaving a game unpaired in the content alignment: high for a
# game that would be compared, low for one that would not (python-chess
# skips it, or pgnaudit printed nothing for that index).
UNPAIRED_COMPARED = 3.0
UNPAIRED_IDLE = 0.5
EXACT = 10
GAP_CELLS_MAX = 4000000


def pair_score(ours, theirs):
    """How well our game and theirs look like the same game; 0: not at all."""
    if ours is None:
        return 1 if theirs.skip else 0
    if theirs.start is None:
        return 1
    if position_key(ours.start) != position_key(theirs.start):
        return 0
    a, b = ours.ucis, theirs.ucis
    shared = common_prefix(a, b)
    if a == b:
        return EXACT if a else 3
    if shared == min(len(a), len(b)):
        return 6 if shared else 1
    return 4 if shared else 0


def align_by_index(ours, theirs):
    """Pairs game k with game k when both sides have as many games and every
    such pair is plausible; else None.  (pgnaudit prints nothing for games it
    does not replay, so games missing at the end of our list are allowed when
    python-chess skips them too.)"""
    if len(ours) > len(theirs) or any(not b.skip for b in theirs[len(ours):]):
        return None
    ours = ours + [None] * (len(theirs) - len(ours))
    pairs = list(zip(ours, theirs))
    if any(pair_score(a, b) == 0 for a, b in pairs):
        return None
    return pairs


def align_by_content(ours, theirs):
    """Anchors the games whose non-empty move lists agree exactly (their
    longest common subsequence), then aligns each stretch between anchors
    by the best total pair_score less the cost of unpaired games."""
    def key(game):
        return (position_key(game.start), tuple(game.ucis))

    a_at = [k for k, g in enumerate(ours) if g is not None and g.ucis]
    b_at = [k for k, g in enumerate(theirs) if g.start is not None and g.ucis]
    matcher = difflib.SequenceMatcher(None, [key(ours[k]) for k in a_at],
                                      [key(theirs[k]) for k in b_at], autojunk=False)
    pairs = []
    i = j = 0
    for block in matcher.get_matching_blocks():
        for t in range(block.size):
            x, y = a_at[block.a + t], b_at[block.b + t]
            pairs += align_gap(ours[i:x], theirs[j:y])
            pairs.append((ours[x], theirs[y]))
            i, j = x + 1, y + 1
    pairs += align_gap(ours[i:], theirs[j:])
    return pairs


def align_gap(ours, theirs):
    n, m = len(ours), len(theirs)
    if not n or not m or n * m > GAP_CELLS_MAX:
        pairs = list(zip(ours, theirs))
        return pairs + [(a, None) for a in ours[m:]] + [(None, b) for b in theirs[n:]]
    cost_ours = [UNPAIRED_COMPARED if g is not None else UNPAIRED_IDLE for g in ours]
    cost_theirs = [UNPAIRED_IDLE if g.skip else UNPAIRED_COMPARED for g in theirs]
    # best[x][y]: the best score for ours[x:] against theirs[y:].
    best = [[0.0] * (m + 1) for _ in range(n + 1)]
    for x in range(n - 1, -1, -1):
        best[x][m] = best[x + 1][m] - cost_ours[x]
    for y in range(m - 1, -1, -1):
        best[n][y] = best[n][y + 1] - cost_theirs[y]
    score = [[pair_score(a, b) for b in theirs] for a in ours]
    for x in range(n - 1, -1, -1):
        row, below, scores = best[x], best[x + 1], score[x]
        for y in range(m - 1, -1, -1):
            value = max(below[y] - cost_ours[x], row[y + 1] - cost_theirs[y])
            if scores[y]:
                value = max(value, below[y + 1] + scores[y])
            row[y] = value
    pairs = []
    x = y = 0
    while x < n and y < m:
        if score[x][y] and best[x][y] == best[x + 1][y + 1] + score[x][y]:
            pairs.append((ours[x], theirs[y]))
            x, y = x + 1, y + 1
        elif best[x][y] == best[x + 1][y] - cost_ours[x]:
            pairs.append((ours[x], None))
            x += 1
        else:
            pairs.append((None, theirs[y]))
            y += 1
    return pairs + [(a, None) for a in ours[x:]] + [(None, b) for b in theirs[y:]]


def same_castling(ours, theirs, chess960):
    if not chess960:
        return False
    try:
        a = chess.Board(ours, chess960=True).clean_castling_rights()
        b = chess.Board(theirs, chess960=True).clean_castling_rights()
    except ValueError:
        return False
    return a == b


def fen_differences(ours, theirs, chess960):
    """Names of the FEN fields that differ (castling compared as rights in
    Chess960, where X-FEN and Shredder-FEN say the same thing)."""
    a, b = ours.split(), theirs.split()
    if len(a) != 6:
        return ["pgnaudit's FEN has %d fields" % len(a)]
    return [FEN_FIELDS[k] for k in range(6)
            if a[k] != b[k] and not (k == 2 and same_castling(ours, theirs, chess960))]


def first_divergence(ours, theirs):
    """(ply, fields that differ, our FEN, their FEN) at the first ply where
    the two replays part, or None."""
    board = theirs.start_board.copy(stack=False)
    fens = [ours.start] + [p[2] for p in ours.plies]
    for ply in range(min(len(fens), len(theirs.moves) + 1)):
        if ply:
            board.push(theirs.moves[ply - 1])
        diff = fen_differences(fens[ply], board.fen(), theirs.chess960)
        if diff:
            return ply, diff, fens[ply], board.fen()
    return None


def compare_pair(path, ours, theirs, result, why_stopped):
    """Classifies one paired game into result's counters and details.
    why_stopped(game, ply) is pgnaudit check's finding at that ply, or None."""
    where = "%s game %d" % (path, ours.index)
    if ours.index != theirs.index:
        where += " (python-chess game %d)" % theirs.index
    n_ours, n_theirs = len(ours.plies), len(theirs.moves)
    shared = common_prefix(ours.ucis, theirs.ucis)
    if n_ours > n_theirs and shared == n_theirs and theirs.result_ply is None:
        result["skipped"][EARLY_END] += 1
        return
    stop = None
    if n_ours < n_theirs and shared == n_ours:
        stop = why_stopped(ours.index, n_ours + 1)
        if stop and stop.get("code") == "syntax":
            result["skipped"][SYNTAX_STOP] += 1
            result["syntax_stops"].append("%s ply %d: %s" % (where, n_ours + 1, stop.get("message")))
            return
    if n_ours < n_theirs and shared == n_ours and theirs.result_ply == n_ours:
        result["skipped"]["python-chess read moves after the termination marker"] += 1
        return
    result["compared"] += 1
    # The same moves, and the same position after every one of them (the
    # start position included), not only at the end.
    if n_ours == n_theirs and shared == n_ours and first_divergence(ours, theirs) is None:
        result["agree"] += 1
        return
    lines = ["%s: %s" % (where, theirs.tags)]
    if shared < min(n_ours, n_theirs):
        lines.append("  the moves differ at ply %d: pgnaudit %s (%s), python-chess %s"
                     % (shared + 1, ours.plies[shared][1], ours.plies[shared][0],
                        theirs.ucis[shared]))
    elif n_ours < n_theirs:
        lines.append("  pgnaudit stops after ply %d; python-chess plays ply %d (%s) and ends at ply %d"
                     % (n_ours, n_ours + 1, theirs.ucis[n_ours], n_theirs))
        if stop:
            lines.append("  pgnaudit check says: %s: %s [%s]"
                         % (stop.get("code"), stop.get("message"), stop.get("rule")))
    elif n_ours > n_theirs:
        lines.append("  pgnaudit replays %d plies, python-chess %d" % (n_ours, n_theirs))
    part = first_divergence(ours, theirs)
    if part:
        ply, fields, our_fen, their_fen = part
        move = "the start position" if ply == 0 else "ply %d (%s)" % (ply, ours.plies[ply - 1][0])
        lines.append("  positions first differ after %s: %s" % (move, ", ".join(fields)))
        lines.append("    pgnaudit:     %s" % our_fen)
        lines.append("    python-chess: %s" % their_fen)
    lines.append("  final, pgnaudit:     %s" % ours.final)
    lines.append("  final, python-chess: %s" % theirs.final)
    result["disagree"].append("\n".join(lines))


def check_file(job):
    path, name, pgnaudit, timeout = job
    result = {
        "path": path, "name": name, "failure": None, "problems": [], "ours": 0, "theirs": 0,
        "compared": 0, "agree": 0, "disagree": [], "skipped": Counter(),
        "ours_only": [], "theirs_only": [], "off_index": [], "crash": None, "syntax_stops": [],
    }
    try:
        proc = subprocess.run([pgnaudit, "replay", path], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, timeout=timeout)
    except subprocess.TimeoutExpired:
        result["failure"] = "pgnaudit replay took more than %d s" % timeout
        return result
    except OSError as error:
        result["failure"] = "cannot run %s: %s" % (pgnaudit, error)
        return result
    if proc.returncode not in (0, 1):
        how = ("killed by signal %d" % -proc.returncode if proc.returncode < 0
               else "exit status %d" % proc.returncode)
        stderr = proc.stderr.decode("utf-8", "replace").strip().splitlines()
        result["failure"] = "pgnaudit replay: %s%s" % (how, ": " + stderr[0] if stderr else "")
        return result

    our_games = read_our_games(proc.stdout, result["problems"])
    try:
        theirs, crash = read_their_games(path)
    except (OSError, EOFError) as error:
        result["failure"] = "python-chess cannot read the file: %s" % error
        return result
    last = max(our_games) if our_games else 0
    ours = [our_games.get(k) for k in range(1, last + 1)]
    result["ours"], result["theirs"] = len(our_games), len(theirs)

    stops = StopFindings(pgnaudit, path, timeout)
    pairs = align_by_index(ours, theirs) or align_by_content(ours, theirs)
    if crash:
        result["crash"] = "python-chess raised %s after game %d" % (crash, len(theirs))
        while pairs and pairs[-1][1] is None:
            pairs.pop()
            result["skipped"]["python-chess raised an exception before reaching the game"] += 1
    for a, b in pairs:
        if a is not None and b is not None and a.index != b.index:
            result["off_index"].append((a.index, b.index))
        if b is None:
            if a is not None:
                result["ours_only"].append(a.index)
        elif b.skip:
            result["skipped"][b.skip] += 1
        elif a is None:
            if b.moves:
                result["theirs_only"].append("%d (%s, %d plies)" % (b.index, b.tags, len(b.moves)))
            else:
                result["skipped"]["empty game that pgnaudit does not print"] += 1
        else:
            compare_pair(name, a, b, result, lambda game, ply: stops.get((game, ply)))
    return result


class StopFindings:
    """The findings that end a replay (syntax, illegal-move, ambiguous-move),
    by (game, ply), from `pgnaudit check -f jsonl`; run once per file, and
    only when asked."""

    CODES = "syntax,illegal-move,ambiguous-move"

    def __init__(self, pgnaudit, path, timeout):
        self.args = [pgnaudit, "check", "-f", "jsonl", "--select", self.CODES, path]
        self.timeout = timeout
        self.by_ply = None

    def get(self, key):
        if self.by_ply is None:
            self.by_ply = {}
            try:
                proc = subprocess.run(self.args, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                      timeout=self.timeout)
            except (OSError, subprocess.TimeoutExpired):
                return None
            for line in proc.stdout.decode("utf-8", "replace").splitlines():
                try:
                    finding = json.loads(line)
                except ValueError:
                    continue
                if "ply" in finding:
                    self.by_ply.setdefault((finding.get("game"), finding["ply"]), finding)
        return self.by_ply.get(key)


def collect_files(args):
    if args.paths:
        roots, files = args.paths, []
    elif args.quick:
        roots = [os.path.join(args.corpus, name) for name in QUICK_FILES]
        files = []
    else:
        roots, files = [args.corpus], []
    for root in roots:
        if os.path.isdir(root):
            for dirpath, dirnames, filenames in os.walk(root):
                dirnames.sort()
                files += [os.path.join(dirpath, f) for f in sorted(filenames)
                          if f.lower().endswith(PGN_SUFFIXES)]
        elif os.path.isfile(root):
            files.append(root)
        elif args.quick and not args.paths:
            continue
        else:
            sys.exit("diff_python_chess: %s: no such file or directory" % root)
    return files


def display_name(path, args):
    """Corpus files by their path in the corpus, others as given."""
    if args.paths:
        return path
    return os.path.relpath(path, args.corpus)


def run_length_shifts(off_index):
    """(first our index, first their index, count) for runs of one offset."""
    runs = []
    for a, b in off_index:
        if runs and b - a == runs[-1][1] - runs[-1][0] and a == runs[-1][0] + runs[-1][2]:
            runs[-1][2] += 1
        else:
            runs.append([a, b, 1])
    return runs


def report(results, args, files):
    totals = Counter()
    skipped = Counter()
    failures, disagreements, theirs_only, notes, syntax_stops = [], [], [], [], []
    for r in results:
        rel = r["name"]
        if r["failure"]:
            failures.append("%s: %s" % (rel, r["failure"]))
            continue
        for key in ("ours", "theirs", "compared", "agree"):
            totals[key] += r[key]
        skipped.update(r["skipped"])
        disagreements += r["disagree"]
        failures += ["%s: %s" % (rel, p) for p in r["problems"][:5]]
        theirs_only += ["%s: python-chess game %s" % (rel, t) for t in r["theirs_only"]]
        syntax_stops += r["syntax_stops"]
        if r["crash"]:
            notes.append("%s: %s; the rest of the file is not compared" % (rel, r["crash"]))
        if r["ours_only"]:
            totals["ours_only"] += len(r["ours_only"])
            notes.append("%s: pgnaudit games with no python-chess counterpart: %s"
                         % (rel, ", ".join(map(str, r["ours_only"][:12]))
                            + (" ..." if len(r["ours_only"]) > 12 else "")))
        if r["off_index"]:
            totals["off_index"] += len(r["off_index"])
            runs = run_length_shifts(r["off_index"])
            text = "; ".join("pgnaudit %d-%d = python-chess %d-%d" % (a, a + n - 1, b, b + n - 1)
                             for a, b, n in runs[:4])
            notes.append("%s: games paired off their index: %s%s"
                         % (rel, text, " ..." if len(runs) > 4 else ""))

    out = sys.stdout
    out.write("python-chess %s (%s)\n" % (chess.__version__, os.path.dirname(chess.__file__)))
    out.write("pgnaudit     %s\n\n" % args.pgnaudit)
    out.write("files                 %d\n" % len(files))
    out.write("games read            pgnaudit %d, python-chess %d\n" % (totals["ours"], totals["theirs"]))
    out.write("games compared        %d\n" % totals["compared"])
    out.write("  agree               %d\n" % totals["agree"])
    out.write("  disagree            %d\n" % len(disagreements))
    out.write("games skipped         %d\n" % sum(skipped.values()))
    for reason, count in sorted(skipped.items(), key=lambda kv: (-kv[1], kv[0])):
        out.write("  %6d  %s\n" % (count, reason))
    out.write("paired off index      %d\n" % totals["off_index"])
    out.write("only in pgnaudit      %d\n" % totals["ours_only"])
    out.write("only in python-chess  %d (clean games with moves that pgnaudit does not replay)\n"
              % len(theirs_only))
    out.write("failures              %d\n" % len(failures))

    def section(title, items, limit):
        if not items:
            return
        out.write("\n%s:\n" % title)
        for item in items[:limit]:
            out.write(item + "\n")
        if len(items) > limit:
            out.write("... and %d more (--max-details)\n" % (len(items) - limit))

    section("FAILURES", failures, args.max_details)
    section("DISAGREEMENTS", disagreements, args.max_details)
    section("GAMES ONLY PYTHON-CHESS REPLAYS", theirs_only, args.max_details)
    section("ALIGNMENT NOTES (not failures)", notes, args.max_details)
    section("WHERE PGNAUDIT STOPS AT A SYNTAX ERROR AND PYTHON-CHESS READS ON (not failures)",
            syntax_stops, args.max_details)
    failed = bool(failures or disagreements or theirs_only)
    out.write("\n%s\n" % ("FAIL" if failed else "OK"))
    return 1 if failed else 0


def main():
    parser = argparse.ArgumentParser(
        description="Compare `pgnaudit replay` with python-chess on PGN files.")
    parser.add_argument("paths", nargs="*", help="PGN files or directories (default: the corpus)")
    parser.add_argument("--quick", action="store_true", help="only a few small corpus files")
    parser.add_argument("--corpus", default=DEFAULT_CORPUS,
                        help="corpus directory (default: $CORPUS_DIR or ../shared/corpus)")
    parser.add_argument("--pgnaudit", default=os.path.join(REPO_ROOT, "pgnaudit"),
                        help="the binary to test (default: ./pgnaudit at the repository root)")
    parser.add_argument("-j", "--jobs", type=int, default=min(2, os.cpu_count() or 1),
                        help="files checked in parallel (default 2)")
    parser.add_argument("--timeout", type=int, default=300, help="seconds per file for pgnaudit")
    parser.add_argument("--max-details", type=int, default=40,
                        help="items listed per section of the report (default 40)")
    args = parser.parse_args()

    if not os.access(args.pgnaudit, os.X_OK):
        print("diff_python_chess: %s is not built; run make" % args.pgnaudit, file=sys.stderr)
        return 2
    if not args.paths and not os.path.isdir(args.corpus):
        print("diff_python_chess: no corpus at %s; skipping (set CORPUS_DIR)" % args.corpus)
        return 0
    files = collect_files(args)
    if not files:
        print("diff_python_chess: no PGN files to compare", file=sys.stderr)
        return 2
    # Largest first, so that two workers finish at about the same time.
    jobs = sorted(((f, display_name(f, args), args.pgnaudit, args.timeout) for f in files),
                  key=lambda job: -os.path.getsize(job[0]))
    if args.jobs > 1 and len(jobs) > 1:
        with Pool(args.jobs) as pool:
            results = list(pool.imap_unordered(check_file, jobs))
    else:
        results = [check_file(job) for job in jobs]
    results.sort(key=lambda r: r["path"])
    return report(results, args, files)


if __name__ == "__main__":
    sys.exit(main())
