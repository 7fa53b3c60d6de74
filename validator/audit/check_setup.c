/*
 * check_setup.c - the pass that looks at a game before its moves: what the
 * reader found wrong with its text, the Result tag against the termination
 * marker, the variant, and the start position its FEN tag sets up (see
 * passes.h).  The others run on the replayed record.
 */
#include "validator/audit/passes.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "validator/chess/position.h"

enum variant { VARIANT_STANDARD, VARIANT_CHESS960, VARIANT_OTHER };

/* The Variant tag, compared without case, blanks, '-' and '_'. */
static enum variant variant_of(const char *tag)
{
	static const char *const standard[] = { "", "standard", "chess", "normal", "fromposition", "classical" };
	static const char *const fischer[] = { "chess960", "fischerandom", "fischerrandom", "960", "frc",
						"fischerrandomchess", "chess960fischerrandom" };
	char norm[64];
	size_t n = 0;
	for (const char *p = tag ? tag : ""; *p && n < sizeof norm - 1; p++)
		if (!isspace((unsigned char)*p) && *p != '-' && *p != '_')
			norm[n++] = (char)tolower((unsigned char)*p);
	norm[n] = '\0';
	for (size_t i = 0; i < sizeof standard / sizeof standard[0]; i++)
		if (strcmp(norm, standard[i]) == 0)
			return VARIANT_STANDARD;
	for (size_t i = 0; i < sizeof fischer / sizeof fischer[0]; i++)
		if (strcmp(norm, fischer[i]) == 0)
			return VARIANT_CHESS960;
	return VARIANT_OTHER;
}

/* The date the game was played, for --rules by-date: its Date tag, or
 * the EventDate when the Date has no digit (or is absent). */
static int has_digit(const char *s)
{
	for (; s && *s; s++)
		if (*s >= '0' && *s <= '9')
			return 1;
	return 0;
}

const char *setup_date(const struct setup_tags *t)
{
	const char *date = t->date, *event_date = t->event_date;
	if ((date && date[0] >= '0' && date[0] <= '9') || has_digit(date))
		return date;
	return has_digit(event_date) ? event_date : date;
}

/* A variant the Event tag names, for games without a Variant tag (FICS
 * exports say "FICS rated crazyhouse game" and nothing else), or NULL.
 * Whole words, without case; only names that mean a variant wherever
 * they stand.  Every game's Event is looked at, so a word is passed over
 * on its first letter unless a name begins with it. */
