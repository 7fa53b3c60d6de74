/*
 * test_lexer_paths.c - the lexer's fast path (parser/pgn_fast.c) makes the
 * games the general lexer makes, byte for byte.
 *
 * Every file under testdata/ (plain and gzip, whatever it holds) and, when
 * it is there, every file of the shared corpus (CORPUS_DIR, by default
 * ../shared/corpus, as the e2e tests find it) is read twice, with the fast
 * path and without (pgn_reader_set_fast_path), and the two readings are
 * compared game by game: tags, tokens, problems, lines, columns, offsets.
 * The fast path stops at the end of the buffered bytes, so each file is
 * also read with the stream handing out a few bytes at a time
 * (stream_set_chunk_limit), and in place, as check -j N reads its pieces.
 */
#include "tests/test_util.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "parser/pgn.h"

/* Read sizes: 0 reads normally; n makes reads of 1 to n bytes. */
static const size_t testdata_chunks[] = {0, 1, 2, 3, 7, 64, 4093};
static const size_t corpus_chunks[] = {0, 7, 4093};

struct paths {
	char **path;
	size_t count, cap;
};

static void add_path(struct paths *p, const char *path)
{
	if (p->count == p->cap) {
		p->cap = p->cap ? 2 * p->cap : 64;
		char **bigger = realloc(p->path, p->cap * sizeof *p->path);

		assert_non_null(bigger);
		p->path = bigger;
	}
	p->path[p->count] = strdup(path);
	assert_non_null(p->path[p->count]);
	p->count++;
}

