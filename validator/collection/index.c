/*
 * index.c - the run's index of games: entries in input order, the strings
 * they name kept once, the moves in memory or a temporary file; and the
 * findings of the passes over it, put in the order of the games.
 */
#include "validator/collection/internal.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/memory.h"
#include "util/tmpfile.h"

/* 16 MiB of moves in memory at most (8 M plies, about 100,000 games), past
 * that all in the temporary file, written through a buffer of 128 KiB.
 * The first 128 KiB grow in the heap (a tournament's); beyond them the
 * moves move to an address range reserved for all 16 MiB
 * (memory_reserve), in huge pages: small pages, each mapped when first
 * touched, made the memory slower than the file on this project's virtual
 * machines (bench/HISTORY.md). */
#define SPILL_MEMORY (8u << 20)
#define SPILL_BUFFER 65536
/* The index's entries: the first 192 KiB in the heap (a tournament's),
 * then room for a million games (48 MB of address space) in huge pages,
 * then the heap again, growing. */
#define ENTRIES_HEAP ((size_t)192 << 10)
#define ENTRIES_RESERVED ((size_t)48 << 20)
/* How many games collection_add reads back at a time, asking for their players' slots. */
#define PREFETCH_AHEAD 8

/* The place of the moves of every SPILL_MARK-th game is kept. */
#define SPILL_MARK 64
_Static_assert(SPILL_BUFFER * sizeof(uint16_t) == FP_BLOCKS * FP_BLOCK, "the file's cache is its buffer");
_Static_assert(sizeof(struct collection_entry) == 48, "an entry is 48 bytes (pgnaudit-check(1), LIMITS)");


struct collection *collection_new(const char *const *files, int file_count,
				  const unsigned char reported[][SEVERITY_COUNT])
{
	int any = 0;
	for (int code = CHECK_FIRST_COLLECTION; code < CHECK_COUNT; code++)
		for (int s = 0; s < SEVERITY_COUNT; s++)
			any |= reported[code][s];
	if (!any)
		return NULL;
	struct collection *c = xcalloc(1, sizeof *c);
	c->files = files;
	c->file_count = file_count;
	memcpy(c->reported, reported, sizeof c->reported);
	c->wants = COLLECT_INDEX;
	for (int s = 0; s < SEVERITY_COUNT; s++)
		if (reported[CHECK_TRUNCATED_GAME][s])
			c->wants |= COLLECT_PREFIXES;
	c->spill_fd = -1;
	const char *most = getenv("PGNAUDIT_FINGERPRINTS");
	char *end;
	unsigned long n = most ? strtoul(most, &end, 10) : 0;
	if (most && *end == '\0' && n >= 1 && n <= SPILL_MEMORY)
		c->spill_memory = n;
	pool_intern(&c->pool, "", 0);
	return c;
}

static void spill_buf_free(struct collection *c)
{
	if (c->spill_reserved)
		memory_release(c->spill_buf, c->spill_reserved);
	else
		free(c->spill_buf);
	c->spill_buf = NULL;
	c->spill_reserved = 0;
}

void collection_free(struct collection *c)
{
	if (!c)
		return;
	if (c->spill_fd >= 0)
		close(c->spill_fd);
	pool_free(&c->pool);
	if (c->entries_reserved)
		memory_release(c->entries, c->entries_reserved);
	else
		free(c->entries);
	free(c->runs);
	free(c->copies);
	free(c->cuts);
	free(c->spill_at);
	spill_buf_free(c);
	trf_free(c->trf);
	free(c->trf_path);
	free(c);
}

unsigned collection_wants(const struct collection *c)
{
	return c ? c->wants : 0;
}

/* The moves are kept in memory, up to `spill_memory` units of them
 * (SPILL_MEMORY by default; PGNAUDIT_FINGERPRINTS for the tests), and past
 * that all go to the temporary file, written 128 KiB at a time. */

