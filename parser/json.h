/*
 * json.h - reading one flat JSON object, such as a line of JSON Lines.
 *
 * `pgnaudit report` reads back what `check --format=jsonl` wrote: one
 * object per line whose values are strings and numbers.  This reader is
 * strict (RFC 8259): anything that is not exactly one JSON object is refused
 * with a one-sentence reason naming the byte column, never guessed at.  It
 * decodes in place - the strings it hands out point into the caller's line,
 * which it overwrites - so reading a line allocates nothing.
 *
 * Strings are checked to be valid UTF-8 and their escapes decoded (\uXXXX
 * and surrogate pairs to UTF-8); a string that would contain NUL (\u0000)
 * is refused, so every value is an ordinary C string.  An array of numbers
 * without exponents (check's "variation", the "clocks" of --clocks) is
 * handed out as its text between the brackets ("24,25", "5400,5399.5");
 * objects and other arrays are refused: no line that check writes has
 * them.
 */
#ifndef PGNAUDIT_JSON_H
#define PGNAUDIT_JSON_H

#include <stddef.h>

enum json_type { JSON_STRING, JSON_NUMBER, JSON_TRUE, JSON_FALSE, JSON_NULL, JSON_NUMBERS };

struct json_member {
	const char *name;
	enum json_type type;
	const char *value;   /* the decoded string, or a number's text as written */
};

/* Parses the object in line[0..len), which must be writable and have a byte
 * to spare at line[len] (it is overwritten with NUL).  Members are stored
 * in order, at most max of them.  Returns the member count, or -1 with a
 * reason in err ("column 12: expected ':' after a member name").  A name
 * that occurs twice is refused. */
int json_parse_object(char *line, size_t len, struct json_member *members, int max, char *err, size_t errlen);

/* The member called name, or NULL. */
const struct json_member *json_find(const struct json_member *members, int count, const char *name);

/* A number member that is an integer within [min, max]: 0 and *out set,
 * else -1. */
int json_integer(const struct json_member *m, long long min, long long max, long long *out);

#endif
