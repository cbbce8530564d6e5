/* The per-word search of Paperback, compiled: solver/search/paperback/search.py's PaperbackSearch.solve, the layouts
 * of solver/search/paperback/layout.py (``layouts``, ``rec``, ``_rest``) and the scoring of solver/paperback/rules.py
 * (``score``, ``abilities``, ``best_doubles``) it calls on each layout, over flat arrays.
 *
 * This file follows the Python step by step, in the same order: the layouts are enumerated in the same order with the
 * same pruning (the bar, the rest of the text, the word factor), each is scored as ``rules.score`` scores it and
 * ranked by the objective's key, and the first best one in that order is kept; the layout steps are counted as
 * ``Steps`` counts them, and every TICK of them the step cap and the budget are looked at as ``Steps.tick`` and
 * ``Budget.check`` do. So both engines give the same layout and take the same steps. The Python is the reference; the
 * tests compare the two on random hands and words, step counts included.
 *
 * The hand arrives packed by solver/search/paperback/native.py (``pack``): one list of integers and one of floats, read
 * in the order of ``ctx_read`` below. A text arrives as one byte a character: the index of its letter among the
 * cards' letters, OTHER (the number of those letters) for a letter no card holds, OTHER + 1 for the space.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

#define VERSION 2  /* the version of the packed layout and the calls; native.py sends the same number */
#define MAXN 128   /* characters of a text */
#define MAXK 32    /* kinds of card (a hand holds at most 24 cards) */
#define MAXL 64    /* distinct letters of the cards */
#define MAXAB 8    /* abilities of a card (solver/paperback/cards.py's MAX_ABILITIES) */
#define TICK 64    /* layout steps between two looks at the clock (layout.py's TICK) */
#define MAX_FACTOR 3

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
    int threshold;                 /* -1: none */
    int state_common;              /* the state has a Common card to gain (any, specials too) */
    int nsingles[MAXL], singles[MAXL][MAXK];
    int ndoubles, doubles[MAXK];
    double by_letter[MAXL + 2];    /* per text code; OTHER and the space: Tables.anywhere */
} Ctx;

typedef struct {
    const Ctx *c;
    int n, objective;
    int text[MAXN];
    double rest[MAXN + 1];
    int counts[MAXK];
    double got, bar;
    /* the layout being built, and the best one */
    int np, pk[MAXN], pr[MAXN];
    int nbest, bk[MAXN], br[MAXN], bf[MAXN], has_best;
    double best_a, best_b;
    int best_score, best_length, best_cards_next, best_gains, best_uses_common;
    /* the steps and the budget */
    long long taken, cap, ticks, node_limit;
    int has_deadline;
    double deadline;
    PyObject *is_set;
    int status;
} S;

/* -- the hand ----------------------------------------------------------------------------------------------------- */

typedef struct {
    const int64_t *ints;
    Py_ssize_t ni, i;
    const double *floats;
    Py_ssize_t nf, f;
    int bad;
} Reader;

static long long rd_int(Reader *r, long long lo, long long hi) {
    if (r->i >= r->ni) {
        r->bad = 1;
        return lo;
    }
    long long v = r->ints[r->i++];
    if (v < lo || v > hi) {
        r->bad = 1;
        return lo;
    }
    return v;
}

static double rd_float(Reader *r) {
    if (r->f >= r->nf) {
        r->bad = 1;
        return 0.0;
    }
    double v = r->floats[r->f++];
    if (!isfinite(v)) r->bad = 1;
    return v;
}

static void card_read(Reader *r, Card *card, int L) {
    card->nletters = (int)rd_int(r, 1, 2);
    card->letter[0] = (int)rd_int(r, 0, L - 1);
    card->letter[1] = (int)rd_int(r, -1, L - 1);
    if ((card->nletters == 2) != (card->letter[1] >= 0)) r->bad = 1;
    card->score = (int)rd_int(r, 0, 1000);
    card->nab = (int)rd_int(r, 0, MAXAB);
    for (int a = 0; a < card->nab; a++) {
        card->ab_kind[a] = (int)rd_int(r, A_NONE, A_WILDS);
        card->ab_amount[a] = (int)rd_int(r, 0, 1000);
        card->ab_length[a] = (int)rd_int(r, 0, 1000);
    }
}

