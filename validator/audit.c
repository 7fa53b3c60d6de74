/*
 * audit.c - the replay pass behind `check` and `replay` (see audit.h).
 */
#include "audit.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "movegen.h"
#include "notation.h"
#include "parser/san.h"

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

static const struct {
	enum check_code code;
	const char *rule;
} problem_codes[] = {
	[PGN_SYNTAX] = { CHECK_SYNTAX, "PGN 8" },
	[PGN_UNTERMINATED_COMMENT] = { CHECK_UNTERMINATED_COMMENT, "PGN 5" },
	[PGN_UNBALANCED_VARIATION] = { CHECK_UNBALANCED_VARIATION, "PGN 8.2.5" },
	[PGN_MISSING_RESULT] = { CHECK_MISSING_RESULT, "PGN 8.2.6" },
};

static void report_reader_problems(const struct pgn_game *g, struct finding_list *out)
{
	for (int i = 0; i < g->problem_count; i++) {
		const struct pgn_problem *p = &g->problems[i];
		struct finding *f = finding_add(out, problem_codes[p->kind].code);
		f->line = p->line;
		f->column = p->column;
		f->rule = problem_codes[p->kind].rule;
		snprintf(f->message, sizeof f->message, "%s", p->message);
	}
}

/* The main line's termination marker, or NULL. */
static const struct pgn_token *termination_marker(const struct pgn_game *g)
{
	for (int i = g->token_count - 1; i >= 0; i--)
		if (g->tokens[i].type == TOKEN_RESULT && g->tokens[i].depth == 0)
			return &g->tokens[i];
	return NULL;
}

static void check_result_tag(const struct pgn_game *g, struct finding_list *out)
{
	const char *tag = pgn_tag_value(g, "Result");
	const struct pgn_token *marker = termination_marker(g);
	if (!tag || !marker)
		return;
	const char *written = pgn_token_text(g, marker);
	if (strcmp(tag, written) == 0)
		return;
	struct finding *f = finding_add(out, CHECK_RESULT_MISMATCH);
	f->line = marker->line;
	f->column = marker->column;
	f->rule = "PGN 8.2.6";
	snprintf(f->message, sizeof f->message,
		 "the termination marker %s disagrees with the Result tag \"%s\"", written, tag);
}

