#!/usr/bin/env python3
"""Fails when the modules of a Rust crate's source tree import each other in a cycle.

Usage: scripts/check_module_cycles.py [SRC_DIR ...]   (default: core/src)

Every module is a node: a file (`lib.rs`, `a.rs`, `a/mod.rs`) or an inline `mod name { ... }`
inside one. There is an edge A -> B when

- A declares B (`mod b;` or `mod b { ... }`): a parent depends on its children, which it
  re-exports and calls; or
- code of A (a `use` tree or a path anywhere else) names an item of B: the path is resolved
  (`crate::`, `$crate::`, `super::`, `self::`, a child module's name, or a module imported by
  a `use` of A) to the longest prefix that is a module, and that module is B.

So a child naming anything of an ancestor (`super::Thing`, `crate::logic::Thing`, `use
super::*`) closes a cycle with the ancestor's declaration: types both need must live in a
leaf module both import. A path through a parent to a sibling (`super::sibling::Thing`) is
an edge to the sibling only.

Test modules (`#[cfg(test)] mod ...`) are nodes too, but their declaration is not an edge:
nothing of the crate calls into them, so they cannot close a cycle; what they import is
still read (and cannot make a cycle either).

The tokenizer drops comments, strings and character literals; it does not expand macros
(a path written inside a macro's body counts where it is written). Prints every cycle (each
strongly connected component of more than one module, and one cycle through it) and exits
1 if there is any; with `--graph`, prints the edges; with `--layers`, the modules by layer
(a module above everything it imports or declares).
"""

import os
import re
import sys

IDENT = r"[A-Za-z_][A-Za-z0-9_]*"
TOKEN = re.compile(
    r"""
    (?P<ws>\s+)
  | (?P<line_comment>//[^\n]*)
  | (?P<block_comment>/\*)
  | (?P<raw_string>b?r\#*")
  | (?P<string>b?")
  | (?P<char>b?'(?:\\(?:x[0-9a-fA-F]{2}|u\{[0-9a-fA-F]+\}|.)|[^\\'\n])')
  | (?P<lifetime>'[A-Za-z_][A-Za-z0-9_]*)
  | (?P<ident>\$?[A-Za-z_][A-Za-z0-9_]*|r\#[A-Za-z_][A-Za-z0-9_]*)
  | (?P<path_sep>::)
  | (?P<punct>[{}();,*#\[\]!=<>])
  | (?P<other>.)
    """,
    re.VERBOSE | re.DOTALL,
)


def tokenize(text):
    """The significant tokens of Rust source: identifiers, `::` and a few punctuation marks."""
    out = []
    i = 0
    n = len(text)
    while i < n:
        m = TOKEN.match(text, i)
        kind = m.lastgroup
        if kind == "block_comment":
            depth, j = 1, m.end()
            while depth and j < n:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            i = j
            continue
        if kind == "raw_string":
            hashes = m.group().count("#")
            end = text.find('"' + "#" * hashes, m.end())
            i = n if end < 0 else end + 1 + hashes
            continue
        if kind == "string":
            j = m.end()
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            i = j + 1
            continue
        i = m.end()
        if kind in ("ws", "line_comment", "char", "lifetime"):
            continue
        out.append(m.group())
    return out


class Module:
    def __init__(self, path, file, parent, is_test):
        self.path = path  # tuple of names, () for the crate root
        self.file = file
        self.parent = parent
        self.is_test = is_test
        self.children = {}  # name -> Module
        self.tokens = []  # this module's own code, without its inline children
        self.aliases = {}  # name imported by `use` -> absolute path

    @property
    def name(self):
        return "crate" + "".join("::" + p for p in self.path)


def child_file(module, name):
    """The file of child `name` declared by `mod name;` in `module`."""
    base = os.path.dirname(module.file)
    stem = os.path.basename(module.file)[:-3]
    if stem not in ("lib", "main", "mod"):
        base = os.path.join(base, stem)
    for candidate in (os.path.join(base, name + ".rs"), os.path.join(base, name, "mod.rs")):
        if os.path.exists(candidate):
            return candidate
    return None


