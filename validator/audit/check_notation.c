/*
 * check_notation.c - how each move is written, against export SAN.
 *
 * A move that replayed is legal chess; what is left to check is whether it
 * is written as PGN export format (PGN 8.2.3) and Appendix C of the Laws
 * write it: x on captures, + and # exactly on checks and mates, an origin
 * only where another piece of the kind could go to the same square, castling
 * with the letter O, and none of the forms only the import side accepts
 * (long algebraic, UCI, e8Q, e.p., lower-case letters, ++).  The move
 * numbers written before the moves are checked here too.
 *
 * Most of it compares the parsed token with facts of the move that cost
 * almost nothing: is the target square occupied, is the king in check
 * afterwards.  Legal moves are generated only after a check at the last ply
 * (to tell check from mate) and rivals only when the token names an origin;
 * the export SAN that every finding suggests is written only when there is
 * a finding.
 */
#include "validator/audit/passes.h"
#include "validator/audit/record.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "validator/chess/movegen.h"
#include "validator/chess/notation.h"

static const char *const piece_names[] = { "pawn", "knight", "bishop", "rook", "queen", "king" };

/* One ply as the checks see it; the texts are made only when needed. */
struct written_move {
	const struct game_record *rec;
	int ply;
	const struct ply_record *p;
	const struct san *san;
	const struct position *before;
	int castle, capture, check, mate;
	int double_check; /* only worked out for a token marked ++ */
	char export_san[SAN_MAX]; /* "" until a finding needs it */
	const struct variation_site *site; /* a move in a variation, or NULL */
};

static void square_name(int sq, char *buf)
{
	buf[0] = (char)('a' + FILE_OF(sq));
	buf[1] = (char)('1' + RANK_OF(sq));
	buf[2] = '\0';
}

/* A finding about the move: "<label> <what>" and the export SAN as the
 * suggestion, also named at the end of the message. */
static struct finding *report(struct written_move *w, enum check_code code, const char *rule,
			      struct finding_list *out, const char *fmt, ...) __attribute__((format(printf, 5, 6)));

static struct finding *report(struct written_move *w, enum check_code code, const char *rule,
			      struct finding_list *out, const char *fmt, ...)
{
	char label[64], what[224];
	if (!w->export_san[0])
		move_to_san(w->before, w->p->move, w->export_san);
	if (w->site)
		snprintf(label, sizeof label, "%d%s %.40s", w->before->fullmove_number,
			 w->before->side_to_move == WHITE ? "." : "...", pgn_token_text(w->rec->game, w->p->token));
	else
		record_move_label(w->rec, w->ply, label, sizeof label);
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(what, sizeof what, fmt, ap);
	va_end(ap);
	struct finding *f = w->site ? move_finding(out, code, w->rec->game, w->p->token, w->before, w->site->ply)
				    : record_move_finding(w->rec, w->ply, code, out);
	f->rule = rule;
	snprintf(f->message, sizeof f->message, "%.60s %s (export SAN: %s)", label, what, w->export_san);
	snprintf(f->suggestion, sizeof f->suggestion, "%s", w->export_san);
	if (w->site)
		variation_finding(f, w->site, f->severity);
	return f;
}

/* Is the token followed by a lone `e.p.` (which the replay skips)?  Only
 * asked of captures: looking at the next token for every move costs more
 * than a stray e.p. after a quiet move is worth. */
static inline int followed_by_ep_mark(const struct game_record *rec, const struct pgn_token *t)
{
	const struct pgn_game *g = rec->game;
	const struct pgn_token *next = t + 1;
	return next < g->tokens + g->token_count && next->type == TOKEN_SYMBOL && next->depth == t->depth
	       && next->length == 4 && memcmp(pgn_token_text(g, next), "e.p.", 4) == 0;
}

/* A piece (or pawn) move that names its whole origin square without a
 * hyphen: Ng1f3, Pe2e4. */
static int names_origin_square(const struct san *san)
{
	return san->piece != SAN_ANY && san->from_file >= 0 && san->from_rank >= 0;
}

