#!/usr/bin/env python3
"""Regenerates the "Rule index" table of ARCHITECTURE.md from the `//!`
headers of the rules and cards crates: each section of the rules (the first
three digits of a rule number) and the files whose header names it.

    python3 scripts/rule_index.py
"""
import collections
import glob
import os
import re

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
START = "| rule | files |\n| --- | --- |\n"


def header(path):
    lines = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("//!"):
                lines.append(line)
            elif line.strip():
                break
    return " ".join(lines)


def main():
    index = collections.defaultdict(set)
    files = glob.glob(os.path.join(ROOT, "crates/rules/src/**/*.rs"), recursive=True)
    files += glob.glob(os.path.join(ROOT, "crates/cards/src/**/*.rs"), recursive=True)
    for path in files:
        rel = os.path.relpath(path, os.path.join(ROOT, "crates")).replace("/src/", "/", 1)
        for section in re.findall(r"\b([1-6]\d\d)(?:\.\d+[a-z]?)?\b", header(path)):
            if 100 <= int(section) <= 609:
                index[section].add(rel)
    rows = "".join(
        f"| {s} | " + ", ".join(f"`{f}`" for f in sorted(index[s])) + " |\n"
        for s in sorted(index, key=int)
    )
    arch = os.path.join(ROOT, "ARCHITECTURE.md")
    text = open(arch, encoding="utf-8").read()
    i = text.index(START) + len(START)
    j = text.index("\n\n", i)
    open(arch, "w", encoding="utf-8").write(text[:i] + rows.rstrip("\n") + text[j:])


if __name__ == "__main__":
    main()