static int spill_write(struct collection *c, const uint16_t *fp, size_t n)
{
	if (c->spill_fd < 0) {
		c->spill_fd = temporary_fd();
		if (c->spill_fd < 0) {
			c->spill_failed = errno ? errno : EIO;
			return -1;
		}
	}
	const unsigned char *p = (const unsigned char *)fp;
	size_t left = n * sizeof *fp;
	while (left > 0) {
		ssize_t put = write(c->spill_fd, p, left);
		if (put < 0 && errno == EINTR)
			continue;
		if (put <= 0) {
			c->spill_failed = put < 0 ? errno : EIO;
			return -1;
		}
		p += put;
		left -= (size_t)put;
	}
	return 0;
}

/* Writes what is buffered (in the file's time) to the file. */
static int spill_flush(struct collection *c)
{
	if (c->spill_fd < 0 || c->spill_failed || !c->spill_buffered)
		return 0;
	size_t n = c->spill_buffered;
	c->spill_buffered = 0;
	return spill_write(c, c->spill_buf, n);
}

static int spill(struct collection *c, const uint16_t *fp, size_t n)
{
	if (c->spill_failed)
		return 0;
	if (c->spill_fd < 0) {
		size_t most = c->spill_memory ? c->spill_memory : SPILL_MEMORY;
		if (c->spill_buffered + n <= most) {
			/* in memory */
			if (c->spill_buffered + n > c->spill_cap && !c->spill_reserved &&
			    c->spill_buffered + n > SPILL_BUFFER) {
				uint16_t *region = memory_reserve(most * sizeof *region);
				if (region) {
					memcpy(region, c->spill_buf, c->spill_buffered * sizeof *region);
					free(c->spill_buf);
					c->spill_buf = region;
					c->spill_cap = most;
					c->spill_reserved = most * sizeof *region;
				}
			}
			if (c->spill_buffered + n > c->spill_cap) {
				size_t cap = c->spill_cap ? 2 * c->spill_cap : SPILL_BUFFER;
				while (cap < c->spill_buffered + n)
					cap *= 2;
				if (cap > most)
					cap = most;
				c->spill_buf = collection_grow(c->spill_buf, c->spill_buffered * sizeof *c->spill_buf,
							       cap * sizeof *c->spill_buf);
				c->spill_cap = cap;
			}
			memcpy(c->spill_buf + c->spill_buffered, fp, n * sizeof *fp);
			c->spill_buffered += n;
			c->spilled += n;
			return 0;
		}
		/* too many for memory: all of them to the file from now on,
		 * through a buffer of SPILL_BUFFER */
		size_t had = c->spill_buffered;
		c->spill_buffered = 0;
		if (had && spill_write(c, c->spill_buf, had) < 0)
			return -1;
		if (!had && c->spill_fd < 0 && spill_write(c, fp, 0) < 0)
			return -1;
		if (c->spill_cap != SPILL_BUFFER) {
			spill_buf_free(c);
			c->spill_buf = collection_grow(NULL, 0, SPILL_BUFFER * sizeof *c->spill_buf);
			c->spill_cap = SPILL_BUFFER;
		}
	}
	if (c->spill_buffered + n > SPILL_BUFFER && spill_flush(c) < 0)
		return -1;
	c->spilled += n;
	if (n > SPILL_BUFFER)
		return spill_write(c, fp, n);
	memcpy(c->spill_buf + c->spill_buffered, fp, n * sizeof *fp);
	c->spill_buffered += n;
	return 0;
}

/* pool_intern, asking first whether it is the string of the game before
 * (the games of an event, and of a round, come together). */
static uint32_t intern_again(struct collection *c, uint32_t *last, const char *s, size_t len)
{
	size_t had;
	const char *was = pool_string(&c->pool, *last, &had);
	if (had == len && memcmp(was, s, len) == 0)
		return *last;
	*last = pool_intern(&c->pool, s, len);
	return *last;
}