/* 0-0, o-o, and castling written as the king's move (Kg1, e1g1, Ke1-g1). */
static void check_castling(struct written_move *w, struct finding_list *out)
{
	const struct san *san = w->san;
	if (san->forms & FORM_ZERO_CASTLING)
		report(w, CHECK_CASTLING_NOTATION, "PGN 8.2.3", out,
		       "writes castling with zeros; PGN export writes it with the capital letter O");
	else if (san->forms & FORM_LOWER_CASTLING)
		report(w, CHECK_CASTLING_NOTATION, "PGN 8.2.3", out,
		       "writes castling with a lower-case o; PGN export writes it with the capital letter O");
	else if (san->kind == SAN_MOVE && w->castle)
		report(w, CHECK_CASTLING_NOTATION, "PGN 8.2.3", out,
		       "writes castling as a move of the king; PGN export writes it O-O or O-O-O");
}

/* Appends one more item to an "a, b and c" list. */
static void list_add(char *list, size_t len, int *count, const char *item)
{
	size_t used = strlen(list);
	snprintf(list + used, len - used, "%s%s", *count == 0 ? "" : ", ", item);
	(*count)++;
}

static void list_finish(char *list, int count)
{
	char *comma = count > 1 ? strrchr(list, ',') : NULL;
	if (!comma)
		return;
	memmove(comma + 4, comma + 1, strlen(comma + 1) + 1);
	/* The end of the string is in place: this overwrites its middle. */
	memcpy(comma, " and", 4); /* NOLINT(bugprone-not-null-terminated-result) */
}

/* Forms only PGN import accepts, one finding for all of them. */
static void check_forms(struct written_move *w, int long_form, struct finding_list *out)
{
	const struct san *san = w->san;
	unsigned forms = san->forms & ~(unsigned)(FORM_ZERO_CASTLING | FORM_LOWER_CASTLING | FORM_PAWN_NO_X);
	int ep_mark = w->capture && followed_by_ep_mark(w->rec, w->p->token);
	if (w->castle)
		forms &= ~(unsigned)(FORM_LONG | FORM_UCI); /* castling-notation says it */
	if (!forms && !long_form && !ep_mark && san->suffix != SUFFIX_DOUBLE_PLUS)
		return; /* the usual case, decided without building the list */
	char list[224];
	int count = 0;
	list[0] = '\0';
	if ((forms & FORM_UCI) && !san->capture)
		list_add(list, sizeof list, &count, "UCI coordinates (origin and destination squares)");
	else if ((forms & (FORM_LONG | FORM_UCI)) || long_form)
		list_add(list, sizeof list, &count, "long algebraic notation (the origin square)");
	if (forms & FORM_PROMO_NO_EQUALS)
		list_add(list, sizeof list, &count, "a promotion without =");
	if ((forms & FORM_EP_SUFFIX) || ep_mark)
		list_add(list, sizeof list, &count, "the suffix e.p.");
	if (forms & FORM_LOWER_PIECE)
		list_add(list, sizeof list, &count, "a lower-case piece letter");
	if (forms & FORM_PAWN_LETTER)
		list_add(list, sizeof list, &count, "the pawn letter P");
	if ((forms & FORM_COLON_CAPTURE) && w->capture)
		list_add(list, sizeof list, &count, "':' for the capture");
	if (san->suffix == SUFFIX_DOUBLE_PLUS && w->mate)
		list_add(list, sizeof list, &count, "'++' for mate");
	else if (san->suffix == SUFFIX_DOUBLE_PLUS && w->double_check)
		list_add(list, sizeof list, &count, "'++' for a double check");
	if (count == 0)
		return;
	list_finish(list, count);
	report(w, CHECK_NONSTANDARD_NOTATION, "PGN 8.2.3", out, "uses %s, which export SAN does not", list);
}

static const char *disambiguation_name(enum disambiguation d)
{
	switch (d) {
	case DISAMBIGUATE_FILE: return "the file";
	case DISAMBIGUATE_RANK: return "the rank";
	default: return "the square";
	}
}

/* Says which rival was left out because it cannot legally move there: the
 * reason Nbd2 needs no b when the other knight is pinned.  Out of check, a
 * rival with a free path that may not go there is pinned. */
