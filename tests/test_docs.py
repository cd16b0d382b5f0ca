#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The README and the guide (docs/*.md) as a reader meets them.

Run from the top of the tree after `make` (make check runs it):

    /usr/bin/python3 tests/test_docs.py [--update] [FILE.md ...]

Every fenced block of every page is checked by its language:

console  Each "$ COMMAND" line runs under /bin/sh in a scratch folder of its
         page, with the freshly built ./bercl first on PATH; what it prints
         (standard output, then standard error) must be the lines that follow,
         up to the next "$ " line or the fence. A file a command reads must
         be in the tree, as the reader's clone has it (docs/examples/): "$ cat
         NAME" of a file that is not is a failure, not made up from the page
         (the Xena example read xena.txt, which no reader had); "$ echo $?" checks
         the exit status of the command before. docs/ and tests/ are linked
         into the folder, so that a page can name the committed examples.
python   Runs under /usr/bin/python3 with python/ on PYTHONPATH; a ```text
         block right after it (blank lines and <!-- --> comments between at
         most) is what it must
         print. Skipped, and said so, when the extension is not built (make
         under the sanitizers skips it).
c        Compiled with include/ and linked with ./libbercl.a, then run; a
         ```text block right after it is what it must print.
sh       Commands a reader runs on their own machine (installs, builds), not
         run here: each `make TARGET` must be a target of the Makefile and each
         path into the tree must exist.

Then: every relative link and image of a page must exist, and every flag that
`bercl --help` or `bercl SUBCOMMAND --help` lists, and every subcommand, must
be named (`--flag`, `bercl SUBCOMMAND`) by some page: the guide covers the
whole command; and each of those flags must have its item in the OPTIONS
section of man/bercl.1, the reference.

--update rewrites each expected output with what the command printed (review
the diff before committing it: the pages then say what the program does, not
what it should do).
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

TOP = os.getcwd()
PY = "/usr/bin/python3"
TIMEOUT = 120
failures = []
counts = {"console": 0, "python": 0, "c": 0, "sh": 0}
notes = []


def fail(where, msg):
    failures.append("%s: %s" % (where, msg))


def blocks(lines):
    """(language, first content line index, end index) of each fenced block."""
    out, i = [], 0
    while i < len(lines):
        m = re.match(r"^```(\S*)\s*$", lines[i])
        if m:
            j = i + 1
            while j < len(lines) and not lines[j].startswith("```"):
                j += 1
            out.append((m.group(1), i + 1, j))
            i = j + 1
        else:
            i += 1
    return out


def following_text(lines, bl, k):
    """The ```text block right after block k, if any (only blank lines and
    <!-- marker --> comments between)."""
    if k + 1 >= len(bl) or bl[k + 1][0] != "text":
        return None
    _, a, _ = bl[k + 1]
    if any(ln.strip() and not re.match(r"^<!--.*-->$", ln.strip()) for ln in lines[bl[k][2] + 1:a - 1]):
        return None
    return bl[k + 1]