/* Takes game r, its players' hashes h, into the index. */
static int take_game(struct collection *c, struct collect_record *r, const uint32_t h[2], int file, long games_before,
		     uint64_t first_line)
{
	int status = 0;
	uint32_t game = (uint32_t)(games_before + r->game);
	uint64_t line = first_line + r->line - 1;
	/* a run goes on while the games follow one another in one input
	 * and their lines are within 4G of its base */
	struct entry_run *run = c->run_count ? &c->runs[c->run_count - 1] : NULL;
	if (!run || run->file != (uint32_t)file || run->game + (c->count - run->first) != game ||
	    line < run->line_base || line - run->line_base > UINT32_MAX) {
		if (!c->runs || c->run_count == c->run_cap) {
			c->run_cap = c->run_count ? 2 * c->run_count : 16;
			c->runs = xrealloc(c->runs, c->run_cap * sizeof *c->runs);
		}
		run = &c->runs[c->run_count++];
		*run = (struct entry_run){ c->count, line, (uint32_t)file, game };
	}
	r->e.line = (uint32_t)(line - run->line_base);
	r->e.white = pool_intern_hashed(&c->pool, r->s[COLLECT_WHITE], r->len[COLLECT_WHITE], h[0]);
	r->e.black = pool_intern_hashed(&c->pool, r->s[COLLECT_BLACK], r->len[COLLECT_BLACK], h[1]);
	r->e.round = intern_again(c, &c->last_round, r->s[COLLECT_ROUND], r->len[COLLECT_ROUND]);
	r->e.event = r->len[COLLECT_EVENT] ? intern_again(c, &c->last_event, r->s[COLLECT_EVENT], r->len[COLLECT_EVENT]) : 0;
	if (r->fp_count > 0 && spill(c, r->fp, r->fp_count) < 0) {
		status = -1;
	}
	if (c->spill_failed)
		r->e.flags &= (uint8_t)~COLLECTED_PREFIXES;
	if (c->count == c->cap) {
		size_t cap = c->cap ? c->cap * 2 : 256, size = sizeof *c->entries;
		struct collection_entry *room = NULL;
		/* past the heap's first blocks: room for a million games in huge
		 * pages, touched as they fill (as the moves) */
		if (!c->entries_reserved && c->count * size >= ENTRIES_HEAP && cap * size <= ENTRIES_RESERVED)
			room = memory_reserve(ENTRIES_RESERVED);
		if (room) {
			memcpy(room, c->entries, c->count * size);
			free(c->entries);
			c->entries = room;
			c->entries_reserved = ENTRIES_RESERVED;
			c->cap = ENTRIES_RESERVED / size;
			c->entries_mapped = c->cap;
		} else if (c->entries_reserved) {
			/* the room is full: to the heap, copied once */
			struct collection_entry *heap = xmalloc(cap * size);
			memcpy(heap, c->entries, c->count * size);
			memory_release(c->entries, c->entries_reserved);
			c->entries = heap;
			c->entries_reserved = 0;
			c->cap = cap;
			c->entries_mapped = c->count;
		} else {
			c->entries = collection_grow(c->entries, c->count * size, cap * size);
			c->cap = cap;
			c->entries_mapped = c->count;
		}
	}
	if (c->count == c->entries_mapped)
		c->entries_mapped = collection_map_ahead(c->entries, sizeof *c->entries, c->count, c->cap);
	c->entries[c->count++] = r->e;
	return status;
}

int collection_add(struct collection *c, struct collect_batch *b, int file, long games_before, uint64_t first_line)
{
	const unsigned char *at = b->data, *end = b->data + b->len;
	int status = 0;
	/* The games are read back PREFETCH_AHEAD at a time, their players'
	 * slots asked for then: a name's slot is the table's one miss of the
	 * cache, and by the time the game is taken in it has come. */
	struct collect_record ahead[PREFETCH_AHEAD];
	uint32_t hashes[PREFETCH_AHEAD][2];
	while (at < end) {
		int got = 0;
		for (; got < PREFETCH_AHEAD && at < end; got++) {
			struct collect_record *r = &ahead[got];
			at = collect_record_next(at, r);
			hashes[got][0] = pool_hash(r->s[COLLECT_WHITE], r->len[COLLECT_WHITE]);
			hashes[got][1] = pool_hash(r->s[COLLECT_BLACK], r->len[COLLECT_BLACK]);
			pool_prefetch(&c->pool, hashes[got][0]);
			pool_prefetch(&c->pool, hashes[got][1]);
		}
		for (int k = 0; k < got; k++)
			if (take_game(c, &ahead[k], hashes[k], file, games_before, first_line) < 0)
				status = -1;
	}
	collect_batch_clear(b);
	return status;
}

