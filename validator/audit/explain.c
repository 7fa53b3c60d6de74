/*
 * explain.c - each check at length, for `pgnaudit explain` (see explain.h).
 *
 * One entry per code, in the order of the catalogue; the count is checked
 * at compile time and the order by test_explain.  What an entry says is
 * read off the code that makes the finding: the rule strings are those the
 * passes write (check_setup.c, check_tags.c, check_notation.c,
 * check_results.c, check_claims.c, audit.c, parser/pgn.c and
 * validator/chess/notation.c, which explains illegal moves), and a change
 * there changes the entry here.  Every example is judged by the 2023 Laws
 * (its Date is not known: --rules by-date takes the current Laws).
 */
#include "validator/audit/explain.h"

#include <assert.h>

/* The Seven Tag Roster of an example, with its result. */
#define ROSTER(result)                                                                                  \
	"[Event \"Example\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n" \
	"[Result \"" result "\"]\n"

/* A list of citations (file scope: the compound literal lives as long as the table). */
#define RULES(...) ((const struct rule_citation[]){ __VA_ARGS__, { NULL, NULL } })
#define NO_RULES ((const struct rule_citation[]){ { NULL, NULL } })

/* What to say for the notation findings that fix writes away. */
#define FIX_WRITES_SAN "`pgnaudit fix` writes every move in export SAN; the moves played do not change."

