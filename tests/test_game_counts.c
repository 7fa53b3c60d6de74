/*
 * test_game_counts.c - games counted by their most serious finding, per
 * file and per event (reports/game_counts.c), and their JSON Lines records
 * written and read back (reports/jsonl.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_util.h"
#include "parser/json.h"
#include "reports/game_counts.h"
#include "reports/summary.h"

static void test_counts_by_worst(void **state)
{
	(void)state;
	struct game_counts c = { 0 };
	game_counts_add(&c, GAME_CLEAN);
	game_counts_add(&c, SEVERITY_ERROR);
	game_counts_add(&c, SEVERITY_INFO);
	game_counts_add(&c, GAME_CLEAN);
	assert_int_equal(c.games, 4);
	assert_int_equal(game_counts_clean(&c), 2);
	assert_int_equal(c.with[SEVERITY_ERROR], 1);
	assert_int_equal(c.with[SEVERITY_WARNING], 0);
	assert_int_equal(c.with[SEVERITY_INFO], 1);
	struct game_counts d = { 0 };
	game_counts_add(&d, SEVERITY_WARNING);
	game_counts_merge(&c, &d);
	assert_int_equal(c.games, 5);
	assert_int_equal(c.with[SEVERITY_WARNING], 1);
	assert_int_equal(game_counts_clean(&c), 2);
}

/* An event and round is one entry; an absent tag and an empty one are the
 * same (JSON Lines leaves both out); merging keeps the first-seen order. */
static void test_event_groups(void **state)
{
	(void)state;
	struct event_groups a = { 0 }, b = { 0 };
	event_groups_add(&a, "Open", "1", GAME_CLEAN);
	event_groups_add(&a, "Open", "2", SEVERITY_ERROR);
	event_groups_add(&a, "Open", "1", SEVERITY_WARNING);
	event_groups_add(&a, NULL, NULL, GAME_CLEAN);
	event_groups_add(&a, "", "", GAME_CLEAN);
	assert_int_equal(a.count, 3);
	assert_string_equal(event_groups_event(&a, 0), "Open");
	assert_string_equal(event_groups_round(&a, 0), "1");
	assert_int_equal(a.items[0].n.games, 2);
	assert_int_equal(a.items[0].n.with[SEVERITY_WARNING], 1);
	assert_null(event_groups_event(&a, 2));
	assert_int_equal(a.items[2].n.games, 2);
	/* "Open" round "1" is not "Open1" with no round. */
	event_groups_add(&b, "Open1", NULL, GAME_CLEAN);
	event_groups_add(&b, "Open", "2", GAME_CLEAN);
	event_groups_merge(&a, &b);
	assert_int_equal(a.count, 4);
	assert_int_equal(a.items[1].n.games, 2);
	assert_string_equal(event_groups_event(&a, 3), "Open1");
	event_groups_clear(&a);
	assert_int_equal(a.count, 0);
	event_groups_add(&a, "Again", NULL, GAME_CLEAN);
	assert_int_equal(a.count, 1);
	assert_int_equal(a.items[0].n.games, 1);
	event_groups_free(&a);
	event_groups_free(&b);
}

/* Past EVENT_GROUPS_MAX events the games count as left out, in a merge too. */
static void test_event_groups_bounded(void **state)
{
	(void)state;
	struct event_groups a = { 0 }, b = { 0 };
	char name[32];
	for (int i = 0; i < EVENT_GROUPS_MAX + 3; i++) {
		snprintf(name, sizeof name, "event %d", i);
		event_groups_add(&a, name, NULL, GAME_CLEAN);
	}
	assert_int_equal(a.count, EVENT_GROUPS_MAX);
	assert_int_equal(a.left_out, 3);
	event_groups_add(&a, "event 7", NULL, GAME_CLEAN);   /* known: still counted */
	assert_int_equal(a.left_out, 3);
	event_groups_add(&b, "new one", NULL, GAME_CLEAN);
	event_groups_add(&b, "new one", NULL, GAME_CLEAN);
	event_groups_merge(&a, &b);
	assert_int_equal(a.left_out, 5);
	event_groups_free(&a);
	event_groups_free(&b);
}

static void test_date_range(void **state)
{
	(void)state;
	struct date_range r = { 0 };
	date_range_add(&r, NULL);
	date_range_add(&r, "????.??.??");
	date_range_add(&r, "2024-03-01");   /* not the PGN form */
	assert_string_equal(r.first, "");
	date_range_add(&r, "1859.??.??");
	date_range_add(&r, "2024.03.01");
	date_range_add(&r, "1858");
	date_range_add(&r, "2024.03.01 and more text");
	assert_string_equal(r.first, "1858");
	assert_string_equal(r.last, "2024.03.01");
	struct date_range s = { 0 };
	date_range_add(&s, "2025.01.01");
	date_range_merge(&r, &s);
	assert_string_equal(r.last, "2025.01.01");
	assert_string_equal(r.first, "1858");
}

