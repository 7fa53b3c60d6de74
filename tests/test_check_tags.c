/*
 * test_check_tags.c - the tag checks (validator/audit/check_tags.c), run end to
 * end: a PGN text through the reader and audit_game(), then the findings of
 * one code are inspected.  Every form has values it must accept (those the
 * standard shows, and those real files write that misstate nothing) and
 * values it must report, with the suggestion where the intended value is
 * plain.
 */
#include <stdio.h>
#include <string.h>

#include "tests/audit_util.h"
#include "parser/pgn.h"
#include "parser/stream.h"
#include "validator/audit/audit.h"

/* The game and the findings stay alive until the next audit, since findings
 * point into the game's text. */
static struct pgn_game game;
static struct finding_list findings;
static struct auditor auditor;
static char text[8192];

static const char *const roster[] = { "Event", "Site", "Date", "Round", "White", "Black", "Result" };
static const char *const roster_values[] = { "e", "s", "2024.01.01", "1", "w", "b", "*" };

static void audit_text(void)
{
	audit_one_game(text, &game, &auditor, &findings);
}

/* The Seven Tag Roster with `name` set to `value` (or that tag added after
 * it), then the movetext; returns the line of that tag. */
static int audit_tag(const char *name, const char *value, const char *movetext)
{
	size_t used = 0;
	int line = 0;
	for (int i = 0; i < 7; i++) {
		int mine = strcmp(name, roster[i]) == 0;
		used += (size_t)snprintf(text + used, sizeof text - used, "[%s \"%s\"]\n", roster[i],
					 mine ? value : roster_values[i]);
		if (mine)
			line = i + 1;
	}
	if (!line) {
		used += (size_t)snprintf(text + used, sizeof text - used, "[%s \"%s\"]\n", name, value);
		line = 8;
	}
	snprintf(text + used, sizeof text - used, "\n%s\n", movetext);
	audit_text();
	return line;
}

static int count(enum check_code code)
{
	return count_code(&findings, code);
}

/* The one finding of `code`, checked for where it is, its rule, severity and
 * suggestion, and for a part of its message. */
static const struct finding *expect_one(enum check_code code, uint32_t line, uint32_t column, const char *rule,
					const char *suggestion, const char *message_part)
{
	const struct finding *found = NULL;
	for (int i = 0; i < findings.count; i++) {
		if (findings.items[i].code != code)
			continue;
		if (found)
			fail_msg("two %s findings: '%s' and '%s'", check_catalogue[code].code, found->message,
				 findings.items[i].message);
		found = &findings.items[i];
	}
	if (!found)
		fail_msg("no %s finding in:\n%s", check_catalogue[code].code, text);
	assert_int_equal(found->line, line);
	assert_int_equal(found->column, column);
	assert_string_equal(found->rule, rule);
	assert_int_equal(found->severity, SEVERITY_WARNING);
	assert_int_equal(found->ply, 0);
	assert_string_equal(found->suggestion, suggestion);
	if (!strstr(found->message, message_part))
		fail_msg("message '%s' should contain '%s'", found->message, message_part);
	return found;
}

static void expect_none(enum check_code code)
{
	for (int i = 0; i < findings.count; i++)
		if (findings.items[i].code == code)
			fail_msg("unexpected %s: %s\nin:\n%s", check_catalogue[code].code, findings.items[i].message, text);
}

static void accepts(const char *name, const char *value)
{
	audit_tag(name, value, "1. e4 e5 *");
	expect_none(CHECK_TAG_FORMAT);
}

static void rejects(const char *name, const char *value, const char *rule, const char *suggestion,
		    const char *message_part)
{
	int line = audit_tag(name, value, "1. e4 e5 *");
	expect_one(CHECK_TAG_FORMAT, (uint32_t)line, 1, rule, suggestion, message_part);
}

