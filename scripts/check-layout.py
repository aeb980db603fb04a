#!/usr/bin/env python3
"""Checks the workspace's layout rules, which code review alone lets slip:

- no Rust source file (sources and tests) over 500 lines, except the data tables listed below;
- the page's root component, crates/web/src/app.rs, at most 150 lines;
- no script in index.html over 10 lines (behaviour lives in www/ and the crates);
- no import cycle between the files of a crate, nor, in the web crate (`crates/web`),
  between its top-level modules (the files and folders directly under src/: a folder's
  files count as one module), so that its rooms stay apart: the model, the records, the
  text, the components, the hooks, the worker, the practice page.

A file imports another when it names an item defined there: `use crate::a::b`, `use super::c`,
`crate::a::f()` in code, `pub use child::X`. A bare `mod child;` declares and does not import.
Paths are followed down the module tree, then through `use` declarations (re-exports), to the
file that defines the item: `use crate::Color` imports color.rs, not lib.rs, when lib.rs only
re-exports it.

Usage: python3 scripts/check-layout.py [ROOT]   (ROOT: the workspace, by default the current
directory; exit status 1 when a rule is broken)
"""

import re
import sys
from pathlib import Path

MAX_LINES = 500
MAX_ROOT_LINES = 150
MAX_SCRIPT_LINES = 10
# Files that are data, not code: exempt from MAX_LINES (none today).
DATA_TABLES: set[str] = set()