/* Every regular file under dir, at any depth. */
static void collect(struct paths *p, const char *dir)
{
	DIR *d = opendir(dir);
	const struct dirent *e;

	if (d == NULL)
		fail_msg("%s: %s", dir, strerror(errno));
	while ((e = readdir(d)) != NULL) {
		char path[4096];
		struct stat st;

		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		if (stat(path, &st) != 0)
			continue;
		if (S_ISDIR(st.st_mode))
			collect(p, path);
		else if (S_ISREG(st.st_mode))
			add_path(p, path);
	}
	closedir(d);
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void free_paths(struct paths *p)
{
	for (size_t i = 0; i < p->count; i++)
		free(p->path[i]);
	free(p->path);
}

/* The bytes of a file, as they are (gzip not inflated). */
static unsigned char *load(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	unsigned char *data = NULL;
	size_t cap = 0;

	assert_non_null(f);
	*len = 0;
	for (;;) {
		if (cap - *len < 65536) {
			cap = cap ? 2 * cap : 65536;
			unsigned char *bigger = realloc(data, cap + 1);

			assert_non_null(bigger);
			data = bigger;
		}
		size_t got = fread(data + *len, 1, cap - *len, f);

		*len += got;
		if (got == 0)
			break;
	}
	assert_int_equal(ferror(f), 0);
	fclose(f);
	return data;
}

/* The text a stream gives for len bytes (gzip inflated), with room before
 * and after it for pgn_reader_restart_in_place. */
static unsigned char *inflate_all(const unsigned char *raw, size_t len, size_t *text_len, int *failed)
{
	struct input_stream *s = stream_open_memory(raw, len);
	size_t cap = 65536, n = 1;
	unsigned char *text = malloc(cap + PGN_IN_PLACE_SLACK);
	char err[256];
	ssize_t got;

	assert_non_null(s);
	assert_non_null(text);
	while ((got = stream_read(s, text + n, cap - n, err, sizeof err)) > 0) {
		n += (size_t)got;
		if (cap - n < 65536) {
			cap *= 2;
			unsigned char *bigger = realloc(text, cap + PGN_IN_PLACE_SLACK);

			assert_non_null(bigger);
			text = bigger;
		}
	}
	*failed = got < 0;
	stream_close(s);
	*text_len = n - 1;
	return text;
}

struct reading {
	struct input_stream *stream;
	struct pgn_reader *reader;
	struct pgn_game game;
	char err[256];
};

static void start(struct reading *rd, int fast, const unsigned char *raw, size_t len, size_t chunk)
{
	rd->stream = stream_open_memory(raw, len);
	assert_non_null(rd->stream);
	stream_set_chunk_limit(rd->stream, chunk);
	rd->reader = pgn_reader_new(rd->stream);
	assert_non_null(rd->reader);
	pgn_reader_set_fast_path(rd->reader, fast);
	pgn_game_init(&rd->game);
	rd->err[0] = 0;
}

static void start_in_place(struct reading *rd, int fast, unsigned char *text, size_t len)
{
	rd->stream = NULL;
	rd->reader = pgn_reader_new(NULL);
	assert_non_null(rd->reader);
	pgn_reader_restart_in_place(rd->reader, text, len, NULL);
	pgn_reader_set_fast_path(rd->reader, fast);
	pgn_game_init(&rd->game);
	rd->err[0] = 0;
}

static void finish(struct reading *rd)
{
	pgn_game_free(&rd->game);
	pgn_reader_free(rd->reader);
	if (rd->stream != NULL)
		stream_close(rd->stream);
}

/* Where the two readings are, for the messages. */
struct place {
	const char *file, *how;
	size_t chunk;
	int game;
};

#define DIFFER(at, what, ...)                                                                  \
	fail_msg("%s (%s, reads of up to %zu bytes), game %d: " what, (at)->file, (at)->how,      \
		 (at)->chunk, (at)->game, __VA_ARGS__)

static void same_number(const struct place *at, const char *what, int i, unsigned long long fast,
			unsigned long long general)
{
	if (fast != general)
		DIFFER(at, "%s %d: %llu with the fast path, %llu without", what, i, fast, general);
}

static void same_text(const struct place *at, const char *what, int i, const char *fast,
		      const char *general, size_t len)
{
	if (memcmp(fast, general, len) != 0)
		DIFFER(at, "%s %d: \"%.*s\" with the fast path, \"%.*s\" without", what, i, (int)len,
		       fast, (int)len, general);
}

static void same_tags(const struct place *at, const struct pgn_game *f, const struct pgn_game *s)
{
	same_number(at, "tag count", 0, (unsigned long long)f->tag_count,
		    (unsigned long long)s->tag_count);
	for (int i = 0; i < f->tag_count; i++) {
		const struct pgn_tag *a = &f->tags[i], *b = &s->tags[i];
		const char *name = f->arena + a->name, *other = s->arena + b->name;

		same_number(at, "tag name length", i, strlen(name), strlen(other));
		same_text(at, "tag name", i, name, other, strlen(name));
		same_number(at, "tag value length", i, a->value_length, b->value_length);
		same_text(at, "tag value", i, f->arena + a->value, s->arena + b->value,
			  a->value_length + 1);
		same_number(at, "tag line", i, a->line, b->line);
		same_number(at, "tag column", i, a->column, b->column);
		same_number(at, "tag control", i, a->control, b->control);
	}
}

static void same_tokens(const struct place *at, const struct pgn_game *f, const struct pgn_game *s)
{
	same_number(at, "token count", 0, (unsigned long long)f->token_count,
		    (unsigned long long)s->token_count);
	for (int i = 0; i < f->token_count; i++) {
		const struct pgn_token *a = &f->tokens[i], *b = &s->tokens[i];

		same_number(at, "token type", i, a->type, b->type);
		same_number(at, "token depth", i, a->depth, b->depth);
		same_number(at, "token length", i, a->length, b->length);
		same_text(at, "token text", i, pgn_token_text(f, a), pgn_token_text(s, b), a->length + 1);
		same_number(at, "token line", i, a->line, b->line);
		same_number(at, "token column", i, a->column, b->column);
		same_number(at, "token number", i, (unsigned long long)(int64_t)a->number,
			    (unsigned long long)(int64_t)b->number);
	}
}

static void same_problems(const struct place *at, const struct pgn_game *f, const struct pgn_game *s)
{
	same_number(at, "problem count", 0, (unsigned long long)f->problem_count,
		    (unsigned long long)s->problem_count);
	for (int i = 0; i < f->problem_count; i++) {
		const struct pgn_problem *a = &f->problems[i], *b = &s->problems[i];

		same_number(at, "problem kind", i, a->kind, b->kind);
		same_number(at, "problem line", i, a->line, b->line);
		same_number(at, "problem column", i, a->column, b->column);
		same_text(at, "problem message", i, a->message, b->message, strlen(a->message) + 1);
		same_number(at, "problem has a section", i, a->section != NULL, b->section != NULL);
		if (a->section != NULL)
			same_text(at, "problem section", i, a->section, b->section, strlen(a->section) + 1);
	}
}

static void same_game(const struct place *at, const struct pgn_game *f, const struct pgn_game *s)
{
	same_number(at, "first_line", 0, f->first_line, s->first_line);
	same_number(at, "start_offset", 0, f->start_offset, s->start_offset);
	same_number(at, "end_offset", 0, f->end_offset, s->end_offset);
	same_number(at, "truncated", 0, (unsigned long long)f->truncated, (unsigned long long)s->truncated);
	same_tags(at, f, s);
	same_tokens(at, f, s);
	same_problems(at, f, s);
}

/* Reads fast and general to the end side by side; returns the games. */
static int compare_readings(struct place *at, struct reading *fast, struct reading *general)
{
	struct pgn_position a, b;

	for (at->game = 1;; at->game++) {
		int got = pgn_next_game(fast->reader, &fast->game, fast->err, sizeof fast->err);
		int want = pgn_next_game(general->reader, &general->game, general->err, sizeof general->err);

		same_number(at, "pgn_next_game's return", 0, (unsigned long long)(int64_t)got,
			    (unsigned long long)(int64_t)want);
		if (got < 0)
			same_text(at, "read error", 0, fast->err, general->err, strlen(fast->err) + 1);
		if (got != 1)
			break;
		same_game(at, &fast->game, &general->game);
		same_number(at, "cut by the end", 0,
			    (unsigned long long)pgn_reader_game_cut_by_end(fast->reader),
			    (unsigned long long)pgn_reader_game_cut_by_end(general->reader));
	}
	same_number(at, "ended between games", 0,
		    (unsigned long long)pgn_reader_ended_between_games(fast->reader, &a),
		    (unsigned long long)pgn_reader_ended_between_games(general->reader, &b));
	same_number(at, "resume offset", 0, a.offset, b.offset);
	same_number(at, "resume line", 0, a.line, b.line);
	same_number(at, "resume line start", 0, a.line_start, b.line_start);
	same_number(at, "last line", 0, pgn_reader_line(fast->reader), pgn_reader_line(general->reader));
	return at->game - 1;
}

/* Compares the two paths over one file, in every read size and in place;
 * returns the games it has. */
static int compare_file(const char *path, const size_t *chunks, size_t nchunks)
{
	size_t len, text_len;
	unsigned char *raw = load(path, &len);
	int failed, games = 0;
	unsigned char *text = inflate_all(raw, len, &text_len, &failed);
	struct reading fast, general;
	struct place at = { path, "streamed", 0, 0 };

	for (size_t i = 0; i < nchunks; i++) {
		at.chunk = chunks[i];
		start(&fast, 1, raw, len, chunks[i]);
		start(&general, 0, raw, len, chunks[i]);
		games = compare_readings(&at, &fast, &general);
		finish(&fast);
		finish(&general);
	}
	if (!failed) {
		/* Two copies: lexing in place writes to the bytes. */
		unsigned char *copy = malloc(text_len + 1 + PGN_IN_PLACE_SLACK);

		assert_non_null(copy);
		memcpy(copy, text, text_len + 1);
		at.how = "in place";
		at.chunk = 0;
		start_in_place(&fast, 1, text + 1, text_len);
		start_in_place(&general, 0, copy + 1, text_len);
		compare_readings(&at, &fast, &general);
		finish(&fast);
		finish(&general);
		free(copy);
	}
	free(text);
	free(raw);
	return games;
}

static void compare_dir(const char *dir, const size_t *chunks, size_t nchunks)
{
	struct paths p = { NULL, 0, 0 };
	long games = 0;

	collect(&p, dir);
	if (p.count == 0)
		fail_msg("%s: no files", dir);
	qsort(p.path, p.count, sizeof *p.path, by_name);
	for (size_t i = 0; i < p.count; i++)
		games += compare_file(p.path[i], chunks, nchunks);
	printf("%s: %zu files, %ld games, read the same both ways\n", dir, p.count, games);
	free_paths(&p);
}

static void test_testdata_reads_the_same(void **state)
{
	(void)state;
	compare_dir("testdata", testdata_chunks, sizeof testdata_chunks / sizeof *testdata_chunks);
}

static void test_corpus_reads_the_same(void **state)
{
	const char *dir = getenv("CORPUS_DIR");
	struct stat st;

	(void)state;
	if (dir == NULL || *dir == '\0')
		dir = "../shared/corpus";
	if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
		printf("%s not found; skipping the corpus (CORPUS_DIR names another place)\n", dir);
		skip();
	}
	compare_dir(dir, corpus_chunks, sizeof corpus_chunks / sizeof *corpus_chunks);
}