/* The hand, in the order solver/search/paperback/native.py's ``pack`` writes it; 0, or -1 when it does not fit. */
static int ctx_read(Ctx *c, Reader *r) {
    if (rd_int(r, VERSION, VERSION) != VERSION || r->bad) return -1;
    c->K = (int)rd_int(r, 0, MAXK);
    c->L = (int)rd_int(r, 0, MAXL);
    if (r->bad) return -1;
    for (int k = 0; k < c->K; k++) {
        card_read(r, &c->kinds[k], c->L);
        c->counts[k] = (int)rd_int(r, 1, MAXN);
        c->val[k] = rd_float(r);
    }
    c->has_common = (int)rd_int(r, 0, 1);
    if (c->has_common) card_read(r, &c->common, c->L);
    c->common_val = rd_float(r);
    c->wilds = (int)rd_int(r, 0, MAXN);
    c->dyslexic = (int)rd_int(r, 0, MAXN);
    c->spacebar = (int)rd_int(r, 0, 1);
    c->factor = (int)rd_int(r, 1, MAX_FACTOR);
    c->extra = (int)rd_int(r, 0, MAXN + 1);
    c->threshold = (int)rd_int(r, -1, 1000);
    c->state_common = (int)rd_int(r, 0, 1);
    for (int l = 0; l < c->L && !r->bad; l++) {
        c->nsingles[l] = (int)rd_int(r, 0, c->K);
        for (int j = 0; j < c->nsingles[l]; j++) {
            int k = (int)rd_int(r, 0, c->K - 1);
            if (!r->bad && (c->kinds[k].nletters != 1 || c->kinds[k].letter[0] != l)) r->bad = 1;
            c->singles[l][j] = k;
        }
    }
    c->ndoubles = (int)rd_int(r, 0, c->K);
    for (int j = 0; j < c->ndoubles && !r->bad; j++) {
        int k = (int)rd_int(r, 0, c->K - 1);
        if (!r->bad && c->kinds[k].nletters != 2) r->bad = 1;
        c->doubles[j] = k;
    }
    for (int l = 0; l < c->L + 2; l++) c->by_letter[l] = rd_float(r);
    if (r->bad || r->i != r->ni || r->f != r->nf) return -1;
    return 0;
}

/* -- the budget (Steps.tick, Budget.check) ------------------------------------------------------------------------ */