static void describe_refused(const struct position *pos, bitboard refused, char *buf, size_t len)
{
	buf[0] = '\0';
	if (!refused)
		return;
	char sq[3];
	int r = lsb(refused);
	square_name(r, sq);
	snprintf(buf, len, " (the %s on %s %s)", piece_names[PIECE_TYPE(pos->board[r])], sq,
		 in_check(pos) ? "cannot legally go there" : "is pinned");
}

/* Origin given where export SAN gives less.  Returns 1 when the token names
 * a whole origin square nothing calls for: long algebraic without a hyphen
 * (Ng1f3), which check_forms() reports instead. */
static int check_disambiguation(struct written_move *w, struct finding_list *out)
{
	const struct san *san = w->san;
	int to = MOVE_TO(w->p->move);
	char ts[3];
	square_name(to, ts);
	if (w->castle || san->piece == SAN_ANY || (san->forms & (FORM_LONG | FORM_UCI)))
		return 0;
	if (san->piece == SAN_PAWN) {
		if (names_origin_square(san))
			return 1;
		if (san->from_rank >= 0 || (san->from_file >= 0 && !w->capture))
			report(w, CHECK_REDUNDANT_DISAMBIGUATION, "FIDE C.11", out,
			       "names where the pawn comes from, which a pawn move needs only for the file of a capture");
		return 0;
	}
	int wrote_file = san->from_file >= 0, wrote_rank = san->from_rank >= 0;
	if (!wrote_file && !wrote_rank)
		return 0;
	enum disambiguation need = move_disambiguation(w->before, w->p->move);
	const char *name = piece_names[san->piece];
	if (need == DISAMBIGUATE_NONE) {
		char why[64];
		bitboard refused;
		if (wrote_file && wrote_rank)
			return 1;
		move_rivals(w->before, w->p->move, &refused);
		describe_refused(w->before, refused, why, sizeof why);
		report(w, CHECK_REDUNDANT_DISAMBIGUATION, "FIDE C.11", out,
		       "needs no disambiguation: only one %s can reach %s%s", name, ts, why);
		return 0;
	}
	if (need == DISAMBIGUATE_SQUARE || (need == DISAMBIGUATE_FILE && !wrote_rank)
	    || (need == DISAMBIGUATE_RANK && !wrote_file))
		return 0;
	report(w, CHECK_REDUNDANT_DISAMBIGUATION, "FIDE C.11", out,
	       "names %s of departure where %s tells the %ss apart", wrote_file && wrote_rank ? "the square" : "the rank",
	       disambiguation_name(need), name);
	return 0;
}

/* x missing on a capture, or x / : on a move that captures nothing. */
static void check_capture_mark(struct written_move *w, struct finding_list *out)
{
	const struct san *san = w->san;
	if (w->capture == san->capture)
		return;
	if (w->castle || ((san->forms & FORM_UCI) && !san->capture))
		return; /* castling-notation / nonstandard-notation speak for these */
	int pawn = PIECE_TYPE(w->before->board[MOVE_FROM(w->p->move)]) == PAWN;
	const char *rule = pawn ? "FIDE C.10" : "FIDE C.9";
	if (w->capture)
		report(w, CHECK_CAPTURE_MARK, rule, out, "captures%s but has no x",
		       MOVE_KIND(w->p->move) == MOVE_EN_PASSANT ? " en passant" : "");
	else
		report(w, CHECK_CAPTURE_MARK, rule, out, "has the capture mark %c but captures nothing",
		       (san->forms & FORM_COLON_CAPTURE) ? ':' : 'x');
}

/* +, # and ++ against what the move does.  UCI has no marks at all, so a
 * UCI token without one is left to nonstandard-notation; so is ++ on a
 * double check, which is what older books meant by it. */