static const char *variant_in_event(const char *event)
{
#define NAME(s) { (s), sizeof(s) - 1 }
	static const struct {
		const char *text;
		size_t length;
	} names[] = {
		NAME("atomic"), NAME("antichess"), NAME("bughouse"), NAME("crazyhouse"), NAME("giveaway"),
		NAME("horde"), NAME("king of the hill"), NAME("losers"), NAME("racing kings"), NAME("suicide"),
		NAME("three-check"), NAME("threecheck"), NAME("3-check"), NAME("3check"),
	};
#undef NAME
	_Static_assert(sizeof names / sizeof names[0] == 14, "by_first below has a bit for each name");
	/* The names (bit i: names[i]) that begin with a letter, lower case. */
	static const uint16_t by_first[128] = {
		['a'] = 0x0003, ['b'] = 0x0004, ['c'] = 0x0008, ['g'] = 0x0010, ['h'] = 0x0020, ['k'] = 0x0040,
		['l'] = 0x0080, ['r'] = 0x0100, ['s'] = 0x0200, ['t'] = 0x0C00, ['3'] = 0x3000,
	};
	int word_start = 1;
	for (const char *p = event; p && *p; p++) {
		unsigned char c = (unsigned char)*p;
		int alnum = (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z');
		int starts = word_start;
		word_start = !alnum;
		if (!starts || !alnum)
			continue;
		for (unsigned m = by_first[c >= 'A' && c <= 'Z' ? c | 0x20 : c]; m; m &= m - 1) {
			int i = __builtin_ctz(m);
			size_t n = names[i].length;
			if (strncasecmp(p, names[i].text, n) == 0 && !isalnum((unsigned char)p[n]))
				return names[i].text;
		}
	}
	return NULL;
}

static const struct {
	enum check_code code;
	const char *rule;
} problem_codes[] = {
	[PGN_SYNTAX] = { CHECK_SYNTAX, "PGN 8" },
	[PGN_UNTERMINATED_COMMENT] = { CHECK_UNTERMINATED_COMMENT, "PGN 5" },
	[PGN_UNBALANCED_VARIATION] = { CHECK_UNBALANCED_VARIATION, "PGN 8.2.5" },
	[PGN_MISSING_RESULT] = { CHECK_MISSING_RESULT, "PGN 8.2.6" },
	[PGN_NONSTANDARD] = { CHECK_NONSTANDARD_NOTATION, "PGN 8.2.4" },
	[PGN_RESULT_FORM] = { CHECK_SYNTAX, "PGN 8.2.6" },
};

void check_reader_problems(const struct pgn_game *g, struct finding_list *out)
{
	for (int i = 0; i < g->problem_count; i++) {
		const struct pgn_problem *p = &g->problems[i];
		struct finding *f = finding_add(out, problem_codes[p->kind].code);
		f->line = p->line;
		f->column = p->column;
		f->rule = p->section ? p->section : problem_codes[p->kind].rule;
		snprintf(f->message, sizeof f->message, "%s", p->message);
	}
}

const struct pgn_token *termination_marker(const struct pgn_game *g)
{
	for (int i = g->token_count - 1; i >= 0; i--)
		if (g->tokens[i].type == TOKEN_RESULT && g->tokens[i].depth == 0)
			return &g->tokens[i];
	return NULL;
}

void check_result_tag(const struct pgn_game *g, struct finding_list *out)
{
	const char *tag = pgn_tag_value(g, "Result");
	const struct pgn_token *marker = termination_marker(g);
	if (!tag || !marker)
		return;
	const char *written = pgn_token_text(g, marker);
	/* A tag in another form ("1/2", "1:0") is tag-format's to report;
	 * here it disagrees only when it means another result. */
	char meant[16];
	if (strcmp(tag, written) == 0 || (result_meant(tag, strlen(tag), meant, sizeof meant) &&
					  strcmp(meant, written) == 0))
		return;
	struct finding *f = finding_add(out, CHECK_RESULT_MISMATCH);
	f->line = marker->line;
	f->column = marker->column;
	f->rule = "PGN 8.2.6";
	snprintf(f->message, sizeof f->message,
		 "the termination marker %s disagrees with the Result tag \"%s\"", written, tag);
}

void find_setup_tags(const struct pgn_game *g, struct setup_tags *t)
{
	memset(t, 0, sizeof *t);
	if (g->arena == NULL)   /* a game never read into: no tags */
		return;
	for (int i = 0; i < g->tag_count; i++) {
		const char *name = g->arena + g->tags[i].name, *value = g->arena + g->tags[i].value;
		switch (name[0]) {
		case 'V':
			if (!t->variant && strcmp(name, "Variant") == 0)
				t->variant = value;
			break;
		case 'F':
			if (name[1] == 'E' && name[2] == 'N' && name[3] == '\0') {
				if (!t->fen)
					t->fen = value;
				t->fen_tag = &g->tags[i];
			}
			break;
		case 'E':
			/* Letter by letter, not strcmp: every game has these. */
			if (name[1] != 'v' || name[2] != 'e' || name[3] != 'n' || name[4] != 't')
				break;
			if (name[5] == '\0' && !t->event)
				t->event = value;
			else if (name[5] == 'D' && !t->event_date && strcmp(name + 5, "Date") == 0)
				t->event_date = value;
			break;
		case 'D':
			if (name[1] == 'a' && name[2] == 't' && name[3] == 'e' && name[4] == '\0' && !t->date)
				t->date = value;
			break;
		default:
			break;
		}
	}
}

int check_setup_position(const struct pgn_game *g, const struct setup_tags *tags, struct position *pos,
			  struct finding_list *out)
{
	const char *variant_tag = tags->variant, *fen = tags->fen;
	const struct pgn_tag *fen_tag = tags->fen_tag;
	enum variant v = variant_of(variant_tag);
	const char *named = variant_tag ? NULL : variant_in_event(tags->event);
	if (named) {
		struct finding *f = finding_add(out, CHECK_UNSUPPORTED_VARIANT);
		f->line = g->first_line;
		f->column = 1;
		snprintf(f->message, sizeof f->message,
			 "the game is %s, as its Event tag says (\"%.60s\"; it has no Variant tag), not chess or Chess960; its moves are not checked",
			 named, tags->event);
		return 0;
	}
	if (v == VARIANT_OTHER) {
		struct finding *f = finding_add(out, CHECK_UNSUPPORTED_VARIANT);
		f->line = g->first_line;
		f->column = 1;
		snprintf(f->message, sizeof f->message,
			 "the game is %.100s, not chess or Chess960; its moves are not checked", variant_tag);
		return 0;
	}
	if (!fen) {
		position_startpos(pos);
		pos->chess960 = v == VARIANT_CHESS960;
		return 1;
	}
	char err[200], repaired[240];
	int repairs = fen_parse_repair(pos, fen, v == VARIANT_CHESS960, err, sizeof err, repaired, sizeof repaired);
	if (repairs == 0)
		return 1;
	/* Chess960 games without a Variant tag (TCEC's FRC events): castling
	 * rights that only Chess960 can grant, and a position that reads cleanly
	 * as Chess960, are taken as Chess960 - as python-chess does too.  When
	 * that reading fails it has overwritten pos, which is read again. */
	if (v == VARIANT_STANDARD && repairs > 0 && (repairs & FEN_REPAIRED_CASTLING)) {
		if (fen_parse(pos, fen, 1, err, sizeof err) == 0)
			return 1;
		fen_parse_repair(pos, fen, 0, err, sizeof err, repaired, sizeof repaired);
	}
	struct finding *f = finding_add(out, CHECK_BAD_FEN);
	f->line = fen_tag->line;
	f->column = fen_tag->column;
	f->rule = "PGN 16.1";
	if (repairs < 0) {
		snprintf(f->message, sizeof f->message, "the FEN tag cannot be used: %s; the game is not replayed", err);
		return 0;
	}
	/* A fullmove number of 0 is a slip of form; a castling right that
	 * cannot exist misstates the position (FIDE 3.8.2.1). */
	if (!(repairs & FEN_REPAIRED_CASTLING))
		f->severity = SEVERITY_WARNING;
	else
		f->rule = "FIDE 3.8.2.1";
	snprintf(f->message, sizeof f->message, "the FEN tag is wrong: %s", repaired);
	return 1;
}

