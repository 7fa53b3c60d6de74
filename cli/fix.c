/*
 * fix.c - `pgnaudit fix`: write the games back as export-format PGN.
 *
 * Every game is replayed as `check` replays it (audit_game).  A game whose
 * main line replays to the end is written anew: the Seven Tag Roster first,
 * the Result tag and the termination marker made equal, PlyCount set right,
 * every main-line move in canonical SAN (move_to_san) with regenerated move
 * numbers, comments, NAGs and variations kept, lines under 80 columns.  The
 * moves played never change, only how they are written.  A game that cannot
 * be replayed (a syntax problem, an illegal or ambiguous move, a move after
 * the end, an unusable FEN, another variant) is copied byte for byte through
 * the stream tap (raw_window.h) and named on standard error.
 *
 * Variations are replayed too, from the position before the move they
 * replace: a variation move that is legal is written in canonical SAN; from
 * the first one that is not (or cannot be read), the rest of that variation
 * is written as it stood, move numbers included.
 */
#include <inttypes.h>
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "cli.h"
#include "parser/pgn.h"
#include "parser/raw_window.h"
#include "parser/san.h"
#include "parser/stream.h"
#include "validator/audit/audit.h"
#include "validator/audit/lang.h"
#include "validator/chess/movegen.h"
#include "validator/chess/notation.h"
#include "validator/audit/recover.h"
#include "validator/chess/unwinnable.h"

/* PGN 8.2.1: export format lines are shorter than 80 columns. */
#define LINE_MAX_COLUMNS 79

int usage_fix(FILE *fp, int status)
{
	fputs("usage: pgnaudit fix [-o FILE | --in-place [--backup=SUFFIX]] [--lang LIST] [--recover] [FILE...]\n"
	      "\n"
	      "Writes the games of each FILE (standard input when none or '-'; gzip is\n"
	      "recognised by its magic bytes) back as export-format PGN: canonical SAN,\n"
	      "move numbers, the Seven Tag Roster first, Result tag and termination marker\n"
	      "made equal, PlyCount set right; comments, NAGs and variations kept.  The moves\n"
	      "played never change.  A game that cannot be replayed is copied byte for byte\n"
	      "and named on standard error.\n"
	      "\n"
	      "  -o, --output FILE     write to FILE (replaced only when complete)\n"
	      "  -i, --in-place        rewrite each FILE itself, atomically\n"
	      "      --backup=SUFFIX   with --in-place, keep the original as FILE+SUFFIX\n"
	      "      --lang LIST       notations to read moves in, as for check (default auto);\n"
	      "                        the moves are written in English SAN\n"
	      "      --recover         repair recording errors that only one move explains,\n"
	      "                        each marked {pgnaudit: 23. Nd2 recorded as Nb2}\n"
	      "  -h, --help            show this help\n"
	      "\n"
	      "Exit status: 0 every game fixed, 1 a game could not be replayed and was\n"
	      "copied unchanged, 2 usage error or unreadable/unwritable file.\n",
	      fp);
	return status;
}

/* The replay state of one line of play: the main line (depth 0) or the
 * variation open at a depth. */
struct line_state {
	int playable;                   /* every move so far replayed */
	int has_move;                   /* a move was played on this line */
	int need_number;                /* a Black move here needs "N..." */
	const struct pgn_token *number; /* a move number not written yet */
	struct position current;        /* the position reached (variations) */
	struct position before;         /* the position before the last move (variations) */
	const struct position *branch;  /* where a variation of the last move starts */
};

/* Movetext out, wrapped at LINE_MAX_COLUMNS where a space would go. */
struct movetext {
	FILE *fp;
	long column;
	int opens; /* '(' not yet written: they go right before the next word */
};

struct fixer {
	struct auditor auditor;
	struct finding_list findings;
	struct raw_window window;
	struct line_state lines[PGN_MAX_DEPTH + 1];
	FILE *out;
	const struct pgn_game *game; /* the game being fixed */
	int *ply_token; /* the token each ply was read from (index in the game) */
	int ply_token_cap;
	long unfixed;   /* games copied unchanged because of an error */
	int blocks_out; /* games and texts between them written so far */
	int bom_out;    /* a BOM was met (and written if it came first) */
	int blank_line_out; /* the output ends with a blank line */
};

