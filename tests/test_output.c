/*
 * test_output.c - cli/output.c: a failed write is reported with the error
 * of the output that failed, however many outputs there are.
 *
 * The CLI is not part of the library the tests link, so its two files are
 * compiled in here.
 */
#include "tests/test_util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/output.c"         // NOLINT(bugprone-suspicious-include): the CLI is not in the library
#include "cli/output_abandon.c" // NOLINT(bugprone-suspicious-include)
#include "cli/progress.c"       // NOLINT(bugprone-suspicious-include): warnx_ takes its line off
#include "cli/input.c"          // NOLINT(bugprone-suspicious-include): progress.c names inputs by it

/* Standard error into a file while a test runs, to read what was said. */
static int saved_stderr = -1;
static char said_path[] = "/tmp/pgnaudit-test-output-XXXXXX";

static void capture_stderr(void)
{
	fflush(stderr);
	int fd = mkstemp(said_path);
	assert_true(fd >= 0);
	saved_stderr = dup(STDERR_FILENO);
	assert_true(dup2(fd, STDERR_FILENO) >= 0);
	close(fd);
}

/* What standard error said since capture_stderr(), malloc'd. */
static char *stderr_said(void)
{
	fflush(stderr);
	assert_true(dup2(saved_stderr, STDERR_FILENO) >= 0);
	close(saved_stderr);
	FILE *fp = fopen(said_path, "r");
	assert_non_null(fp);
	static char text[4096];
	size_t n = fread(text, 1, sizeof text - 1, fp);
	text[n] = '\0';
	fclose(fp);
	unlink(said_path);
	strcpy(said_path, "/tmp/pgnaudit-test-output-XXXXXX");
	return strdup(text);
}

/* Writes a line to fp and flushes it: the write fails where fp cannot be
 * written.  Returns whether output_failed() says so afterwards. */
static int write_line(FILE *fp)
{
	fputs("[Event \"?\"]\n", fp);
	fflush(fp);
	return output_failed(fp);
}

/* The first output (/dev/full) fails with ENOSPC; then the second, a file,
 * fails with EBADF (its descriptor made read-only for a moment).  Each is
 * closed with its own error, not the first one's. */
static void test_each_output_keeps_its_error(void **state)
{
	(void)state;
	char dir[] = "/tmp/pgnaudit-test-output-dir-XXXXXX";
	assert_non_null(mkdtemp(dir));
	char path[64];
	snprintf(path, sizeof path, "%s/b.pgn", dir);
	struct output full, file;
	capture_stderr();
	assert_int_equal(output_open(&full, "/dev/full"), 0);
	assert_int_equal(output_open(&file, path), 0);

	assert_true(write_line(full.fp));
	int fd = fileno(file.fp), writable = dup(fd), read_only = open("/dev/null", O_RDONLY);
	assert_true(writable >= 0 && read_only >= 0);
	assert_true(dup2(read_only, fd) >= 0);
	assert_true(write_line(file.fp));
	/* Writable again: closing it flushes nothing new, so only the error
	 * kept from the failed write can say why. */
	assert_true(dup2(writable, fd) >= 0);
	close(writable);
	close(read_only);

	assert_int_equal(output_close(&file), -1);
	assert_int_equal(output_close(&full), -1);
	char *said = stderr_said();
	char want_file[128];
	snprintf(want_file, sizeof want_file, "%s: write failed, the file was not changed: %s", path, strerror(EBADF));
	if (!strstr(said, want_file) || !strstr(said, strerror(ENOSPC)))
		fail_msg("wanted '%s' and /dev/full's %s; standard error said:\n%s", want_file, strerror(ENOSPC), said);
	free(said);
	assert_int_equal(access(path, F_OK), -1);
	rmdir(dir);
}

/* An output closed is no longer searched: one opened after it in the same
 * place starts without an error. */
static void test_closed_output_forgotten(void **state)
{
	(void)state;
	struct output out;
	capture_stderr();
	assert_int_equal(output_open(&out, "/dev/full"), 0);
	assert_true(write_line(out.fp));
	assert_int_equal(output_close(&out), -1);
	assert_int_equal(output_open(&out, "/dev/null"), 0);
	assert_int_equal(out.write_errno, 0);
	assert_false(write_line(out.fp));
	assert_int_equal(output_close(&out), 0);
	free(stderr_said());
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_each_output_keeps_its_error),
		cmocka_unit_test(test_closed_output_forgotten),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
