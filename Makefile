# SPDX-License-Identifier: GPL-3.0-or-later
# bercl - GNU Make. Targets: all check bench install uninstall clean deps,
#         static check-static dist distcheck check-deb,
#         and for developers: deps-dev fuzz plots coefficients reference,
#         web check-web (the page in web/, built with Debian's emscripten)

# The version is written once, in include/bercl.h.
VERSION := $(shell sed -n 's/^\#define BERCL_VERSION_STRING "\(.*\)"/\1/p' include/bercl.h)
SOVERSION := $(firstword $(subst ., ,$(VERSION)))

PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
LIBDIR ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
MANDIR ?= $(PREFIX)/share/man
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
# The Python package goes where the interpreter's own install scheme puts
# it for PREFIX (tools/pythondir.py: on Debian /usr/local/lib/python3.X/
# dist-packages for /usr/local, which Debian's /usr/bin/python3 searches).
PYTHON ?= /usr/bin/python3
PYTHONDIR ?= $(shell $(PYTHON) tools/pythondir.py $(PREFIX) 2>/dev/null)
PKG_CONFIG ?= pkg-config

# The Python package's extension (python/bercl/_core.c), linked with the
# static library's objects and exporting only PyInit__core. Not under the
# sanitizers (an ASan extension cannot be loaded by an uninstrumented
# /usr/bin/python3): then `make` skips it and install and check say so.
PY_EXT_SUFFIX := $(shell $(PYTHON) -c 'import sysconfig; print(sysconfig.get_config_var("EXT_SUFFIX"))' 2>/dev/null)
PY_CFLAGS := $(shell $(PYTHON) -c 'import sysconfig, numpy; print("-isystem", sysconfig.get_paths()["include"], "-isystem", numpy.get_include())' 2>/dev/null)
PY_EXT = python/bercl/_core$(PY_EXT_SUFFIX)
PY_SANITIZED := $(findstring sanitize,$(CFLAGS) $(LDFLAGS))
# (and not without python3-dev and python3-numpy: then make builds the rest,
# and install and check fail, naming the packages)
PY_ALL := $(if $(PY_SANITIZED),,$(if $(PY_CFLAGS),$(PY_EXT)))

CC ?= cc
CFLAGS ?= -O2 -g
WARN = -Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes
CPPFLAGS += -D_POSIX_C_SOURCE=200809L -Iinclude -Iarith
GSL_CFLAGS := $(shell $(PKG_CONFIG) --cflags gsl 2>/dev/null)
GSL_LIBS := $(shell $(PKG_CONFIG) --libs gsl 2>/dev/null)
CMOCKA_CFLAGS := $(shell $(PKG_CONFIG) --cflags cmocka 2>/dev/null)
CMOCKA_LIBS := $(shell $(PKG_CONFIG) --libs cmocka 2>/dev/null)
# -ffp-contract=off: no fused multiply-add where the source has a product
# and a sum (GCC's default under -std=c11 already; clang fuses by default):
# the library's error-free sums and products and its exponentials
# (arith/xmath.c) give the same doubles on every target only so.
ALL_CFLAGS = -std=c11 -ffp-contract=off -pthread $(WARN) $(GSL_CFLAGS) $(CFLAGS)

# arith/: the arithmetic that the library and the engine both use and that is
# not the library's subject (double-double, exp and log the same on every
# target, the search for a first whole number): compiled into libbercl (its
# symbols hidden from libbercl.so), whose archive the engine's programs link.
ARITH_SRC = arith/xmath.c arith/search.c
LIB_SRC = lib/normal.c lib/eye_fit.c lib/poisson.c lib/poisson_fast.c lib/binomial.c lib/solve.c lib/bits_quick.c lib/pmf.c lib/lnprob.c lib/cl.c lib/version.c lib/plan.c lib/fec.c lib/fec_degrade.c lib/fec_tail.c lib/fec_flr.c lib/lanes.c lib/clustered.c lib/lgamma.c lib/fec_code.c lib/chisq.c \
	$(ARITH_SRC)
# The engine (engine/): every rule of an answer, between the faces and the
# library; the command (src/) adds argv, files, threads, signals, stdout.
ENGINE_SRC = engine/parse.c engine/flags.c engine/request.c engine/rows.c engine/compute.c engine/target.c engine/forms.c \
	engine/commands.c engine/columns.c engine/human.c engine/simulate.c engine/format.c engine/numbers.c engine/shortest.c \
	engine/watch.c engine/histogram.c engine/telemetry.c engine/csv.c engine/intervals.c engine/bursts.c engine/random.c \
	engine/sink.c engine/invoke.c engine/element.c engine/rowcall.c engine/arguments.c engine/eye.c engine/eye_plot.c
CLI_SRC = src/options.c src/run.c src/signals.c src/verify.c src/pipeline.c src/io.c src/eye_cmd.c $(ENGINE_SRC)
LIB_OBJ = $(LIB_SRC:.c=.o)
CLI_OBJ = $(CLI_SRC:.c=.o)
DEPFLAGS = -MMD -MP

# Library suites link the library only; program suites add the program's
# objects; test_api and test_contract (the header's promises as a grid) see
# only <bercl.h> and link -lbercl (the shared library).
LIB_TESTS = tests/test_dd tests/test_poisson tests/test_binomial tests/test_solve tests/test_plan tests/test_fec tests/test_fec_tail tests/test_lanes tests/test_clustered
CLI_TESTS = tests/test_parse tests/test_shortest tests/test_verify tests/test_cli tests/test_shell tests/test_fec_cli tests/test_edges \
	tests/test_readings tests/test_telemetry tests/test_columns tests/test_intervals tests/test_threads tests/test_eye tests/test_random
TESTS = $(LIB_TESTS) $(CLI_TESTS) tests/test_shortest_limbs tests/test_api tests/test_contract
SHLIB = libbercl.so.$(VERSION)

.PHONY: check-faces soak-faces
.PHONY: check-tsan soak-fec soak-xmath soak-paths python install-python all check fuzz-replay check-ld64 check-arm64 check-wasm bench-cross soak oracle-check bench fuzz plots install uninstall clean deps deps-dev coefficients reference
.PHONY: static check-static dist distcheck check-deb
.PHONY: web check-web

.DEFAULT_GOAL := all

