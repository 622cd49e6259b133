"""Shared bits of the independent docs/rulings.md implementation."""
from fractions import Fraction
from collections import Counter

cov = Counter()  # coverage of rule paths, by name

P4 = [Fraction(c, 16) for c in (1, 4, 6, 4, 1)]          # w = 0..4 white faces
P6 = [Fraction(c, 64) for c in (1, 6, 15, 20, 15, 6, 1)]  # p = 0..6 polished faces


class IllegalMove(Exception):
    pass


def parse_throw(move, nmax):
    parts = move.split()
    if len(parts) != 2 or parts[0] != "throw":
        raise IllegalMove("expected 'throw N', got %r" % move)
    n = int(parts[1])
    if not 0 <= n <= nmax:
        raise IllegalMove("bad throw %r" % move)
    return n
