"""Es-Sig, independent of the Go engine, per docs/rulings.md."""
from common import P4, IllegalMove, parse_throw, cov

PIECE_VAL = {1: 1, 2: 0, 3: 3, 4: 4, 0: 6}
GHULA_VAL = {1: 2, 2: 5, 3: 0, 4: 4, 0: 6}
TRAPS = {7: 5, 25: 10}
ESCAPED = 51
# Alternative readings (all False = my reading)
ALT_DEST_PIECES_STAY = False  # pieces already on the Ghula's destination are not "dragged" (keep count)



class EsSig:
    ID = "es-sig"

    def __init__(self, players=4):
        if not 2 <= players <= 8:
            raise ValueError("players")
        self.n = players
        self.pieces = [0] * players
        self.waiting = [0] * players
        self.ghula = None
        self.escaped = []
        self.to_move = 0
        self.phase = "throw"
        self.value = None
        self.ranks = None

    def legal(self):
        if self.phase == "over":
            return [], None
        if self.phase == "throw":
            return ["throw %d" % w for w in range(5)], list(P4)
        return self._dirs(), None

    def _dirs(self):
        d = []
        if self.ghula > 0:
            d.append("ghula back")
        if self.ghula < 50:
            d.append("ghula forward")
        return d

    def _move_ghula(self, direction, g):
        G = self.ghula
        if direction == "ghula back":
            dest = max(0, G - g)
            lo, hi = dest, G
        else:
            dest = min(50, G + g)
            lo, hi = G, dest
        cov["essig:ghula-" + direction.split()[1]] += 1
        cov["essig:ghula-to-0"] += dest == 0
        for q in range(self.n):
            if 1 <= self.pieces[q] <= 50 and lo <= self.pieces[q] <= hi and not (
                    ALT_DEST_PIECES_STAY and self.pieces[q] == dest):
                cov["essig:drag"] += 1
                cov["essig:drag-reset-waiting"] += self.waiting[q] > 0
                cov["essig:drag-onto-trap"] += dest in TRAPS
                cov["essig:drag-to-start"] += dest == 0
                cov["essig:drag-piece-on-dest"] += self.pieces[q] == dest
                cov["essig:drag-trapped-piece-on-dest-waiting>0"] += self.pieces[q] == dest and self.waiting[q] > 0
                self.pieces[q] = dest
                self.waiting[q] = 0
        self.ghula = dest

    def _end_turn(self):
        self.phase = "throw"
        self.value = None
        self.to_move = (self.to_move + 1) % self.n

    def play(self, move):
        if self.phase == "over":
            raise IllegalMove("game over")
        p = self.to_move
        if self.phase == "move":
            if move not in self._dirs():
                raise IllegalMove(move)
            self._move_ghula(move, self.value)
            self._end_turn()
            return
        w = parse_throw(move, 4)
        pos = self.pieces[p]
        if pos == ESCAPED:
            g = GHULA_VAL[w]
            if g:
                dirs = self._dirs()
                cov["essig:ghula-forced"] += len(dirs) == 1
                if len(dirs) == 1:
                    self._move_ghula(dirs[0], g)
                else:
                    self.phase = "move"
                    self.value = g
                    return
            self._end_turn()
            return
        if pos == 0:
            if w == 1:
                self.pieces[p] = 1
        elif pos in TRAPS:
            if w == 1:
                self.waiting[p] += 1
                cov["essig:trap-sig-%d" % pos] += 1
                if self.waiting[p] == TRAPS[pos]:
                    cov["essig:trap-escape-%d" % pos] += 1
                    self.pieces[p] = pos + 1
                    self.waiting[p] = 0
        elif pos >= 48:
            if w == 1:
                self.pieces[p] = pos + 1
                if pos + 1 == ESCAPED:
                    self.escaped.append(p)
                    # the Ghula comes into play at the first escape, unless that escape ends
                    # the game ("in a two-player game ... the Ghula never appears")
                    if self.ghula is None and self.n - len(self.escaped) > 1:
                        self.ghula = 50
        else:
            v = PIECE_VAL[w]
            if v:
                self.pieces[p] = min(48, pos + v)
                self.waiting[p] = 0
        if self.n - len(self.escaped) <= 1:
            self.phase = "over"
            self.value = None
            r = [self.n] * self.n
            for i, q in enumerate(self.escaped):
                r[q] = i + 1
            self.ranks = r
            return
        self._end_turn()

    def fields(self):
        return {
            "game": self.ID, "players": self.n, "to_move": self.to_move,
            "phase": self.phase, "ranks": self.ranks,
            "pieces": list(self.pieces), "waiting": list(self.waiting),
            "ghula": self.ghula, "escaped": list(self.escaped), "value": self.value,
        }
