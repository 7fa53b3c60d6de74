/*
 * check_claims.c - the claims checks of the catalogue (see record.h).
 */
#include "record.h"

void check_claims(const struct game_record *rec, struct finding_list *out)
{
	(void)rec;
	(void)out;
}
