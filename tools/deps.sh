#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Install the Debian 12 packages bercl needs, only those missing: what it
# takes to build and test (the Python package too), plus with --dev what make fuzz, make plots, the
# reference scripts and make bench's peers (Boost.Math, scipy, R) use, with
# --deb what the Debian packaging needs, with --cross what make check-arm64
# and make check-wasm use (the arm64 cross compiler and C library, qemu-user
# to run it, emscripten and node), and with --web what make web and make
# check-web use (emscripten, node and a headless Chromium; the check drives
# it over a pipe, no npm package).
# Runs apt-get as root, or through sudo.
# (A plain script, so that a machine without make can run it.)
set -eu
packages="gcc make pkg-config libgsl-dev libcmocka-dev libmpfr-dev mandoc groff-base"
# the Python package: its extension (python3-dev, numpy), make check's
# pytest suite with its pandas and matplotlib examples, pip install in a venv
packages="$packages python3-dev python3-numpy python3-pytest python3-pandas python3-matplotlib \
	python3-setuptools python3-pip python3-venv"
if [ "${1:-}" = "--dev" ]; then
	packages="$packages clang libclang-rt-14-dev gnuplot-nox python3-mpmath python3-gmpy2 r-base-core \
		g++ libboost-math-dev python3-scipy python3-dask python3-distributed python3-xarray"
fi
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
