/*
 * lang.h - reading moves written with national piece letters or figurines.
 *
 * The Laws (FIDE 2023 Appendix C.3, 2005 Appendix E.3) let each player
 * record moves with the piece letters of his country, and printed texts use
 * figurines.  A *reading* is one such convention: English (what PGN and
 * parser/san.c speak), German, French, Spanish, Italian, Dutch, Russian,
 * Arabic, Persian, figurines.  The letter tables live in one array in
 * lang.c; adding a language is adding a row.
 *
 * lang_read_move() reads one token in one reading and finds the legal move
 * it stands for: it rewrites the token into English SAN (Sf3 -> Nf3,
 * Кр:f2 -> K:f2, حو٣ -> Nf3) and hands that to san_parse() and san_match().
 * The English reading is san_parse() of the token itself, byte for byte, so
 * that `--lang=en` behaves exactly as pgnaudit always did (Sf3 is a syntax
 * finding, never the pawn move f3).  Where a letter means two things in one
 * reading (Arabic و is the queen and the f-file), both spellings are tried
 * and legality decides; two legal moves are an ambiguity, not a guess.
 *
 * Which reading a game is written in is decided per game by audit.c; the
 * move-level reading here knows nothing of games.
 */
#ifndef PGNAUDIT_LANG_H
#define PGNAUDIT_LANG_H

#include <stddef.h>

#include "validator/chess/notation.h"
#include "parser/san.h"
#include "validator/chess/position.h"

/* In the order `auto` prefers them: English first. */
enum lang {
	LANG_EN, LANG_DE, LANG_FR, LANG_ES, LANG_IT, LANG_NL, LANG_RU, LANG_AR, LANG_FA, LANG_FIGURINE,
	LANG_COUNT
};

#define LANG_MASK(l) (1u << (l))
#define LANG_ENGLISH_ONLY LANG_MASK(LANG_EN)
#define LANG_AUTO ((1u << LANG_COUNT) - 1)

/* "German", "K D T L S": the reading's name in messages, and its letters
 * for king, queen, rook, bishop, knight.  (Its code, "de", is what --lang
 * takes: lang_parse_list.) */
const char *lang_name(enum lang l);
const char *lang_letters(enum lang l);

/* Parses a --lang list ("auto", or codes such as "en,de,ru") into a mask of
 * readings.  Returns 0, or -1 with a reason in err. */
int lang_parse_list(const char *list, unsigned *mask, char *err, size_t errlen);

/* A symbol that carries no move, which the readings other than English
 * skip: a move number written in Arabic-Indic or Persian digits ("١٢."
 * "۱۲"), or only direction marks (U+200E, U+200F, U+061C).  English keeps
 * calling these syntax errors, as PGN does. */
int lang_is_filler(const char *text, size_t len);

enum read_status { READ_OK, READ_UNREADABLE, READ_ILLEGAL, READ_AMBIGUOUS };

struct move_reading {
	int status;               /* enum read_status */
	struct san san;           /* READ_OK: the token as parsed, in English */
	struct match_result match; /* READ_OK: .move; READ_ILLEGAL: .rule, .reason; READ_AMBIGUOUS: .candidates */
	char english[32];         /* the English spelling that was read ("" for the English reading) */
	char error[160];          /* READ_UNREADABLE: why */
	int spellings_differ;     /* READ_AMBIGUOUS: two spellings of the token are legal (وxز٤: Qxg4, fxg4) */
};

/* Reads text[0..len) as a move of `pos` in reading l. */
int lang_read_move(enum lang l, const struct position *pos, const char *text, size_t len,
		   struct move_reading *out);

/* The same, when the caller knows whether the side to move is in check
 * (`check` 1 or 0; -1: not known): see san_match_known(). */
int lang_read_move_known(enum lang l, const struct position *pos, int check, const char *text, size_t len,
			 struct move_reading *out);

/* The English spellings text[0..len) stands for in reading l (at most
 * `max`, each SAN_TEXT_MAX bytes); 0 when it is not a move in that reading. */
#define SAN_TEXT_MAX 32
int lang_to_english(enum lang l, const char *text, size_t len, char out[][SAN_TEXT_MAX], int max);

#endif
