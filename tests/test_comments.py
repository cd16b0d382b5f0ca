#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The code's comments point at things that exist and log no timings.

Run from the top of the tree (make check runs it):

    /usr/bin/python3 tests/test_comments.py

In the comments and docstrings of include/, arith/, lib/, engine/, src/, python/ and
web/ (C, headers, .inc, Python, JavaScript):

- a path into the tree (lib/x.c, tests/data/y.csv, ...) must exist;
- a bare file name (poisson.c, row.h) must be the name of a file of the tree;
- a function written as name() must be defined or called somewhere in the
  tree's code, or be a C library, Python, numpy, GSL or MPFR function
  (STANDARD below), and "file.c's name" must name something of that file;
- no figure in ns, us or ms, nor in s or min on a line about the code's
  cost (work, takes, took, ran, CPU), nor "cost N %": speed is measured by
  make bench and reported
  with its load and peers (bench/README.md), not logged in a comment that
  will go stale.

A comment that must name something outside the tree (another project's
file) says so with the project's name before it, as "sonic-swss
orchagent/port_flr.lua": names that do not end in one of the tree's
extensions are not checked.
"""
import os
import re
import sys

DIRS = ("include", "arith", "lib", "engine", "src", "python", "web")
EXT = (".c", ".h", ".inc", ".py", ".js")
SKIP_DIRS = ("web/dist", "python/build", "python/bercl.egg-info")
# what make writes (make web, make check-web), which a comment may name
GENERATED = ("web/dist", "bercl-wasm.js", "bercl.wasm")
TREE_TOPS = ("include/", "arith/", "lib/", "engine/", "src/", "python/", "web/", "tests/", "tools/", "docs/",
             "bench/", "man/", "debian/", "completion/")
# functions of C, POSIX, Python, numpy, JavaScript and the libraries the
# tree uses, which a comment may name without the tree defining them
STANDARD = set("""
exp expm1 exp2 log log1p log2 log10 pow sqrt cbrt fma frexp ldexp modf floor ceil round trunc
nearbyint rint lrint fabs fmod remainder copysign nextafter hypot erf erfc lgamma tgamma sin cos
tan atan tanh isnan isinf isfinite signbit ilogb scalbn strtod strtold strtoll strtoull strtol
strtonum printf fprintf snprintf sscanf fputs fgets fread fwrite fflush fopen fclose getline
memcpy memmove memset strlen strcmp strncmp strchr strrchr strcspn strpbrk strspn strstr strdup
malloc calloc realloc free qsort bsearch abort exit atexit getopt getopt_long errx err
pthread_create pthread_join pthread_once signal sigaction raise kill isatty read write poll
select open close sysconf nanosleep clock_gettime setlocale localeconv strerror
repr float int str len range print sorted isinstance getattr format array asarray frompyfunc
reshape take where ravel broadcast_to result_type
""".split())


def tree_files(top):
    """The tree's files: git's list in a clone (so that build outputs do not
    count), else every file (an unpacked make dist)."""
    if os.path.isdir(os.path.join(top, ".git")):
        import subprocess
        p = subprocess.run(["git", "ls-files", "-z"], cwd=top, capture_output=True)
        if p.returncode == 0:
            return [f for f in p.stdout.decode().split("\0") if f]
    out = []
    for d, dirs, files in os.walk(top):
        rel = os.path.relpath(d, top)
        dirs[:] = [x for x in dirs if not x.startswith(".") and x != "__pycache__"
                   and not os.path.join(rel, x).lstrip("./").startswith(SKIP_DIRS)]
        for f in files:
            out.append(os.path.normpath(os.path.join(rel, f)))
    return out


def comments(path, text):
    """(line, text) of each comment line and docstring line."""
    out = []
    if path.endswith(".py"):
        pat = r'#[^\n]*|"""(?:.|\n)*?"""'
    else:
        pat = r"/\*(?:.|\n)*?\*/|//[^\n]*"
    for m in re.finditer(pat, text):
        line = text.count("\n", 0, m.start()) + 1
        for k, piece in enumerate(m.group(0).split("\n")):
            out.append((line + k, piece))
    return out


def code_only(path, text):
    if path.endswith(".py"):
        text = re.sub(r'"""(?:.|\n)*?"""', "", text)
        return re.sub(r"#[^\n]*", "", text)
    return re.sub(r"/\*(?:.|\n)*?\*/|//[^\n]*", "", text)


def main():
    top = os.getcwd()
    every = tree_files(top)
    names = {os.path.basename(f) for f in every}
    paths = set(every)
    dirs = {os.path.dirname(f) for f in every}
    with open("Makefile") as fp:
        made = set(re.findall(r"[\w./-]+", fp.read()))  # what make builds
    sources = [f for f in every if f.startswith(tuple(d + "/" for d in DIRS)) and f.endswith(EXT)]
    code_files = [f for f in every if f.endswith((".c", ".h", ".inc", ".py", ".js", ".cpp", ".sh"))
                  and not f.startswith(SKIP_DIRS)]
    idents = set()
    for f in code_files:
        with open(f, errors="replace") as fp:
            idents.update(re.findall(r"\b[A-Za-z_]\w*\b", code_only(f, fp.read())))
    bad = []
    for f in sources:
        with open(f, errors="replace") as fp:
            text = fp.read()
        prev = ""
        for line, c in comments(f, text):
            where = "%s:%d" % (f, line)
            for m in re.finditer(r"(?<![\w/.-])((?:[\w.-]+/)+[\w.*-]*)", c):
                p = m.group(1).rstrip(".,;:)")
                if not p.startswith(TREE_TOPS) or "*" in p or p.startswith(("tests/tmp",) + GENERATED):
                    continue
                q = p.rstrip("/")
                # a program named by its source's path without .c
                if q not in paths and q not in dirs and q + ".c" not in paths and q not in made:
                    bad.append("%s: %s does not exist" % (where, p))
            for m in re.finditer(r"(?<![\w/.-])([\w-]+\.(?:c|h|inc|py|js))\b(?![\w/])", c):
                if m.group(1) not in names and m.group(1) not in GENERATED:
                    bad.append("%s: no file is called %s" % (where, m.group(1)))
            # "file.c's some_name" (an identifier, with its underscore): it must
            # occur in a file of that name
            for m in re.finditer(r"\b([\w/-]*?([\w-]+\.(?:c|h|js|py)))'s ([A-Za-z]\w*_\w*)", c):
                holders = [g for g in every if os.path.basename(g) == m.group(2)]
                if holders and not any(m.group(3) in open(g, errors="replace").read() for g in holders):
                    bad.append("%s: %s has no %s" % (where, m.group(1), m.group(3)))
            for m in re.finditer(r"(?<![\w.])([A-Za-z_]\w*)\(\)", c):
                n = m.group(1)
                if n not in idents and n not in STANDARD and not n.startswith(("gsl_", "mpfr_", "Py")):
                    bad.append("%s: %s() is not a function of the tree" % (where, n))
            for m in re.finditer(r"\b\d[\d,.]*(?:\s*(?:-|to)\s*\d[\d,.]*)?\s?(?:ns|us|\u00b5s|ms)\b", c):
                bad.append("%s: a timing in a comment: %r" % (where, m.group(0)))
            # seconds or minutes are a duration of the domain (a test time,
            # "1.1 s") unless the line speaks of the code's own cost: "about
            # 2 s of work", "Cost: ... (0.12 s)", "ran 4 min"
            if re.search(r"\b(?:[Cc]ost|work|takes?|took|ran|runs? in|CPU|wall|faster|slower)\b",
                         prev + " " + c):
                for m in re.finditer(r"\b\d[\d,.]*\s?(?:s|sec|seconds?|min|minutes?)\b(?!\w)"
                                     r"|\bcosts? \d[\d,.]*\s?%", c):
                    bad.append("%s: a timing in a comment: %r" % (where, m.group(0)))
            prev = c
    for b in bad:
        print("test_comments: " + b, file=sys.stderr)
    print("test_comments: %d files of %s: %s" % (len(sources), ", ".join(DIRS),
                                                "%d problems" % len(bad) if bad else "ok"))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
