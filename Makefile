# pgnaudit - audit chess game records against the FIDE Laws of Chess.
#
#   make               build ./pgnaudit (-O2, assert() on: what the tests run); says what is
#                      missing rather than installing it
#   make release       build build/release/pgnaudit: -DNDEBUG, profile-guided with gcc
#   make test          install missing test dependencies, build and run every test
#   make demo          audit the bundled sample (installs ISA-L if missing)
#   make bench         the release binary's throughput vs pgn-extract (installs pgn-extract if missing)
#   make perft-full    every depth of the perft suites (about 4.6 G nodes; minutes)
#   make sanitize      every test and a pass over the corpus with ASan and UBSan
#   make lint          cppcheck and clang-tidy (.cppcheck-suppressions, .clang-tidy)
#   make tsan          check -j N under ThreadSanitizer
#   make hostile       hostile inputs: limits of time, memory and exit status
#   make fuzz          build the libFuzzer targets (clang); make fuzz-run FUZZ_SECONDS=N runs each
#   make mutate        mutation testing: MUTANTS=N mutants (seed MUTATE_SEED) against every test
#   make install PREFIX=/usr/local   the release binary, the man pages and the shell completions

CC       ?= cc
# -flto lets the small attack-table lookups be inlined across files.
CFLAGS   ?= -O2 -g -flto=auto
WARNINGS  = -std=c11 -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes
CPPFLAGS += -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -I.
# Each object's headers, as the compiler saw them, into a .d file beside it.
DEPFLAGS  = -MMD -MP -MF $(@:.o=.d)
LDLIBS   += -lisal -lzstd -lbz2 -llzma -lpthread
PREFIX   ?= /usr/local
# Builds and test runs at once (make test, sanitize, lint): the machine's processors.
JOBS     ?= $(shell nproc 2>/dev/null || echo 2)
MANDIR   ?= $(PREFIX)/share/man
# Where bash-completion, zsh and fish look for completions under a prefix.
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions
ZSHCOMPDIR  ?= $(PREFIX)/share/zsh/site-functions
FISHCOMPDIR ?= $(PREFIX)/share/fish/vendor_completions.d