static double monotonic(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* 1 (with ``status`` set) when the search must stop: past the step cap (OutOfSteps), else one budget step and past
 * its limits (OutOfTime), as Budget.expired reads them: the step limit, the cancel event, the deadline. */
static int tick(S *s) {
    if (s->cap >= 0 && s->taken > s->cap) {
        s->status = S_OUT_OF_STEPS;
        return 1;
    }
    s->ticks++;
    if (s->node_limit >= 0 && s->ticks > s->node_limit) {
        s->status = S_OUT_OF_TIME;
        return 1;
    }
    if (s->is_set != NULL) {
        PyObject *r = PyObject_CallNoArgs(s->is_set);
        if (r == NULL) {
            s->status = S_ERROR;
            return 1;
        }
        int t = PyObject_IsTrue(r);
        Py_DECREF(r);
        if (t != 0) {
            s->status = t < 0 ? S_ERROR : S_OUT_OF_TIME;
            return 1;
        }
    }
    if (s->has_deadline && monotonic() > s->deadline) {
        s->status = S_OUT_OF_TIME;
        return 1;
    }
    return 0;
}

/* -- the score of a layout (rules.py) ----------------------------------------------------------------------------- */

/* best_doubles: the most the pieces' scores sum to with every double-letter ability aimed at a neighbour, and (with
 * ``factors``) the factors that give it, as rules.py's programme picks them. The state is what the last two pieces
 * sent right, each capped at 2 (key two * 3 + one); as the Python's dicts, each layer keeps its states in the order
 * they were first reached, and a state's total and back pointer change only for a strictly larger total, so ties
 * resolve as they do there. */
static int best_doubles(int m, const int *base, const int *doublers, const int *barrier, int *factors) {
    int total[9], nxt[9], order[9], norder = 1, nxt_order[9], nnxt;
    signed char back_prev[MAXN][9], back_left[MAXN][9];
    for (int q = 0; q < 9; q++) total[q] = -1;
    total[0] = 0;
    order[0] = 0;
    for (int j = 0; j < m; j++) {
        int d = doublers[j];
        int left = j > 0 && !barrier[j] && !barrier[j - 1];
        int right = j + 1 < m && !barrier[j] && !barrier[j + 1];
        int splits[6], ns = 0;
        if (left && right) { /* sorted({0, 1, 2, d - 2, d - 1, d} within 0..d) */
            int cand[6] = {0, 1, 2, d - 2, d - 1, d};
            for (int x = 0; x < 6; x++) {
                int v = cand[x], seen = 0;
                if (v < 0 || v > d) continue;
                for (int y = 0; y < ns; y++) seen |= splits[y] == v;
                if (seen) continue;
                int y = ns++;
                while (y > 0 && splits[y - 1] > v) {
                    splits[y] = splits[y - 1];
                    y--;
                }
                splits[y] = v;
            }
        } else {
            splits[ns++] = left ? d : 0;
        }
        for (int q = 0; q < 9; q++) nxt[q] = -1;
        nnxt = 0;
        for (int o = 0; o < norder; o++) {
            int st = order[o], two = st / 3, one = st % 3;
            for (int x = 0; x < ns; x++) {
                int to_left = splits[x];
                int to_right = right ? d - to_left : 0;
                int f = 1 + two + to_left;
                int settled = total[st] + (j > 0 ? base[j - 1] * (f < MAX_FACTOR ? f : MAX_FACTOR) : 0);
                int q = one * 3 + (to_right < 2 ? to_right : 2);
                if (nxt[q] < 0) nxt_order[nnxt++] = q;
                if (nxt[q] < 0 || settled > nxt[q]) {
                    nxt[q] = settled;
                    back_prev[j][q] = (signed char)st;
                    back_left[j][q] = (signed char)(to_left < 3 ? to_left : 3); /* only whether 0, 1, 2 or more */
                }
            }
        }
        memcpy(total, nxt, sizeof total);
        memcpy(order, nxt_order, sizeof(int) * (size_t)nnxt);
        norder = nnxt;
    }
    if (m == 0) return 0;
    int best = -1, state = 0;
    for (int o = 0; o < norder; o++) {
        int st = order[o], f = 1 + st / 3;
        int final = total[st] + base[m - 1] * (f < MAX_FACTOR ? f : MAX_FACTOR);
        if (final > best) {
            best = final;
            state = st;
        }
    }
    if (factors != NULL) {
        int sent_left[MAXN], sent_right[MAXN];
        for (int j = m - 1; j >= 0; j--) {
            sent_left[j] = back_left[j][state];
            sent_right[j] = state % 3;
            state = back_prev[j][state];
        }
        for (int j = 0; j < m; j++) {
            int f = 1 + (j > 0 ? sent_right[j - 1] : 0) + (j + 1 < m ? sent_left[j + 1] : 0);
            factors[j] = f < MAX_FACTOR ? f : MAX_FACTOR;
        }
    }
    return best;
}

static const Card *card_of(const Ctx *c, int kind) {
    if (kind >= 0) return &c->kinds[kind];
    if (kind == P_COMMON) return c->has_common ? &c->common : NULL;
    return NULL;
}

static int piece_length(const Ctx *c, int kind) {
    const Card *card = card_of(c, kind);
    return card != NULL ? card->nletters : 1;
}

/* rules.score on the layout built, then the objective's key of the move; the first best in enumeration order kept,
 * and the bar raised past its score (search.py's ``solve``). */
static void leaf(S *s) {
    const Ctx *c = s->c;
    int m = s->np;
    int base[MAXN], doublers[MAXN], barrier[MAXN];
    int length = 0, wild_n = 0, reversals = 0, uses_space = 0;
    for (int i = 0; i < m; i++) {
        length += piece_length(c, s->pk[i]);
        wild_n += s->pk[i] == P_WILD;
        reversals += s->pr[i];
        uses_space |= s->pk[i] == P_SPACE;
    }
    int flat = 0, mult = 1, cards_next = 0, any_doubler = 0, sum = 0;
    for (int i = 0; i < m; i++) {
        const Card *card = card_of(c, s->pk[i]);
        base[i] = card != NULL ? card->score : 0;
        sum += base[i];
        doublers[i] = 0;
        barrier[i] = s->pk[i] == P_SPACE;
        if (card == NULL) continue;
        for (int a = 0; a < card->nab; a++) {
            int amount = card->ab_amount[a];
            switch (card->ab_kind[a]) {
            case A_PLUS: flat += amount; break;
            case A_DOUBLE_WORD: mult += 1; break;
            case A_DOUBLE_LETTER:
                doublers[i] += 1;
                any_doubler = 1;
                break;
            case A_CARDS: cards_next += amount; break;
            case A_LENGTH: flat += length >= card->ab_length[a] ? amount : 0; break;
            case A_FIRST: flat += i == 0 ? amount : 0; break;
            case A_LAST: flat += i == m - 1 ? amount : 0; break;
            case A_NOWILD: flat += wild_n == 0 ? amount : 0; break;
            case A_WILDS: flat += amount * wild_n; break;
            default: break;
            }
        }
    }
    flat += reversals + uses_space;
    if (mult > MAX_FACTOR) mult = MAX_FACTOR;
    int inner = any_doubler ? best_doubles(m, base, doublers, barrier, NULL) : sum;
    int score = (inner + flat) * mult;
    int gains = c->threshold >= 0 && c->state_common && length >= c->threshold;
    double value = (double)score + (gains ? 3.0 : 0.0) + 0.5 * (double)cards_next; /* moves.py's value_of */
    double a, b;
    if (s->objective == O_LENGTH) {
        a = length;
        b = score;
    } else if (s->objective == O_VALUE) {
        a = value;
        b = length;
    } else {
        a = score;
        b = length;
    }
    if (s->has_best && !(a > s->best_a || (a == s->best_a && b > s->best_b))) return;
    s->has_best = 1;
    s->best_a = a;
    s->best_b = b;
    s->best_score = score;
    s->best_length = length;
    s->best_cards_next = cards_next;
    s->best_gains = gains;
    s->best_uses_common = 0;
    s->nbest = m;
    for (int i = 0; i < m; i++) {
        s->bk[i] = s->pk[i];
        s->br[i] = s->pr[i];
        s->bf[i] = 1;
        s->best_uses_common |= s->pk[i] == P_COMMON || s->pk[i] == P_SPACE;
    }
    if (any_doubler) best_doubles(m, base, doublers, barrier, s->bf);
    if (s->objective != O_VALUE) {
        double raised = (double)score + 0.5;
        if (raised > s->bar) s->bar = raised;
    }
}

/* -- the layouts (layout.py's ``rec``) ---------------------------------------------------------------------------- */

static int starts_with(const S *s, int pos, const int *letters, int nletters) {
    if (pos + nletters > s->n) return 0;
    for (int i = 0; i < nletters; i++)
        if (s->text[pos + i] != letters[i]) return 0;
    return 1;
}

/* 1 when the search must stop (``status`` says why). */
static int rec(S *s, int pos, int wilds, int common_free, int dys) {
    const Ctx *c = s->c;
    s->taken++;
    if ((s->taken & (TICK - 1)) == 0 && tick(s)) return 1;
    if (pos == s->n) {
        leaf(s);
        return 0;
    }
    if ((s->got + s->rest[pos] + (double)c->extra) * (double)c->factor < s->bar) return 0;
    int ch = s->text[pos];
    int space = c->L + 1;
    if (ch == space) {
        if (c->spacebar && common_free) {
            s->pk[s->np] = P_SPACE;
            s->pr[s->np++] = 0;
            if (rec(s, pos + 1, wilds, 0, dys)) return 1;
            s->np--;
        }
        return 0;
    }
    if (ch < c->L) {
        for (int j = 0; j < c->nsingles[ch]; j++) {
            int k = c->singles[ch][j];
            if (!s->counts[k]) continue;
            s->counts[k]--;
            s->got += c->val[k];
            s->pk[s->np] = k;
            s->pr[s->np++] = 0;
            if (rec(s, pos + 1, wilds, common_free, dys)) return 1;
            s->np--;
            s->got -= c->val[k];
            s->counts[k]++;
        }
    }
    if (pos + 1 < s->n && s->text[pos + 1] != space) {
        int pair0 = ch, pair1 = s->text[pos + 1];
        for (int j = 0; j < c->ndoubles; j++) {
            int k = c->doubles[j];
            if (!s->counts[k]) continue;
            const Card *card = &c->kinds[k];
            for (int rev = 0; rev < 2; rev++) {
                if (rev && dys == 0) continue;
                int l0 = rev ? card->letter[1] : card->letter[0], l1 = rev ? card->letter[0] : card->letter[1];
                if (l0 != pair0 || l1 != pair1) continue;
                s->counts[k]--;
                s->got += c->val[k];
                s->pk[s->np] = k;
                s->pr[s->np++] = rev;
                if (rec(s, pos + 2, wilds, common_free, dys - rev)) return 1;
                s->np--;
                s->got -= c->val[k];
                s->counts[k]++;
            }
        }
    }
    if (c->has_common && common_free) {
        const Card *cl = &c->common;
        s->got += c->common_val;
        if (starts_with(s, pos, cl->letter, cl->nletters)) {
            s->pk[s->np] = P_COMMON;
            s->pr[s->np++] = 0;
            if (rec(s, pos + cl->nletters, wilds, 0, dys)) return 1;
            s->np--;
        }
        int reversed[2] = {cl->letter[1], cl->letter[0]};
        if (cl->nletters == 2 && dys && starts_with(s, pos, reversed, 2)) {
            s->pk[s->np] = P_COMMON;
            s->pr[s->np++] = 1;
            if (rec(s, pos + 2, wilds, 0, dys - 1)) return 1;
            s->np--;
        }
        s->got -= c->common_val;
    }
    if (wilds) {
        s->pk[s->np] = P_WILD;
        s->pr[s->np++] = 0;
        if (rec(s, pos + 1, wilds - 1, common_free, dys)) return 1;
        s->np--;
    }
    return 0;
}

/* -- the module --------------------------------------------------------------------------------------------------- */

static PyObject *context_new(PyTypeObject *type, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"ints", "floats", NULL};
    Py_buffer ib, fb;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "y*y*", kwlist, &ib, &fb)) return NULL;
    Ctx *c = (Ctx *)type->tp_alloc(type, 0);
    if (c == NULL) {
        PyBuffer_Release(&ib);
        PyBuffer_Release(&fb);
        return NULL;
    }
    Reader r = {(const int64_t *)ib.buf, ib.len / (Py_ssize_t)sizeof(int64_t), 0,
                (const double *)fb.buf, fb.len / (Py_ssize_t)sizeof(double), 0, 0};
    int ok = ib.len % (Py_ssize_t)sizeof(int64_t) == 0 && fb.len % (Py_ssize_t)sizeof(double) == 0;
    ok = ok && ctx_read(c, &r) == 0;
    PyBuffer_Release(&ib);
    PyBuffer_Release(&fb);
    if (!ok) {
        Py_DECREF(c);
        PyErr_SetString(PyExc_ValueError, "layout: the packed hand does not fit the kernel's layout");
        return NULL;
    }
    return (PyObject *)c;
}

