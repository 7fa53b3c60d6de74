/*
 * pipeline_internal.h - `pgnaudit check -j N`: N threads, output in input
 * order.  What reader.c, ring.c and workers.c share; check.h is the interface.
 *
 * Each of the N threads (the main thread is one of them) does in turn all
 * three jobs: it reads (and inflates) the next piece of about PIECE_BYTES of
 * text, cut where a game seems to start (parser/cut.h: a tag line after a
 * result, say); it lexes and audits that piece on
 * its own; and when the oldest piece not yet written is done, it writes it,
 * and the ones after it that are done too.  Taking the next piece and
 * writing are each one thread's at a time (read_lock, writer_active).  A
 * regular file of plain text is read by each thread at its piece's offset
 * (struct source), so only taking a piece's number is done in turn; other
 * input is read in turn.  The auditing, most of the work, and the reading
 * of regular files run side by side.  No thread only waits for the others, so N
 * threads use N cores: on a machine with as many cores as threads, a
 * separate reading thread would take its share from the auditing ones.
 * Pieces live in a ring of fixed size, so memory does not grow with the
 * input: a piece's output is written before the piece is done once it holds
 * 60 KiB (write_early), and a slot that grew for a rare piece (no cut for
 * long) gives the room back once the piece is written (give_back_room).
 *
 * The output is the bytes -j 1 prints, whatever the cuts:
 *  - Offsets and columns: each piece is lexed from the position where it
 *    starts in the file (pgn_reader_restart).
 *  - Lines: counting a piece's lines before it is read would be one more
 *    pass over every byte, by the reading thread.  So a thread counts the
 *    lines of its piece from 1 and the report notes where line numbers go,
 *    as for game numbers; the writer knows where each piece starts (the
 *    lexer counted the lines of those before) and puts in the file's
 *    lines.  The three messages that name a line (pgn_file_line) ask for the
 *    file's line of the piece's first line and wait for the pieces before
 *    to be written.
 *  - Game numbers: a thread does not know how many games came before its
 *    piece; it numbers its games from 1 and the report notes where the
 *    numbers go (struct game_marks); the writer puts in the real ones.
 *  - A cut in the wrong place (inside a comment, after a result in a
 *    variation, before a game without a result...): the auditing thread
 *    finds that its piece did not end between games
 *    (pgn_reader_ended_between_games) and leaves the unfinished game out;
 *    the writer, which has the piece's text, reads that game's text again
 *    together with the next piece, throwing away what was made of that next
 *    piece.
 *  - A file with no place to cut within PIECE_MAX bytes (one enormous game),
 *    or a regular file that holds more than its size said when it was
 *    opened (it grew, or it is in procfs): the thread of that piece waits
 *    until everything before is written, and reads the rest of the file
 *    alone, as -j 1 does.
 * Both fallbacks are rare in real files and cost time, never correctness.
 *
 * The ring: ring_size = 2 N + 1 slots (struct piece), taken in turn.  Piece
 * number seq lives in slot seq % ring_size; `filled` is the number of the
 * next piece to read, `written` that of the next to write, so the pieces
 * from written to filled - 1 are in flight.  Here N = 3, ring_size = 7:
 *
 *                 written = 7                          filled = 11
 *                      |                                    |
 *                      v                                    v
 *   slot            0        1        2        3        4        5        6
 *               +--------+--------+--------+--------+--------+--------+--------+
 *   state       | FILLED |  DONE  | FILLED |  DONE  |  FREE  |  FREE  |  FREE  |
 *   piece seq   |   7    |   8    |   9    |   10   |  (11)  |        |        |
 *               +--------+--------+--------+--------+--------+--------+--------+
 *                   |        |        |        |        |
 *                   |        |        |        |        +- thread C, the reader (it
 *                   |        |        |        |           holds read_lock), fills it
 *                   |        +--------|--------+- done; wait for 7: the output is
 *                   |                 |           in input order
 *                   +-----------------+- threads A and B audit them, no lock held
 *
 * A slot goes round, each step by whichever thread comes to it:
 *
 *             the reader (read_lock): next_piece; fill_piece reads the piece
 *             in turn, or claim_piece gives it a number in a struct source
 *      FREE --------------------------------------------------------> FILLED
 *        ^                                                               |
 *        | the writer (writer_active), oldest first, while         its thread, no lock:
 *        | they are DONE: write_done_pieces, write_piece           load_piece (pread at
 *        | (audits it again after a cut inside a game),            its offset, struct
 *        | give_back_room; then written++                          source), audit_piece
 *        +---------------------------- DONE <----------------------------+
 *
 * The thread that marks a piece DONE becomes the writer unless another is
 * writing, which looks again before it stops; a reader that finds the slot
 * of `filled` not FREE writes (make_progress) or waits for `progress`.
 *
 * The files: reader.c reads and cuts pieces (struct source, fill_piece,
 * load_piece, the fallback read_rest_here); ring.c holds the slots' room and
 * writes the done pieces in order; workers.c is each thread's loop, the
 * auditing of a piece and check_files_parallel.
 */
