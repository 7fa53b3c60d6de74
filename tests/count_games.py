#!/usr/bin/env python3
"""count_games.py FILE.jsonl - do check's game counts agree with its findings?

`pgnaudit check -f jsonl` ends with one "record":"file" per input and one
"record":"event" per event and round.  This script counts apart from
pgnaudit, from the finding lines alone: each game (file, game number) by
its most serious finding.  It requires, for each file, that the record's
with_errors, with_warnings and with_info are those counts, that clean
plus those make games, and that the event records of a file add up to its
file record.  Exit 0 when all agree; else 1, saying what differs.
"""
import json
import sys
from collections import defaultdict

RANK = {'error': 0, 'warning': 1, 'info': 2}
NAMES = ['with_errors', 'with_warnings', 'with_info']


def main():
    worst = {}
    files, events = {}, defaultdict(lambda: defaultdict(int))
    with open(sys.argv[1], encoding='utf-8') as f:
        for line in f:
            row = json.loads(line)
            if 'record' in row:
                if row['record'] == 'file':
                    files[row['file']] = row
                else:
                    for k in ['games', 'clean'] + NAMES:
                        events[row['file']][k] += row[k]
                continue
            key = (row['file'], row['game'])
            worst[key] = min(worst.get(key, 9), RANK[row['severity']])
    bad = 0
    for name, rec in files.items():
        counts = [0, 0, 0]
        for (file, _), w in worst.items():
            if file == name:
                counts[w] += 1
        got = [rec[k] for k in NAMES]
        if got != counts:
            print(f'{name}: the record says {got} games with errors, warnings, info; the findings say {counts}')
            bad = 1
        if rec['clean'] + sum(got) != rec['games']:
            print(f'{name}: clean and the games with findings do not add up to games')
            bad = 1
        ev = events[name]
        if rec.get('events_left_out', 0) == 0 and any(ev[k] != rec[k] for k in ['games', 'clean'] + NAMES):
            print(f'{name}: the event records add up to {dict(ev)}, not to the file record')
            bad = 1
    for file, _ in worst:
        if file not in files:
            print(f'{file}: findings but no record')
            bad = 1
    if not files:
        print('no records')
        bad = 1
    sys.exit(bad)


if __name__ == '__main__':
    main()
