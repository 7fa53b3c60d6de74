/*
 * test_json.c - the one-object JSON reader: what check writes reads back
 * exactly, escapes and surrogate pairs decode, and every malformed line is
 * refused with its column.
 */
#include <stdlib.h>
#include <string.h>

#include "tests/test_util.h"
#include "parser/json.h"
#include "reports/report.h"

#define MAX 32

/* Parses a copy of text; the copy is kept in *buf (caller frees). */
static int parse(const char *text, struct json_member *m, char **buf, char *err)
{
	size_t len = strlen(text);
	*buf = malloc(len + 1);
	memcpy(*buf, text, len);
	return json_parse_object(*buf, len, m, MAX, err, 200);
}

static void expect_refused(const char *text, const char *reason)
{
	struct json_member m[MAX];
	char *buf, err[200] = "";
	int n = parse(text, m, &buf, err);
	if (n >= 0 || !strstr(err, reason))
		fail_msg("%s: got %d '%s', wanted the reason '%s'", text, n, err, reason);
	free(buf);
}

static void test_members(void **state)
{
	(void)state;
	struct json_member m[MAX];
	char *buf, err[200];
	int n = parse(" {\"a\":\"x\", \"n\" : -12 ,\"f\":1.5e3,\"t\":true,\"z\":null,\"e\":\"\"} \r", m, &buf, err);
	assert_int_equal(n, 6);
	assert_string_equal(m[0].name, "a");
	assert_int_equal(m[0].type, JSON_STRING);
	assert_string_equal(m[0].value, "x");
	assert_int_equal(m[1].type, JSON_NUMBER);
	assert_string_equal(m[1].value, "-12");
	assert_string_equal(m[2].value, "1.5e3");
	assert_int_equal(m[3].type, JSON_TRUE);
	assert_int_equal(m[4].type, JSON_NULL);
	assert_string_equal(m[5].value, "");
	assert_ptr_equal(json_find(m, n, "t"), &m[3]);
	assert_null(json_find(m, n, "missing"));
	long long v;
	assert_int_equal(json_integer(&m[1], -100, 100, &v), 0);
	assert_int_equal(v, -12);
	assert_int_equal(json_integer(&m[1], 0, 100, &v), -1);
	assert_int_equal(json_integer(&m[2], 0, 10000, &v), -1); /* not written as an integer */
	assert_int_equal(json_integer(&m[0], 0, 100, &v), -1);
	free(buf);
	assert_int_equal(parse("{}", m, &buf, err), 0);
	free(buf);
}

static void test_escapes(void **state)
{
	(void)state;
	struct json_member m[MAX];
	char *buf, err[200];
	int n = parse("{\"s\":\"q\\\" b\\\\ s\\/ \\b\\f\\n\\r\\t \\u00e9 \\u2654 \\ud83d\\ude00 \\u001f é\"}", m, &buf, err);
	assert_int_equal(n, 1);
	assert_string_equal(m[0].value, "q\" b\\ s/ \b\f\n\r\t \xC3\xA9 \xE2\x99\x94 \xF0\x9F\x98\x80 \x1F \xC3\xA9");
	free(buf);
}

/* What the JSON Lines report writes - quotes, control bytes, Latin-1 - reads
 * back as the same text (Latin-1 turned into UTF-8). */