# A target whose tool is missing stops before it starts and names the
# tools/deps.sh line that installs it (rather than ending in make's
# "Error 127"): $(call need,COMMAND,DEPS OPTION), $(call need_pkg,PKG-CONFIG
# NAME,DEBIAN PACKAGE,DEPS OPTION), $(call need_h,HEADER,DEBIAN PACKAGE,DEPS
# OPTION), $(call need_py,MODULE,DEBIAN PACKAGE,DEPS OPTION).
deps_line = sh tools/deps.sh$(if $(1), $(1))
need = @command -v $(1) >/dev/null 2>&1 || { echo "make $@: $(1) not found; $(call deps_line,$(2)) installs it" >&2; exit 1; }
need_pkg = @$(PKG_CONFIG) --exists $(1) 2>/dev/null || { echo "make $@: $(1) not found ($(2)); $(call deps_line,$(3)) installs it" >&2; exit 1; }
need_h = @printf '\043include <$(1)>\n' | $(CC) -E -x c - >/dev/null 2>&1 || { echo "make $@: <$(1)> not found ($(2)); $(call deps_line,$(3)) installs it" >&2; exit 1; }
need_py = @$(PYTHON) -c 'import $(1)' 2>/dev/null || { echo "make $@: $(PYTHON) cannot import $(1) ($(2)); $(call deps_line,$(3)) installs it" >&2; exit 1; }

# The library sees include/, arith/ and itself; the engine and the faces
# see include/, arith/ (header-only double-double arithmetic and the shared
# exp, log and search, as curl's program shares lib/curlx) and their own
# folders, never lib/: the engine uses libbercl through include/bercl.h.
# Position-independent, hidden visibility: one set of objects serves the
# static and the shared library, and only BERCL_API functions are exported.
lib/%.o: lib/%.c
	$(CC) $(CPPFLAGS) -DBERCL_BUILDING $(DEPFLAGS) $(ALL_CFLAGS) -fPIC -fvisibility=hidden \
		-c -o $@ $<
arith/%.o: arith/%.c
	$(CC) $(CPPFLAGS) -DBERCL_BUILDING $(DEPFLAGS) $(ALL_CFLAGS) -fPIC -fvisibility=hidden \
		-c -o $@ $<
src/%.o: src/%.c
	$(CC) $(CPPFLAGS) -Isrc -Iengine $(DEPFLAGS) $(ALL_CFLAGS) -c -o $@ $<
# position-independent: the Python extension links them too
engine/%.o: engine/%.c
	$(CC) $(CPPFLAGS) -Iengine $(DEPFLAGS) $(ALL_CFLAGS) -fPIC -c -o $@ $<

libbercl.a: $(LIB_OBJ)
	rm -f $@ && $(AR) rcs $@ $(LIB_OBJ)

# Symbol versions (lib/libbercl.map): a program built against a newer
# function names its version, and an older library refuses it at load time.
$(SHLIB): $(LIB_OBJ) lib/libbercl.map
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -shared -Wl,-soname,libbercl.so.$(SOVERSION) \
		-Wl,--version-script=lib/libbercl.map -o $@ $(LIB_OBJ) -lm
libbercl.so.$(SOVERSION) libbercl.so: $(SHLIB)
	ln -sf $(SHLIB) $@

all: bercl libbercl.a $(SHLIB) libbercl.so.$(SOVERSION) libbercl.so $(PY_ALL)

