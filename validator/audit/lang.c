/*
 * lang.c - national piece letters and figurines (see lang.h).
 *
 * A token is cut into units - a piece letter ("S", "Кр", "ح", "♘"), a file,
 * a digit in any of three scripts, a mark (x + # = - : ...) - each matched
 * as the longest spelling the reading knows, and each unit is written out
 * in English.  Direction marks, the Arabic tatweel and zero-width joiners
 * are dropped: they change how a right-to-left scoresheet looks, not what
 * it says.
 */
#include "validator/audit/lang.h"

#include <stdio.h>
#include <string.h>

/*
 * The letters, one row per notation.  Sources:
 *  - FIDE Laws of Chess, Appendix C.3 (2023) / E.3 (2005): "each player is
 *    free to use the letters used in his own country".
 *  - Wikipedia, "Algebraic notation (chess)", section "Naming the pieces"
 *    and its table of the letters in various languages, for the European
 *    ones: German K D T L S, French R D T F C, Spanish and Italian
 *    R D T A C, Dutch K D T L P, Russian Кр Ф Л С К.
 *  - Arabic: the Arabic texts of the Laws in the seeds name the pieces
 *    الملك الملكة الرخ الفيل الحصان البيدق and label the files of their
 *    diagrams أ ب ج د هـ و ز ح (a-h); their notation appendix is not in the
 *    extracts, and the table of the Wikipedia article could not be read
 *    here.  The letters are the initials scoresheets use for the
 *    traditional names: م (malik) or ش (shāh) king, و (wazīr) queen (the
 *    initial of الملكة would be the king's), ط (ṭābiya), ر (rukh) or
 *    ق (qalʿa) rook, ف (fīl) bishop, ح (ḥiṣān) knight.
 *  - Persian: the Persian Laws in the seeds name شاه رخ قلعه پياده; the
 *    Persian Wikipedia article "نشانه‌گذاری جبری شطرنج" writes files a-h and
 *    ranks ۱-۸.  Letters: ش (shāh), و (vazir), ر (rokh) or ق (qal'e),
 *    ف (fil), ا (asb), and پ (piyāde) or س (sarbāz) for the pawn.
 * Each piece may have several spellings (space-separated; the first is how
 * the notation is named in messages); so may each file.  The pawn is rarely
 * lettered; where a country's pawn letter would collide with a file or a
 * piece (German B, Arabic ب) it is left out.
 */
struct lang_table {
	const char *code, *name, *letters;
	const char *pieces[6];    /* by enum san_piece: pawn, knight, bishop, rook, queen, king */
	const char *files[8];     /* spellings of a..h besides the Latin letters, or NULL */
	int cyrillic_lookalikes;  /* а с е х typed for a c e x */
	int keeps_english;        /* English letters stay valid (figurine texts mix them) */
};

static const struct lang_table tables[LANG_COUNT] = {
	[LANG_EN] = { "en", "English", "K Q R B N", { "P", "N", "B", "R", "Q", "K" }, { NULL }, 0, 0 },
	[LANG_DE] = { "de", "German", "K D T L S", { "", "S", "L", "T", "D", "K" }, { NULL }, 0, 0 },
	[LANG_FR] = { "fr", "French", "R D T F C", { "P", "C", "F", "T", "D", "R" }, { NULL }, 0, 0 },
	[LANG_ES] = { "es", "Spanish", "R D T A C", { "P", "C", "A", "T", "D", "R" }, { NULL }, 0, 0 },
	[LANG_IT] = { "it", "Italian", "R D T A C", { "P", "C", "A", "T", "D", "R" }, { NULL }, 0, 0 },
	[LANG_NL] = { "nl", "Dutch", "K D T L P", { "", "P", "L", "T", "D", "K" }, { NULL }, 0, 0 },
	[LANG_RU] = { "ru", "Russian", "Кр Ф Л С К", { "п", "К", "С", "Л", "Ф", "Кр" }, { NULL }, 1, 0 },
	[LANG_AR] = { "ar", "Arabic", "م و ط ف ح", { "", "ح", "ف", "ط ر ق", "و", "م ش" },
		      { "أ ا", "ب", "ج", "د", "هـ ه", "و", "ز", "ح" }, 0, 0 },
	[LANG_FA] = { "fa", "Persian", "ش و ر ف ا", { "پ س", "ا", "ف", "ر ق", "و", "ش" },
		      { "أ", "ب", "ج", "د", "هـ ه", "و", "ز", "ح" }, 0, 0 },
	[LANG_FIGURINE] = { "figurine", "figurine", "♔ ♕ ♖ ♗ ♘", { "♙ ♟", "♘ ♞", "♗ ♝", "♖ ♜", "♕ ♛", "♔ ♚" },
			    { NULL }, 0, 1 },
};