const char *collection_string(const struct collection *c, uint32_t id)
{
	return pool_string(&c->pool, id, NULL);
}

void collection_event(const struct collection *c, uint32_t id, const char **event, const char **site,
		      const char **event_date)
{
	static const char none[3] = { 0, 0, 0 };
	const char *s = id ? pool_string(&c->pool, id, NULL) : none;
	*event = s;
	s += strlen(s) + 1;
	*site = s;
	s += strlen(s) + 1;
	*event_date = s;
}

const struct collection_entry *collection_entries(const struct collection *c, size_t *count)
{
	*count = c->count;
	return c->entries;
}

const char *collection_file(const struct collection *c, uint32_t file)
{
	return (int)file < c->file_count ? c->files[file] : "";
}

/* The run entry i is in. */
static const struct entry_run *run_of(const struct collection *c, size_t i)
{
	size_t lo = 0, hi = c->run_count;
	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;
		if (c->runs[mid].first <= i)
			lo = mid;
		else
			hi = mid;
	}
	return &c->runs[lo];
}

uint32_t collection_entry_file(const struct collection *c, size_t i)
{
	return run_of(c, i)->file;
}

uint32_t collection_entry_game(const struct collection *c, size_t i)
{
	const struct entry_run *r = run_of(c, i);
	return r->game + (uint32_t)(i - r->first);
}

uint64_t collection_entry_line(const struct collection *c, size_t i)
{
	return run_of(c, i)->line_base + c->entries[i].line;
}

void collection_note_copy(struct collection *c, size_t entry, size_t kept, int cut)
{
	uint64_t **list = cut ? &c->cuts : &c->copies;
	size_t *count = cut ? &c->cut_count : &c->copy_count, *cap = cut ? &c->cut_cap : &c->copy_cap;
	if (*count == *cap) {
		size_t more = *cap ? 2 * *cap : 256;
		*list = collection_grow(*list, *count * sizeof **list, more * sizeof **list);
		*cap = more;
	}
	(*list)[(*count)++] = (uint64_t)entry << 32 | (uint32_t)kept;
	c->entries[entry].flags |= COLLECTED_COPY;
}

/* Reads len bytes of fd at `at`; 0, or -1 when they cannot be read. */
static int read_at(int fd, unsigned char *p, size_t len, uint64_t at)
{
	while (len > 0) {
		ssize_t got = pread(fd, p, len, (off_t)at);
		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0)
			return -1;
		p += got;
		at += (uint64_t)got;
		len -= (size_t)got;
	}
	return 0;
}

/* Block b of the temporary file, from the cache or read into it (the
 * least recently used block making way); returns its length, short at
 * the end of the file, 0 when it cannot be read. */
static size_t fp_block(struct collection *c, uint64_t b, const unsigned char **block)
{
	int use = 0;
	for (int k = 0; k < FP_BLOCKS; k++) {
		if (c->fp_cached[k] == b + 1) {
			c->fp_used[k] = ++c->fp_clock;
			*block = (const unsigned char *)c->spill_buf + (size_t)k * FP_BLOCK;
			return c->fp_cached_len[k];
		}
		if (c->fp_used[k] < c->fp_used[use])
			use = k;
	}
	/* the blocks are read into the buffer the file was written through
	 * (its pages mapped already: a new page costs more than a read) */
	unsigned char *p = (unsigned char *)c->spill_buf + (size_t)use * FP_BLOCK;
	size_t len = 0;
	while (len < FP_BLOCK) {
		ssize_t got = pread(c->spill_fd, p + len, FP_BLOCK - len, (off_t)(b * FP_BLOCK + len));
		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0)
			break;
		len += (size_t)got;
	}
	c->fp_cached[use] = len ? b + 1 : 0;
	c->fp_cached_len[use] = len;
	c->fp_used[use] = ++c->fp_clock;
	*block = p;
	return len;
}

