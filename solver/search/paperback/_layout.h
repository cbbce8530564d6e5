/* The compiled layout search of Paperback: what its two files share (the packed hand, a search's state, the
 * codes). _layout.c is the search (solver/search/paperback/layout.py and the scoring of solver/paperback/rules.py, step
 * by step); _layout_module.c reads the packed hand and is the Python module (solver/search/paperback/native.py calls
 * it). */
#ifndef GHOSTWRITER_PAPERBACK_LAYOUT_H
#define GHOSTWRITER_PAPERBACK_LAYOUT_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

#define VERSION 5  /* the version of the packed layout and the calls; native.py sends the same number */
#define MAXN 128   /* characters of a text */
#define MAXK 32    /* kinds of card (a hand holds at most 24 cards) */
#define MAXL 64    /* distinct letters of the cards */
#define MAXAB 8    /* abilities of a card (solver/paperback/cards.py's MAX_ABILITIES) */
#define TICK 64    /* layout steps between two looks at the clock (layout.py's TICK) */
#define MAX_FACTOR 3 /* a letter's factor at most, and the word's under the rulebook's letter (moves.word_factor) */
/* the word factor at most under the additive reading (double_words_additive: 1 + each double-word ability): more than
 * every ability of a hand of 24 cards and the Common card (25 x MAXAB + 1) */
#define MAX_WORD_FACTOR 256

/* the abilities that score (the ``native`` codes of solver/paperback/abilities.py's table; the others are A_NONE) */
enum { A_NONE = 0, A_PLUS, A_DOUBLE_WORD, A_DOUBLE_LETTER, A_CARDS, A_LENGTH, A_FIRST, A_LAST, A_NOWILD, A_WILDS };
enum { P_COMMON = -1, P_SPACE = -2, P_WILD = -3 }; /* moves.py's COMMON, SPACE, WILD */
enum { S_DONE = 0, S_OUT_OF_TIME = 1, S_OUT_OF_STEPS = 2, S_ERROR = 3 };
enum { O_SCORE = 0, O_LENGTH = 1, O_VALUE = 2 };

typedef struct {
    int nletters, letter[2], score;
    int nab, ab_kind[MAXAB], ab_amount[MAXAB], ab_length[MAXAB];
} Card;

typedef struct {
    PyObject_HEAD
    int K, L;                      /* kinds of card, distinct card letters */
    Card kinds[MAXK];
    int counts[MAXK];
    double val[MAXK];              /* Tables.val */
    int has_common;                /* the Common card is a plain card (Hand.common) */
    Card common;
    double common_val;
    int wilds, dyslexic, spacebar, factor, extra;
    int word_cap;                  /* the word factor at most: MAX_FACTOR, or MAX_WORD_FACTOR (additive) */
    int threshold;                 /* -1: none */
    int state_common;              /* the state has a Common card to gain (any, specials too) */
    int nsingles[MAXL], singles[MAXL][MAXK];
    int ndoubles, doubles[MAXK];
    double by_letter[MAXL + 2];    /* per text code; OTHER and the space: Tables.anywhere */
    double by_share[MAXL + 2];     /* the same, each card's worth shared over its letters (scores_many) */
    int ndw, dw_kinds[MAXK], dw[MAXK], common_dw; /* the kinds with double-word abilities, and how many each */
} Ctx;

/* the steps and the budget of a search: carried from text to text (Steps, Budget) */
typedef struct {
    long long taken, cap, ticks, node_limit;
    int has_deadline;
    double deadline;
    PyObject *is_set;
} Run;

typedef struct {
    const Ctx *c;
    int n, objective;
    int text[MAXN];
    double rest[MAXN + 1];
    int counts[MAXK];
    double got, bar;
    double avail; /* the generous worth of the cards left (and the Common card, while free) */
    int tight;    /* bound by ``avail`` too (scores_many: no Python twin to keep step for step) */
    int dw_placed;                /* the double-word abilities of the pieces placed (the tight bound's) */
    uint64_t suffix[MAXN + 1];    /* the card letters of the text from each position on (the tight bound's) */
    /* the layout being built, and the best one */
    int np, pk[MAXN], pr[MAXN];
    int nbest, bk[MAXN], br[MAXN], bf[MAXN], has_best;
    double best_a, best_b;
    int best_score, best_length, best_cards_next, best_gains, best_uses_common;
    Run run;
    int status;
} S;

/* One text's search in ``s`` (_layout.c); 0, or -1 with a Python error set. */
int layout_search_text(S *s, const Ctx *c, const unsigned char *t, Py_ssize_t len, double need, int objective);

#endif