def preceding_attributes_test(tokens, i):
    """True when the item starting at tokens[i] carries `#[cfg(test)]` among its attributes."""
    j = i
    # Skip a visibility: pub, pub(crate), pub(super), pub(in path).
    while j > 0 and tokens[j - 1] in (")", "pub", "crate", "super", "self", "in", "("):
        if tokens[j - 1] == ")":
            k = j - 1
            while k > 0 and tokens[k] != "(":
                k -= 1
            j = k
            continue
        j -= 1
    # Walk back over the attributes `# [ ... ]`.
    while j > 0 and tokens[j - 1] == "]":
        depth, k = 0, j - 1
        while k >= 0:
            if tokens[k] == "]":
                depth += 1
            elif tokens[k] == "[":
                depth -= 1
                if depth == 0:
                    break
            k -= 1
        if k <= 0 or tokens[k - 1] != "#":
            break
        attr = tokens[k + 1 : j - 1]
        if attr[:1] == ["cfg"] and "test" in attr and "not" not in attr:
            return True
        j = k - 1
    return False


def load(module, tokens, modules):
    """Splits `tokens` (the body of `module`) into its own code and its child modules."""
    modules.append(module)
    i = 0
    own = module.tokens
    while i < len(tokens):
        t = tokens[i]
        if (
            t == "mod"
            and i + 2 < len(tokens)
            and re.fullmatch(IDENT, tokens[i + 1])
            and tokens[i + 2] in (";", "{")
        ):
            name = tokens[i + 1]
            is_test = module.is_test or preceding_attributes_test(tokens, i)
            child = Module(module.path + (name,), module.file, module, is_test)
            module.children[name] = child
            if tokens[i + 2] == ";":
                path = child_file(module, name)
                if path is None:
                    sys.exit(f"{module.file}: no file for `mod {name};`")
                child.file = path
                with open(path, encoding="utf-8") as f:
                    load(child, tokenize(f.read()), modules)
                i += 3
            else:
                depth, j = 1, i + 3
                while depth:
                    depth += {"{": 1, "}": -1}.get(tokens[j], 0)
                    j += 1
                load(child, tokens[i + 3 : j - 1], modules)
                i = j
            continue
        own.append(t)
        i += 1


def resolve_start(module, first):
    """The absolute path a path's first segment stands for in `module`, or None (external)."""
    if first in ("crate", "$crate"):
        return ()
    if first == "self":
        return module.path
    if first == "super":
        return module.path[:-1]
    if first in module.children:
        return module.path + (first,)
    if first in module.aliases:
        return module.aliases[first]
    return None


def absolute(module, segments):
    """The absolute path of `segments` written in `module`, or None when it is not the crate's."""
    start = resolve_start(module, segments[0])
    if start is None:
        return None
    path = list(start)
    for s in segments[1:]:
        if s == "super":
            path = path[:-1]
        else:
            path.append(s)
    return tuple(path)


def use_trees(tokens):
    """The paths of every `use` declaration: lists of segments, with the alias (or None)."""
    i = 0
    while i < len(tokens):
        if tokens[i] == "use" and (i == 0 or tokens[i - 1] != "::"):
            j = i + 1
            end = j
            depth = 0
            while end < len(tokens) and not (tokens[end] == ";" and depth == 0):
                depth += {"{": 1, "}": -1}.get(tokens[end], 0)
                end += 1
            yield from expand_tree(tokens[j:end], [])
            i = end
        i += 1


def expand_tree(tokens, prefix):
    """Expands a use tree `a::b::{c, d::e as f, *}` into (segments, alias) pairs."""
    i = 0
    segs = list(prefix)
    while i < len(tokens):
        t = tokens[i]
        if t == "::":
            i += 1
            continue
        if t == "{":
            depth, j, start = 1, i + 1, i + 1
            while depth:
                if tokens[j] == "{":
                    depth += 1
                elif tokens[j] == "}":
                    depth -= 1
                if (tokens[j] == "," and depth == 1) or depth == 0:
                    if j > start:
                        yield from expand_tree(tokens[start:j], segs)
                    start = j + 1
                j += 1
            return
        if t == "*":
            yield segs, "*"
            return
        if t == "as":
            yield segs, tokens[i + 1]
            return
        segs.append(t)
        i += 1
    if segs:
        yield segs, None


def code_paths(tokens):
    """Every path of two or more segments in code (outside `use`): lists of segments."""
    i = 0
    while i < len(tokens):
        if tokens[i] == "use" and (i == 0 or tokens[i - 1] != "::"):
            while i < len(tokens) and tokens[i] != ";":
                i += 1
            continue
        if (
            re.fullmatch(r"\$?" + IDENT, tokens[i])
            and i + 2 < len(tokens)
            and tokens[i + 1] == "::"
            and (i == 0 or tokens[i - 1] != "::")
        ):
            segs = [tokens[i]]
            j = i + 1
            while j + 1 < len(tokens) and tokens[j] == "::" and re.fullmatch(IDENT, tokens[j + 1]):
                segs.append(tokens[j + 1])
                j += 2
            yield segs
            i = j
            continue
        i += 1