static void test_reads_what_check_writes(void **state)
{
	(void)state;
	struct finding f;
	memset(&f, 0, sizeof f);
	f.code = CHECK_TAG_FORMAT;
	f.severity = SEVERITY_WARNING;
	f.line = 3;
	f.column = 1;
	f.side = -1;
	f.rule = "PGN 8.1.1";
	strcpy(f.message, "a \"quoted\" back\\slash, tab\t, newline\n, bell\a and R\xE9ti");
	strcpy(f.fen, "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
	struct game_label g = { "dir/x \"y\".pgn", 7, "R\xC3\xA9ti, Richard", "?", NULL, "1", NULL };
	struct report r = { .format = REPORT_JSONL };
	jsonl_finding(&r, &g, &f);
	assert_true(r.buf.len > 0 && r.buf.data[r.buf.len - 1] == '\n');
	struct json_member m[MAX];
	char err[200];
	int n = json_parse_object(r.buf.data, r.buf.len - 1, m, MAX, err, sizeof err);
	assert_true(n > 0);
	assert_string_equal(json_find(m, n, "file")->value, "dir/x \"y\".pgn");
	assert_string_equal(json_find(m, n, "game")->value, "7");
	assert_string_equal(json_find(m, n, "line")->value, "3");
	assert_string_equal(json_find(m, n, "message")->value,
			    "a \"quoted\" back\\slash, tab\t, newline\n, bell\a and R\xC3\xA9ti");
	assert_string_equal(json_find(m, n, "white")->value, "R\xC3\xA9ti, Richard");
	assert_string_equal(json_find(m, n, "fen")->value, "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
	assert_null(json_find(m, n, "event"));
	report_free(&r);
}

/* The report looks at 16 bytes at a time: a byte to escape reads back
 * wherever it stands in a message of whatever length, first, last, or on
 * either side of a 16-byte boundary. */
static void test_escape_at_every_place(void **state)
{
	(void)state;
	static const char odd[] = { '"', '\\', '\n', '\x01', '\x7f', '\xe9' };
	static const char *const read_back[] = { "\"", "\\", "\n", "\x01", "\x7f", "\xc3\xa9" };
	for (size_t len = 1; len <= 40; len++) {
		for (size_t at = 0; at < len; at++) {
			for (size_t k = 0; k < sizeof odd; k++) {
				struct finding f;
				memset(&f, 0, sizeof f);
				f.code = CHECK_TAG_FORMAT;
				f.side = -1;
				memset(f.message, 'm', len);
				f.message[at] = odd[k];
				struct game_label g = { "x.pgn", 1, NULL, NULL, NULL, NULL, NULL };
				struct report r = { .format = REPORT_JSONL };
				jsonl_finding(&r, &g, &f);
				struct json_member m[MAX];
				char err[200], want[64];
				int n = json_parse_object(r.buf.data, r.buf.len - 1, m, MAX, err, sizeof err);
				if (n <= 0)
					fail_msg("length %zu, byte %zu: %s", len, at, err);
				snprintf(want, sizeof want, "%.*s%s%.*s", (int)at, f.message, read_back[k],
					 (int)(len - at - 1), f.message + at + 1);
				assert_string_equal(json_find(m, n, "message")->value, want);
				report_free(&r);
			}
		}
	}
}

static void test_refusals(void **state)
{
	(void)state;
	expect_refused("", "column 1: the line is empty");
	expect_refused("[1]", "column 1: expected '{'");
	expect_refused("{\"a\":1", "column 7: expected ',' or '}'");
	expect_refused("{\"a\":1,}", "column 8: expected a member name");
	expect_refused("{\"a\" 1}", "expected ':' after the member name \"a\"");
	expect_refused("{\"a\":1} x", "column 9: text after the end of the object");
	expect_refused("{\"a\":1,\"a\":2}", "\"a\" occurs twice");
	expect_refused("{\"a\":\"x}", "the string does not end");
	expect_refused("{\"a\":\"x\ty\"}", "a control character (0x09)");
	expect_refused("{\"a\":\"\\x\"}", "'\\x' is not a JSON escape");
	expect_refused("{\"a\":\"\\u12\"}", "four hexadecimal digits");
	expect_refused("{\"a\":\"\\u0000\"}", "NUL");
	expect_refused("{\"a\":\"\\ud83d x\"}", "high surrogate without a low one");
	expect_refused("{\"a\":\"\\ude00\"}", "low surrogate without a high one");
	expect_refused("{\"a\":\"\xE9t\xE9\"}", "not UTF-8");
	expect_refused("{\"a\":\"\xC0\xAF\"}", "not UTF-8");       /* overlong */
	expect_refused("{\"a\":\"\xED\xA0\x80\"}", "not UTF-8");   /* a surrogate */
	expect_refused("{\"a\":\"\xE2\x99\"}", "not UTF-8");       /* cut short */
	expect_refused("{\"a\":01}", "expected ',' or '}'");
	expect_refused("{\"a\":1.}", "a digit after '.'");
	expect_refused("{\"a\":1e}", "a digit in its exponent");
	expect_refused("{\"a\":-}", "a number needs a digit");
	expect_refused("{\"a\":tru}", "expected a value");
	expect_refused("{\"a\":{\"b\":1}}", "is an object");
	expect_refused("{\"a\":[\"x\"]}", "holds numbers");
	expect_refused("{\"a\":[1.]}", "a digit after '.'");
	expect_refused("{\"a\":[1e5]}", "expected ',' or ']'");
	expect_refused("{\"a\":[.5]}", "holds numbers");
	expect_refused("{\"a\":[1,]}", "holds numbers");
	expect_refused("{\"a\":[1 2]}", "expected ',' or ']'");
	expect_refused("{\"a\":[1", "expected ',' or ']'");
	expect_refused("{\"a\":[[1]]}", "holds numbers");
}

/* check's "variation" and "clocks": an array of numbers, handed out as its text. */
static void test_arrays_of_integers(void **state)
{
	(void)state;
	struct json_member m[MAX];
	char *buf, err[200];
	int n = parse("{\"v\":[24,25],\"w\":[ 7 ],\"e\":[],\"x\":\"after\",\"c\":[5400,-2,5399.25]}", m, &buf, err);
	assert_int_equal(n, 5);
	assert_int_equal(m[0].type, JSON_NUMBERS);
	assert_string_equal(m[0].value, "24,25");
	assert_string_equal(m[1].value, " 7 ");
	assert_string_equal(m[2].value, "");
	assert_string_equal(m[3].value, "after");
	assert_int_equal(m[4].type, JSON_NUMBERS);
	assert_string_equal(m[4].value, "5400,-2,5399.25");
	free(buf);
}

static void test_member_limit(void **state)
{
	(void)state;
	char text[4096] = "{";
	for (int i = 0; i <= MAX; i++)
		snprintf(text + strlen(text), sizeof text - strlen(text), "%s\"k%d\":%d", i ? "," : "", i, i);
	strcat(text, "}");
	expect_refused(text, "more than 32 members");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_members),
		cmocka_unit_test(test_escapes),
		cmocka_unit_test(test_reads_what_check_writes),
		cmocka_unit_test(test_escape_at_every_place),
		cmocka_unit_test(test_refusals),
		cmocka_unit_test(test_arrays_of_integers),
		cmocka_unit_test(test_member_limit),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
