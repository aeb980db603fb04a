#!/usr/bin/env python3
"""Compares this project's repetition verdicts with Fairy-Stockfish's (through pyffish).

Not part of CI: it needs `pip install pyffish` and a built `xiangqi` binary.

It plays random positions forward with random moves (captures preferred, so that the boards
thin out and pieces come into contact), then plays a random repetition cycle from there:
each side moves one or two pieces out and back, twice, so that the position before the cycle
occurs a third time. Of twenty such cycles from each position the one where a side gives
check or attacks on most of its moves is kept, so that perpetual checks and chases are common. A sequence counts when both sides of the comparison
see the game end by repetition on its last ply and not before; the project's verdict is read
from the `Outcome:` line of the UCI `d` command.

    cargo build --release -p xiangqi-cli
    python3 scripts/repetition-vs-pyffish.py --engine target/release/xiangqi --count 500

Prints each disagreement (FEN, moves, both verdicts) and the number of agreements.
"""

import argparse
import random
import re
import subprocess
import sys

try:
    import pyffish as sf
except ImportError:
    sys.exit("pyffish is missing: pip install pyffish")

VARIANT = "xiangqi"
START = sf.start_fen(VARIANT)


def to_fsf(move):
    """Our coordinates (ranks 0-9) to Fairy-Stockfish's (ranks 1-10)."""
    m = re.fullmatch(r"([a-i])(\d)([a-i])(\d)", move)
    return f"{m[1]}{int(m[2]) + 1}{m[3]}{int(m[4]) + 1}"


def from_fsf(move):
    m = re.fullmatch(r"([a-i])(\d+)([a-i])(\d+)", move)
    return f"{m[1]}{int(m[2]) - 1}{m[3]}{int(m[4]) - 1}"


def occupied(fen):
    """The occupied points of a FEN, named as Fairy-Stockfish names them (ranks 1-10)."""
    points = set()
    for row, text in enumerate(fen.split()[0].split("/")):
        file = 0
        for c in text:
            if c.isdigit():
                file += int(c)
            else:
                points.add(f"{'abcdefghi'[file]}{10 - row}")
                file += 1
    return points


def is_capture(board, move):
    """True if `move` lands on an occupied point of `board` (from `occupied`)."""
    return re.fullmatch(r"[a-i]\d+([a-i]\d+)", move)[1] in board


def legal(fen, moves):
    return sf.legal_moves(VARIANT, fen, moves)


def reverse(move):
    m = re.fullmatch(r"([a-i]\d+)([a-i]\d+)", move)
    return m[2] + m[1]


def attacks_after(fen, moves, move):
    """How many enemy pieces the piece that made `move` could capture next (side flipped)."""
    after = sf.get_fen(VARIANT, fen, moves + [move])
    parts = after.split()
    parts[1] = "b" if parts[1] == "w" else "w"
    dest = re.fullmatch(r"[a-i]\d+([a-i]\d+)", move)[1]
    try:
        replies = sf.legal_moves(VARIANT, " ".join(parts), [])
    except Exception:
        return 0
    board = occupied(after)
    return sum(1 for r in replies if r.startswith(dest) and is_capture(board, r))


def pressing(fen, moves, move):
    """True if `move`, played after `moves`, gives check or attacks an enemy piece."""
    return sf.gives_check(VARIANT, fen, moves + [move]) or attacks_after(fen, moves, move) > 0


def random_position(rng):
    """A position some random plies into a game, captures preferred."""
    fen = START
    for _ in range(rng.randint(20, 100)):
        options = legal(fen, [])
        if not options:
            break
        board = occupied(fen)
        captures = [m for m in options if is_capture(board, m)]
        pool = captures if captures and rng.random() < 0.8 else options
        after = sf.get_fen(VARIANT, fen, [rng.choice(pool)])
        if not legal(after, []):
            break
        fen = after
    return fen


def quiet_moves(fen, moves):
    board = occupied(sf.get_fen(VARIANT, fen, moves))
    return [m for m in legal(fen, moves) if not is_capture(board, m)]


