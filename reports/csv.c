/*
 * csv.c - findings as RFC 4180 CSV: a header line, then one row per finding
 * with the JSON Lines fields in the same order (empty where they do not
 * apply), each row one line.
 */
#include "report.h"

#include <string.h>

static const char header[] =
	"file,game,line,column,ply,move_number,side,san,code,severity,rule,message,fen,suggestion,"
	"white,black,event,round,date,variation,illegal_since,other_file,other_game,other_line\n";

void csv_header(struct report *r)
{
	outbuf_puts(&r->buf, header);
}

/* A field, quoted when it holds a comma or a quote.  Control characters (the CR LF of a
 * PGN comment, a tab, an escape) are written as the text format writes
 * them, \x0D or \u009B, so that a row is always one line and no terminal
 * or spreadsheet is told anything by the input's bytes. */
void csv_put_field(struct outbuf *b, const char *s)
{
	int quoted = strpbrk(s, ",\"") != NULL;
	if (quoted)
		outbuf_put(b, "\"", 1);
	outbuf_put_visible_quoting(b, s, '"');
	if (quoted)
		outbuf_put(b, "\"", 1);
}

static void field(struct outbuf *b, const char *s, int first)
{
	if (!first)
		outbuf_put(b, ",", 1);
	if (s)
		csv_put_field(b, s);
}

static void number(struct outbuf *b, long value, int present)
{
	outbuf_put(b, ",", 1);
	if (present)
		outbuf_put_int(b, value);
}

void csv_finding(struct report *r, const struct game_label *g, const struct finding *f)
{
	struct outbuf *b = &r->buf;
	field(b, g->file, 1);
	outbuf_put(b, ",", 1);
	report_game_number(r, g->game);
	outbuf_put(b, ",", 1);
	if (f->line)
		report_line_number(r, f->line);
	number(b, (long)f->column, f->line != 0);
	number(b, f->ply, f->ply != 0);
	number(b, f->move_number, f->ply != 0);
	field(b, f->ply ? (f->side == WHITE ? "white" : "black") : NULL, 0);
	field(b, f->san, 0);
	field(b, check_catalogue[f->code].code, 0);
	field(b, severity_name(f->severity), 0);
	field(b, f->rule, 0);
	field(b, f->message, 0);
	field(b, f->fen, 0);
	field(b, f->suggestion, 0);
	field(b, g->white, 0);
	field(b, g->black, 0);
	field(b, g->event, 0);
	field(b, g->round, 0);
	field(b, g->date, 0);
	/* The plies of finding.variation, with a space between. */
	outbuf_put(b, ",", 1);
	for (int i = 0; i < f->variation_depth; i++) {
		if (i)
			outbuf_put(b, " ", 1);
		outbuf_put_int(b, f->variation[i]);
	}
	number(b, f->illegal_since, f->illegal_since != 0);
	outbuf_put(b, ",", 1);
	if (f->other_game)
		csv_put_field(b, f->other_file);
	number(b, f->other_game, f->other_game != 0);
	number(b, (long long)f->other_line, f->other_game != 0);
	outbuf_put(b, "\n", 1);
}
