#!/usr/bin/env python3
"""Writes a fixed list of engine requests, to show that two builds of cmd/sigengine answer them
byte for byte the same (docs/engine-protocol.md: the output must not change when the code behind it
is reorganised).

The list is made by driving one engine (ENGINE) deterministically, so that its games run to
their ends: for every game and player count, three seeds, each move chosen from `legal` by a
fixed rule, `state` now and then, `record` and `load` at the end; and requests that must be
refused (before any game, malformed JSON, an unknown command or game, a bad player count, an
illegal move). The requests are written one a line to OUT; replay them into each build and
compare:

    python3 tools/crosscheck/transcript.py /tmp/sigengine-old /tmp/requests.jsonl
    /tmp/sigengine-old < /tmp/requests.jsonl > /tmp/old.out
    /tmp/sigengine-new < /tmp/requests.jsonl > /tmp/new.out
    cmp /tmp/old.out /tmp/new.out
"""
import json
import subprocess
import sys


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: transcript.py ENGINE OUT")
    engine, out = sys.argv[1], sys.argv[2]
    p = subprocess.Popen([engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    sent = []

    def req(obj):
        line = obj if isinstance(obj, str) else json.dumps(obj, separators=(",", ":"))
        sent.append(line)
        p.stdin.write(line + "\n")
        p.stdin.flush()
        return json.loads(p.stdout.readline())

    req('{"cmd":"state"}')  # before any new
    req('{not json')
    req({"cmd": "nope"})
    games = req({"cmd": "games"})["games"]
    req({"cmd": "new", "game": "no-such-game"})
    for g in games:
        req({"cmd": "new", "game": g["id"], "players": g["max_players"] + 1})
        for n in range(g["min_players"], g["max_players"] + 1):
            for seed in (1, 2, 3):
                req({"cmd": "new", "game": g["id"], "players": n, "seed": seed})
                req({"cmd": "play", "move": "not-a-move"})
                for step in range(400):
                    moves = req({"cmd": "legal"}).get("moves") or []
                    if not moves:
                        break
                    req({"cmd": "play", "move": moves[(step * 7 + seed) % len(moves)]})
                    if step % 25 == 0:
                        req({"cmd": "state"})
                rec = req({"cmd": "record"})
                if rec.get("ok"):
                    req({"cmd": "load", "record": rec["record"]})
    p.stdin.close()
    p.wait()
    with open(out, "w") as f:
        f.write("\n".join(sent) + "\n")
    print(len(sent), "requests written to", out)


if __name__ == "__main__":
    main()
