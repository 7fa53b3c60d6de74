/*
 * names.c - names, dates and words as the collection checks compare them,
 * and the pool that keeps each string of the run once.
 */
#include "validator/collection/internal.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "util/memory.h"

/* Latin-1 0xC0-0xFF (and U+00C0-U+00FF) without their accents: '*' marks a
 * letter that is two ('Æ' ae, 'ß' ss, 'Þ' th), ' ' a sign. */
static const char latin1[65] = "aaaaaa*ceeeeiiiidnooooo ouuuuyt*aaaaaa*ceeeeiiiidnooooo ouuuuyty";
static const char *const latin1_pairs[] = { "ae", "ss", "th" };
/* U+0100-U+017F: 'I' is ij, 'O' is oe. */
static const char extended_a[129] =
	"aaaaaacccccccc" "dddd" "eeeeeeeeee" "gggggggg" "hhhh" "iiiiiiiiii" "II" "jj" "kkk" "llllllllll"
	"nnnnnnnnn" "oooooo" "OO" "rrrrrr" "ssssssss" "tttttt" "uuuuuuuuuuuu" "ww" "yyy" "zzzzzz" "s";

/* The letters of the character at s, folded, into buf (at most 3 bytes
 * and NUL); returns the bytes read (0 at NUL).  buf is "" for a character
 * that is not part of a word. */
static size_t fold_char(const unsigned char *s, char *buf)
{
	buf[0] = buf[1] = buf[2] = '\0';
	if (*s < 0x80) {
		if (isalnum(*s))
			buf[0] = (char)tolower(*s);
		return *s ? 1 : 0;
	}
	unsigned code = 0;
	size_t n = 1;
	if ((s[0] & 0xe0) == 0xc0 && (s[1] & 0xc0) == 0x80) {
		code = ((unsigned)(s[0] & 0x1f) << 6) | (s[1] & 0x3f);
		n = 2;
	} else if ((s[0] & 0xf0) == 0xe0 && (s[1] & 0xc0) == 0x80 && (s[2] & 0xc0) == 0x80) {
		n = 3;   /* other scripts: kept as they are */
	} else if ((s[0] & 0xf8) == 0xf0 && (s[1] & 0xc0) == 0x80 && (s[2] & 0xc0) == 0x80 && (s[3] & 0xc0) == 0x80) {
		n = 4;
	} else {
		code = s[0];   /* not UTF-8: Latin-1 */
	}
	char c = 0;
	if (code >= 0xc0 && code <= 0xff) {
		c = latin1[code - 0xc0];
		if (c == '*') {
			const char *pair = latin1_pairs[code == 0xdf ? 1 : (code == 0xde || code == 0xfe) ? 2 : 0];
			buf[0] = pair[0];
			buf[1] = pair[1];
			return n;
		}
		if (c == ' ')
			return n;
	} else if (code >= 0x100 && code <= 0x17f) {
		c = extended_a[code - 0x100];
		if (c == 'I' || c == 'O') {
			buf[0] = c == 'I' ? 'i' : 'o';
			buf[1] = c == 'I' ? 'j' : 'e';
			return n;
		}
	} else if (code == 0 || code >= 0x370) {
		/* Greek, Cyrillic and beyond, as written (lower case left alone) */
		memcpy(buf, s, n < 3 ? n : 3);
		return n;
	} else {
		return n;   /* C1 controls, signs: not letters */
	}
	buf[0] = c;
	return n;
}

#define FOLD_WORDS 16

struct word {
	const char *at;
	size_t len;
};

static int word_before(const struct word *a, const struct word *b)
{
	size_t n = a->len < b->len ? a->len : b->len;
	int c = memcmp(a->at, b->at, n);
	return c < 0 || (c == 0 && a->len < b->len);
}