python: $(PY_EXT)
# The command's FEC report readers (engine/telemetry.c and what it calls) are
# compiled into it too, so that a report reads as `bercl fec --histogram`.
ENGINE_OBJ = $(ENGINE_SRC:.c=.o)
$(PY_EXT): python/bercl/_core.c include/bercl.h arith/dd.h libbercl.a $(ENGINE_OBJ) $(wildcard engine/*.h)
	@[ -n "$(PY_CFLAGS)" ] || { echo "make: the Python package needs python3-dev and python3-numpy (sh tools/deps.sh)"; exit 1; }
	$(CC) $(CPPFLAGS) -Iengine $(PY_CFLAGS) $(ALL_CFLAGS) -fPIC -fvisibility=hidden -shared $(LDFLAGS) \
		-o $@ $< $(ENGINE_OBJ) libbercl.a -Wl,--exclude-libs,ALL $(GSL_LIBS) -lm -pthread

bercl: src/main.o $(CLI_OBJ) libbercl.a
	$(call need_pkg,gsl,libgsl-dev)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ src/main.o $(CLI_OBJ) libbercl.a $(GSL_LIBS) -lm -pthread

# make static: one binary with no shared library at all (glibc, libm and GSL
# linked in: Debian's libgsl-dev ships libgsl.a), for any x86-64 Linux.
# check-static: ldd must call it "not a dynamic executable", and it must give
# the behaviour corpus's and the README's first example's output.
GSL_STATIC_LIBS := $(shell $(PKG_CONFIG) --static --libs gsl 2>/dev/null)
# The binary is stripped (-s): it is the one to copy to a machine, where
# its debug information would double its size.
static: bercl-static
bercl-static: src/main.o $(CLI_OBJ) libbercl.a
	$(call need_pkg,gsl,libgsl-dev)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -static -s -o $@ src/main.o $(CLI_OBJ) libbercl.a \
		$(GSL_STATIC_LIBS) -lm -pthread
check-static: bercl-static
	sh tests/test_static.sh ./bercl-static

$(LIB_TESTS): tests/%: tests/%.c tests/testutil.h libbercl.a
	$(call need_pkg,cmocka,libcmocka-dev)
	$(CC) $(CPPFLAGS) -Ilib $(ALL_CFLAGS) $(CMOCKA_CFLAGS) $(LDFLAGS) -o $@ $< \
		libbercl.a $(CMOCKA_LIBS) $(GSL_LIBS) -lm
tests/test_dd: lib/x87soft.h
# The command's face for tests/test_faces.py: src/main.c's main, many
# invocations per process (tests/faces_cmd.c).
tests/faces_cmd: tests/faces_cmd.c src/main.c $(CLI_OBJ) libbercl.a
	$(CC) $(CPPFLAGS) -Isrc -Iengine -Ilib $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< $(CLI_OBJ) libbercl.a $(GSL_LIBS) -lm -pthread
$(CLI_TESTS): tests/%: tests/%.c tests/testutil.h tests/cliutil.h $(CLI_OBJ) libbercl.a
	$(call need_pkg,cmocka,libcmocka-dev)
	$(CC) $(CPPFLAGS) -Isrc -Iengine -Ilib -DTMP='"tests/tmp/$*/"' $(ALL_CFLAGS) $(CMOCKA_CFLAGS) $(LDFLAGS) -o $@ $< $(CLI_OBJ) \
		libbercl.a $(CMOCKA_LIBS) $(GSL_LIBS) -lm -pthread
# test_shortest again on shortest.c's portable 128-bit arithmetic (32-bit
# halves, as on a target without unsigned __int128: i386, armhf)
tests/test_shortest_limbs: tests/test_shortest.c tests/testutil.h engine/shortest.c engine/shortest.h engine/pow10.inc
	$(CC) $(CPPFLAGS) -Isrc -Iengine -Ilib -DBERCL_NO_INT128 $(ALL_CFLAGS) $(CMOCKA_CFLAGS) $(LDFLAGS) -o $@ \
		tests/test_shortest.c engine/shortest.c $(CMOCKA_LIBS) -lm
# tests/bits_paths SEED COUNT: bercl_min_bits() without its tails (the quick
# route of lib/bits_quick.c) against it with them, on random points; make
# check runs BITS_PATHS_COUNT of them, a soak 1e6 (make soak-paths).
BITS_PATHS_COUNT ?= 20000
tests/bits_paths: tests/bits_paths.c libbercl.a
	$(CC) $(CPPFLAGS) -Ilib $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< libbercl.a -lm
# test_threads under ThreadSanitizer: the library and the engine built
# with -fsanitize=thread, 8 threads at once (check-tsan; .ci/run runs it)
tests/tmp/test_threads_tsan: tests/test_threads.c $(LIB_SRC) $(ENGINE_SRC)
	@mkdir -p tests/tmp
	$(CC) $(CPPFLAGS) -Iengine -Ilib -DBERCL_BUILDING -std=c11 -ffp-contract=off -pthread $(WARN) $(GSL_CFLAGS) \
		$(CMOCKA_CFLAGS) -O1 -g -fsanitize=thread -o $@ tests/test_threads.c $(LIB_SRC) $(ENGINE_SRC) \
		$(CMOCKA_LIBS) $(GSL_LIBS) -lm
check-tsan: tests/tmp/test_threads_tsan
	TSAN_OPTIONS=halt_on_error=1 ./tests/tmp/test_threads_tsan
soak-paths: tests/bits_paths
	./tests/bits_paths $(SEED) $(or $(COUNT),1000000)
tests/test_api tests/test_contract: tests/%: tests/%.c include/bercl.h libbercl.so
	$(call need_pkg,cmocka,libcmocka-dev)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) $(CMOCKA_CFLAGS) $(LDFLAGS) -o $@ $< -L. -lbercl \
		$(CMOCKA_LIBS) -lm

# make check runs its suites side by side on every core this process may
# use (make -j, each suite's output kept together: -O); a suite's scratch
# files are its own (tests/tmp/SUITE/, mktemp -d).
NPROC := $(shell nproc 2>/dev/null || echo 1)
CHECK_SUITES = $(TESTS:tests/%=check-run-%) check-xmath check-bits-paths check-xcheck-dd \
	check-fuzz-seeds check-corpus check-forms check-docs check-comments check-promises check-abi \
	check-completion check-install check-pip check-oracle check-faces check-scripts
.PHONY: check-suites $(CHECK_SUITES)
check: all $(TESTS) tests/oracle/oracle tests/oracle/xmath_check $(REPLAYS) tests/xcheck-dd tests/bits_paths \
		tests/faces_cmd web/tmp/bercl.wasm
	@$(MAKE) --no-print-directory -j$(NPROC) -O check-suites
	@echo "all tests passed"
check-suites: $(CHECK_SUITES)
check-run-%:
	@echo "== tests/$*"; LD_LIBRARY_PATH=. ./tests/$*
check-xmath:
	@echo "== tests/oracle/xmath_check (arith/xmath.c against MPFR)"
	./tests/oracle/xmath_check --seed $(ORACLE_SEED) --count $(XMATH_COUNT)
check-bits-paths:
	@echo "== tests/bits_paths"; ./tests/bits_paths $(ORACLE_SEED) $(BITS_PATHS_COUNT)
check-xcheck-dd:
	@echo "== tests/xcheck-dd (the double-double wide type of arm64 and wasm, here)"; ./tests/xcheck-dd
check-fuzz-seeds:
	@echo "== fuzz seeds"; $(MAKE) -s fuzz-replay
check-corpus:
	@echo "== tests/test_corpus.sh"; sh tests/test_corpus.sh
check-forms:
	@echo "== tests/test_forms.sh"; sh tests/test_forms.sh