int collection_prefixes(struct collection *c, size_t i, uint32_t units, uint16_t *fp)
{
	if (c->spill_failed || !(c->entries[i].flags & COLLECTED_PREFIXES) || units <= COLLECT_START_UNITS ||
	    units > COLLECT_START_UNITS + c->entries[i].plies)
		return -1;
	/* where its units begin: the sum of the units of the games before it
	 * that left theirs, kept for every SPILL_MARK-th game */
	if (!c->spill_at) {
		c->spill_at = collection_grow(NULL, 0, (c->count / SPILL_MARK + 1) * sizeof *c->spill_at);
		uint64_t sum = 0;
		for (size_t k = 0; k < c->count; k++) {
			if (k % SPILL_MARK == 0)
				c->spill_at[k / SPILL_MARK] = sum;
			if (c->entries[k].flags & COLLECTED_PREFIXES)
				sum += COLLECT_START_UNITS + c->entries[k].plies;
		}
	}
	uint64_t first = c->spill_at[i / SPILL_MARK];
	for (size_t k = i - i % SPILL_MARK; k < i; k++)
		if (c->entries[k].flags & COLLECTED_PREFIXES)
			first += COLLECT_START_UNITS + c->entries[k].plies;
	if (c->spill_fd < 0) {
		memcpy(fp, c->spill_buf + first, units * sizeof *fp);
		return 0;
	}
	uint64_t at = first * sizeof *fp;
	size_t left = units * sizeof *fp;
	if (left > FP_BLOCK)
		return read_at(c->spill_fd, (unsigned char *)fp, left, at);
	unsigned char *p = (unsigned char *)fp;
	while (left > 0) {
		const unsigned char *block;
		size_t got = fp_block(c, at / FP_BLOCK, &block);
		size_t within = (size_t)(at % FP_BLOCK);
		if (got <= within)
			return -1;
		size_t take = got - within < left ? got - within : left;
		memcpy(p, block + within, take);
		p += take;
		at += take;
		left -= take;
	}
	return 0;
}

static int collection_take_trf(struct collection *c, struct trf *t, const char *path);

int collection_read_trf(struct collection *c, const char *path, char *err, size_t errlen)
{
	return collection_take_trf(c, trf_read(path, err, errlen), path);
}

int collection_read_trf_text(struct collection *c, const char *text, const char *name, char *err, size_t errlen)
{
	FILE *fp = fmemopen((void *)text, strlen(text), "r");
	if (!fp) {
		snprintf(err, errlen, "%s: %s", name, strerror(errno));
		return -1;
	}
	struct trf *t = trf_read_stream(fp, name, err, errlen);
	fclose(fp);
	return collection_take_trf(c, t, name);
}

static int collection_take_trf(struct collection *c, struct trf *t, const char *path)
{
	if (!t)
		return -1;
	trf_free(c->trf);
	free(c->trf_path);
	c->trf = t;
	c->trf_path = xstrdup(path);
	return 0;
}

int collection_reports(const struct collection *c, enum check_code code, enum severity sev)
{
	return c->reported[code][sev];
}