#ifndef PGNAUDIT_PIPELINE_INTERNAL_H
#define PGNAUDIT_PIPELINE_INTERNAL_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

#include "cli/check.h"
#include "parser/pgn.h"
#include "parser/stream.h"
#include "reports/report.h"

#define PIECE_BYTES ((size_t)128 * 1024)
#define PIECE_MAX ((size_t)3 << 20)

/* The tests make pieces tiny (PGNAUDIT_PIECE_BYTES=n in the environment)
 * so that cuts fall everywhere and both fallbacks run; the largest piece is
 * then 16 n bytes, but at least 4 KiB (workers.c). */
extern size_t piece_bytes, piece_max;

/* A piece's output is written before the piece is done once it holds this
 * many bytes (write_early): less than the OUT_ROOM its buffer starts with
 * (report.c), so that the finding that crosses the line seldom makes it
 * grow.  The tests make it small (PGNAUDIT_EARLY_BYTES=n). */
#define OUT_ROOM ((size_t)64 * 1024)
#define EARLY_BYTES ((size_t)60 * 1024)

/* Where a piece read at its offset looks for its ends (struct source): in
 * windows of CUT_WINDOW bytes, at most CUT_WINDOWS of them (64 KiB: the
 * engine games in the bench corpus, 40 KiB of comments each, all have a
 * cut that near). */
#define CUT_WINDOW ((size_t)4096)
#define CUT_WINDOWS 16

enum piece_state { PIECE_FREE, PIECE_FILLED, PIECE_DONE };

/*
 * A regular file of plain text, read by pieces at their offsets: piece k
 * is the text from cut(k x piece_bytes) to cut((k + 1) x piece_bytes).
 * cut(x) is the last cut (parser/cut.h) in the last window of CUT_WINDOW
 * bytes before x (the file is divided into windows from its start), or
 * in the window before, and so on (cut_before); each window is looked at
 * alone.  So the thread that audits piece k reads its own bytes, with
 * pread and without the read lock, and finds both of its ends; the thread
 * of piece k + 1 finds the same start.  When there is no cut(x), the piece
 * before goes on to the next one and the piece that would start at x is
 * left out.  Other input (standard input, gzip, pipes) is read in turn
 * under the read lock, each piece after the last cut of the one before
 * (fill_piece).
 */
struct source {
	struct input_stream *stream;
	unsigned long long size;     /* when it was opened: what it grows by later is not read */
	long last_seq;               /* under lock: the file's pieces after this one are left out
					(one thread read the rest of the file, or reading failed) */
	int holders;                 /* under lock: the reader and the pieces not yet written */
};

/* What auditing a text gave. */
struct text_result {
	int games;                   /* games audited */
	uint64_t lines;              /* line ends in the text */
	int between;                 /* the text ended between games */
	struct pgn_position resume;  /* if not: where its unfinished game starts */
	int read_failed;             /* reading ended with the read error */
	char error[256];
};