def shell(cmd, cwd, env):
    try:
        p = subprocess.run(["/bin/sh", "-c", cmd], cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                           capture_output=True, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return None, "timed out after %d s\n" % TIMEOUT
    return p.returncode, (p.stdout + p.stderr).decode("utf-8", "replace")


def console(path, lines, a, b, work, env, edits):
    status = None
    i = a
    while i < b:
        where = "%s:%d" % (path, i + 1)
        if not lines[i].startswith("$ "):
            fail(where, "a console block line outside any command's output: %r" % lines[i])
            i += 1
            continue
        cmd = lines[i][2:]
        j = i + 1
        while j < b and not lines[j].startswith("$ "):
            j += 1
        want = "".join(ln + "\n" for ln in lines[i + 1:j])
        m = re.match(r"^cat (\S+)$", cmd)
        if m and not os.path.exists(os.path.join(work, m.group(1))):
            fail(where, "cat %s: a reader's clone has no such file (commit it under docs/examples/)"
                 % m.group(1))
        elif cmd == "echo $?":
            got = "%s\n" % status
            if got != want:
                if edits is not None:
                    edits.append((i + 1, j, got.splitlines()))
                else:
                    fail(where, "exit status %s, the page says %s" % (status, want.strip()))
        else:
            status, got = shell(cmd, work, env)
            counts["console"] += 1
            if got != want:
                if edits is not None:
                    edits.append((i + 1, j, got.splitlines()))
                else:
                    fail(where, "%s\n--- printed:\n%s--- the page says:\n%s" % (cmd, got, want))
        i = j


def run_output(where, got, want_block, lines, edits):
    if want_block is None:
        return
    _, c, d = want_block
    want = "".join(ln + "\n" for ln in lines[c:d])
    if got != want:
        if edits is not None:
            edits.append((c, d, got.splitlines()))
        else:
            fail(where, "printed:\n%s--- the page says:\n%s" % (got, want))


def python_block(path, lines, k, bl, work, edits):
    _, a, b = bl[k]
    where = "%s:%d" % (path, a)
    env = dict(os.environ, PYTHONPATH=os.path.join(TOP, "python"), MPLBACKEND="Agg")
    try:
        p = subprocess.run([PY, "-c", "".join(ln + "\n" for ln in lines[a:b])], cwd=work, env=env,
                           capture_output=True, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        fail(where, "timed out")
        return
    counts["python"] += 1
    if p.returncode != 0:
        fail(where, "exit status %d:\n%s" % (p.returncode, p.stderr.decode()))
        return
    run_output(where, p.stdout.decode(), following_text(lines, bl, k), lines, edits)


def c_block(path, lines, k, bl, work, edits):
    _, a, b = bl[k]
    where = "%s:%d" % (path, a)
    src = os.path.join(work, "example%d.c" % a)
    exe = os.path.join(work, "example%d" % a)
    with open(src, "w") as fp:
        fp.write("".join(ln + "\n" for ln in lines[a:b]))
    cc = os.environ.get("CC", "cc")
    flags = os.environ.get("CFLAGS", "").split() + os.environ.get("LDFLAGS", "").split()
    p = subprocess.run([cc, "-std=c11", "-Wall", "-Wextra", "-Werror", "-I" + os.path.join(TOP, "include")]
                       + flags + ["-o", exe, src, os.path.join(TOP, "libbercl.a"), "-lm"],
                       capture_output=True)
    if p.returncode != 0:
        fail(where, "does not compile:\n%s" % p.stderr.decode())
        return
    p = subprocess.run([exe], cwd=work, capture_output=True, timeout=TIMEOUT)
    counts["c"] += 1
    if p.returncode != 0:
        fail(where, "exit status %d" % p.returncode)
    run_output(where, p.stdout.decode(), following_text(lines, bl, k), lines, edits)


def make_targets():
    targets = set()
    with open(os.path.join(TOP, "Makefile")) as fp:
        for ln in fp:
            m = re.match(r"^([A-Za-z0-9_./ -]+):(?!=)", ln)
            if m:
                targets.update(m.group(1).split())
    return targets


TREE_DIRS = ("tools/", "tests/", "docs/", "web/", "man/", "bench/", "python/", "lib/", "engine/",
             "src/", "include/", "debian/", "completion/", ".ci/")


def sh_block(path, lines, a, b, targets):
    counts["sh"] += 1
    for n in range(a, b):
        for cmd in re.split(r"&&|;|\|\|", lines[n]):
            words = cmd.split()
            if not words:
                continue
            if words[0] == "make":
                for w in words[1:]:
                    if "=" not in w and not w.startswith("-") and w not in targets:
                        fail("%s:%d" % (path, n + 1), "make %s: no such target" % w)
            for w in words:
                w = w.strip("'\"")
                if w.startswith(TREE_DIRS) and not any(ch in w for ch in "*$"):
                    if not os.path.exists(os.path.join(TOP, w)):
                        fail("%s:%d" % (path, n + 1), "%s: no such file in the tree" % w)


def links(path, text):
    for m in re.finditer(r"\]\(([^)\s]+)\)", text):
        url = m.group(1)
        if re.match(r"^[a-z]+:", url) or url.startswith("#"):
            continue
        target = os.path.normpath(os.path.join(os.path.dirname(path), url.split("#")[0]))
        if not os.path.exists(os.path.join(TOP, target)):
            fail(path, "link to %s: no such file" % url)


def page(path, update, have_python, targets):
    with open(os.path.join(TOP, path)) as fp:
        text = fp.read()
    lines = text.split("\n")
    links(path, text)
    work = tempfile.mkdtemp(prefix="bercl-docs-")
    for d in ("docs", "tests"):
        os.symlink(os.path.join(TOP, d), os.path.join(work, d))
    env = dict(os.environ, PATH=TOP + os.pathsep + os.environ.get("PATH", "/usr/bin:/bin"))
    edits = [] if update else None
    bl = blocks(lines)
    try:
        for k, (lang, a, b) in enumerate(bl):
            if lang == "console":
                console(path, lines, a, b, work, env, edits)
            elif lang == "python":
                if have_python:
                    python_block(path, lines, k, bl, work, edits)
                else:
                    notes.append("%s:%d: Python example SKIPPED (no extension built)" % (path, a))
            elif lang == "c":
                c_block(path, lines, k, bl, work, edits)
            elif lang == "sh":
                sh_block(path, lines, a, b, targets)
    finally:
        shutil.rmtree(work)
    if edits:
        for c, d, new in sorted(edits, reverse=True):
            lines[c:d] = new
        with open(os.path.join(TOP, path), "w") as fp:
            fp.write("\n".join(lines))
        notes.append("%s: %d outputs rewritten" % (path, len(edits)))
    return text


def helps():
    """(name, help text) of bercl --help and of each subcommand's."""
    top = subprocess.run(["./bercl", "--help"], capture_output=True, text=True).stdout
    subs = []
    for ln in top.splitlines():
        m = re.match(r"^(?:usage:)?\s+bercl ([a-z]+)\s", ln)
        if m and m.group(1) not in subs:
            subs.append(m.group(1))
    out = [("bercl --help", top)]
    for s in subs:
        out.append(("bercl %s --help" % s, subprocess.run(["./bercl", s, "--help"], capture_output=True,
                                                          text=True).stdout))
    return subs, out


def coverage(texts):
    subs, hs = helps()
    if len(subs) < 8:
        fail("bercl --help", "only %d subcommands found in its usage: %s" % (len(subs), subs))
    corpus = "\n".join(texts)
    for s in subs:
        if not re.search(r"bercl %s\b" % s, corpus):
            fail("the guide", "no page names the subcommand `bercl %s`" % s)
    flags = []
    for name, h in hs:
        for ln in h.splitlines():
            m = re.match(r"^\s+(?:-\w, )?(--[a-z0-9-]+)", ln)
            if m and m.group(1) not in flags:
                flags.append(m.group(1))
    if len(flags) < 40:
        fail("bercl --help", "only %d flags found" % len(flags))
    missing = [f for f in flags if not re.search(re.escape(f) + r"(?![a-z0-9-])", corpus)]
    for f in missing:
        fail("the guide", "no page mentions %s (listed by bercl --help)" % f)
    # bercl(1) is the reference: each flag has an item of its OPTIONS section
    with open(os.path.join(TOP, "man/bercl.1")) as fp:
        man = fp.read()
    m = re.search(r"^\.Sh OPTIONS\n(.*?)^\.Sh ", man, re.S | re.M)
    # bercl eye has a flag table of its own (engine/eye.c): its items are
    # in EYE AND BATHTUB SCANS, "Options of eye"
    e = re.search(r"^\.Ss Options of eye\n(.*?)^\.S[hs] ", man, re.S | re.M)
    items = set()
    for ln in ((m.group(1) if m else "") + (e.group(1) if e else "")).splitlines():
        if ln.startswith(".It "):
            items.update("-" + f for f in re.findall(r"Fl (-[a-z0-9-]+)", ln))
    # the limits of an input that a message states are in the reference too
    with open(os.path.join(TOP, "engine/telemetry.h")) as fp:
        nhist = re.search(r"#define TELEMETRY_MAX_HISTOGRAMS (\d+)", fp.read()).group(1)
    if not re.search(r"\b%s histograms\b" % nhist, man):
        fail("man/bercl.1", "does not say that --histogram reads at most %s histograms" % nhist)
    for f in flags:
        if f not in items:
            fail("man/bercl.1", "OPTIONS (or Options of eye) has no item for %s (listed by bercl --help)" % f)
    return len(subs), len(flags)


def main(argv):
    update = "--update" in argv
    files = [a for a in argv if not a.startswith("--")]
    every = ["README.md"] + sorted("docs/" + f for f in os.listdir("docs") if f.endswith(".md"))
    if not os.access("./bercl", os.X_OK) or not os.path.exists("libbercl.a"):
        print("test_docs: run make first (./bercl and libbercl.a)", file=sys.stderr)
        return 1
    have_python = any(f.startswith("_core") and f.endswith(".so") for f in os.listdir("python/bercl"))
    targets = make_targets()
    texts = [page(f, update, have_python, targets) if (not files or f in files)
             else open(f).read() for f in every]
    nsubs, nflags = coverage(texts)
    for n in notes:
        print("test_docs: " + n)
    for f in failures:
        print("test_docs: FAIL " + f, file=sys.stderr)
    print("test_docs: %d pages; %d console commands, %d Python and %d C examples run, %d sh blocks "
          "checked; %d subcommands and %d flags of --help, each named by a page: %s"
          % (len(every), counts["console"], counts["python"], counts["c"], counts["sh"], nsubs, nflags,
             "FAILED (%d)" % len(failures) if failures else "ok"))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