/* The records written read back as they were; a finding is not a record. */
static void test_records_round_trip(void **state)
{
	(void)state;
	struct game_counts c = { 0 };
	struct event_groups e = { 0 };
	struct date_range d = { 0 };
	game_counts_add(&c, GAME_CLEAN);
	game_counts_add(&c, SEVERITY_WARNING);
	event_groups_add(&e, "Open \"A\"", "3.1", GAME_CLEAN);
	event_groups_add(&e, NULL, NULL, SEVERITY_WARNING);
	date_range_add(&d, "2024.01.02");
	struct outbuf b = { 0 };
	jsonl_counts(&b, "x/a.pgn", &c, &e, &d, 0);
	outbuf_put(&b, "", 1);
	char *lines = b.data, *save = NULL;
	struct json_member m[64];
	struct counts_row row;
	char err[200];
	int n = 0;
	for (char *line = strtok_r(lines, "\n", &save); line; line = strtok_r(NULL, "\n", &save), n++) {
		int count = json_parse_object(line, strlen(line), m, 64, err, sizeof err);
		assert_true(count > 0);
		assert_int_equal(jsonl_read_counts(m, count, &row, err, sizeof err), 1);
		assert_string_equal(row.file, "x/a.pgn");
		if (n == 0) {
			assert_true(row.is_file);
			assert_int_equal(row.n.games, 2);
			assert_int_equal(row.n.with[SEVERITY_WARNING], 1);
			assert_false(row.whole);
			assert_string_equal(row.first_date, "2024.01.02");
		} else if (n == 1) {
			assert_false(row.is_file);
			assert_string_equal(row.event, "Open \"A\"");
			assert_string_equal(row.round, "3.1");
			assert_int_equal(row.n.games, 1);
		} else {
			assert_null(row.event);
			assert_int_equal(row.n.with[SEVERITY_WARNING], 1);
		}
	}
	assert_int_equal(n, 3);
	char finding[] = "{\"file\":\"a\",\"game\":1,\"code\":\"syntax\",\"severity\":\"error\",\"message\":\"m\"}";
	int count = json_parse_object(finding, strlen(finding), m, 64, err, sizeof err);
	assert_int_equal(jsonl_read_counts(m, count, &row, err, sizeof err), 0);
	char unknown[] = "{\"record\":\"shard\",\"file\":\"a\"}";
	count = json_parse_object(unknown, strlen(unknown), m, 64, err, sizeof err);
	assert_int_equal(jsonl_read_counts(m, count, &row, err, sizeof err), -1);
	char more[] = "{\"record\":\"file\",\"file\":\"a\",\"games\":1,\"clean\":1,\"with_errors\":2,"
		      "\"with_warnings\":0,\"with_info\":0}";
	count = json_parse_object(more, strlen(more), m, 64, err, sizeof err);
	assert_int_equal(jsonl_read_counts(m, count, &row, err, sizeof err), -1);
	free(b.data);
	event_groups_free(&e);
}

/* A summary that read records counts the games, per event and per file. */
static void test_summary_counts(void **state)
{
	(void)state;
	struct summary s;
	summary_init(&s, 20, 0);
	struct counts_row file = { 1, "a.pgn", NULL, NULL, { 21, { 1, 0, 0 } }, 1, 0, "2024.01.01", "2024.01.09" };
	struct counts_row event = { 0, "a.pgn", "Open", "1", { 21, { 1, 0, 0 } }, 0, 0, NULL, NULL };
	summary_add_counts(&s, &file);
	summary_add_counts(&s, &event);
	summary_finish(&s);
	assert_true(s.counted);
	assert_int_equal(s.read.games, 21);
	assert_int_equal(game_counts_clean(&s.read), 20);
	assert_int_equal(s.files_counted, 1);
	assert_int_equal(s.events.count, 1);
	assert_int_equal(s.events.items[0].read.games, 21);
	assert_string_equal(s.dates.first, "2024.01.01");
	struct outbuf b = { 0 };
	summary_text(&b, &s, 20);
	outbuf_put(&b, "", 1);
	assert_non_null(strstr(b.data, "21 games in 1 file: 20 clean, 1 with errors, 0 with warnings, 0 with info only\n"));
	assert_non_null(strstr(b.data, "No findings"));
	free(b.data);
	summary_free(&s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_counts_by_worst),
		cmocka_unit_test(test_event_groups),
		cmocka_unit_test(test_event_groups_bounded),
		cmocka_unit_test(test_date_range),
		cmocka_unit_test(test_records_round_trip),
		cmocka_unit_test(test_summary_counts),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
