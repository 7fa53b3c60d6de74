/*
 * options.c - one getopt_long loop for every command: the shared options
 * (options.h) and the command's own, read from one table.
 */
#include <fnmatch.h>
#include <string.h>

#include "cli.h"
#include "options.h"
#include "validator/audit/lang.h"

/* getopt_long's values for the shared options: above any command's own. */
enum {
	VALUE_OUTPUT = 'o',
	VALUE_LANG = 0x1000,
	VALUE_RULES,
	VALUE_SELECT,
	VALUE_IGNORE,
	VALUE_RECOVER,
	VALUE_EXIT_ZERO,
	VALUE_NO_PROGRESS,
	VALUE_PLAY_ILLEGAL,
	VALUE_TIME_CLASS,
	VALUE_HELP = 'h',
	VALUE_VERSION = 0x2000,
};

static const struct shared_entry {
	unsigned option;
	struct option entry;
} shared_entries[] = {
	{ SHARED_OUTPUT, { "output", required_argument, NULL, VALUE_OUTPUT } },
	{ SHARED_LANG, { "lang", required_argument, NULL, VALUE_LANG } },
	{ SHARED_RULES, { "rules", required_argument, NULL, VALUE_RULES } },
	{ SHARED_CODES, { "select", required_argument, NULL, VALUE_SELECT } },
	{ SHARED_CODES, { "ignore", required_argument, NULL, VALUE_IGNORE } },
	{ SHARED_RECOVER, { "recover", no_argument, NULL, VALUE_RECOVER } },
	{ SHARED_EXIT_ZERO, { "exit-zero", no_argument, NULL, VALUE_EXIT_ZERO } },
	{ SHARED_PROGRESS, { "no-progress", no_argument, NULL, VALUE_NO_PROGRESS } },
	{ SHARED_ILLEGAL, { "play-illegal", no_argument, NULL, VALUE_PLAY_ILLEGAL } },
	{ SHARED_TIME_CLASS, { "time-class", required_argument, NULL, VALUE_TIME_CLASS } },
};

#define SHARED_ENTRIES (sizeof shared_entries / sizeof shared_entries[0])
/* More than any command has: its own, the shared ones, --help, the end. */
#define MAX_ENTRIES 48

int options_parse_rules(const char *name, enum rules_edition *rules)
{
	if (strcmp(name, "by-date") == 0)
		*rules = RULES_BY_DATE;
	else if (strcmp(name, "fide2023") == 0)
		*rules = RULES_FIDE2023;
	else if (strcmp(name, "fide2005") == 0)
		*rules = RULES_FIDE2005;
	else {
		warnx_("'%s' is not a rules edition (by-date, fide2023 or fide2005)", name);
		return -1;
	}
	return 0;
}

int options_parse_time_class(const char *name, int *time_class)
{
	static const char *const names[] = { "by-tag", "standard", "rapid", "blitz" };
	for (int i = 0; i < 4; i++)
		if (strcmp(name, names[i]) == 0) {
			*time_class = i; /* enum time_class */
			return 0;
		}
	warnx_("'%s' is not a time class (by-tag, standard, rapid or blitz)", name);
	return -1;
}

/* Edit distance of two short names (Levenshtein, at most 64 bytes). */
static int distance(const char *a, size_t na, const char *b)
{
	size_t nb = strlen(b);
	int row[65];
	if (na > 64 || nb > 64)
		return 99;
	for (size_t j = 0; j <= nb; j++)
		row[j] = (int)j;
	for (size_t i = 1; i <= na; i++) {
		int diagonal = row[0];
		row[0] = (int)i;
		for (size_t j = 1; j <= nb; j++) {
			int up = row[j];
			int cost = (a[i - 1] | 0x20) == (b[j - 1] | 0x20) ? 0 : 1;
			int best = diagonal + cost;
			if (row[j] + 1 < best)
				best = row[j] + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			row[j] = best;
			diagonal = up;
		}
	}
	return row[nb];
}