size_t names_fold(const char *name, char *out, size_t len)
{
	/* the letters folded, words one after another (at most FOLD_WORDS) */
	char letters[4 * COLLECT_STRING_MAX + 4];
	struct word words[FOLD_WORDS];
	int count = 0;
	size_t n = 0, start = 0;
	const unsigned char *s = (const unsigned char *)(name ? name : "");
	for (;;) {
		/* ASCII, most names' every letter, without fold_char's tables */
		unsigned ch = *s;
		if (ch != 0 && ch < 0x80) {
			char f = (char)((ch >= '0' && ch <= '9') || (ch >= 'a' && ch <= 'z') ? ch
					: ch >= 'A' && ch <= 'Z' ? ch + ('a' - 'A') : 0);
			if (f && count < FOLD_WORDS) {
				if (n < sizeof letters - 1)
					letters[n++] = f;
			} else if (n > start) {
				words[count++] = (struct word){ letters + start, n - start };
				start = n;
			}
			s++;
			continue;
		}
		char buf[4];
		size_t step = fold_char(s, buf);
		if (buf[0] && count < FOLD_WORDS) {
			for (int i = 0; i < 3 && buf[i] && n < sizeof letters - 1; i++)
				letters[n++] = buf[i];
		} else if (n > start) {
			words[count++] = (struct word){ letters + start, n - start };
			start = n;
		}
		if (step == 0)
			break;
		s += step;
	}
	if (n > start && count < FOLD_WORDS)
		words[count++] = (struct word){ letters + start, n - start };
	/* insertion sort: a name has a few words */
	for (int i = 1; i < count; i++) {
		struct word w = words[i];
		int j = i;
		for (; j > 0 && word_before(&w, &words[j - 1]); j--)
			words[j] = words[j - 1];
		words[j] = w;
	}
	size_t at = 0;
	for (int i = 0; i < count; i++) {
		if (at + words[i].len + (i > 0) + 1 > len)
			break;
		if (i > 0)
			out[at++] = ' ';
		memcpy(out + at, words[i].at, words[i].len);
		at += words[i].len;
	}
	if (len)
		out[at < len ? at : len - 1] = '\0';
	return at;
}

static int split_words(const char *s, const char *w[FOLD_WORDS], size_t n[FOLD_WORDS])
{
	int count = 0;
	while (*s && count < FOLD_WORDS) {
		const char *e = strchr(s, ' ');
		size_t len = e ? (size_t)(e - s) : strlen(s);
		w[count] = s;
		n[count++] = len;
		s += len;
		if (*s == ' ')
			s++;
	}
	return count;
}

/* Whether every word of a is in b, or the initial of a word of b, each
 * word of b used once; and one of two letters or more is in both. */
static int words_within(const char *a, const char *b)
{
	const char *wa[FOLD_WORDS], *wb[FOLD_WORDS];
	size_t na[FOLD_WORDS], nb[FOLD_WORDS];
	int ca = split_words(a, wa, na), cb = split_words(b, wb, nb);
	int used[FOLD_WORDS] = { 0 }, whole = 0;
	/* whole words first, so that an initial takes a word left over */
	int matched[FOLD_WORDS] = { 0 };
	for (int i = 0; i < ca; i++) {
		for (int j = 0; j < cb; j++) {
			if (!used[j] && na[i] == nb[j] && memcmp(wa[i], wb[j], na[i]) == 0) {
				used[j] = matched[i] = 1;
				whole += na[i] >= 2;
				break;
			}
		}
	}
	for (int i = 0; i < ca; i++) {
		if (matched[i])
			continue;
		if (na[i] != 1)
			return 0;
		int found = 0;
		for (int j = 0; j < cb && !found; j++) {
			if (!used[j] && nb[j] > 1 && wb[j][0] == wa[i][0])
				used[j] = found = 1;
		}
		if (!found)
			return 0;
	}
	return whole > 0;
}

int names_compatible(const char *a, const char *b)
{
	return words_within(a, b) || words_within(b, a);
}