static void test_missing_tags(void **state)
{
	(void)state;
	audit_tag("Event", "e", "1. e4 e5 *");
	expect_none(CHECK_MISSING_TAG);
	expect_none(CHECK_TAG_FORMAT);
	expect_none(CHECK_DUPLICATE_TAG);

	snprintf(text, sizeof text, "\n\n[Event \"e\"]\n[Date \"2024.01.01\"]\n[White \"w\"]\n[Black \"b\"]\n\n1. e4 *\n");
	audit_text();
	expect_one(CHECK_MISSING_TAG, 3, 1, "PGN 8.1.1", "", "3 tags of the Seven Tag Roster are missing: Site, Round, Result");

	snprintf(text, sizeof text,
		 "[Event \"e\"]\n[Site \"s\"]\n[Date \"?\"]\n[Round \"1\"]\n[White \"w\"]\n[Black \"b\"]\n\n1. e4 *\n");
	audit_text();
	expect_one(CHECK_MISSING_TAG, 1, 1, "PGN 8.1.1", "", "the Result tag of the Seven Tag Roster is missing");

	/* Names are case-sensitive (PGN 8.1): "event" is not Event. */
	snprintf(text, sizeof text,
		 "[event \"e\"]\n[Site \"s\"]\n[Date \"????.??.??\"]\n[Round \"1\"]\n[White \"w\"]\n[Black \"b\"]\n"
		 "[Result \"*\"]\n\n*\n");
	audit_text();
	expect_one(CHECK_MISSING_TAG, 1, 1, "PGN 8.1.1", "", "the Event tag");

	/* Tags, but none of the roster (an opening classification file). */
	snprintf(text, sizeof text, "[ECO \"A00\"]\n[Opening \"Polish\"]\n\n1. b4 *\n");
	audit_text();
	expect_one(CHECK_MISSING_TAG, 1, 1, "PGN 8.1.1", "",
		   "none of the Seven Tag Roster (Event, Site, Date, Round, White, Black, Result) is among the game's tags");

	/* Bare movetext, as many test files have it. */
	snprintf(text, sizeof text, "1. e4 e5 2. Nf3 *\n");
	audit_text();
	expect_one(CHECK_MISSING_TAG, 1, 1, "PGN 8.1.1", "",
		   "the game has no tags: the Seven Tag Roster (Event, Site, Date, Round, White, Black, Result) is missing");
}

static void test_dates(void **state)
{
	(void)state;
	accepts("Date", "2024.02.29");
	accepts("Date", "2000.02.29");
	accepts("Date", "2024.??.??");
	accepts("Date", "????.??.??");
	accepts("Date", "????.02.29");
	accepts("Date", "2004.??.16");
	accepts("Date", "2018.04.??");
	accepts("Date", "19??.??.??");
	accepts("Date", "1992.12.31");
	rejects("Date", "2023.02.29", "PGN 8.1.1.3", "", "the Date tag \"2023.02.29\" is wrong: February 2023 has 28 days");
	rejects("Date", "1900.02.29", "PGN 8.1.1.3", "", "February 1900 has 28 days");
	rejects("Date", "2024.04.31", "PGN 8.1.1.3", "", "April 2024 has 30 days");
	rejects("Date", "????.04.31", "PGN 8.1.1.3", "", "April has at most 30 days");
	rejects("Date", "2024.13.01", "PGN 8.1.1.3", "", "there is no month 13");
	rejects("Date", "2024.00.01", "PGN 8.1.1.3", "", "there is no month 00");
	rejects("Date", "2024.??.32", "PGN 8.1.1.3", "", "there is no day 32");
	rejects("Date", "2024-03-01", "PGN 8.1.1.3", "2024.03.01",
		"the Date tag \"2024-03-01\" is not in the standard's form (YYYY.MM.DD, with ?? for a part not known)");
	rejects("Date", "2024/03/01", "PGN 8.1.1.3", "2024.03.01", "not in the standard's form");
	rejects("Date", "2013.4.2", "PGN 8.1.1.3", "2013.04.02", "not in the standard's form");
	rejects("Date", "2018", "PGN 8.1.1.3", "2018.??.??", "not in the standard's form");
	rejects("Date", "?", "PGN 8.1.1.3", "????.??.??", "not in the standard's form");
	rejects("Date", "", "PGN 8.1.1.3", "????.??.??", "not in the standard's form");
	rejects("Date", " 2007.??.??", "PGN 8.1.1.3", "2007.??.??", "not in the standard's form");
	rejects("Date", "2012.15.2", "PGN 8.1.1.3", "", "not in the standard's form");
	rejects("Date", "1?92.01.01", "PGN 8.1.1.3", "", "not in the standard's form");
	rejects("Date", "England.??.??", "PGN 8.1.1.3", "", "not in the standard's form");
	rejects("Date", "01.03.2024", "PGN 8.1.1.3", "", "not in the standard's form");
	/* No suggestion from one character that is not ?, nor from a part
	 * left empty after a separator. */
	rejects("Date", "5", "PGN 8.1.1.3", "", "not in the standard's form");
	rejects("Date", "2018.", "PGN 8.1.1.3", "", "not in the standard's form");
	/* The same form for the dates of the supplemental tags. */
	accepts("EventDate", "2016.??.??");
	accepts("UTCDate", "2012.12.31");
	rejects("EventDate", "?", "PGN 9.2.1", "????.??.??", "the EventDate tag \"?\"");
	rejects("UTCDate", "2024.1.1", "PGN 9.5.3", "2024.01.01", "the UTCDate tag");
	rejects("UTCDate", "2023.02.29", "PGN 9.5.3", "", "February 2023 has 28 days");
}

