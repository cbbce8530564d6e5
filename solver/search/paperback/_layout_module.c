/* Paperback's compiled layout search as a Python module (``solver.search.paperback._layout``): the hand packed by
 * solver/search/paperback/native.py (``pack``) read into a Context (``ctx_read``, in the order ``pack`` writes it), and
 * ``solve`` / ``solve_many``, which run the search of _layout.c on one text or many. */
#include "_layout.h"
#include "../module.h"

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
static int double_words(const Card *card) {
    int n = 0;
    for (int a = 0; a < card->nab; a++) n += card->ab_kind[a] == A_DOUBLE_WORD;
    return n;
}

/* ``by_share``: the most a piece can bring to one letter of a text when a card's worth is shared out over its
 * letters (a two-letter card's half on each): the tight bound's (``S.tight``); never under Tables.anywhere (which
 * the OTHER and space codes hold), as ``by_letter``; and the kinds with double-word abilities. */
static void tight_tables(Ctx *c) {
    double anywhere = c->by_letter[c->L];
    for (int l = 0; l < c->L + 2; l++) c->by_share[l] = anywhere;
    for (int k = 0; k < c->K; k++) {
        const Card *card = &c->kinds[k];
        for (int i = 0; i < card->nletters; i++) {
            double share = c->val[k] / card->nletters;
            if (share > c->by_share[card->letter[i]]) c->by_share[card->letter[i]] = share;
        }
    }
    if (c->has_common) {
        for (int i = 0; i < c->common.nletters; i++) {
            double share = c->common_val / c->common.nletters;
            if (share > c->by_share[c->common.letter[i]]) c->by_share[c->common.letter[i]] = share;
        }
    }
    c->ndw = 0;
    for (int k = 0; k < c->K; k++) {
        c->dw[k] = double_words(&c->kinds[k]);
        if (c->dw[k]) c->dw_kinds[c->ndw++] = k;
    }
    c->common_dw = c->has_common ? double_words(&c->common) : 0;
}

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
    c->word_cap = rd_int(r, 0, 1) ? MAX_WORD_FACTOR : MAX_FACTOR; /* the state's double_words_additive */
    c->factor = (int)rd_int(r, 1, c->word_cap);
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
    tight_tables(c);
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

static PyTypeObject ContextType = SEARCH_CONTEXT_TYPE(
    "solver.search.paperback._layout.Context",
    "A Paperback hand packed for the layout search (solver/search/paperback/native.py's pack).", sizeof(Ctx),
    context_new);

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
    s->run = (Run){taken, cap, ticks, node_limit, !isnan(deadline), deadline, is_set == Py_None ? NULL : is_set};
    return s;
}

/* ``s`` zeroed for the next text, its budget kept. */
static void next_text(S *s) {
    /* only what a search reads before it writes it (the whole S is kilobytes: a memset a word was most of the time
     * of a long list) */
    s->np = 0;
    s->nbest = 0;
    s->has_best = 0;
    s->got = 0.0;
    s->status = S_DONE;
}

/* solve(context, text, need, objective, (taken, cap, ticks, node_limit, deadline, is_set))
 *   -> (status, taken, ticks, best or None)
 * The best layout of a text (its codes, one byte a character), as PaperbackSearch.solve finds it: None when it
 * scores less than ``need``. ``taken`` and ``cap`` are the Steps' (cap -1: none), ``ticks`` and ``node_limit`` the
 * Budget's (-1: none), ``deadline`` its time.monotonic() deadline (NaN: none), ``is_set`` its cancel event's is_set
 * or None.
 * ``best``: (score, length, gains_common, cards_next, uses_common, pieces) of the move rules.score makes of the best
 * layout, ``pieces`` three bytes a piece: its kind + 3 (so WILD is 0), whether it is reversed, its factor. */
