/*
 * unwinnable.h - can a side still checkmate?  Dead positions (FIDE 5.2.2)
 * and time forfeits against a side that cannot mate (FIDE 6.9).
 *
 * A decision must be sound: MATE_IMPOSSIBLE only with a proof (material,
 * bishops on one colour, a blocked pawn structure no piece can cross, ...);
 * MATE_POSSIBLE only with a helpmate found (a sequence of legal moves ending
 * in mate by `winner`); MATE_UNKNOWN when neither was established within the
 * budget.  Callers say nothing on MATE_UNKNOWN.
 */
#ifndef PGNAUDIT_UNWINNABLE_H
#define PGNAUDIT_UNWINNABLE_H

#include "position.h"

enum mate_ability { MATE_POSSIBLE, MATE_IMPOSSIBLE, MATE_UNKNOWN };

/* Can `winner` checkmate the other side by some series of legal moves from
 * pos (the other side cooperating)?  Cheap for positions with much material
 * (they answer MATE_POSSIBLE at once when a quick helpmate is found or
 * MATE_UNKNOWN), and decides the usual endings and blocked positions. */
enum mate_ability can_checkmate(const struct position *pos, enum color winner);

/* A dead position: neither side can checkmate (both MATE_IMPOSSIBLE). */
int is_dead_position(const struct position *pos);

#endif
