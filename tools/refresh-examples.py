#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Rewrite the output of every "$ bercl ..." line in the console blocks of
the Markdown files named on the command line with what ./bercl prints now,
as tests/test_cli.c replays them ("$ cat FILE" blocks are written to a
scratch folder first, "$ echo $?" is left alone). Run after a change of
output made on purpose, and read the diff before committing it.
Usage: tools/refresh-examples.py README.md docs/*.md"""
import os
import subprocess
import sys
import tempfile

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def refresh(path, scratch):
    lines = open(path, encoding="utf-8").read().split("\n")
    out, i, in_block = [], 0, False
    while i < len(lines):
        line = lines[i]
        out.append(line)
        i += 1
        if line.startswith("```"):
            in_block = line == "```console"
            continue
        if not in_block or not line.startswith("$ "):
            continue
        j = i
        while j < len(lines) and not lines[j].startswith("$ ") and not lines[j].startswith("```"):
            j += 1
        cmd = line[2:]
        if cmd.startswith("cat "):
            with open(os.path.join(scratch, cmd[4:].strip()), "w", encoding="utf-8") as f:
                f.write("\n".join(lines[i:j]) + "\n")
            out.extend(lines[i:j])
        elif cmd.startswith("bercl "):
            env = dict(os.environ, PATH=TOP + ":" + os.environ["PATH"], LC_ALL="C")
            r = subprocess.run(cmd, shell=True, cwd=scratch, env=env, capture_output=True,
                               text=True)
            text = r.stdout[:-1] if r.stdout.endswith("\n") else r.stdout
            out.extend(text.split("\n") if r.stdout else [])
        else:
            out.extend(lines[i:j])
        i = j
    new = "\n".join(out)
    if new != "\n".join(lines):
        open(path, "w", encoding="utf-8").write(new)
        print(f"{path}: examples rewritten")


def main():
    for path in sys.argv[1:]:
        with tempfile.TemporaryDirectory() as scratch:
            refresh(path, scratch)


if __name__ == "__main__":
    main()
