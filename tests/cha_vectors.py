#!/usr/bin/env python3
"""cha_vectors.py - `pgnaudit check` against the Chess Unwinnability Analyzer's positions.

Reads ../shared/cha (CHA_DIR): test-vector.txt, whose every position has a
two-character class saying which sides can still mate ("WB", "W-", "-B",
"--"), and lichess-30K-games.txt, 30,000 positions of real lichess games
that ended on time.  Each position becomes a game with no moves, set up
from its FEN, that the one side won on time (Termination "time forfeit");
for the vectors, both sides in turn, 3,606 games.  Then:

  - a side the class says can mate never gets unwinnable-timeout (no false
    alarm, ever);
  - of the sides it says cannot, those neither mated nor stalemated
    (wrong-result) nor refused as unreachable (bad-fen), at least FLOOR get
    unwinnable-timeout (the share is printed);
  - of the lichess positions (won by the side not to move, as lichess
    flags the side to move), exactly the three that CHA finds unwinnable.

And on the shared corpus (CORPUS_DIR): the games that become dead before
their last move get move-after-end at the move after the one that made
the position dead - exactly the 22 games, at exactly the plies, that CHA
2.6.1 finds when asked about every position of every game whose final
position it finds dead (2026-12-03; CHA finds 322 such games, and agrees
with `check` on all 34,147 of their positions).

Usage: cha_vectors.py [PGNAUDIT]; skips with a message where the data is
absent.
"""
import json
import os
import subprocess
import sys
import tempfile

CHA_DIR = os.environ.get("CHA_DIR", "../shared/cha")
# Found with the searches and the two-square king of 2026-12-03 (1675 of 1679): a floor, so that a
# change that loses cases fails here.
FLOOR = 1675
CORPUS_DIR = os.environ.get("CORPUS_DIR", "../shared/corpus")
# The corpus's games that become dead before their last move, as CHA finds
# them: (file, game, the ply after which the position is dead).
CORPUS_DEAD = {
    ("online/allan-cao-carlsen/games.pgn.gz", 294, 185),
    ("online/kdave-pgn-toys/lichess.pgn.gz", 806, 138),
    ("online/kdave-pgn-toys/lichess.pgn.gz", 857, 138),
    ("online/pychess-learn/lichess_study_beautiful-chess-studies-1_by_thijscom_2018.03.05.pgn", 16, 7),
    ("online/pychess-learn/lichess_study_beautiful-chess-studies-1_by_thijscom_2018.03.05.pgn", 17, 7),
    ("online/pychess-learn/lichess_study_beautiful-chess-studies-1_by_thijscom_2018.03.05.pgn", 44, 7),
    ("online/pychess-learn/lichess_study_beautiful-chess-studies-1_by_thijscom_2018.03.05.pgn", 55, 4),
    ("online/pychess-learn/lichess_study_beautiful-chess-studies-1_by_thijscom_2018.03.05.pgn", 58, 7),
    ("online/pychess-learn/lichess_study_beautiful-chess-studies-1_by_thijscom_2018.03.05.pgn", 63, 9),
    ("online/pychess-learn/lichess_study_beautiful-chess-studies-2_by_thijscom_2018.04.17.pgn", 39, 7),
    ("otb/fsmosca-pgnhelper/norway_chess_2022_classical.pgn", 22, 92),
    ("otb/notnil-chess/Carlsen.pgn.gz", 1398, 161),
    ("otb/notnil-chess/Carlsen.pgn.gz", 1441, 140),
    ("otb/notnil-chess/twic0920.pgn.gz", 1167, 108),
    ("otb/notnil-chess/twic0920.pgn.gz", 1220, 130),
    ("otb/notnil-chess/twic0920.pgn.gz", 1358, 130),
    ("otb/serhiis21-chess/100_endgame_studies.pgn", 10, 9),
    ("otb/serhiis21-chess/Alekhine.pgn.gz", 1643, 115),
    ("otb/serhiis21-chess/tactics.pgn.gz", 193, 3),
    ("otb/serhiis21-chess/tactics.pgn.gz", 2000, 7),
    ("otb/serhiis21-chess/tactics.pgn.gz", 201, 2),
    ("otb/serhiis21-chess/tactics.pgn.gz", 259, 3),
}
# The lichess games CHA finds unwinnable, by their id.
LICHESS_UNWINNABLE = {"AHPAU56z", "tapdr97m", "VIdrelSz"}


def game(n, event, fen, result):
    return (f'[Event "{event}"]\n[Site "?"]\n[Date "????.??.??"]\n[Round "{n}"]\n[White "W"]\n[Black "B"]\n'
            f'[Result "{result}"]\n[SetUp "1"]\n[FEN "{fen}"]\n[Termination "time forfeit"]\n\n{result}\n\n')