static int edit_distance(const char *a, size_t na, const char *b, size_t nb, int most)
{
	int row[65];
	if (na > 64 || nb > 64)
		return most + 1;
	for (size_t j = 0; j <= nb; j++)
		row[j] = (int)j;
	for (size_t i = 1; i <= na; i++) {
		int diag = row[0], low;
		row[0] = (int)i;
		low = row[0];
		for (size_t j = 1; j <= nb; j++) {
			int up = row[j];
			int v = diag + (a[i - 1] != b[j - 1]);
			if (up + 1 < v)
				v = up + 1;
			if (row[j - 1] + 1 < v)
				v = row[j - 1] + 1;
			row[j] = v;
			diag = up;
			if (v < low)
				low = v;
		}
		if (low > most)
			return most + 1;
	}
	return row[nb];
}

int names_similar(const char *a, const char *b)
{
	const char *wa[FOLD_WORDS], *wb[FOLD_WORDS];
	size_t na[FOLD_WORDS], nb[FOLD_WORDS];
	int ca = split_words(a, wa, na), cb = split_words(b, wb, nb);
	for (int i = 0; i < ca; i++) {
		for (int j = 0; j < cb; j++) {
			size_t shorter = na[i] < nb[j] ? na[i] : nb[j];
			if (shorter >= 2 && memcmp(wa[i], wb[j], shorter) == 0)
				return 1;
			int most = shorter >= 5 ? 2 : shorter >= 3 ? 1 : 0;
			if (most && edit_distance(wa[i], na[i], wb[j], nb[j], most) <= most)
				return 1;
		}
	}
	return 0;
}

int names_unknown(const char *name)
{
	char f[64];
	names_fold(name, f, sizeof f);
	return !f[0] || strcmp(f, "nn") == 0 || strcmp(f, "n n") == 0 || strcmp(f, "unknown") == 0;
}

static int two_digits(const char *s)
{
	return isdigit((unsigned char)s[0]) && isdigit((unsigned char)s[1]) ? (s[0] - '0') * 10 + (s[1] - '0') : 0;
}

uint32_t names_date(const char *d)
{
	if (!d || strlen(d) < 4)
		return 0;
	for (int i = 0; i < 4; i++)
		if (!isdigit((unsigned char)d[i]))
			return 0;
	uint32_t year = (uint32_t)((d[0] - '0') * 1000 + (d[1] - '0') * 100 + (d[2] - '0') * 10 + (d[3] - '0'));
	uint32_t month = 0, day = 0;
	if (d[4] == '.' && d[5] && d[6]) {
		month = (uint32_t)two_digits(d + 5);
		if (month > 12)
			month = 0;
		if (month && d[7] == '.' && d[8] && d[9]) {
			day = (uint32_t)two_digits(d + 8);
			if (day > 31)
				day = 0;
		}
	}
	return year ? year * 10000 + month * 100 + day : 0;
}

void collection_date_text(uint32_t d, char *buf, size_t len)
{
	if (!d) {
		if (len)
			buf[0] = '\0';
		return;
	}
	/* only for a finding's message: the games' labels are the report's */
	char m[3] = "??", day[3] = "??";
	if (d / 100 % 100)
		snprintf(m, sizeof m, "%02u", d / 100 % 100);
	if (d % 100)
		snprintf(day, sizeof day, "%02u", d % 100);
	snprintf(buf, len, "%04u.%s.%s", d / 10000, m, day);
}

void collection_where(const struct collection *c, const struct collection_entry *o, const struct collection_entry *e,
		      char *buf, size_t len)
{
	size_t oi = (size_t)(o - c->entries), ei = (size_t)(e - c->entries);
	uint32_t file = collection_entry_file(c, oi);
	unsigned game = collection_entry_game(c, oi);
	unsigned long long line = (unsigned long long)collection_entry_line(c, oi);
	if (file == collection_entry_file(c, ei))
		snprintf(buf, len, "game %u (line %llu)", game, line);
	else
		snprintf(buf, len, "game %u of %.70s (line %llu)", game, collection_file(c, file), line);
}

/* Whether the word w (n letters) starts at s, whose `left` bytes follow,
 * as a word of its own or, when `stem`, as the start of one ("forfeit" in
 * "forfeited"). */
