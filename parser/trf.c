/*
 * trf.c - the FIDE Tournament Report File, read by columns (trf.h).
 */
#include "parser/trf.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/memory.h"

/* The characters of a line that are read: 99 rounds end at column 1081. */
#define TRF_LINE_MAX 1200

/* A line as characters: where each one starts in the bytes, so that a
 * column is found by its number whatever the encoding. */
struct columns {
	const char *text;
	size_t len;
	size_t at[TRF_LINE_MAX]; /* byte offset of character i (0-based) */
	size_t count;
};

static size_t utf8_length(const unsigned char *s, size_t left)
{
	size_t n = s[0] < 0x80 ? 1 : (s[0] & 0xe0) == 0xc0 ? 2 : (s[0] & 0xf0) == 0xe0 ? 3 : (s[0] & 0xf8) == 0xf0 ? 4 : 0;
	if (n == 0 || n > left)
		return 0;
	for (size_t i = 1; i < n; i++)
		if ((s[i] & 0xc0) != 0x80)
			return 0;
	return n;
}

static void split_columns(struct columns *c, const char *text, size_t len)
{
	c->text = text;
	c->len = len;
	c->count = 0;
	int utf8 = 1;
	for (size_t i = 0; i < len;) {
		size_t n = utf8_length((const unsigned char *)text + i, len - i);
		if (!n) {
			utf8 = 0;
			break;
		}
		i += n;
	}
	for (size_t i = 0; i < len && c->count < sizeof c->at / sizeof c->at[0];) {
		c->at[c->count++] = i;
		size_t n = utf8 ? utf8_length((const unsigned char *)text + i, len - i) : 1;
		i += n ? n : 1;
	}
}

/* Columns first..last (1-based, inclusive), blanks at both ends cut, into
 * out (len bytes with the NUL). */
static void field(const struct columns *c, size_t first, size_t last, char *out, size_t len)
{
	size_t from = first - 1 < c->count && first - 1 < TRF_LINE_MAX ? c->at[first - 1] : c->len;
	size_t to = last < c->count && last < TRF_LINE_MAX ? c->at[last] : c->len;
	while (from < to && isspace((unsigned char)c->text[from]))
		from++;
	while (to > from && isspace((unsigned char)c->text[to - 1]))
		to--;
	size_t n = to - from < len - 1 ? to - from : len - 1;
	memcpy(out, c->text + from, n);
	out[n] = '\0';
}

/* The character at a column, or ' ' past the end or for a byte that is more. */
static char column(const struct columns *c, size_t col)
{
	if (col - 1 >= c->count || col - 1 >= TRF_LINE_MAX)
		return ' ';
	size_t at = c->at[col - 1], next = col < c->count && col < TRF_LINE_MAX ? c->at[col] : c->len;
	if (next - at != 1)
		return '?';
	return c->text[at];
}

static int number(const char *s, long *v)
{
	char *end;
	if (!*s) {
		*v = 0;
		return 0;
	}
	errno = 0;
	*v = strtol(s, &end, 10);
	return *end || errno ? -1 : 0;
}

/* Three numbers joined by one separator, the same twice ("2024/11/23",
 * "23.11.2024", "24/05/01"); returns the separator, or 0 when s is not that. */
static char three_numbers(const char *s, long n[3])
{
	char sep = 0;
	for (int i = 0; i < 3; i++) {
		char *end;
		if (!isdigit((unsigned char)*s))
			return 0;
		n[i] = strtol(s, &end, 10);
		s = end;
		if (i < 2) {
			if (!strchr("/-.", *s) || !*s || (sep && *s != sep))
				return 0;
			sep = *s++;
		}
	}
	if (*s)
		return 0;
	return sep;
}

/* A date of a 042/052 record in any of the forms seen (2024/11/23,
 * 2024-11-23, 2024.11.23, 23/11/2024, 23.11.2024, "28. 07. 2005"), as
 * yyyymmdd; 0 when not one of them. */
static uint32_t header_date(const char *s)
{
	char compact[32];
	size_t n = 0;
	for (; *s && n < sizeof compact - 1; s++)
		if (*s != ' ')
			compact[n++] = *s;
	compact[n] = '\0';
	long v[3];
	if (!three_numbers(compact, v))
		return 0;
	long y = v[0] > 31 ? v[0] : v[2], m = v[1], d = v[0] > 31 ? v[2] : v[0];
	if (y < 1000 || y > 9999 || m < 1 || m > 12 || d < 1 || d > 31)
		return 0;
	return (uint32_t)(y * 10000 + m * 100 + d);
}