def run(binary, path):
    jobs = str(os.cpu_count() or 1)
    out = subprocess.run([binary, "check", "-q", "-j", jobs, "-f", "jsonl", path],
                         stdout=subprocess.PIPE, check=False).stdout
    codes = {}
    for line in out.decode().splitlines():
        record = json.loads(line)
        if "code" in record:
            codes.setdefault(record["game"], set()).add(record["code"])
    return codes


def vectors(binary, tmp):
    cases = []
    with open(os.path.join(CHA_DIR, "test-vector.txt")) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            cls, fen = line[:2], line[3:].strip()
            if len(fen.split()) == 4:
                fen += " 0 1"
            cases.append((fen, "1-0", cls[0] == "W"))
            cases.append((fen, "0-1", cls[1] == "B"))
    path = os.path.join(tmp, "vectors.pgn")
    with open(path, "w") as f:
        for n, (fen, result, _) in enumerate(cases, 1):
            f.write(game(n, "CHA test vector", fen, result))
    codes = run(binary, path)
    false_alarms, found, missed, excluded = [], 0, 0, 0
    for n, (fen, result, can) in enumerate(cases, 1):
        got = codes.get(n, set())
        if can:
            if "unwinnable-timeout" in got:
                false_alarms.append((n, result, fen))
        elif "wrong-result" in got or "bad-fen" in got:
            excluded += 1
        elif "unwinnable-timeout" in got:
            found += 1
        else:
            missed += 1
    share = 100.0 * found / (found + missed)
    print(f"cha_vectors.py: {len(cases)} games; unwinnable sides found {found} of {found + missed} "
          f"({share:.2f}%), {excluded} mated, stalemated or unreachable, {len(false_alarms)} false alarms")
    ok = True
    for n, result, fen in false_alarms:
        print(f"FAIL: game {n} ({result}, {fen}): unwinnable-timeout for a side that can mate")
        ok = False
    if found < FLOOR:
        print(f"FAIL: {found} unwinnable sides found, fewer than the {FLOOR} found before")
        ok = False
    return ok


def lichess(binary, tmp):
    ids = []
    path = os.path.join(tmp, "lichess.pgn")
    with open(os.path.join(CHA_DIR, "lichess-30K-games.txt")) as f, open(path, "w") as out:
        for n, line in enumerate(f, 1):
            fields = line.split()
            fen, gid = " ".join(fields[:6]), fields[6]
            ids.append(gid)
            out.write(game(n, "lichess " + gid, fen, "0-1" if fields[1] == "w" else "1-0"))
    codes = run(binary, path)
    flagged = {ids[n - 1] for n, got in codes.items() if "unwinnable-timeout" in got}
    print(f"cha_vectors.py: {len(ids)} lichess time forfeits; unwinnable-timeout on {sorted(flagged)}")
    if flagged != LICHESS_UNWINNABLE:
        print(f"FAIL: expected exactly {sorted(LICHESS_UNWINNABLE)}")
        return False
    return True


def corpus_dead(binary):
    if not os.path.isdir(CORPUS_DIR):
        print(f"cha_vectors.py: {CORPUS_DIR} not found; skipping the corpus's dead positions (set CORPUS_DIR)")
        return True
    files = sorted(os.path.relpath(os.path.join(d, n), CORPUS_DIR)
                   for d, _, names in os.walk(CORPUS_DIR) for n in names
                   if n.endswith(".pgn") or n.endswith(".pgn.gz"))
    out = subprocess.run([binary, "check", "-q", "-j", str(os.cpu_count() or 1), "-f", "jsonl",
                          "--select", "move-after-end"] + files,
                         cwd=CORPUS_DIR, stdout=subprocess.PIPE, check=False).stdout
    found = set()
    for line in out.decode().splitlines():
        record = json.loads(line)
        if record.get("code") == "move-after-end" and " is dead " in record["message"]:
            found.add((record["file"], record["game"], record["ply"] - 1))
    print(f"cha_vectors.py: the corpus's games dead before their end: {len(found)} found, "
          f"{len(CORPUS_DEAD)} by CHA")
    ok = True
    for name, number, ply in sorted(CORPUS_DEAD - found):
        print(f"FAIL: {name} game {number}: dead after ply {ply} (CHA), not reported there")
        ok = False
    for name, number, ply in sorted(found - CORPUS_DEAD):
        print(f"FAIL: {name} game {number}: reported dead after ply {ply}, which CHA does not find")
        ok = False
    return ok


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else "./pgnaudit"
    binary = os.path.abspath(binary)
    ok = corpus_dead(binary)
    if not os.path.isdir(CHA_DIR):
        print(f"cha_vectors.py: {CHA_DIR} not found; skipping the unwinnability vectors (set CHA_DIR)")
        return 0 if ok else 1
    with tempfile.TemporaryDirectory() as tmp:
        ok = vectors(binary, tmp) and ok
        ok = lichess(binary, tmp) and ok
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
