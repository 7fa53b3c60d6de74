/*
 * test_util.h - what every cmocka test file includes.
 */
#ifndef PGNAUDIT_TEST_UTIL_H
#define PGNAUDIT_TEST_UTIL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#endif