/* Texts where the two paths meet: a run that stops at each kind of token
 * it leaves to the general lexer, and resumes after it. */
static void test_texts_read_the_same(void **state)
{
	static const char *const texts[] = {
		"[Event \"a\"]\n[Site \"b\\\"c\"]\n[Date \"1\tx\"]\n\n1. e4 e5 2.Nf3 Nc6 3. Bb5 a6 *\n",
		"[Event \"a\"]\n\n[Event \"b\"]\n1. e4 {ok} 1... e5 {open\n[Event \"c\"]\n1. d4 1-0\n",
		"1. e4 N 2. RR D $1 !? 12e4 1.e4 0-0 O-O-O 1/2 (1. d4 (1. c4)) 1/2-1/2\n",
		"\xEF\xBB\xBF[Event \"x\"]\r\n\r\n1. e4\re5\r\n% escape\n2. Nf3 ; rest\n{a}{b} 2... Nc6 * (2... d6) 0-1\n",
		"1. e4 e5\n\n1. d4 d5\n\n1. c4\n",
		"[A \"1\"] [B \"2\"]  [C \"3\"]\n1. \xE2\x88\x9E \xC2\xB1 f\xC3\xA9 123456789012. e4 $256 *\n",
	};

	(void)state;
	for (size_t i = 0; i < sizeof texts / sizeof *texts; i++) {
		for (size_t c = 0; c < sizeof testdata_chunks / sizeof *testdata_chunks; c++) {
			struct reading fast, general;
			struct place at = { texts[i], "text", testdata_chunks[c], 0 };
			size_t len = strlen(texts[i]);

			start(&fast, 1, (const unsigned char *)texts[i], len, testdata_chunks[c]);
			start(&general, 0, (const unsigned char *)texts[i], len, testdata_chunks[c]);
			assert_true(compare_readings(&at, &fast, &general) > 0);
			finish(&fast);
			finish(&general);
		}
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_texts_read_the_same),
		cmocka_unit_test(test_testdata_reads_the_same),
		cmocka_unit_test(test_corpus_reads_the_same),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
