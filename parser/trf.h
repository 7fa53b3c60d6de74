/*
 * trf.h - reading a FIDE Tournament Report File (TRF16, FIDE Handbook C.04
 * Annex 2), the file arbiters submit a tournament's pairings and results in
 * for rating.
 *
 * What is read: the tournament's name (012), start and end dates (042,
 * 052), the dates of the rounds (132), and each player (001): start rank
 * (columns 5-8), name (15-47), rating (49-52), FIDE ID (58-68), and for
 * each round r a block at columns 92 + 10(r - 1): the opponent's start
 * rank (4 columns; 0000, 0 or blank for none), the colour one column after
 * it and one column on (w, b, - or blank), then the result two columns on
 * (1 = 0 a game; W D L a game of less than one move; + - a forfeit; H F U Z
 * or blank a bye or an absence).  Columns count characters, not bytes
 * (UTF-8; a line that is not UTF-8 is read as Latin-1).  Other records,
 * comments (###) and the rulers Swiss-Manager writes are passed over; lines
 * end with LF, CRLF or CR; a line may stop short (the rest is blank).
 *
 * Memory: the file's players and their rounds, about 60 bytes a player and
 * 4 a round; at most TRF_MAX_PLAYERS players and TRF_MAX_ROUNDS rounds.
 */
#ifndef PGNAUDIT_TRF_H
#define PGNAUDIT_TRF_H

#include <stddef.h>
#include <stdio.h>
#include <stdint.h>

#define TRF_MAX_PLAYERS 9999
#define TRF_MAX_ROUNDS 99
#define TRF_NAME_MAX 100    /* bytes of a name kept (33 characters of UTF-8) */

struct trf_round {
	uint16_t opponent;  /* start rank, 0 for none */
	char colour;        /* 'w', 'b' or '-' */
	char result;        /* '1' '=' '0' 'W' 'D' 'L' '+' '-' 'H' 'F' 'U' 'Z' (blank is read as Z) */
};

struct trf_player {
	int rank;                    /* start rank */
	char name[TRF_NAME_MAX];
	uint64_t fide_id;            /* 0: none (11 digits at most) */
	int rating;
	uint64_t line;               /* its 001 line */
	int rounds;                  /* blocks read */
	struct trf_round *round;     /* round[r - 1] for round r */
};

struct trf {
	char name[256];              /* 012 */
	uint32_t start, end;         /* 042, 052 as yyyymmdd (0: none or not read) */
	uint32_t round_date[TRF_MAX_ROUNDS]; /* 132 */
	int rounds;                  /* the most blocks of a player */
	struct trf_player *players;  /* in the order of the file */
	int count;
	int *by_rank;                /* index into players + 1 by start rank (0: none) */
};

/* Reads the TRF file at path.  Returns it, or NULL after writing into err
 * what is wrong and where ("FILE:LINE: ...") - a file that cannot be read,
 * a 001 record whose start rank is not a number or is used twice, a result
 * or colour that is none of the codes, an opponent who is not a player. */
struct trf *trf_read(const char *path, char *err, size_t errlen);
/* The same from a stream open for reading, named `name` in messages. */
struct trf *trf_read_stream(FILE *fp, const char *name, char *err, size_t errlen);
void trf_free(struct trf *t);

/* The player of a start rank, or NULL. */
const struct trf_player *trf_player(const struct trf *t, int rank);

/* Whether a result is of a game played over the board: 1 = 0 (and W D L,
 * a game of less than one move). */
int trf_played(char result);

#endif
