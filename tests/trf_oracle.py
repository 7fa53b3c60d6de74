#!/usr/bin/env python3
"""trf_oracle.py - an independent reading of a FIDE TRF16 file, for tests.

Written from FIDE Handbook C.04 Annex 2 apart from parser/trf.c: prints, one
a line, "LINE ROUND" for each game played over the board (result 1, = or 0
against an opponent) that `pgnaudit check --trf FILE` must report as
pairing-without-game when it is given no game: the line is the 001 record
of the player of the lower start rank, or of the only one whose record
gives the game.  Usage: trf_oracle.py FILE.trf
"""
import sys


def lines_of(path):
    data = open(path, 'rb').read()
    if data.startswith(b'\xef\xbb\xbf'):
        data = data[3:]
    try:
        text = data.decode('utf-8')
    except UnicodeDecodeError:
        text = data.decode('latin-1')
    return text.replace('\r\n', '\n').replace('\r', '\n').split('\n')


def main():
    players = {}
    for number, line in enumerate(lines_of(sys.argv[1]), 1):
        if not line.startswith('001'):
            continue
        rank = int(line[4:8])
        rounds = []
        r = 0
        while 91 + 10 * r < len(line):
            block = line[91 + 10 * r:99 + 10 * r].ljust(8)
            opp = block[0:4].strip()
            rounds.append((int(opp) if opp else 0, block[5], block[7].upper()))
            r += 1
        players[rank] = (number, rounds)
    for rank, (number, rounds) in sorted(players.items(), key=lambda kv: kv[1][0]):
        for r, (opp, colour, result) in enumerate(rounds, 1):
            if opp == 0 or result not in '1=0' or result == '':
                continue
            other = players[opp][1]
            back = other[r - 1][0] == rank if r <= len(other) else False
            if back and opp < rank:
                continue
            print(number, r)


main()