static void test_rounds(void **state)
{
	(void)state;
	accepts("Round", "1");
	accepts("Round", "3.1");
	accepts("Round", "1.2.3");
	accepts("Round", "0");
	accepts("Round", "?");
	accepts("Round", "-");
	rejects("Round", "a", "PGN 8.1.1.4", "",
		"the Round tag \"a\" is not in the standard's form (?, -, or round numbers joined by dots such as 3 or 3.1)");
	rejects("Round", "", "PGN 8.1.1.4", "?", "is wrong: it is empty");
	rejects("Round", " 1 ", "PGN 8.1.1.4", "1", "not in the standard's form");
	rejects("Round", "1.", "PGN 8.1.1.4", "", "not in the standard's form");
	rejects("Round", "?.5", "PGN 8.1.1.4", "", "not in the standard's form");
	rejects("Round", "-1", "PGN 8.1.1.4", "", "not in the standard's form");
}

static void test_result_tag(void **state)
{
	(void)state;
	accepts("Result", "1-0");
	accepts("Result", "0-1");
	accepts("Result", "1/2-1/2");
	accepts("Result", "*");
	rejects("Result", "1/2", "PGN 8.1.1.7", "1/2-1/2",
		"the Result tag \"1/2\" is not in the standard's form (1-0, 0-1, 1/2-1/2 or *)");
	rejects("Result", "1:0", "PGN 8.1.1.7", "1-0", "not in the standard's form");
	rejects("Result", "\xc2\xbd-\xc2\xbd", "PGN 8.1.1.7", "1/2-1/2", "not in the standard's form");
	rejects("Result", "O-1", "PGN 8.1.1.7", "*", "not in the standard's form");
	/* Nothing to read: the termination marker is what the tag must say. */
	int line = audit_tag("Result", "", "1. e4 e5 1-0");
	expect_one(CHECK_TAG_FORMAT, (uint32_t)line, 1, "PGN 8.1.1.7", "1-0", "the Result tag \"\"");
}

static void test_ratings(void **state)
{
	(void)state;
	accepts("WhiteElo", "2700");
	accepts("BlackElo", "941");
	accepts("WhiteElo", "-");
	accepts("WhiteElo", "");
	accepts("BlackElo", "?");
	accepts("WhiteElo", "2500:-:2600");
	rejects("WhiteElo", "2.700", "PGN 9.1.2", "2700",
		"the WhiteElo tag \"2.700\" is not in the standard's form (a rating in digits, or - for an unrated player)");
	rejects("BlackElo", "1500?", "PGN 9.1.2", "1500", "the BlackElo tag");
	rejects("BlackElo", "not a number", "PGN 9.1.2", "", "not in the standard's form");
	rejects("WhiteElo", "12345", "PGN 9.1.2", "", "is wrong: no rating has more than four digits");
	rejects("WhiteElo", "2500:", "PGN 9.1.2", "", "not in the standard's form");
}