# Every shell script parses (sh -n, or bash -n where its first line says
# bash): make bench ran none of bench/run.sh after a quote in a printf
# ended its string.
check-scripts:
	@echo "== shell scripts parse (sh -n, bash -n)"
	@set -e; for f in .ci/run bench/*.sh tests/*.sh tools/*.sh; do \
		if head -1 "$$f" | grep -q bash; then bash -n "$$f"; else sh -n "$$f"; fi; \
	done
check-docs:
	@echo "== tests/test_docs.py (README.md and docs/: every example run, links, every flag of --help named)"
	@CC="$(CC)" CFLAGS="$(CFLAGS)" LDFLAGS="$(LDFLAGS)" $(PYTHON) tests/test_docs.py
check-comments:
	@echo "== tests/test_comments.py (comments name files and functions that exist, log no timings)"
	@$(PYTHON) tests/test_comments.py
check-promises:
	@echo "== tests/test_promises.sh"; BERCL_SANITIZED=$(findstring sanitize,$(CFLAGS)) sh tests/test_promises.sh
check-abi:
	@echo "== tests/test_abi.sh"
	@CC="$(CC)" CFLAGS="$(CFLAGS)" LDFLAGS="$(LDFLAGS)" LIB_OBJ="$(LIB_OBJ)" sh tests/test_abi.sh
check-completion:
	@echo "== tests/test_completion.sh"; bash tests/test_completion.sh
check-install:
	@echo "== tests/test_install.sh"
	@CC="$(CC)" CFLAGS="$(CFLAGS)" LDFLAGS="$(LDFLAGS)" MAKE="$(MAKE)" sh tests/test_install.sh
check-pip:
	@echo "== tests/test_pip.sh"
	@if [ -n "$(PY_SANITIZED)" ]; then echo "SKIPPED: the Python package under the sanitizers"; \
	else sh tests/test_pip.sh; fi
# The three faces held to one behaviour (tests/test_faces.py): FACES_COUNT
# seeded invocations through the command, the page's module in node and
# Python; make soak-faces runs FACES_SOAK_COUNT from SEED, and
# FACES_DEGRADE_SOAK random degraded-SER monitors (lib/fec_degrade.c).
FACES_SEED ?= 20261205
FACES_COUNT ?= 20000
FACES_SOAK_COUNT ?= 200000
FACES_DEGRADE_SOAK ?= 20000
check-faces:
	@echo "== tests/test_faces.py (the command, the page's module and Python: one behaviour)"
	@if [ -n "$(PY_SANITIZED)" ]; then echo "SKIPPED: the Python package under the sanitizers"; \
	else NODE=$(NODE) $(PYTHON) tests/test_faces.py --seed $(FACES_SEED) --count $(FACES_COUNT); fi
soak-faces: all tests/faces_cmd web/tmp/bercl.wasm
	NODE=$(NODE) $(PYTHON) tests/test_faces.py --seed $(SEED) --count $(FACES_SOAK_COUNT) \
		--degrade $(FACES_DEGRADE_SOAK)
check-oracle:
	./tests/oracle/oracle --selfcheck tests/data/oracle_ref.csv
	./tests/oracle/oracle --selfcheck-degrade tests/data/degrade_ref.csv
	./tests/oracle/oracle --seed $(ORACLE_SEED) --count $(ORACLE_COUNT) --clustered-count $(ORACLE_CLUSTERED_COUNT) \
		--degrade-count $(ORACLE_DEGRADE_COUNT)

# The same digits everywhere: tests/xcheck.c (the reference tables without
# cmocka or GSL) built with the library for x86-64 as usual (the baseline),
# for x86-64 with long double = double (-mlong-double-64, as MSVC has it),
# for arm64 (static, run under qemu-aarch64) and for WebAssembly (emcc, run
# under node, files read through NODERAWFS). Each target checks every table
# with the suites' tolerances, then xcheck --compare counts its doubles that
# differ from the baseline's and their worst ulp distance, per table; on
# ld64, where MPFR and GSL are at hand, the program built that way
# (tests/bercl-ld64) also meets the oracle's fixed-seed sample (make soak
# BERCL=tests/bercl-ld64 for more) and replays tests/corpus byte for byte.
# tools/deps.sh --cross installs the toolchains.
XCHECK_SRC = tests/xcheck.c $(LIB_SRC)
XCHECK_DEPS = $(XCHECK_SRC) tests/testutil.h arith/dd.h arith/dd_constants.inc lib/wide.h lib/x87soft.h arith/xmath.h arith/xmath.inc \
	arith/search.h lib/internal.h lib/regions.h lib/poisson_fast.inc lib/coefficients.inc include/bercl.h
XCHECK_FLAGS = -D_POSIX_C_SOURCE=200809L -Iinclude -Iarith -Ilib -DBERCL_BUILDING -std=c11 -ffp-contract=off $(WARN) -O2
ARM64_CC ?= aarch64-linux-gnu-gcc
QEMU_ARM64 ?= qemu-aarch64
EMCC ?= emcc
NODE ?= node
# Debian's emcc finds its node modules (acorn) under /usr/share/nodejs.
EMCC_ENV = NODE_PATH=/usr/share/nodejs
tests/xcheck: $(XCHECK_DEPS)
	$(CC) $(XCHECK_FLAGS) -o $@ $(XCHECK_SRC) -lm -pthread
# The double-double wide type on x86-64 itself, with the build's CFLAGS
# (sanitizers in CI): make check runs it.
tests/xcheck-dd: $(XCHECK_DEPS)
	$(CC) $(XCHECK_FLAGS) $(CFLAGS) -DBERCL_WIDE_DD $(LDFLAGS) -o $@ $(XCHECK_SRC) -lm -pthread
tests/xcheck-ld64: $(XCHECK_DEPS)
	$(CC) $(XCHECK_FLAGS) -mlong-double-64 -o $@ $(XCHECK_SRC) -lm -pthread
tests/xcheck-arm64: $(XCHECK_DEPS)
	$(call need,$(ARM64_CC),--cross)
	$(ARM64_CC) $(XCHECK_FLAGS) -static -o $@ $(XCHECK_SRC) -lm -pthread
tests/xcheck-wasm.js: $(XCHECK_DEPS)
	$(call need,$(EMCC),--cross)
	@mkdir -p tests/tmp
	$(EMCC_ENV) $(EMCC) $(XCHECK_FLAGS) -sNODERAWFS=1 -sSINGLE_FILE=1 -sENVIRONMENT=node \
		-sEXIT_RUNTIME=1 -o $@ $(XCHECK_SRC) -lm
# the page's build: the x87 long double in software (lib/x87soft.h)
tests/xcheck-wasm-x87.js: $(XCHECK_DEPS) lib/x87soft.h
	$(call need,$(EMCC),--cross)
	@mkdir -p tests/tmp
	$(EMCC_ENV) $(EMCC) $(XCHECK_FLAGS) -DBERCL_WIDE_X87 -sNODERAWFS=1 -sSINGLE_FILE=1 -sENVIRONMENT=node \
		-sEXIT_RUNTIME=1 -o $@ $(XCHECK_SRC) -lm
# The program too, with long double = double, for the MPFR oracle's sample.
tests/bercl-ld64: $(XCHECK_DEPS) src/main.c $(CLI_SRC) $(wildcard src/*.h engine/*.h)
	$(CC) $(XCHECK_FLAGS) -Isrc -Iengine $(GSL_CFLAGS) -mlong-double-64 -o $@ src/main.c $(CLI_SRC) \
		$(LIB_SRC) $(GSL_LIBS) -lm -pthread
tests/tmp/xcheck-x86-64.dump: tests/xcheck
	@mkdir -p tests/tmp
	./tests/xcheck $@
check-ld64: tests/tmp/xcheck-x86-64.dump tests/xcheck-ld64 tests/bercl-ld64 tests/oracle/oracle
	./tests/xcheck-ld64 tests/tmp/xcheck-ld64.dump
	./tests/xcheck --compare tests/tmp/xcheck-x86-64.dump tests/tmp/xcheck-ld64.dump
	./tests/oracle/oracle --bercl tests/bercl-ld64 --seed $(ORACLE_SEED) --count $(ORACLE_COUNT) \
		--clustered-count $(ORACLE_CLUSTERED_COUNT) --degrade-count $(ORACLE_DEGRADE_COUNT) \
		--dir tests/tmp/oracle-ld64
	mkdir -p tests/tmp/ld64bin && ln -sf ../../bercl-ld64 tests/tmp/ld64bin/bercl
	@echo "check-ld64: the corpus without 'bits -i odd.csv' (one binomial cl_achieved, 0.95000031983797911 at 60 digits, 0.014 ulp from the midpoint of two doubles: the x86 long double sums round it up, this build's double-double down, the nearer)"
	BERCL_BINDIR=$(CURDIR)/tests/tmp/ld64bin BERCL_CORPUS_SKIP='bits -i odd\.csv' sh tests/test_corpus.sh
check-arm64: tests/tmp/xcheck-x86-64.dump tests/xcheck-arm64
	$(call need,$(QEMU_ARM64),--cross)
	$(QEMU_ARM64) ./tests/xcheck-arm64 tests/tmp/xcheck-arm64.dump
	./tests/xcheck --compare tests/tmp/xcheck-x86-64.dump tests/tmp/xcheck-arm64.dump
check-wasm: tests/tmp/xcheck-x86-64.dump tests/xcheck-wasm.js tests/xcheck-wasm-x87.js
	$(call need,$(NODE),--cross)
	$(NODE) tests/xcheck-wasm.js tests/tmp/xcheck-wasm.dump
	./tests/xcheck --compare tests/tmp/xcheck-x86-64.dump tests/tmp/xcheck-wasm.dump
	$(NODE) tests/xcheck-wasm-x87.js tests/tmp/xcheck-wasm-x87.dump
	./tests/xcheck --same tests/tmp/xcheck-x86-64.dump tests/tmp/xcheck-wasm-x87.dump
# The cost of each wide type on each target, in one run (bench/cross.sh).
bench-cross:
	$(call need,$(ARM64_CC),--cross)
	$(call need,$(QEMU_ARM64),--cross)
	$(call need,$(EMCC),--cross)
	$(call need,$(NODE),--cross)
	CC="$(CC)" ARM64_CC="$(ARM64_CC)" EMCC="$(EMCC)" QEMU_ARM64="$(QEMU_ARM64)" NODE="$(NODE)" \
		sh bench/cross.sh

# The independent MPFR oracle (tests/oracle): it drives ./bercl as a black
# box and shares no code with lib/. Built without the sanitizers of CFLAGS
# (it only computes the truth). oracle-check: its self-check against the
# mpmath table, then a fixed-seed sample; make soak SEED=... COUNT=...
# (points per answer) runs any amount, ONLY=cl-binomial (a substring of
# the answer names) one answer or a few; SOAK_JOBS=2 processes check the
# rows of each bercl run of SOAK_BATCH=20000 rows (same points and verdicts
# for any value of either); SOAK_FLAGS=--per-point runs bercl once a point
# on its flags instead of in batch mode (the command-line path). The
# clustered answers (cl-clustered, ber-clustered, ber2-clustered: --intervals
# logs, one bercl run a log) take ORACLE_CLUSTERED_COUNT points each in
# oracle-check (a few seconds) and COUNT in a soak; so do the degraded-SER
# answers (degrade-p, degrade-ser: fec --degrade-interval, one bercl run a
# code), ORACLE_DEGRADE_COUNT each, the half-alarm SER to 1 ulp of the
# root. A half-alarm SER costs the library some 50 to 80 degrade_p: a soak
# without ONLY runs SOAK_DEGRADE_SER_COUNT of it, and
# make soak ONLY=degrade-ser COUNT=... its own count.
ORACLE_SEED ?= 20261130
ORACLE_COUNT ?= 150
ORACLE_CLUSTERED_COUNT ?= 40
ORACLE_DEGRADE_COUNT ?= 40
SEED ?= $(shell date +%s)
COUNT ?= 10000
SOAK_JOBS ?= 2
SOAK_BATCH ?= 20000
SOAK_FLAGS ?=
SOAK_DEGRADE_SER_COUNT ?= 2000
tests/oracle/oracle: tests/oracle/oracle.c tests/oracle/truth.c tests/oracle/truth_degrade.c tests/oracle/truth.h
	$(call need_h,mpfr.h,libmpfr-dev)
	$(CC) -std=c11 -D_POSIX_C_SOURCE=200809L $(WARN) -O2 -g -o $@ tests/oracle/oracle.c \
		tests/oracle/truth.c tests/oracle/truth_degrade.c -lmpfr -lgmp -lm
# The library's own exp, log, log1p, expm1, log10 and 10^y (arith/xmath.c)
# against MPFR: XMATH_COUNT points a function in make check, 1e7 in
# make soak-xmath (SEED as make soak's).
XMATH_COUNT ?= 100000
tests/oracle/xmath_check: tests/oracle/xmath_check.c arith/xmath.c arith/xmath.h arith/xmath.inc arith/dd.h arith/dd_constants.inc
	$(call need_h,mpfr.h,libmpfr-dev)
	$(CC) -std=c11 -ffp-contract=off -D_POSIX_C_SOURCE=200809L $(WARN) $(CFLAGS) -Iarith $(LDFLAGS) -o $@ \
		tests/oracle/xmath_check.c arith/xmath.c -lmpfr -lgmp -lm
# The FEC Monte Carlo suites in full (make check runs a sample): 1000
# histograms a case, the tail's profile on the whole grid, 2000 coverage draws.
soak-fec: tests/test_fec tests/test_fec_tail
	BERCL_FEC_DRAWS=1000 ./tests/test_fec
	BERCL_TAIL_FULL_GRID=1 BERCL_COVERAGE_DRAWS=2000 ./tests/test_fec_tail
soak-xmath: tests/oracle/xmath_check
	./tests/oracle/xmath_check --seed $(SEED) --count 10000000
oracle-check: bercl tests/oracle/oracle
	./tests/oracle/oracle --selfcheck tests/data/oracle_ref.csv
	./tests/oracle/oracle --selfcheck-degrade tests/data/degrade_ref.csv
	./tests/oracle/oracle --seed $(ORACLE_SEED) --count $(ORACLE_COUNT) --clustered-count $(ORACLE_CLUSTERED_COUNT) \
		--degrade-count $(ORACLE_DEGRADE_COUNT)
BERCL ?= ./bercl
soak: bercl tests/oracle/oracle
	./tests/oracle/oracle --bercl $(BERCL) --seed $(SEED) --count $(COUNT) $(if $(ONLY),--only $(ONLY)) \
		$(if $(ONLY),,--degrade-ser-count $(SOAK_DEGRADE_SER_COUNT)) \
		--jobs $(SOAK_JOBS) --batch $(SOAK_BATCH) $(SOAK_FLAGS) --progress --dir tests/tmp/soak-$(SEED)$(if $(ONLY),-$(ONLY))
	$(if $(ONLY),,$(MAKE) --no-print-directory soak-faces SEED=$(SEED))

bench: bercl bench/bench_cl bench/gsl_loop bench/gsl_inv_loop bench/ulp_poisson bench/bits_ref bench/cl_least $(PY_ALL)
	./bench/run.sh
	@if [ -n "$(PY_ALL)" ]; then PYTHONPATH=python $(PYTHON) bench/bench_python.py; fi

bench/bench_cl: bench/bench_cl.c libbercl.a lib/internal.h
	$(CC) $(CPPFLAGS) -Ilib $(ALL_CFLAGS) -o $@ $< libbercl.a $(GSL_LIBS) -lm

# Exact minimum bits against tests/data/bits_ref.csv.
bench/bits_ref: bench/bits_ref.c libbercl.a
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) -o $@ $< libbercl.a -lm

# Units in the last place against tests/data/poisson_ref.csv.
bench/ulp_poisson: bench/ulp_poisson.c libbercl.a lib/internal.h
	$(CC) $(CPPFLAGS) -Ilib $(ALL_CFLAGS) -o $@ $< libbercl.a -lm

# The peer: plain C around GSL, built with the same compiler and flags.
# The cl batch's least work: its tails and its cells formatted, no I/O.
bench/cl_least: bench/cl_least.c $(CLI_OBJ) libbercl.a
	$(CC) $(CPPFLAGS) -Isrc -Iengine -Ilib $(ALL_CFLAGS) -o $@ $< $(CLI_OBJ) libbercl.a $(GSL_LIBS) -lm -pthread
bench/gsl_loop: bench/gsl_loop.c
	$(CC) $(ALL_CFLAGS) -o $@ $< $(GSL_LIBS) -lm
bench/gsl_inv_loop: bench/gsl_inv_loop.c
	$(CC) $(ALL_CFLAGS) -o $@ $< $(GSL_LIBS) -lm

COMPLETIONDIR ?= $(PREFIX)/share/bash-completion/completions
# Installed files, one per line, so that uninstall removes exactly these.
INSTALLED = $(BINDIR)/bercl $(LIBDIR)/libbercl.a $(LIBDIR)/$(SHLIB) \
	$(LIBDIR)/libbercl.so.$(SOVERSION) $(LIBDIR)/libbercl.so $(INCLUDEDIR)/bercl.h \
	$(PKGCONFIGDIR)/bercl.pc $(MANDIR)/man1/bercl.1 $(MANDIR)/man3/bercl.3 \
	$(COMPLETIONDIR)/bercl
PY_FILES = $(wildcard python/bercl/*.py)
PY_INSTALLED = $(addprefix $(PYTHONDIR)/bercl/,$(notdir $(PY_FILES)) _core$(PY_EXT_SUFFIX))
install: all install-python
	@case "$(DESTDIR)|$(PREFIX)|$(BINDIR)|$(LIBDIR)|$(INCLUDEDIR)|$(MANDIR)|$(PKGCONFIGDIR)|$(COMPLETIONDIR)|$(PYTHONDIR)" in \
	*" "*) echo "$@: DESTDIR, PREFIX and the install folders may not hold a space" >&2; exit 2 ;; esac
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(LIBDIR) $(DESTDIR)$(INCLUDEDIR) \
		$(DESTDIR)$(PKGCONFIGDIR) $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(MANDIR)/man3 \
		$(DESTDIR)$(COMPLETIONDIR)
	install -m 755 bercl $(DESTDIR)$(BINDIR)/bercl
	install -m 644 libbercl.a $(DESTDIR)$(LIBDIR)/libbercl.a
	install -m 755 $(SHLIB) $(DESTDIR)$(LIBDIR)/$(SHLIB)
	ln -sf $(SHLIB) $(DESTDIR)$(LIBDIR)/libbercl.so.$(SOVERSION)
	ln -sf $(SHLIB) $(DESTDIR)$(LIBDIR)/libbercl.so
	install -m 644 include/bercl.h $(DESTDIR)$(INCLUDEDIR)/bercl.h
	sed -e 's|@PREFIX@|$(PREFIX)|; s|@LIBDIR@|$(LIBDIR)|; s|@INCLUDEDIR@|$(INCLUDEDIR)|' \
		-e 's|@VERSION@|$(VERSION)|' bercl.pc.in > $(DESTDIR)$(PKGCONFIGDIR)/bercl.pc
	install -m 644 man/bercl.1 $(DESTDIR)$(MANDIR)/man1/bercl.1
	install -m 644 man/bercl.3 $(DESTDIR)$(MANDIR)/man3/bercl.3
	install -m 644 completion/bercl.bash $(DESTDIR)$(COMPLETIONDIR)/bercl
	@if [ -z "$(DESTDIR)" ] && [ "$$(id -u)" = 0 ] && command -v ldconfig >/dev/null; then \
		ldconfig; fi

# The Python package: python/bercl/*.py and the extension, into PYTHONDIR/bercl.
install-python: $(PY_ALL)
	@case "$(DESTDIR)|$(PREFIX)|$(BINDIR)|$(LIBDIR)|$(INCLUDEDIR)|$(MANDIR)|$(PKGCONFIGDIR)|$(COMPLETIONDIR)|$(PYTHONDIR)" in \
	*" "*) echo "$@: DESTDIR, PREFIX and the install folders may not hold a space" >&2; exit 2 ;; esac
	@if [ -n "$(PY_SANITIZED)" ]; then \
		echo "install: the Python package is not installed from a sanitized build"; \
	elif [ -z "$(PYTHONDIR)" ] || [ -z "$(PY_CFLAGS)" ]; then \
		echo "install: the Python package needs $(PYTHON), python3-dev and python3-numpy (sh tools/deps.sh)"; exit 1; \
	else \
		install -d $(DESTDIR)$(PYTHONDIR)/bercl && \
		install -m 644 $(PY_FILES) $(DESTDIR)$(PYTHONDIR)/bercl/ && \
		install -m 755 $(PY_EXT) $(DESTDIR)$(PYTHONDIR)/bercl/; \
	fi

uninstall:
	@case "$(DESTDIR)|$(PREFIX)|$(BINDIR)|$(LIBDIR)|$(INCLUDEDIR)|$(MANDIR)|$(PKGCONFIGDIR)|$(COMPLETIONDIR)|$(PYTHONDIR)" in \
	*" "*) echo "$@: DESTDIR, PREFIX and the install folders may not hold a space" >&2; exit 2 ;; esac
	rm -f $(addprefix $(DESTDIR),$(INSTALLED))
	@if [ -n "$(PYTHONDIR)" ] && [ -d "$(DESTDIR)$(PYTHONDIR)/bercl" ]; then \
		rm -f $(addprefix $(DESTDIR),$(PY_INSTALLED)) && \
		rm -rf $(DESTDIR)$(PYTHONDIR)/bercl/__pycache__ && \
		rmdir $(DESTDIR)$(PYTHONDIR)/bercl; fi

# The Debian packages end to end, as root: dpkg-buildpackage in a clean
# clone, lintian, apt-get install, the autopkgtest smoke test, man bercl,
# apt-get purge (tools/deps.sh --deb installs what it needs).
check-deb:
	$(call need,dpkg-buildpackage,--deb)
	$(call need,lintian,--deb)
	sh tools/deb-check.sh

# make dist: bercl-VERSION.tar.gz, the committed tree of HEAD (git archive;
# uncommitted changes are not in it). distcheck: its extracted copy passes
# make check.
DIST = bercl-$(VERSION)
dist:
	git archive --format=tar --prefix=$(DIST)/ HEAD | gzip -n9 > $(DIST).tar.gz.tmp
	mv $(DIST).tar.gz.tmp $(DIST).tar.gz
	@echo "$(DIST).tar.gz: $$(git rev-parse --short HEAD)$$(git diff --quiet HEAD || echo ', uncommitted changes left out')"
distcheck: dist
	rm -rf tests/tmp/distcheck && mkdir -p tests/tmp/distcheck
	tar -xzf $(DIST).tar.gz -C tests/tmp/distcheck
	$(MAKE) -C tests/tmp/distcheck/$(DIST) check
	rm -rf tests/tmp/distcheck
	@echo "$(DIST).tar.gz: extracted, make check passed"

clean:
	rm -f python/bercl/_core*.so
	rm -rf python/build python/bercl.egg-info python/bercl/__pycache__ tests/__pycache__
	rm -f bercl bercl-static bercl-*.tar.gz bercl-*.tar.gz.tmp libbercl.a libbercl.so* src/*.o src/*.d engine/*.o engine/*.d lib/*.o lib/*.d arith/*.o arith/*.d $(TESTS) tests/bits_paths bench/bench_cl bench/cl_least bench/gsl_loop bench/gsl_inv_loop \
		bench/ulp_poisson bench/bits_ref tests/oracle/oracle tests/xcheck tests/xcheck-ld64 \
		tests/xcheck-arm64 tests/xcheck-wasm.js tests/xcheck-wasm-x87.js tests/bercl-ld64 tests/xcheck-dd tests/oracle/xmath_check tests/faces_cmd
	rm -rf web/dist web/tmp tests/tmp bench/tmp tests/fuzz/tmp tests/fuzz/fuzz_parse tests/fuzz/fuzz_batch tests/fuzz/fuzz_watch tests/fuzz/fuzz_histogram \
		tests/fuzz/fuzz_pipeline tests/fuzz/fuzz_flags tests/fuzz/fuzz_intervals tests/fuzz/fuzz_telemetry tests/fuzz/fuzz_eye_csv tests/fuzz/fuzz_eye_ibert tests/fuzz/fuzz_eye_flags tests/fuzz/replay_*

# Figures for the guide (docs/*.png), drawn by gnuplot from bercl's CSV through a pipe.
plots: bercl
	$(call need,gnuplot,--dev)
	gnuplot -c docs/plots.gp ./bercl

# libFuzzer harnesses (clang): FUZZ_SECONDS per harness, new inputs kept in
# tests/fuzz/tmp, the seed corpus in tests/fuzz/corpus read only.
FUZZ_SECONDS ?= 600
FUZZ_HARNESSES ?= parse batch watch histogram pipeline flags intervals telemetry eye_csv eye_ibert eye_flags
FUZZ_CC ?= clang
FUZZ_FLAGS = -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all
FUZZ_SRC = $(LIB_SRC) $(CLI_SRC)
tests/fuzz/fuzz_%: tests/fuzz/fuzz_%.c $(FUZZ_SRC)
	$(call need,$(FUZZ_CC),--dev)
	$(FUZZ_CC) $(CPPFLAGS) -Isrc -Iengine -Ilib -std=c11 -D_GNU_SOURCE $(GSL_CFLAGS) $(FUZZ_FLAGS) -o $@ $< \
		$(FUZZ_SRC) $(GSL_LIBS) -lm -pthread
fuzz: $(FUZZ_HARNESSES:%=tests/fuzz/fuzz_%)
	@set -e; for h in $(FUZZ_HARNESSES); do \
		mkdir -p tests/fuzz/tmp/$$h; \
		echo "== fuzz_$$h for $(FUZZ_SECONDS) s"; \
		len=4096; [ $$h = pipeline ] && len=2097152; \
		./tests/fuzz/fuzz_$$h -max_total_time=$(FUZZ_SECONDS) -timeout=10 -rss_limit_mb=2048 \
			-max_len=$$len -print_final_stats=1 tests/fuzz/tmp/$$h tests/fuzz/corpus/$$h; \
	done

# The page (web/): libbercl and the engine (engine/, all of it, simulate's
# own random stream included: engine/random.c) compiled to WebAssembly by Debian's
# emscripten with web/glue.c, the module gzipped and inlined as base64 so
# that the page also works from a local folder (file://); web/dist holds
# only the four files the page loads. NODE_PATH: emscripten's JavaScript
# optimizer needs Debian's node modules (acorn) whichever node runs it.
# make check-web (web/check.js) runs the behaviour corpus and WEB_POINTS
# random points per question from WEB_SEED through the page's engine in node
# against ./bercl, then the page in headless Chromium (forms, files,
# downloads, a 1e5-row batch, screenshots to tests/tmp/web-shots/).
# The library's wide type in the page is the x87 long double in software
# (BERCL_WIDE_X87, lib/x87soft.h), the native x86-64 program's, so that the
# page prints the program's doubles.
WEB_DIST = web/dist
EMCC ?= emcc
WEB_SRC = $(LIB_SRC) $(ENGINE_SRC) web/glue.c
WEB_FILES = $(WEB_DIST)/index.html $(WEB_DIST)/app.js $(WEB_DIST)/worker.js $(WEB_DIST)/bercl-wasm.js
# the module is an intermediate: the page loads it inlined (bercl-wasm.js)
WEB_WASM = web/tmp/bercl.wasm
$(WEB_WASM): $(WEB_SRC) include/bercl.h lib/internal.h arith/dd.h arith/dd_constants.inc lib/regions.h lib/wide.h \
		lib/x87soft.h arith/xmath.h arith/xmath.inc arith/search.h $(wildcard engine/*.h)
	$(call need,$(EMCC),--web)
	mkdir -p web/tmp
	NODE_PATH=/usr/share/nodejs $(EMCC) -O2 -std=c11 -ffp-contract=off -D_POSIX_C_SOURCE=200809L -DBERCL_BUILDING -DBERCL_WIDE_X87 $(WARN) \
		-Wno-missing-field-initializers -Iinclude -Iarith -Ilib -Iengine --no-entry -sALLOW_MEMORY_GROWTH=1 -sFILESYSTEM=0 -o $@ $(WEB_SRC)
$(WEB_DIST)/bercl-wasm.js: $(WEB_WASM)
	mkdir -p $(WEB_DIST)
	{ printf '/* the engine and libbercl as WebAssembly, gzip then base64 (make web) */\nvar BERCL_WASM = "'; \
		gzip -9 -n -c $< | base64 -w0; printf '";\n'; } > $@.tmp && mv $@.tmp $@