static const char english_letters[6] = { 'P', 'N', 'B', 'R', 'Q', 'K' };

const char *lang_name(enum lang l) { return tables[l].name; }
const char *lang_letters(enum lang l) { return tables[l].letters; }

/* The length of the first space-separated spelling in list. */
static size_t first_spelling(const char *list)
{
	const char *space = strchr(list, ' ');
	return space ? (size_t)(space - list) : strlen(list);
}

int lang_parse_list(const char *list, unsigned *mask, char *err, size_t errlen)
{
	*mask = 0;
	const char *p = list;
	while (*p) {
		const char *end = strchr(p, ',');
		size_t n = end ? (size_t)(end - p) : strlen(p);
		int found = 0;
		if (n == 4 && memcmp(p, "auto", 4) == 0) {
			*mask |= LANG_AUTO;
			found = 1;
		}
		for (int l = 0; l < LANG_COUNT && !found; l++) {
			if (strlen(tables[l].code) == n && memcmp(p, tables[l].code, n) == 0) {
				*mask |= LANG_MASK(l);
				found = 1;
			}
		}
		if (!found && n > 0) {
			snprintf(err, errlen,
				 "'%.*s' is not a notation (auto, en, de, fr, es, it, nl, ru, ar, fa, figurine)", (int)n, p);
			return -1;
		}
		if (!end)
			break;
		p = end + 1;
	}
	if (!*mask) {
		snprintf(err, errlen, "%s", "--lang needs at least one notation");
		return -1;
	}
	return 0;
}

/* ---- units ---- */

/* What a unit can stand for: up to two English characters (a letter that is
 * also a file), or nothing at all (a direction mark). */
struct unit {
	size_t length;     /* bytes of the token it covers; 0: no unit matches */
	char as[2];
	int choices;       /* 0: dropped, 1 or 2 */
};

static int starts_with(const char *text, size_t len, const char *s, size_t n)
{
	return n > 0 && n <= len && memcmp(text, s, n) == 0;
}

/* Offers every spelling of `list` that starts text; the longest wins, and
 * spellings as long as the best add a second meaning. */
static void offer(struct unit *u, const char *text, size_t len, const char *list, char meaning)
{
	while (*list) {
		size_t n = first_spelling(list);
		if (starts_with(text, len, list, n)) {
			if (n > u->length) {
				u->length = n;
				u->as[0] = meaning;
				u->choices = 1;
			} else if (n == u->length && u->choices == 1 && u->as[0] != meaning) {
				u->as[1] = meaning;
				u->choices = 2;
			}
		}
		list += n;
		while (*list == ' ')
			list++;
	}
}

/* Characters that say nothing about the move: left-to-right and right-to-
 * left marks, the Arabic letter mark, zero-width (non-)joiners, the
 * bidirectional embeddings and isolates, and the Arabic tatweel. */
static size_t invisible_length(const unsigned char *s, size_t len)
{
	if (len >= 2 && s[0] == 0xD8 && s[1] == 0x9C)
		return 2; /* U+061C */
	if (len >= 2 && s[0] == 0xD9 && s[1] == 0x80)
		return 2; /* U+0640 tatweel */
	if (len >= 3 && s[0] == 0xE2 && s[1] == 0x80 && ((s[2] >= 0x8B && s[2] <= 0x8F) || (s[2] >= 0xAA && s[2] <= 0xAE)))
		return 3; /* U+200B-U+200F, U+202A-U+202E */
	if (len >= 3 && s[0] == 0xE2 && s[1] == 0x81 && s[2] >= 0xA6 && s[2] <= 0xA9)
		return 3; /* U+2066-U+2069 */
	if (len >= 3 && s[0] == 0xEF && s[1] == 0xBB && s[2] == 0xBF)
		return 3; /* a byte-order mark */
	return 0;
}

