#!/usr/bin/env python3
"""Times the native engine through its UCI pipes, as a GUI sees it, and prints the
figures of the engine session (docs/figures.md):

  - v3 (the strong search) to depth 8 from the start: from the write of `go` to the
    `bestmove` line, median of 5, each after `ucinewgame` (an empty table);
  - v2 (the alpha-beta player) to depth 6 from the start, the same way;
  - the session keeps its table: the nodes of `go depth 10` twice from the start, then once
    more after `ucinewgame`;
  - `go movetime 300` with the alpha-beta player: the time to `bestmove`;
  - `go infinite` then `stop`: the time from `stop` to `bestmove`.

Usage: cargo build --release -p xiangqi-cli && scripts/uci-timing.py [PATH/TO/xiangqi]
Only the standard library; the engine is started once and kept for every figure.
"""
import statistics
import subprocess
import sys
import time


class Engine:
    def __init__(self, path):
        self.proc = subprocess.Popen(
            [path, "uci"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        return time.perf_counter()

    def until(self, prefix):
        """The lines up to the first that starts with `prefix`, and when that one came."""
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                sys.exit(f"the engine ended before {prefix!r}: {lines[-5:]}")
            lines.append(line.rstrip("\n"))
            if line.startswith(prefix):
                return lines, time.perf_counter()

    def sync(self):
        self.send("isready")
        self.until("readyok")

    def quit(self):
        self.send("quit")
        self.proc.wait(timeout=10)


def nodes(lines):
    for line in reversed(lines):
        words = line.split()
        if line.startswith("info ") and "nodes" in words:
            return int(words[words.index("nodes") + 1])
    return None


def timed_search(engine, go, runs=5):
    """Milliseconds from `go` to `bestmove`, median of `runs`, each from an empty table."""
    times = []
    for _ in range(runs):
        engine.send("ucinewgame")
        engine.send("position startpos")
        engine.sync()
        sent = engine.send(go)
        _, answered = engine.until("bestmove ")
        times.append((answered - sent) * 1000)
    return statistics.median(times), times


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else "target/release/xiangqi"
    e = Engine(path)
    e.send("uci")
    e.until("uciok")

    median, runs = timed_search(e, "go depth 8")
    print(f"v3 to depth 8 from the start, to bestmove: {median:.0f} ms (median of 5: "
          + ", ".join(f"{t:.0f}" for t in runs) + ")")
    e.send("setoption name Algorithm value alphabeta")
    median, runs = timed_search(e, "go depth 6")
    print(f"v2 to depth 6 from the start, to bestmove: {median:.0f} ms (median of 5: "
          + ", ".join(f"{t:.0f}" for t in runs) + ")")

    e.send("setoption name Algorithm value pvs")
    e.send("ucinewgame")
    counts = []
    for new_game in (False, False, True):
        if new_game:
            e.send("ucinewgame")
        e.send("position startpos")
        e.send("go depth 10")
        lines, _ = e.until("bestmove ")
        counts.append(nodes(lines))
    print("the session keeps its table: go depth 10 twice from the start, then after "
          f"ucinewgame: {counts[0]:,} nodes, then {counts[1]:,}, then {counts[2]:,}")

    e.send("setoption name Algorithm value alphabeta")
    e.send("position startpos")
    e.sync()
    sent = e.send("go movetime 300")
    _, answered = e.until("bestmove ")
    print(f"go movetime 300 with Algorithm alphabeta: bestmove after {(answered - sent) * 1000:.0f} ms")

    e.send("setoption name Algorithm value pvs")
    e.send("position startpos")
    e.sync()
    e.send("go infinite")
    time.sleep(0.5)
    stopped = e.send("stop")
    _, answered = e.until("bestmove ")
    print(f"go infinite then stop: bestmove {(answered - stopped) * 1000:.1f} ms after the stop")
    e.quit()


if __name__ == "__main__":
    main()
