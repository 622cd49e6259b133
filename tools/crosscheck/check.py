#!/usr/bin/env python3
"""Cross-check cmd/sigengine against the independent Python implementation of docs/rulings.md.

usage: python3 check.py [--games N] [--only GAME[,GAME]] [--players K] [--no-build]
                        [--engine PATH] [--probe P] [--seed0 S] [--quiet]
"""
import argparse, json, os, random, select, subprocess, sys, time
from collections import defaultdict
from games import GAMES, PLAYER_COUNTS

REQUIRED = {
    "sig-wa-duqqan": ["pieces", "lost", "gate_sigs", "ghoula", "ghoula_moved"],
    "es-sig": ["pieces", "waiting", "ghula", "escaped", "value"],
    "sig-el-oued": ["pieces", "captured", "value"],
    "seega": ["board", "in_hand", "captured", "quiet"],
    "sadeqa": ["holes", "warana", "captured", "scores"],
}
COMMON = ["game", "players", "phase", "ranks", "to_move"]


class EngineError(Exception):
    pass


class Engine:
    def __init__(self, path):
        self.path = path
        self.proc = None
        self.start()

    def start(self):
        if self.proc:
            try:
                self.proc.kill()
            except Exception:
                pass
        self.proc = subprocess.Popen([self.path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, bufsize=0)
        self.buf = b""

    def req(self, obj, timeout=60):
        line = (json.dumps(obj) + "\n").encode()
        try:
            self.proc.stdin.write(line)
            self.proc.stdin.flush()
        except BrokenPipeError:
            self.start()
            raise EngineError("engine died (broken pipe) on %s" % obj)
        fd = self.proc.stdout.fileno()
        deadline = time.time() + timeout
        while b"\n" not in self.buf:
            left = deadline - time.time()
            if left <= 0:
                self.start()
                raise EngineError("engine timeout on %s" % obj)
            r, _, _ = select.select([fd], [], [], left)
            if r:
                chunk = os.read(fd, 1 << 20)
                if not chunk:
                    self.start()
                    raise EngineError("engine exited on %s" % obj)
                self.buf += chunk
        ln, self.buf = self.buf.split(b"\n", 1)
        try:
            return json.loads(ln)
        except ValueError:
            raise EngineError("non-JSON answer %r to %s" % (ln[:200], obj))

    def close(self):
        try:
            self.proc.stdin.close()
            self.proc.wait(timeout=5)
        except Exception:
            self.proc.kill()


def build(engine_path):
    r = subprocess.run(["go", "build", "-o", engine_path, "./cmd/sigengine"], cwd=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."),
                       capture_output=True, text=True)
    return r.returncode == 0, r.stderr


def canon_pieces(v):
    """sig-el-oued pieces: order inside a player's list is not part of the contract."""
    if not isinstance(v, list):
        return v
    out = []
    for side in v:
        if isinstance(side, list):
            side = [{k: d.get(k) for k in ("square", "index", "freed")} if isinstance(d, dict) else d
                    for d in side]
            out.append(sorted(side, key=lambda d: json.dumps(d, sort_keys=True)))
        else:
            out.append(side)
    return out


def compare_state(gid, mine, eng):
    """Return list of (kind, detail) for differing required fields."""
    diffs = []
    for k in COMMON + REQUIRED[gid]:
        if k == "to_move" and mine["phase"] == "over":
            continue
        if k not in eng:
            diffs.append(("state-missing:" + k, "engine state has no %r" % k))
            continue
        a, b = mine[k], eng[k]
        if gid == "sig-el-oued" and k == "pieces":
            a, b = canon_pieces(a), canon_pieces(b)
        if a != b:
            diffs.append(("state:" + k, "mine=%s engine=%s" % (json.dumps(a), json.dumps(b))))
    return diffs


def illegal_candidates(gid, g, legal):
    s = set(legal)
    if gid == "sig-wa-duqqan":
        c = ["throw 5", "throw -1", "ghula back"]
    elif gid == "es-sig":
        c = ["throw 5", "ghula back", "ghula forward", "throw 0", "throw 1"]
    elif gid == "sig-el-oued":
        sqs = [f + r for f in "abcdef" for r in "123"]
        c = sqs + ["free-all " + x for x in sqs] + ["throw 7", "throw 1"]
    elif gid == "seega":
        sqs = [f + r for f in "abcde" for r in "12345"]
        c = sqs + ["%s-%s" % (a, b) for a in sqs for b in sqs if a != b][:]
    else:
        c = [str(i) for i in range(0, 12)]
    return [x for x in c if x not in s]


class Stats:
    def __init__(self):
        self.agree = defaultdict(int)
        self.disagree = defaultdict(int)
        self.kinds = defaultdict(int)          # kind -> games
        self.examples = {}                     # kind -> shortest example text
        self.ex_len = {}
        self.notes = defaultdict(int)          # non-fatal (order, record)
        self.note_examples = {}

    def add_example(self, kind, nmoves, text):
        if kind not in self.ex_len or nmoves < self.ex_len[kind]:
            self.ex_len[kind] = nmoves
            self.examples[kind] = text


def fmt_case(gid, np, seed, hist, mine_state, eng_state, mine_legal, eng_legal, detail):
    return "\n".join([
        "  game=%s players=%d seed=%d moves(%d)=%s" % (gid, np, seed, len(hist), json.dumps(hist)),
        "  detail: %s" % detail,
        "  mine  legal: %s" % json.dumps(mine_legal),
        "  engine legal: %s" % json.dumps(eng_legal),
        "  mine  state: %s" % json.dumps(mine_state, sort_keys=True),
        "  engine state: %s" % json.dumps(eng_state, sort_keys=True),
    ])


def play_one(eng, gid, np, seed, rng, stats, args):
    cls = GAMES[gid]
    g = cls(np)
    hist = []
    r = eng.req({"cmd": "new", "game": gid, "players": np, "seed": seed})
    if not r.get("ok"):
        return ("engine-error:new", "new refused: %s" % r, None)
    steps = 0
    uniform = rng.random() < args.uniform
    while True:
        mine_moves, mine_ch = g.legal()
        mine_state = g.fields()
        rl = eng.req({"cmd": "legal"})
        rs = eng.req({"cmd": "state"})
        if not rl.get("ok") or not rs.get("ok"):
            return ("engine-error:legal/state", "legal=%s state=%s" % (rl, rs), (hist, mine_state, {}, mine_moves, []))
        eng_moves = rl.get("moves") or []
        eng_state = rs["state"]
        ctx = (hist, mine_state, eng_state, [mine_moves, [float(c) for c in mine_ch] if mine_ch else None],
               [eng_moves, rl.get("chances")])
        if set(mine_moves) != set(eng_moves) or len(eng_moves) != len(mine_moves):
            only_m = [m for m in mine_moves if m not in eng_moves]
            only_e = [m for m in eng_moves if m not in mine_moves]
            return ("legal-set", "only mine: %s; only engine: %s" % (only_m, only_e), ctx)
        if mine_moves != eng_moves:
            stats.notes["legal-order:" + gid] += 1
            key = "legal-order:" + gid
            if key not in stats.note_examples:
                stats.note_examples[key] = "  seed=%d moves=%s\n  mine=%s\n  engine=%s" % (
                    seed, json.dumps(hist), mine_moves, eng_moves)
        if mine_ch is not None:
            ech = rl.get("chances")
            if ech is None or len(ech) != len(eng_moves):
                return ("chances", "engine chances %s for moves %s" % (ech, eng_moves), ctx)
            emap = dict(zip(eng_moves, ech))
            for m, c in zip(mine_moves, mine_ch):
                if abs(float(c) - float(emap[m])) > 1e-9:
                    return ("chances", "%s: mine %s engine %s" % (m, float(c), emap[m]), ctx)
        elif rl.get("chances"):
            return ("chances", "engine gives chances at a non-throw: %s" % rl.get("chances"), ctx)
        diffs = compare_state(gid, mine_state, eng_state)
        if diffs:
            kind = diffs[0][0]
            return (kind, "; ".join("%s: %s" % d for d in diffs), ctx)
        if mine_state["phase"] == "over":
            break
        # illegal-move probe
        if args.probe > 0 and rng.random() < args.probe:
            cands = illegal_candidates(gid, g, mine_moves)
            if cands:
                bad = rng.choice(cands)
                rp = eng.req({"cmd": "play", "move": bad})
                if rp.get("ok"):
                    return ("accepts-illegal", "engine accepted %r" % bad, ctx)
                rs2 = eng.req({"cmd": "state"})
                if rs2.get("state") != eng_state:
                    return ("refused-move-changed-state", "after refusing %r" % bad, ctx)
        if args.steer and gid == "sig-wa-duqqan" and g.to_move != 0 and not g.ghoula_moved \
                and rng.random() < args.steer:
            mv = "throw 2"  # laggards stay on space 1 so the Ghoula's first move has riders
        elif args.steer and gid == "es-sig" and g.phase == "throw" and g.pieces[g.to_move] in (7, 25) \
                and rng.random() < args.steer:
            mv = "throw 1"  # pile up sigs on trap squares, so the Ghula meets waiting pieces
        elif mine_ch is not None and args.favour:
            wts = [float(c) for c in mine_ch]
            for i, m in enumerate(mine_moves):
                for fv in args.favour:
                    n, w = fv.split(":")
                    if m == "throw " + n:
                        wts[i] *= float(w)
            mv = rng.choices(mine_moves, weights=wts)[0]
        elif mine_ch is not None and uniform:
            mv = rng.choice(mine_moves)
        elif mine_ch is not None:
            mv = rng.choices(mine_moves, weights=[float(c) for c in mine_ch])[0]
        elif args.prefer_quiet and gid == "sadeqa" and rng.random() < args.prefer_quiet:
            res = dict(g._legal_for(g.to_move))
            quiet = [m for m in mine_moves if res[m][1] == 0 and res[m][2] is None]
            mv = rng.choice(quiet or mine_moves)
        else:
            mv = rng.choice(mine_moves)
        rp = eng.req({"cmd": "play", "move": mv})
        if not rp.get("ok"):
            return ("engine-refuses-legal", "engine refused %r: %s" % (mv, rp.get("error")), ctx)
        g.play(mv)
        hist.append(mv)
        steps += 1
        if steps > args.max_steps:
            return ("too-long", "no end after %d steps" % steps, ctx)
    # record / load round trip (non-fatal note)
    if args.record:
        rr = eng.req({"cmd": "record"})
        rec = rr.get("record") if rr.get("ok") else None
        if rec is None or rec.get("moves") != hist:
            stats.notes["record-moves:" + gid] += 1
            stats.note_examples.setdefault("record-moves:" + gid, "  seed=%d mine=%s\n  engine=%s" % (
                seed, json.dumps(hist), json.dumps(rec)))
        else:
            rl = eng.req({"cmd": "load", "record": rec})
            if not rl.get("ok") or compare_state(gid, g.fields(), rl["state"]):
                stats.notes["record-load:" + gid] += 1
                stats.note_examples.setdefault("record-load:" + gid, "  seed=%d moves=%s\n  answer=%s" % (
                    seed, json.dumps(hist), json.dumps(rl)[:2000]))
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--only", default="")
    ap.add_argument("--players", type=int, default=0)
    ap.add_argument("--engine", default="/tmp/sigengine")
    ap.add_argument("--no-build", action="store_true")
    ap.add_argument("--probe", type=float, default=0.03)
    ap.add_argument("--record", type=int, default=1)
    ap.add_argument("--seed0", type=int, default=1000)
    ap.add_argument("--max-steps", type=int, default=200000)
    ap.add_argument("--quiet", action="store_true")
    ap.add_argument("--uniform", type=float, default=0.0,
                    help="fraction of games whose throws are drawn uniformly (exercises rare throws)")
    ap.add_argument("--show", type=int, default=3, help="print at most N full mismatch cases per kind")
    ap.add_argument("--favour", action="append", default=[],
                    help="N:W multiplies the weight of 'throw N' by W (steers towards rare paths)")
    ap.add_argument("--prefer-quiet", type=float, default=0.0,
                    help="sadeqa: with this probability pick a move without capture or new warana")
    ap.add_argument("--steer", type=float, default=0.0,
                    help="duqqan: laggards throw 0 before the Ghoula's first move; es-sig: sigs on traps")
    ap.add_argument("--knob", action="append", default=[],
                    help="exploration knobs emulating a known engine reading, e.g. sadeqa.BONUS_ON_WARANA")
    args = ap.parse_args()
    import importlib
    for k in args.knob:
        mod, name = k.split(".")
        setattr(importlib.import_module(mod), name, True)
        print("KNOB ON:", k)
    if not args.no_build:
        ok, err = build(args.engine)
        if not ok:
            print("BUILD FAILED:\n" + err)
            sys.exit(2)
    eng = Engine(args.engine)
    r = eng.req({"cmd": "games"})
    avail = {x["id"] for x in r.get("games", [])} if r.get("ok") else set()
    print("engine games:", sorted(avail))
    stats = Stats()
    shown = defaultdict(int)
    gids = [x for x in GAMES if (not args.only or x in args.only.split(","))]
    for gid in gids:
        if gid not in avail:
            print("SKIP %s: not offered by engine" % gid)
            continue
        counts = [args.players] if args.players else PLAYER_COUNTS[gid]
        for np in counts:
            t0 = time.time()
            for i in range(args.games):
                seed = args.seed0 + i
                rng = random.Random("%s/%d/%d" % (gid, np, seed))
                try:
                    res = play_one(eng, gid, np, seed, rng, stats, args)
                except EngineError as e:
                    res = ("engine-crash", str(e), None)
                except Exception as e:  # our own bug
                    res = ("checker-exception", repr(e), None)
                if res is None:
                    stats.agree[(gid, np)] += 1
                    continue
                kind, detail, ctx = res
                kind = "%s:%s" % (gid, kind)
                stats.disagree[(gid, np)] += 1
                stats.kinds[kind] += 1
                if ctx:
                    hist, ms, es, ml, el = ctx
                    text = fmt_case(gid, np, seed, hist, ms, es, ml, el, detail)
                else:
                    hist = []
                    text = "  game=%s players=%d seed=%d detail=%s" % (gid, np, seed, detail)
                stats.add_example(kind, len(hist), text)
                if not args.quiet and shown[kind] < args.show:
                    shown[kind] += 1
                    print("MISMATCH %s\n%s" % (kind, text), flush=True)
            print("%-14s players=%d: agreed %d / %d  (%.1fs)" % (
                gid, np, stats.agree[(gid, np)], args.games, time.time() - t0), flush=True)
    eng.close()
    print("\n==== SUMMARY ====")
    for (gid, np) in sorted(set(stats.agree) | set(stats.disagree)):
        print("%-14s players=%d agreed=%d disagreed=%d" % (gid, np, stats.agree[(gid, np)], stats.disagree[(gid, np)]))
    print("\n-- disagreement kinds (games) --")
    for k, c in sorted(stats.kinds.items()):
        print("%s: %d games; shortest example:\n%s" % (k, c, stats.examples[k]))
    from common import cov
    print("\n-- rule-path coverage (Python side, all games played incl. diverged) --")
    for k in sorted(cov):
        print("  %s: %d" % (k, cov[k]))
    print("\n-- non-fatal notes --")
    for k, c in sorted(stats.notes.items()):
        print("%s: %d; first example:\n%s" % (k, c, stats.note_examples.get(k, "")))
    total = sum(stats.agree.values()) + sum(stats.disagree.values())
    bad = sum(stats.disagree.values())
    print("%d passed, %d failed" % (total - bad, bad))
    if bad:
        sys.exit(1)


if __name__ == "__main__":
    main()