static int word_at(const char *s, size_t left, const char *w, size_t n, int stem)
{
	if (left < n || memcmp(s, w, n) != 0)
		return 0;
	return stem || left == n || !isalpha((unsigned char)s[n]);
}

int names_say_unplayed(const char *text)
{
	if (!text || !*text)
		return 0;
	char low[COLLECT_STRING_MAX + 1];
	size_t n = 0;
	for (; n < sizeof low - 1 && text[n]; n++) {
		unsigned char ch = (unsigned char)text[n];
		low[n] = (char)(ch >= 'A' && ch <= 'Z' ? ch + ('a' - 'A') : ch);
	}
	low[n] = '\0';
	/* Each word's start, once: "unplayed", "not played", "bye", "by
	 * default", "walkover", "walk-over", "no show", "did not show",
	 * "non-arrival" say the game was not played; a forfeit, forfeited, one
	 * that may have come after moves ("forfeits by disconnection") unless
	 * the text speaks of time or a flag ("forfeits on time", "time
	 * forfeit": a loss on time). */
#define AT(literal, stem) word_at(w, n - i, (literal), sizeof(literal) - 1, (stem))
	int forfeit = 0, on_time = 0;
	for (size_t i = 0; i < n; i++) {
		if (i > 0 && isalpha((unsigned char)low[i - 1]))
			continue;
		const char *w = low + i;
		switch (*w) {
		case 'u': if (AT("unplayed", 0)) return 1; break;
		case 'n': if (AT("not played", 0) || AT("no show", 0) || AT("non-arrival", 0)) return 1; break;
		case 'b': if (AT("bye", 0) || AT("by default", 0)) return 1; break;
		case 'w': if (AT("walkover", 0) || AT("walk-over", 0)) return 1; break;
		case 'd': if (AT("did not show", 0)) return 1; break;
		case 'f':
			forfeit |= AT("forfeit", 1);
			on_time |= AT("flag", 0);
			break;
		case 't': on_time |= AT("time", 0); break;
		default: break;
		}
	}
#undef AT
	return forfeit && !on_time ? 2 : 0;
}

/* A string's hash: eight bytes at a time, each folded in with a multiply
 * (the table compares the bytes of a string whose hash matches). */
uint32_t pool_hash(const char *s, size_t n)
{
	uint64_t h = 0x9e3779b97f4a7c15ull ^ n;
	for (; n >= 8; s += 8, n -= 8) {
		uint64_t w;
		memcpy(&w, s, 8);
		h = (h ^ w) * 0xbf58476d1ce4e5b9ull;
		h ^= h >> 31;
	}
	if (n) {
		uint64_t w = 0;
		memcpy(&w, s, n);
		h = (h ^ w) * 0xbf58476d1ce4e5b9ull;
	}
	h ^= h >> 29;
	h *= 0x94d049bb133111ebull;
	return (uint32_t)(h >> 32);
}

/* A string's record in text, at a multiple of 8: its id (4 bytes), its
 * length (2), the bytes and a NUL.  A slot of the table is the hash and
 * the record's place (in units of 8 bytes, + 1): a lookup reads the slot
 * and the record, nothing else. */
#define RECORD_HEAD 6
#define SLOT_HASH(slot) ((uint32_t)((slot) >> 32))
#define SLOT_RECORD(slot) ((size_t)((uint32_t)(slot) - 1) * 8)

static void pool_grow_slots(struct string_pool *p)
{
	uint32_t slots = p->slot_count ? p->slot_count * 2 : 1024;
	uint64_t *t = collection_grow(NULL, 0, slots * sizeof *t);
	memset(t, 0, slots * sizeof *t);
	for (uint32_t i = 0; i < p->slot_count; i++) {
		uint64_t slot = p->slots[i];
		if (!slot)
			continue;
		uint32_t at = SLOT_HASH(slot) & (slots - 1);
		while (t[at])
			at = (at + 1) & (slots - 1);
		t[at] = slot;
	}
	free(p->slots);
	p->slots = t;
	p->slot_count = slots;
}