def main(argv):
    show_graph = "--graph" in argv
    show_layers = "--layers" in argv
    roots = [a for a in argv if not a.startswith("--")] or ["core/src"]
    failed = False
    for root in roots:
        lib = os.path.join(root, "lib.rs")
        if not os.path.exists(lib):
            lib = os.path.join(root, "main.rs")
        with open(lib, encoding="utf-8") as f:
            top = Module((), lib, None, False)
            modules = []
            load(top, tokenize(f.read()), modules)
        by_path = {m.path: m for m in modules}

        def owner(path):
            """The module holding the item at `path`: the longest prefix that is a module."""
            while path not in by_path:
                path = path[:-1]
            return by_path[path]

        # Modules imported by `use` become names paths can start with.
        for _ in range(3):  # aliases of aliases
            for m in modules:
                for segs, alias in use_trees(m.tokens):
                    if alias == "*" or segs[-1] == "self" and len(segs) == 1:
                        continue
                    if segs[-1] == "self":
                        segs = segs[:-1]
                    target = absolute(m, segs)
                    if target is not None and target in by_path:
                        m.aliases[alias or segs[-1]] = target

        edges = {m.path: set() for m in modules}
        for m in modules:
            for name, child in m.children.items():
                if not child.is_test:
                    edges[m.path].add(child.path)
            referenced = [segs for segs, _ in use_trees(m.tokens)]
            referenced += list(code_paths(m.tokens))
            for segs in referenced:
                if segs and segs[-1] == "self":
                    segs = segs[:-1]
                if not segs:
                    continue
                target = absolute(m, segs)
                if target is None:
                    continue
                dest = owner(target)
                if dest.path != m.path:
                    edges[m.path].add(dest.path)

        if show_graph:
            for m in modules:
                for d in sorted(edges[m.path]):
                    print(f"{m.name} -> {by_path[d].name}")

        for component in strongly_connected(edges):
            if len(component) < 2:
                continue
            failed = True
            names = sorted(by_path[p].name for p in component)
            print(f"{root}: import cycle among {len(component)} modules: " + ", ".join(names))
            print("  for example: " + " -> ".join(by_path[p].name for p in one_cycle(edges, component)))
        if not failed:
            print(f"{root}: {len(modules)} modules, no import cycle")
            if show_layers:
                print_layers(edges, by_path)
    return 1 if failed else 0


def print_layers(edges, by_path):
    """Prints the modules (tests left out) by layer: a module's layer is one more than the
    highest layer of what it imports or declares, leaves being layer 0."""
    layer = {}

    def depth(p):
        if p not in layer:
            layer[p] = 1 + max((depth(d) for d in edges[p]), default=-1)
        return layer[p]

    for p in edges:
        depth(p)
    for n in range(max(layer.values()) + 1):
        names = sorted(by_path[p].name for p in layer if layer[p] == n and not by_path[p].is_test)
        if names:
            print(f"layer {n}: " + ", ".join(names))


def strongly_connected(edges):
    """Tarjan's algorithm, iterative."""
    index, low, on_stack, stack, out = {}, {}, set(), [], []
    counter = 0
    for start in edges:
        if start in index:
            continue
        work = [(start, iter(sorted(edges[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, it = work[-1]
            advanced = False
            for nxt in it:
                if nxt not in index:
                    index[nxt] = low[nxt] = counter
                    counter += 1
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(edges[nxt]))))
                    advanced = True
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                comp = []
                while True:
                    w = stack.pop()
                    on_stack.discard(w)
                    comp.append(w)
                    if w == node:
                        break
                out.append(comp)
    return out


def one_cycle(edges, component):
    """A shortest cycle through the first module of a component (breadth-first)."""
    members = set(component)
    start = min(component)
    prev = {start: None}
    queue = [start]
    while queue:
        node = queue.pop(0)
        for nxt in sorted(edges[node]):
            if nxt == start:
                path = [node]
                while prev[path[-1]] is not None:
                    path.append(prev[path[-1]])
                return list(reversed(path)) + [start]
            if nxt in members and nxt not in prev:
                prev[nxt] = node
                queue.append(nxt)
    return [start]


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