static PyTypeObject ContextType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "solver.search.paperback._layout.Context",
    .tp_basicsize = sizeof(Ctx),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A Paperback hand packed for the layout search (solver/search/paperback/native.py's pack).",
    .tp_new = context_new,
};

/* solve(context, text, need, objective, taken, cap, ticks, node_limit, deadline, is_set)
 *   -> (status, taken, ticks, best or None)
 * The best layout of a text (its codes, one byte a character), as PaperbackSearch.solve finds it: None when it
 * scores less than ``need``. ``taken`` and ``cap`` are the Steps' (cap -1: none), ``ticks`` and ``node_limit`` the
 * Budget's (-1: none), ``deadline`` its time.monotonic() deadline (NaN: none), ``is_set`` its cancel event's is_set
 * or None.
 * ``best``: (score, length, gains_common, cards_next, uses_common, pieces) of the move rules.score makes of the best
 * layout, ``pieces`` three bytes a piece: its kind + 3 (so WILD is 0), whether it is reversed, its factor. */
/* One text's search in ``s`` (zeroed but for the budget's fields, which carry over from text to text): the text's
 * codes (checked), the need, then ``rec``; 0, or -1 with a Python error set. */
static int search_text(S *s, const Ctx *c, const unsigned char *t, Py_ssize_t len, double need, int objective) {
    if (len < 1 || len > MAXN) {
        PyErr_SetString(PyExc_ValueError, "layout: a text of 1 to 128 characters");
        return -1;
    }
    s->c = c;
    s->n = (int)len;
    for (int i = 0; i < s->n; i++) {
        if (t[i] > c->L + 1) {
            PyErr_SetString(PyExc_ValueError, "layout: a character code beyond the card letters");
            return -1;
        }
        s->text[i] = t[i];
    }
    s->rest[s->n] = 0.0; /* layout.py's _rest */
    for (int q = s->n - 1; q >= 0; q--) s->rest[q] = s->rest[q + 1] + c->by_letter[s->text[q]];
    memcpy(s->counts, c->counts, sizeof(int) * (size_t)c->K);
    s->objective = objective;
    s->bar = need;
    rec(s, 0, c->wilds, 1, c->dyslexic);
    if (s->has_best && (double)s->best_score < need) s->has_best = 0; /* it cannot matter: None, as search.py */
    if (s->status == S_ERROR) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_RuntimeError, "layout: the search failed");
        return -1;
    }
    return 0;
}

