#!/usr/bin/env python3
"""Referees a match's games with Fairy-Stockfish's rules (through pyffish).

Not part of CI: it needs `pip install pyffish`.

Every game of the PGN files `xiangqi match --pgn` writes is replayed from its start (the
standard position, or its `FEN` tag) and each move checked legal by pyffish. Then the way the
game ended, as the `Termination` tag says it, is judged again where the rules decide it:
a checkmate or a side left without a move must be one for pyffish too, with the same winner;
a repetition's verdict (a draw, a perpetual check or chase lost) must be an end pyffish sees
on that ply, with the same result; a draw for want of pieces that can cross the river must be
one for pyffish too. A game adjudicated by the engines' scores, stopped at the length limit,
forfeited by an engine or lost on time is refereed for its moves only, and so is the draw
after 60 moves without a capture: Fairy-Stockfish keeps chess's 50-move rule for xiangqi
(from a FEN it draws at 100 plies), where the Asian rules and Pikafish count 60 moves, and
in a replayed game it does not always see that draw even then.

With `--engine XIANGQI`, each repetition is also judged again by that build of this project
(the `Outcome:` line of its UCI `d` command), against pyffish: the way to try a change of
the repetition rules on the endings of real games.

    python3 scripts/referee-pgn.py [--engine target/release/xiangqi] target/bg/match.pgn [MORE.pgn...]

Prints each disagreement (the game's number, its tags, what each side says) and one line a
file: games, games whose every move is legal, endings judged and how many agree. The exit
status is 1 when a move is illegal or an ending disagrees.
"""

import re
import subprocess
import sys

try:
    import pyffish as sf
except ImportError:
    sys.exit("pyffish is missing: pip install pyffish")

VARIANT = "xiangqi"
TAG = re.compile(r'^\[(\w+) "(.*)"\]$')
# ICCS: a file letter and a rank 0-9 from Red's side, then the same for the target.
ICCS = re.compile(r"^([A-Ia-i])([0-9])-?([A-Ia-i])([0-9])$")
RESULTS = {"1-0": 1, "0-1": -1, "1/2-1/2": 0}
# Endings not decided by the rules on the board (or, the 60-move draw, decided by another
# count in Fairy-Stockfish): their games are refereed for their moves only.
UNJUDGED = ("adjudicated", "length limit", "on time", "plies played", "forfeits", "moves without a capture")
# Endings by repetition: a draw, or a perpetual check or chase lost.
REPETITION = ("three times", "repetition", "perpetual", "chase")


def games(path):
    """Each game of a PGN file: its tags and its moves (as written)."""
    tags, moves, in_moves = {}, [], False
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            m = TAG.match(line)
            if m:
                if in_moves:
                    yield tags, moves
                    tags, moves, in_moves = {}, [], False
                tags[m.group(1)] = m.group(2)
            elif line:
                in_moves = True
                line = re.sub(r"\{[^}]*\}", " ", line)
                for token in line.split():
                    if re.fullmatch(r"\d+\.+", token) or token in RESULTS or token == "*":
                        continue
                    moves.append(token)
    if tags:
        yield tags, moves


def to_uci(move):
    """An ICCS move as pyffish writes it: ranks counted from 1."""
    m = ICCS.match(move)
    if not m:
        return None
    a, r1, b, r2 = m.groups()
    return f"{a.lower()}{int(r1) + 1}{b.lower()}{int(r2) + 1}"


def to_ours(uci):
    """A move in pyffish's notation (ranks from 1) as this project's UCI (ranks from 0)."""
    a, r1, b, r2 = re.fullmatch(r"([a-i])(\d+)([a-i])(\d+)", uci).groups()
    return f"{a}{int(r1) - 1}{b}{int(r2) - 1}"


def red_result(fen, moves, value):
    """pyffish's value (for the side to move) as the result for Red: 1, 0 or -1."""
    red_to_move = (len(moves) % 2 == 0) == (fen.split()[1] in ("w", "r"))
    sign = (value > 0) - (value < 0)
    return sign if red_to_move else -sign


def pyffish_end(fen, played):
    """pyffish's result for Red when the game ends on its last ply by a rule of repetition
    (or of the move count), else None."""
    for judge in (sf.is_immediate_game_end, sf.is_optional_game_end):
        ended, value = judge(VARIANT, fen, played)
        if ended:
            return red_result(fen, played, value)
    return None


