/*
 * test_explain.c - the explanations of `pgnaudit explain`
 * (validator/audit/explain.c): one for every code, in the catalogue's
 * order; texts a terminal shows as they are counted; every FIDE article
 * with its 2005 counterpart but the automatic draws; and every example a
 * game the audit reports under its code, citing a rule the entry lists.
 */
#include <stdio.h>
#include <string.h>

#include "test_util.h"
#include "parser/pgn.h"
#include "parser/stream.h"
#include "validator/audit/audit.h"
#include "validator/audit/citations.h"
#include "validator/audit/explain.h"
#include "validator/audit/lang.h"
#include "validator/chess/bitboard.h"
#include "validator/collection/collection.h"

static int is_plain_ascii(const char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s >= 0x80 || *s == '\n' || *s == '\t')
			return 0;
	return 1;
}

static void test_every_code_in_order(void **state)
{
	(void)state;
	for (int i = 0; i < CHECK_COUNT; i++) {
		const struct check_explanation *e = check_explanation((enum check_code)i);
		assert_int_equal(e->code, i);
		assert_non_null(e->description);
		assert_non_null(e->rules);
		assert_non_null(e->example);
		assert_non_null(e->advice);
		assert_true(strlen(e->description) > 40);
		assert_true(strlen(e->advice) > 20);
		assert_true(strchr(e->example, '\n') != NULL);
	}
}

/* explain wraps the paragraphs by their bytes: one paragraph each, ASCII.
 * Only the example of encoding holds a byte that is not (its point). */
static void test_texts_are_plain(void **state)
{
	(void)state;
	for (int i = 0; i < CHECK_COUNT; i++) {
		const struct check_explanation *e = check_explanation((enum check_code)i);
		assert_true(is_plain_ascii(e->description));
		assert_true(is_plain_ascii(e->advice));
		for (const struct rule_citation *r = e->rules; r->rule; r++)
			assert_true(!r->when || is_plain_ascii(r->when));
		int ascii = 1;
		for (const char *p = e->example; *p; p++)
			ascii &= (unsigned char)*p < 0x80;
		assert_int_equal(ascii, i != CHECK_ENCODING);
	}
}

/* Each FIDE article cited has its 2005 article, as a finding judged by
 * the 2005 Laws cites it, but for the automatic draws, which the 2005 Laws
 * do not have (and which are not reported under them). */
static void test_rules_in_both_editions(void **state)
{
	(void)state;
	for (int i = 0; i < CHECK_COUNT; i++) {
		const struct check_explanation *e = check_explanation((enum check_code)i);
		for (const struct rule_citation *r = e->rules; r->rule; r++) {
			/* the Laws' articles (Appendix C among them); the handbook's C.04 (the TRF) has no 2005 edition */
			int fide = strncmp(r->rule, "FIDE ", 5) == 0 && strncmp(r->rule, "FIDE C.04 ", 10) != 0;
			assert_true(fide || strncmp(r->rule, "PGN ", 4) == 0 || strncmp(r->rule, "FIDE C.04 ", 10) == 0);
			const char *old = rule_cite(RULES_FIDE2005, r->rule);
			if (!fide)
				assert_ptr_equal(old, r->rule);
			else if (i == CHECK_AUTOMATIC_DRAW)
				assert_ptr_equal(old, r->rule);
			else
				assert_true(strncmp(old, "FIDE 2005 ", 10) == 0);
		}
	}
}

/* Is rule (NULL: none) one the entry lists (an entry without rules: none)? */
static int rule_listed(const struct check_explanation *e, const char *rule)
{
	if (!e->rules[0].rule)
		return rule == NULL;
	for (const struct rule_citation *r = e->rules; r->rule; r++)
		if (rule && strcmp(r->rule, rule) == 0)
			return 1;
	return 0;
}