/* YY/MM/DD of a 132 record. */
static uint32_t round_date(const char *s)
{
	long v[3];
	if (three_numbers(s, v) != '/' || v[1] < 1 || v[1] > 12 || v[2] < 1 || v[2] > 31 || v[0] > 9999)
		return 0;
	long y = v[0] < 100 ? v[0] + 2000 : v[0];
	return (uint32_t)(y * 10000 + v[1] * 100 + v[2]);
}

static int fail(char *err, size_t errlen, const char *path, uint64_t line, const char *what)
{
	if (line)
		snprintf(err, errlen, "%s:%llu: %s", path, (unsigned long long)line, what);
	else
		snprintf(err, errlen, "%s: %s", path, what);
	return -1;
}

/* The rounds read of a player that is not kept; returns status. */
static int drop_player(struct trf_player *p, int status)
{
	free(p->round);
	p->round = NULL;
	return status;
}

static int read_player(struct trf *t, const struct columns *c, uint64_t line, const char *path, char *err,
		       size_t errlen)
{
	char buf[TRF_NAME_MAX], what[200];
	long v;
	field(c, 5, 8, buf, sizeof buf);
	if (number(buf, &v) < 0 || v < 1 || v > TRF_MAX_PLAYERS) {
		snprintf(what, sizeof what, "a player (001) whose start rank, columns 5-8, is \"%.8s\", not a number from 1 to %d",
			 buf, TRF_MAX_PLAYERS);
		return fail(err, errlen, path, line, what);
	}
	if (t->by_rank[v]) {
		snprintf(what, sizeof what, "start rank %ld is given again (it is the player's of line %llu)", v,
			 (unsigned long long)t->players[t->by_rank[v] - 1].line);
		return fail(err, errlen, path, line, what);
	}
	if (t->count % 64 == 0)
		t->players = xrealloc(t->players, ((size_t)t->count + 64) * sizeof *t->players);
	struct trf_player *p = &t->players[t->count];
	memset(p, 0, sizeof *p);
	p->rank = (int)v;
	p->line = line;
	field(c, 15, 47, p->name, sizeof p->name);
	field(c, 49, 52, buf, sizeof buf);
	p->rating = number(buf, &v) == 0 && v > 0 && v < 4000 ? (int)v : 0;
	field(c, 58, 68, buf, sizeof buf);
	long long id = 0;
	char *end;
	if (buf[0])
		id = strtoll(buf, &end, 10);
	if (buf[0] && (*end || id < 0 || id > 99999999999LL)) {
		snprintf(what, sizeof what, "%s: a FIDE ID, columns 58-68, of \"%.11s\", not a number", p->name, buf);
		return fail(err, errlen, path, line, what);
	}
	p->fide_id = (uint64_t)id;
	/* the round blocks, while there are columns for one */
	int rounds = 0;
	for (int r = 1; r <= TRF_MAX_ROUNDS && 92 + 10 * (size_t)(r - 1) <= c->count; r++) {
		size_t b = 92 + 10 * (size_t)(r - 1);
		char opp[8];
		field(c, b, b + 3, opp, sizeof opp);
		char colour = column(c, b + 5), result = (char)toupper((unsigned char)column(c, b + 7));
		if (number(opp, &v) < 0 || v < 0 || v > TRF_MAX_PLAYERS) {
			snprintf(what, sizeof what, "%s, round %d: an opponent, columns %zu-%zu, of \"%s\", not a start rank",
				 p->name, r, b, b + 3, opp);
			return drop_player(p, fail(err, errlen, path, line, what));
		}
		if (colour == ' ')
			colour = '-';
		if (colour == 'W' || colour == 'B')
			colour = (char)tolower((unsigned char)colour);
		if (!strchr("wb-", colour)) {
			snprintf(what, sizeof what, "%s, round %d: a colour, column %zu, of '%c', not w, b or -", p->name, r,
				 b + 5, colour);
			return drop_player(p, fail(err, errlen, path, line, what));
		}
		if (result == ' ')
			result = v ? '*' : 'Z';   /* a pairing not played yet; an absence */
		if (!strchr("1=0WDL+-HFUZ*", result)) {
			snprintf(what, sizeof what,
				 "%s, round %d: a result, column %zu, of '%c', none of 1 = 0 W D L + - H F U Z", p->name, r,
				 b + 7, result);
			return drop_player(p, fail(err, errlen, path, line, what));
		}
		rounds = r;
		p->round = xrealloc(p->round, (size_t)r * sizeof *p->round);
		p->round[r - 1] = (struct trf_round){ (uint16_t)v, colour, result };
	}
	/* trailing blank blocks are padding */
	while (rounds > 0 && p->round[rounds - 1].opponent == 0 && p->round[rounds - 1].result == 'Z' &&
	       p->round[rounds - 1].colour == '-')
		rounds--;
	p->rounds = rounds;
	if (rounds > t->rounds)
		t->rounds = rounds;
	t->by_rank[p->rank] = ++t->count;
	return 0;
}

