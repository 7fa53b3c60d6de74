/*
 * check_results.c - the results checks of the catalogue (see record.h).
 */
#include "record.h"

void check_results(const struct game_record *rec, struct finding_list *out)
{
	(void)rec;
	(void)out;
}
