# SPDX-License-Identifier: GPL-3.0-or-later
"""Print the directory where the running interpreter's own install scheme
puts a platform-specific package for a PREFIX (argv[1]): the directory that
`make install` uses for the Python package bercl.

Debian's interpreter has the schemes deb_system ({base}/lib/python3/
dist-packages, for PREFIX=/usr, the packages' place) and posix_local
({base}/local/lib/python3.X/dist-packages with base /usr: /usr/local),
and searches both; any other PREFIX gets the upstream posix_prefix scheme
({base}/lib/python3.X/site-packages), which no interpreter searches by
itself (set PYTHONPATH). An interpreter without Debian's schemes gets
posix_prefix for every PREFIX.
"""
import os
import sys
import sysconfig


def pythondir(prefix):
    prefix = os.path.normpath(prefix)
    schemes = sysconfig.get_scheme_names()
    base = os.path.normpath(sys.base_prefix)
    if "deb_system" in schemes and prefix == base:
        scheme, root = "deb_system", prefix
    elif "posix_local" in schemes and prefix == os.path.join(base, "local"):
        scheme, root = "posix_local", base
    else:
        scheme, root = "posix_prefix", prefix
    return sysconfig.get_path("platlib", scheme, vars={"base": root, "platbase": root})


if __name__ == "__main__":
    print(pythondir(sys.argv[1] if len(sys.argv) > 1 else "/usr/local"))