static const struct check_explanation explanations[] = {
	{ CHECK_SYNTAX,
	  "A token or a structure that PGN does not allow: a character that begins no token, a tag pair "
	  "whose value is not closed, a NAG above $255; the message says which, and reading goes on after "
	  "it. A token in the main line that is not a move in any notation --lang allows (Sf3 under "
	  "--lang en) ends the replay of its game there. A variation with no move before it to be an "
	  "alternative to, a variation after the termination marker (read as analysis of the game), and a "
	  "result in a form PGN does not have (1:0, 1/2, 0.5-0.5: read as the result it means) are "
	  "reported too, and so is a game past one of the reader's limits (pgnaudit-check(1), LIMITS).",
	  RULES({ "PGN 8", "a character or a tag pair PGN does not allow, a limit passed" },
		{ "PGN 8.2.3", "a token in the main line that is not a move" },
		{ "PGN 8.2.4", "a NAG above $255" },
		{ "PGN 8.2.5", "a variation with no move before it" },
		{ "PGN 8.2.6", "a result in another form, a variation after the termination marker" }),
	  ROSTER("1-0") "\n1. e4 e5 2. Qh5 Nc6 3. Bc4 & Nf6 4. Qxf7# 1-0\n",
	  "Edit the text where the finding points: a stray character or a quote not closed is usually a "
	  "slip of typing or of conversion. `pgnaudit fix` writes a result in another form as PGN writes "
	  "it (1:0 as 1-0)." },

	{ CHECK_UNTERMINATED_COMMENT,
	  "A comment opened with { has no closing } before the end of the game. When the comment runs "
	  "into a line that is a tag pair, the game ends there and the next game starts at that line; "
	  "otherwise it runs to the end of the file. What it swallowed, moves or the termination marker, "
	  "is read as comment.",
	  RULES({ "PGN 5", NULL }),
	  ROSTER("1-0") "\n1. e4 e5 2. Nf3 {a fine move 2... Nc6 1-0\n",
	  "Put the } where the comment was meant to end; the finding points at its {. Comments do not "
	  "nest: the first } ends one." },

	{ CHECK_UNBALANCED_VARIATION,
	  "A ( that is never closed by a ), or a ) that closes nothing. Variations are read but not "
	  "replayed; one that is not closed takes the moves after it, and the termination marker, into "
	  "the variation.",
	  RULES({ "PGN 8.2.5", NULL }),
	  ROSTER("*") "\n1. e4 e5 2. Nf3) Nc6 *\n",
	  "Add the ( or ) that is missing, or delete the stray one; the finding points at the ( that is "
	  "not closed, or at the ) that closes nothing." },

	{ CHECK_MISSING_RESULT,
	  "The movetext does not end with a game termination marker (1-0, 0-1, 1/2-1/2 or *), which PGN "
	  "asks of every game; a tag section without movetext is reported too. A game without a result "
	  "that is followed by a blank line and a line beginning with the move number 1. ends there, and "
	  "the next game starts at that move.",
	  RULES({ "PGN 8.2.6", NULL }),
	  ROSTER("*") "\n1. e4 e5 2. Nf3 Nc6 3. Bb5\n",
	  "Write the result after the last move: the Result tag's, or * when it is not known. `pgnaudit "
	  "fix` writes the termination marker, from the final position when it decides the game, else "
	  "from the Result tag, else *." },

	{ CHECK_MOVE_NUMBER,
	  "A move number that does not match the move it stands before: White's move N wants N., "
	  "Black's N... (or N.). Only the first one of a game is reported; a game from a FEN tag counts "
	  "from the FEN's fullmove number. The suggestion is the number expected.",
	  RULES({ "PGN 8.2.2", NULL }),
	  ROSTER("*") "\n1. e4 e5 3. Nf3 Nc6 *\n",
	  "`pgnaudit fix` writes every move number anew. When the moves replay but the numbers jump, the "
	  "numbers were miscopied; when they do not replay, a move may be missing: compare with the "
	  "source." },

	{ CHECK_ENCODING,
	  "Bytes in a tag or in the movetext (a comment, a move) that are not valid UTF-8; they are read "
	  "as Latin-1 (ISO 8859-1), and the message quotes the text around the first of them. One "
	  "finding per game. The section cited, PGN 4.1, prescribes Latin-1, but files today are written "
	  "in UTF-8 and the programs that read them expect it, so a file with both shows names wrongly. "
	  "In the example the e of Reti is the Latin-1 byte 0xE9.",
	  RULES({ "PGN 4.1", NULL }),
	  "[Event \"Example\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"R\xe9ti, Richard\"]\n"
	  "[Black \"?\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n",
	  "Convert the file to UTF-8, for example `iconv -f latin1 -t utf-8 old.pgn > new.pgn`, once it "
	  "is plain that all of it is Latin-1: a file with games in both encodings needs the Latin-1 ones "
	  "converted alone." },

	{ CHECK_UNSUPPORTED_VARIANT,
	  "The Variant tag names a game other than chess or Chess960 (crazyhouse, atomic, antichess, "
	  "horde, three-check ...), or, in a game without a Variant tag, the Event tag names one as a "
	  "word (FICS exports say \"FICS rated crazyhouse game\" and nothing else). The game is not "
	  "replayed: its moves follow other rules. Chess960 (Fischerandom, chess 960, FRC) and a "
	  "Variant of Standard or From Position are audited as usual.",
	  NO_RULES,
	  "[Event \"Example\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n"
	  "[Result \"1-0\"]\n[Variant \"crazyhouse\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. Ng5 d5 1-0\n",
	  "Nothing, when the game is of that variant: the finding says that it was left out. When it is "
	  "standard chess, correct the Variant tag (or the Event tag's wording) and it is audited." },

	{ CHECK_MISSING_TAG,
	  "One or more tags of the Seven Tag Roster (Event, Site, Date, Round, White, Black, Result) are "
	  "absent; one finding per game names them all. PGN asks for the seven in every game, with ? "
	  "(????.??.?? for the Date) where a value is not known.",
	  RULES({ "PGN 8.1.1", NULL }),
	  "[Event \"Example\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n"
	  "[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n",
	  "Add the tags, with ? for what is not known. `pgnaudit fix` writes the roster first, with "
	  "those values for the tags a game lacks." },

	{ CHECK_TAG_FORMAT,
	  "A tag value not in the standard's form: Date, EventDate and UTCDate as YYYY.MM.DD (a real "
	  "calendar date, ?? for a part not known), Round as ?, - or round numbers joined by dots (3, "
	  "3.1), Result as 1-0, 0-1, 1/2-1/2 or *, WhiteElo and BlackElo as digits (- for an unrated "
	  "player), TimeControl as the standard's periods (40/7200:3600, 300+2, *180), PlyCount as "
	  "digits, SetUp as 0 or 1. A value that holds a control character (a tab, an escape) is "
	  "reported too, and so are a FEN tag without SetUp \"1\" and SetUp \"1\" without a FEN tag (the "
	  "game is replayed from the FEN whenever it has one). The suggestion is the value in the "
	  "standard's form, where that is plain.",
	  RULES({ "PGN 7", "a control character in a value" },
		{ "PGN 8.1.1.3", "Date" },
		{ "PGN 8.1.1.4", "Round" },
		{ "PGN 8.1.1.7", "Result" },
		{ "PGN 9.1.2", "WhiteElo, BlackElo" },
		{ "PGN 9.2.1", "EventDate" },
		{ "PGN 9.5.3", "UTCDate" },
		{ "PGN 9.6.1", "TimeControl" },
		{ "PGN 9.7.1", "SetUp, and SetUp and FEN not paired" },
		{ "PGN 9.9.3", "PlyCount" }),
	  "[Event \"Example\"]\n[Site \"?\"]\n[Date \"2024-03-01\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n"
	  "[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n",
	  "Write the value in the form the message gives. `pgnaudit fix` writes the values check "
	  "suggests (Date \"2024-03-01\" as 2024.03.01) and adds SetUp \"1\" beside a FEN tag." },

	{ CHECK_DUPLICATE_TAG,
	  "The same tag twice in one game, reported at the second; the message gives both values when "
	  "they differ. PGN gives a tag name at most once in a game. Where a tag's value is used (the "
	  "Result, the FEN, the Date), the first one is.",
	  RULES({ "PGN 8.1", NULL }),
	  ROSTER("1-0") "[White \"Morphy, Paul\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n",
	  "Keep the right value and delete the other tag. `pgnaudit fix` keeps both (a roster tag's "
	  "first value in the roster, the other after it; the Result once), so the choice is yours to "
	  "make." },

	{ CHECK_RESULT_MISMATCH,
	  "The Result tag disagrees with the game termination marker at the end of the movetext. A tag "
	  "in another form that means the same result (1/2) is tag-format's, not this. The checks of "
	  "the result take the termination marker as the game's result.",
	  RULES({ "PGN 8.2.6", NULL }),
	  ROSTER("1-0") "\n1. e4 e5 2. Nf3 Nc6 1/2-1/2\n",
	  "Find out which of the two is right (the final position, a Termination tag, the source) and "
	  "correct the other. `pgnaudit fix` makes them agree: the final position decides when it ends "
	  "the game, else the termination marker does." },

	{ CHECK_BAD_FEN,
	  "The FEN tag is malformed (a rank that does not add up to eight squares, an unknown piece "
	  "letter, a bad side to move, castling, en passant or move counter field), or it describes a "
	  "position that cannot arise (not one king a side, a pawn on the first or last rank, the side "
	  "not to move in check, more pieces than the promotions allow, an en passant square no double "
	  "step made, checks no single move gives); such a game is not replayed. Two faults are "
	  "repaired, and the game is replayed from the repaired position: a castling right whose king or "
	  "rook is not on its square is dropped (an error: the position is misstated), and a fullmove "
	  "number of 0 is read as 1 (a warning). Castling rights that only Chess960 grants, in a position "
	  "that reads cleanly as Chess960, make the game Chess960 instead.",
	  RULES({ "PGN 16.1", "a FEN that cannot be used; a fullmove number of 0" },
		{ "FIDE 3.8.2.1", "a castling right whose king or rook is not on its square" }),
	  ROSTER("*") "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w K - 0 1\"]\n\n1. e4 Kd7 *\n",
	  "Correct the FEN from the source (a diagram, the game that led to it). For a castling right "
	  "without its rook, drop the letter (the K of the example); a position that cannot arise often "
	  "has its ranks in the wrong order, or is given from Black's side." },

	{ CHECK_PLYCOUNT_MISMATCH,
	  "The PlyCount tag gives another number of plies (half-moves) than the main line has. Only "
	  "games replayed to their end are compared; the suggestion is the count of the main line.",
	  RULES({ "PGN 9.9.3", NULL }),
	  ROSTER("1-0") "[PlyCount \"8\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n",
	  "`pgnaudit fix` sets PlyCount to the plies of the main line. A PlyCount above them can mean "
	  "moves were lost when the game was copied: compare with the source first." },

	{ CHECK_ILLEGAL_MOVE,
	  "No legal move of the side to move matches the move as written. The message says why, and "
	  "the rule cited is the article the move breaks: how that piece moves, a piece of the mover's "
	  "on the square of arrival, a piece in the way, a king left or put in check, castling rights "
	  "lost or castling through check, a pawn move or promotion that is not allowed, a null move "
	  "(--). The replay of the game stops there and the moves after it are not checked; with "
	  "--recover the recording error that the rest of the game agrees with is searched first. A pawn "
	  "move to the last rank without its promotion piece gets the promotion to a queen as its "
	  "suggestion, when that is legal.",
	  RULES({ "FIDE 3.1", "the square of arrival holds a piece of the mover's colour" },
		{ "FIDE 3.2", "no bishop of the mover's can go there" },
		{ "FIDE 3.3", "no rook of the mover's can go there" },
		{ "FIDE 3.4", "no queen of the mover's can go there" },
		{ "FIDE 3.5", "the piece would have to jump over another" },
		{ "FIDE 3.6", "no knight of the mover's can go there" },
		{ "FIDE 3.7.1", "no pawn can advance there, or the square is occupied" },
		{ "FIDE 3.7.2", "a pawn's double step is blocked" },
		{ "FIDE 3.7.3", "no pawn can capture there, or there is nothing to capture" },
		{ "FIDE 3.7.3.2", "en passant later than right after the double step" },
		{ "FIDE 3.7.3.3", "a promotion left out, to a king or a pawn, off the last rank, or of a piece that is no pawn" },
		{ "FIDE 3.8.1", "no king move reaches the square" },
		{ "FIDE 3.8.2.1", "castling after the king or that rook has moved" },
		{ "FIDE 3.8.2.2", "castling with a piece between, out of, through or into check" },
		{ "FIDE 3.9", "the move leaves or puts the mover's king in check (a pinned piece)" },
		{ "FIDE 3.10.1", "a null move, or no piece of the mover's on the square named" }),
	  ROSTER("*") "\n1. e4 e5 2. Ke2 Qh4 3. Kf3 Qf4+ 4. Kxf4 *\n",
	  "Compare the move with the scoresheet or the source: a recording error (a wrong piece letter, "
	  "a square off by one, a move left out, two moves swapped) is the usual cause. `pgnaudit check "
	  "--recover` names the one repair the rest of the game agrees with, and `pgnaudit fix --recover` "
	  "writes it, marked in a comment." },

	{ CHECK_AMBIGUOUS_MOVE,
	  "Two or more legal moves match the move as written, and it does not say which piece moves "
	  "(Ne2 where both knights can go to e2). The suggestion lists the moves it could be, and the "
	  "replay of the game stops there. Under --lang auto, a game that replays to its end in two "
	  "notations, to different moves, is reported so at the first move where they part: --lang "
	  "chooses.",
	  RULES({ "FIDE C.11", "the move does not name which piece moves" },
		{ "FIDE C.3", "two notations read the game differently" }),
	  ROSTER("*") "\n1. e4 e5 2. Nc3 Nc6 3. Ne2 *\n",
	  "Add the file (else the rank) of the piece that moved: Nge2 or Nce2. The source, or the moves "
	  "that follow, tell which; `pgnaudit check --recover` keeps the one the rest of the game agrees "
	  "with." },

	{ CHECK_MOVE_AFTER_END,
	  "Moves recorded after the game was over. After checkmate or stalemate no move is legal: the "
	  "finding is an error and the replay stops. After a dead position (neither side can checkmate "
	  "by any series of legal moves) the first move is a warning: the position stays dead whatever is "
	  "played, so the moves cannot change the draw, and a result other than the draw is "
	  "wrong-result's error. After a fivefold repetition or 75 moves, automatic-draw says that play "
	  "went on instead.",
	  RULES({ "FIDE 5.1.1", "after checkmate" },
		{ "FIDE 5.2.1", "after stalemate" },
		{ "FIDE 5.2.2", "after a dead position" }),
	  ROSTER("0-1") "\n1. f3 e5 2. g4 Qh4# 3. Kf2 0-1\n",
	  "Delete the moves after the end. When they were played, a move before them is wrong: compare "
	  "with the source." },

	{ CHECK_REPEATED_ILLEGAL_MOVE,
	  "With --play-illegal: a player's second illegal move that stood in the record (the third under "
	  "the Laws before July 2014). In standard play the arbiter who finds a completed illegal move "
	  "reinstates the position before it; the first costs its player two minutes of the opponent's "
	  "extra time, the second the game, unless the opponent cannot checkmate by any series of legal "
	  "moves, when the game is drawn. The suggestion is the result the Laws then give. In rapid and "
	  "blitz without the supervision of A.3 or B.3 (TimeControl, or --time-class) an illegal move "
	  "stands once the opponent has moved, and nothing is reported.",
	  RULES({ "FIDE 7.5.5", NULL }),
	  ROSTER("1/2-1/2") "\n1. e4 e5 2. Nf3 d6 3. Bb5+ Nd7 4. O-O Nf6 5. d3 Nb6 6. Nc3 c6 7. Bc4 d5 8. exd5 Nbxd5 9. Nxd5 Nxd5\n10. Re1 Bd6 11. d4 exd4 12. Bxd5 Be7 1/2-1/2\n",
	  "Compare with the scoresheets: the illegal moves may be recording errors (--recover looks for "
	  "them). If they were played, the result stands unless the arbiter found them during the game." },

	{ CHECK_KING_LEFT_IN_CHECK,
	  "With --play-illegal: an illegal move that stood left its player's king in check, and the "
	  "opponent's reply does not take it - the illegal move went unnoticed. Found during the game, "
	  "the position before it would have been reinstated.",
	  RULES({ "FIDE 7.5.1", NULL }),
	  ROSTER("*") "\n1. e4 e5 2. Nf3 d6 3. Bb5+ Nd7 4. O-O Nf6 5. d3 Nb6 6. Nc3 c6 *\n",
	  "Compare with the scoresheets: the move that left the king in check may be a recording error." },

	{ CHECK_KING_CAPTURED,
	  "With --play-illegal: the reply to an illegal move that stood and left its player's king in "
	  "check takes that king. A king is never captured; the record is not one of a game of chess "
	  "from there, and its replay stops.",
	  RULES({ "FIDE 1.2", NULL }),
	  ROSTER("*") "\n1. e4 e5 2. Nf3 d6 3. Bb5+ Nd7 4. O-O Nf6 5. d3 Nb6 6. Bxe8 *\n",
	  "Compare with the scoresheets: one of the two moves is likely written wrong." },

	{ CHECK_BOARD_SIGNAL,
	  "The main line ends with one or two king moves to the centre squares, the first of them "
	  "illegal, that put both kings on d4, d5, e4 or e5: the way a DGT board is told the result once "
	  "the game is over (both kings on light squares, d5 and e4: 1-0; both on dark ones, d4 and e5: "
	  "0-1; one on each: 1/2-1/2). The board's software should leave those moves out of the notation; "
	  "when it has not, they are reported as this artefact, with the result they signal (and the "
	  "game's own when it differs), not as an illegal move, and the game is audited without them. "
	  "The moves are read in the game's notation (LiveChess writes English; an arbiter's German or "
	  "Russian is read as such), and only when the first of them is illegal: two legal king moves to "
	  "the centre may be the game's. A legal king move to the centre just before the one illegal "
	  "move stays the game's, and the message names it as maybe the signal's first too.",
	  RULES({ "PGN 8.2.3", "movetext holds the moves played" }),
	  ROSTER("1-0") "[SetUp \"1\"]\n[FEN \"8/8/8/3k4/8/8/8/R3K3 w - - 0 60\"]\n\n60. Ra4 Ke5 61. Ke4 Kd5 1-0\n",
	  "Delete the last moves (61. Ke4 Kd5 here): they were never played. When the result they signal "
	  "is not the game's, the operator set one of the two wrongly." },
	{ CHECK_REDUNDANT_DISAMBIGUATION,
	  "The move names an origin file, rank or square it does not need: no other piece of that kind "
	  "can legally go to the same square (a pinned one does not count), or it names the rank or the "
	  "square where the file tells the pieces apart. A pawn move that names where the pawn comes "
	  "from, but for the file of a capture, is reported too. The suggestion is the move in export "
	  "SAN.",
	  RULES({ "FIDE C.11", NULL }),
	  ROSTER("*") "\n1. e4 e5 2. Ngf3 Nc6 *\n",
	  FIX_WRITES_SAN },

	{ CHECK_CAPTURE_MARK,
	  "A capture (en passant too) written without x, or a move that captures nothing written with "
	  "x or :. Castling and UCI moves, which have no marks, are left to castling-notation and "
	  "nonstandard-notation. The suggestion is the move in export SAN.",
	  RULES({ "FIDE C.9", "a capture by a piece" },
		{ "FIDE C.10", "a capture by a pawn" }),
	  ROSTER("*") "\n1. e4 d5 2. ed5 Qxd5 *\n",
	  FIX_WRITES_SAN " An x on a move that captures nothing can also mean that the square was "
	  "misread: check it against the source." },

	{ CHECK_CHECK_MARK,
	  "A move that gives check written without +, or a move that does not give check written with "
	  "+. A mate marked + is mate-mark's. The suggestion is the move in export SAN.",
	  RULES({ "FIDE C.14", NULL }),
	  ROSTER("*") "\n1. e4 e5 2. Bc4 Nc6 3. Bxf7 Kxf7 *\n",
	  FIX_WRITES_SAN " A + on a move that does not check can also mean that the move was misread." },

	{ CHECK_MATE_MARK,
	  "A move that mates written without # (or with + instead), or a move marked # that does not "
	  "mate; ++ on a move that is neither a mate nor a double check is reported so too (++ for a "
	  "mate, an older way of writing it, is nonstandard-notation's). The suggestion is the move in "
	  "export SAN.",
	  RULES({ "FIDE C.14", NULL }),
	  ROSTER("1-0") "\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7+ 1-0\n",
	  FIX_WRITES_SAN " A # on a move that does not mate can mean that the game went on in the "
	  "source: check the result." },

	{ CHECK_CASTLING_NOTATION,
	  "Castling written with zeros (0-0, 0-0-0), with a lower-case o (o-o), or as a move of the king "
	  "(Kg1, e1g1, Ke1-g1) instead of O-O or O-O-O with the capital letter O. The Laws' appendix on "
	  "notation writes castling 0-0 on a scoresheet; PGN export writes O-O, and that is the rule "
	  "cited. The suggestion is the move in export SAN.",
	  RULES({ "PGN 8.2.3", NULL }),
	  ROSTER("*") "\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 Nf6 *\n",
	  FIX_WRITES_SAN },

	{ CHECK_NONSTANDARD_NOTATION,
	  "A legal move that is not in export SAN: long algebraic (e2-e4, Ng1f3), UCI coordinates "
	  "(g1f3), a promotion without = (e8Q), the suffix e.p., a lower-case piece letter, P for a "
	  "pawn, : for a capture, ++ for a mate; one finding per move names every such form it uses. "
	  "Annotation signs written as text, as ChessBase and Fritz export them (+=, N, D), are read as "
	  "annotations: one finding per game, at the first, gives the NAG PGN has for it. A game "
	  "written in another notation than English (national piece letters, figurines) has one finding, "
	  "at its first move written in it.",
	  RULES({ "PGN 8.2.3", "a move not in export SAN" },
		{ "PGN 8.2.4", "annotation signs written as text" },
		{ "FIDE C.3", "moves in national piece letters or figurines" }),
	  ROSTER("*") "\n1. e2-e4 e7-e5 2. Ng1-f3 *\n",
	  "Nothing is wrong with the moves. `pgnaudit fix` writes them in export SAN, and annotation "
	  "signs as NAGs; --ignore nonstandard-notation leaves the findings out where the notation is "
	  "the one expected." },

	{ CHECK_WRONG_RESULT,
	  "The final position decides the game, by checkmate, stalemate or a dead position (neither side "
	  "can checkmate by any series of legal moves), and the result says otherwise; a result of * on "
	  "a game that is over is a warning. The suggestion is the right result. Only a game replayed to "
	  "its end is judged; a win on time the final position cannot give is unwinnable-timeout's, and "
	  "an automatic draw carries its own verdict (automatic-draw).",
	  RULES({ "FIDE 5.1.1", "checkmate" },
		{ "FIDE 5.2.1", "stalemate" },
		{ "FIDE 5.2.2", "a dead position" }),
	  ROSTER("1-0") "\n1. f3 e5 2. g4 Qh4# 1-0\n",
	  "Correct the result, in the Result tag and after the moves; `pgnaudit fix` writes the one the "
	  "final position gives. When the result is right, the moves are not: some are missing at the "
	  "end, or one was misrecorded." },

	{ CHECK_UNWINNABLE_TIMEOUT,
	  "The game is recorded as won on time, by the Termination or TerminationDetails tag or a "
	  "comment after the last move (\"Black forfeits on time\", \"time forfeit\"), but the winner "
	  "could not have checkmated by any series of legal moves from the final position: by the Laws "
	  "the game is drawn. It is reported only when the impossibility is proved: by the material, by "
	  "pawns, kings and pieces that can never move or change, or, where the position is not plainly "
	  "open, by a search that visits every position reachable and meets no mate; a record that names "
	  "the winner as the one who lost on time is left alone. The suggestion is 1/2-1/2.",
	  RULES({ "FIDE 6.9", NULL }),
	  ROSTER("1-0") "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/7r/4K3 w - - 0 60\"]\n"
	  "[Termination \"Black lost on time\"]\n\n60. Kd1 Kd7 1-0\n",
	  "Correct the result to 1/2-1/2. When a player did win, something else in the record is wrong: "
	  "the final position, or who lost on time." },

	{ CHECK_TERMINATION_MISMATCH,
	  "The Termination tag says how the game ended, and it disagrees with the result: it names a "
	  "winner (\"<name> won by resignation\", chess.com's form, with the name of the White or Black "
	  "tag; \"White wins\"; \"Black resigns\", the loser) other than the result's, or a draw (\"Game "
	  "drawn by repetition\", \"stalemate\", \"insufficient material\", \"3-fold rep\") where the result "
	  "is decisive or *, or \"unterminated\" where the game has a result. A Termination that says "
	  "checkmate or stalemate where the final position of a game replayed to its end is not one is "
	  "reported too (\"mate in 3\" and \"draw in 20\", an exercise's goal or an engine's "
	  "adjudication, say no such thing). The PGN standard's "
	  "other values (normal, time forfeit, abandoned, adjudication, rules infraction) say nothing of "
	  "who won and are not compared.",
	  RULES({ "PGN 9.8.1", "the Termination tag" }),
	  ROSTER("0-1") "[Termination \"White won by resignation\"]\n\n1. e4 e5 2. Nf3 Nc6 0-1\n",
	  "One of the two is wrong: the scoresheet, or the arbiter's report, says which. A broadcast that "
	  "set the result by hand often leaves the Termination it had." },
	{ CHECK_AUTOMATIC_DRAW,
	  "Under the 2023 Laws (by default for games played on or after 1 July 2014, and for undated "
	  "ones: see --rules), the same position occurred for the fifth time, or 75 moves of each player "
	  "were made without a pawn move or capture (a checkmate on the last of them stands): the game "
	  "was drawn there, whatever the players did next. An error when the result is decisive; a "
	  "warning when play went on under a drawn result, or the result is * or none; information when "
	  "the game rightly ended there drawn. It is the one finding of the draw: the moves after it get "
	  "no move-after-end. The threefold repetitions on the way are missed-threefold's.",
	  RULES({ "FIDE 9.6.1", "the fifth occurrence of a position" },
		{ "FIDE 9.6.2", "75 moves of each player without pawn move or capture" }),
	  ROSTER("1-0") "\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6\n6. Ng1 Ng8 7. Nf3 Nf6 "
	  "8. Ng1 Ng8 1-0\n",
	  "Correct the result to 1/2-1/2 and end the record at the move that drew. A game played before "
	  "1 July 2014 that has no Date is judged by the 2023 Laws: give it its Date, or check it with "
	  "--rules fide2005." },

	{ CHECK_INVALID_CLAIM,
	  "The game is recorded as drawn by threefold repetition or under the fifty-move rule (by the "
	  "Termination or TerminationDetails tag, or a comment after the last move of a game scored "
	  "1/2-1/2), but the positions do not support the claim of the player to move at the end: the "
	  "final position has not stood three times and none of his moves would make a position stand a "
	  "third time, or fewer than 50 moves of each player were made without capture or pawn move and "
	  "his move cannot complete them. A decisive result records no claim, and a game whose replay "
	  "stopped early is not judged.",
	  RULES({ "FIDE 9.2.1", "a threefold repetition claim" },
		{ "FIDE 9.3", "a fifty-move claim" }),
	  ROSTER("1/2-1/2") "[Termination \"Game drawn by repetition\"]\n\n1. e4 e5 2. Nf3 Nc6 1/2-1/2\n",
	  "Compare the last moves with the source: a claim that does not stand usually means moves are "
	  "missing or misrecorded. When the draw came another way (agreed, say), correct the Termination "
	  "tag or the comment." },

	{ CHECK_MISSED_THREEFOLD,
	  "A player could have claimed a draw by threefold repetition and played on without claiming: "
	  "the position with him to move had just appeared for the third time, or the move he wrote "
	  "would make a position appear for the third time. Positions are the same when the same player "
	  "is to move, the same pieces stand on the same squares, and the castling rights and en passant "
	  "captures (those that are legal) are the same. Reported once per player for each stretch of "
	  "play between captures and pawn moves; the message names the earlier moves at which the "
	  "position stood. The last move of a game drawn, or with the result *, may have come with the "
	  "claim and is passed over.",
	  RULES({ "FIDE 9.2.1.1", "the move he wrote would repeat a position a third time" },
		{ "FIDE 9.2.1.2", "the position had just appeared for the third time" }),
	  ROSTER("*") "\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. e4 *\n",
	  "Nothing to correct: the moves are legal, and a claim was the player's to make. The finding is "
	  "information for an arbiter or a study of the game; --ignore missed-threefold, or --ignore "
	  "info, leaves it out." },

	{ CHECK_MISSED_FIFTY_MOVE,
	  "A player could have claimed a draw under the fifty-move rule and played on: the last 50 moves "
	  "of each player had no capture and no pawn move, or the move he wrote would complete such 50 "
	  "moves. The halfmove clock of a FEN tag counts (in the example it says that 100 plies went by "
	  "without either). Reported once per player for each stretch of play between captures and pawn "
	  "moves; under the 2023 Laws the 75-move rule later ends the game by itself (automatic-draw).",
	  RULES({ "FIDE 9.3.1", "the move he wrote would complete the 50 moves" },
		{ "FIDE 9.3.2", "the 50 moves had been made" }),
	  ROSTER("*") "[SetUp \"1\"]\n[FEN \"r3k3/8/8/8/8/8/8/R3K3 w - - 100 80\"]\n\n80. Kd2 Kd7 81. Ke3 *\n",
	  "Nothing to correct: the moves are legal, and a claim was the player's to make. --ignore "
	  "missed-fifty-move, or --ignore info, leaves the finding out." },
	{ CHECK_CLOCK_FORMAT,
	  "A clock command of a comment whose time cannot be read: [%clk] (the time left on the mover's "
	  "clock after the move) and [%emt] (the time the move took) are written H:MM:SS, with a fraction "
	  "of a second if wanted (0:24:55.5), and closed by ]. A time like 0:5:00, 1:30 or 90 minutes, or "
	  "a command left open, is reported at its comment and not read: the other clock checks pass over "
	  "it. One finding a game, at the first, counts the others. Other commands ([%eval], [%csl]) are "
	  "not looked at.",
	  RULES({ "PGN supplement 2001, %clk/%emt", "the embedded clock commands" }),
	  ROSTER("*") "[TimeControl \"300\"]\n\n1. e4 {[%clk 0:04:58]} 1... e5 {[%clk 0:4:57]} 2. Nf3 {[%clk 0:04:55]} *\n",
	  "Write the time as H:MM:SS (0:04:57). A feed that writes every clock so is better mended at the "
	  "source than game by game." },
	{ CHECK_CLOCK_START,
	  "The first clock of the game (move 1, from the standard start) is above what the TimeControl "
	  "gives at the start, with two increments and a minute to spare (feeds start at 1:30:57 in a "
	  "5400+30 game). When the clocks start as the tag's numbers read in minutes would - \"90+30\" "
	  "on clocks of 1:30:56, where the PGN standard counts seconds: 90 seconds - the finding says so, "
	  "suggests the tag in seconds (5400+30), and the clocks are compared with that; otherwise the tag "
	  "or the clocks are wrong, and the clocks are not compared with it. Once a game.",
	  RULES({ "PGN 9.6.1", "the TimeControl counts seconds" },
		{ "FIDE 6.3.1", "the time given in advance" }),
	  ROSTER("*") "[TimeControl \"90+30\"]\n\n1. e4 {[%clk 1:30:56]} 1... e6 {[%clk 1:30:57]} 2. d4 {[%clk 1:24:53]} *\n",
	  "Write the TimeControl in seconds (5400+30 for 90 minutes and 30 seconds a move); `pgnaudit fix` "
	  "does not change it, as the tag's form is right." },
	{ CHECK_CLOCK_RISE,
	  "A player's clock gains more time between two of their moves than the TimeControl tag explains: "
	  "the increment of each move, and at the end of a period the next period's time (40/5400+30:1800+30 "
	  "adds 1800 s after move 40). What real feeds do is tolerated: a gain of up to twice the increment "
	  "and 10 s more (the increment shown a move late, rounding), and a period's time shown at the move "
	  "that ends it or at the next. Time an arbiter gives is the common cause - the two minutes (one in "
	  "rapid and blitz) after the opponent's illegal move, which the message says when an illegal move "
	  "that stood (--play-illegal) comes between - or a clock set wrong, or a feed that mixed up its "
	  "clocks. Without a TimeControl tag (or with ?, as DGT boards export games), a clock may gain "
	  "what any rate of play explains - up to 60 s a move and 60 s more, and 60 minutes after a "
	  "player's move 40 or 60 - and a player's rises past that are reported when there are one or "
	  "two in the game (more are clocks of no rate of play, a daily game's). With a TimeControl in "
	  "another form (or -, a sandclock), or one the first clocks contradict (clock-start), nothing is "
	  "compared. At most three rises are reported per player and game; the third counts the others.",
	  RULES({ "FIDE 6.3.1", "the periods and the increment, given in advance (6.3.2: the next period's time added)" },
		{ "FIDE 7.5.5", "two minutes to the opponent after an illegal move" }),
	  ROSTER("*") "[TimeControl \"300\"]\n\n1. e4 {[%clk 0:04:59]} 1... e5 {[%clk 0:04:58]} 2. Nf3 {[%clk 0:04:50]} "
	  "2... Nc6 {[%clk 0:09:58]} *\n",
	  "Check the arbiter's report for time given, and the clock's setting; when the feed is at fault, "
	  "the clock comments are wrong, not the game." },
	{ CHECK_CLOCK_EMT,
	  "A move's [%emt] (the time it took) disagrees by more than 2 s with its player's clocks before "
	  "and after it: the time taken is the fall of the clock, with or without the increment (feeds do "
	  "both). Compared only between two consecutive moves of the player that both have a clock, under "
	  "a TimeControl in the standard's form, and not across the end of a period.",
	  RULES({ "PGN supplement 2001, %clk/%emt", "the embedded clock commands" }),
	  ROSTER("*") "[TimeControl \"300+2\"]\n\n1. e4 {[%clk 0:05:00] [%emt 0:00:02]} 1... e5 {[%clk 0:05:00]} "
	  "2. Nf3 {[%clk 0:04:40] [%emt 0:00:03]} *\n",
	  "One of the three numbers is wrong; the feed's log, or the arbiter's, says which." },
	{ CHECK_CLOCK_MISSING,
	  "Some moves of the main line have no [%clk] while the others of the game have one: a feed that "
	  "lost the clock for a while, or moves entered by hand. The last move is not counted: it often "
	  "has none, the game having ended before the clock was pressed. Reported once per game, at the "
	  "first move without one, with how many there are.",
	  RULES({ "PGN supplement 2001, %clk/%emt", "the embedded clock commands" }),
	  ROSTER("*") "[TimeControl \"300\"]\n\n1. e4 {[%clk 0:04:59]} 1... e5 {[%clk 0:04:58]} 2. Nf3 2... Nc6 "
	  "{[%clk 0:04:50]} *\n",
	  "Nothing is wrong with the game. --ignore clock-missing, or --ignore info, leaves it out." },
	{ CHECK_CLOCK_FLAG,
	  "A player's clock reads below zero after their move (-0:00:04; having read more before), and "
	  "yet the game went on for more than the one reply the opponent may have made as the flag fell, "
	  "or ended with a result other than that player's loss on time. A reading of 0:00:00 is not "
	  "taken for a fall: feeds write whole seconds (or tenths), and 0:00:00 is the last second, in "
	  "which a move can still be made. A flag counts only once the arbiter sees it or a player claims "
	  "it, so play on after a fall goes unnoticed; a mate or stalemate at the end comes first, and a "
	  "draw is right when the opponent could not have mated.",
	  RULES({ "FIDE 6.8", "a flag is fallen when the arbiter sees it or a player claims it" },
		{ "FIDE 6.9", "the player whose flag fell loses, unless the opponent cannot mate" }),
	  ROSTER("*") "[TimeControl \"60\"]\n\n1. e4 {[%clk 0:00:59]} 1... e5 {[%clk 0:00:58]} 2. Nf3 {[%clk -0:00:01]} "
	  "2... Nc6 {[%clk 0:00:50]} 3. Bc4 {[%clk -0:00:03]} 3... Nf6 {[%clk 0:00:45]} *\n",
	  "When the flag did fall and was claimed, the result is a loss on time for that player (or a "
	  "draw, 6.9); when the clock is the feed's mistake, the game stands." },
	{ CHECK_FORFEIT_CLOCK,
	  "The record says a player lost on time (Termination, TerminationDetails or a last comment, as "
	  "for unwinnable-timeout), but the clocks say otherwise: the winner's own clock read below zero "
	  "(and the loser's did not), or the loser made the last move and their clock, stopped, still "
	  "showed time; a flag can fall only on the clock that runs.",
	  RULES({ "FIDE 6.9", "the player whose flag fell loses" }),
	  ROSTER("1-0") "[TimeControl \"60\"]\n[Termination \"Black lost on time\"]\n\n1. e4 {[%clk 0:00:50]} "
	  "1... e5 {[%clk 0:00:40]} 1-0\n",
	  "Check who lost on time: the result may be the wrong way round, or the record lost the last "
	  "move of the player whose flag fell." },
	{ CHECK_GAME_IN_VARIATION,
	  "Moves in variations with clocks ([%clk]), two or more, as the moves of the game have them: "
	  "the game's own moves stored as a variation. An electronic board that saw a piece dragged "
	  "over a square records that move, then the real one as a variation beside it, and every "
	  "later move goes on inside the variation; the main line stops early, and its last position "
	  "is not the game's. An annotator's variation has no clocks. One finding a game, at the first "
	  "move of the first such variation.",
	  RULES({ "PGN 8.2.5", "a variation: an alternative to the main line's move" }),
	  ROSTER("1-0") "[TimeControl \"300+2\"]\n\n1. e4 {[%clk 0:05:00]} 1... e5 {[%clk 0:04:58]} "
	  "2. Nf3 {[%clk 0:04:59]} 2... Nc6 {[%clk 0:04:57]} 3. Bc4 {[%clk 0:04:58]} (3. Bb5 {[%clk 0:04:58]} "
	  "3... a6 {[%clk 0:04:55]} 4. Ba4 {[%clk 0:04:56]} 4... Nf6 {[%clk 0:04:52]}) 1-0\n",
	  "Make the variation the main line from where it branches (a PGN editor's \"promote "
	  "variation\"), and drop the dragged move, after checking the scoresheet." },
	{ CHECK_DUPLICATE_GAME,
	  "The same game again: the same moves (the same positions, in the same order, from the same start) "
	  "by the same players, with the same Event, Site, EventDate, Round, Date and Result, in the same "
	  "file or another file of the run, in any order. Each copy but one is reported, naming the one "
	  "kept: the longest, then the most annotated (comments, NAGs, variations), then the first - the "
	  "one `pgnaudit split --drop-duplicates` keeps. Only games replayed to their end take part, and "
	  "games without a move are no one's copy.",
	  RULES({ "PGN 8.1.1", NULL }),
	  "[Event \"Example open\"]\n"
	  "[Site \"Oslo\"]\n"
	  "[Date \"2024.03.01\"]\n"
	  "[Round \"1\"]\n"
	  "[White \"Carlsen, Magnus\"]\n"
	  "[Black \"Nakamura, Hikaru\"]\n"
	  "[Result \"1-0\"]\n"
	  "\n"
	  "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 1-0\n"
	  "\n"
	  "[Event \"Example open\"]\n"
	  "[Site \"Oslo\"]\n"
	  "[Date \"2024.03.01\"]\n"
	  "[Round \"1\"]\n"
	  "[White \"Carlsen, Magnus\"]\n"
	  "[Black \"Nakamura, Hikaru\"]\n"
	  "[Result \"1-0\"]\n"
	  "\n"
	  "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 1-0\n",
	  "Keep one copy: `pgnaudit split --drop-duplicates` writes the others to a file of their own, byte "
	  "for byte. A database that merges sources (TWIC, a federation's archive) gets them by the "
	  "thousand." },

	{ CHECK_TWIN_GAME,
	  "The same moves by the same players under other headers: a name written otherwise (\"Magnus "
	  "Carlsen\" for \"Carlsen, Magnus\", \"Carlsen, M.\"), another Event or Site, another Round, Date or "
	  "Result. The players are the same when their names fold alike (case, accents, word order) or one "
	  "is the other written shorter; or when one player is the same and the Date, known to the day, "
	  "too. The message names the game kept (as for duplicate-game) and gives its tags where they "
	  "differ.",
	  RULES({ "PGN 8.1.1", NULL }),
	  "[Event \"Example open\"]\n"
	  "[Site \"Oslo\"]\n"
	  "[Date \"2024.03.01\"]\n"
	  "[Round \"1\"]\n"
	  "[White \"Carlsen, Magnus\"]\n"
	  "[Black \"Nakamura, Hikaru\"]\n"
	  "[Result \"1-0\"]\n"
	  "\n"
	  "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 1-0\n"
	  "\n"
	  "[Event \"Example op.\"]\n"
	  "[Site \"Oslo\"]\n"
	  "[Date \"2024.03.01\"]\n"
	  "[Round \"1\"]\n"
	  "[White \"Magnus Carlsen\"]\n"
	  "[Black \"Nakamura, H.\"]\n"
	  "[Result \"1-0\"]\n"
	  "\n"
	  "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 1-0\n",
	  "Decide which headers are right, correct the copy kept, and drop the other (`pgnaudit split "
	  "--drop-duplicates`). A twin whose Result differs is worth a look at the source: one of them has "
	  "the wrong result." },

	{ CHECK_TRUNCATED_GAME,
	  "A game whose moves are the first moves of another game by the same players (names folded alike) "
	  "in the same Event, on dates and rounds that do not differ where both are known: a copy cut "
	  "short, as a live broadcast leaves them, or a correction leaves the first version behind. The "
	  "message names the longest such game. Found in any order of the games and files: each game's "
	  "moves leave 4 bytes a ply in a temporary file, read back only for games that could be copies.",
	  RULES({ "PGN 8.2.6", NULL }),
	  "[Event \"Example open\"]\n"
	  "[Site \"Oslo\"]\n"
	  "[Date \"2024.03.01\"]\n"
	  "[Round \"1\"]\n"
	  "[White \"Carlsen, Magnus\"]\n"
	  "[Black \"Nakamura, Hikaru\"]\n"
	  "[Result \"1-0\"]\n"
	  "\n"
	  "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 1-0\n"
	  "\n"
	  "[Event \"Example open\"]\n"
	  "[Site \"Oslo\"]\n"
	  "[Date \"2024.03.01\"]\n"
	  "[Round \"1\"]\n"
	  "[White \"Carlsen, Magnus\"]\n"
	  "[Black \"Nakamura, Hikaru\"]\n"
	  "[Result \"*\"]\n"
	  "\n"
	  "1. e4 e5 2. Nf3 Nc6 *\n",
	  "Drop the short copy (`pgnaudit split --drop-duplicates` keeps the longest). If the longer game "
	  "is the wrong one, its last moves did not happen: compare with the scoresheet." },

	{ CHECK_BOARD_COPY,
	  "Two games of one round of one event (the first number of the Round tag: \"3.1\" and \"3.2\" are "
	  "boards of round 3) with the same moves, 60 plies or more, under other players (none of one game's "
	  "players in the other): a broadcast put "
	  "one board's moves on another's game (a board's feed given to two pairings, a copy left when "
	  "boards were swapped). One of them is the copy: the one without a result when the other has "
	  "one, else the one less annotated, else the later; it is reported and names the other with its "
	  "board and players. Shorter lines are passed over: two pairings may both play a known draw.",
	  RULES({ "PGN 8.1.1", NULL }),
	  "[Event \"Example open\"]\n[Site \"Oslo\"]\n[Date \"2024.03.01\"]\n[Round \"3.1\"]\n[Board \"1\"]\n"
	  "[White \"Carlsen, Magnus\"]\n[Black \"Nakamura, Hikaru\"]\n[Result \"1/2-1/2\"]\n\n"
	  "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Na5 10. Bc2 c5 11. d4 Qc7 12. Nbd2 cxd4 13. cxd4 Nc6 14. Nb3 a5 15. Be3 a4 16. Nbd2 Bd7 17. Rc1 Qb7 18. Qe2 Rfe8 19. Bd3 Rab8 20. a3 h6 21. Qf1 Rbd8 22. Bb1 Qa8 23. Bd3 Kf8 24. Red1 Qb7 25. Nc4 Rb8 26. b4 Bg4 27. Nb6 Qa7 28. Ra1 Bd8 29. Nh2 Qc7 30. Nd7+ Ke7 31. Bf4 Rf8 1/2-1/2\n\n"
	  "[Event \"Example open\"]\n[Site \"Oslo\"]\n[Date \"2024.03.01\"]\n[Round \"3.2\"]\n[Board \"2\"]\n"
	  "[White \"Caruana, Fabiano\"]\n[Black \"Giri, Anish\"]\n[Result \"*\"]\n\n"
	  "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Na5 10. Bc2 c5 11. d4 Qc7 12. Nbd2 cxd4 13. cxd4 Nc6 14. Nb3 a5 15. Be3 a4 16. Nbd2 Bd7 17. Rc1 Qb7 18. Qe2 Rfe8 19. Bd3 Rab8 20. a3 h6 21. Qf1 Rbd8 22. Bb1 Qa8 23. Bd3 Kf8 24. Red1 Qb7 25. Nc4 Rb8 26. b4 Bg4 27. Nb6 Qa7 28. Ra1 Bd8 29. Nh2 Qc7 30. Nd7+ Ke7 31. Bf4 Rf8 *\n",
	  "Find the board's real moves (the arbiter's scoresheets, the other feed) and replace the copy's; "
	  "until then, leave the copy out of the archive." },

	{ CHECK_PAIRED_TWICE,
	  "A player against two opponents in one round of one event: two games whose Round is the same "
	  "value (\"3\" and \"3\"; \"3.1\" and \"3.2\" are two rounds, as in a match or a knockout) and that are "
	  "not copies of one game. Games of one pair of players in one round are a match's and pass; one "
	  "player against three or more in most of a round's games is a simultaneous exhibition and passes "
	  "too. An event is the games of one Event, Site and EventDate; without an EventDate, those of one "
	  "year (or, dated to the day, within two months).",
	  RULES({ "PGN 8.1.1.4", NULL }),
	  "[Event \"Example open\"]\n"
	  "[Site \"Oslo\"]\n"
	  "[Date \"2024.03.01\"]\n"
	  "[Round \"1\"]\n"
	  "[White \"Carlsen, Magnus\"]\n"
	  "[Black \"Nakamura, Hikaru\"]\n"
	  "[Result \"1-0\"]\n"
	  "\n"
	  "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 1-0\n"
	  "\n"
	  "[Event \"Example open\"]\n"
	  "[Site \"Oslo\"]\n"
	  "[Date \"2024.03.01\"]\n"
	  "[Round \"1\"]\n"
	  "[White \"Caruana, Fabiano\"]\n"
	  "[Black \"Carlsen, Magnus\"]\n"
	  "[Result \"1/2-1/2\"]\n"
	  "\n"
	  "1. d4 d5 2. c4 e6 3. Nc3 Nf6 1/2-1/2\n",
	  "One of the Round tags is wrong (a game of another round, or of a second stage that numbers its "
	  "rounds anew). Correct it from the pairings; `--trf` checks every game against the tournament's "
	  "report." },

	{ CHECK_SELF_PAIRED,
	  "White and Black are one player: their names fold alike (case, accents, punctuation, word order). "
	  "An engine's self-play and an analysis board write this; a game of a tournament cannot.",
	  RULES({ "PGN 8.1.1.5", NULL }),
	  "[Event \"Example open\"]\n"
	  "[Site \"Oslo\"]\n"
	  "[Date \"2024.03.01\"]\n"
	  "[Round \"1\"]\n"
	  "[White \"Ding, Liren\"]\n"
	  "[Black \"Liren Ding\"]\n"
	  "[Result \"1/2-1/2\"]\n"
	  "\n"
	  "1. d4 d5 2. c4 e6 3. Nc3 Nf6 1/2-1/2\n",
	  "Correct the name of the player who was not there, from the pairings. A file of one's own "
	  "analysis may leave the finding out (--ignore self-paired)." },

	{ CHECK_BOARD_TWICE,
	  "Two different games (not copies of one) of one round of one event with the same Board tag: a "
	  "team match or a broadcast names each board once a round.",
	  RULES({ "PGN 9.2.5", NULL }),
	  "[Event \"Example open\"]\n"
	  "[Site \"Oslo\"]\n"
	  "[Date \"2024.03.01\"]\n"
	  "[Round \"1\"]\n"
	  "[White \"Carlsen, Magnus\"]\n"
	  "[Black \"Nakamura, Hikaru\"]\n"
	  "[Result \"1-0\"]\n"
	  "[Board \"1\"]\n"
	  "\n"
	  "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 1-0\n"
	  "\n"
	  "[Event \"Example open\"]\n"
	  "[Site \"Oslo\"]\n"
	  "[Date \"2024.03.01\"]\n"
	  "[Round \"1\"]\n"
	  "[White \"Caruana, Fabiano\"]\n"
	  "[Black \"Ding, Liren\"]\n"
	  "[Result \"1/2-1/2\"]\n"
	  "[Board \"1\"]\n"
	  "\n"
	  "1. d4 d5 2. c4 e6 3. Nc3 Nf6 1/2-1/2\n",
	  "Correct the Board (or the Round) of one of the games from the pairings." },

	{ CHECK_DATE_OUTSIDE_EVENT,
	  "A game dated (to the day) before its event's EventDate, or out of the order of the rounds: "
	  "before the date most games of an earlier round were played on, or after that of a later round "
	  "(rounds by their first number). A game on the day of its own round is not blamed when that "
	  "round's day is the one out of order. A game played in advance or postponed is reported too: the "
	  "message says which round's date it passes.",
	  RULES({ "PGN 9.2.1", "before the EventDate" },
		{ "PGN 8.1.1.3", "out of the order of the rounds" }),
	  "[Event \"Example open\"]\n"
	  "[Site \"Oslo\"]\n"
	  "[Date \"2024.02.28\"]\n"
	  "[Round \"1\"]\n"
	  "[White \"Carlsen, Magnus\"]\n"
	  "[Black \"Nakamura, Hikaru\"]\n"
	  "[Result \"1-0\"]\n"
	  "[EventDate \"2024.03.01\"]\n"
	  "\n"
	  "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 1-0\n",
	  "Correct the Date (often a month or a year typed wrong), or the EventDate." },

	{ CHECK_ROUND_GAP,
	  "An event whose rounds (by the first number of Round) skip one: games of rounds 1 to 4 and 6, "
	  "none of round 5. Reported for the games of a tournament, not of one player (whose games skip the "
	  "round of a bye): when three rounds out of four have two games or more.",
	  RULES({ "PGN 8.1.1.4", NULL }),
	  "[Event \"Example open\"]\n"
	  "[Site \"Oslo\"]\n"
	  "[Date \"2024.03.01\"]\n"
	  "[Round \"1\"]\n"
	  "[White \"Carlsen, Magnus\"]\n"
	  "[Black \"Nakamura, Hikaru\"]\n"
	  "[Result \"1-0\"]\n"
	  "\n"
	  "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 1-0\n"
	  "\n"
	  "[Event \"Example open\"]\n"
	  "[Site \"Oslo\"]\n"
	  "[Date \"2024.03.01\"]\n"
	  "[Round \"1\"]\n"
	  "[White \"Caruana, Fabiano\"]\n"
	  "[Black \"Ding, Liren\"]\n"
	  "[Result \"1/2-1/2\"]\n"
	  "\n"
	  "1. d4 d5 2. c4 e6 3. Nc3 Nf6 1/2-1/2\n"
	  "\n"
	  "[Event \"Example open\"]\n"
	  "[Site \"Oslo\"]\n"
	  "[Date \"2024.03.01\"]\n"
	  "[Round \"3\"]\n"
	  "[White \"Nakamura, Hikaru\"]\n"
	  "[Black \"Caruana, Fabiano\"]\n"
	  "[Result \"1/2-1/2\"]\n"
	  "\n"
	  "1. d4 d5 2. c4 e6 3. Nc3 Nf6 1/2-1/2\n"
	  "\n"
	  "[Event \"Example open\"]\n"
	  "[Site \"Oslo\"]\n"
	  "[Date \"2024.03.01\"]\n"
	  "[Round \"3\"]\n"
	  "[White \"Ding, Liren\"]\n"
	  "[Black \"Carlsen, Magnus\"]\n"
	  "[Result \"0-1\"]\n"
	  "\n"
	  "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 0-1\n",
	  "A round's games are missing from the file, or the rounds are numbered wrong: compare with the "
	  "pairings (--trf)." },

	{ CHECK_NAME_VARIANT,
	  "One player's name written two ways in one event: two names that fold alike (\"Carlsen, Magnus\", "
	  "\"CARLSEN, Magnus\", \"Magnus Carlsen\"), or two names one can be the other's shorter form with one "
	  "FIDE ID (WhiteFideId, BlackFideId). Reported at the first game of the second spelling, naming "
	  "the first game of the first.",
	  RULES({ "PGN 8.1.1.5", NULL }),
	  "[Event \"Example open\"]\n"
	  "[Site \"Oslo\"]\n"
	  "[Date \"2024.03.01\"]\n"
	  "[Round \"1\"]\n"
	  "[White \"Carlsen, Magnus\"]\n"
	  "[Black \"Nakamura, Hikaru\"]\n"
	  "[Result \"1-0\"]\n"
	  "\n"
	  "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 1-0\n"
	  "\n"
	  "[Event \"Example open\"]\n"
	  "[Site \"Oslo\"]\n"
	  "[Date \"2024.03.01\"]\n"
	  "[Round \"2\"]\n"
	  "[White \"Caruana, Fabiano\"]\n"
	  "[Black \"CARLSEN, Magnus\"]\n"
	  "[Result \"1/2-1/2\"]\n"
	  "\n"
	  "1. d4 d5 2. c4 e6 3. Nc3 Nf6 1/2-1/2\n",
	  "Write every name of the event one way, as the FIDE rating list does (\"Surname, Given name\"): a "
	  "database search, a rating submission and the cross table all go by the name." },

	{ CHECK_FIDE_ID_CONFLICT,
	  "One FIDE ID (WhiteFideId, BlackFideId) given to two names that cannot be one player's, anywhere "
	  "in the run: no word of one begins a word of the other, and none differs from one of the other in "
	  "at most two letters (so \"Dubov,Danii\" and \"Onischuk\" are taken for the \"Dubov, Daniil\" and "
	  "\"Onyshchuk\" of another file).",
	  RULES({ "PGN 8.1.1.5", NULL }),
	  "[Event \"Example open\"]\n"
	  "[Site \"Oslo\"]\n"
	  "[Date \"2024.03.01\"]\n"
	  "[Round \"1\"]\n"
	  "[White \"Carlsen, Magnus\"]\n"
	  "[Black \"Nakamura, Hikaru\"]\n"
	  "[Result \"1-0\"]\n"
	  "[WhiteFideId \"1503014\"]\n"
	  "\n"
	  "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 1-0\n"
	  "\n"
	  "[Event \"Example open\"]\n"
	  "[Site \"Oslo\"]\n"
	  "[Date \"2024.03.01\"]\n"
	  "[Round \"2\"]\n"
	  "[White \"So, Wesley\"]\n"
	  "[Black \"Caruana, Fabiano\"]\n"
	  "[Result \"1/2-1/2\"]\n"
	  "[WhiteFideId \"1503014\"]\n"
	  "\n"
	  "1. d4 d5 2. c4 e6 3. Nc3 Nf6 1/2-1/2\n",
	  "One of the IDs is wrong: look the player up in the FIDE rating list and correct it." },

	{ CHECK_UNMARKED_FORFEIT,
	  "A game with a decisive result (1-0, 0-1) and no move that does not say why: no Termination tag "
	  "(or one that says \"normal\"), and nothing in the Annotator or a short comment that says it was a "
	  "forfeit, a bye or not played. Such a game is either a forfeit that should be marked, so that it "
	  "is not rated, or a game whose moves are missing.",
	  RULES({ "PGN 9.8.1", NULL }),
	  "[Event \"Example open\"]\n"
	  "[Site \"Oslo\"]\n"
	  "[Date \"2024.03.01\"]\n"
	  "[Round \"7\"]\n"
	  "[White \"Giri, Anish\"]\n"
	  "[Black \"Dubov, Daniil\"]\n"
	  "[Result \"1-0\"]\n"
	  "\n"
	  "1-0\n",
	  "If it was a forfeit, say so: a Termination tag (\"rules infraction\", \"White forfeits\") or a "
	  "comment such as {forfeit}; \"abandoned\" says the game was left, not that it was forfeited, and "
	  "is reported. Otherwise add the moves." },

	{ CHECK_UNPLAYED_WITH_MOVES,
	  "A game with moves whose Termination tag, Annotator or a short comment (60 bytes at most, before "
	  "the first move or after the last) says it was not played: unplayed, a bye, a default, a "
	  "walkover, a player who did not show. Either the game was played and the note is wrong, or the "
	  "moves belong to another game. A forfeit after moves (\"forfeits by disconnection\", a rules "
	  "infraction) is a game played, and passes.",
	  RULES({ "PGN 9.8.1", NULL }),
	  "[Event \"Example open\"]\n"
	  "[Site \"Oslo\"]\n"
	  "[Date \"2024.03.01\"]\n"
	  "[Round \"1\"]\n"
	  "[White \"Carlsen, Magnus\"]\n"
	  "[Black \"Nakamura, Hikaru\"]\n"
	  "[Result \"1-0\"]\n"
	  "\n"
	  "1. e4 e5 {not played} 1-0\n",
	  "Correct the note or the game; a forfeit is rated as none (FIDE rating regulations), a game "
	  "played is." },

	{ CHECK_UNFINISHED_IN_ROUND,
	  "A game whose result is * (unfinished, or not known) in a round of its event whose other games, "
	  "two at least, all have a result, and after which the event went on: the round is over, and this "
	  "game's result was not written - a broadcast archive saved before its end, or a result lost. The "
	  "round is the first number of the Round tag; the event's last round is passed over, as an "
	  "archive made while it was played has its running games as *.",
	  RULES({ "PGN 8.1.1.7", "the Result tag: * for a game in progress" }),
	  "[Event \"Example open\"]\n[Site \"Oslo\"]\n[Date \"2024.03.01\"]\n[Round \"1.1\"]\n"
	  "[White \"Carlsen, Magnus\"]\n[Black \"Nakamura, Hikaru\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n"
	  "[Event \"Example open\"]\n[Site \"Oslo\"]\n[Date \"2024.03.01\"]\n[Round \"1.2\"]\n"
	  "[White \"Caruana, Fabiano\"]\n[Black \"Giri, Anish\"]\n[Result \"1-0\"]\n\n1. d4 d5 1-0\n\n"
	  "[Event \"Example open\"]\n[Site \"Oslo\"]\n[Date \"2024.03.01\"]\n[Round \"1.3\"]\n"
	  "[White \"Gukesh, D\"]\n[Black \"Firouzja, Alireza\"]\n[Result \"1/2-1/2\"]\n\n1. c4 c5 1/2-1/2\n\n"
	  "[Event \"Example open\"]\n[Site \"Oslo\"]\n[Date \"2024.03.02\"]\n[Round \"2.1\"]\n"
	  "[White \"Nakamura, Hikaru\"]\n[Black \"Caruana, Fabiano\"]\n[Result \"0-1\"]\n\n1. e4 c5 0-1\n",
	  "Write the game's result, from the arbiter's report or the round's table." },

	{ CHECK_PAIRING_WITHOUT_GAME,
	  "With --trf: a game the tournament report says was played over the board (result 1, = or 0 "
	  "against an opponent) that none of the tournament's games is: no game of that round (the first "
	  "number of Round) between those two players. The tournament's games are those whose Event is the "
	  "report's name (012), or all games when none is. Reported at the report's line of the player of "
	  "the lower start rank.",
	  RULES({ "FIDE C.04 Annex 2", NULL }),
	  "[Event \"Example open\"]\n"
	  "[Site \"Oslo\"]\n"
	  "[Date \"2024.03.01\"]\n"
	  "[Round \"1\"]\n"
	  "[White \"Carlsen, Magnus\"]\n"
	  "[Black \"Nakamura, Hikaru\"]\n"
	  "[Result \"1-0\"]\n"
	  "[WhiteFideId \"1503014\"]\n"
	  "\n"
	  "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 1-0\n",
	  "Add the missing game (a broadcast archive often lacks the games not transmitted), or correct the "
	  "report." },

	{ CHECK_GAME_WITHOUT_PAIRING,
	  "With --trf: a game of the tournament the report has no pairing for: a player the report does not "
	  "have, a Round that gives no round of the report, or two players the report does not pair in that "
	  "round (it says whom it pairs each with).",
	  RULES({ "FIDE C.04 Annex 2", NULL }),
	  "[Event \"Example open\"]\n"
	  "[Site \"Oslo\"]\n"
	  "[Date \"2024.03.01\"]\n"
	  "[Round \"1\"]\n"
	  "[White \"Carlsen, Magnus\"]\n"
	  "[Black \"Nakamura, Hikaru\"]\n"
	  "[Result \"1-0\"]\n"
	  "\n"
	  "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 1-0\n"
	  "\n"
	  "[Event \"Example open\"]\n"
	  "[Site \"Oslo\"]\n"
	  "[Date \"2024.03.01\"]\n"
	  "[Round \"2\"]\n"
	  "[White \"Caruana, Fabiano\"]\n"
	  "[Black \"Carlsen, Magnus\"]\n"
	  "[Result \"1/2-1/2\"]\n"
	  "\n"
	  "1. d4 d5 2. c4 e6 3. Nc3 Nf6 1/2-1/2\n"
	  "\n"
	  "[Event \"Example open\"]\n"
	  "[Site \"Oslo\"]\n"
	  "[Date \"2024.03.01\"]\n"
	  "[Round \"1\"]\n"
	  "[White \"Caruana, Fabiano\"]\n"
	  "[Black \"So, Wesley\"]\n"
	  "[Result \"1/2-1/2\"]\n"
	  "\n"
	  "1. d4 d5 2. c4 e6 3. Nc3 Nf6 1/2-1/2\n",
	  "Correct the Round or the players of the game, or the report's pairings." },

	{ CHECK_PAIRING_MISMATCH,
	  "With --trf: a game of a pairing of the report whose colours, or whose result, differ from the "
	  "report's.",
	  RULES({ "FIDE C.04 Annex 2", NULL }),
	  "[Event \"Example open\"]\n"
	  "[Site \"Oslo\"]\n"
	  "[Date \"2024.03.01\"]\n"
	  "[Round \"1\"]\n"
	  "[White \"Carlsen, Magnus\"]\n"
	  "[Black \"Nakamura, Hikaru\"]\n"
	  "[Result \"0-1\"]\n"
	  "\n"
	  "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 0-1\n"
	  "\n"
	  "[Event \"Example open\"]\n"
	  "[Site \"Oslo\"]\n"
	  "[Date \"2024.03.01\"]\n"
	  "[Round \"2\"]\n"
	  "[White \"Caruana, Fabiano\"]\n"
	  "[Black \"Carlsen, Magnus\"]\n"
	  "[Result \"1/2-1/2\"]\n"
	  "\n"
	  "1. d4 d5 2. c4 e6 3. Nc3 Nf6 1/2-1/2\n",
	  "Find out which is right from the scoresheets: the report is what is rated." },

	{ CHECK_FORFEIT_WITH_GAME,
	  "With --trf: a game with moves for a pairing the report gives as a forfeit (+, -) or a bye (H, F, "
	  "U, Z): a game played that the report does not rate, or moves that belong elsewhere.",
	  RULES({ "FIDE C.04 Annex 2", NULL }),
	  "[Event \"Example open\"]\n"
	  "[Site \"Oslo\"]\n"
	  "[Date \"2024.03.01\"]\n"
	  "[Round \"1\"]\n"
	  "[White \"Carlsen, Magnus\"]\n"
	  "[Black \"Nakamura, Hikaru\"]\n"
	  "[Result \"1-0\"]\n"
	  "\n"
	  "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 1-0\n"
	  "\n"
	  "[Event \"Example open\"]\n"
	  "[Site \"Oslo\"]\n"
	  "[Date \"2024.03.01\"]\n"
	  "[Round \"2\"]\n"
	  "[White \"Caruana, Fabiano\"]\n"
	  "[Black \"Carlsen, Magnus\"]\n"
	  "[Result \"1/2-1/2\"]\n"
	  "\n"
	  "1. d4 d5 2. c4 e6 3. Nc3 Nf6 1/2-1/2\n",
	  "Correct the report's result if the game was played, or remove the game." },

	{ CHECK_PAIRING_NAME_MISMATCH,
	  "With --trf: a player whose name in the games is not the report's name for the same FIDE ID, or "
	  "whose FIDE ID differs from the report's for the same name. Said once for each player.",
	  RULES({ "FIDE C.04 Annex 2", NULL }),
	  "[Event \"Example open\"]\n"
	  "[Site \"Oslo\"]\n"
	  "[Date \"2024.03.01\"]\n"
	  "[Round \"1\"]\n"
	  "[White \"Carlsen, M.\"]\n"
	  "[Black \"Nakamura, Hikaru\"]\n"
	  "[Result \"1-0\"]\n"
	  "[WhiteFideId \"1503014\"]\n"
	  "\n"
	  "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 1-0\n"
	  "\n"
	  "[Event \"Example open\"]\n"
	  "[Site \"Oslo\"]\n"
	  "[Date \"2024.03.01\"]\n"
	  "[Round \"2\"]\n"
	  "[White \"Caruana, Fabiano\"]\n"
	  "[Black \"Carlsen, Magnus\"]\n"
	  "[Result \"1/2-1/2\"]\n"
	  "\n"
	  "1. d4 d5 2. c4 e6 3. Nc3 Nf6 1/2-1/2\n",
	  "Write the names as the report (and the FIDE rating list) does." },
};