static void put_word(struct movetext *m, const char *pre, const char *text, size_t n, const char *post,
		     int reserve)
{
	const char *newline = memchr(text, '\n', n);
	size_t width = strlen(pre) + (newline ? (size_t)(newline - text) : n + strlen(post) + (size_t)reserve);
	if (m->column > 0) {
		if (m->column + 1 + m->opens + (long)width > LINE_MAX_COLUMNS) {
			putc('\n', m->fp);
			m->column = 0;
		} else {
			putc(' ', m->fp);
			m->column++;
		}
	}
	for (; m->opens > 0; m->opens--, m->column++)
		putc('(', m->fp);
	fputs(pre, m->fp);
	(void)fwrite(text, 1, n, m->fp);
	fputs(post, m->fp);
	const char *last = NULL;
	for (const char *p = text; (p = memchr(p, '\n', n - (size_t)(p - text))) != NULL; p++)
		last = p;
	if (last)
		m->column = (long)(text + n - last - 1) + (long)strlen(post);
	else
		m->column += (long)(strlen(pre) + n + strlen(post));
}

static void put_text(struct movetext *m, const char *text, int reserve)
{
	put_word(m, "", text, strlen(text), "", reserve);
}

static void put_close(struct movetext *m)
{
	if (m->opens > 0)
		put_word(m, "", "", 0, "", 1);
	putc(')', m->fp);
	m->column++;
}

/* Brace comment text, wrapped: a space in it becomes a line end where the
 * next word would reach column 80; its own line ends stay.  So only blanks
 * change, and fixing the output again changes nothing. */
static void put_wrapped(struct movetext *m, const char *text, size_t n, int reserve)
{
	size_t word = 0;
	while (word < n && text[word] != ' ' && text[word] != '\n')
		word++;
	/* The closing brace and the ')' after it go with the last word. */
	put_word(m, "{", text, word, "", word == n ? 1 + reserve : 0);
	for (size_t i = word; i < n; i = word) {
		char blank = text[i++];
		for (word = i; word < n && text[word] != ' ' && text[word] != '\n'; word++)
			continue;
		long width = (long)(word - i) + (word == n ? 1 + reserve : 0);
		if (blank == '\n' || (m->column > 0 && m->column + 1 + width > LINE_MAX_COLUMNS)) {
			putc('\n', m->fp);
			m->column = 0;
		} else {
			putc(' ', m->fp);
			m->column++;
		}
		(void)fwrite(text + i, 1, word - i, m->fp);
		m->column += (long)(word - i);
	}
	putc('}', m->fp);
	m->column++;
}

/* A comment as export format writes it, in braces - unless its text holds a
 * '}' (a `;` comment can), which only a rest-of-line comment can carry. */
static void put_comment(struct movetext *m, const struct pgn_game *g, const struct pgn_token *t, int reserve)
{
	const char *text = pgn_token_text(g, t);
	if (!memchr(text, '}', t->length)) {
		put_wrapped(m, text, t->length, reserve);
		return;
	}
	put_word(m, ";", text, t->length, "", 0);
	putc('\n', m->fp);
	m->column = 0;
}

/* The NAG of a traditional suffix annotation (PGN 8.2.4), 0 if none. */
static int glyph_nag(const char *glyph)
{
	static const char *const glyphs[] = { "", "!", "?", "!!", "??", "!?", "?!" };
	for (int i = 1; i < 7; i++)
		if (strcmp(glyph, glyphs[i]) == 0)
			return i;
	return 0;
}

static void put_nag(struct movetext *m, int nag, int reserve)
{
	char buf[16];
	snprintf(buf, sizeof buf, "$%d", nag);
	put_text(m, buf, reserve);
}

/* How many ')' follow token i at once: they are glued to what it writes.
 * Counted up to a line's width, which is all wrapping needs, so that a long
 * run of them costs no more than a line each. */
static int closes_after(const struct pgn_game *g, int i)
{
	int n = 0;
	while (n < LINE_MAX_COLUMNS && i + 1 + n < g->token_count && g->tokens[i + 1 + n].type == TOKEN_VARIATION_END)
		n++;
	return n;
}

/* "12." before White's move; "12..." before Black's where something came
 * between it and White's move (PGN 8.2.2.2).  The number and the move are
 * one word for wrapping: a line never ends between them. */
