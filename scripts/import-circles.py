#!/usr/bin/env python3
"""Prints the import circles among the Rust modules of a folder; exits 1 if any.

Usage: scripts/import-circles.py [--graph] [--root SRC] FOLDER...

A module is a file (`a/b.rs` is `a::b`, `a/mod.rs` is `a`). Module A imports
B when A's code names a path into B: a `use` (trees expanded), or a path in
the code that starts with `crate::`, `super::`, `self::` or one of A's own
child modules. A path counts for the longest module it reaches. A circle is a
set of modules that reach each other through imports (a strongly connected
component with two or more modules), for instance A imports B and B imports A.

A module naming one of its ancestors (a child using its parent's items) is
not counted: Rust gives a child its ancestors' private items by design, and
the parent declares the child, so counting it would make every folder a
circle. Comments, strings and characters are ignored.

--root SRC names the crate's source root (the folder of `lib.rs` or
`main.rs`); by default the nearest folder at or above FOLDER that holds one.
--graph prints every edge (`A -> B`) as well.
"""

import os
import re
import sys

IDENT = r"[A-Za-z_][A-Za-z0-9_]*"


def strip_code(text):
    """The text with comments, strings and char literals blanked out."""
    out = []
    i, n = 0, len(text)
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
            out.append(" ")
        elif c == "r" and re.match(r'r#*"', text[i:]) and (i == 0 or not re.match(r"\w", text[i - 1])):
            m = re.match(r'r(#*)"', text[i:])
            end = text.find('"' + m.group(1), i + len(m.group(0)))
            i = n if end < 0 else end + 1 + len(m.group(1))
            out.append('""')
        elif c == '"':
            i += 1
            while i < n and text[i] != '"':
                i += 2 if text[i] == "\\" else 1
            i += 1
            out.append('""')
        elif c == "'":
            # A char literal ('a', '\n', '\u{1f}') or a lifetime ('a).
            m = re.match(r"'(\\.[^']*|[^\\'])'", text[i:])
            if m:
                i += len(m.group(0))
                out.append("' '")
            else:
                out.append(c)
                i += 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def expand_use(tree):
    """The paths of a use tree (`a::{b, c::{d, e}}` → a::b, a::c::d, a::c::e)."""
    tree = re.sub(r"\s+", "", tree)
    tree = re.sub(r"\bas" + IDENT, "", tree)
    return _expand("", tree)


def _expand(prefix, tree):
    i = tree.find("{")
    if i < 0:
        return [prefix + tree] if tree else []
    head = tree[:i]
    body = tree[i + 1 : tree.rfind("}")]
    parts, depth, start = [], 0, 0
    for j, c in enumerate(body):
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
        elif c == "," and depth == 0:
            parts.append(body[start:j])
            start = j + 1
    parts.append(body[start:])
    paths = []
    for p in parts:
        if p == "self":
            paths.append((prefix + head).rstrip(":"))
        elif p:
            paths.extend(_expand(prefix + head, p))
    return paths


def module_of(root, path):
    rel = os.path.relpath(path, root)[: -len(".rs")].split(os.sep)
    if rel[-1] == "mod" or (len(rel) == 1 and rel[0] in ("lib", "main")):
        rel = rel[:-1]
    return tuple(rel)


def find_root(folder):
    d = os.path.abspath(folder)
    while True:
        if any(os.path.exists(os.path.join(d, f)) for f in ("lib.rs", "main.rs")):
            return d
        parent = os.path.dirname(d)
        if parent == d:
            sys.exit(f"import-circles: no lib.rs or main.rs at or above {folder}; give --root")
        d = parent


def resolve(module, segments, modules):
    """The module a path starting in `module` reaches, or None."""
    head, rest = segments[0], segments[1:]
    if head == "crate":
        base = ()
    elif head == "self":
        base = module
    elif head == "super":
        base = module[:-1]
        while rest and rest[0] == "super":
            base, rest = base[:-1], rest[1:]
    elif module + (head,) in modules:
        base, rest = module + (head,), rest
    else:
        return None
    best = base
    for k in range(len(rest)):
        if base + tuple(rest[: k + 1]) in modules:
            best = base + tuple(rest[: k + 1])
        else:
            break
    return best


def edges_of(module, text, modules):
    code = strip_code(text)
    paths = []
    for m in re.finditer(r"\buse\s+([^;]+);", code):
        paths.extend(expand_use(m.group(1)))
    paths.extend(re.findall(IDENT + r"(?:\s*::\s*" + IDENT + r")+", code))
    found = set()
    for p in paths:
        segments = [s for s in re.split(r"\s*::\s*", p.strip()) if s]
        if not segments:
            continue
        target = resolve(module, segments, modules)
        if target is None or target == module or module[: len(target)] == target:
            continue
        found.add(target)
    return found


def circles(graph):
    """Strongly connected components of two or more nodes (Tarjan)."""
    index, low, on, stack, out = {}, {}, set(), [], []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(graph.get(v, ())):
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
    show_graph, root, folders = False, None, []
    args = iter(argv)
    for a in args:
        if a == "--graph":
            show_graph = True
        elif a == "--root":
            root = next(args, None)
        elif a in ("-h", "--help"):
            print(__doc__)
            return 0
        else:
            folders.append(a)
    if not folders:
        print(__doc__, file=sys.stderr)
        return 2
    status = 0
    for folder in folders:
        src = os.path.abspath(root) if root else find_root(folder)
        files = {}
        for d, _, names in os.walk(folder):
            for name in names:
                if name.endswith(".rs"):
                    path = os.path.join(d, name)
                    files[module_of(src, os.path.abspath(path))] = path
        # Modules anywhere in the crate resolve paths; only the folder's count.
        modules = set(files)
        for d, _, names in os.walk(src):
            for name in names:
                if name.endswith(".rs"):
                    modules.add(module_of(src, os.path.abspath(os.path.join(d, name))))
        graph = {}
        for module, path in sorted(files.items()):
            with open(path, encoding="utf-8") as f:
                targets = edges_of(module, f.read(), modules)
            graph[module] = {t for t in targets if t in files}
        name = lambda m: "::".join(m) or "crate"
        if show_graph:
            for a in sorted(graph):
                for b in sorted(graph[a]):
                    print(f"{name(a)} -> {name(b)}")
        found = circles(graph)
        for comp in found:
            members = set(comp)
            print(f"{folder}: circle of {len(comp)} modules: {', '.join(name(m) for m in comp)}")
            for a in comp:
                for b in sorted(graph[a] & members):
                    back = " (both ways)" if a in graph[b] else ""
                    print(f"  {name(a)} -> {name(b)}{back}")
        if found:
            status = 1
        else:
            print(f"{folder}: no import circle ({len(files)} modules)")
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