def random_cycle(rng, fen):
    """Moves (Fairy-Stockfish coordinates) that repeat `fen` twice more, or None: each side
    moves one or two pieces out and back, twice."""
    pieces = rng.choice([1, 1, 1, 2])
    out = []
    for _ in range(2 * pieces):
        options = quiet_moves(fen, out)
        if not options:
            return None
        out.append(rng.choice(options))
    cycle = out + [reverse(m) for m in out]
    moves = []
    for m in cycle * 2:
        if m not in legal(fen, moves):
            return None
        moves.append(m)
    return moves


def pressure(fen, moves):
    """The larger share, over the two sides, of a side's moves in the first cycle that give
    check or attack: a cycle where one side presses on every move is what the rules judge."""
    half = len(moves) // 2
    shares = []
    for side in (0, 1):
        mine = range(side, half, 2)
        hits = sum(pressing(fen, moves[:i], moves[i]) for i in mine)
        shares.append(hits / max(1, len(mine)))
    return max(shares)


def pressing_cycle(rng, fen, tries=20):
    """Of a few random cycles from `fen`, the one where a side presses most."""
    best, best_score = None, -1.0
    for _ in range(tries):
        cycle = random_cycle(rng, fen)
        if cycle is None:
            continue
        score = pressure(fen, cycle) + rng.random() * 0.01
        if score > best_score:
            best, best_score = cycle, score
    return best


class Engine:
    def __init__(self, path):
        self.proc = subprocess.Popen(
            [path, "uci"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )

    def outcome(self, fen, moves):
        line = f"position fen {fen} moves {' '.join(moves)}\nd\n"
        self.proc.stdin.write(line)
        self.proc.stdin.flush()
        while True:
            out = self.proc.stdout.readline()
            if not out:
                sys.exit("the engine stopped answering")
            if out.startswith("info string"):
                return "refused: " + out.strip()
            if out.startswith("Outcome: "):
                return out[len("Outcome: ") :].strip()

    def close(self):
        self.proc.stdin.write("quit\n")
        self.proc.stdin.close()
        self.proc.wait()


def ours(text):
    """The project's outcome line as (ended by repetition, verdict)."""
    if text.startswith("draw, the same position"):
        return True, "draw"
    m = re.fullmatch(r"(red|black) wins, perpetual (check|chase) by (red|black)", text)
    if m:
        return True, f"{m[1]} wins"
    return False, text


def theirs(fen, moves):
    """Fairy-Stockfish's verdict as (ended by repetition on the last ply only, verdict)."""
    for n in range(len(moves)):
        if sf.is_optional_game_end(VARIANT, fen, moves[:n])[0]:
            return False, "ended early"
    end, value = sf.is_optional_game_end(VARIANT, fen, moves)
    if not end:
        return False, "no end"
    if value == 0:
        return True, "draw"
    red_to_move = (fen.split()[1] == "w") == (len(moves) % 2 == 0)
    mover = "red" if red_to_move else "black"
    other = "black" if red_to_move else "red"
    return True, f"{mover if value > 0 else other} wins"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", default="target/release/xiangqi")
    parser.add_argument("--count", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    engine = Engine(args.engine)
    counted = agreed = 0
    kinds = {}
    while counted < args.count:
        fen = random_position(rng)
        cycle = pressing_cycle(rng, fen)
        if cycle is None:
            continue
        their_end, their_verdict = theirs(fen, cycle)
        if not their_end:
            continue
        our_moves = [from_fsf(m) for m in cycle]
        our_end, our_verdict = ours(engine.outcome(fen, our_moves))
        if not our_end:
            continue
        counted += 1
        kinds[their_verdict] = kinds.get(their_verdict, 0) + 1
        if our_verdict == their_verdict:
            agreed += 1
        else:
            print(f"disagree: {fen} moves {' '.join(our_moves)}")
            print(f"  project: {our_verdict}; Fairy-Stockfish: {their_verdict}")
    engine.close()
    print(f"Fairy-Stockfish verdicts: {kinds}")
    print(f"agreements: {agreed} out of {counted}")


if __name__ == "__main__":
    main()