def strip(text: str) -> str:
    """The code without comments, string and char literals (kept as empty literals)."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            depth, i = 1, i + 2
            while i < n and depth:
                if text.startswith("/*", i):
                    depth, i = depth + 1, i + 2
                elif text.startswith("*/", i):
                    depth, i = depth - 1, i + 2
                else:
                    i += 1
        elif c == "r" and re.match(r'r#*"', text[i:i + 10]) and not (i and (text[i - 1].isalnum() or text[i - 1] == "_")):
            m = re.match(r'r(#*)"', text[i:])
            end = text.find('"' + m.group(1), i + len(m.group(0)))
            out.append('""')
            i = n if end < 0 else end + 1 + len(m.group(1))
        elif c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append('""')
            i = j + 1
        elif c == "'" and re.match(r"'(\\.|[^\\'])'|'\\u\{[0-9a-fA-F]+\}'|'\\x[0-9a-fA-F]{2}'", text[i:i + 12]):
            m = re.match(r"'(\\.|[^\\'])'|'\\u\{[0-9a-fA-F]+\}'|'\\x[0-9a-fA-F]{2}'", text[i:i + 12])
            out.append("' '")
            i += len(m.group(0))
        else:
            out.append(c)
            i += 1
    return "".join(out)


def expand_use(tree: str) -> list[tuple[list[str], str | None]]:
    """`a::{b, c::{d, e as f}}` as [([a, b], None), ([a, c, d], None), ([a, c, e], f)]: each
    path with its new name, if renamed (globs dropped)."""
    tree = re.sub(r"\s*(::|\{|\}|,)\s*", r"\1", tree.strip())
    paths: list[tuple[list[str], str | None]] = []

    def walk(s: str, prefix: list[str]) -> None:
        depth, start, parts = 0, 0, []
        for k, ch in enumerate(s):
            if ch == "{":
                depth += 1
            elif ch == "}":
                depth -= 1
            elif ch == "," and depth == 0:
                parts.append(s[start:k])
                start = k + 1
        parts.append(s[start:])
        for part in filter(None, parts):
            brace = part.find("{")
            if brace >= 0:
                head = [x for x in part[:brace].split("::") if x]
                walk(part[brace + 1:part.rfind("}")], prefix + head)
            else:
                alias = part.split(" as ")[1].strip() if " as " in part else None
                segs = [x for x in part.split(" as ")[0].split("::") if x and x != "*"]
                paths.append((prefix + segs, alias))

    walk(tree, [])
    return paths


class Crate:
    """One crate's module tree: module path (tuple) -> file, from `mod` declarations."""

    def __init__(self, root_file: Path):
        self.files: dict[tuple, Path] = {}
        self.code: dict[Path, str] = {}
        self.inline: dict[Path, list[tuple[int, int, tuple]]] = {}
        self.names: dict[tuple, dict[str, tuple[tuple, list[str]]]] = {}
        self.load((), root_file)

    def load(self, path: tuple, file: Path) -> None:
        self.files[path] = file
        code = strip(file.read_text(encoding="utf-8"))
        self.code[file] = code
        owner = file.parent if file.name in ("mod.rs", "lib.rs", "main.rs") or path == () else file.parent / file.stem
        # Inline modules (`mod tests { ... }`): their span, so paths inside resolve from them.
        spans = []
        for m in re.finditer(r"\bmod\s+(\w+)\s*\{", code):
            depth, k = 1, m.end()
            while k < len(code) and depth:
                depth += {"{": 1, "}": -1}.get(code[k], 0)
                k += 1
            spans.append((m.start(), k, path + (m.group(1),)))
            self.files.setdefault(path + (m.group(1),), file)
        self.inline[file] = spans
        # What each module's `use` declarations name: name -> (the declaring module, its path).
        for m in re.finditer(r"\buse\s+([^;]+);", code):
            if "{" in code[:m.start()] and self._in_fn(code, m.start()):
                continue
            inner = [s for s in spans if s[0] < m.start() < s[1]]
            mod_path = inner[-1][2] if inner else path
            for segs, alias in expand_use(m.group(1)):
                name = alias or (segs[-1] if segs else None)
                if name and name != "_":
                    self.names.setdefault(mod_path, {})[name] = (mod_path, segs)
        for m in re.finditer(r"(#\[path\s*=\s*\"[^\"]*\"\]\s*)?\b(?:pub(?:\([^)]*\))?\s+)?mod\s+(\w+)\s*;", code):
            name = m.group(2)
            inner = [s for s in spans if s[0] < m.start() < s[1]]
            sub = (inner[-1][2] if inner else path) + (name,)
            base = owner if not inner else owner / inner[-1][2][-1]
            for cand in (base / f"{name}.rs", base / name / "mod.rs"):
                if cand.exists():
                    self.load(sub, cand)
                    break

    @staticmethod
    def _in_fn(code: str, offset: int) -> bool:
        """Whether `offset` lies inside a function body (a `use` there names nothing outside)."""
        depth, k = 0, offset
        while k > 0:
            k -= 1
            if code[k] == "}":
                depth += 1
            elif code[k] == "{":
                if depth == 0:
                    head = code[max(0, k - 300):k]
                    return not re.search(r"\bmod\s+\w+\s*$", head)
                depth -= 1
        return False

    def module_at(self, file: Path, offset: int) -> tuple:
        path = next(p for p, f in self.files.items() if f == file and all(
            not (s[2] == p) for s in self.inline[file]))
        for start, end, sub in self.inline[file]:
            if start <= offset < end:
                path = sub
        return path

    def children(self, path: tuple) -> set[str]:
        return {p[-1] for p in self.files if len(p) == len(path) + 1 and p[:-1] == path}

    def resolve(self, here: tuple, segs: list[str], depth: int = 0) -> tuple | None:
        """The deepest module a path names, or None when it leaves the crate."""
        if not segs:
            return None
        cur = here
        if segs[0] == "crate":
            cur, segs = (), segs[1:]
        elif segs[0] in ("super", "self"):
            while segs and segs[0] in ("super", "self"):
                if segs[0] == "super":
                    if not cur:
                        return None
                    cur = cur[:-1]
                segs = segs[1:]
        elif segs[0] not in self.children(here):
            return None
        for k, s in enumerate(segs):
            if cur + (s,) in self.files:
                cur = cur + (s,)
                continue
            # An item named here through a `use`: the file that defines it.
            via = self.names.get(cur, {}).get(s)
            if via and depth < 8:
                found = self.resolve(via[0], via[1] + segs[k + 1:], depth + 1)
                if found is not None:
                    return found
            break
        return cur

    def edges(self) -> dict[Path, set[Path]]:
        out: dict[Path, set[Path]] = {f: set() for f in self.code}
        for file, code in self.code.items():
            refs: list[tuple[int, list[str]]] = []
            for m in re.finditer(r"\buse\s+([^;]+);", code):
                refs += [(m.start(), p) for p, _ in expand_use(m.group(1))]
            for m in re.finditer(r"(?<![\w:])((?:crate|super|self|[a-z_][a-z0-9_]*)(?:::[A-Za-z_]\w*)+)", code):
                refs.append((m.start(), m.group(1).split("::")))
            for offset, segs in refs:
                here = self.module_at(file, offset)
                target = self.resolve(here, segs)
                if target is None:
                    continue
                to = self.files[target]
                if to != file:
                    out[file].add(to)
        return out


