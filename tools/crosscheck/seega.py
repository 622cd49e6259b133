"""Seega, independent of the Go engine, per docs/rulings.md."""
from common import IllegalMove, cov

FILES = "abcde"
CENTRE = (2, 2)  # (file, rank) 0-based: c3
DIRS = ((1, 0), (-1, 0), (0, 1), (0, -1))
QUIET_LIMIT = 40
# Alternative readings, for checking that the tests discriminate (all False = my reading)
ALT_SKIP_FORCED_POSITIONS = False   # do not count a position whose only move is applied at once
ALT_CAPTURE_BEFORE_OPENING = False  # unblock: capture compulsion first, then opening



def name(f, r):
    return "%s%d" % (FILES[f], r + 1)


def parse_sq(s):
    if len(s) != 2 or s[0] not in FILES or s[1] not in "12345":
        raise IllegalMove(s)
    return FILES.index(s[0]), int(s[1]) - 1


class Seega:
    ID = "seega"

    def __init__(self, players=2):
        if players != 2:
            raise ValueError("players")
        self.n = 2
        self.board = {}  # (f, r) -> player
        self.in_hand = [12, 12]
        self.placed = 0
        self.captured = [0, 0]
        self.quiet = 0
        self.mode = "place"  # place, normal, chain, unblock
        self.to_move = 0
        self.phase = "move"
        self.ranks = None
        self.seen = {}
        self._advance()

    # ---- helpers ----
    def _moves(self, p, board=None):
        b = self.board if board is None else board
        out = []
        for r in range(5):
            for f in range(5):
                if b.get((f, r)) != p:
                    continue
                for df, dr in DIRS:
                    t = (f + df, r + dr)
                    if 0 <= t[0] < 5 and 0 <= t[1] < 5 and t not in b:
                        out.append(((f, r), t))
        return out

    def _captures(self, p, mv, board=None):
        b = self.board if board is None else board
        s, t = mv
        nb = dict(b)
        del nb[s]
        nb[t] = p
        caps = []
        for df, dr in DIRS:
            n1 = (t[0] + df, t[1] + dr)
            n2 = (t[0] + 2 * df, t[1] + 2 * dr)
            if nb.get(n1) == 1 - p and nb.get(n2) == p and n1 != CENTRE:
                caps.append(n1)
        for c in caps:
            del nb[c]
        return caps, nb

    def _movement_legal(self):
        p = self.to_move
        allm = self._moves(p)
        if self.mode == "chain":
            return [m for m in allm if self._captures(p, m)[0]]
        if self.mode == "unblock":
            opening = [m for m in allm if self._moves(1 - p, self._captures(p, m)[1])]
            cov["seega:unblock-no-opening"] += not opening
            cov["seega:unblock-restricts"] += bool(opening) and len(opening) < len(allm)
            if ALT_CAPTURE_BEFORE_OPENING:
                capt = [m for m in allm if self._captures(p, m)[0]]
                s = capt or allm
                op = [m for m in s if self._moves(1 - p, self._captures(p, m)[1])]
                return op or s
            s = opening if opening else allm
            capt = [m for m in s if self._captures(p, m)[0]]
            return capt if capt else s
        capt = [m for m in allm if self._captures(p, m)[0]]
        return capt if capt else allm

    def _legal_raw(self):
        if self.phase == "over":
            return []
        if self.mode == "place":
            return [name(f, r) for r in range(5) for f in range(5)
                    if (f, r) != CENTRE and (f, r) not in self.board]
        return ["%s-%s" % (name(*s), name(*t)) for s, t in self._movement_legal()]

    def legal(self):
        return self._legal_raw(), None

    def _key(self):
        return (tuple(sorted(self.board.items())), self.to_move)

    def _finish(self, loser=None):
        self.phase = "over"
        cov["seega:end-" + ("wipeout" if loser is not None else "quiet40" if self.quiet >= QUIET_LIMIT else "repetition")] += 1
        if loser is not None:
            self.ranks = [2, 1] if loser == 0 else [1, 2]
        elif self.captured[0] > self.captured[1]:
            self.ranks = [1, 2]
        elif self.captured[1] > self.captured[0]:
            self.ranks = [2, 1]
        else:
            self.ranks = [1, 1]

    def _start_point(self):
        """A player is to move in the movement phase: count the position."""
        if ALT_SKIP_FORCED_POSITIONS and len(self._legal_raw()) == 1:
            return
        k = self._key()
        self.seen[k] = self.seen.get(k, 0) + 1
        if self.seen[k] >= 3:
            self._finish()

    def _apply(self, move):
        p = self.to_move
        if self.mode == "place":
            f, r = parse_sq(move)
            self.board[(f, r)] = p
            self.in_hand[p] -= 1
            self.placed += 1
            if self.placed == 24:
                self.to_move = 1
                self.mode = "normal"
                if not self._moves(1):
                    self.to_move = 0
                    self.mode = "unblock"
                self._start_point()
            else:
                self.to_move = (self.placed // 2) % 2
            return
        s, t = (parse_sq(x) for x in move.split("-"))
        caps, nb = self._captures(p, (s, t))
        self.board = nb
        self.captured[p] += len(caps)
        self.quiet = 0 if caps else self.quiet + 1
        if not any(v == 1 - p for v in nb.values()):
            self._finish(loser=1 - p)
            return
        if self.quiet >= QUIET_LIMIT:
            self._finish()
            return
        if caps and any(self._captures(p, m)[0] for m in self._moves(p)):
            self.mode = "chain"
            cov["seega:chain"] += 1
        elif self._moves(1 - p):
            self.to_move = 1 - p
            self.mode = "normal"
        else:
            self.mode = "unblock"
            cov["seega:unblock"] += 1
        self._start_point()

    def _advance(self):
        while self.phase != "over":
            lm = self._legal_raw()
            if len(lm) == 1:
                self._apply(lm[0])
                continue
            assert lm, "no legal move"
            return

    def play(self, move):
        if move not in self._legal_raw():
            raise IllegalMove(move)
        self._apply(move)
        self._advance()

    def fields(self):
        rows = []
        for r in range(4, -1, -1):
            rows.append("".join({0: "x", 1: "o"}.get(self.board.get((f, r)), ".") for f in range(5)))
        return {
            "game": self.ID, "players": 2, "to_move": self.to_move,
            "phase": self.phase, "ranks": self.ranks,
            "board": rows, "in_hand": list(self.in_hand),
            "captured": list(self.captured), "quiet": self.quiet,
        }