static void test_time_controls(void **state)
{
	(void)state;
	accepts("TimeControl", "40/7200:3600");
	accepts("TimeControl", "40/7200:20/3600:900+30");
	accepts("TimeControl", "300+2");
	accepts("TimeControl", "180+0");
	accepts("TimeControl", "300");
	accepts("TimeControl", "*180");
	accepts("TimeControl", "1/86400");
	accepts("TimeControl", "?");
	accepts("TimeControl", "-");
	accepts("TimeControl", "10+0.05");
	rejects("TimeControl", "10+0.x", "PGN 9.6.1", "", "not in the standard's form");
	rejects("TimeControl", "10+x.5", "PGN 9.6.1", "", "not in the standard's form");
	rejects("TimeControl", "5 min", "PGN 9.6.1", "300",
		"the TimeControl tag \"5 min\" is not in the standard's form (?, -, or periods joined by colons such as "
		"40/7200:3600, 300+2 or *180)");
	rejects("TimeControl", "0s/180:0:2000", "PGN 9.6.1", "", "not in the standard's form");
	rejects("TimeControl", "300+", "PGN 9.6.1", "", "not in the standard's form");
	rejects("TimeControl", "300+2/40", "PGN 9.6.1", "", "not in the standard's form");
	rejects("TimeControl", "40/", "PGN 9.6.1", "", "not in the standard's form");
	rejects("TimeControl", "40/7200::3600", "PGN 9.6.1", "", "not in the standard's form");
	rejects("TimeControl", "0/60", "PGN 9.6.1", "", "not in the standard's form");
	rejects("TimeControl", "*", "PGN 9.6.1", "", "not in the standard's form");
	/* written freely: the standard's seconds where every unit is plain */
	rejects("TimeControl", "90m+30s", "PGN 9.6.1", "5400+30", "not in the standard's form");
	rejects("TimeControl", "90 min + 30 sec", "PGN 9.6.1", "5400+30", "not in the standard's form");
	rejects("TimeControl", "90'+30''", "PGN 9.6.1", "5400+30", "not in the standard's form");
	rejects("TimeControl", "40/90,30+30", "PGN 9.6.1", "40/5400:1800+30", "not in the standard's form");
	rejects("TimeControl", "40/90;30+30", "PGN 9.6.1", "40/5400:1800+30", "not in the standard's form");
	rejects("TimeControl", "40/2h,1h", "PGN 9.6.1", "40/7200:3600", "not in the standard's form");
	rejects("TimeControl", "40/90m:30m+30s", "PGN 9.6.1", "40/5400:1800+30", "not in the standard's form");
	rejects("TimeControl", "1h30+30s", "PGN 9.6.1", "5400+30", "not in the standard's form");
	rejects("TimeControl", "1h 20s", "PGN 9.6.1", "3620", "not in the standard's form");
	rejects("TimeControl", "2 Hours", "PGN 9.6.1", "7200", "not in the standard's form");
	rejects("TimeControl", "3 MIN+2", "PGN 9.6.1", "180+2", "not in the standard's form");
	/* nothing says what a number is, a delay, a word not understood, a
	 * smaller unit before a larger one, more periods than a rate has */
	rejects("TimeControl", "G/90;d5", "PGN 9.6.1", "", "not in the standard's form");
	rejects("TimeControl", "90 moves", "PGN 9.6.1", "", "not in the standard's form");
	rejects("TimeControl", "90 + 30", "PGN 9.6.1", "", "not in the standard's form");
	rejects("TimeControl", "30s 1m", "PGN 9.6.1", "", "not in the standard's form");
	rejects("TimeControl", "90 mins game", "PGN 9.6.1", "", "not in the standard's form");
	rejects("TimeControl", "1m,1m,1m,1m,1m", "PGN 9.6.1", "", "not in the standard's form");
	rejects("TimeControl", "1234567m", "PGN 9.6.1", "", "not in the standard's form");
	rejects("TimeControl", "m+30s", "PGN 9.6.1", "", "not in the standard's form");
	rejects("TimeControl", " 300+2", "PGN 9.6.1", "300+2", "not in the standard's form");
	rejects("TimeControl", "", "PGN 9.6.1", "?", "is wrong: it is empty");
}

