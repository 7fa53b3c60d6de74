/*
 * text.c - findings for people, in the style of a compiler:
 *
 *   games.pgn:141:18: error: illegal-move: 71. Kh3 is illegal: ... [FIDE 3.9]
 *     in game 12: Tal - Smyslov, Candidates, round 3, 1959.09.12
 *
 * Colour only when the caller decided the output is a terminal.  What
 * comes from the input (file names, tag values, quoted text) is written
 * with its control characters escaped (outbuf_put_visible), so that a
 * player named "\033[2J" cannot clear the screen or forge a line.
 */
#include "report.h"


static const char *const severity_colors[] = { "\033[1;31m", "\033[1;33m", "\033[1;36m" };

static void put_tag(struct outbuf *b, const char *prefix, const char *value, int *any)
{
	if (!value || !*value || (value[0] == '?' && !value[1]))
		return;
	outbuf_puts(b, *any ? prefix : "");
	outbuf_put_visible(b, value);
	*any = 1;
}

static void game_line(struct report *r, const struct game_label *g)
{
	struct outbuf *b = &r->buf;

	if (g->game == 0) {
		outbuf_puts(b, "  in the tournament report");   /* a pairing with no game (--trf) */
	} else {
		outbuf_puts(b, "  in game ");
		report_game_number(r, g->game);
	}
	int any = 0;
	if ((g->white && *g->white) || (g->black && *g->black)) {
		outbuf_puts(b, ": ");
		outbuf_put_visible(b, g->white && *g->white ? g->white : "?");
		outbuf_puts(b, " - ");
		outbuf_put_visible(b, g->black && *g->black ? g->black : "?");
		any = 1;
	}
	if (!any && g->event && *g->event)
		outbuf_puts(b, ": ");
	put_tag(b, ", ", g->event, &any);
	if (g->round && *g->round && !(g->round[0] == '?' && !g->round[1]) && !(g->round[0] == '-' && !g->round[1])) {
		outbuf_puts(b, any ? ", round " : ": round ");
		outbuf_put_visible(b, g->round);
		any = 1;
	}
	put_tag(b, ", ", g->date, &any);
	outbuf_puts(b, "\n");
}

void text_finding(struct report *r, const struct game_label *g, const struct finding *f)
{
	struct outbuf *b = &r->buf;
	if (r->color)
		outbuf_puts(b, "\033[1m");
	outbuf_put_visible(b, g->file);
	if (f->line) {
		outbuf_puts(b, ":");
		report_line_number(r, f->line);
		outbuf_puts(b, ":");
		outbuf_put_int(b, f->column);
	}
	outbuf_puts(b, ":");
	if (r->color)
		outbuf_puts(b, "\033[0m");
	outbuf_puts(b, " ");
	if (r->color)
		outbuf_puts(b, severity_colors[f->severity]);
	outbuf_puts(b, severity_name(f->severity));
	if (r->color)
		outbuf_puts(b, "\033[0m");
	outbuf_puts(b, ": ");
	outbuf_puts(b, check_catalogue[f->code].code);
	outbuf_puts(b, ": ");
	outbuf_put_visible(b, f->message);
	if (f->rule) {
		outbuf_puts(b, " [");
		outbuf_puts(b, f->rule);
		outbuf_puts(b, "]");
	}
	outbuf_puts(b, "\n");
	if (f->suggestion[0]) {
		outbuf_puts(b, "  suggestion: ");
		outbuf_put_visible(b, f->suggestion);
		outbuf_puts(b, "\n");
	}
	if (f->illegal_since) {
		outbuf_puts(b, "  not a legal position: an illegal move stood at ply ");
		outbuf_put_int(b, f->illegal_since);
		outbuf_puts(b, "\n");
	}
	if (f->other_game) {
		outbuf_puts(b, "  the other game: ");
		outbuf_put_visible(b, f->other_file);
		outbuf_puts(b, ":");
		outbuf_put_int(b, (long long)f->other_line);
		outbuf_puts(b, ": game ");
		outbuf_put_int(b, f->other_game);
		outbuf_puts(b, "\n");
	}
	game_line(r, g);
}