void collection_keep_pending(struct collected_findings *out)
{
	if (!out->has_pending)
		return;
	out->has_pending = 0;
	size_t n = strlen(out->scratch.message);
	if (out->text_len + n > out->text_cap) {
		size_t cap = out->text_cap ? 2 * out->text_cap : 1 << 16;
		while (cap < out->text_len + n)
			cap *= 2;
		out->text = collection_grow(out->text, out->text_len, cap);
		out->text_cap = cap;
	}
	memcpy(out->text + out->text_len, out->scratch.message, n);
	if (out->count == out->cap) {
		out->cap = out->cap ? out->cap * 2 : 256;
		out->items = collection_grow(out->items, out->count * sizeof *out->items, out->cap * sizeof *out->items);
	}
	struct collected_finding *cf = &out->items[out->count++];
	*cf = out->pending;
	cf->rule = out->scratch.rule;
	cf->text = out->text_len;
	cf->text_len = (uint32_t)n;
	out->text_len += n;
}

/* The finding the pass writes next into out->scratch; kept when reported. */
static struct finding *begin_finding(struct collection *c, struct collected_findings *out, enum check_code code,
				     enum severity sev)
{
	collection_keep_pending(out);
	memset(&out->scratch, 0, sizeof out->scratch);
	out->scratch.code = code;
	out->scratch.severity = sev;
	out->scratch.side = -1;
	out->scratch.column = 1;
	if (c->reported[code][sev]) {
		out->has_pending = 1;
		memset(&out->pending, 0, sizeof out->pending);
		out->pending.code = (uint16_t)code;
		out->pending.severity = (uint8_t)sev;
		out->pending.other = -1;
	}
	return &out->scratch;
}

struct finding *collection_finding(struct collection *c, struct collected_findings *out, enum check_code code,
				   enum severity sev, size_t entry, long other)
{
	struct finding *f = begin_finding(c, out, code, sev);
	out->pending.entry = (uint32_t)entry;
	out->pending.other = other;
	f->line = c->entries[entry].line;
	return f;
}

struct finding *collection_pairing_finding(struct collection *c, struct collected_findings *out, enum check_code code,
					   enum severity sev, int p, int r)
{
	struct finding *f = begin_finding(c, out, code, sev);
	out->pending.entry = NO_ENTRY;
	out->pending.trf_player = p;
	out->pending.trf_round = r;
	f->line = c->trf->players[p].line;
	return f;
}

/* The collection whose findings by_game sorts (one sort at a time). */
static const struct collection *sorting_findings;

static uint64_t trf_line(const struct collected_finding *f)
{
	return sorting_findings->trf->players[f->trf_player].line;
}

static int by_game(const void *pa, const void *pb)
{
	const struct collected_finding *a = pa, *b = pb;
	if (a->entry != b->entry)
		return a->entry < b->entry ? -1 : 1;
	if (a->entry == NO_ENTRY && trf_line(a) != trf_line(b))
		return trf_line(a) < trf_line(b) ? -1 : 1;
	if (a->entry == NO_ENTRY && a->trf_round != b->trf_round)
		return a->trf_round < b->trf_round ? -1 : 1;
	if (a->code != b->code)
		return a->code < b->code ? -1 : 1;
	return a->other < b->other ? -1 : a->other > b->other;
}

void collection_mark_copies(struct collection *c)
{
	struct collected_findings out;
	memset(&out, 0, sizeof out);
	spill_flush(c);
	find_duplicates(c, &out);
	free(out.items);
	free(out.text);
}

int collection_is_copy(const struct collection *c, size_t entry)
{
	return entry < c->count && (c->entries[entry].flags & COLLECTED_COPY);
}

int collection_spill_error(const struct collection *c)
{
	return c ? c->spill_failed : 0;
}

/* The finding kept compact in out, whole again in f. */
/* f names entry o as its other game. */
static void name_other(const struct collection *c, size_t o, struct finding *f)
{
	f->other_file = collection_file(c, collection_entry_file(c, o));
	f->other_game = collection_entry_game(c, o);
	f->other_line = collection_entry_line(c, o);
}

