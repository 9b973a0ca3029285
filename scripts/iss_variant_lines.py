#!/usr/bin/env python3
"""Variant puzzles of the Interactive Sudoku Solver's data folder, as lines for
`sudoku-tools variants` and `../shared/tools/iss/iss`.

usage: iss_variant_lines.py ISS_DATA_DIR KIND [COUNT]   (KIND: killer, jigsaw-layouts)

killer: every puzzle of collections.js and example_puzzles.js whose constraints are
cages (not overlapping, at most 52), diagonals, windoku, disjoint sets, anti-knight,
anti-king, anti-consecutive, jigsaw and givens only, with at least one cage, written
"RULES<TAB>PUZZLE". jigsaw-layouts: the 81-cell layouts of jigsaw_layouts.js that have
grids (VALID_JIGSAW_LAYOUTS), one a line (for generated jigsaw puzzles). Read at bench time, never committed (MIT data).
"""
import re
import sys

SIMPLE = {'Windoku': 'windoku', 'DisjointSets': 'dg', 'AntiKnight': 'anti-knight',
          'AntiKing': 'anti-king', 'AntiConsecutive': 'nc'}


def index(token):
    """R1C1 (or RaC1 on 16x16) to row and column, 0-based."""
    m = re.fullmatch(r'R([0-9a-g]+)C([0-9a-g]+)', token)
    part = lambda s: int(s) if s.isdigit() else ord(s) - 87
    return part(m.group(1)) - 1, part(m.group(2)) - 1


def convert(text):
    """Our line for an iss constraint string, or None when it holds another rule."""
    rules, cages, givens, side, diagonals, jigsaw = [], [], {}, 9, set(), None
    for part in text.split('.'):
        if not part:
            continue
        name, *args = part.split('~')
        if name == '':
            for g in args:
                cell, *values = g.split('_')
                if len(values) != 1:
                    return None
                givens[index(cell)] = int(values[0])
        elif name == 'Shape':
            side = {'9x9': 9, '16x16': 16}.get(args[0])
            if side is None:
                return None
        elif name == 'Cage':
            if int(args[0]) == 0:
                return None
            cages.append((int(args[0]), [index(c) for c in args[1:]]))
        elif name == 'Diagonal':
            diagonals.add(args[0])
        elif name in SIMPLE:
            rules.append(SIMPLE[name])
        elif name == 'Jigsaw' and len(args[0]) == side * side:
            jigsaw = args[0]
        elif name == 'NoBoxes':
            pass
        else:
            return None
    if not cages or len(cages) > 52:
        return None
    if diagonals == {'1', '-1'}:
        rules.insert(0, 'x')
    else:
        rules[:0] = ['diagonal+' if d == '1' else 'diagonal-' for d in diagonals]
    if jigsaw:
        rules.append('jigsaw=' + jigsaw)
    owner = ['.'] * (side * side)
    letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
    for k, (_, cells) in enumerate(cages):
        for r, c in cells:
            if owner[r * side + c] != '.':
                return None
            owner[r * side + c] = letters[k]
    rules.append('killer=%s;%s' % (''.join(owner), ','.join(str(s) for s, _ in cages)))
    digit = lambda v: str(v) if v <= 9 else chr(55 + v)
    puzzle = ''.join(digit(givens[(r, c)]) if (r, c) in givens else '.'
                     for r in range(side) for c in range(side))
    return ','.join(rules) + '\t' + puzzle


def main():
    data, kind = sys.argv[1], sys.argv[2]
    count = int(sys.argv[3]) if len(sys.argv) > 3 else None
    if kind == 'jigsaw-layouts':
        text = open(f'{data}/jigsaw_layouts.js').read()
        text = text.split('export const VALID_JIGSAW_LAYOUTS = ')[1].split('export const')[0]
        text = text if 'withJigsawLayoutResult(true' in text else ''
        for layout in list(dict.fromkeys(re.findall(r"'([0-9]{81})'", text)))[:count]:
            print(layout)
        return
    seen = set()
    for name in ('collections.js', 'example_puzzles.js'):
        text = open(f'{data}/{name}').read()
        for raw in re.findall(r"input:\s*((?:'[^']*'\s*\+?\s*)+)", text):
            constraint = ''.join(re.findall(r"'([^']*)'", raw))
            line = convert(constraint)
            if line and line not in seen:
                seen.add(line)
                print(line)


if __name__ == '__main__':
    main()