static void check_marks(struct written_move *w, struct finding_list *out)
{
	int suffix = w->san->suffix;
	const char *mark = suffix == SUFFIX_MATE ? "#" : "++";
	if ((w->san->forms & FORM_UCI) && suffix == SUFFIX_NONE)
		return;
	if (w->mate) {
		if (suffix == SUFFIX_CHECK)
			report(w, CHECK_MATE_MARK, "FIDE C.14", out, "mates but is marked + instead of #");
		else if (suffix == SUFFIX_NONE)
			report(w, CHECK_MATE_MARK, "FIDE C.14", out, "mates but has no #");
	} else if (w->check) {
		if (suffix == SUFFIX_NONE)
			report(w, CHECK_CHECK_MARK, "FIDE C.14", out, "gives check but has no +");
		else if (suffix == SUFFIX_MATE || (suffix == SUFFIX_DOUBLE_PLUS && !w->double_check))
			report(w, CHECK_MATE_MARK, "FIDE C.14", out, "is marked %s but does not mate; it gives check", mark);
	} else {
		if (suffix == SUFFIX_CHECK)
			report(w, CHECK_CHECK_MARK, "FIDE C.14", out, "is marked + but does not give check");
		else if (suffix != SUFFIX_NONE)
			report(w, CHECK_MATE_MARK, "FIDE C.14", out, "is marked %s but does not even give check", mark);
	}
}

/* Can the side to move step its king to a square no enemy piece attacks?
 * Then it is not mated, and its legal moves need not be generated. */
static int king_can_step_away(const struct position *pos)
{
	int us = pos->side_to_move;
	int king = position_king_square(pos, us);
	bitboard occupied = position_occupied(pos) ^ BIT(king);
	bitboard flights = king_attacks(king) & ~pos->by_color[us];
	while (flights)
		if (!attackers_to(pos, pop_lsb(&flights), !us, occupied))
			return 1;
	return 0;
}

/* The common case, decided at once: a token in plain SAN whose x, + and #
 * (`mark`, what the move calls for) agree with the move and which names no
 * origin but a pawn capture's file.  Then none of the checks below can find
 * anything. */
__attribute__((always_inline)) static inline int plain_san(const struct game_record *rec, const struct ply_record *p,
							     int mark, int capture, int castle)
{
	const struct san *san = &p->san;
	if (san->forms || san->suffix != mark || san->capture != capture)
		return 0;
	if (san->kind != SAN_MOVE)
		return 1;
	if (castle || san->from_rank >= 0 || (san->from_file >= 0 && !(san->piece == SAN_PAWN && capture)))
		return 0;
	return !capture || !followed_by_ep_mark(rec, p->token);
}

static int plainly_right(const struct written_move *w)
{
	int mark = w->mate ? SUFFIX_MATE : w->check ? SUFFIX_CHECK : SUFFIX_NONE;
	return plain_san(w->rec, w->p, mark, w->capture, w->castle);
}

/* Every check of the notation of one move.  Kept out of line: the few
 * moves that get here would otherwise make check_move, which runs for
 * every ply, save and restore registers it does not need. */
__attribute__((noinline)) static void check_written_move(struct written_move *w, struct finding_list *out)
{
	check_castling(w, out);
	int long_form = check_disambiguation(w, out);
	check_forms(w, long_form, out);
	check_capture_mark(w, out);
	check_marks(w, out);
}

/* A normal move (not castling, en passant or a promotion) that cannot
 * mate, was not repaired and is in plain SAN: what check_move would find
 * plainly right, without building the written_move, for the loop below
 * (most moves).  0 sends the ply to check_move.  A check mates only at
 * the last ply: the replay played the next ply from it, so it has a legal
 * reply, and its + is right. */
static inline int plain_move(const struct game_record *rec, int ply, const struct ply_record *p,
			     const struct position *before)
{
	if (p->repair || MOVE_KIND(p->move) != MOVE_NORMAL || (p->check && ply == rec->count))
		return 0;
	return plain_san(rec, p, p->check ? SUFFIX_CHECK : SUFFIX_NONE, (position_occupied(before) & BIT(MOVE_TO(p->move))) != 0,
			 0);
}

/* The first eight bytes of a parsed token (kind, piece, origin, target,
 * promotion, capture, suffix) as one word, to compare several at once. */
static inline uint64_t san_head(const struct san *san)
{
	uint64_t head;
	memcpy(&head, san, sizeof head);
	return head;
}

