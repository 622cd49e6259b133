"""Sig (El Oued Capture), independent of the Go engine, per docs/rulings.md."""
from common import P6, IllegalMove, parse_throw, cov

FILES = "abcdef"
SOUTH = ([f + "1" for f in FILES] + [f + "2" for f in reversed(FILES)]
         + [f + "3" for f in FILES] + [f + "2" for f in reversed(FILES)])
NORTH = ([f + "3" for f in reversed(FILES)] + [f + "2" for f in FILES]
         + [f + "1" for f in reversed(FILES)] + [f + "2" for f in FILES])
CIRCUIT = (SOUTH, NORTH)
assert len(SOUTH) == 24 and len(NORTH) == 24
QUIET_LIMIT = 200
# Alternative readings (all False = my reading)
ALT_THIRTEEN_EXTRA = False     # the 13's sig grants one more throw
ALT_PLAIN_SIG_NO_FREE = False  # a later sig in the six-rough triple cannot free a piece



def sq(p, idx):
    return CIRCUIT[p][idx % 24]


class SigElOued:
    ID = "sig-el-oued"

    def __init__(self, players=2):
        if players != 2:
            raise ValueError("players")
        self.n = 2
        # each piece: [index, freed]
        self.pieces = [[[i, False] for i in range(6)] for _ in range(2)]
        self.captured = [0, 0]
        self.to_move = 0
        self.phase = "throw"
        self.value = None
        self.ranks = None
        self.turns_taken = [0, 0]
        self.throws_this_turn = 0
        self.after_six = False
        self.triple_left = 0
        self.triple_sig_used = False
        self.queue = []
        self.cont = None
        self.capture_this_turn = False
        self.quiet = 0
        self.plain = False

    # ---- move generation -------------------------------------------------
    def _squares(self, p):
        return {sq(p, pc[0]): pc for pc in self.pieces[p]}

    def _free_all_sim(self, p, v):
        """Return (list of (orig square, chosen-piece) valid choices, details) or []."""
        mine = [list(pc) for pc in self.pieces[p]]
        opp = [list(pc) for pc in self.pieces[1 - p]]
        unfreed = [pc for pc in mine if not pc[1]]
        if not unfreed:
            return []
        unfreed.sort(key=lambda pc: -pc[0])  # front pieces first
        origs = {id(pc): sq(p, pc[0]) for pc in unfreed}
        for pc in unfreed:
            dest = sq(p, pc[0] + 1)
            if any(sq(p, o[0]) == dest for o in mine if o is not pc):
                cov["eloued:free-all-step-blocked"] += 1
                return []
            cov["eloued:free-all-step-capture-possible"] += any(sq(1 - p, o[0]) == dest for o in opp)
            opp = [o for o in opp if sq(1 - p, o[0]) != dest]
            pc[0] += 1
            pc[1] = True
        rest = v - len(unfreed)
        out = []
        for pc in unfreed:
            dest = sq(p, pc[0] + rest)
            if any(sq(p, o[0]) == dest for o in mine if o is not pc):
                cov["eloued:free-all-rest-blocked"] += 1
                continue
            cov["eloued:free-all-rest-own-square"] += dest == sq(p, pc[0])
            out.append(origs[id(pc)])
        return out

    def options(self, v):
        p = self.to_move
        own = self._squares(p)
        opts = []
        for pc in sorted(self.pieces[p], key=lambda pc: pc[0]):
            if not pc[1] and (v not in (1, 7, 13) or (ALT_PLAIN_SIG_NO_FREE and v == 1 and self.plain)):
                continue
            if sq(p, pc[0] + v) in own:
                continue
            opts.append(sq(p, pc[0]))
        if v in (7, 13):
            opts += ["free-all " + s for s in self._free_all_sim(p, v)]
        return opts

    # ---- applying -----------------------------------------------------
    def _land(self, p, pc, steps):
        pc[0] = (pc[0] + steps) % 24
        pc[1] = True
        dest = sq(p, pc[0])
        opp = self.pieces[1 - p]
        for o in opp:
            if sq(1 - p, o[0]) == dest:
                opp.remove(o)
                cov["eloued:capture"] += 1
                self.captured[p] += 1
                self.capture_this_turn = True
                break

    def _apply(self, opt, v):
        p = self.to_move
        cov["eloued:value-%d" % v] += 1
        if opt.startswith("free-all "):
            cov["eloued:free-all-played"] += 1
            chosen_sq = opt.split()[1]
            unfreed = sorted([pc for pc in self.pieces[p] if not pc[1]], key=lambda pc: -pc[0])
            chosen = [pc for pc in unfreed if sq(p, pc[0]) == chosen_sq][0]
            for pc in unfreed:
                self._land(p, pc, 1)
            self._land(p, chosen, v - len(unfreed))
        else:
            pc = [pc for pc in self.pieces[p] if sq(p, pc[0]) == opt][0]
            self._land(p, pc, v)
        if not self.pieces[1 - p]:
            self.phase = "over"
            self.value = None
            self.ranks = [1, 2] if p == 0 else [2, 1]

    def _usual(self, k, first):
        if k in (1, 5):
            return [1], "throw"
        if k in (2, 3, 4):
            return [k], "end"
        if k == 6:
            self.after_six = True
            return [], "throw"
        if first:
            self.triple_left = 3
            self.triple_sig_used = False
            return [], "throw"
        return [], "end"

    def _throw(self, k):
        p = self.to_move
        self.throws_this_turn += 1
        first = self.turns_taken[p] == 0 and self.throws_this_turn == 1
        sig = k in (1, 5)
        self.plain = self.triple_left > 0 and sig and self.triple_sig_used
        if self.triple_left > 0:
            self.triple_left -= 1
            if sig:
                q = [1 if self.triple_sig_used else 13]
                if ALT_THIRTEEN_EXTRA and not self.triple_sig_used:
                    self.triple_left += 1
                self.triple_sig_used = True
            elif k in (2, 3, 4, 6):
                q = [k]
            else:
                q = []
            self.queue = q
            self.cont = "throw" if self.triple_left > 0 else "end"
        elif self.after_six:
            self.after_six = False
            if sig:
                self.queue, self.cont = [7], "throw"
            else:
                q, c = self._usual(k, False)
                cov["eloued:six-then-six"] += k == 6
                cov["eloued:six-then-rough"] += k == 0
                self.queue, self.cont = [6] + q, c
        else:
            self.queue, self.cont = self._usual(k, first)
            cov["eloued:six-rough-triple"] += self.triple_left == 3

    def _end_turn(self):
        p = self.to_move
        self.turns_taken[p] += 1
        self.throws_this_turn = 0
        self.after_six = False
        self.triple_left = 0
        self.quiet = 0 if self.capture_this_turn else self.quiet + 1
        self.capture_this_turn = False
        if self.quiet >= QUIET_LIMIT:
            self.phase = "over"
            self.value = None
            self.ranks = [1, 1]
            cov["eloued:draw-200"] += 1
            return
        self.to_move = 1 - p

    def _advance(self):
        while self.phase != "over":
            if self.queue:
                v = self.queue.pop(0)
                opts = self.options(v)
                if not opts:
                    cov["eloued:lost-throw"] += 1
                    continue
                cov["eloued:options-%s" % ("1" if len(opts) == 1 else "many")] += 1
                if v == 1 and (self.triple_left > 0 or self.cont == "end") and self.triple_sig_used:
                    cov["eloued:triple-plain-sig-unfreed-option"] += any(
                        not pc[1] and sq(self.to_move, pc[0]) in opts for pc in self.pieces[self.to_move])
                cov["eloued:free-all-offered"] += any(o.startswith("free") for o in opts)
                if len(opts) == 1:
                    self._apply(opts[0], v)
                    continue
                self.phase = "move"
                self.value = v
                return
            if self.cont == "throw":
                self.phase = "throw"
                self.value = None
                return
            self._end_turn()
            if self.phase != "over":
                self.phase = "throw"
                self.value = None
            return

    def legal(self):
        if self.phase == "over":
            return [], None
        if self.phase == "throw":
            return ["throw %d" % k for k in range(7)], list(P6)
        return self.options(self.value), None

    def play(self, move):
        if self.phase == "over":
            raise IllegalMove("over")
        if self.phase == "throw":
            self._throw(parse_throw(move, 6))
        else:
            if move not in self.options(self.value):
                raise IllegalMove(move)
            v = self.value
            self.value = None
            self._apply(move, v)
        self._advance()

    def fields(self):
        return {
            "game": self.ID, "players": 2, "to_move": self.to_move,
            "phase": self.phase, "ranks": self.ranks,
            "pieces": [sorted(({"square": sq(p, pc[0]), "index": pc[0], "freed": pc[1]}
                               for pc in self.pieces[p]), key=lambda d: d["index"])
                       for p in range(2)],
            "captured": list(self.captured), "value": self.value,
        }