/* Sets up the start position; 0 when the game cannot be replayed. */
static int start_position(const struct pgn_game *g, struct position *pos, struct finding_list *out)
{
	const char *variant_tag = pgn_tag_value(g, "Variant");
	enum variant v = variant_of(variant_tag);
	if (v == VARIANT_OTHER) {
		struct finding *f = finding_add(out, CHECK_UNSUPPORTED_VARIANT);
		f->line = g->first_line;
		f->column = 1;
		snprintf(f->message, sizeof f->message,
			 "the game is %.100s, not chess or Chess960; its moves are not checked", variant_tag);
		return 0;
	}
	const char *fen = pgn_tag_value(g, "FEN");
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
	 * as Chess960, are taken as Chess960 - as python-chess does too. */
	if (v == VARIANT_STANDARD && repairs > 0 && (repairs & FEN_REPAIRED_CASTLING)
	    && fen_parse(pos, fen, 1, err, sizeof err) == 0)
		return 1;
	if (v == VARIANT_STANDARD && repairs > 0)
		fen_parse_repair(pos, fen, 0, err, sizeof err, repaired, sizeof repaired);
	struct finding *f = finding_add(out, CHECK_BAD_FEN);
	for (int i = 0; i < g->tag_count; i++) {
		if (strcmp(g->arena + g->tags[i].name, "FEN") == 0) {
			f->line = g->tags[i].line;
			f->column = g->tags[i].column;
		}
	}
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

static const char *move_label(const struct position *pos, const char *san, char *buf, size_t len)
{
	snprintf(buf, len, "%d%s %s", pos->fullmove_number, pos->side_to_move == WHITE ? "." : "...", san);
	return buf;
}

/* A written move in a position without legal moves: the game was over. */
static void report_move_after_mate(const struct game_record *rec, const struct pgn_token *t,
				   const struct position *pos, int ply, struct finding_list *out)
{
	char label[64];
	struct finding *f = move_finding(out, CHECK_MOVE_AFTER_END, rec->game, t, pos, ply);
	int mate = in_check(pos);
	f->rule = mate ? "FIDE 5.1.1" : "FIDE 5.2.1";
	record_where(rec, rec->count, label, sizeof label);
	snprintf(f->message, sizeof f->message,
		 "%.40s is recorded after the game ended: the position %s is %s; the rest of the game is not replayed",
		 pgn_token_text(rec->game, t), label, mate ? "checkmate" : "stalemate");
}

/* Plays one written move into the record; returns 0 when the replay stops. */
static int play_token(struct game_record *rec, const struct pgn_token *t, const struct pgn_token *number,
		      struct finding_list *out)
{
	const struct position *pos = record_position(rec, rec->count);
	const struct pgn_game *g = rec->game;
	const char *text = pgn_token_text(g, t);
	int ply = rec->count + 1;
	char err[160], label[64];
	struct san san;
	rec->stop_token = t;
	if (san_parse(text, t->length, &san, err, sizeof err) < 0) {
		struct finding *f = move_finding(out, CHECK_SYNTAX, g, t, pos, ply);
		f->rule = "PGN 8.2.3";
		snprintf(f->message, sizeof f->message, "'%.40s' is not a move: %s; the rest of the game is not replayed",
			 text, err);
		rec->stop = STOP_UNREADABLE;
		return 0;
	}
	struct match_result res;
	san_match(pos, &san, &res);
	if (res.status == MATCH_OK) {
		struct ply_record *p = record_push(rec);
		/* record_push may move the array: the position before is read anew. */
		p->after = *record_position(rec, rec->count - 1);
		make_move(&p->after, res.move);
		p->move = res.move;
		p->token = t;
		p->number = number;
		p->san = san;
		rec->stop_token = NULL;
		return 1;
	}
	struct move_list legal;
	generate_legal(pos, &legal);
	if (legal.count == 0) {
		report_move_after_mate(rec, t, pos, ply, out);
		rec->stop = STOP_GAME_OVER;
		return 0;
	}
	move_label(pos, text, label, sizeof label);
	if (res.status == MATCH_ILLEGAL) {
		struct finding *f = move_finding(out, CHECK_ILLEGAL_MOVE, g, t, pos, ply);
		f->rule = res.rule;
		snprintf(f->message, sizeof f->message, "%.50s is illegal: %s; the rest of the game is not replayed",
			 label, res.reason);
		if (san.kind == SAN_MOVE && san.piece == SAN_PAWN && san.promotion < 0 && san.to >= 0
		    && (san.to >= 56 || san.to < 8))
			snprintf(f->suggestion, sizeof f->suggestion, "%.40s=Q", text);
		rec->stop = STOP_ILLEGAL;
		return 0;
	}
	struct finding *f = move_finding(out, CHECK_AMBIGUOUS_MOVE, g, t, pos, ply);
	f->rule = "FIDE C.11";
	char list[160] = "";
	size_t used = 0;
	for (int i = 0; i < res.candidate_count && used < sizeof list - SAN_MAX - 8; i++) {
		char san_text[SAN_MAX];
		move_to_san(pos, res.candidates[i], san_text);
		used += (size_t)snprintf(list + used, sizeof list - used, "%s%s",
					 i == 0 ? "" : i + 1 == res.candidate_count ? " or " : ", ", san_text);
	}
	snprintf(f->message, sizeof f->message,
		 "%.50s is ambiguous: it could be %s; the rest of the game is not replayed", label, list);
	snprintf(f->suggestion, sizeof f->suggestion, "%.63s", list);
	rec->stop = STOP_AMBIGUOUS;
	return 0;
}

/* A lone `e.p.` after a capture belongs to that capture. */
static int is_ep_mark(const struct pgn_game *g, const struct pgn_token *t)
{
	return t->length == 4 && memcmp(pgn_token_text(g, t), "e.p.", 4) == 0;
}

/* Puts the game's findings (from index `first` on) in file order; stable, and
 * cheap for the handful of findings a game has. */
static void sort_by_position(struct finding_list *out, int first)
{
	for (int i = first + 1; i < out->count; i++) {
		struct finding f = out->items[i];
		int j = i;
		while (j > first && (out->items[j - 1].line > f.line
				     || (out->items[j - 1].line == f.line && out->items[j - 1].column > f.column))) {
			out->items[j] = out->items[j - 1];
			j--;
		}
		out->items[j] = f;
	}
}

static void replay_main_line(struct game_record *rec, struct finding_list *out, replay_callback cb, void *ctx)
{
	const struct pgn_game *g = rec->game;
	if (cb) {
		struct replay_step step = { 0, NULL, MOVE_NONE, NULL, &rec->start };
		cb(ctx, &step);
	}
	const struct pgn_token *number = NULL;
	for (int i = 0; i < g->token_count; i++) {
		const struct pgn_token *t = &g->tokens[i];
		if (t->depth != 0)
			continue;
		if (t->type == TOKEN_MOVE_NUMBER)
			number = t;
		if (t->type != TOKEN_SYMBOL || is_ep_mark(g, t))
			continue;
		if (rec->count == RECORD_MAX_PLIES) {
			struct finding *f = move_finding(out, CHECK_SYNTAX, g, t, record_position(rec, rec->count),
							 rec->count + 1);
			f->rule = "PGN 8";
			snprintf(f->message, sizeof f->message,
				 "the main line has more than %d plies; the rest of the game is not replayed",
				 RECORD_MAX_PLIES);
			rec->stop = STOP_TOO_LONG;
			rec->stop_token = t;
			return;
		}
		if (!play_token(rec, t, number, out))
			return;
		number = NULL;
		if (cb) {
			struct replay_step step = { rec->count, t, rec->plies[rec->count - 1].move,
						    record_position(rec, rec->count - 1), record_position(rec, rec->count) };
			cb(ctx, &step);
		}
	}
}

void auditor_init(struct auditor *a, const struct audit_options *opt)
{
	memset(a, 0, sizeof *a);
	a->opt = *opt;
}

void auditor_free(struct auditor *a)
{
	record_free(&a->record);
}

void audit_game(struct auditor *a, const struct pgn_game *g, struct finding_list *out, replay_callback cb,
		void *ctx)
{
	struct game_record *rec = &a->record;
	int first = out->count;
	record_reset(rec, g, a->opt.rules);
	rec->termination = termination_marker(g);
	report_reader_problems(g, out);
	check_result_tag(g, out);
	if (start_position(g, &rec->start, out))
		replay_main_line(rec, out, cb, ctx);
	else
		rec->stop = STOP_NOT_STARTED;
	check_tags(rec, out);
	if (rec->stop != STOP_NOT_STARTED) {
		check_notation(rec, out);
		check_results(rec, out);
		check_claims(rec, out);
	}
	for (int i = first; i < out->count; i++)
		out->items[i].rule = rule_cite(a->opt.rules, out->items[i].rule);
	sort_by_position(out, first);
}
