/*
 * test_clocks.c - reading TimeControl tags and clock commands
 * (validator/audit/clocks.c): the periods, their increments and bonuses,
 * clock times with and without fractions, and the commands of real
 * feeds' comments, well and badly written.
 */
#include "tests/test_util.h"

#include <string.h>

#include "validator/audit/clocks.h"

static void test_time_control_forms(void **st)
{
	(void)st;
	struct time_control tc;
	assert_true(time_control_read("40/5400+30:1800+30", &tc));
	assert_int_equal(tc.count, 2);
	assert_int_equal(tc.period[0].moves, 40);
	assert_int_equal(tc.period[0].ms, 5400000);
	assert_int_equal(tc.period[0].increment_ms, 30000);
	assert_int_equal(tc.period[1].moves, 0);
	assert_int_equal(tc.period[1].ms, 1800000);
	assert_true(time_control_read("300+2", &tc));
	assert_int_equal(tc.count, 1);
	assert_int_equal(tc.period[0].increment_ms, 2000);
	assert_true(time_control_read("10+0.05", &tc));
	assert_int_equal(tc.period[0].ms, 10000);
	assert_int_equal(tc.period[0].increment_ms, 50);
	assert_true(time_control_read("40/7200:20/3600", &tc));
	assert_int_equal(tc.count, 2);
	assert_int_equal(tc.period[1].moves, 20);
	/* not read: unknown, none, a sandclock, other forms, too many periods */
	const char *bad[] = { "?", "-", "*180", "", "90+30 ", "5400+", "40/", "0/300", "+30", "1:2:3:4:5:6:7:8:9",
			      "90m+30s", "40/5400:", NULL };
	for (int i = 0; bad[i]; i++)
		assert_false(time_control_read(bad[i], &tc));
	assert_false(time_control_read(NULL, &tc));
}

static void test_periods_and_bonuses(void **st)
{
	(void)st;
	struct time_control tc;
	assert_true(time_control_read("40/5400+30:1800+30", &tc));
	assert_ptr_equal(time_control_period(&tc, 1), &tc.period[0]);
	assert_ptr_equal(time_control_period(&tc, 40), &tc.period[0]);
	assert_ptr_equal(time_control_period(&tc, 41), &tc.period[1]);
	assert_ptr_equal(time_control_period(&tc, 200), &tc.period[1]);
	assert_int_equal(time_control_bonus(&tc, 39), 0);
	assert_int_equal(time_control_bonus(&tc, 40), 1800000);
	assert_int_equal(time_control_bonus(&tc, 41), 0);
	assert_int_equal(time_control_bonus(&tc, 80), 0);
	/* a last period of so many moves repeats */
	assert_true(time_control_read("40/7200:20/3600", &tc));
	assert_int_equal(time_control_bonus(&tc, 40), 3600000);
	assert_int_equal(time_control_bonus(&tc, 50), 0);
	assert_int_equal(time_control_bonus(&tc, 60), 3600000);
	assert_int_equal(time_control_bonus(&tc, 80), 3600000);
	assert_ptr_equal(time_control_period(&tc, 75), &tc.period[1]);
	/* sudden death: no bonus ever */
	assert_true(time_control_read("300", &tc));
	for (uint32_t m = 1; m < 100; m++)
		assert_int_equal(time_control_bonus(&tc, m), 0);
}

static void test_clock_times(void **st)
{
	(void)st;
	int64_t ms;
	static const struct {
		const char *text;
		int64_t ms;
	} good[] = {
		{ "1:30:57", 5457000 }, { "0:24:55.5", 1495500 }, { "0:00:00", 0 },     { "01:29:57", 5397000 },
		{ "0:00:04.25", 4250 },  { "-0:00:02", -2000 },   { "72:00:00", 259200000 },
	};
	for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
		assert_true(clock_time_read(good[i].text, strlen(good[i].text), &ms));
		assert_int_equal(ms, good[i].ms);
	}
	const char *bad[] = { "0:5:00", "1:30", "90", "0:60:00", "0:00:61", "0:00:00.", "a:00:00", "", "-", "0:00:00 ",
			      "12345:00:00", NULL };
	for (int i = 0; bad[i]; i++)
		assert_false(clock_time_read(bad[i], strlen(bad[i]), &ms));
	char buf[24];
	clock_time_write(5457000, buf, sizeof buf);
	assert_string_equal(buf, "1:30:57");
	clock_time_write(1495500, buf, sizeof buf);
	assert_string_equal(buf, "0:24:55.5");
	clock_time_write(-2000, buf, sizeof buf);
	assert_string_equal(buf, "-0:00:02");
}

/* The comments of lichess's broadcasts, chess.com, DGT and ChessBase. */
static void test_clock_notes(void **st)
{
	(void)st;
	struct clock_note n;
	const char *lichess = " [%eval 0.17] [%clk 1:30:50] ";
	assert_true(clock_note_read(lichess, strlen(lichess), &n));
	assert_true(n.present[CLOCK_CLK] && !n.bad[CLOCK_CLK]);
	assert_int_equal(n.ms[CLOCK_CLK], 5450000);
	assert_false(n.present[CLOCK_EMT]);
	const char *both = "[%clk 0:05:00] [%emt 0:00:02]";
	assert_true(clock_note_read(both, strlen(both), &n));
	assert_int_equal(n.ms[CLOCK_CLK], 300000);
	assert_int_equal(n.ms[CLOCK_EMT], 2000);
	/* no clock command: an evaluation, an arrow, words */
	const char *none[] = { "[%eval 0.3]", "[%csl Ge4][%cal Ge2e4]", "White is better", "[%clkx 0:00:01]", "[%", "",
			       NULL };
	for (int i = 0; none[i]; i++)
		assert_false(clock_note_read(none[i], strlen(none[i]), &n));
	/* written badly: the time's form, not closed, empty */
	const char *badly[] = { "[%clk 0:4:57]", "[%clk 0:04:57", "[%clk]", "[%clk 0:04:57 [%eval 1]", "[%clk 90 min]",
				NULL };
	for (int i = 0; badly[i]; i++) {
		assert_true(clock_note_read(badly[i], strlen(badly[i]), &n));
		assert_true(n.present[CLOCK_CLK] && n.bad[CLOCK_CLK]);
		assert_ptr_equal(n.bad_text[CLOCK_CLK], badly[i]);
	}
	/* the first of two counts; blanks inside the brackets pass */
	const char *two = "[%clk  0:01:00 ] [%clk 0:02:00]";
	assert_true(clock_note_read(two, strlen(two), &n));
	assert_false(n.bad[CLOCK_CLK]);
	assert_int_equal(n.ms[CLOCK_CLK], 60000);
	/* a text cut where the command is: nothing is read past it */
	assert_true(clock_note_read("[%clk 1:00:00]", 6, &n));
	assert_true(n.bad[CLOCK_CLK]);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_time_control_forms),
		cmocka_unit_test(test_periods_and_bonuses),
		cmocka_unit_test(test_clock_times),
		cmocka_unit_test(test_clock_notes),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
