#!/bin/sh
# build.sh - builds the libFuzzer targets into tests/fuzz/bin/.
#
# Every source of parser/, validator/, reports/ and util/ is compiled once with
# AddressSanitizer, UBSan and libFuzzer's coverage instrumentation, then
# linked with each tests/fuzz/fuzz_*.c.  Needs clang and its fuzzer runtime
# (Debian: apt-get install clang libclang-rt-dev, or the versioned
# clang-14 libclang-rt-14-dev).  CC picks another clang; FUZZ_CFLAGS
# replaces the optimisation flags.
set -eu

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
FUZZ="$ROOT/tests/fuzz"
BIN="$FUZZ/bin"
OBJ="$BIN/obj"

find_clang() {
	for c in ${CC:-} clang clang-19 clang-18 clang-17 clang-16 clang-15 clang-14; do
		case "$c" in *clang*) command -v "$c" >/dev/null 2>&1 && { echo "$c"; return 0; } ;; esac
	done
	return 1
}

CLANG=$(find_clang) || {
	echo "build.sh: clang not found; libFuzzer needs clang (Debian: apt-get install clang libclang-rt-dev)" >&2
	exit 2
}

mkdir -p "$OBJ"

# Is libFuzzer's runtime there?  A missing libclang-rt fails only at link time.
probe="$OBJ/probe"
printf 'int LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n) { (void)d; (void)n; return 0; }\n' >"$probe.c"
if ! "$CLANG" -fsanitize=fuzzer,address,undefined -o "$probe" "$probe.c" >"$probe.log" 2>&1; then
	echo "build.sh: $CLANG cannot link a libFuzzer target; is its fuzzer runtime installed?" >&2
	echo "build.sh: (Debian: apt-get install libclang-rt-$("$CLANG" -dumpversion | cut -d. -f1)-dev)" >&2
	sed 's/^/    /' "$probe.log" >&2
	exit 2
fi
rm -f "$probe" "$probe.c" "$probe.log"

SAN="-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer"
CFLAGS="${FUZZ_CFLAGS:--O1 -g} $SAN -std=c11 -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes"
CPPFLAGS="-D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -I$ROOT"

cd "$ROOT"
objects=""
for src in parser/*.c validator/*/*.c reports/*.c util/*.c; do
	[ -f "$src" ] || continue   # a pattern that matches nothing
	obj="$OBJ/$(echo "$src" | tr / _ | sed 's/\.c$/.o/')"
	# Rebuild when the source or any header is newer than the object.
	if [ ! -f "$obj" ] || [ -n "$(find "$src" parser validator reports util -name '*.[ch]' -newer "$obj" 2>/dev/null | head -1)" ]; then
		echo "  CC $src"
		# shellcheck disable=SC2086
		"$CLANG" $CPPFLAGS $CFLAGS -fsanitize=fuzzer-no-link -c -o "$obj" "$src"
	fi
	objects="$objects $obj"
done

for target in "$FUZZ"/fuzz_*.c; do
	name=$(basename "$target" .c)
	echo "  LD tests/fuzz/bin/$name"
	# shellcheck disable=SC2086
	"$CLANG" $CPPFLAGS $CFLAGS -fsanitize=fuzzer -o "$BIN/$name" "$target" $objects -lisal -lzstd -lbz2 -llzma -lz -lpthread
done
echo "build.sh: targets in tests/fuzz/bin/ (run them with tests/fuzz/run.sh SECONDS)"
