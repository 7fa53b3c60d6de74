/*
 * jsonl.c - one JSON object per finding, one per line (CHECKS.md field
 * order; fields that do not apply are left out).
 */
#include "report.h"

#include <string.h>

#include "validator/bitboard.h"

/* Does c go into a JSON string as it is?  Not quotes, backslashes, control
 * characters, nor bytes >= 0x80 (those are checked as UTF-8). */
static int json_plain(unsigned char c)
{
	return c >= 0x20 && c < 0x7F && c != '"' && c != '\\';
}

static void json_string(struct outbuf *b, const char *s)
{
	outbuf_put(b, "\"", 1);
	while (*s) {
		/* Runs of plain characters - nearly all of a message or a FEN -
		 * go into the buffer in one copy. */
		size_t run = 0;
		while (json_plain((unsigned char)s[run]))
			run++;
		if (run) {
			outbuf_put(b, s, run);
			s += run;
			continue;
		}
		unsigned char c = (unsigned char)*s;
		if (c >= 0x80) {
			s += outbuf_put_utf8_char(b, s);
			continue;
		}
		s++;
		if (c == '"' || c == '\\') {
			char esc[2] = { '\\', (char)c };
			outbuf_put(b, esc, 2);
		} else if (c == '\n') {
			outbuf_put(b, "\\n", 2);
		} else if (c == '\t') {
			outbuf_put(b, "\\t", 2);
		} else {
			outbuf_printf(b, "\\u%04x", c);
		}
	}
	outbuf_put(b, "\"", 1);
}

static void field_string(struct outbuf *b, const char *name, const char *value)
{
	if (!value || !*value)
		return;
	/* Three plain copies: formatting the name costs ten times as much. */
	outbuf_puts(b, ",\"");
	outbuf_puts(b, name);
	outbuf_puts(b, "\":");
	json_string(b, value);
}

void jsonl_finding(struct report *r, const struct game_label *g, const struct finding *f)
{
	struct outbuf *b = &r->buf;
	outbuf_puts(b, "{\"file\":");
	json_string(b, g->file);
	outbuf_puts(b, ",\"game\":");
	report_game_number(r, g->game);
	if (f->line) {
		outbuf_puts(b, ",\"line\":");
		outbuf_put_int(b, f->line);
		outbuf_puts(b, ",\"column\":");
		outbuf_put_int(b, f->column);
	}
	if (f->ply) {
		outbuf_puts(b, ",\"ply\":");
		outbuf_put_int(b, f->ply);
		outbuf_puts(b, ",\"move_number\":");
		outbuf_put_int(b, f->move_number);
		outbuf_puts(b, f->side == WHITE ? ",\"side\":\"white\"" : ",\"side\":\"black\"");
	}
	field_string(b, "san", f->san);
	field_string(b, "code", check_catalogue[f->code].code);
	field_string(b, "severity", severity_name(f->severity));
	field_string(b, "rule", f->rule);
	field_string(b, "message", f->message);
	field_string(b, "fen", f->fen);
	field_string(b, "suggestion", f->suggestion);
	field_string(b, "white", g->white);
	field_string(b, "black", g->black);
	field_string(b, "event", g->event);
	field_string(b, "round", g->round);
	field_string(b, "date", g->date);
	outbuf_puts(b, "}\n");
}