struct piece {
	/* The reading thread fills these. */
	long seq;                    /* its sequence number (see struct pipeline) */
	const char *file;            /* the name findings carry ("-" for stdin) */
	const char *shown;           /* the name messages carry */
	int file_index;              /* its file's place among the inputs */
	unsigned char *store;        /* a byte, text, PGN_IN_PLACE_SLACK bytes */
	unsigned char *text;         /* store + 1: lexed where it is */
	size_t len, cap;             /* cap: room for text */
	struct pgn_position at;      /* where text[0] is in the file */
	int first_in_file, last_in_file;
	char failure[256];           /* last piece of a file whose reading failed: why */
	enum piece_state state;
	struct source *src;          /* read at its offset (or NULL: read in turn) */
	unsigned long long index;    /* then: its number in the file, from 0 */
	int skip;                    /* nothing to write: empty, left out or written already
					(0 in a free slot) */
	/* The auditing thread fills these. */
	struct outbuf out;
	struct game_marks marks;
	struct check_tally tally;
	struct text_result result;
};

struct pipeline;

/* What pgn_file_line asks of the text being audited: the file's line of its
 * first line, known, or to be waited for until the pieces before piece
 * `seq` are written. */
struct first_line {
	struct pipeline *p;
	long seq;                    /* -1: known */
	uint64_t line;
};

/* What a thread needs to lex and audit. */
struct worker_state {
	struct auditor auditor;
	struct finding_list findings;
	struct pgn_reader *reader;
	struct pgn_game game;
	struct first_line first_line;
};

struct pipeline {
	const struct check_options *opt;
	int color;
	enum report_format format;
	struct piece *ring;
	long ring_size;

	/* Under lock: the ring's state. */
	pthread_mutex_t lock;
	pthread_cond_t progress;         /* a piece was written (a slot freed) */
	long filled, written;            /* piece sequence numbers */
	int writer_active;               /* a thread is writing pieces */
	int waiting;                     /* threads waiting on progress */
	int stop;                        /* the output failed: read no more */

	/* The reading thread's (the one holding read_lock). */
	pthread_mutex_t read_lock;
	char **files;
	int file_count, file_index;
	struct input_stream *stream;     /* the file being read, NULL between files */
	struct source *src;              /* the same, when read by pieces at their offsets */
	unsigned long long next_index;   /* then: the next piece's number in it */
	const char *file, *shown;
	int current_index;               /* the file's place among the inputs */
	struct pgn_position at;          /* where the next piece starts (but its line: pieces
					    count their lines from 1) */
	int first;                       /* the next piece is the file's first */
	unsigned char *spill;            /* text read after the last cut */
	size_t spill_len, spill_cap;

	/* The writing thread's (the one with writer_active set). */
	struct report *report;
	struct file_tally *per_file;     /* the counts of each input, by its index */
	struct collection *collection;   /* the collection checks' index, or NULL */
	int games_before;                /* games of the current file written */
	uint64_t next_line;              /* the file's line where the next piece starts (under
					    lock when written is; see first_line_of_text) */
	int carrying;                    /* the last piece written ended inside a game */
	unsigned char *carry, *redo;     /* its unfinished text; that text + the next piece */
	size_t carry_len, carry_cap, redo_cap;
	struct pgn_position carry_at;
	int status;                      /* -1 once a file could not be read (under lock) */
};

/* What a piece's report needs to write its output before the piece is done
 * (write_early). */
struct early {
	struct pipeline *p;
	struct piece *b;
	uint64_t first_line;         /* the file's line of the audited text's first line */
	int as_writer;               /* b is audited again by the writer (write_piece) */
};

/* reader.c */
size_t cut_window(void);
void take_read_lock(struct pipeline *p);
struct piece *next_piece(struct pipeline *p, struct worker_state *w);
int load_piece(struct pipeline *p, struct worker_state *w, struct piece *b);

/* ring.c. */
void let_go(struct source *src);
void reserve(unsigned char **buf, size_t *cap, size_t need);
void piece_reserve(struct piece *b, size_t need);
uint64_t first_line_of_text(void *ctx);
void write_early(struct report *r, void *ctx);
unsigned char *join_carry(struct pipeline *p, const struct piece *b, size_t *len, int *in_store);
void write_done_pieces(struct pipeline *p, struct worker_state *w);
void make_progress(struct pipeline *p, struct worker_state *w);

/* workers.c */
void audit_piece(struct pipeline *p, struct worker_state *w, struct piece *b, unsigned char *text, size_t len,
		 int in_place, const struct pgn_position *at, uint64_t first_line);

#endif
