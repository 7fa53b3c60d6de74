/*
 * check_notation.c - the notation checks of the catalogue (see record.h).
 */
#include "record.h"

void check_notation(const struct game_record *rec, struct finding_list *out)
{
	(void)rec;
	(void)out;
}