/* The best layout ``s`` found, as native.py reads it, or None. */
static PyObject *best_of(const S *s) {
    if (!s->has_best) Py_RETURN_NONE;
    PyObject *pieces = PyBytes_FromStringAndSize(NULL, 3 * (Py_ssize_t)s->nbest);
    if (pieces == NULL) return NULL;
    char *b = PyBytes_AS_STRING(pieces);
    for (int i = 0; i < s->nbest; i++) {
        b[3 * i] = (char)(s->bk[i] + 3);
        b[3 * i + 1] = (char)s->br[i];
        b[3 * i + 2] = (char)s->bf[i];
    }
    return Py_BuildValue("(iiiiiN)", s->best_score, s->best_length, s->best_gains, s->best_cards_next,
                         s->best_uses_common, pieces);
}

/* The search's budget, checked, into a fresh ``S``; NULL with a Python error set. */
static S *new_search(int objective, double need, long long taken, long long cap, long long ticks, long long node_limit,
                     double deadline, PyObject *is_set) {
    if (objective < O_SCORE || objective > O_VALUE || isnan(need) || taken < 0 || ticks < 0 || cap < -1 ||
        node_limit < -1 || (is_set != Py_None && !PyCallable_Check(is_set))) {
        PyErr_SetString(PyExc_ValueError, "layout: an objective of 0 to 2, a need, steps and a budget");
        return NULL;
    }
    S *s = (S *)PyMem_Calloc(1, sizeof(S));
    if (s == NULL) return (S *)PyErr_NoMemory();
    s->taken = taken;
    s->cap = cap;
    s->ticks = ticks;
    s->node_limit = node_limit;
    s->has_deadline = !isnan(deadline);
    s->deadline = deadline;
    s->is_set = is_set == Py_None ? NULL : is_set;
    return s;
}

