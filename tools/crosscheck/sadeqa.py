"""Sadeqa (Jimma), independent of the Go engine, per docs/rulings.md."""
from common import IllegalMove, cov

QUIET_LIMIT = 300
MAX_LAPS = 1_000_000
BONUS_ON_WARANA = False  # exploration knob only: docs/rulings.md says the move ends


def sow(board, warana, p, g0):
    """Simulate a move from global hole g0. Returns None if it never ends, else
    (new board, captured seeds, new warana hole or None, bonus?)."""
    b = list(board)
    hand = b[g0]
    b[g0] = 0
    pos = g0
    seen = set()
    laps = 0
    while True:
        key = (tuple(b), pos, hand)
        if key in seen:
            cov["sadeqa:endless"] += 1
            return None
        seen.add(key)
        laps += 1
        if laps > MAX_LAPS:
            raise RuntimeError("sowing too long")
        while hand:
            pos = (pos + 1) % 20
            b[pos] += 1
            hand -= 1
        w = warana[pos]
        if w == 1 - p:
            c = min(b[pos], 2)
            b[pos] -= c
            return b, c, None, True
        if w == p:
            return b, 0, None, False
        if pos // 10 != p and b[pos] == 4:
            return b, 0, pos, BONUS_ON_WARANA
        if b[pos] == 1:
            return b, 0, None, False
        hand = b[pos]
        b[pos] = 0


class Sadeqa:
    ID = "sadeqa"

    def __init__(self, players=2):
        if players != 2:
            raise ValueError("players")
        self.n = 2
        self.board = [4] * 20
        self.warana = [-1] * 20
        self.captured = [0, 0]
        self.to_move = 0
        self.phase = "move"
        self.ranks = None
        self.in_bonus = False
        self.turn_event = False
        self.quiet = 0
        self.guard_end = False
        self.seen = {}
        self.count_pass_positions = True
        self._advance()

    def _legal_for(self, p):
        out = []
        for h in range(10):
            g = p * 10 + h
            if self.board[g] > 0 and self.warana[g] == -1:
                r = sow(self.board, self.warana, p, g)
                if r is not None:
                    out.append((str(h + 1), r))
        return out

    def legal(self):
        if self.phase == "over":
            return [], None
        return [m for m, _ in self._legal_for(self.to_move)], None

    def _scores(self):
        s = list(self.captured)
        for g in range(20):
            if self.warana[g] >= 0:
                s[self.warana[g]] += self.board[g]
        if self.guard_end:
            for g in range(20):
                if self.warana[g] == -1:
                    s[g // 10] += self.board[g]
        return s

    def _finish(self, guard):
        self.phase = "over"
        cov["sadeqa:end-" + ("guard" if guard else "normal")] += 1
        cov["sadeqa:end-repetition"] += guard and self.quiet < QUIET_LIMIT
        self.guard_end = guard
        s = self._scores()
        self.ranks = [1, 2] if s[0] > s[1] else [2, 1] if s[1] > s[0] else [1, 1]

    def _count(self):
        k = (tuple(self.board), tuple(self.warana), self.to_move)
        self.seen[k] = self.seen.get(k, 0) + 1
        if self.seen[k] >= 3:
            self._finish(True)
            return True
        return False

    def _end_turn(self):
        self.in_bonus = False
        self.quiet = 0 if self.turn_event else self.quiet + 1
        self.turn_event = False
        if self.quiet >= QUIET_LIMIT:
            self._finish(True)
            return
        self.to_move = 1 - self.to_move

    def _apply(self, result):
        b, cap, neww, bonus = result
        p = self.to_move
        self.board = b
        self.captured[p] += cap
        if cap:
            self.turn_event = True
        if neww is not None:
            self.warana[neww] = p
            self.turn_event = True
        cov["sadeqa:capture"] += cap > 0
        cov["sadeqa:warana"] += neww is not None
        if bonus:
            self.in_bonus = True
        else:
            self._end_turn()

    def _advance(self):
        while self.phase != "over":
            p = self.to_move
            lm = self._legal_for(p)
            if self.in_bonus:
                if not lm:
                    self._end_turn()
                    continue
            elif not lm:
                if not self._legal_for(1 - p):
                    self._finish(False)
                    return
                if self.count_pass_positions and self._count():
                    return
                cov["sadeqa:pass"] += 1
                self._end_turn()  # pass
                continue
            if self._count():
                return
            if len(lm) == 1:
                self._apply(lm[0][1])
                continue
            return

    def play(self, move):
        if self.phase == "over":
            raise IllegalMove("over")
        for m, r in self._legal_for(self.to_move):
            if m == move:
                self._apply(r)
                self._advance()
                return
        raise IllegalMove(move)

    def fields(self):
        return {
            "game": self.ID, "players": 2, "to_move": self.to_move,
            "phase": self.phase, "ranks": self.ranks,
            "holes": [self.board[:10], self.board[10:]],
            "warana": [self.warana[:10], self.warana[10:]],
            "captured": list(self.captured), "scores": self._scores(),
        }