static PyObject *layout_solve(PyObject *self, PyObject *args) {
    PyObject *ctx_obj, *is_set;
    Py_buffer tb;
    double need, deadline;
    int objective;
    long long taken, cap, ticks, node_limit;
    if (!PyArg_ParseTuple(args, "O!y*di(LLLLdO)", &ContextType, &ctx_obj, &tb, &need, &objective, &taken, &cap,
                          &ticks, &node_limit, &deadline, &is_set))
        return NULL;
    S *s = new_search(objective, need, taken, cap, ticks, node_limit, deadline, is_set);
    const unsigned char *text = (const unsigned char *)tb.buf;
    if (s == NULL || layout_search_text(s, (const Ctx *)ctx_obj, text, tb.len, need, objective) < 0) {
        PyBuffer_Release(&tb);
        PyMem_Free(s);
        return NULL;
    }
    PyBuffer_Release(&tb);
    PyObject *best = best_of(s);
    PyObject *out = best == NULL ? NULL : Py_BuildValue("iLLN", s->status, s->run.taken, s->run.ticks, best);
    PyMem_Free(s);
    return out;
}

/* (status, taken, ticks, searched, answer) of a search of many texts, ``s`` freed; NULL when ``answer`` is (a Python
 * error set). */
static PyObject *finish(S *s, Py_ssize_t searched, PyObject *answer) {
    PyObject *out =
        answer == NULL ? NULL : Py_BuildValue("iLLnN", s->status, s->run.taken, s->run.ticks, searched, answer);
    PyMem_Free(s);
    return out;
}