LIB_SRC  := $(sort $(wildcard parser/*.c validator/chess/*.c validator/audit/*.c validator/collection/*.c reports/*.c util/*.c))
CLI_SRC  := $(sort $(wildcard cli/*.c cli/*/*.c))
TEST_SRC := $(sort $(wildcard tests/test_*.c))
TEST_BIN := $(TEST_SRC:tests/%.c=tests/bin/%)
MANPAGES := $(sort $(wildcard man/*.1))

# The plain build (make, make test, the sanitizer builds) in build/plain/,
# the release build in build/release/: neither ever links the other's
# objects, whichever was built last.
OBJ_DIR  := build/plain
LIB_OBJ  := $(LIB_SRC:%.c=$(OBJ_DIR)/%.o)
CLI_OBJ  := $(CLI_SRC:%.c=$(OBJ_DIR)/%.o)

# The release build: assert() compiled out (-DNDEBUG) and, with gcc,
# profile-guided: the objects are built a second time with counters into
# build/release/gen/, that binary checks the test files (testdata/), and
# the release objects are compiled with the counts it leaves.  On the
# bench file that takes 4.9% of the instructions off and makes `check`
# 2-3% faster (README, "Speed").  Both builds give each object the same
# auxiliary name (-dumpdir, -dumpbase): gcc names the counts of a static
# function after it.  Other compilers, or `make release PGO=0`, build it
# without a profile, in build/release-nopgo/: switching PGO never links
# objects built the other way.
IS_GCC   := $(shell $(CC) -v 2>&1 | grep -q '^gcc version' && echo 1 || echo 0)
PGO      ?= $(IS_GCC)
REL_DIR  := build/release$(if $(filter 1,$(PGO)),,-nopgo)
REL_OBJ  := $(CLI_SRC:%.c=$(REL_DIR)/obj/%.o) $(LIB_SRC:%.c=$(REL_DIR)/obj/%.o)
REL_CPPFLAGS = $(CPPFLAGS) -DNDEBUG
PGO_TRAIN := $(sort $(wildcard testdata/*.pgn testdata/*/*.pgn testdata/*/*.pgn.gz))
ifeq ($(PGO),1)
PGO_PROFILE := $(REL_DIR)/profile
PGO_AUX = -dumpdir $(CURDIR)/$(REL_DIR)/aux/ -dumpbase $(subst /,-,$*).c
PGO_GEN = -fprofile-generate=$(CURDIR)/$(REL_DIR)/counts
# Code the training does not reach is compiled as without a profile.
PGO_USE = -fprofile-use=$(CURDIR)/$(REL_DIR)/counts -fprofile-partial-training -Wno-missing-profile
endif

# apt-get through sudo when not root; nothing at all when the file is present.
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
APT_UPDATED := /tmp/.pgnaudit-apt-updated

.PHONY: all release test unit e2e differential vectors sanitize tsan lint hostile fuzz fuzz-run mutate demo bench perft-full install install-completions uninstall clean need-build deps-build deps-test deps-lint deps-hostile

all: pgnaudit

pgnaudit: $(CLI_OBJ) $(LIB_OBJ)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $^ $(LDLIBS)

# need-build comes first (order-only: it never makes an object out of date).
$(OBJ_DIR)/%.o: %.c | need-build
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(CFLAGS) $(WARNINGS) $(DEPFLAGS) -c -o $@ $<

release: $(REL_DIR)/pgnaudit

$(REL_DIR)/pgnaudit: $(REL_OBJ)
	$(CC) $(CFLAGS) $(PGO_USE) $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(REL_DIR)/obj/%.o: %.c $(PGO_PROFILE) | need-build
	@mkdir -p $(@D)
	$(CC) $(REL_CPPFLAGS) $(CFLAGS) $(PGO_USE) $(PGO_AUX) $(WARNINGS) $(DEPFLAGS) -c -o $@ $<

$(REL_DIR)/gen/%.o: %.c | need-build
	@mkdir -p $(@D)
	$(CC) $(REL_CPPFLAGS) $(CFLAGS) $(PGO_GEN) $(PGO_AUX) $(WARNINGS) $(DEPFLAGS) -c -o $@ $<

$(REL_DIR)/gen/pgnaudit: $(REL_OBJ:$(REL_DIR)/obj/%=$(REL_DIR)/gen/%)
	$(CC) $(CFLAGS) $(PGO_GEN) $(LDFLAGS) -o $@ $^ $(LDLIBS)

# One thread (-j 1), so that the counts are the same in every build.
# Exit status 1 (findings) and 2 (the damaged test files) are expected;
# anything else, or no counts at all, stops the build.
$(REL_DIR)/profile: $(REL_DIR)/gen/pgnaudit $(PGO_TRAIN)
	rm -rf $(REL_DIR)/counts
	@for f in jsonl text; do $(REL_DIR)/gen/pgnaudit check -j 1 -f $$f -o /dev/null $(PGO_TRAIN) 2>/dev/null; \
		[ $$? -le 2 ] || { echo "pgo: the training run failed; make release PGO=0 builds without it" >&2; exit 1; }; done
	@[ -n "$$(find $(REL_DIR)/counts -name '*.gcda' 2>/dev/null | head -n 1)" ] || \
		{ echo "pgo: the training run left no counts in $(REL_DIR)/counts" >&2; exit 1; }
	touch $@

# With gcc the test programs link the library as one object, optimised
# across its files once (-r: link-time optimisation into a relocatable
# object), instead of each of the 22 links optimising it all again (about
# 2 s each).  Other compilers link the objects themselves.
ifeq ($(IS_GCC),1)
TEST_LIB := tests/bin/libpgnaudit.o
else
TEST_LIB := $(LIB_OBJ)
endif

tests/bin/libpgnaudit.o: $(LIB_OBJ)
	@mkdir -p tests/bin
	$(CC) $(CFLAGS) $(LDFLAGS) -r -flinker-output=nolto-rel -o $@ $(LIB_OBJ)

$(TEST_BIN): tests/bin/%: tests/%.c $(TEST_LIB)
	@mkdir -p tests/bin
	$(CC) $(CPPFLAGS) $(CFLAGS) $(WARNINGS) -MMD -MP -MF $@.d -MT $@ -o $@ $< $(TEST_LIB) -lcmocka -lz $(LDLIBS)

-include $(LIB_OBJ:.o=.d) $(CLI_OBJ:.o=.d) $(REL_OBJ:.o=.d) $(REL_OBJ:$(REL_DIR)/obj/%.o=$(REL_DIR)/gen/%.d) $(TEST_BIN:=.d)

# ISA-L's igzip inflates .pgn.gz input (parser/stream.c says why); libzstd,
# libbz2 and liblzma read .zst, .bz2 and .xz (parser/decompress.c);
# libarchive reads zip archives, loaded only when one is read (parser/zip.h:
# it is built against the header, linked at run time).  The
# tests compress their data with zlib and the command-line tools, other
# implementations.  Building (need-build) only says what is missing; make
# test and make demo install it (deps-build).
BUILD_HEADERS = isa-l/igzip_lib.h zstd.h bzlib.h lzma.h archive.h
HAVE_HEADERS = for h in $(BUILD_HEADERS); do printf '\043include <%s>\n' "$$h" | \
	$(CC) $(CPPFLAGS) -E -x c -o /dev/null - 2>/dev/null || exit 1; done

need-build:
	@( $(HAVE_HEADERS) ) || { echo "pgnaudit: cannot build: headers of $(BUILD_HEADERS) are missing;" \
		"install the Debian packages libisal-dev libzstd-dev libbz2-dev liblzma-dev libarchive-dev," \
		"or run make test or make demo, which install them" >&2; exit 1; }

deps-build:
	@( $(HAVE_HEADERS) ) || { [ -f $(APT_UPDATED) ] || { $(SUDO) apt-get update && touch $(APT_UPDATED); }; \
		$(SUDO) apt-get install -y libisal-dev libzstd-dev libbz2-dev liblzma-dev libarchive-dev; }

# strace injects the delays of tests/e2e_safety.sh (a file that grows while
# fix rewrites it, two fix runs at once).
# chromium and poppler-utils (pdftoppm): the HTML report's browser tests
# render the page, take screenshots and print it to PDF (e2e_report.sh).
# zstd, bzip2, xz-utils and zip compress the tests' data with the tools
# rather than the libraries pgnaudit reads them with.  zsh and fish run
# their shell completions (tests/completions.sh).
deps-test: deps-build
	@[ -f /usr/include/cmocka.h ] && [ -f /usr/include/zlib.h ] && command -v strace >/dev/null && \
		command -v python3 >/dev/null && command -v chromium >/dev/null && command -v pdftoppm >/dev/null && \
		command -v zstd >/dev/null && command -v bzip2 >/dev/null && command -v xz >/dev/null && \
		command -v zip >/dev/null && command -v zsh >/dev/null && command -v fish >/dev/null || \
		{ [ -f $(APT_UPDATED) ] || { $(SUDO) apt-get update && touch $(APT_UPDATED); }; \
		$(SUDO) apt-get install -y libcmocka-dev zlib1g-dev strace python3 \
			chromium poppler-utils zstd bzip2 xz-utils zip zsh fish; }

# The programs are built JOBS at a time, then the tests run, JOBS at a time
# too (tests/parallel.sh: the unit test programs, then the e2e scripts).
test: deps-test
	@$(MAKE) --no-print-directory -j$(JOBS) pgnaudit $(TEST_BIN)
	@$(MAKE) --no-print-directory unit e2e differential vectors

# unwinnable-timeout against the Chess Unwinnability Analyzer's test
# positions and 30,000 real time forfeits (../shared/cha; skipped without).
vectors: pgnaudit
	@if command -v python3 >/dev/null; then python3 tests/cha_vectors.py ./pgnaudit; \
	else echo "python3 not found; skipping the unwinnability vectors"; fi

# Against python-chess where it is importable (PYTHONPATH); skipped otherwise.
# Without --quick, tests/diff_python_chess.py, tests/diff_python_chess_rules.py
# and tests/diff_python_chess_variations.py compare the whole corpus (a few minutes).
differential: pgnaudit
	@if command -v python3 >/dev/null; then python3 tests/diff_python_chess.py --quick \
		&& python3 tests/diff_python_chess_rules.py --quick && python3 tests/diff_python_chess_variations.py --quick \
		&& sh tests/diff_repetitions.sh; \
	else echo "python3 not found; skipping the differential tests"; fi

unit: $(TEST_BIN)
	@JOBS=$(JOBS) sh tests/parallel.sh $(addprefix ./,$(TEST_BIN))

# e2e_report.sh renders the HTML report in chromium where it is installed,
# and prints it to PDF (make test installs chromium and poppler-utils).
e2e: pgnaudit
	@JOBS=$(JOBS) sh tests/parallel.sh "sh tests/e2e.sh" "sh tests/e2e_report.sh" \
		"sh tests/e2e_fixsplit.sh" "sh tests/e2e_fixz.sh" "sh tests/e2e_lang.sh" "sh tests/e2e_safety.sh" \
		"sh tests/e2e_inputs.sh" "sh tests/e2e_explain.sh" "sh tests/e2e_variations.sh" "sh tests/e2e_stood.sh" "sh tests/e2e_collection.sh" "sh tests/catalogue.sh" \
		"sh tests/manpages.sh" \
		"sh tests/completions.sh" "sh tests/layout.sh"

# Rebuilds everything with the sanitizers, runs the unit tests, the e2e
# tests and the corpus pass, then cleans up - also when something failed -
# so that `make` builds normally again.  The sanitizer runtimes come with
# gcc (Debian's gcc-12 depends on libasan8 and libubsan1).
SANITIZE_FLAGS = -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
SANITIZE_ENV = ASAN_OPTIONS=exitcode=99:detect_leaks=1 UBSAN_OPTIONS=exitcode=99:print_stacktrace=1

sanitize: deps-test
	$(MAKE) clean
	@status=0; \
	$(MAKE) CFLAGS="$(SANITIZE_FLAGS)" -j$(JOBS) pgnaudit $(TEST_BIN) \
		&& $(SANITIZE_ENV) $(MAKE) CFLAGS="$(SANITIZE_FLAGS)" unit e2e \
		&& $(SANITIZE_ENV) sh tests/corpus_pass.sh ./pgnaudit || status=$$?; \
	$(MAKE) clean; \
	exit $$status

# Every C file of the project, the tests and the fuzz targets included.  Any
# finding fails: clang-tidy through WarningsAsErrors in .clang-tidy, cppcheck
# through --error-exitcode.  Both read the sources as the build does.
LINT_SRC = $(CLI_SRC) $(LIB_SRC) $(TEST_SRC) $(sort $(wildcard tests/fuzz/*.c bench/*.c))
LINT_CPPFLAGS = -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -I.
CPPCHECK_FLAGS = --std=c11 --enable=warning,style,performance,portability --inline-suppr \
	--suppressions-list=.cppcheck-suppressions --error-exitcode=1 --quiet

deps-lint: deps-test
	@command -v cppcheck >/dev/null && command -v clang-tidy >/dev/null && command -v clang >/dev/null || \
		{ [ -f $(APT_UPDATED) ] || { $(SUDO) apt-get update && touch $(APT_UPDATED); }; \
		$(SUDO) apt-get install -y cppcheck clang-tidy clang; }

# clang-tidy takes one file at a time: with several files in one run,
# clang-tidy 14 reports every va_list as uninitialized (llvm-project#40656);
# JOBS files at once, each one's findings printed in one piece.
# Then every source is compiled as packagers do (-O2, no -flto: some
# warnings only show without it) and with the SSE2 paths left out (the
# scalar code other machines run); and by clang, whose warnings differ
# from gcc's (make stays warning-free with both).
lint: deps-lint
	cppcheck $(CPPCHECK_FLAGS) $(LINT_CPPFLAGS) $(LINT_SRC)
	@echo "cppcheck: no findings in $(words $(LINT_SRC)) files"
	@printf '%s\n' $(LINT_SRC) | xargs -P $(JOBS) -I{} sh -c \
		'out=$$(clang-tidy --quiet "$$1" -- -std=c11 $(LINT_CPPFLAGS) 2>&1) || \
			{ printf "%s\n" "$$out" | grep -v " generated\.$$"; exit 1; }' sh {} \
		&& echo "clang-tidy: no findings in $(words $(LINT_SRC)) files"
	@printf '%s\n' $(CLI_SRC) $(LIB_SRC) | xargs -P $(JOBS) -I{} sh -c \
		'$(CC) $(CPPFLAGS) -O2 $(WARNINGS) -c -o /dev/null "$$1" && \
		 $(CC) $(CPPFLAGS) -O2 -U__SSE2__ $(WARNINGS) -c -o /dev/null "$$1"' sh {} \
		&& echo "$(CC) -O2 without -flto, with and without SSE2: no warnings"
	@printf '%s\n' $(CLI_SRC) $(LIB_SRC) $(TEST_SRC) | xargs -P $(JOBS) -I{} \
		clang $(CPPFLAGS) -O2 $(WARNINGS) -fsyntax-only {} \
		&& echo "clang -O2: no warnings in the sources and the tests"

# check -j N under ThreadSanitizer, built into tests/bin/tsan/ (about 15 s).
tsan: deps-build
	@sh tests/tsan.sh

# GNU time measures each run's peak memory; without it hostile.sh checks
# only exit status and time.
deps-hostile: deps-build
	@[ -x /usr/bin/time ] || { [ -f $(APT_UPDATED) ] || { $(SUDO) apt-get update && touch $(APT_UPDATED); }; \
		$(SUDO) apt-get install -y time; }

hostile: deps-hostile
	@$(MAKE) --no-print-directory pgnaudit
	@sh tests/hostile.sh

FUZZ_SECONDS ?= 60

fuzz:
	@sh tests/fuzz/build.sh

fuzz-run: fuzz
	@sh tests/fuzz/run.sh $(FUZZ_SECONDS)

# Not part of `make test`: 15-40 s a mutant (tests/mutate.sh says what it does).
MUTANTS ?= 40
MUTATE_SEED ?= 1
mutate: deps-test
	@JOBS=$(JOBS) sh tests/mutate.sh $(MUTANTS) $(MUTATE_SEED)

demo: deps-build
	@$(MAKE) --no-print-directory pgnaudit
	./pgnaudit check testdata/sample.pgn; status=$$?; echo "exit status $$status (0 = no errors, 1 = errors found)"; [ $$status -le 1 ]

# The release binary is what is measured, and what is installed.
bench: release
	@command -v /usr/games/pgn-extract >/dev/null && command -v zstd >/dev/null || \
		{ [ -f $(APT_UPDATED) ] || { $(SUDO) apt-get update && touch $(APT_UPDATED); }; \
		$(SUDO) apt-get install -y pgn-extract zstd; }
	@PGNAUDIT=$(REL_DIR)/pgnaudit bash bench/run.sh

perft-full: all
	@sh tests/perft_full.sh

install: release install-completions
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(MANDIR)/man1
	install -m 755 $(REL_DIR)/pgnaudit $(DESTDIR)$(PREFIX)/bin/pgnaudit
	install -m 644 $(MANPAGES) $(DESTDIR)$(MANDIR)/man1/

# A target of its own, which builds nothing: tests/completions.sh installs
# them into a scratch DESTDIR.
install-completions:
	install -d $(DESTDIR)$(BASHCOMPDIR) $(DESTDIR)$(ZSHCOMPDIR) $(DESTDIR)$(FISHCOMPDIR)
	install -m 644 cli/completions/pgnaudit.bash $(DESTDIR)$(BASHCOMPDIR)/pgnaudit
	install -m 644 cli/completions/_pgnaudit $(DESTDIR)$(ZSHCOMPDIR)/_pgnaudit
	install -m 644 cli/completions/pgnaudit.fish $(DESTDIR)$(FISHCOMPDIR)/pgnaudit.fish

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/pgnaudit
	for m in $(notdir $(MANPAGES)); do rm -f $(DESTDIR)$(MANDIR)/man1/$$m; done
	rm -f $(DESTDIR)$(BASHCOMPDIR)/pgnaudit $(DESTDIR)$(ZSHCOMPDIR)/_pgnaudit $(DESTDIR)$(FISHCOMPDIR)/pgnaudit.fish

clean:
	rm -f pgnaudit
	rm -rf tests/bin build