int options_nearest_code(const char *name, size_t len)
{
	int best = -1, best_distance = 99;
	for (int c = 0; c < CHECK_COUNT; c++) {
		int d = distance(name, len, check_catalogue[c].code);
		if (d < best_distance) {
			best_distance = d;
			best = c;
		}
	}
	return best_distance <= 3 ? best : -1;
}

/* The item lower-cased, into out (NUL-terminated); -1 when too long. */
static int lowered(const char *p, size_t len, char *out, size_t size)
{
	if (len + 1 > size)
		return -1;
	for (size_t i = 0; i < len; i++)
		out[i] = (char)((p[i] >= 'A' && p[i] <= 'Z') ? p[i] + 32 : p[i]);
	out[len] = 0;
	return 0;
}

/* Marks in codes[] and severities[] what one item of a list names.
 * Returns 0, or -1 after saying what it is not. */
static int take_item(const char *p, size_t len, unsigned char *codes, unsigned char *severities)
{
	char item[80];
	if (lowered(p, len, item, sizeof item) < 0) {
		warnx_("'%.*s...' is not a check code; `pgnaudit check --help` lists them", 40, p);
		return -1;
	}
	if (strcmp(item, "all") == 0) {
		memset(codes, 1, CHECK_COUNT);
		return 0;
	}
	for (int v = 0; v < SEVERITY_COUNT; v++) {
		if (strcmp(item, severity_name((enum severity)v)) == 0) {
			severities[v] = 1;
			return 0;
		}
	}
	if (strpbrk(item, "*?[")) {
		int matched = 0;
		for (int c = 0; c < CHECK_COUNT; c++) {
			if (fnmatch(item, check_catalogue[c].code, 0) == 0) {
				codes[c] = 1;
				matched = 1;
			}
		}
		if (matched)
			return 0;
		warnx_("'%s' matches no check code; `pgnaudit check --help` lists them", item);
		return -1;
	}
	int code = check_code_from_name(item, (int)len);
	if (code >= 0) {
		codes[code] = 1;
		return 0;
	}
	int near = options_nearest_code(item, len);
	if (near >= 0)
		warnx_("'%s' is not a check code; did you mean %s?", item, check_catalogue[near].code);
	else
		warnx_("'%s' is not a check code; `pgnaudit check --help` lists them", item);
	return -1;
}

/* The items of a comma-separated list into codes[] and severities[]. */
static int take_list(const char *list, unsigned char *codes, unsigned char *severities)
{
	const char *p = list;
	while (*p) {
		const char *end = strchr(p, ',');
		size_t len = end ? (size_t)(end - p) : strlen(p);
		if (len > 0 && take_item(p, len, codes, severities) < 0)
			return -1;
		if (!end)
			break;
		p = end + 1;
	}
	return 0;
}

int options_choose_codes(unsigned char reported[CHECK_COUNT][SEVERITY_COUNT], const char *select, const char *ignore)
{
	unsigned char sel_codes[CHECK_COUNT] = { 0 }, sel_sev[SEVERITY_COUNT] = { 0 };
	unsigned char ign_codes[CHECK_COUNT] = { 0 }, ign_sev[SEVERITY_COUNT] = { 0 };
	if (select && take_list(select, sel_codes, sel_sev) < 0)
		return -1;
	if (ignore && take_list(ignore, ign_codes, ign_sev) < 0)
		return -1;
	for (int c = 0; c < CHECK_COUNT; c++)
		for (int v = 0; v < SEVERITY_COUNT; v++)
			reported[c][v] = (unsigned char)((!select || sel_codes[c] || sel_sev[v]) && !ign_codes[c] && !ign_sev[v]);
	return 0;
}

/* The command's options, then the shared ones it takes, then --help, into
 * one table for getopt_long; the letters likewise.  Returns -1 when they
 * do not fit (a command with more options than MAX_ENTRIES). */