static void kept_finding(const struct collection *c, const struct collected_findings *out,
			 const struct collected_finding *cf, struct finding *f)
{
	memset(f, 0, sizeof *f);
	f->code = (enum check_code)cf->code;
	f->severity = (enum severity)cf->severity;
	f->side = -1;
	f->column = 1;
	f->rule = cf->rule;
	size_t n = cf->text_len < sizeof f->message - 1 ? cf->text_len : sizeof f->message - 1;
	memcpy(f->message, out->text + cf->text, n);
	f->message[n] = '\0';
	if (cf->other >= 0)
		name_other(c, (size_t)cf->other, f);
}

/* Reports f, a finding about entry i, with its label. */
static void report_entry_finding(const struct collection *c, size_t i, struct finding *f,
				 collection_report report, void *ctx)
{
	struct collection_entry *e = &c->entries[i];
	uint32_t file = collection_entry_file(c, i);
	const char *event, *site, *event_date;
	char date[16];
	collection_event(c, e->event, &event, &site, &event_date);
	collection_date_text(e->date, date, sizeof date);
	const char *white = collection_string(c, e->white), *black = collection_string(c, e->black);
	const char *r = collection_string(c, e->round);
	struct collection_label label = {
		collection_file(c, file), (int)file, collection_entry_game(c, i), *white ? white : NULL,
		*black ? black : NULL, *event ? event : NULL, *r ? r : NULL, *date ? date : NULL,
	};
	f->side = -1;
	f->column = 1;
	f->line = collection_entry_line(c, i);
	report(ctx, e, &label, f);
}

long collection_findings(struct collection *c, collection_report report, void *ctx)
{
	struct collected_findings out;
	memset(&out, 0, sizeof out);
	spill_flush(c);
	find_duplicates(c, &out);
	find_tournament_problems(c, &out);
	find_pairing_problems(c, &out);
	collection_keep_pending(&out);
	/* entries are in input order: by entry is by file, then game */
	sorting_findings = c;
	if (out.count > 1)
		qsort(out.items, out.count, sizeof *out.items, by_game);
	long n = 0;
	size_t next = 0, copy = 0, cut = 0;
	struct finding f;
	for (size_t i = 0; i < c->count; i++) {
		/* its copies' findings first (their codes come first), made now */
		for (int k = 0; k < 2; k++) {
			const uint64_t *list = k ? c->cuts : c->copies;
			size_t *at = k ? &cut : &copy, count = k ? c->cut_count : c->copy_count;
			if (*at >= count || list[*at] >> 32 != i)
				continue;
			size_t kept = (uint32_t)list[(*at)++];
			memset(&f, 0, sizeof f);
			f.severity = SEVERITY_WARNING;
			copy_finding(c, i, kept, k, &f);
			if (!c->reported[f.code][f.severity])
				continue;
			name_other(c, kept, &f);
			report_entry_finding(c, i, &f, report, ctx);
			n++;
		}
		for (; next < out.count && out.items[next].entry == i; next++) {
			kept_finding(c, &out, &out.items[next], &f);
			report_entry_finding(c, i, &f, report, ctx);
			n++;
		}
	}
	/* then the tournament report's pairings without a game, by its lines */
	for (; next < out.count; next++) {
		const struct collected_finding *cf = &out.items[next];
		kept_finding(c, &out, cf, &f);
		const struct trf_player *p = &c->trf->players[cf->trf_player];
		const struct trf_player *o = trf_player(c->trf, p->round[cf->trf_round - 1].opponent);
		int white = p->round[cf->trf_round - 1].colour != 'b';
		char date[16], round[16];
		snprintf(round, sizeof round, "%d", cf->trf_round);
		collection_date_text(c->trf->round_date[cf->trf_round - 1], date, sizeof date);
		struct collection_label label = {
			c->trf_path, -1, 0, white ? p->name : (o ? o->name : NULL), white ? (o ? o->name : NULL) : p->name,
			c->trf->name[0] ? c->trf->name : NULL, round, date[0] ? date : NULL,
		};
		f.line = p->line;
		report(ctx, NULL, &label, &f);
		n++;
	}
	free(out.items);
	free(out.text);
	return n;
}