def cycles(edges: dict[Path, set[Path]]) -> list[list[Path]]:
    """The strongly connected components of more than one file (Tarjan)."""
    index, low, stack, on, comps, counter = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in edges.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                comps.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in list(edges):
        if v not in index:
            visit(v)
    return comps


def module_cycles(src: Path, edges: dict[Path, set[Path]]) -> list[str]:
    """Import cycles between the top-level modules of the crate whose sources are `src`: each
    file or folder directly under it (a binary's own file, under bin/, is its own module)."""
    def module(p: Path) -> str:
        parts = p.relative_to(src).parts
        return "/".join(parts[:2]) if parts[0] == "bin" else parts[0].removesuffix(".rs")
    graph: dict[str, set[str]] = {}
    why: dict[tuple[str, str], str] = {}
    for a, bs in edges.items():
        for b in bs:
            if src not in a.parents or src not in b.parents:
                continue
            ma, mb = module(a), module(b)
            if ma != mb:
                graph.setdefault(ma, set()).add(mb)
                why.setdefault((ma, mb), f"{a.relative_to(src)} -> {b.relative_to(src)}")
    found = []
    for comp in cycles(graph):
        inside = [why[(a, b)] for a in comp for b in sorted(graph[a]) if b in comp]
        found.append(f"import cycle among the modules {', '.join(comp)} of "
                     f"{src.relative_to(src.parents[2])}"
                     + "".join(f"\n    {e}" for e in inside))
    return found


def main() -> int:
    root = Path(sys.argv[1] if len(sys.argv) > 1 else ".").resolve()
    problems: list[str] = []
    rel = lambda p: str(p.relative_to(root))
    sources = [p for p in (root / "crates").rglob("*.rs") if "target" not in p.parts]
    for p in sorted(sources):
        n = len(p.read_text(encoding="utf-8").splitlines())
        if n > MAX_LINES and rel(p) not in DATA_TABLES:
            problems.append(f"{rel(p)}: {n} lines (at most {MAX_LINES})")
    app = root / "crates/web/src/app.rs"
    if app.exists() and (n := len(app.read_text().splitlines())) > MAX_ROOT_LINES:
        problems.append(f"{rel(app)}: {n} lines (the root component: at most {MAX_ROOT_LINES})")
    html = (root / "index.html").read_text()
    for m in re.finditer(r"<script[^>]*>(.*?)</script>", html, re.S):
        n = len(m.group(1).strip().splitlines())
        if n > MAX_SCRIPT_LINES:
            line = html[:m.start()].count("\n") + 1
            problems.append(f"index.html:{line}: a script of {n} lines (at most {MAX_SCRIPT_LINES})")
    roots = []
    for manifest in sorted((root / "crates").glob("*/Cargo.toml")):
        src = manifest.parent / "src"
        roots += [f for f in (src / "lib.rs", src / "main.rs") if f.exists()]
        roots += sorted((src / "bin").glob("*.rs")) if (src / "bin").exists() else []
    for r in roots:
        crate = Crate(r)
        edges = crate.edges()
        for comp in cycles(edges):
            inside = [f"{rel(a)} -> {rel(b)}" for a in comp for b in sorted(edges[a]) if b in comp]
            problems.append("import cycle among " + ", ".join(rel(p) for p in comp)
                            + "".join(f"\n    {e}" for e in inside))
        if r.parent == root / "crates/web/src":
            problems += module_cycles(r.parent, edges)
    for p in problems:
        print(p)
    print(f"layout: {len(problems)} problem(s)" if problems else "layout: ok")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