static int build_table(const struct command_options *c, struct option *table, char *letters, size_t letters_size)
{
	size_t n = 0;
	for (const struct option *o = c->long_options; o && o->name; o++) {
		if (n + SHARED_ENTRIES + 3 > MAX_ENTRIES)
			return -1;
		table[n++] = *o;
	}
	for (size_t i = 0; i < SHARED_ENTRIES; i++)
		if (c->shared & shared_entries[i].option)
			table[n++] = shared_entries[i].entry;
	table[n++] = (struct option){ "help", no_argument, NULL, VALUE_HELP };
	table[n++] = (struct option){ "version", no_argument, NULL, VALUE_VERSION };
	table[n] = (struct option){ NULL, 0, NULL, 0 };
	const char *own = c->short_options ? c->short_options : "";
	if (strlen(own) + sizeof "o:h" > letters_size)
		return -1;
	snprintf(letters, letters_size, "%s%sh", own, c->shared & SHARED_OUTPUT ? "o:" : "");
	return 0;
}

/* One shared option; returns 0, or -1 after saying what is wrong. */
static int take_shared(int value, const char *arg, struct shared_options *out, const char **select,
		       const char **ignore)
{
	char err[160];
	switch (value) {
	case VALUE_OUTPUT:
		out->output = arg;
		out->given |= SHARED_OUTPUT;
		return 0;
	case VALUE_LANG:
		out->given |= SHARED_LANG;
		if (lang_parse_list(arg, &out->audit.langs, err, sizeof err) < 0) {
			warnx_("%s", err);
			return -1;
		}
		return 0;
	case VALUE_RULES:
		out->given |= SHARED_RULES;
		return options_parse_rules(arg, &out->audit.rules);
	case VALUE_SELECT:
		out->given |= SHARED_CODES;
		*select = arg;
		return 0;
	case VALUE_IGNORE:
		out->given |= SHARED_CODES;
		*ignore = arg;
		return 0;
	case VALUE_EXIT_ZERO:
		out->given |= SHARED_EXIT_ZERO;
		out->exit_zero = 1;
		return 0;
	case VALUE_NO_PROGRESS:
		out->given |= SHARED_PROGRESS;
		out->no_progress = 1;
		return 0;
	case VALUE_PLAY_ILLEGAL:
		out->given |= SHARED_ILLEGAL;
		out->audit.play_illegal = 1;
		return 0;
	case VALUE_TIME_CLASS:
		out->given |= SHARED_TIME_CLASS;
		return options_parse_time_class(arg, &out->audit.time_class);
	default: /* VALUE_RECOVER */
		out->given |= SHARED_RECOVER;
		out->audit.recover = 1;
		return 0;
	}
}

static int is_shared(int value, const struct command_options *c)
{
	return (value == VALUE_OUTPUT && (c->shared & SHARED_OUTPUT)) || (value >= VALUE_LANG && value <= VALUE_TIME_CLASS);
}

int options_parse(int argc, char **argv, const struct command_options *command, struct shared_options *out)
{
	struct option table[MAX_ENTRIES];
	char letters[64];
	memset(out, 0, sizeof *out);
	out->audit = (struct audit_options){ .rules = RULES_BY_DATE, .langs = LANG_AUTO, .recover = 0 };
	if (build_table(command, table, letters, sizeof letters) < 0) {
		warnx_("too many options for one command");
		return -1;
	}
	const char *select = NULL, *ignore = NULL;
	int c;
	optind = 1;
	while ((c = getopt_long(argc, argv, letters, table, NULL)) != -1) {
		if (c == VALUE_HELP)
			return 1;
		if (c == VALUE_VERSION)
			print_version();
		if (c == '?' || c == ':')
			return -1;
		if (is_shared(c, command)) {
			if (take_shared(c, optarg, out, &select, &ignore) < 0)
				return -1;
		} else if (!command->handle || command->handle(command->ctx, c, optarg) < 0) {
			return -1;
		}
	}
	return options_choose_codes(out->reported, select, ignore);
}
