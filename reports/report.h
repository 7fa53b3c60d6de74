/*
 * report.h - findings out: one interface, one file per output format.
 *
 * A report writes into a buffer it reuses and hands the bytes to stdio in
 * large pieces, so printing costs no allocation per finding.  Text is for
 * people (compiler style: FILE:LINE:COL: SEVERITY: CODE: message [rule]),
 * JSON Lines and CSV are for programs; all three carry the same fields
 * (pgnaudit-check(1), OUTPUT FORMATS).  Strings that are not valid UTF-8
 * are taken as Latin-1 and converted, so JSON and CSV output is always
 * valid UTF-8.
 */
#ifndef PGNAUDIT_REPORT_H
#define PGNAUDIT_REPORT_H

#include <stdio.h>

#include "validator/audit/finding.h"

enum report_format { REPORT_TEXT, REPORT_JSONL, REPORT_CSV };

/* Which game a finding belongs to (tags are NULL when absent). */
struct game_label {
	const char *file;
	int game;
	const char *white, *black, *event, *round, *date;
};

/* A growable byte buffer, reused across findings. */
struct outbuf {
	char *data;
	size_t len, cap;
};

/* Where game and line numbers go that are not known yet.  A worker thread
 * audits a piece of a file without knowing how many games and lines came
 * before it (cli/pipeline.c): it numbers the games of its piece from 1 and
 * its lines from 1, and every game number and every finding's line number
 * is left out of the buffer and noted here, to be put in when the buffer is
 * written. */
struct game_marks {
	size_t *at;             /* offsets in the buffer */
	int64_t *value;         /* > 0: a game number within the piece; < 0:
				   minus a line number within the piece */
	size_t count, cap;
};

struct report {
	FILE *out;              /* NULL: keep everything in buf (a worker thread's batch) */
	enum report_format format;
	int color;              /* ANSI colours in text output */
	struct outbuf buf;
	struct game_marks *marks; /* NULL: game numbers are written as they are */
	/* With out NULL: called when buf holds full_at bytes or more, to write
	 * it (and its marks) out before the batch is done and empty them, so
	 * that it does not keep room for the most a batch ever held.  NULL:
	 * buf grows. */
	void (*full)(struct report *r, void *ctx);
	void *full_ctx;
	size_t full_at;
	/* When not NULL: called right before (0) and after (1) buf is written
	 * to out, for a progress line on the same terminal to make way. */
	void (*writing)(int done);
};

/* Parses "text", "jsonl" or "csv"; -1 when unknown. */
int report_format_from_name(const char *name);

void report_begin(struct report *r);
void report_finding(struct report *r, const struct game_label *g, const struct finding *f);
/* Flushes the buffer; returns -1 when writing failed (errno set). */
int report_flush(struct report *r);
void report_free(struct report *r);

/* Writes a game number (or notes its place; see struct game_marks). */
void report_game_number(struct report *r, int game);
/* Writes a finding's line number (or notes its place). */
void report_line_number(struct report *r, uint64_t line);

/* Buffer primitives shared by the formats. */
void outbuf_put(struct outbuf *b, const char *s, size_t n);
void outbuf_puts(struct outbuf *b, const char *s);
void outbuf_printf(struct outbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* A number in decimal, as "%lld" writes it, without the cost of printf. */
void outbuf_put_int(struct outbuf *b, long long v);
/* Appends s as UTF-8, reading bytes that are not valid UTF-8 as Latin-1. */
void outbuf_put_utf8(struct outbuf *b, const char *s);
/* The same for the one character at s (not NUL); returns the bytes read. */
size_t outbuf_put_utf8_char(struct outbuf *b, const char *s);
/* Length of the valid UTF-8 sequence at s, or 0. */
size_t utf8_sequence(const unsigned char *s);
/* A control character at s: a C0 byte or DEL (0x00-0x1F, 0x7F), a C1 code
 * point in UTF-8 (U+0080-U+009F) or a byte 0x80-0x9F that is not UTF-8
 * (C1 read as Latin-1), or a bidirectional embedding, override or isolate
 * (U+202A-U+202E, U+2066-U+2069).  Returns its length in bytes (0: none,
 * or s is at its NUL) and puts its code point in *code.  A terminal takes
 * these as commands (ESC [ 2 J clears the screen, ESC ] 0 ; retitles the
 * window) or turns the rest of the line around (U+202E). */
size_t control_length(const char *s, unsigned *code);
/* How a control character is shown: \u00HH for a C1 code point (one that
 * was read as a character: UTF-8, or Latin-1), \uHHHH for a bidirectional
 * control, else \xHH.  Writes the
 * escape to out (6 bytes at least, no NUL) and returns its length. */
size_t control_escape(unsigned code, int code_point, char *out);
/* As outbuf_put_utf8, for text a terminal shows: control characters are
 * written \xHH (C0, DEL) or \uHHHH (C1) instead. */
void outbuf_put_visible(struct outbuf *b, const char *s);
/* The same, with each `quote` character written twice (CSV's '"'). */
void outbuf_put_visible_quoting(struct outbuf *b, const char *s, char quote);
/* s as a JSON string, in its quotes: escaped as JSON asks, its bytes that
 * are not UTF-8 read as Latin-1 (jsonl.c). */
void jsonl_put_string(struct outbuf *b, const char *s);
/* A CSV field (RFC 4180), quoted when it holds a comma or a quote, its
 * control characters escaped as outbuf_put_visible does (csv.c). */
void csv_put_field(struct outbuf *b, const char *s);

struct game_counts;
struct event_groups;
struct date_range;
/* The game counts of one file as JSON Lines records: one "record":"file",
 * then one "record":"event" per event and round (pgnaudit-check(1)). */
void jsonl_counts(struct outbuf *b, const char *file, const struct game_counts *c, const struct event_groups *events,
		  const struct date_range *dates, int whole);

void text_finding(struct report *r, const struct game_label *g, const struct finding *f);
void jsonl_finding(struct report *r, const struct game_label *g, const struct finding *f);
void csv_header(struct report *r);
void csv_finding(struct report *r, const struct game_label *g, const struct finding *f);

#endif