/* ``s`` zeroed for the next text, its budget kept. */
static void next_text(S *s) {
    long long taken = s->taken, cap = s->cap, ticks = s->ticks, node_limit = s->node_limit;
    int has_deadline = s->has_deadline;
    double deadline = s->deadline;
    PyObject *is_set = s->is_set;
    memset(s, 0, sizeof(S));
    s->taken = taken;
    s->cap = cap;
    s->ticks = ticks;
    s->node_limit = node_limit;
    s->has_deadline = has_deadline;
    s->deadline = deadline;
    s->is_set = is_set;
}

static PyObject *layout_solve(PyObject *self, PyObject *args) {
    PyObject *ctx_obj, *is_set;
    Py_buffer tb;
    double need, deadline;
    int objective;
    long long taken, cap, ticks, node_limit;
    if (!PyArg_ParseTuple(args, "O!y*diLLLLdO", &ContextType, &ctx_obj, &tb, &need, &objective, &taken, &cap, &ticks,
                          &node_limit, &deadline, &is_set))
        return NULL;
    S *s = new_search(objective, need, taken, cap, ticks, node_limit, deadline, is_set);
    if (s == NULL || search_text(s, (const Ctx *)ctx_obj, (const unsigned char *)tb.buf, tb.len, need, objective) < 0) {
        PyBuffer_Release(&tb);
        PyMem_Free(s);
        return NULL;
    }
    PyBuffer_Release(&tb);
    PyObject *best = best_of(s);
    PyObject *out = best == NULL ? NULL : Py_BuildValue("iLLN", s->status, s->taken, s->ticks, best);
    PyMem_Free(s);
    return out;
}