$(WEB_DIST)/index.html $(WEB_DIST)/app.js $(WEB_DIST)/worker.js: $(WEB_DIST)/%: web/%
	mkdir -p $(WEB_DIST)
	cp $< $@
web: $(WEB_FILES)
	@wc -c $(WEB_FILES) | sed 's/^/  /'
# a fixed seed by default, as the oracle's: WEB_SEED=$$(date +%s) for new points
WEB_SEED ?= 20261201
WEB_POINTS ?= 300
check-web: web bercl
	$(call need,$(NODE),--web)
	WEB_SEED=$(WEB_SEED) WEB_POINTS=$(WEB_POINTS) $(NODE) web/check.js
	$(NODE) web/check-faces.js

# Every committed seed through its harness's entry point, with the build's
# own compiler and CFLAGS (no clang): make check runs it.
REPLAYS = $(FUZZ_HARNESSES:%=tests/fuzz/replay_%)
tests/fuzz/replay_%: tests/fuzz/fuzz_%.c tests/fuzz/replay.c $(CLI_OBJ) libbercl.a
	$(CC) $(CPPFLAGS) -Isrc -Iengine -Ilib $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< tests/fuzz/replay.c \
		$(CLI_OBJ) libbercl.a $(GSL_LIBS) -lm -pthread
