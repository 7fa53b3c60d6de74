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
 * The writing is reports/pgn_export.h's, which replays the variations
 * too (validator/audit/variations.h): a variation move that is legal is
 * written in canonical SAN; from the first one that is not (or cannot be
 * read), the rest of that variation is written as it stood, move numbers
 * included.  This file decides what to write: the game anew or as it was,
 * the result, and the text between games.
 */
#include <inttypes.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "cli.h"
#include "games.h"
#include "util/memory.h"
#include "options.h"
#include "progress.h"
#include "parser/compress.h"
#include "parser/pgn.h"
#include "parser/raw_window.h"
#include "parser/stream.h"
#include "reports/pgn_export.h"
#include "validator/audit/audit.h"
#include "validator/chess/movegen.h"
#include "validator/chess/unwinnable.h"

int usage_fix(FILE *fp, int status)
{
	fputs("usage: pgnaudit fix [-o FILE | --in-place [--backup=SUFFIX]] [--lang LIST] [--recover] [-q]\n"
	      "                    [--exit-zero] [--no-progress]\n"
	      "                    [FILE...]\n"
	      "\n"
	      "Writes the games of each FILE (standard input when none or '-'; gzip, zstd,\n"
	      "bzip2 and xz are recognised by their magic bytes, a zip archive's *.pgn members\n"
	      "are read one after another) back as export-format PGN:\n"
	      "canonical SAN, move numbers, the Seven Tag Roster first, Result tag and\n"
	      "termination marker made equal, PlyCount set right; comments, NAGs and\n"
	      "variations kept.  The moves played never change.  What check suggests is\n"
	      "applied and each change said on standard error: a result in another form\n"
	      "(1/2, 1:0, 0.5-0.5) written as PGN writes it, tag values put in the\n"
	      "standard's form (Date \"1859\" -> \"1859.??.??\").\n"
	      "A game that cannot be replayed is copied byte for byte and named on standard\n"
	      "error.  A summary line ends the run.\n"
	      "\n"
	      "  -o, --output FILE     write to FILE (replaced only when complete), plain PGN\n"
	      "  -i, --in-place        rewrite each FILE itself, atomically, in the compression\n"
	      "                        it has (gzip, zstd, bzip2, xz) or none\n"
	      "      --backup=SUFFIX   with --in-place, keep the original as FILE+SUFFIX\n"
	      "      --lang LIST       notations to read moves in, as for check (default auto);\n"
	      "                        the moves are written in English SAN\n"
	      "      --recover         repair recording errors that only one move explains,\n"
	      "                        each marked {pgnaudit: 23. Nd2 recorded as Nb2}\n"
	      "  -q, --quiet           no line per change, no summary (problems are still said)\n"
	      "      --exit-zero       exit 0 when games were copied unchanged (2 still means trouble)\n"
	      "      --no-progress     no progress line on a terminal (after 2 s, on standard error;\n"
	      "                        not with -q, nor when the games are written to that terminal)\n"
	      "  -h, --help            show this help\n"
	      "\n"
	      "Exit status: 0 every game fixed, 1 a game could not be replayed and was\n"
	      "copied unchanged, 2 usage error or unreadable/unwritable file.\n",
	      fp);
	return status;
}

struct fixer {
	struct auditor auditor;
	struct finding_list findings;
	struct raw_window window;
	struct pgn_export *exporter;
	FILE *out;
	const struct pgn_game *game; /* the game being fixed */
	int *ply_token; /* the token each ply was read from (index in the game) */
	int ply_token_cap;
	long unfixed;   /* games copied unchanged because of an error */
	int blocks_out; /* games and texts between them written so far */
	int bom_out;    /* a BOM was met (and written if it came first) */
	int blank_line_out; /* the output ends with a blank line */
	uint64_t copied; /* the input read so far that is written */
	const char **values; /* per tag of the game: the value written instead (a repair), or NULL */
	int values_cap;
	int quiet;       /* -q: no line per repair, no summary */
	long games, anew, repaired, copied_games;
	long copied_by[CHECK_COUNT]; /* games copied unchanged, by the code of the reason */
};

