/*
 * clocks.h - the clocks a game records: its TimeControl tag (PGN 9.6.1)
 * and the clock commands of its comments.
 *
 * The commands are those of the PGN supplement of 2001 (Cooper and
 * Bright, "Embedded commands") as lichess, chess.com, DGT LiveChess and
 * ChessBase write them: [%clk 1:29:57] the time left on the mover's clock
 * after the move, [%emt 0:00:12] the time the move took, each H:MM:SS with
 * an optional fraction of a second ("0:24:55.5").  Other commands in the
 * same comment ([%eval 0.17], [%csl Ge4]) are passed over.
 */
#ifndef PGNAUDIT_CLOCKS_H
#define PGNAUDIT_CLOCKS_H

#include <stddef.h>
#include <stdint.h>

/* One period of a time control: `moves` moves (0: the rest of the game)
 * in `ms` milliseconds, and `increment_ms` after every move of it. */
struct time_period {
	uint32_t moves;
	int64_t ms, increment_ms;
};

#define TIME_CONTROL_PERIODS 8

struct time_control {
	int count;                 /* periods */
	struct time_period period[TIME_CONTROL_PERIODS];
};

/* Reads a TimeControl value in the standard's form ("40/5400+30:1800+30",
 * "300+2", "10+0.05") into *tc; 0 for "?", "-", a sandclock ("*180"), a
 * value in another form, or more than TIME_CONTROL_PERIODS periods. */
int time_control_read(const char *v, struct time_control *tc);

/* The period the side's move number `move` (1, 2, ...) is played in: a
 * last period of so many moves repeats (40/7200:20/3600, the classical
 * controls). */
const struct time_period *time_control_period(const struct time_control *tc, uint32_t move);

/* The time added when the side completes move `move`, if it ends a
 * period: the next period's (FIDE 6.3.2); else 0. */
int64_t time_control_bonus(const struct time_control *tc, uint32_t move);

/* A clock time at s (n bytes): H:MM:SS with an optional fraction, hours
 * of 1 to 4 digits, a leading '-' for a clock below zero.  Returns 1 and
 * the time in *ms when the n bytes are one, else 0. */
int clock_time_read(const char *s, size_t n, int64_t *ms);

/* "1:29:57", "0:00:04.5", "-0:00:02": a time as clock_time_read reads it,
 * tenths shown when there are any. */
void clock_time_write(int64_t ms, char *buf, size_t len);

enum clock_command { CLOCK_CLK, CLOCK_EMT, CLOCK_COMMANDS };

/* What one comment says of the clocks: for each command, whether it is
 * there and its time; a command whose value is not a time (or that is not
 * closed) is `bad`, its text kept for the message. */
struct clock_note {
	unsigned char present[CLOCK_COMMANDS], bad[CLOCK_COMMANDS];
	int64_t ms[CLOCK_COMMANDS];
	const char *bad_text[CLOCK_COMMANDS];
	size_t bad_len[CLOCK_COMMANDS];
};

/* Reads the clock commands of a comment's text (len bytes) into *note;
 * returns whether it has any.  The first of each command counts. */
int clock_note_read(const char *text, size_t len, struct clock_note *note);

/* The text of command c of a note, when it is bad, into buf (at most len
 * bytes with the NUL), its line ends and tabs as blanks. */
void clock_note_text(const struct clock_note *note, enum clock_command c, char *buf, size_t len);

#endif