struct trf *trf_read(const char *path, char *err, size_t errlen)
{
	FILE *fp = fopen(path, "rb");
	if (!fp) {
		fail(err, errlen, path, 0, strerror(errno));
		return NULL;
	}
	struct trf *t = trf_read_stream(fp, path, err, errlen);
	fclose(fp);
	return t;
}

struct trf *trf_read_stream(FILE *fp, const char *path, char *err, size_t errlen)
{
	struct trf *t = xcalloc(1, sizeof *t);
	t->by_rank = xcalloc(TRF_MAX_PLAYERS + 1, sizeof *t->by_rank);
	char *line = NULL;
	size_t cap = 0, len = 0;
	uint64_t number_of_line = 0;
	int status = 0, c;
	struct columns *cols = xmalloc(sizeof *cols);
	do {
		c = getc(fp);
		if (c != EOF && c != '\n' && c != '\r') {
			if (len + 1 >= cap) {
				cap = cap ? 2 * cap : 512;
				line = xrealloc(line, cap);
			}
			line[len++] = (char)c;
			continue;
		}
		if (c == '\r') {
			int next = getc(fp);
			if (next != '\n' && next != EOF)
				ungetc(next, fp);
		}
		if (c == EOF && len == 0)
			break;
		number_of_line++;
		const char *text = line ? line : "";
		if (number_of_line == 1 && len >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0) {
			text += 3;
			len -= 3;
		}
		split_columns(cols, text, len);
		char code[4];
		memcpy(code, len >= 3 ? text : "   ", 3);
		code[3] = '\0';
		char buf[256];
		if (strcmp(code, "001") == 0) {
			status = read_player(t, cols, number_of_line, path, err, errlen);
		} else if (strcmp(code, "012") == 0) {
			field(cols, 5, cols->count, t->name, sizeof t->name);
		} else if (strcmp(code, "042") == 0 || strcmp(code, "052") == 0) {
			field(cols, 5, cols->count, buf, sizeof buf);
			*(code[1] == '4' ? &t->start : &t->end) = header_date(buf);
		} else if (strcmp(code, "132") == 0) {
			for (int r = 1; r <= TRF_MAX_ROUNDS && 92 + 10 * (size_t)(r - 1) <= cols->count; r++) {
				size_t b = 92 + 10 * (size_t)(r - 1);
				field(cols, b - 1, b + 8, buf, sizeof buf);
				t->round_date[r - 1] = round_date(buf);
			}
		}
		len = 0;
	} while (status == 0 && c != EOF);
	if (status == 0 && ferror(fp))
		status = fail(err, errlen, path, 0, strerror(errno));
	free(line);
	free(cols);
	if (status == 0 && t->count == 0)
		status = fail(err, errlen, path, 0, "no player record (001): is this a FIDE tournament report file (TRF)?");
	/* every opponent a player */
	for (int i = 0; status == 0 && i < t->count; i++) {
		const struct trf_player *p = &t->players[i];
		for (int r = 0; r < p->rounds && status == 0; r++) {
			int o = p->round[r].opponent;
			if (o && !t->by_rank[o]) {
				char what[200];
				snprintf(what, sizeof what, "%s, round %d: the opponent's start rank %d is no player's", p->name,
					 r + 1, o);
				status = fail(err, errlen, path, p->line, what);
			}
		}
	}
	if (status < 0) {
		trf_free(t);
		return NULL;
	}
	return t;
}

void trf_free(struct trf *t)
{
	if (!t)
		return;
	for (int i = 0; i < t->count; i++)
		free(t->players[i].round);
	free(t->players);
	free(t->by_rank);
	free(t);
}

const struct trf_player *trf_player(const struct trf *t, int rank)
{
	if (rank < 1 || rank > TRF_MAX_PLAYERS || !t->by_rank[rank])
		return NULL;
	return &t->players[t->by_rank[rank] - 1];
}

int trf_played(char result)
{
	return result && strchr("1=0WDL", result) != NULL;
}