/* A digit in Arabic-Indic (U+0660-0669) or Persian (U+06F0-06F9) script:
 * its value, or -1. */
static int eastern_digit(const unsigned char *s, size_t len)
{
	if (len >= 2 && s[0] == 0xD9 && s[1] >= 0xA0 && s[1] <= 0xA9)
		return s[1] - 0xA0;
	if (len >= 2 && s[0] == 0xDB && s[1] >= 0xB0 && s[1] <= 0xB9)
		return s[1] - 0xB0;
	return -1;
}

static struct unit next_unit(const struct lang_table *t, const char *text, size_t len)
{
	const unsigned char *s = (const unsigned char *)text;
	struct unit u = { 0, { 0, 0 }, 0 };
	size_t n = invisible_length(s, len);
	if (n) {
		u.length = n;
		return u;
	}
	int digit = eastern_digit(s, len);
	if (digit >= 0) {
		u.length = 2;
		u.as[0] = (char)('0' + digit);
		u.choices = 1;
		return u;
	}
	if (len >= 2 && s[0] == 0xC3 && s[1] == 0x97) { /* U+00D7 multiplication sign */
		u.length = 2;
		u.as[0] = 'x';
		u.choices = 1;
		return u;
	}
	for (int p = 0; p < 6; p++)
		offer(&u, text, len, t->pieces[p], english_letters[p]);
	for (int f = 0; f < 8; f++)
		if (t->files[f])
			offer(&u, text, len, t->files[f], (char)('a' + f));
	if (t->cyrillic_lookalikes) {
		offer(&u, text, len, "а", 'a');
		offer(&u, text, len, "с", 'c');
		offer(&u, text, len, "е", 'e');
		offer(&u, text, len, "х", 'x');
	}
	if (u.length)
		return u;
	char c = text[0];
	if ((c >= 'a' && c <= 'h') || (c >= '0' && c <= '9') || strchr("xp+#=-:/!?().Oo", c) != NULL
	    || (t->keeps_english && strchr("KQRBNP", c) != NULL)) {
		u.length = 1;
		u.as[0] = c;
		u.choices = 1;
	}
	return u;
}

/* A move number written against its move ("١.هـ٤", "۱۲.اf3"): the
 * reader splits "12.e4" but keeps a symbol begun by other digits whole. */
static size_t move_number_length(const char *text, size_t len)
{
	const unsigned char *s = (const unsigned char *)text;
	size_t i = 0, digits = 0;
	for (;;) {
		size_t n = invisible_length(s + i, len - i);
		if (!n && eastern_digit(s + i, len - i) >= 0)
			n = 2, digits++;
		if (!n && i < len && s[i] >= '0' && s[i] <= '9')
			n = 1, digits++;
		if (!n)
			break;
		i += n;
	}
	size_t dots = i;
	while (dots < len && s[dots] == '.')
		dots++;
	return digits && dots > i && dots < len ? dots : 0;
}

int lang_to_english(enum lang l, const char *text, size_t len, char out[][SAN_TEXT_MAX], int max)
{
	if (l == LANG_EN) {
		if (len >= SAN_TEXT_MAX || max < 1)
			return 0;
		memcpy(out[0], text, len);
		out[0][len] = '\0';
		return 1;
	}
	const struct lang_table *t = &tables[l];
	int count = 1;
	size_t used = 0;
	size_t i = move_number_length(text, len);
	while (i < len) {
		struct unit u = next_unit(t, text + i, len - i);
		if (u.length == 0 || used + 1 >= SAN_TEXT_MAX)
			return 0;
		i += u.length;
		if (u.choices == 0)
			continue;
		if (u.choices == 2 && count * 2 <= max) {
			for (int k = 0; k < count; k++) {
				memcpy(out[count + k], out[k], used);
				out[count + k][used] = u.as[1];
			}
			for (int k = 0; k < count; k++)
				out[k][used] = u.as[0];
			count *= 2;
		} else {
			for (int k = 0; k < count; k++)
				out[k][used] = u.as[0];
		}
		used++;
	}
	if (used == 0)
		return 0;
	for (int k = 0; k < count; k++)
		out[k][used] = '\0';
	return count;
}