/* Which bytes of san_head() simple_plain_move() looks at, and what it
 * wants there: a move (not castling) with no origin (a capture's file
 * aside: a pawn's is looked at apart), x exactly on a capture, and the +
 * a check calls for (index: whether the move checks).  Built from struct
 * san, so the order of its bytes in the word does not matter. */
static const struct san quiet_mask = { .kind = 0xFF, .from_file = -1, .from_rank = -1, .capture = 0xFF,
				       .suffix = 0xFF };
static const struct san quiet_wanted[2] = {
	{ .kind = SAN_MOVE, .from_file = -1, .from_rank = -1, .capture = 0, .suffix = SUFFIX_NONE },
	{ .kind = SAN_MOVE, .from_file = -1, .from_rank = -1, .capture = 0, .suffix = SUFFIX_CHECK },
};
static const struct san capture_mask = { .kind = 0xFF, .from_rank = -1, .capture = 0xFF, .suffix = 0xFF };
static const struct san capture_wanted[2] = {
	{ .kind = SAN_MOVE, .from_rank = -1, .capture = 1, .suffix = SUFFIX_NONE },
	{ .kind = SAN_MOVE, .from_rank = -1, .capture = 1, .suffix = SUFFIX_CHECK },
};

/* The commonest plies of all, a normal move written as plain_move() wants
 * it (Nf3, e4, Bb5+, Nxe5, exd5), tested with a few compares of whole
 * words: the loop below asks it of every ply first.  0 does not mean a
 * finding, only that plain_move() is asked. */
static inline int simple_plain_move(const struct game_record *rec, const struct ply_record *p,
				    const struct position *before, int last)
{
	const struct san *san = &p->san;
	if (san->forms || p->repair || MOVE_KIND(p->move) != MOVE_NORMAL || (p->check && last))
		return 0;
	if (!(position_occupied(before) & BIT(MOVE_TO(p->move)))) {
		uint64_t wanted = p->check ? san_head(&quiet_wanted[1]) : san_head(&quiet_wanted[0]);
		return (san_head(san) & san_head(&quiet_mask)) == wanted;
	}
	uint64_t wanted = p->check ? san_head(&capture_wanted[1]) : san_head(&capture_wanted[0]);
	return (san_head(san) & san_head(&capture_mask)) == wanted && (san->from_file < 0 || san->piece == SAN_PAWN)
	       && !followed_by_ep_mark(rec, p->token);
}

/* Out of line: the loop in check_notation keeps to plain_move. */
__attribute__((noinline)) static void check_move(const struct game_record *rec, int ply, struct finding_list *out)
{
	const struct ply_record *p = &rec->plies[ply - 1];
	struct written_move w;
	w.rec = rec;
	w.ply = ply;
	w.p = p;
	w.san = &p->san;
	w.before = record_position(rec, ply - 1);
	int kind = MOVE_KIND(p->move);
	w.castle = kind == MOVE_CASTLE;
	w.capture = kind == MOVE_EN_PASSANT || (!w.castle && (position_occupied(w.before) & BIT(MOVE_TO(p->move))));
	w.check = p->check;
	/* A reply to an illegal move that stood and left its king in check:
	 * the check it finds is not one it gives, unless it adds an attacker. */
	if (p->stood == PLY_ANSWERS_EXPOSED && w.check) {
		const struct position *a = &p->after;
		int king = position_king_square(a, a->side_to_move);
		bitboard was = attackers_to(w.before, king, (enum color)!a->side_to_move, position_occupied(w.before));
		bitboard now = attackers_to(a, king, (enum color)!a->side_to_move, position_occupied(a));
		w.check = (now & ~was) != 0;
	}
	w.mate = w.double_check = 0;
	w.export_san[0] = '\0';
	w.site = NULL;
	/* Only the last ply can mate (see plain_move). */
	if (w.check && ply == rec->count && !king_can_step_away(&p->after)) {
		struct move_list replies;
		generate_legal(&p->after, &replies);
		w.mate = replies.count == 0;
	}
	if (w.check && p->san.suffix == SUFFIX_DOUBLE_PLUS) {
		const struct position *a = &p->after;
		int king = position_king_square(a, a->side_to_move);
		w.double_check = popcount(attackers_to(a, king, !a->side_to_move, position_occupied(a))) > 1;
	}
	if (p->repair)
		return; /* its recording error was reported when it was repaired */
	if (plainly_right(&w))
		return;
	check_written_move(&w, out);
}

