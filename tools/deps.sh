#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Install the Debian 12 packages bercl needs, only those missing. By need:
#   --command  what builds the command alone (make bercl, make static)
#   --python   that and the Python package (python3-dev, numpy)
#   (none)     what it takes to build and test everything: the command, the
#              library, the Python package with make check's pytest suite
#              and its pandas and matplotlib examples, pip in a venv
# and added to any of these: --dev what make fuzz, make plots, the reference
# scripts and make bench's peers (Boost.Math, scipy, R) use, --deb what the
# Debian packaging needs, --cross what make check-arm64 and make check-wasm
# use (the arm64 cross compiler and C library, qemu-user to run it,
# emscripten and node), and --web what make web and make check-web use
# (emscripten, node and a headless Chromium; the check drives it over a
# pipe, no npm package).
# Runs apt-get as root, or through sudo.
# (A plain script, so that a machine without make can run it.)
set -eu
packages="gcc make pkg-config libgsl-dev"
case " $* " in
*" --command "*) ;;
*" --python "*) packages="$packages python3-dev python3-numpy" ;;
*)
	# the test suite, the man page lint, the Python package with make
	# check's pytest suite and its pandas, matplotlib, xarray and dask
	# (the fleet on dask.distributed) examples, pip install in a venv, and
	# the page's module that tests/test_faces.py holds to the command and
	# Python (emscripten builds it, node runs it)
	packages="$packages libcmocka-dev libmpfr-dev mandoc groff-base python3-dev python3-numpy \
		python3-pytest python3-pandas python3-matplotlib python3-setuptools python3-pip python3-venv \
		python3-dask python3-distributed python3-xarray emscripten nodejs" ;;
esac
case " $* " in
*" --dev "*) packages="$packages clang libclang-rt-14-dev gnuplot-nox python3-mpmath python3-gmpy2 r-base-core \
		g++ libboost-math-dev python3-scipy" ;;
esac
# --deb (with or without --dev): what dpkg-buildpackage, lintian and the
# autopkgtest smoke test of debian/ need.
case " $* " in
*" --deb "*) packages="$packages debhelper dh-python dpkg-dev lintian autopkgtest" ;;
esac
case " $* " in
*" --cross "*) packages="$packages gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user emscripten nodejs" ;;
esac
case " $* " in
*" --web "*) packages="$packages emscripten nodejs chromium-headless-shell" ;;
esac
missing=
for p in $packages; do
	dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q 'install ok installed' ||
		missing="$missing $p"
done
[ -n "$missing" ] || exit 0
echo "installing:$missing"
sudo=
[ "$(id -u)" = 0 ] || sudo=sudo
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -o DPkg::Lock::Timeout=600 -y -qq --no-install-recommends $missing