def referee(tags, moves):
    """None when the game agrees with pyffish, else what disagrees."""
    fen = tags.get("FEN", sf.start_fen(VARIANT))
    played, now = [], fen
    for move in moves:
        uci = to_uci(move)
        if uci is None:
            return f"move {len(played) + 1} '{move}' is not a move in ICCS"
        # Legality from the position alone (the repetition rules never forbid a move).
        if uci not in sf.legal_moves(VARIANT, now, []):
            return f"move {len(played) + 1} {move} is illegal for pyffish"
        played.append(uci)
        now = sf.get_fen(VARIANT, now, [uci])
    said = tags.get("Termination", "").lower()
    result = RESULTS.get(tags.get("Result", "*"))
    if any(k in said for k in UNJUDGED):
        return None
    if "checkmate" in said or "no legal move" in said or "stalemate" in said:
        if sf.legal_moves(VARIANT, fen, played):
            return f"'{tags.get('Termination')}', but pyffish has legal moves"
        theirs = red_result(fen, played, sf.game_result(VARIANT, fen, played))
        return None if theirs == result else f"result {result} for Red, pyffish {theirs}"
    if "cross the river" in said:
        both = sf.has_insufficient_material(VARIANT, fen, played)
        return None if all(both) and result == 0 else f"'{tags.get('Termination')}', pyffish: insufficient material {both}"
    if any(k in said for k in REPETITION):
        theirs = pyffish_end(fen, played)
        if theirs is None:
            return f"'{tags.get('Termination')}', but pyffish sees no end there"
        return None if theirs == result else f"'{tags.get('Termination')}': result {result} for Red, pyffish {theirs}"
    return f"an ending this script does not know: '{tags.get('Termination')}'"


class Engine:
    """This project's engine, asked for its verdict on a game's last position."""

    def __init__(self, path):
        self.proc = subprocess.Popen([path, "uci"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def verdict(self, fen, moves):
        """1, 0 or -1 for Red, or None when the game goes on; moves in pyffish's notation."""
        ours = " ".join(to_ours(m) for m in moves)
        self.proc.stdin.write(f"position fen {fen} moves {ours}\nd\n")
        self.proc.stdin.flush()
        while True:
            out = self.proc.stdout.readline()
            if not out:
                sys.exit("the engine stopped answering")
            if out.startswith("info string"):
                sys.exit(f"the engine refused a game: {out.strip()}")
            if out.startswith("Outcome: "):
                text = out[len("Outcome: "):].strip()
                if text.startswith("draw"):
                    return 0
                m = re.match(r"(red|black) wins", text)
                return None if m is None else (1 if m[1] == "red" else -1)


def rejudge(engine, tags, moves):
    """Our build's and pyffish's verdicts (for Red) on a game that ended by repetition."""
    fen = tags.get("FEN", sf.start_fen(VARIANT))
    played = [to_uci(m) for m in moves]
    return engine.verdict(fen, played), pyffish_end(fen, played)


def main(args):
    engine = None
    if args[:1] == ["--engine"]:
        engine, args = Engine(args[1]), args[2:]
    paths = args
    if not paths:
        sys.exit("usage: scripts/referee-pgn.py [--engine XIANGQI] MATCH.pgn [MORE.pgn...]")
    failed = False
    for path in paths:
        n = legal = judged = agreed = 0
        for i, (tags, moves) in enumerate(games(path), 1):
            n += 1
            problem = referee(tags, moves)
            said = tags.get("Termination", "").lower()
            is_judged = not any(k in said for k in UNJUDGED)
            if problem is None or "illegal" not in problem and "not a move" not in problem:
                legal += 1
            if is_judged:
                judged += 1
                agreed += problem is None
            if problem:
                failed = True
                print(f"{path}: game {i} ({tags.get('Red')} - {tags.get('Black')}, {tags.get('Opening', '')}): {problem}")
        print(f"{path}: {n} games, every move legal in {legal}; {judged} endings judged by the rules, {agreed} agree with pyffish {sf.version()}")
        if engine:
            cycles = same = 0
            for i, (tags, moves) in enumerate(games(path), 1):
                said = tags.get("Termination", "").lower()
                if not any(k in said for k in REPETITION):
                    continue
                cycles += 1
                ours, theirs = rejudge(engine, tags, moves)
                same += ours == theirs
                if ours != theirs:
                    failed = True
                    print(f"{path}: game {i}: this build judges the repetition {ours} for Red, pyffish {theirs} (the match said '{tags.get('Termination')}')")
            print(f"{path}: {cycles} repetitions judged again by this build, {same} as pyffish judges them")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main(sys.argv[1:])