int lang_is_filler(const char *text, size_t len)
{
	const unsigned char *s = (const unsigned char *)text;
	for (size_t i = 0; i < len;) {
		size_t n = invisible_length(s + i, len - i);
		if (!n && eastern_digit(s + i, len - i) >= 0)
			n = 2;
		if (!n && (s[i] == '.' || (s[i] >= '0' && s[i] <= '9')))
			n = 1;
		if (!n)
			return 0;
		i += n;
	}
	return 1;
}

/* ---- reading a move ---- */

static int read_english(const struct position *pos, int check, const char *text, size_t len,
			struct move_reading *out)
{
	if (san_parse(text, len, &out->san, out->error, sizeof out->error) < 0)
		return out->status = READ_UNREADABLE;
	san_match_known(pos, check, &out->san, &out->match);
	out->status = out->match.status == MATCH_OK ? READ_OK
		    : out->match.status == MATCH_AMBIGUOUS ? READ_AMBIGUOUS : READ_ILLEGAL;
	return out->status;
}

int lang_read_move(enum lang l, const struct position *pos, const char *text, size_t len,
		   struct move_reading *out)
{
	return lang_read_move_known(l, pos, -1, text, len, out);
}

int lang_read_move_known(enum lang l, const struct position *pos, int check, const char *text, size_t len,
			 struct move_reading *out)
{
	out->english[0] = '\0';
	out->error[0] = '\0';
	out->spellings_differ = 0;
	if (l == LANG_EN)
		return read_english(pos, check, text, len, out);

	char spellings[4][SAN_TEXT_MAX];
	int n = lang_to_english(l, text, len, spellings, 4);
	if (n == 0) {
		snprintf(out->error, sizeof out->error, "not a move in %s notation (%s)", tables[l].name,
			 tables[l].letters);
		return out->status = READ_UNREADABLE;
	}
	int legal = 0, parsed = 0;
	struct move_reading first_failure, try;
	memset(&first_failure, 0, sizeof first_failure);
	first_failure.status = READ_UNREADABLE;
	try.spellings_differ = 0;
	for (int i = 0; i < n; i++) {
		if (read_english(pos, check, spellings[i], strlen(spellings[i]), &try) == READ_UNREADABLE) {
			if (i == 0)
				snprintf(first_failure.error, sizeof first_failure.error, "%s", try.error);
			continue;
		}
		snprintf(try.english, sizeof try.english, "%s", spellings[i]);
		/* A letter that is also a file names a pawn's origin only to
		 * capture; وو٣ is Qf3, never a pawn "from the f-file to f3". */
		if (n > 1 && try.san.kind == SAN_MOVE && try.san.piece == SAN_PAWN && try.san.from_file >= 0
		    && try.san.from_file == try.san.to % 8)
			continue;
		if (try.status != READ_OK) {
			if (!parsed || first_failure.status == READ_UNREADABLE)
				first_failure = try;
			parsed = 1;
			continue;
		}
		parsed = 1;
		if (legal == 0) {
			*out = try;
		} else if (try.match.move != out->match.move) {
			/* Two spellings, two legal moves: say so rather than pick one. */
			move first = out->match.move;
			out->status = READ_AMBIGUOUS;
			out->match.status = MATCH_AMBIGUOUS;
			out->match.candidates[0] = first;
			out->match.candidates[1] = try.match.move;
			out->match.candidate_count = 2;
			out->spellings_differ = 1;
		}
		legal++;
	}
	if (legal)
		return out->status;
	*out = first_failure;
	if (out->status == READ_UNREADABLE && !out->error[0])
		snprintf(out->error, sizeof out->error, "not a move in %s notation (%s)", tables[l].name,
			 tables[l].letters);
	return out->status;
}