static void test_duplicate_tags(void **state)
{
	(void)state;
	snprintf(text, sizeof text, "[Event \"e\"]\n[Site \"s\"]\n[Date \"????.??.??\"]\n[Round \"1\"]\n[White \"w\"]\n"
				    "[Black \"b\"]\n[Result \"*\"]\n[Event \"e\"]\n\n*\n");
	audit_text();
	expect_one(CHECK_DUPLICATE_TAG, 8, 1, "PGN 8.1", "", "the Event tag appears again (first on line 1)");
	expect_none(CHECK_MISSING_TAG);

	snprintf(text, sizeof text, "[Event \"e\"]\n[Site \"s\"]\n[Date \"????.??.??\"]\n[Round \"1\"]\n[White \"w\"]\n"
				    "[Black \"b\"]\n[Result \"*\"]\n[White \"x\"]\n\n*\n");
	audit_text();
	expect_one(CHECK_DUPLICATE_TAG, 8, 1, "PGN 8.1", "",
		   "the White tag appears again (first on line 5) with another value: \"x\" here, \"w\" there");

	/* Each repetition once, always against the first. */
	snprintf(text, sizeof text, "[Annotator \"a\"]\n[Annotator \"a\"]\n[Annotator \"b\"]\n\n*\n");
	audit_text();
	assert_int_equal(count(CHECK_DUPLICATE_TAG), 2);

	/* Names differ in case: two tags. */
	snprintf(text, sizeof text, "[Event \"e\"]\n[event \"e\"]\n\n*\n");
	audit_text();
	expect_none(CHECK_DUPLICATE_TAG);
}

static void test_plycount(void **state)
{
	(void)state;
	audit_tag("PlyCount", "4", "1. e4 e5 2. Nf3 Nc6 *");
	expect_none(CHECK_PLYCOUNT_MISMATCH);
	expect_none(CHECK_TAG_FORMAT);

	audit_tag("PlyCount", "5", "1. e4 e5 2. Nf3 Nc6 *");
	expect_one(CHECK_PLYCOUNT_MISMATCH, 8, 1, "PGN 9.9.3", "4", "the PlyCount tag says 5 plies but the main line has 4");

	/* Variations do not count. */
	audit_tag("PlyCount", "2", "1. e4 e5 (1... c5 2. Nf3) *");
	expect_none(CHECK_PLYCOUNT_MISMATCH);

	/* A game from a position with Black to move. */
	snprintf(text, sizeof text, "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 1\"]\n[PlyCount \"3\"]\n\n"
				    "1... Kd7 2. e4 Kd6 *\n");
	audit_text();
	expect_none(CHECK_PLYCOUNT_MISMATCH);

	/* Not replayed to the end: the count of the main line is unknown. */
	audit_tag("PlyCount", "9", "1. e4 e5 2. Ke3 Nc6 *");
	expect_none(CHECK_PLYCOUNT_MISMATCH);

	rejects("PlyCount", "four", "PGN 9.9.3", "2",
		"the PlyCount tag \"four\" is not in the standard's form (the number of plies in digits)");
	rejects("PlyCount", "", "PGN 9.9.3", "2", "not in the standard's form");
	expect_none(CHECK_PLYCOUNT_MISMATCH);
	/* Not replayed to the end (2. Ke3 is illegal): no count to suggest,
	 * only the value trimmed. */
	audit_tag("PlyCount", " 4 ", "1. e4 e5 2. Ke3 Nc6 *");
	expect_one(CHECK_TAG_FORMAT, 8, 1, "PGN 9.9.3", "4", "not in the standard's form");
	/* Replayed to the end: the count of the main line. */
	audit_tag("PlyCount", " 5 ", "1. e4 e5 2. Nf3 Nc6 *");
	expect_one(CHECK_TAG_FORMAT, 8, 1, "PGN 9.9.3", "4", "not in the standard's form");
}