_Static_assert(sizeof explanations / sizeof explanations[0] == CHECK_COUNT,
	       "every code of the catalogue (finding.h) has its explanation");

/* The tournament reports the examples of the --trf codes are checked against
 * (columns as FIDE C.04 Annex 2 has them). */
static const char report1[] =
	"012 Example open\n"
	"042 2024/03/01\n"
	"052 2024/03/02\n"
	"001    1 m    Carlsen, Magnus                   2830 NOR     1503014             1.5    1     2 w 1     3 b =\n"
	"001    2 m    Nakamura, Hikaru                  2790 NOR     2016192             0.5    2     1 b 0  0000 - H\n"
	"001    3 m    Caruana, Fabiano                  2800 NOR     2020009             1.0    3  0000 - H     1 w =\n";

static const char report2[] =
	"012 Example open\n"
	"042 2024/03/01\n"
	"052 2024/03/02\n"
	"001    1 m    Carlsen, Magnus                   2830 NOR     1503014             1.5    1     2 w +     3 b =\n"
	"001    2 m    Nakamura, Hikaru                  2790 NOR     2016192             0.5    2     1 b -  0000 - H\n"
	"001    3 m    Caruana, Fabiano                  2800 NOR     2020009             1.0    3  0000 - H     1 w =\n";

static const char *const example_reports[CHECK_COUNT] = {
	[CHECK_PAIRING_WITHOUT_GAME] = report1,
	[CHECK_GAME_WITHOUT_PAIRING] = report1,
	[CHECK_PAIRING_MISMATCH] = report1,
	[CHECK_PAIRING_NAME_MISMATCH] = report1,
	[CHECK_FORFEIT_WITH_GAME] = report2,
};

const char *check_example_report(enum check_code code)
{
	return example_reports[code];
}

const char *check_example_options(enum check_code code)
{
	if (example_reports[code])
		return "--trf FILE";
	return code == CHECK_REPEATED_ILLEGAL_MOVE || code == CHECK_KING_LEFT_IN_CHECK || code == CHECK_KING_CAPTURED
		       ? "--play-illegal"
		       : NULL;
}

const struct check_explanation *check_explanation(enum check_code code)
{
	assert(explanations[code].code == code); /* test_explain checks the order of them all */
	return &explanations[code];
}