uint32_t pool_intern(struct string_pool *p, const char *s, size_t len)
{
	if (len > 0xffff)
		len = 0xffff;
	return pool_intern_hashed(p, s, len, pool_hash(s, len));
}

void pool_prefetch(const struct string_pool *p, uint32_t h)
{
	if (p->slots)
		__builtin_prefetch(&p->slots[h & (p->slot_count - 1)]);
}

uint32_t pool_intern_hashed(struct string_pool *p, const char *s, size_t len, uint32_t h)
{
	if (len == 0 && p->count > 0)
		return 0;
	/* three quarters full at most: a slot is 8 bytes, eight of them a
	 * line of the cache, so a few more probes cost little, and a table
	 * that grows later is fewer new pages (each one's first touch, on
	 * a virtual machine, costs more than the probes: the bench file's
	 * 22,000 strings fit 32,768 slots so, where half full they took a
	 * last doubling to 65,536, 0.6 ms) */
	if ((uint64_t)p->count * 4 >= (uint64_t)p->slot_count * 3)
		pool_grow_slots(p);
	uint32_t at = h & (p->slot_count - 1);
	for (uint64_t slot; (slot = p->slots[at]) != 0; at = (at + 1) & (p->slot_count - 1)) {
		if (SLOT_HASH(slot) != h)
			continue;
		const char *r = p->text + SLOT_RECORD(slot);
		uint16_t had;
		memcpy(&had, r + 4, sizeof had);
		if (had == len && memcmp(r + RECORD_HEAD, s, len) == 0) {
			uint32_t id;
			memcpy(&id, r, sizeof id);
			return id;
		}
	}
	if (p->count == p->cap) {
		uint32_t was = p->cap;
		p->cap = p->cap ? p->cap * 2 : 1024;
		p->where = collection_grow(p->where, was * sizeof *p->where, p->cap * sizeof *p->where);
		p->fold = collection_grow(p->fold, was * sizeof *p->fold, p->cap * sizeof *p->fold);
		p->unknown = collection_grow(p->unknown, was * sizeof *p->unknown, p->cap * sizeof *p->unknown);
	}
	size_t size = (RECORD_HEAD + len + 1 + 7) & ~(size_t)7;
	if (p->text_len + size > p->text_cap) {
		size_t cap = p->text_cap ? p->text_cap * 2 : 1 << 16;
		while (cap < p->text_len + size)
			cap *= 2;
		p->text = collection_grow(p->text, p->text_len, cap);
		p->text_cap = cap;
	}
	if (p->text_len / 8 >= UINT32_MAX) {
		fputs("pgnaudit: more than 32 GiB of distinct names and events\n", stderr);
		exit(2);
	}
	uint32_t id = p->count++;
	uint16_t n16 = (uint16_t)len;
	char *r = p->text + p->text_len;
	memcpy(r, &id, sizeof id);
	memcpy(r + 4, &n16, sizeof n16);
	memcpy(r + RECORD_HEAD, s, len);
	memset(r + RECORD_HEAD + len, 0, size - RECORD_HEAD - len);
	p->where[id] = (uint32_t)(p->text_len / 8);
	p->fold[id] = 0;
	p->unknown[id] = 0;
	p->slots[at] = (uint64_t)h << 32 | (p->where[id] + 1u);
	p->text_len += size;
	return id;
}

const char *pool_string(const struct string_pool *p, uint32_t id, size_t *len)
{
	if (id >= p->count) {
		if (len)
			*len = 0;
		return "";
	}
	const char *r = p->text + (size_t)p->where[id] * 8;
	if (len) {
		uint16_t n;
		memcpy(&n, r + 4, sizeof n);
		*len = n;
	}
	return r + RECORD_HEAD;
}

