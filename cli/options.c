/*
 * options.c - one getopt_long loop for every command: the shared options
 * (options.h) and the command's own, read from one table.
 */
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

/* Sets the codes of a comma-separated list to `value` in reported. */
static int apply_codes(unsigned char *reported, const char *list, int value)
{
	const char *p = list;
	while (*p) {
		const char *end = strchr(p, ',');
		int len = end ? (int)(end - p) : (int)strlen(p);
		if (len > 0) {
			int code = check_code_from_name(p, len);
			if (code < 0) {
				warnx_("'%.*s' is not a check code; `pgnaudit check --help` lists them", len, p);
				return -1;
			}
			reported[code] = (unsigned char)value;
		}
		if (!end)
			break;
		p = end + 1;
	}
	return 0;
}

int options_choose_codes(unsigned char reported[CHECK_COUNT], const char *select, const char *ignore)
{
	memset(reported, select ? 0 : 1, CHECK_COUNT);
	if (select && apply_codes(reported, select, 1) < 0)
		return -1;
	if (ignore && apply_codes(reported, ignore, 0) < 0)
		return -1;
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
	default: /* VALUE_RECOVER */
		out->given |= SHARED_RECOVER;
		out->audit.recover = 1;
		return 0;
	}
}

static int is_shared(int value, const struct command_options *c)
{
	return (value == VALUE_OUTPUT && (c->shared & SHARED_OUTPUT)) || (value >= VALUE_LANG && value <= VALUE_RECOVER);
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
