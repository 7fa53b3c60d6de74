#!/usr/bin/env python3
"""mutants.py - single-token mutants of C sources, for tests/mutate.sh.

Usage: python3 tests/mutants.py COUNT SEED FILE...

Prints COUNT mutants drawn at random (SEED) from every place in the FILEs
where one of the operators below applies, one JSON object a line:
{"file", "line", "old", "new"} (old and new are the whole line).  Comments,
string literals, preprocessor lines and constant tables are left alone.
"""
import json
import random
import re
import sys

# (pattern, replacement); None: the integer constant plus one.
OPERATORS = [
    (r'(?<![<>=!])<=(?!=)', '<'),
    (r'(?<![<>=!-])<(?![<=])', '<='),
    (r'(?<![<>=!-])>=(?!=)', '>'),
    (r'(?<![<>=!-])>(?![>=])', '>='),
    (r'==', '!='),
    (r'!=', '=='),
    (r'&&', '||'),
    (r'\|\|', '&&'),
    (r'return 1;', 'return 0;'),
    (r'return 0;', 'return 1;'),
    (r'(?<![\w.])([2-9]|[1-9][0-9]+)(?![\w.])', None),
    (r'!(?=[\w(])(?!=)', ''),
    (r' \+ 1\b', ' - 1'),
    (r' - 1\b', ' + 1'),
    (r'\+\+', '--'),
]


def masked(line):
    """The line with string literals and /* */ comments blanked, same length."""
    line = re.sub(r'"([^"\\]|\\.)*"', lambda m: '"' + 'x' * (len(m.group(0)) - 2) + '"', line)
    return re.sub(r'/\*.*?\*/', lambda m: ' ' * len(m.group(0)), line)


def places(path):
    """(line index, operator index, start, end) of every place in the file."""
    in_comment = False
    for i, line in enumerate(open(path, encoding='utf-8').read().split('\n')):
        s = line.strip()
        if in_comment:
            in_comment = '*/' not in s
            continue
        if s.startswith('/*'):
            in_comment = '*/' not in s
            continue
        if not s or s[0] in '#*' or s.startswith('//') or 'static const' in s:
            continue
        if s.startswith('{') and s.endswith('},'):
            continue  # a row of a table
        code = masked(line)
        for k, (pattern, _) in enumerate(OPERATORS):
            for m in re.finditer(pattern, code):
                yield i, k, m.start(), m.end()


def main():
    if len(sys.argv) < 4:
        sys.exit('usage: mutants.py COUNT SEED FILE...')
    count, seed = int(sys.argv[1]), int(sys.argv[2])
    found = [(f,) + p for f in sys.argv[3:] for p in places(f)]
    random.Random(seed).shuffle(found)
    lines = {f: open(f, encoding='utf-8').read().split('\n') for f in sys.argv[3:]}
    for f, i, k, a, b in found[:count]:
        line = lines[f][i]
        pattern, replacement = OPERATORS[k]
        if replacement is None:
            replacement = str(int(line[a:b]) + 1)
        print(json.dumps({'file': f, 'line': i + 1, 'old': line, 'new': line[:a] + replacement + line[b:]}))


if __name__ == '__main__':
    main()
