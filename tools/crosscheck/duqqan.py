"""Sig wa Duqqan (Houmt Taourit), independent of the Go engine, per docs/rulings.md."""
from common import P4, IllegalMove, parse_throw, cov

PIECE_VAL = {1: 1, 2: 0, 3: 3, 4: 4, 0: 6}     # w -> piece value
GHOULA_VAL = {1: 1, 2: 6, 3: 3, 4: 4, 0: 6}    # finished player: 0 (w=2) counts as 6
EXTRA = {1, 4, 0}                              # sig, 4, 6
GATE, CENTRE = 81, 86
# Alternative readings (all False = my reading)
ALT_ARRIVAL_SIG_COUNTS = False  # the sig that brings the piece onto the gate is counted



class SigWaDuqqan:
    ID = "sig-wa-duqqan"

    def __init__(self, players=4):
        if not 2 <= players <= 8:
            raise ValueError("players")
        self.n = players
        self.pieces = [1] * players
        self.lost = [False] * players
        self.gate_sigs = [0] * players
        self.ghoula = 1
        self.ghoula_moved = False
        self.to_move = 0
        self.over = False
        self.ranks = None

    def legal(self):
        if self.over:
            return [], None
        return ["throw %d" % w for w in range(5)], list(P4)

    def _move_ghoula(self, steps):
        first = not self.ghoula_moved
        self.ghoula_moved = True
        riders = [q for q in range(self.n) if not self.lost[q] and self.pieces[q] == 1] if first else []
        pos = self.ghoula
        for _ in range(steps):
            if pos >= GATE:
                break  # steps beyond the gate are lost
            pos += 1
            occ = [q for q in range(self.n)
                   if not self.lost[q] and self.pieces[q] == pos and q not in riders]
            if occ:
                cov["duqqan:seize"] += 1
                cov["duqqan:seize-multi"] += len(occ) > 1
                cov["duqqan:first-move-seize"] += first
                for q in occ:
                    self.pieces[q] = 1
                    self.lost[q] = True
                for q in riders:
                    self.pieces[q] = pos
                self.ghoula = 1
                return
        for q in riders:
            self.pieces[q] = pos
        cov["duqqan:riders"] += bool(riders)
        cov["duqqan:sweep-return"] += pos == GATE
        self.ghoula = 1 if pos == GATE else pos

    def play(self, move):
        if self.over:
            raise IllegalMove("game over")
        w = parse_throw(move, 4)
        p = self.to_move
        pos = self.pieces[p]
        if pos == CENTRE:
            self._move_ghoula(GHOULA_VAL[w])
        elif pos < GATE:
            v = PIECE_VAL[w]
            if v:
                self.pieces[p] = min(GATE, pos + v)
                if ALT_ARRIVAL_SIG_COUNTS and w == 1 and self.pieces[p] == GATE:
                    self.gate_sigs[p] += 1
        elif pos == GATE:
            if w == 1:
                self.gate_sigs[p] += 1
                cov["duqqan:gate-sig"] += 1
                if self.gate_sigs[p] == 7:
                    self.pieces[p] = GATE + 1
        else:  # 82..85
            if w == 1:
                self.pieces[p] = pos + 1
            elif w == 3:
                self._move_ghoula(3)
        if all(self.lost[q] or self.pieces[q] == CENTRE for q in range(self.n)):
            self.over = True
            self.ranks = [1 if self.pieces[q] == CENTRE else 2 for q in range(self.n)]
            cov["duqqan:end-with-loser"] += any(self.lost)
            return
        if w not in EXTRA:
            q = (p + 1) % self.n
            while self.lost[q]:
                q = (q + 1) % self.n
            self.to_move = q

    def fields(self):
        return {
            "game": self.ID, "players": self.n,
            "to_move": self.to_move,
            "phase": "over" if self.over else "throw",
            "ranks": self.ranks,
            "pieces": list(self.pieces), "lost": list(self.lost),
            "gate_sigs": list(self.gate_sigs), "ghoula": self.ghoula,
            "ghoula_moved": self.ghoula_moved,
        }