/* 0 when ``ends`` holds 32-bit integers and ``needs`` one number (a double) for each; -1 with a Python error. */
static int check_needs(const Py_buffer *eb, const Py_buffer *nb, Py_ssize_t count) {
    const double *needs = (const double *)nb->buf;
    if (eb->len % (Py_ssize_t)sizeof(int32_t) != 0 || nb->len != count * (Py_ssize_t)sizeof(double)) {
        PyErr_SetString(PyExc_ValueError, "layout: the texts' ends (32-bit integers) and needs (doubles), one each");
        return -1;
    }
    for (Py_ssize_t k = 0; k < count; k++) {
        if (isnan(needs[k])) {
            PyErr_SetString(PyExc_ValueError, "layout: a need is a number");
            return -1;
        }
    }
    return 0;
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
    if (!PyArg_ParseTuple(args, "O!y*y*y*i(LLLLdO)", &ContextType, &ctx_obj, &tb, &eb, &nb, &objective, &taken,
                          &cap, &ticks, &node_limit, &deadline, &is_set))
        return NULL;
    PyObject *found = NULL;
    S *s = NULL;
    const int32_t *ends = (const int32_t *)eb.buf;
    const double *needs = (const double *)nb.buf;
    Py_ssize_t count = eb.len / (Py_ssize_t)sizeof(int32_t), start = 0, searched = 0;
    if (check_needs(&eb, &nb, count) < 0) goto done;
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
        if (layout_search_text(s, (const Ctx *)ctx_obj, (const unsigned char *)tb.buf + start, end - start, needs[k],
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
    return finish(s, searched, found);
}

/* 0 when the lexicon's buffers are as scores_many reads them (word i's letters ``letters[offsets[i]:offsets[i + 1]]``,
 * each an index into ``table``, every word of ``idx`` 1 to MAXN letters long); -1 with a Python error. */
static int check_words(const Py_buffer *lb, const Py_buffer *ob, const Py_buffer *ib, const Py_buffer *tab) {
    const int64_t *offsets = (const int64_t *)ob->buf, *idx = (const int64_t *)ib->buf;
    Py_ssize_t nwords = ob->len / (Py_ssize_t)sizeof(int64_t) - 1, count = ib->len / (Py_ssize_t)sizeof(int64_t);
    if (ob->len % (Py_ssize_t)sizeof(int64_t) || ib->len % (Py_ssize_t)sizeof(int64_t) || nwords < 0) {
        PyErr_SetString(PyExc_ValueError, "layout: the words' offsets and indices are 64-bit integers");
        return -1;
    }
    for (Py_ssize_t k = 0; k < count; k++) {
        int64_t i = idx[k];
        if (i < 0 || i >= nwords || offsets[i] < 0 || offsets[i + 1] > lb->len || offsets[i + 1] - offsets[i] < 1 ||
            offsets[i + 1] - offsets[i] > MAXN) {
            PyErr_SetString(PyExc_ValueError, "layout: a word beyond the lexicon, or of 0 or more than 128 letters");
            return -1;
        }
        for (int64_t q = offsets[i]; q < offsets[i + 1]; q++) {
            if (((const unsigned char *)lb->buf)[q] >= tab->len) {
                PyErr_SetString(PyExc_ValueError, "layout: a letter beyond the code table");
                return -1;
            }
        }
    }
    return 0;
}

/* scores_many(context, letters, offsets, idx, table, objective, (taken, cap, ticks, node_limit, deadline, is_set))
 *   -> (status, taken, ticks, searched, scores)
 * ``solve`` of lexicon words ``idx`` with no need, read from the lexicon's own buffers (``letters`` uint8 alphabet
 * indices, ``offsets`` int64, ``idx`` int64; ``table`` the kernel's code of each alphabet index), answering only each
 * best layout's score, as native int32 bytes (-1: the word has no layout), with no Python object a word: every word
 * of a hand (every.py). The layouts are bound by the cards left too (``tight``), so it takes fewer steps than
 * ``solve``, to the same scores. Stops after the word whose search a limit ended. */
static PyObject *layout_scores_many(PyObject *self, PyObject *args) {
    PyObject *ctx_obj, *is_set, *scores = NULL;
    Py_buffer lb, ob, ib, tab;
    double deadline;
    int objective;
    long long taken, cap, ticks, node_limit;
    if (!PyArg_ParseTuple(args, "O!y*y*y*y*i(LLLLdO)", &ContextType, &ctx_obj, &lb, &ob, &ib, &tab, &objective,
                          &taken, &cap, &ticks, &node_limit, &deadline, &is_set))
        return NULL;
    const int64_t *offsets = (const int64_t *)ob.buf, *idx = (const int64_t *)ib.buf;
    const unsigned char *letters = (const unsigned char *)lb.buf, *table = (const unsigned char *)tab.buf;
    Py_ssize_t count = ib.len / (Py_ssize_t)sizeof(int64_t), searched = 0;
    S *s = NULL;
    if (check_words(&lb, &ob, &ib, &tab) < 0) goto done;
    s = new_search(objective, 0.0, taken, cap, ticks, node_limit, deadline, is_set);
    scores = s == NULL ? NULL : PyBytes_FromStringAndSize(NULL, count * (Py_ssize_t)sizeof(int32_t));
    if (scores == NULL) goto done;
    int32_t *out = (int32_t *)PyBytes_AS_STRING(scores);
    for (Py_ssize_t k = 0; k < count; k++) out[k] = -1;
    s->tight = 1;
    unsigned char text[MAXN];
    for (Py_ssize_t k = 0; k < count; k++) {
        int64_t start = offsets[idx[k]], len = offsets[idx[k] + 1] - start;
        for (int64_t q = 0; q < len; q++) text[q] = table[letters[start + q]];
        next_text(s);
        if (layout_search_text(s, (const Ctx *)ctx_obj, text, (Py_ssize_t)len, -INFINITY, objective) < 0) {
            Py_CLEAR(scores);
            goto done;
        }
        searched = k + 1;
        if (s->has_best) out[k] = s->best_score;
        if (s->status != S_DONE) break;
    }
done:
    PyBuffer_Release(&lb);
    PyBuffer_Release(&ob);
    PyBuffer_Release(&ib);
    PyBuffer_Release(&tab);
    return finish(s, searched, scores);
}

static PyMethodDef methods[] = {
    {"solve", layout_solve, METH_VARARGS, "The best layout of one text that could reach a need (see _layout.c)."},
    {"solve_many", layout_solve_many, METH_VARARGS, "solve of many texts with one need (see _layout.c)."},
    {"scores_many", layout_scores_many, METH_VARARGS, "The best score of each of many texts (see _layout.c)."},
    {NULL, NULL, 0, NULL},
};

SEARCH_MODULE(_layout, "Paperback's per-word layout search, compiled (solver/search/paperback/native.py).",
              &ContextType, {"VERSION", VERSION}, {"MAX_TEXT", MAXN}, {"MAX_KINDS", MAXK}, {"MAX_LETTERS", MAXL})