uint32_t pool_folded(struct string_pool *p, uint32_t id)
{
	if (id >= p->count)
		return 0;
	if (p->fold[id])
		return p->fold[id] - 1;
	char buf[COLLECT_STRING_MAX + 1];
	size_t n = names_fold(pool_string(p, id, NULL), buf, sizeof buf);
	uint32_t f = pool_intern(p, buf, n);
	p->fold[id] = f + 1;
	p->unknown[id] = !buf[0] || strcmp(buf, "nn") == 0 || strcmp(buf, "n n") == 0 || strcmp(buf, "unknown") == 0;
	return f;
}

void *collection_grow(void *p, size_t keep, size_t size)
{
	/* a large block is realloc's: moved by remapping, not copied, and its
	 * new pages mapped when touched (no peak of both blocks at once) */
	if (size > ((size_t)1 << 20))
		return xrealloc(p, size);
	void *q = xmalloc(size);
	(void)memory_populate(q, size);
	if (p && keep)
		memcpy(q, p, keep < size ? keep : size);
	free(p);
	return q;
}

size_t collection_map_ahead(void *base, size_t size, size_t count, size_t cap)
{
	size_t ahead = ((size_t)1 << 20) / size, upto = count + ahead < cap ? count + ahead : cap;
	(void)memory_populate((char *)base + count * size, (upto - count) * size);
	return upto;
}

int pool_unknown(struct string_pool *p, uint32_t id)
{
	if (id >= p->count)
		return 1;
	pool_folded(p, id);
	return p->unknown[id];
}

/* An MSD radix sort in place (American flag sort): the keys moved to
 * their bucket of the byte at `shift` by swaps, then each bucket sorted by
 * the bytes below, those that differ among the keys (`differ`). */
void radix_bounds(const size_t count[256], size_t head[256], size_t tail[256])
{
	size_t sum = 0;
	for (int b = 0; b < 256; b++) {
		head[b] = sum;
		sum += count[b];
		tail[b] = sum;
	}
}

/* A radix sort from the least significant byte that differs, through tmp
 * (room for n): a bucket of a few thousand keys. */
static void small_sort(uint64_t *keys, size_t n, uint64_t differ, uint64_t *tmp)
{
	uint64_t *from = keys, *to = tmp;
	for (int shift = 0; shift < 64; shift += 8) {
		if (((differ >> shift) & 0xff) == 0)
			continue;
		size_t count[257] = { 0 };
		for (size_t i = 0; i < n; i++)
			count[((from[i] >> shift) & 0xff) + 1]++;
		for (int b = 0; b < 256; b++)
			count[b + 1] += count[b];
		for (size_t i = 0; i < n; i++)
			to[count[(from[i] >> shift) & 0xff]++] = from[i];
		uint64_t *t = from;
		from = to;
		to = t;
	}
	if (from != keys)
		memcpy(keys, from, n * sizeof *keys);
}

#define SMALL_SORT 2048

static void flag_sort(uint64_t *keys, size_t n, int shift, uint64_t differ)
{
	if (n >= 48 && n <= SMALL_SORT) {
		/* the bytes below `shift` that differ in this bucket */
		uint64_t all_or = 0, all_and = ~0ull;
		for (size_t i = 0; i < n; i++) {
			all_or |= keys[i];
			all_and &= keys[i];
		}
		uint64_t tmp[SMALL_SORT];
		small_sort(keys, n, all_or ^ all_and, tmp);
		return;
	}
	if (n < 48) {
		for (size_t i = 1; i < n; i++) {
			uint64_t k = keys[i];
			size_t j = i;
			for (; j > 0 && keys[j - 1] > k; j--)
				keys[j] = keys[j - 1];
			keys[j] = k;
		}
		return;
	}
	while (shift >= 0 && ((differ >> shift) & 0xff) == 0)
		shift -= 8;
	if (shift < 0)
		return;
	size_t count[256] = { 0 }, head[256], tail[256];
	for (size_t i = 0; i < n; i++)
		count[(keys[i] >> shift) & 0xff]++;
	radix_bounds(count, head, tail);
	for (int b = 0; b < 256; b++) {
		while (head[b] < tail[b]) {
			uint64_t k = keys[head[b]];
			unsigned d = (unsigned)(k >> shift) & 0xff;
			while (d != (unsigned)b) {
				uint64_t t = keys[head[d]];
				keys[head[d]++] = k;
				k = t;
				d = (unsigned)(k >> shift) & 0xff;
			}
			keys[head[b]++] = k;
		}
	}
	if (shift == 0)
		return;
	size_t at = 0;
	for (int b = 0; b < 256; b++) {
		flag_sort(keys + at, count[b], shift - 8, differ);
		at += count[b];
	}
}

