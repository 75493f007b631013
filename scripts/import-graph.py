#!/usr/bin/env python3
"""Import circles between the modules of one Rust folder.

Usage: scripts/import-graph.py FOLDER [--crate-path crate::a::b] [--dot]

FOLDER is a module's directory (crates/sudokit/src/logic); its mod.rs (or
lib.rs) is the module itself, every other .rs file a submodule. An edge
A -> B means a file of A names B in a path: `use super::B`,
`use super::super::B::x`, `use crate::...::B`, `self::B`, `B::x` (a child), or the same paths
inline in code (`super::eureka::chains(..)`). A path is resolved to the
deepest module it names (`super::geo::Geo` -> geo; `super::{a, b}` -> the
parent itself unless a, b are modules). `mod x;` declarations are not edges:
a parent declaring its children is not an import. Unit tests (`#[cfg(test)]`
modules and items) are left out; test-only files (tests.rs) are nodes like
any other.

Prints each module's imports and every strongly connected component of more
than one module (a circle), and exits 1 if there is one. `--crate-path`
says how the folder is named from the crate root (default: the path of
FOLDER under src/, as crate::x::y).
"""

import os
import re
import sys


def module_files(folder):
    """{module path tuple: file} for every .rs file under folder."""
    out = {}
    for root, _, files in os.walk(folder):
        for f in sorted(files):
            if not f.endswith(".rs"):
                continue
            rel = os.path.relpath(os.path.join(root, f), folder)
            parts = rel[:-3].split(os.sep)
            if parts[-1] in ("mod", "lib"):
                parts = parts[:-1]
            out[tuple(parts)] = os.path.join(root, f)
    return out


def strip_comments_and_tests(text):
    # Strings rarely hold module paths here; comments often do.
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    text = re.sub(r"//[^\n]*", "", text)
    # Drop every `#[cfg(test)]` item: the attribute, then the item up to its
    # matching closing brace (or its `;`).
    out = []
    i = 0
    while True:
        j = text.find("#[cfg(test)]", i)
        if j < 0:
            out.append(text[i:])
            break
        out.append(text[i:j])
        k = j + len("#[cfg(test)]")
        depth = 0
        while k < len(text):
            c = text[k]
            if c == "{":
                depth += 1
            elif c == "}":
                depth -= 1
                if depth == 0:
                    k += 1
                    break
            elif c == ";" and depth == 0:
                k += 1
                break
            k += 1
        i = k
    return "".join(out)


PATH = re.compile(r"\b((?:super::)+|self::|crate::)((?:[A-Za-z_][A-Za-z0-9_]*::)*)(\{|[A-Za-z_][A-Za-z0-9_]*)")


def group_items(text, start):
    """The first path of each item of the `{...}` group opening at start."""
    depth = 0
    items, cur = [], ""
    for k in range(start, len(text)):
        c = text[k]
        if c == "{":
            depth += 1
            if depth == 1:
                continue
        elif c == "}":
            depth -= 1
            if depth == 0:
                items.append(cur)
                break
        if depth == 1 and c == ",":
            items.append(cur)
            cur = ""
        elif depth >= 1:
            cur += c
    out = []
    for item in items:
        item = re.sub(r"\s+", "", item)
        if item:
            out.append([s for s in re.split(r"::|\{", item) if s][:8])
    return out


def resolve(modules, base, segs):
    cur = tuple(base)
    for s in segs:
        if s in ("self",):
            continue
        if cur + (s,) in modules:
            cur = cur + (s,)
        else:
            break
    return cur


# `use child::x;` or `child::f(..)` (2018 paths: a bare first segment names
# a child module).
BARE = re.compile(r"(?<![:\w])([A-Za-z_][A-Za-z0-9_]*)::")


def edges_of(modules, me, text, crate_path):
    found = set()
    for m in BARE.finditer(text):
        if tuple(me) + (m.group(1),) in modules:
            found.add(tuple(me) + (m.group(1),))
    for m in PATH.finditer(text):
        if re.search(r"\bin\s*$", text[max(0, m.start() - 8):m.start()]):
            continue  # `pub(in crate::x)` is visibility, not an import
        head, middle, last = m.group(1), m.group(2), m.group(3)
        if head.startswith("super"):
            ups = head.count("super::")
            if ups > len(me):
                continue  # leaves the folder
            base = me[: len(me) - ups]
        elif head == "self::":
            base = me
        else:
            segs = [s for s in middle.split("::") if s]
            if last != "{":
                segs.append(last)
            if segs[: len(crate_path)] != crate_path:
                continue
            base, middle, last = (), "::".join(segs[len(crate_path):]) + "::", None
        segs = [s for s in middle.split("::") if s]
        if last == "{":
            for item in group_items(text, m.end() - 1):
                found.add(resolve(modules, base, segs + item))
        else:
            found.add(resolve(modules, base, segs + ([last] if last else [])))
    found.discard(tuple(me))
    return found


def circles(graph):
    """Strongly connected components with more than one node (Tarjan)."""
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
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
                out.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def main(argv):
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__)
        return 2
    folder = argv[0].rstrip("/")
    crate_path = None
    if "--crate-path" in argv:
        crate_path = argv[argv.index("--crate-path") + 1].split("::")[1:]
    else:
        parts = os.path.normpath(folder).split(os.sep)
        crate_path = parts[parts.index("src") + 1:] if "src" in parts else []
    modules = module_files(folder)
    graph = {}
    for me, path in modules.items():
        with open(path, encoding="utf-8") as f:
            text = strip_comments_and_tests(f.read())
        graph[me] = edges_of(modules, me, text, crate_path)
    name = lambda m: "::".join(m) or "(root)"
    for me in sorted(graph):
        print(f"{name(me)} -> {', '.join(name(t) for t in sorted(graph[me])) or '-'}")
    found = circles(graph)
    for comp in found:
        print("circle: " + ", ".join(name(m) for m in comp))
    print(f"{len(graph)} modules, {sum(len(e) for e in graph.values())} imports, "
          f"{len(found)} circle(s)")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