static void put_move(struct movetext *m, struct line_state *line, const struct position *before, move mv,
		     const char *glyph, int reserve)
{
	char number[24] = "", san[SAN_MAX];
	if (before->side_to_move == WHITE || line->need_number)
		snprintf(number, sizeof number, "%d%s ", before->fullmove_number,
			 before->side_to_move == WHITE ? "." : "...");
	int nag = glyph_nag(glyph);
	move_to_san(before, mv, san);
	put_word(m, number, san, strlen(san), "", nag ? 0 : reserve);
	if (nag)
		put_nag(m, nag, reserve);
	line->need_number = 0;
	line->number = NULL;
	line->has_move = 1;
}

/* A lone `e.p.` after a capture belongs to the capture (the replay skips it). */
static int is_ep_mark(const struct pgn_game *g, const struct pgn_token *t)
{
	return t->length == 4 && memcmp(pgn_token_text(g, t), "e.p.", 4) == 0;
}

/* A move number of a line no longer replayed goes out as written, before
 * the token after it (glued to it when that is the move). */
static void flush_number(struct movetext *m, const struct pgn_game *g, struct line_state *line)
{
	if (line->number && !line->playable)
		put_word(m, "", pgn_token_text(g, line->number), line->number->length, "", 0);
	if (!line->playable)
		line->number = NULL;
}

/* A variation move: canonical when it replays, else as written from here on. */
static void put_variation_move(struct movetext *m, const struct pgn_game *g, const struct pgn_token *t,
			       struct line_state *line, int reserve)
{
	const char *text = pgn_token_text(g, t);
	if (line->playable) {
		struct san san;
		struct match_result res;
		char err[160];
		if (is_ep_mark(g, t))
			return;
		if (san_parse(text, t->length, &san, err, sizeof err) == 0 && san_match(&line->current, &san, &res) == MATCH_OK
		    && res.status == MATCH_OK) {
			line->before = line->current;
			line->branch = &line->before;
			make_move(&line->current, res.move);
			put_move(m, line, &line->before, res.move, san.glyph, reserve);
			return;
		}
		line->playable = 0;
	}
	char number[64] = "";
	if (line->number && line->number->length < sizeof number - 1)
		snprintf(number, sizeof number, "%s ", pgn_token_text(g, line->number));
	else
		flush_number(m, g, line);
	line->number = NULL;
	put_word(m, number, text, t->length, "", reserve);
}

static void open_variation(struct fixer *f, int depth)
{
	struct line_state *line = &f->lines[depth];
	const struct line_state *parent = &f->lines[depth - 1];
	line->playable = depth < PGN_MAX_DEPTH && parent->playable && parent->has_move;
	line->has_move = 0;
	line->need_number = 1;
	line->number = NULL;
	if (line->playable)
		line->current = *parent->branch;
}

static void write_movetext(struct fixer *f, const struct pgn_game *g, const char *result)
{
	const struct game_record *rec = &f->auditor.record;
	struct movetext m = { f->out, 0, 0 };
	struct line_state *main_line = &f->lines[0];
	int ply = 0;
	main_line->playable = 1;
	main_line->has_move = 0;
	main_line->need_number = 1;
	main_line->number = NULL;
	for (int i = 0; i < g->token_count; i++) {
		const struct pgn_token *t = &g->tokens[i];
		struct line_state *line = &f->lines[t->depth];
		int reserve = t->type == TOKEN_VARIATION_END ? 0 : closes_after(g, i);
		switch (t->type) {
		case TOKEN_VARIATION_START:
			if (t->depth > 0) {
				flush_number(&m, g, &f->lines[t->depth - 1]);
				open_variation(f, t->depth);
			}
			m.opens++;
			break;
		case TOKEN_VARIATION_END:
			flush_number(&m, g, line);
			put_close(&m);
			if (t->depth > 0)
				f->lines[t->depth - 1].need_number = 1;
			break;
		case TOKEN_MOVE_NUMBER:
			flush_number(&m, g, line);
			line->number = t;
			break;
		case TOKEN_SYMBOL:
			if (t->depth > 0) {
				put_variation_move(&m, g, t, line, reserve);
				break;
			}
			/* The plies read up to this token.  Usually one, the token's
			 * own; none for a lone e.p. or a move number written in
			 * Arabic digits (a symbol the reading skips); under --recover
			 * also a ply not recorded (read at the move after it) and
			 * two plies in the order they were played, not written. */
			while (ply < rec->count && f->ply_token[ply] <= i) {
				const struct ply_record *p = &rec->plies[ply];
				line->branch = record_position(rec, ply);
				put_move(&m, line, line->branch, p->move, p->san.glyph, reserve);
				ply++;
				if (p->repair != REPAIR_NONE) {
					char note[192];
					record_repair_note(rec, ply, note, sizeof note);
					put_word(&m, "{pgnaudit: ", note, strlen(note), "}", 0);
					line->need_number = 1;
				}
			}
			break;
		case TOKEN_NAG:
			flush_number(&m, g, line);
			put_nag(&m, t->number, reserve);
			break;
		case TOKEN_GLYPH: {
			flush_number(&m, g, line);
			/* An annotation sign (`+=`, `N`) carries its NAG. */
			int nag = t->number > 0 ? t->number : glyph_nag(pgn_token_text(g, t));
			if (nag)
				put_nag(&m, nag, reserve);
			else
				put_word(&m, "", pgn_token_text(g, t), t->length, "", reserve);
			break;
		}
		case TOKEN_COMMENT:
			flush_number(&m, g, line);
			put_comment(&m, g, t, reserve);
			line->need_number = 1;
			break;
		default: /* the result: written last, as decided */
			break;
		}
	}
	put_text(&m, result, 0);
	putc('\n', f->out);
}