/* ``solve`` of many texts one after the other (search.py's ``_solve_many``): the texts' codes end to end, ``ends``
 * where each ends (native int32), ``needs`` each text's need (native double). Stops after the text whose search a
 * limit ended. (status, taken, ticks, the texts searched, [(k, text k's best) for each text with one]). */
static PyObject *layout_solve_many(PyObject *self, PyObject *args) {
    PyObject *ctx_obj, *is_set;
    Py_buffer tb, eb, nb;
    double deadline;
    int objective;
    long long taken, cap, ticks, node_limit;
    if (!PyArg_ParseTuple(args, "O!y*y*y*iLLLLdO", &ContextType, &ctx_obj, &tb, &eb, &nb, &objective, &taken, &cap,
                          &ticks, &node_limit, &deadline, &is_set))
        return NULL;
    PyObject *found = NULL;
    S *s = NULL;
    const int32_t *ends = (const int32_t *)eb.buf;
    const double *needs = (const double *)nb.buf;
    Py_ssize_t count = eb.len / (Py_ssize_t)sizeof(int32_t), start = 0, searched = 0;
    if (eb.len % (Py_ssize_t)sizeof(int32_t) != 0 || nb.len != count * (Py_ssize_t)sizeof(double)) {
        PyErr_SetString(PyExc_ValueError, "layout: the texts' ends (32-bit integers) and needs (doubles), one each");
        goto done;
    }
    for (Py_ssize_t k = 0; k < count; k++) {
        if (isnan(needs[k])) {
            PyErr_SetString(PyExc_ValueError, "layout: a need is a number");
            goto done;
        }
    }
    s = new_search(objective, 0.0, taken, cap, ticks, node_limit, deadline, is_set);
    found = s == NULL ? NULL : PyList_New(0);
    if (found == NULL) goto done;
    for (Py_ssize_t k = 0; k < count; k++) {
        Py_ssize_t end = ends[k];
        if (end <= start || end > tb.len) {
            PyErr_SetString(PyExc_ValueError, "layout: the texts' ends must rise within the texts");
            Py_CLEAR(found);
            goto done;
        }
        next_text(s);
        if (search_text(s, (const Ctx *)ctx_obj, (const unsigned char *)tb.buf + start, end - start, needs[k],
                        objective) < 0) {
            Py_CLEAR(found);
            goto done;
        }
        searched = k + 1;
        if (s->has_best) {
            PyObject *best = best_of(s);
            PyObject *item = best == NULL ? NULL : Py_BuildValue("nN", k, best);
            if (item == NULL || PyList_Append(found, item) < 0) {
                Py_XDECREF(item);
                Py_CLEAR(found);
                goto done;
            }
            Py_DECREF(item);
        }
        start = end;
        if (s->status != S_DONE) break;
    }
done:
    PyBuffer_Release(&tb);
    PyBuffer_Release(&eb);
    PyBuffer_Release(&nb);
    PyObject *out = found == NULL ? NULL : Py_BuildValue("iLLnN", s->status, s->taken, s->ticks, searched, found);
    PyMem_Free(s);
    return out;
}

static PyMethodDef methods[] = {
    {"solve", layout_solve, METH_VARARGS, "The best layout of one text that could reach a need (see _layout.c)."},
    {"solve_many", layout_solve_many, METH_VARARGS, "solve of many texts with one need (see _layout.c)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_layout", "Paperback's per-word layout search, compiled (solver/search/paperback/native.py).",
    -1, methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__layout(void) {
    if (PyType_Ready(&ContextType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (m == NULL) return NULL;
    if (PyModule_AddIntConstant(m, "VERSION", VERSION) < 0 || PyModule_AddIntConstant(m, "MAX_TEXT", MAXN) < 0 ||
        PyModule_AddIntConstant(m, "MAX_KINDS", MAXK) < 0 || PyModule_AddIntConstant(m, "MAX_LETTERS", MAXL) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    Py_INCREF(&ContextType);
    if (PyModule_AddObject(m, "Context", (PyObject *)&ContextType) < 0) {
        Py_DECREF(&ContextType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
