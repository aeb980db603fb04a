#!/usr/bin/env python3
"""Nodes a second of two native builds, in turn, on the same searches: each round runs OLD
then NEW (NEW then OLD in every other round) on four positions (the start, an opening, a
middlegame, an endgame), `go nodes NODES` in a fresh process each, with a `Hash` of MB
megabytes (the engine's default unless given), and takes the nodes and time of each search's
last `info` line; a round's figure is its nodes over its time. Prints each round's figures,
the medians and NEW's over OLD's. Wall-clock, so run it on a quiet machine; the builds take
turns so that a change of the machine's load falls on both.

Usage: scripts/native-nps.py OLD NEW [--hash MB] [--rounds N] [--nodes NODES]
"""
import argparse
import re
import statistics
import subprocess

POSITIONS = [
    "startpos",
    "startpos moves h2e2 h9g7 h0g2 i9h9 i0h0 b9c7 b0c2 c6c5 g3g4 b7b3",
    "fen r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R w - - 0 1",
    "fen 2bakab2/9/4c1n2/p3p3p/2p3p2/9/P1P3P1P/4C1N2/4A4/2BAK1B2 w - - 0 1",
]


def search(binary, position, nodes, hash_mb):
    """(nodes, ms) of the last `info` line of one search in a fresh process."""
    lines = ["uci"]
    if hash_mb:
        lines.append(f"setoption name Hash value {hash_mb}")
    lines += ["isready", "ucinewgame", f"position {position}", f"go nodes {nodes}"]
    p = subprocess.Popen([binary, "uci"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    p.stdin.write("\n".join(lines) + "\n")
    p.stdin.flush()
    last = None
    for line in p.stdout:
        if line.startswith("info") and " nps " in line:
            last = line
        if line.startswith("bestmove"):
            break
    p.stdin.write("quit\n")
    p.stdin.flush()
    p.wait()
    if last is None:
        raise SystemExit(f"{binary}: no info line for {position}")
    return int(re.search(r" nodes (\d+)", last)[1]), int(re.search(r" time (\d+)", last)[1])


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("--hash", type=int, help="Hash in MB (default: the engine's own)")
    ap.add_argument("--rounds", type=int, default=6)
    ap.add_argument("--nodes", type=int, default=1_500_000)
    args = ap.parse_args()
    figures = {args.old: [], args.new: []}
    for r in range(args.rounds):
        order = [args.old, args.new] if r % 2 == 0 else [args.new, args.old]
        for binary in order:
            counts = [search(binary, p, args.nodes, args.hash) for p in POSITIONS]
            nodes, ms = sum(c[0] for c in counts), sum(c[1] for c in counts)
            figures[binary].append(nodes / ms * 1000)
    for name, label in ((args.old, "OLD"), (args.new, "NEW")):
        rounds = ", ".join(f"{x / 1e6:.3f}" for x in figures[name])
        print(f"{label} {name}: {rounds} M nodes/s; median {statistics.median(figures[name]) / 1e6:.3f} M")
    ratio = statistics.median(figures[args.new]) / statistics.median(figures[args.old])
    print(f"NEW / OLD: {ratio:.3f} (Hash {args.hash or 'default'}, {args.rounds} rounds, {args.nodes} nodes a search)")


if __name__ == "__main__":
    main()