static void test_examples_are_reported(void **state)
{
	(void)state;
	struct audit_options opt = { .rules = RULES_BY_DATE, .langs = LANG_AUTO, .recover = 0 };
	for (int i = 0; i < CHECK_FIRST_COLLECTION; i++) {
		const struct check_explanation *e = check_explanation((enum check_code)i);
		struct input_stream *s = stream_open_memory(e->example, strlen(e->example));
		struct pgn_reader *r = pgn_reader_new(s);
		struct pgn_game g;
		struct auditor a;
		struct finding_list findings = { 0 };
		char err[256];
		pgn_game_init(&g);
		opt.play_illegal = check_example_options((enum check_code)i) != NULL;
		auditor_init(&a, &opt);
		assert_int_equal(pgn_next_game(r, &g, err, sizeof err), 1);
		audit_game(&a, &g, &findings, NULL, NULL);
		int found = 0;
		for (int k = 0; k < findings.count; k++) {
			if (findings.items[k].code != (enum check_code)i)
				continue;
			found++;
			if (!rule_listed(e, findings.items[k].rule))
				fail_msg("%s: the example's finding cites %s, which its entry does not list",
					 check_catalogue[i].code, findings.items[k].rule ? findings.items[k].rule : "nothing");
		}
		if (!found)
			fail_msg("%s: the example gives no finding of its code", check_catalogue[i].code);
		assert_int_equal(pgn_next_game(r, &g, err, sizeof err), 0); /* one game */
		finding_list_free(&findings);
		auditor_free(&a);
		pgn_game_free(&g);
		pgn_reader_free(r);
		stream_close(s);
	}
}

struct found {
	enum check_code code;
	const struct check_explanation *e;
	int count;
};

static void found_one(void *ctx, struct collection_entry *e, const struct collection_label *label, const struct finding *f)
{
	struct found *found = ctx;
	(void)e;
	(void)label;
	if (f->code != found->code)
		fail_msg("%s: the example gives a finding of %s too", check_catalogue[found->code].code,
			 check_catalogue[f->code].code);
	if (!rule_listed(found->e, f->rule))
		fail_msg("%s: the example's finding cites %s, which its entry does not list", check_catalogue[f->code].code,
			 f->rule ? f->rule : "nothing");
	found->count++;
}

/* The examples of the collection checks are several games (and a
 * tournament report): the collection over them reports their code alone. */
static void test_collection_examples_are_reported(void **state)
{
	(void)state;
	struct audit_options opt = { .rules = RULES_BY_DATE, .langs = LANG_AUTO, .recover = 0 };
	unsigned char reported[CHECK_COUNT][SEVERITY_COUNT];
	memset(reported, 1, sizeof reported);
	static const char *const files[] = { "-" };
	for (int i = CHECK_FIRST_COLLECTION; i < CHECK_COUNT; i++) {
		const struct check_explanation *e = check_explanation((enum check_code)i);
		struct collection *c = collection_new(files, 1, (const unsigned char(*)[SEVERITY_COUNT])reported);
		assert_non_null(c);
		char err[256];
		const char *trf = check_example_report((enum check_code)i);
		if (trf)
			assert_int_equal(collection_read_trf_text(c, trf, "FILE", err, sizeof err), 0);
		struct input_stream *s = stream_open_memory(e->example, strlen(e->example));
		struct pgn_reader *r = pgn_reader_new(s);
		struct pgn_game g;
		struct auditor a;
		struct finding_list findings = { 0 };
		struct collect_batch batch = { 0 };
		pgn_game_init(&g);
		auditor_init(&a, &opt);
		int games = 0;
		while (pgn_next_game(r, &g, err, sizeof err) == 1) {
			findings.count = 0;
			audit_game(&a, &g, &findings, NULL, NULL);
			for (int k = 0; k < findings.count; k++)
				fail_msg("%s: game %d of the example has a finding of its own (%s)", check_catalogue[i].code,
					 games + 1, check_catalogue[findings.items[k].code].code);
			collect_game(&batch, &g, &a.record, ++games, -1, collection_wants(c));
		}
		assert_int_equal(collection_add(c, &batch, 0, 0, 1), 0);
		struct found found = { (enum check_code)i, e, 0 };
		collection_findings(c, found_one, &found);
		if (found.count != 1)
			fail_msg("%s: the example gives %d findings of its code, not 1", check_catalogue[i].code, found.count);
		collect_batch_free(&batch);
		collection_free(c);
		finding_list_free(&findings);
		auditor_free(&a);
		pgn_game_free(&g);
		pgn_reader_free(r);
		stream_close(s);
	}
}

int main(void)
{
	attacks_init();
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_code_in_order),
		cmocka_unit_test(test_texts_are_plain),
		cmocka_unit_test(test_rules_in_both_editions),
		cmocka_unit_test(test_examples_are_reported),
		cmocka_unit_test(test_collection_examples_are_reported),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