static int is_result(const char *text)
{
	return text && (strcmp(text, "1-0") == 0 || strcmp(text, "0-1") == 0 || strcmp(text, "1/2-1/2") == 0
			|| strcmp(text, "*") == 0);
}

/* The final position decides when it is checkmate, stalemate or dead (FIDE
 * 5.1.1, 5.2.1, 5.2.2); otherwise the termination marker, else the Result
 * tag, else "*". */
static const char *decided_result(const struct game_record *rec)
{
	const struct position *pos = record_position(rec, rec->count);
	struct move_list legal;
	generate_legal(pos, &legal);
	if (legal.count == 0 && in_check(pos))
		return pos->side_to_move == WHITE ? "0-1" : "1-0";
	if (legal.count == 0 || is_dead_position(pos))
		return "1/2-1/2";
	if (rec->termination)
		return pgn_token_text(rec->game, rec->termination);
	const char *tag = pgn_tag_value(rec->game, "Result");
	return is_result(tag) ? tag : "*";
}

static void put_tag(FILE *out, const char *name, const char *value, size_t n)
{
	fprintf(out, "[%s \"", name);
	for (size_t i = 0; i < n; i++) {
		if (value[i] == '"' || value[i] == '\\')
			putc('\\', out);
		putc(value[i], out);
	}
	fputs("\"]\n", out);
}

static const char *const roster[7] = { "Event", "Site", "Date", "Round", "White", "Black", "Result" };
/* PGN 8.1.1: the values that stand for "unknown". */
static const char *const roster_unknown[7] = { "?", "?", "????.??.??", "?", "?", "?", "*" };

static int roster_index(const char *name)
{
	for (int i = 0; i < 7; i++)
		if (strcmp(name, roster[i]) == 0)
			return i;
	return -1;
}

/* The Seven Tag Roster in its order (absent tags with their unknown value),
 * then the other tags in their order.  A roster tag given twice keeps its
 * first value in the roster and the others among the rest, except Result,
 * which is written once.  PlyCount, when present, is set right. */
static void write_tags(FILE *out, const struct pgn_game *g, const char *result, int plies)
{
	int first[7];
	for (int i = 0; i < 7; i++)
		first[i] = -1;
	for (int i = 0; i < g->tag_count; i++) {
		int r = roster_index(g->arena + g->tags[i].name);
		if (r >= 0 && first[r] < 0)
			first[r] = i;
	}
	for (int r = 0; r < 7; r++) {
		if (r == 6)
			put_tag(out, roster[r], result, strlen(result));
		else if (first[r] >= 0)
			put_tag(out, roster[r], g->arena + g->tags[first[r]].value, g->tags[first[r]].value_length);
		else
			put_tag(out, roster[r], roster_unknown[r], strlen(roster_unknown[r]));
	}
	char count[16];
	snprintf(count, sizeof count, "%d", plies);
	for (int i = 0; i < g->tag_count; i++) {
		const char *name = g->arena + g->tags[i].name;
		int r = roster_index(name);
		if (r == 6 || (r >= 0 && first[r] == i))
			continue;
		if (strcmp(name, "PlyCount") == 0)
			put_tag(out, name, count, strlen(count));
		else
			put_tag(out, name, g->arena + g->tags[i].value, g->tags[i].value_length);
	}
}

