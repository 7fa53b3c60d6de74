/*
 * fuzz_json.c - libFuzzer target for the JSON Lines reader (parser/json.h).
 *
 * The input is one line, in a buffer of exactly its size plus the one byte
 * json_parse_object may write: a read or write past it is an ASan report.
 * A parsed object's names and values must lie inside the buffer, be valid
 * UTF-8 and hold no NUL but their terminator; a refusal must say why.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "parser/json.h"

/* Valid UTF-8 up to its NUL? (Not using the reader's own check.) */
static int valid_utf8(const unsigned char *s)
{
	while (*s) {
		int n = *s < 0x80 ? 1 : (*s & 0xE0) == 0xC0 ? 2 : (*s & 0xF0) == 0xE0 ? 3 : (*s & 0xF8) == 0xF0 ? 4 : 0;
		if (n == 0 || (n == 2 && *s < 0xC2) || (n == 4 && *s > 0xF4))
			return 0;
		for (int i = 1; i < n; i++)
			if ((s[i] & 0xC0) != 0x80)
				return 0;
		s += n;
	}
	return 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *line = malloc(size + 1);
	if (!line)
		return 0;
	memcpy(line, data, size);
	struct json_member m[16];
	char err[200];
	err[0] = '\0';
	int n = json_parse_object(line, size, m, 16, err, sizeof err);
	if (n < 0) {
		if (err[0] == '\0' || memchr(err, '\0', sizeof err) == NULL)
			abort();
		free(line);
		return 0;
	}
	if (n > 16)
		abort();
	for (int i = 0; i < n; i++) {
		const char *parts[2] = { m[i].name, m[i].value };
		for (int p = 0; p < 2; p++) {
			const char *s = parts[p];
			if (m[i].type > JSON_NULL)
				abort();
			if (p == 1 && m[i].type >= JSON_TRUE)
				continue; /* static words */
			if (s < line || s + strlen(s) > line + size || !valid_utf8((const unsigned char *)s))
				abort();
		}
	}
	free(line);
	return 0;
}