fuzz-replay: $(REPLAYS)
	@set -e; for h in $(FUZZ_HARNESSES); do ./tests/fuzz/replay_$$h tests/fuzz/corpus/$$h/*; done

# Debian 12 packages needed to build and test (tools/deps.sh lists them);
# apt-get runs only if one is missing. deps-dev adds what make fuzz, make
# plots and the reference scripts use.
deps:
	sh tools/deps.sh
deps-dev:
	sh tools/deps.sh --dev

# Regenerate derived data (not needed to build; the outputs are committed).
# coefficients: the generated tables (lib/*.inc, arith/*.inc, engine/pow10.inc).
coefficients:
	$(call need_py,mpmath,python3-mpmath,--dev)
	/usr/bin/python3 tools/gen_coefficients.py > lib/coefficients.inc.tmp && mv lib/coefficients.inc.tmp lib/coefficients.inc
	/usr/bin/python3 tools/gen_coefficients.py dd > arith/dd_constants.inc.tmp && mv arith/dd_constants.inc.tmp arith/dd_constants.inc
	/usr/bin/python3 tools/gen_pow10.py > engine/pow10.inc.tmp && mv engine/pow10.inc.tmp engine/pow10.inc
	/usr/bin/python3 tools/gen_fast_tables.py > lib/poisson_fast.inc.tmp && mv lib/poisson_fast.inc.tmp lib/poisson_fast.inc
	/usr/bin/python3 tools/gen_xmath_tables.py > arith/xmath.inc.tmp && mv arith/xmath.inc.tmp arith/xmath.inc
# make reference: every table of tests/data from its generator (mpmath,
# R), through a scratch copy; TABLES="bits_ref.csv ..." for a few. It names
# each table it cannot regenerate here and why (tools/reference.sh).
reference:
	sh tools/reference.sh $(TABLES)

-include $(wildcard lib/*.d arith/*.d src/*.d engine/*.d)
tests/fuzz/fuzz_eye_csv tests/fuzz/fuzz_eye_ibert tests/fuzz/replay_eye_csv tests/fuzz/replay_eye_ibert: \
	tests/fuzz/fuzz_eye_scan.inc
