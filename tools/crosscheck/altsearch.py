"""Find random games where an alternative reading (module.FLAG) changes the legal list or state,
using the Python side only; then replay that prefix in the engine to see which reading it follows.
usage: python3 altsearch.py GAME MODULE.FLAG [games] [engine]"""
import importlib, json, random, sys
from games import GAMES
from check import Engine

def main():
    gid, knob = sys.argv[1], sys.argv[2]
    n = int(sys.argv[3]) if len(sys.argv) > 3 else 5000
    eng_path = sys.argv[4] if len(sys.argv) > 4 else "/tmp/sigengine"
    modname, flag = knob.split(".")
    mod = importlib.import_module(modname)
    cls = GAMES[gid]
    found = 0
    for i in range(n):
        rng = random.Random(i)
        setattr(mod, flag, False); a = cls(2)
        setattr(mod, flag, True); b = cls(2)
        hist = []
        while True:
            setattr(mod, flag, False); la, ca = a.legal(); fa = a.fields()
            setattr(mod, flag, True); lb, cb = b.legal(); fb = b.fields()
            if la != lb or fa != fb:
                break
            if fa["phase"] == "over":
                la = None
                break
            mv = rng.choices(la, weights=[float(c) for c in ca])[0] if ca else rng.choice(la)
            setattr(mod, flag, False); a.play(mv)
            setattr(mod, flag, True); b.play(mv)
            hist.append(mv)
        if la is None:
            continue
        found += 1
        eng = Engine(eng_path)
        eng.req({"cmd": "new", "game": gid, "players": 2, "seed": 1})
        for mv in hist:
            assert eng.req({"cmd": "play", "move": mv})["ok"]
        el = eng.req({"cmd": "legal"})["moves"]
        es = eng.req({"cmd": "state"})["state"]
        eng.close()
        print("game %d after %d moves %s" % (i, len(hist), json.dumps(hist)))
        print("  my reading : legal=%s" % la)
        print("  alternative: legal=%s" % lb)
        print("  engine     : legal=%s" % el)
        print("  -> engine follows", "MY reading" if set(el) == set(la) else "the ALTERNATIVE" if set(el) == set(lb) else "neither")
        if found >= 3:
            break
    print("searched", i + 1, "games, found", found)

main()
