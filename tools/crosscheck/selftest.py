"""Self-consistency of the Python implementation alone."""
import random, sys, time
from fractions import Fraction
from games import GAMES, PLAYER_COUNTS

def pick(rng, moves, chances):
    if chances:
        return rng.choices(moves, weights=[float(c) for c in chances])[0]
    return rng.choice(moves)

def run(n_games=200, max_steps=200000):
    for gid, cls in GAMES.items():
        for np in PLAYER_COUNTS[gid]:
            t = time.time(); lens = []; ranks = {}
            for i in range(n_games):
                rng = random.Random(hash((gid, np, i)) & 0xffffffff)
                g = cls(np)
                steps = 0
                while True:
                    moves, ch = g.legal()
                    f = g.fields()
                    if f["phase"] == "over":
                        assert not moves
                        break
                    assert moves and len(set(moves)) == len(moves), (gid, moves)
                    if ch is not None:
                        assert sum(ch) == 1 and f["phase"] == "throw"
                    else:
                        assert len(moves) >= 2, (gid, moves, f)
                    if gid == "sadeqa":
                        assert sum(g.board) + sum(g.captured) == 80
                    if gid == "seega":
                        c = sum(r.count("x") for r in f["board"])
                        assert c + f["in_hand"][0] + f["captured"][1] == 12
                    g.play(pick(rng, moves, ch))
                    steps += 1
                    assert steps < max_steps, (gid, np, i, "too long")
                lens.append(steps)
                k = tuple(f["ranks"]); ranks[k] = ranks.get(k, 0) + 1
            top = sorted(ranks.items(), key=lambda kv: -kv[1])[:4]
            print("%-14s n=%d games=%d steps avg=%.0f max=%d  %.1fs  ranks=%s" % (
                gid, np, n_games, sum(lens) / len(lens), max(lens), time.time() - t, top), flush=True)

if __name__ == "__main__":
    run(int(sys.argv[1]) if len(sys.argv) > 1 else 50)
