/*
 * fuzz_san.c - libFuzzer target for the SAN parser (parser/san.h).
 *
 * The input is one token, passed with its length and without a NUL, as the
 * reader's tokens are not: a read past the end is an ASan report.  A parsed
 * move must hold values in the ranges san.h gives; a refusal must say why.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "parser/san.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct san out;
	char err[160];
	err[0] = '\0';
	if (san_parse((const char *)data, size, &out, err, sizeof err) < 0) {
		if (err[0] == '\0' || memchr(err, '\0', sizeof err) == NULL)
			abort();
		return 0;
	}
	if (out.kind > SAN_NULL || (out.piece > SAN_KING && out.piece != SAN_ANY))
		abort();
	if (out.from_file < -1 || out.from_file > 7 || out.from_rank < -1 || out.from_rank > 7)
		abort();
	if (out.to < -1 || out.to > 63 || out.promotion < -1 || out.promotion > SAN_KING)
		abort();
	if (out.kind == SAN_MOVE && out.to < 0)
		abort();
	if (out.suffix > SUFFIX_DOUBLE_PLUS || memchr(out.glyph, '\0', sizeof out.glyph) == NULL)
		abort();
	return 0;
}