/* sort_items: the MSD radix sort of flag_sort, of items whose keys are
 * made from them when wanted. */
static void flag_sort_items(uint32_t *items, size_t n, int shift, uint64_t differ, item_key key, const void *ctx)
{
	if (n <= SMALL_SORT) {
		uint64_t keys[SMALL_SORT];
		for (size_t i = 0; i < n; i++)
			keys[i] = key(ctx, items[i]);
		sort_keys(keys, n);
		for (size_t i = 0; i < n; i++)
			items[i] = (uint32_t)keys[i];
		return;
	}
	while (shift >= 0 && ((differ >> shift) & 0xff) == 0)
		shift -= 8;
	if (shift < 0)
		return;
	size_t count[256] = { 0 }, head[256], tail[256];
	for (size_t i = 0; i < n; i++)
		count[(key(ctx, items[i]) >> shift) & 0xff]++;
	radix_bounds(count, head, tail);
	for (int b = 0; b < 256; b++) {
		while (head[b] < tail[b]) {
			uint32_t x = items[head[b]];
			unsigned d = (unsigned)(key(ctx, x) >> shift) & 0xff;
			while (d != (unsigned)b) {
				uint32_t t = items[head[d]];
				items[head[d]++] = x;
				x = t;
				d = (unsigned)(key(ctx, x) >> shift) & 0xff;
			}
			items[head[b]++] = x;
		}
	}
	size_t at = 0;
	for (int b = 0; b < 256 && shift > 0; b++) {
		flag_sort_items(items + at, count[b], shift - 8, differ, key, ctx);
		at += count[b];
	}
}

void sort_items(uint32_t *items, size_t n, item_key key, const void *ctx)
{
	uint64_t all_or = 0, all_and = ~0ull, last = 0;
	int sorted = 1;
	for (size_t i = 0; i < n; i++) {
		uint64_t k = key(ctx, items[i]);
		all_or |= k;
		all_and &= k;
		sorted &= k >= last;
		last = k;
	}
	/* in order already (an event's games, mostly, by date and by entry) */
	if (sorted)
		return;
	flag_sort_items(items, n, 56, all_or ^ all_and, key, ctx);
}

/* Up to this many keys are sorted through a second array (a radix sort
 * from the least significant byte that differs: a pass a byte; the bench
 * file's three sorts of 16,000 keys take 0.39 ms so, 0.82 in place);
 * more, in place, so that the end of a run of millions of games takes no
 * more memory. */
#define LSD_SORT_MAX ((size_t)1 << 20)

void sort_keys(uint64_t *keys, size_t n)
{
	if (n < 2)
		return;
	uint64_t all_or = 0, all_and = ~0ull;
	int sorted = 1;
	for (size_t i = 0; i < n; i++) {
		all_or |= keys[i];
		all_and &= keys[i];
		sorted &= i == 0 || keys[i] >= keys[i - 1];
	}
	if (sorted)
		return;
	if (n > SMALL_SORT && n <= LSD_SORT_MAX) {
		uint64_t *tmp = malloc(n * sizeof *tmp);
		if (tmp) {
			small_sort(keys, n, all_or ^ all_and, tmp);
			free(tmp);
			return;
		}
	}
	flag_sort(keys, n, 56, all_or ^ all_and);
}

void pool_free(struct string_pool *p)
{
	free(p->text);
	free(p->where);
	free(p->fold);
	free(p->unknown);
	free(p->slots);
	memset(p, 0, sizeof *p);
}