/* Why the game cannot be written anew, or NULL when it can. */
static const struct finding *unfixable(const struct fixer *f, const struct pgn_game *g, int *error)
{
	const struct game_record *rec = &f->auditor.record;
	int blocked = g->truncated || rec->stop != STOP_NONE;
	for (int i = 0; i < g->problem_count; i++)
		if (g->problems[i].kind != PGN_MISSING_RESULT && g->problems[i].kind != PGN_NONSTANDARD)
			blocked = 1;
	if (!blocked)
		return NULL;
	const struct finding *why = NULL;
	*error = 0;
	for (int i = 0; i < f->findings.count; i++) {
		const struct finding *x = &f->findings.items[i];
		if (x->severity == SEVERITY_ERROR) {
			*error = 1;
			return x;
		}
		if (!why && x->code == CHECK_UNSUPPORTED_VARIANT)
			why = x;
	}
	*error = why == NULL;
	return why ? why : &f->findings.items[0];
}


static int is_blank_byte(int c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

/* Starts a block of output (a game, or text between games): a blank line
 * after the one before. */
static void begin_block(struct fixer *f)
{
	if (f->blocks_out++ > 0 && !f->blank_line_out)
		putc('\n', f->out);
	f->blank_line_out = 0;
}

/* Does the input text [from, to) end with a blank line (two line ends after
 * its last character that is not blank)?  A game without a result owns the
 * blanks before the next game, and copying it byte for byte writes them. */
static int ends_with_blank_line(struct raw_window *w, uint64_t from, uint64_t to)
{
	int line_ends = 0, next = -1;
	for (uint64_t i = to; i > from && line_ends < 2; i--) {
		int c = raw_window_at(w, i - 1);
		if (!is_blank_byte(c))
			break;
		line_ends += c == '\n' || (c == '\r' && next != '\n');
		next = c;
	}
	return line_ends >= 2;
}

/* Text between games, the input [from, to) (escape lines, a comment after
 * the last game): its lines that are not blank are kept, each ended by a
 * newline.  A BOM at the start of the output stays there; one further on is
 * dropped.  The text is read from the window byte by byte, so a gap of any
 * length costs no memory. */
static void write_between(struct fixer *f, uint64_t from, uint64_t to)
{
	static const unsigned char bom[3] = { 0xEF, 0xBB, 0xBF };
	struct raw_window *w = &f->window;
	if (to - from >= 3 && raw_window_at(w, from) == bom[0] && raw_window_at(w, from + 1) == bom[1] &&
	    raw_window_at(w, from + 2) == bom[2]) {
		if (f->blocks_out == 0 && !f->bom_out)
			(void)fwrite(bom, 1, 3, f->out);
		f->bom_out = 1;
		from += 3;
	}
	int begun = 0;
	while (from < to) {
		uint64_t end = from;
		int blank = 1, c;
		while (end < to && (c = raw_window_at(w, end)) != '\n' && c != '\r') {
			blank = blank && is_blank_byte(c);
			end++;
		}
		if (!blank) {
			if (!begun)
				begin_block(f);
			begun = 1;
			(void)raw_window_write(w, from, end, f->out);
			putc('\n', f->out);
		}
		while (end < to && ((c = raw_window_at(w, end)) == '\n' || c == '\r'))
			end++;
		from = end;
	}
}

/* Writes one game, anew or as it was.  Returns -1 when its bytes are not
 * at hand (out of memory). */
/* audit_game's callback: which token each ply was read from. */
static void note_ply_token(void *ctx, const struct replay_step *step)
{
	struct fixer *f = ctx;
	if (step->ply == 0 || step->token == NULL)
		return;
	if (step->ply > f->ply_token_cap) {
		int cap = f->ply_token_cap ? 2 * f->ply_token_cap : 256;
		while (cap < step->ply)
			cap *= 2;
		int *grown = realloc(f->ply_token, (size_t)cap * sizeof *grown);
		if (!grown) {
			warnx_("out of memory");
			exit(EXIT_TROUBLE);
		}
		f->ply_token = grown;
		f->ply_token_cap = cap;
	}
	f->ply_token[step->ply - 1] = (int)(step->token - f->game->tokens);
}

static int fix_game(struct fixer *f, const char *shown, int index, const struct pgn_game *g)
{
	f->findings.count = 0;
	f->game = g;
	audit_game(&f->auditor, g, &f->findings, note_ply_token, f);
	int error;
	const struct finding *why = unfixable(f, g, &error);
	if (!why) {
		const char *result = decided_result(&f->auditor.record);
		begin_block(f);
		write_tags(f->out, g, result, f->auditor.record.count);
		putc('\n', f->out);
		write_movetext(f, g, result);
		return 0;
	}
	struct raw_window *w = &f->window;
	if (!raw_window_has(w, g->start_offset, g->end_offset))
		return -1;
	begin_block(f);
	if (raw_window_write(w, g->start_offset, g->end_offset, f->out) < 0)
		return -1;
	if (g->end_offset == g->start_offset || raw_window_at(w, g->end_offset - 1) != '\n')
		putc('\n', f->out);
	f->blank_line_out = ends_with_blank_line(w, g->start_offset, g->end_offset);
	warnx_("%s:%" PRIu64 ": game %d copied unchanged: %s", shown, why->line ? why->line : g->first_line, index,
	       why->message);
	if (error)
		f->unfixed++;
	return 0;
}

/* Fixes one file into f->out.  Returns -1 when it could not be read whole
 * (the message is out). */
static int fix_file(struct fixer *f, const char *path, struct pgn_game *g)
{
	char err[256];
	const char *shown = input_name(path);
	struct input_stream *s = input_open(path);
	if (!s)
		return -1;
	raw_window_reset(&f->window);
	stream_set_tap(s, raw_window_tap, &f->window);
	struct pgn_reader *r = pgn_reader_new(s);
	uint64_t copied = 0;
	int index = 0, got = 0, status = 0;
	while (!output_failed(f->out) && (got = pgn_next_game(r, g, err, sizeof err)) == 1) {
		uint64_t start = g->start_offset > copied ? g->start_offset : copied;
		int kept = raw_window_has(&f->window, copied, start);
		index++;
		if (kept)
			write_between(f, copied, start);
		if (!kept || fix_game(f, shown, index, g) < 0) {
			warn_not_kept(shown, index - 1, f->window.error);
			status = -1;
			break;
		}
		copied = g->end_offset;
		raw_window_drop(&f->window, copied);
	}
	if (got < 0) {
		warn_read_failed(shown, err, index);
		status = -1;
	}
	if (got == 0) {
		uint64_t end = raw_window_end(&f->window);
		/* A final ^Z (an old DOS end-of-file mark) is not text: the
		 * reader skips it only as the last byte, where nothing can
		 * follow it, so it is dropped rather than moved. */
		if (end > copied && raw_window_at(&f->window, end - 1) == 0x1a)
			end--;
		if (raw_window_has(&f->window, copied, end))
			write_between(f, copied, end);
		if (f->window.error) {
			warn_not_kept(shown, index, f->window.error);
			status = -1;
		}
	}
	pgn_reader_free(r);
	stream_close(s);
	return status;
}

static struct fixer *fixer_new(const struct audit_options *opt)
{
	struct fixer *f = calloc(1, sizeof *f);
	if (!f) {
		warnx_("out of memory");
		return NULL;
	}
	auditor_init(&f->auditor, opt);
	raw_window_init(&f->window);
	return f;
}

static void fixer_free(struct fixer *f)
{
	finding_list_free(&f->findings);
	auditor_free(&f->auditor);
	raw_window_free(&f->window);
	free(f->ply_token);
	free(f);
}

/* Is the file compressed?  --in-place would replace it by plain text. */
static int is_gzip_file(const char *path)
{
	unsigned char magic[2];
	FILE *fp = fopen(path, "rb");
	if (!fp)
		return 0;
	size_t n = fread(magic, 1, 2, fp);
	fclose(fp);
	return n == 2 && magic[0] == 0x1f && magic[1] == 0x8b;
}

/* Keeps the original as path+suffix, replacing what had that name at once
 * (a hard link under a temporary name, renamed into place), so that the
 * backup is never a partial file.  Returns 0, or -1 after saying why. */
static int make_backup(const char *path, const char *suffix)
{
	size_t n = strlen(path) + strlen(suffix) + 1;
	char *backup = malloc(n), *tmp = NULL;
	int status = -1;
	if (!backup) {
		warnx_("out of memory");
		return -1;
	}
	snprintf(backup, n, "%s%s", path, suffix);
	tmp = link_aside(path, backup, "");
	if (!tmp) {
		warnx_("%s: cannot create the backup: %s", backup, strerror(errno));
		goto done;
	}
	temporary_register(tmp);
	if (rename(tmp, backup) != 0) {
		warnx_("%s: cannot create the backup: %s", backup, strerror(errno));
		unlink(tmp);
		temporary_unregister(tmp);
		goto done;
	}
	temporary_unregister(tmp);
	status = 0;
done:
	free(backup);
	free(tmp);
	return status;
}

/* Is the file now what it was when it was opened: the same inode, of the
 * same size, written last at the same time?  Else another process wrote
 * to it (a live broadcast file grows) or replaced it (a second fix run). */
static int unchanged_since(const char *path, const struct stat *then)
{
	struct stat now;
	return stat(path, &now) == 0 && now.st_dev == then->st_dev && now.st_ino == then->st_ino
	       && now.st_size == then->st_size && now.st_mtim.tv_sec == then->st_mtim.tv_sec
	       && now.st_mtim.tv_nsec == then->st_mtim.tv_nsec;
}

/* The new file takes the old one's permissions, owner and group (where
 * the user may set them: chown to another owner needs root) and extended
 * attributes.  The temporary file is 0600 from mkstemp until then. */
static void keep_attributes(int from, int to, const struct stat *st)
{
	if (fchown(to, st->st_uid, st->st_gid) != 0)
		(void)!fchown(to, (uid_t)-1, st->st_gid);
	fchmod(to, st->st_mode & 07777);
	char names[4096], value[4096];
	ssize_t n = flistxattr(from, names, sizeof names);
	for (ssize_t i = 0; i < n; i += (ssize_t)strlen(names + i) + 1) {
		ssize_t len = fgetxattr(from, names + i, value, sizeof value);
		if (len >= 0)
			(void)fsetxattr(to, names + i, value, (size_t)len, 0);
	}
}

/* Rewrites one file through a temporary file beside it; the original is
 * replaced only when the whole of it was read, the whole fixed text
 * written and synced, and nothing else changed the file meanwhile (an
 * exclusive flock keeps two fix runs of one file apart).  Returns 0, or -1
 * after saying why. */
static int fix_in_place(struct fixer *f, const char *path, const char *backup, struct pgn_game *g)
{
	struct stat st;
	char *real = realpath(path, NULL);
	int lock = real ? open(real, O_RDONLY) : -1;
	if (lock < 0 || flock(lock, LOCK_EX) != 0 || fstat(lock, &st) != 0) {
		warnx_("%s: %s", path, strerror(errno));
		if (lock >= 0)
			close(lock);
		free(real);
		return -1;
	}
	int status = -1;
	struct output out;
	if (!S_ISREG(st.st_mode))
		warnx_("%s: not a regular file; --in-place rewrites only regular files", path);
	else if (is_gzip_file(real))
		warnx_("%s: gzip-compressed; --in-place would replace it by plain text (use -o)", path);
	else if (!unchanged_since(real, &st))
		warnx_("%s: replaced by another program (another fix?) before it was read; not rewritten", path);
	else if (output_open_private(&out, real) == 0) {
		keep_attributes(lock, fileno(out.fp), &st);
		if (st.st_nlink > 1)
			warnx_("%s: has %lu names (hard links); --in-place gives this one the fixed text, the others keep the original",
			       path, (unsigned long)st.st_nlink);
		f->out = out.fp;
		f->blocks_out = f->bom_out = f->blank_line_out = 0;
		int read_ok = fix_file(f, path, g) == 0;
		int written = fflush(out.fp) == 0 && !ferror(out.fp) && fsync(fileno(out.fp)) == 0;
		if (!written || !read_ok) {
			if (!written)
				warnx_("%s: write failed, the file was not changed: %s", path, strerror(errno));
			else
				warnx_("%s: not rewritten because it could not be read whole; the file was not changed",
				       path);
			output_abandon(&out);
		} else if (!unchanged_since(real, &st)) {
			warnx_("%s: changed while it was being fixed (written to or replaced by another program); "
			       "not rewritten, nothing of it was lost: run fix again when it is still",
			       path);
			output_abandon(&out);
		} else if (backup && make_backup(real, backup) < 0) {
			warnx_("%s: not rewritten, the file was not changed", path);
			output_abandon(&out);
		} else {
			status = output_close(&out);
		}
	}
	close(lock); /* after the rename: a second run waits until then */
	free(real);
	return status;
}

/* Whether files[i] is a file given earlier under another name (a.pgn
 * ./a.pgn): it is rewritten once. */
static int given_before(char **files, int i)
{
	struct stat a, b;
	if (stat(files[i], &a) != 0)
		return 0;
	for (int j = 0; j < i; j++)
		if (stat(files[j], &b) == 0 && a.st_dev == b.st_dev && a.st_ino == b.st_ino)
			return 1;
	return 0;
}

int cmd_fix(int argc, char **argv)
{
	enum { OPT_BACKUP = 256, OPT_LANG, OPT_RECOVER };
	static const struct option longopts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "in-place", no_argument, NULL, 'i' },
		{ "backup", required_argument, NULL, OPT_BACKUP },
		{ "lang", required_argument, NULL, OPT_LANG },
		{ "recover", no_argument, NULL, OPT_RECOVER },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *output = NULL, *backup = NULL;
	int in_place = 0, c;
	char err[256];
	struct audit_options audit = { .rules = RULES_BY_DATE, .langs = LANG_AUTO, .recover = 0 };
	optind = 1;
	while ((c = getopt_long(argc, argv, "o:ih", longopts, NULL)) != -1) {
		switch (c) {
		case 'o': output = optarg; break;
		case 'i': in_place = 1; break;
		case OPT_BACKUP: backup = optarg; break;
		case OPT_LANG:
			if (lang_parse_list(optarg, &audit.langs, err, sizeof err) < 0) {
				warnx_("%s", err);
				return usage_fix(stderr, EXIT_TROUBLE);
			}
			break;
		case OPT_RECOVER: audit.recover = 1; break;
		case 'h': return usage_fix(stdout, EXIT_CLEAN);
		default: return usage_fix(stderr, EXIT_TROUBLE);
		}
	}
	int file_count;
	char **files = input_files(argc, argv, &file_count);
	if (in_place && output) {
		warnx_("--in-place and -o exclude each other");
		return usage_fix(stderr, EXIT_TROUBLE);
	}
	if (backup && !in_place) {
		warnx_("--backup goes with --in-place");
		return usage_fix(stderr, EXIT_TROUBLE);
	}
	if (backup && (!*backup || strchr(backup, '/'))) {
		warnx_("--backup takes a suffix such as .orig, not '%s'", backup);
		return EXIT_TROUBLE;
	}
	if (in_place && optind >= argc) {
		warnx_("--in-place needs the files to rewrite; standard input cannot be rewritten");
		return usage_fix(stderr, EXIT_TROUBLE);
	}
	for (int i = 0; in_place && i < file_count; i++) {
		if (strcmp(files[i], "-") == 0) {
			warnx_("--in-place cannot rewrite standard input ('-')");
			return EXIT_TROUBLE;
		}
	}

	struct fixer *f = fixer_new(&audit);
	if (!f)
		return EXIT_TROUBLE;
	struct pgn_game game;
	pgn_game_init(&game);
	int trouble = 0;
	if (in_place) {
		for (int i = 0; i < file_count; i++) {
			if (given_before(files, i)) {
				warnx_("%s: given before under another name; rewritten once", files[i]);
				continue;
			}
			if (fix_in_place(f, files[i], backup, &game) < 0)
				trouble = 1;
		}
	} else {
		struct output out;
		/* -o onto an input is a fix in place: put in place only when
		 * every input was read whole, as --in-place does. */
		int onto_input = 0;
		for (int i = 0; i < file_count && output; i++)
			onto_input |= strcmp(files[i], "-") != 0 && outputs_are_one(files[i], output);
		if (output_open(&out, output) < 0) {
			trouble = 1;
		} else {
			static char buffer[1 << 16];
			setvbuf(out.fp, buffer, _IOFBF, sizeof buffer);
			f->out = out.fp;
			for (int i = 0; i < file_count && !output_failed(out.fp); i++)
				if (fix_file(f, files[i], &game) < 0)
					trouble = 1;
			if (trouble && onto_input) {
				warnx_("%s: not written: it is an input, and the inputs could not all be read whole; "
				       "the file was not changed", output);
				output_abandon(&out);
			} else if (output_close(&out) < 0) {
				trouble = 1;
			}
		}
	}
	long unfixed = f->unfixed;
	pgn_game_free(&game);
	fixer_free(f);
	if (trouble)
		return EXIT_TROUBLE;
	return unfixed > 0 ? EXIT_FINDINGS : EXIT_CLEAN;
}