void check_variation_notation(const struct game_record *rec, const struct pgn_token *t, const struct san *san,
			      const struct position *before, const struct position *after, move m, int check,
			      const struct variation_site *site, struct finding_list *out)
{
	struct ply_record p;
	p.after = *after;
	p.move = m;
	p.token = t;
	p.number = NULL;
	p.san = *san;
	p.repair = 0;
	p.pinned = 0;
	p.check = (uint8_t)check;
	struct written_move w;
	w.rec = rec;
	w.ply = 0;
	w.p = &p;
	w.san = &p.san;
	w.before = before;
	int kind = MOVE_KIND(m);
	w.castle = kind == MOVE_CASTLE;
	w.capture = kind == MOVE_EN_PASSANT || (!w.castle && (position_occupied(before) & BIT(MOVE_TO(m))));
	w.check = p.check;
	w.mate = w.double_check = 0;
	w.export_san[0] = '\0';
	w.site = site;
	/* A variation's moves are not followed by a reply the way the main
	 * line's are: a check may mate at any of them. */
	if (w.check && !king_can_step_away(after)) {
		struct move_list replies;
		generate_legal(after, &replies);
		w.mate = replies.count == 0;
	}
	if (w.check && san->suffix == SUFFIX_DOUBLE_PLUS) {
		int king = position_king_square(after, after->side_to_move);
		w.double_check = popcount(attackers_to(after, king, !after->side_to_move, position_occupied(after))) > 1;
	}
	if (plainly_right(&w))
		return;
	check_written_move(&w, out);
}

/* Does the move number written before a move fit it (PGN 8.2.2)?  White's
 * move N wants "N.", Black's "N..." (or "N.", as in "12. ... e5"). */
static int number_fits(const char *arena, const struct pgn_token *number, const struct position *before)
{
	if (number->number != before->fullmove_number)
		return 0;
	if (before->side_to_move != WHITE)
		return 1;
	const char *text = arena + number->text; /* pgn_token_text() */
	return !(number->length >= 2 && text[number->length - 2] == '.');
}

static void report_move_number(const struct game_record *rec, int ply, struct finding_list *out)
{
	const struct pgn_token *number = rec->plies[ply - 1].number;
	const struct position *before = record_position(rec, ply - 1);
	const char *text = pgn_token_text(rec->game, number);
	int white = before->side_to_move == WHITE;
	char label[64];
	record_move_label(rec, ply, label, sizeof label);
	struct finding *f = record_move_finding(rec, ply, CHECK_MOVE_NUMBER, out);
	f->line = number->line;
	f->column = number->column;
	f->rule = "PGN 8.2.2";
	snprintf(f->suggestion, sizeof f->suggestion, "%d%s", before->fullmove_number, white ? "." : "...");
	snprintf(f->message, sizeof f->message,
		 "move number %.20s stands before %s's move %d (%.60s); expected %s%s",
		 text, white ? "White" : "Black", before->fullmove_number, label, f->suggestion,
		 pgn_tag_value(rec->game, "FEN") ? ", counting from the move number of the FEN tag" : "");
}

/* One pass over the plies for the move numbers and the moves: the findings
 * are put in file order afterwards (audit.c). */
void check_notation(const struct game_record *rec, struct finding_list *out)
{
	int numbers_fit = 1; /* only the first move number that does not fit is reported */
	const struct position *before = &rec->start;
	/* Copies the calls below cannot change, as far as the compiler knows. */
	const struct ply_record *plies = rec->plies;
	const char *arena = rec->game->arena;
	int count = rec->count;
	for (int ply = 1; ply <= count; ply++) {
		const struct ply_record *p = &plies[ply - 1];
		if (p->number && numbers_fit && !number_fits(arena, p->number, before)) {
			report_move_number(rec, ply, out);
			numbers_fit = 0;
		}
		if (!simple_plain_move(rec, p, before, ply == count) && !plain_move(rec, ply, p, before))
			check_move(rec, ply, out);
		before = &p->after;
	}
}
