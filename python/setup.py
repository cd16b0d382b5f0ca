# SPDX-License-Identifier: GPL-3.0-or-later
"""Build of the extension bercl._core: python/bercl/_core.c, every lib/*.c
and arith/*.c of the source tree beside this folder and every engine/*.c (the rules the
command, the package and the page share), compiled together (the sources are copied into
build/csrc first, so that no object file is written outside python/). The
version is read from include/bercl.h, its one place."""
import glob
import os
import re
import shutil

import numpy
from setuptools import Extension, setup

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(HERE)
CSRC = os.path.join("build", "csrc")


def version():
    with open(os.path.join(TOP, "include", "bercl.h")) as fp:
        return re.search(r'#define BERCL_VERSION_STRING "([^"]+)"', fp.read()).group(1)


def library_sources():
    """Copy ../lib/*, ../arith/*, ../include/bercl.h and ../engine/* into
    build/csrc; the .c files to compile there."""
    os.makedirs(CSRC, exist_ok=True)
    src = glob.glob(os.path.join(TOP, "engine", "*.c")) + glob.glob(os.path.join(TOP, "arith", "*.c"))
    for path in glob.glob(os.path.join(TOP, "lib", "*")) + glob.glob(os.path.join(TOP, "arith", "*")) + [
            os.path.join(TOP, "include", "bercl.h")] + glob.glob(os.path.join(TOP, "engine", "*")):
        if os.path.isfile(path) and path.endswith((".c", ".h", ".inc")):
            shutil.copy2(path, CSRC)
    return sorted(os.path.join(CSRC, os.path.basename(p))
                  for p in glob.glob(os.path.join(TOP, "lib", "*.c")) + src)


os.chdir(HERE)
setup(
    version=version(),
    ext_modules=[Extension(
        "bercl._core",
        sources=[os.path.join("bercl", "_core.c")] + library_sources(),
        include_dirs=[CSRC, numpy.get_include()],
        define_macros=[("_POSIX_C_SOURCE", "200809L")],
        extra_compile_args=["-std=c11", "-ffp-contract=off", "-O2", "-fvisibility=hidden"],
        libraries=["gsl", "gslcblas", "m"],
        extra_link_args=["-pthread"],
    )],
)