static const char ascii_filler[] =
	"The quick brown fox jumps over the lazy dog; pack my box with five dozen liquor jugs. "
	"Sphinx of black quartz, judge my vow: how vexingly quick daft zebras jump!";

static void test_encoding(void **state)
{
	const struct finding *f;
	(void)state;
	/* Latin-1 é in a tag: one finding at that tag, the text shown as read. */
	audit_tag("White", "R\xe9ti, Richard", "1. e4 {caf\xe9} e5 *");
	f = expect_one(CHECK_ENCODING, 5, 1, "PGN 4.1", "",
		       "the White tag is not valid UTF-8 (byte 0xE9 in \"R\xc3\xa9ti, Richard\"); its bytes were read as "
		       "Latin-1");
	assert_string_equal(check_catalogue[f->code].code, "encoding");

	/* The same name in UTF-8 is fine, as are 3- and 4-byte characters. */
	audit_tag("White", "R\xc3\xa9ti, Richard", "1. e4 {\xe2\x99\x94 \xf0\x9f\x98\x80} e5 *");
	expect_none(CHECK_ENCODING);
	/* The first and last lead bytes of each length: U+0080, U+07FF,
	 * U+0800, U+FFFD, U+10000, U+10FFFF. */
	audit_tag("White", "\xc2\x80 \xdf\xbf \xe0\xa0\x80 \xef\xbf\xbd \xf0\x90\x80\x80 \xf4\x8f\xbf\xbf", "*");
	expect_none(CHECK_ENCODING);

	/* In a comment, after enough ASCII for the eight-byte path. */
	audit_tag("Event", "e", "1. e4 e5 {a long comment in plain ASCII, then caf\xe9 au lait} *");
	expect_one(CHECK_ENCODING, 9, 10, "PGN 4.1", "", "a comment is not valid UTF-8 (byte 0xE9 in \"");

	/* Not UTF-8 either: an overlong '/', a surrogate, a lone continuation
	 * byte, a truncated sequence. */
	audit_tag("Site", "\xc0\xaf", "*");
	expect_one(CHECK_ENCODING, 2, 1, "PGN 4.1", "", "byte 0xC0");
	audit_tag("Site", "x\xed\xa0\x80", "*");
	expect_one(CHECK_ENCODING, 2, 1, "PGN 4.1", "", "byte 0xED");
	audit_tag("Site", "\x80", "*");
	expect_one(CHECK_ENCODING, 2, 1, "PGN 4.1", "", "byte 0x80");
	audit_tag("Site", "ab\xe2\x99", "*");
	expect_one(CHECK_ENCODING, 2, 1, "PGN 4.1", "", "byte 0xE2");

	/* ASCII is skipped 64 and 16 bytes at a time: a bad byte, and a good
	 * sequence across a block's end, at every offset of a long comment. */
	for (int k = 0; k < 160; k++) {
		char movetext[256];
		snprintf(movetext, sizeof movetext, "1. e4 {%.*s\xe9%s} *", k, ascii_filler, "bcdefghij");
		audit_tag("Event", "e", movetext);
		expect_one(CHECK_ENCODING, 9, 7, "PGN 4.1", "", "byte 0xE9");
		snprintf(movetext, sizeof movetext, "1. e4 {%.*s\xe2\x99\x94%.*s} *", k, ascii_filler, k % 70,
			 ascii_filler);
		audit_tag("Event", "e", movetext);
		expect_none(CHECK_ENCODING);
	}
}

/* PGN 7: a string holds printing characters.  A control character in a
 * tag value (the reader notes the first) is a tag-format warning once per
 * tag; a value already reported for its form is not reported again, and
 * NUL is the reader's syntax problem, not this. */