static int is_result(const char *text)
{
	return text && (strcmp(text, "1-0") == 0 || strcmp(text, "0-1") == 0 || strcmp(text, "1/2-1/2") == 0
			|| strcmp(text, "*") == 0);
}

/* The final position decides when it is checkmate, stalemate or dead (FIDE
 * 5.1.1, 5.2.1, 5.2.2); otherwise the termination marker (a result the
 * reader read in another form holds the one PGN writes), else the Result
 * tag, or the result it was repaired to (tag_result), else "*". */
static const char *decided_result(const struct game_record *rec, const char *tag_result)
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
	const char *tag = tag_result ? tag_result : pgn_tag_value(rec->game, "Result");
	return is_result(tag) ? tag : "*";
}

/* Why the game cannot be written anew, or NULL when it can. */
static const struct finding *unfixable(const struct fixer *f, const struct pgn_game *g, int *error)
{
	const struct game_record *rec = &f->auditor.record;
	int blocked = g->truncated || rec->stop != STOP_NONE;
	for (int i = 0; i < g->problem_count; i++)
		if (g->problems[i].kind != PGN_MISSING_RESULT && g->problems[i].kind != PGN_NONSTANDARD &&
		    g->problems[i].kind != PGN_RESULT_FORM)
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

/* The text between the first two quotes of a reader's message: the result
 * as written ("'½-½' is not a PGN result: ..."). */
static void quoted(const char *message, char *out, size_t len)
{
	const char *start = strchr(message, '\''), *end = start ? strstr(start + 1, "' is not") : NULL;
	if (!start || !end)
		snprintf(out, len, "?");
	else
		snprintf(out, len, "%.*s", (int)(end - start - 1), start + 1);
}

/* The values check suggests, taken (issue 26): a result in another form
 * (1/2, ½-½, 1:0) that the reader read as the one PGN writes, and the tag
 * values of tag-format findings with a suggestion (Date "1859" ->
 * "1859.??.??", Round "" -> "?", WhiteElo "2,100" -> "2100"; SetUp "1"
 * beside a FEN).  Each is said on standard error unless -q.  Result and
 * PlyCount are written as decided anyway; a Result repaired counts only
 * when there is no termination marker (*tag_result).  Returns how many. */
static int repair_values(struct fixer *f, const char *shown, int index, const struct pgn_game *g, int *add_setup,
			 const char **tag_result)
{
	int changes = 0;
	if (g->tag_count > f->values_cap) {
		f->values_cap = g->tag_count > 2 * f->values_cap ? g->tag_count : 2 * f->values_cap;
		f->values = xrealloc(f->values, (size_t)f->values_cap * sizeof *f->values);
	}
	for (int i = 0; i < g->tag_count; i++)
		f->values[i] = NULL;
	*add_setup = 0;
	*tag_result = NULL;
	for (int i = 0; i < g->problem_count; i++) {
		const struct pgn_problem *p = &g->problems[i];
		if (p->kind != PGN_RESULT_FORM)
			continue;
		char written[64];
		quoted(p->message, written, sizeof written);
		if (!f->quiet)
			warnx_("%s:%u: game %d: the result '%s' written %s", shown, p->line, index, written,
			       pgn_token_text(g, f->auditor.record.termination) ?
				       pgn_token_text(g, f->auditor.record.termination) : "as PGN writes it");
		changes++;
	}
	for (int k = 0; k < f->findings.count && g->arena; k++) {
		const struct finding *x = &f->findings.items[k];
		if (x->code != CHECK_TAG_FORMAT || !x->suggestion[0])
			continue;
		int i = 0;
		while (i < g->tag_count && !(g->tags[i].line == (uint32_t)x->line && g->tags[i].column == x->column))
			i++;
		if (i == g->tag_count)
			continue;
		const char *name = g->arena + g->tags[i].name, *value = g->arena + g->tags[i].value;
		const char *now = x->suggestion;
		if (strcmp(name, "PlyCount") == 0)
			continue;
		if (x->suggestion[0] == '[') {
			/* "[SetUp \"1\"]": a FEN without SetUp "1" */
			if (strcmp(name, "SetUp") == 0)
				f->values[i] = "1";
			else if (strcmp(name, "FEN") == 0)
				*add_setup = 1;
			else
				continue;
			if (!f->quiet)
				warnx_("%s:%u: game %d: SetUp \"1\" written beside the FEN tag", shown, g->tags[i].line, index);
			changes++;
			continue;
		}
		if (strcmp(name, "Result") == 0) {
			if (f->auditor.record.termination)
				continue;   /* written as the marker says */
			*tag_result = now;
		} else {
			f->values[i] = now;
		}
		if (!f->quiet)
			warnx_("%s:%u: game %d: %s \"%.60s\" written \"%s\"", shown, g->tags[i].line, index, name, value,
			       now);
		changes++;
	}
	return changes;
}

static int fix_game(struct fixer *f, const char *shown, int index, const struct pgn_game *g)
{
	f->findings.count = 0;
	f->game = g;
	audit_game(&f->auditor, g, &f->findings, note_ply_token, f);
	int error;
	const struct finding *why = unfixable(f, g, &error);
	f->games++;
	if (!why) {
		int add_setup;
		const char *tag_result;
		f->repaired += repair_values(f, shown, index, g, &add_setup, &tag_result) > 0;
		f->anew++;
		const char *result = decided_result(&f->auditor.record, tag_result);
		begin_block(f);
		pgn_export_tags(f->out, g, result, f->auditor.record.count, f->values, add_setup);
		putc('\n', f->out);
		pgn_export_movetext(f->exporter, f->out, g, &f->auditor.record, f->ply_token, result);
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
	f->copied_games++;
	f->copied_by[why->code]++;
	return 0;
}

/* "pgnaudit: fix: 48 games: 45 written anew (3 with values repaired), 3
 * copied unchanged (2 illegal-move, 1 unsupported-variant)". */
static void say_summary(const struct fixer *f)
{
	fflush(stdout);
	fprintf(stderr, "pgnaudit: fix: %ld %s: %ld written anew (%ld with values repaired), %ld copied unchanged",
		f->games, f->games == 1 ? "game" : "games", f->anew, f->repaired, f->copied_games);
	const char *separator = " (";
	for (int c = 0; c < CHECK_COUNT; c++) {
		if (f->copied_by[c]) {
			fprintf(stderr, "%s%ld %s", separator, f->copied_by[c], check_catalogue[c].code);
			separator = ", ";
		}
	}
	fputs(*separator == ',' ? ")\n" : "\n", stderr);
}

static int begin_input(void *ctx, struct game_input *in)
{
	struct fixer *f = ctx;
	(void)in;
	f->copied = 0;
	return GAMES_GO_ON;
}

/* The text before the game, then the game. */
static int fix_one(void *ctx, struct game_input *in, const struct pgn_game *g)
{
	struct fixer *f = ctx;
	progress_game();
	uint64_t start = g->start_offset > f->copied ? g->start_offset : f->copied;
	int kept = raw_window_has(&f->window, f->copied, start);
	if (kept)
		write_between(f, f->copied, start);
	if (!kept || fix_game(f, in->shown, in->games, g) < 0) {
		warn_not_kept(in->shown, in->games - 1, f->window.error);
		return GAMES_FAILED;
	}
	f->copied = g->end_offset;
	raw_window_drop(&f->window, f->copied);
	return GAMES_GO_ON;
}

/* The text after the last game. */
static int end_input(void *ctx, struct game_input *in)
{
	struct fixer *f = ctx;
	uint64_t end = raw_window_end(&f->window);
	/* A final ^Z (an old DOS end-of-file mark) is not text: the reader
	 * skips it only as the last byte, where nothing can follow it, so it
	 * is dropped rather than moved. */
	if (end > f->copied && raw_window_at(&f->window, end - 1) == 0x1a)
		end--;
	if (raw_window_has(&f->window, f->copied, end))
		write_between(f, f->copied, end);
	if (f->window.error) {
		warn_not_kept(in->shown, in->games, f->window.error);
		return GAMES_FAILED;
	}
	return GAMES_GO_ON;
}

/* Fixes one file into f->out.  Returns -1 when it could not be read whole
 * (the message is out). */
static int fix_file(struct fixer *f, const char *path, struct pgn_game *g)
{
	struct game_loop loop = {
		.on_begin = begin_input,
		.on_game = fix_one,
		.on_end = end_input,
		.ctx = f,
		.out = f->out,
		.window = &f->window,
		.game = g,
	};
	return games_read_file(&loop, path);
}

static struct fixer *fixer_new(const struct audit_options *opt)
{
	struct fixer *f = calloc(1, sizeof *f);
	if (!f) {
		warnx_("out of memory");
		return NULL;
	}
	f->exporter = pgn_export_new();
	if (!f->exporter) {
		warnx_("out of memory");
		free(f);
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
	pgn_export_free(f->exporter);
	free(f->ply_token);
	free(f->values);
	free(f);
}

/* The compression of the open file, by its first bytes, as the stream
 * that reads it will take it (one table, parser/stream.c). */
static enum stream_compression compression_of_open(int fd)
{
	unsigned char magic[STREAM_MAGIC_MAX];
	ssize_t n = pread(fd, magic, sizeof magic, 0);
	return stream_compression_of(magic, n > 0 ? (size_t)n : 0);
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

/* Fixes the file at path into `file`, compressed as kind (STREAM_PLAIN:
 * not at all), then flushes and syncs it.  Returns 0 when the file was
 * read whole and all of the text, its compressed end included, written;
 * else -1 after saying why. */
static int fix_into(struct fixer *f, const char *path, struct pgn_game *g, FILE *file, enum stream_compression kind)
{
	FILE *out = kind == STREAM_PLAIN ? file : compress_open(file, kind);
	if (!out) {
		warnx_("%s: cannot compress with %s: %s; the file was not changed", path, stream_compression_name(kind),
		       strerror(errno));
		return -1;
	}
	f->out = out;
	f->blocks_out = f->bom_out = f->blank_line_out = 0;
	int read_ok = fix_file(f, path, g) == 0;
	/* fclose ends the compressed data: its last bytes reach the file. */
	int written = (out == file || fclose(out) == 0) && fflush(file) == 0 && !ferror(file) &&
		      fsync(fileno(file)) == 0;
	f->out = NULL;
	if (!written)
		warnx_("%s: write failed, the file was not changed: %s", path, strerror(errno));
	else if (!read_ok)
		warnx_("%s: not rewritten because it could not be read whole; the file was not changed", path);
	return written && read_ok ? 0 : -1;
}

/* Rewrites one file through a temporary file beside it, in the
 * compression the file has (gzip, zstd, bzip2, xz: compress.h); the
 * original is replaced only when the whole of it was read, the whole fixed
 * text written and synced, and nothing else changed the file meanwhile (an
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
	enum stream_compression kind = S_ISREG(st.st_mode) ? compression_of_open(lock) : STREAM_PLAIN;
	if (!S_ISREG(st.st_mode))
		warnx_("%s: not a regular file; --in-place rewrites only regular files", path);
	else if (kind == STREAM_ZIP)
		warnx_("%s: a zip archive, which --in-place does not write back: fix -o FILE reads its members, "
		       "or unpack it and fix the PGN files in it", path);
	else if (kind == STREAM_7ZIP)
		warnx_("%s: a 7-Zip archive, which fix neither reads nor writes back: unpack it and fix the PGN files "
		       "in it (-o or --in-place)", path);
	else if (!unchanged_since(real, &st))
		warnx_("%s: replaced by another program (another fix?) before it was read; not rewritten", path);
	else if (output_open_private(&out, real) == 0) {
		keep_attributes(lock, fileno(out.fp), &st);
		if (st.st_nlink > 1)
			warnx_("%s: has %lu names (hard links); --in-place gives this one the fixed text, the others keep the original",
			       path, (unsigned long)st.st_nlink);
		if (fix_into(f, path, g, out.fp, kind) < 0) {
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

/* fix's own options (options.h has -o, --lang and --recover). */
enum { OPT_BACKUP = 256 };

struct fix_options {
	const char *backup;
	int in_place;
	int quiet;
};

static int take_option(void *ctx, int option, const char *arg)
{
	struct fix_options *o = ctx;
	if (option == 'i')
		o->in_place = 1;
	else if (option == 'q')
		o->quiet = 1;
	else /* OPT_BACKUP */
		o->backup = arg;
	return 0;
}

/* Fixes the inputs, into -o or each in place; the exit status. */
static int fix_files(const struct shared_options *shared, const struct fix_options *fix, char **files, int file_count)
{
	const char *output = shared->output, *backup = fix->backup;
	int in_place = fix->in_place;
	struct fixer *f = fixer_new(&shared->audit);
	if (!f)
		return EXIT_TROUBLE;
	f->quiet = fix->quiet;
	struct pgn_game game;
	pgn_game_init(&game);
	int trouble = 0;
	/* Not over games written to the same terminal. */
	progress_start(files, file_count, !fix->quiet && !shared->no_progress && (in_place || output || !isatty(STDOUT_FILENO)));
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
			onto_input |= strcmp(files[i], "-") != 0 && outputs_are_one(input_file_of(files[i], NULL), output);
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
	progress_stop();
	long unfixed = f->unfixed;
	if (!f->quiet && !output_reader_gone())
		say_summary(f);
	pgn_game_free(&game);
	fixer_free(f);
	if (trouble)
		return EXIT_TROUBLE;
	return unfixed > 0 && !shared->exit_zero ? EXIT_FINDINGS : EXIT_CLEAN;
}

int cmd_fix(int argc, char **argv)
{
	static const struct option own[] = {
		{ "in-place", no_argument, NULL, 'i' },
		{ "backup", required_argument, NULL, OPT_BACKUP },
		{ "quiet", no_argument, NULL, 'q' },
		{ NULL, 0, NULL, 0 },
	};
	struct fix_options fix = { NULL, 0, 0 };
	const struct command_options command = { SHARED_OUTPUT | SHARED_LANG | SHARED_RECOVER | SHARED_EXIT_ZERO | SHARED_PROGRESS, "iq", own,
						 take_option, &fix };
	struct shared_options shared;
	int parsed = options_parse(argc, argv, &command, &shared);
	if (parsed != 0)
		return parsed > 0 ? usage_fix(stdout, EXIT_CLEAN) : usage_error("fix");
	const char *output = shared.output, *backup = fix.backup;
	int in_place = fix.in_place;
	if (in_place && output) {
		warnx_("--in-place and -o exclude each other");
		return usage_error("fix");
	}
	if (backup && !in_place) {
		warnx_("--backup goes with --in-place");
		return usage_error("fix");
	}
	if (backup && (!*backup || strchr(backup, '/'))) {
		warnx_("--backup takes a suffix such as .orig, not '%s'", backup);
		return EXIT_TROUBLE;
	}
	if (in_place && optind >= argc) {
		warnx_("--in-place needs the files to rewrite; standard input cannot be rewritten");
		return usage_error("fix");
	}
	for (int i = optind; in_place && i < argc; i++) {
		if (strcmp(argv[i], "-") == 0) {
			warnx_("--in-place cannot rewrite standard input ('-')");
			return EXIT_TROUBLE;
		}
	}
	/* --in-place rewrites files, and refuses an archive as it is named;
	 * -o reads a zip archive's members. */
	int file_count, unreadable;
	char **files = input_files_expanded(argc, argv, &file_count, &unreadable, in_place ? 0 : INPUT_ARCHIVES);
	int status = file_count > 0 ? fix_files(&shared, &fix, files, file_count) : EXIT_TROUBLE;
	input_files_free(files, file_count);
	return unreadable ? EXIT_TROUBLE : status;
}