static void test_control_characters(void **state)
{
	(void)state;
	rejects("Black", "St\x06hlberg, Gideon", "PGN 7", "",
		"the Black tag holds a control character (0x06): a PGN string holds printing characters only");
	rejects("Event", "Open\tA", "PGN 7", "", "the Event tag holds a control character (0x09)");
	rejects("Annotator", "x\x7fy\x1b", "PGN 7", "", "the Annotator tag holds a control character (0x7F)");
	/* With a backslash escape before it (not the quick path). */
	rejects("Site", "a \\\"b\\\" \x1b[2J", "PGN 7", "", "the Site tag holds a control character (0x1B)");
	/* A date not in its form is reported as that, once. */
	int line = audit_tag("Date", "2024\x1b", "1. e4 e5 *");
	assert_int_equal(count(CHECK_TAG_FORMAT), 1);
	expect_one(CHECK_TAG_FORMAT, (uint32_t)line, 1, "PGN 8.1.1.3", "", "the Date tag \"2024\x1b\" is not in the standard's form");
	/* Printing characters, UTF-8 and Latin-1 are not control characters. */
	accepts("White", "R\xc3\xa9ti ~ \xe9 !");
}

static void test_clean_game(void **state)
{
	(void)state;
	snprintf(text, sizeof text,
		 "[Event \"F/S Return Match\"]\n[Site \"Belgrade, Serbia JUG\"]\n[Date \"1992.11.04\"]\n[Round \"29\"]\n"
		 "[White \"Fischer, Robert J.\"]\n[Black \"Spassky, Boris V.\"]\n[Result \"1/2-1/2\"]\n"
		 "[WhiteElo \"2785\"]\n[BlackElo \"2560\"]\n[EventDate \"1992.??.??\"]\n[TimeControl \"40/9000:3600\"]\n"
		 "[PlyCount \"4\"]\n\n1. e4 e5 2. Nf3 Nc6 1/2-1/2\n");
	audit_text();
	expect_none(CHECK_MISSING_TAG);
	expect_none(CHECK_TAG_FORMAT);
	expect_none(CHECK_DUPLICATE_TAG);
	expect_none(CHECK_PLYCOUNT_MISMATCH);
	expect_none(CHECK_ENCODING);
}

/* A start position legal play cannot reach is a bad FEN: not replayed. */
static void test_unreachable_fen(void **state)
{
	(void)state;
	snprintf(text, sizeof text, "[SetUp \"1\"]\n[FEN \"4k3/8/8/4P3/8/8/8/4K3 w - d6 0 2\"]\n\n1. exd6 *\n");
	audit_text();
	assert_int_equal(count(CHECK_BAD_FEN), 1);
	assert_int_equal(count(CHECK_ILLEGAL_MOVE), 0);
	assert_int_equal(auditor.record.stop, STOP_NOT_STARTED);
	for (int i = 0; i < findings.count; i++)
		if (findings.items[i].code == CHECK_BAD_FEN)
			assert_non_null(strstr(findings.items[i].message, "no black pawn on d5"));
	/* The tag checks still run. */
	assert_int_equal(count(CHECK_MISSING_TAG), 1);
}

static int teardown(void **state)
{
	(void)state;
	pgn_game_free(&game);
	finding_list_free(&findings);
	auditor_free(&auditor);
	return 0;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_missing_tags),   cmocka_unit_test(test_dates),
		cmocka_unit_test(test_rounds),	       cmocka_unit_test(test_result_tag),
		cmocka_unit_test(test_ratings),	       cmocka_unit_test(test_time_controls),
		cmocka_unit_test(test_duplicate_tags), cmocka_unit_test(test_plycount),
		cmocka_unit_test(test_encoding),       cmocka_unit_test(test_clean_game),
		cmocka_unit_test(test_control_characters),
		cmocka_unit_test(test_unreachable_fen),
	};
	struct audit_options opt = { .rules = RULES_FIDE2023 };

	attacks_init();
	pgn_game_init(&game);
	auditor_init(&auditor, &opt);
	return cmocka_run_group_tests(tests, NULL, teardown);
}
