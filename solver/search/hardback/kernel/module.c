/* The Python face of the kernel: the packed pool read (ctx_read), the Context type, solve: see kernel.h. */
#include "kernel.h"
#include "../../module.h"

/* -- the Python face -------------------------------------------------------------------------------------------- */

typedef struct {
    const long long *ints;
    Py_ssize_t ni, pi;
    const double *floats;
    Py_ssize_t nf, pf;
    int bad;
} Reader;

static long long rd_i(Reader *r) {
    if (r->pi >= r->ni) {
        r->bad = 1;
        return 0;
    }
    return r->ints[r->pi++];
}

static double rd_f(Reader *r) {
    if (r->pf >= r->nf) {
        r->bad = 1;
        return 0.0;
    }
    return r->floats[r->pf++];
}

static int in_range(long long v, long long lo, long long hi) { return v >= lo && v <= hi; }

/* an integer in lo..hi (0, and the reader marked bad, when out of it) */
static int rd_in(Reader *r, long long lo, long long hi) {
    long long v = rd_i(r);
    if (!in_range(v, lo, hi)) {
        r->bad = 1;
        return 0;
    }
    return (int)v;
}

#define I(lo, hi) rd_in(r, lo, hi)

/* a kind's benefits under one activity (a = 0 its genre inactive, 1 active): its counts, dumps and values */
static void read_side(Kind *p, int a, Reader *r) {
    p->nspec[a] = I(0, MAXSPEC);
    for (int j = 0; j < p->nspec[a]; j++) {
        p->sper[a][j] = I(0, NCOUNTS - 1);
        p->sgenre[a][j] = I(-1, 3);
        if (p->sper[a][j] == PER_GENRE && p->sgenre[a][j] < 0) r->bad = 1;
        p->scoef[a][j] = rd_f(r);
    }
    p->ndump[a] = I(0, MAXDUMP);
    for (int j = 0; j < p->ndump[a]; j++) p->dump[a][j] = I(-(1 << 20), 1 << 20);
    for (int f = 0; f < 4; f++) p->value[a][f] = rd_f(r);
}

static void read_kind(Kind *p, Reader *r, int C) {
    p->letter = I(0, C - 1);
    p->source = I(0, 3);
    p->pool = I(0, 1);
    p->own = I(0, 1);
    p->genre = I(-1, 3);
    p->timeless = I(0, 1);
    p->count = I(0, 1 << 20);
    p->imposed = I(0, 1);
    if (p->imposed && p->source != INKED) r->bad = 1;
    for (int a = 0; a < 2; a++) p->unc[a] = I(0, MAXUNC);
    for (int a = 0; a < 2; a++) p->dbl[a] = I(0, 4);
    p->om_unc = I(0, MAXUNC);
    p->om_dbl = I(0, 4);
    p->plain = I(0, 1);
    p->is_uncoverer = p->om_unc > 0;
    for (int a = 0; a < 2; a++) read_side(p, a, r);
    p->opt[0] = rd_f(r);
    p->opt[1] = rd_f(r);
    p->per_wild = rd_f(r);
    p->step = rd_f(r);
    p->nwstep = I(0, 2);
    for (int a = 0; a < p->nwstep; a++) {
        p->wstep_d[a] = rd_f(r);
        p->wstep_c[a] = rd_f(r);
    }
}

/* a list of kinds: its length, then each */
static int read_list(Reader *r, int K, int *arr) {
    int n = I(0, K);
    for (int j = 0; j < n && !r->bad; j++) arr[j] = I(0, K - 1);
    return n;
}

static void read_lists(Ctx *c, Reader *r) {
    int K = c->K;
    for (int l = 0; l < c->C; l++) c->nby_letter[l] = read_list(r, K, c->by_letter[l]);
    c->npool_kinds = read_list(r, K, c->pool_kinds);
    c->norder[0] = read_list(r, K, c->order[0]);
    c->norder[1] = read_list(r, K, c->order[1]);
    if (read_list(r, K, c->by_step) != K) r->bad = 1;
    c->nuncoverers = read_list(r, K, c->uncoverers);
    c->nwild_kinds = read_list(r, K, c->wild_kinds);
    c->ndoublers = read_list(r, K, c->doublers);
    c->nwild_stepped = read_list(r, K, c->wild_stepped);
    c->nmine = read_list(r, K, c->mine);
    c->npoolk = read_list(r, K, c->poolk);
}

static void read_totals(Ctx *c, Reader *r) {
    for (int l = 0; l < c->C; l++) c->uncoverer_letter[l] = I(0, 1);
    for (int l = 0; l < c->C; l++) c->classic_letters[l] = I(0, 1 << 20);
    c->pool_uncoverers = I(0, 1 << 20);
    c->discard = I(0, 1 << 20);
    c->removers = I(0, 1 << 20);
    c->pool_size = I(0, 1 << 20);
    c->inked_total = I(0, 1 << 20);
    c->imposed_total = I(0, 1 << 20);
    c->awards = I(0, 1);
    c->dumps_flag = I(0, 1);
    c->fodder_total = I(0, 1 << 22);
    c->slack_award_on = I(0, 1);
    c->slack_rem_on = I(0, 1);
    for (int g = 0; g < 4; g++) c->base_genres[g] = I(0, 1 << 20);
    c->w_coins = rd_f(r);
    c->w_dump = rd_f(r);
    c->w_sent = rd_f(r);
    c->w_kept = rd_f(r);
    c->w_rem = rd_f(r);
    c->mine_opt[0] = rd_f(r);
    c->mine_opt[1] = rd_f(r);
    for (int L = 0; L <= MAXN; L++) c->slack_award[L] = rd_f(r);
    for (int L = 0; L <= MAXN; L++) c->res_award[L] = rd_f(r);
    c->rem_slack = rd_f(r);
}

#undef I

/* what the doublers make of the pool: split, free_passing, the genres a doubling needs active and the kinds that
 * count for each, the card counted apart (stepped) */
static void derive_doublers(Ctx *c) {
    c->split = 0;
    for (int di = 0; di < c->ndoublers; di++)
        if (c->kinds[c->doublers[di]].pool) c->split = 1;
    c->free_passing = 1;
    for (int di = 0; di < c->ndoublers; di++)
        if (c->kinds[c->doublers[di]].is_uncoverer) c->free_passing = 0;
    int doubling_genre[4] = {0, 0, 0, 0};
    for (int di = 0; di < c->ndoublers; di++) {
        const Kind *p = &c->kinds[c->doublers[di]];
        if (p->genre >= 0 && p->dbl[0] < p->dbl[1]) doubling_genre[p->genre] = 1;
    }
    c->ngenre_doublers = 0;
    for (int g = 0; g < 4; g++) {
        if (doubling_genre[g]) c->genre_doublers[c->ngenre_doublers++] = g;
        c->ncounted[g] = 0;
    }
    for (int k = 0; k < c->K; k++) {
        const Kind *p = &c->kinds[k];
        if (p->genre >= 0 && p->source != MINE && p->source != OTHER) c->counted[p->genre][c->ncounted[p->genre]++] = k;
    }
    c->stepped = -1; /* WordSolver.stepped */
    if (c->nwild_stepped == 1 && c->kinds[c->wild_stepped[0]].count == 1 && c->ndoublers) {
        const Kind *p = &c->kinds[c->wild_stepped[0]];
        int growing = 1;
        for (int a = 0; a < p->nwstep; a++)
            if (p->wstep_c[a] < 0) growing = 0;
        if (growing) c->stepped = c->wild_stepped[0];
    }
}

/* the per-kind lists the search reads (passes, inked kinds, steps, doubling kinds, uncoverers by letter); 0 when a
 * letter is out of range */
static int derive_kinds(Ctx *c) {
    for (int k = 0; k < c->K; k++)
        c->kinds[k].passes = c->free_passing && c->kinds[k].is_uncoverer && c->kinds[k].pool;
    c->inked_kinds = 0;
    for (int k = 0; k < c->K; k++)
        if (c->kinds[k].source == INKED) c->inked_kinds++;
    for (int k = 0; k < c->K; k++) c->steps[k] = c->kinds[k].step;
    c->nable = 0;
    for (int k = 0; k < c->K; k++)
        if (c->kinds[k].dbl[0] > 0 || c->kinds[k].om_dbl > 0) c->able[c->nable++] = k;
    for (int l = 0; l < c->C; l++) c->nunc_by_letter[l] = 0;
    for (int ui = 0; ui < c->nuncoverers; ui++) {
        int k = c->uncoverers[ui], l = c->kinds[k].letter;
        if (l >= 0 && l < c->C) c->unc_by_letter[l][c->nunc_by_letter[l]++] = k;
        else return 0;
    }
    return 1;
}

/* Reads the packed pool (compiled.py's ``pack``, in the same order); 0 when the layout does not fit. */
static int ctx_read(Ctx *c, Reader *r) {
    if (rd_in(r, 0, 1 << 30) != LAYOUT || r->bad) return 0;
    c->K = rd_in(r, 0, MAXK);
    c->C = rd_in(r, 0, MAXC);
    if (r->bad) return 0;
    for (int k = 0; k < c->K; k++) {
        read_kind(&c->kinds[k], r, c->C);
        if (r->bad) return 0;
    }
    read_lists(c, r);
    read_totals(c, r);
    long long room = MAXN * MAXDUMP;
    for (int mi = 0; mi < c->nmine; mi++) {
        const Kind *p = &c->kinds[c->mine[mi]];
        room += (long long)p->count * (p->ndump[0] > p->ndump[1] ? p->ndump[0] : p->ndump[1]);
    }
    if (room > MAXDUMPS) return 0;
    long long doubler_cards = 0;
    for (int di = 0; di < c->ndoublers; di++) doubler_cards += c->kinds[c->doublers[di]].count;
    derive_doublers(c);
    if (!derive_kinds(c)) r->bad = 1;
    if (doubler_cards > MAXHIDDEN) return 0;
    return !r->bad && r->pi == r->ni && r->pf == r->nf;
}

PyTypeObject ContextType;

static PyObject *context_new(PyTypeObject *type, PyObject *args, PyObject *kwds) {
    Py_buffer ib, fb;
    static char *kwlist[] = {"ints", "floats", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "y*y*", kwlist, &ib, &fb)) return NULL;
    Ctx *c = (Ctx *)type->tp_alloc(type, 0);
    if (c == NULL) goto done;
    Reader r = {(const long long *)ib.buf, ib.len / (Py_ssize_t)sizeof(long long), 0,
                (const double *)fb.buf, fb.len / (Py_ssize_t)sizeof(double), 0, 0};
    if (!ctx_read(c, &r)) {
        Py_DECREF(c);
        c = NULL;
        PyErr_SetString(PyExc_ValueError, "kernel: the packed pool does not fit the kernel's layout");
    }
done:
    PyBuffer_Release(&ib);
    PyBuffer_Release(&fb);
    return (PyObject *)c;
}

PyTypeObject ContextType = SEARCH_CONTEXT_TYPE(
    "solver.search.hardback._kernel.Context",
    "A pool of cards packed for the kernel (solver/search/hardback/compiled.py builds it).", sizeof(Ctx), context_new);

/* solve(context, word, floor, stop_at, ticks, node_limit, checkpoint_ticks, deadline, checkpoint_at, is_set)
 *   -> (status, ticks, value, slots or None, resolution or None)
 * ``word``: one byte a letter, the card letter's index (or the number of card letters for a letter no card has);
 * integers -1 and floats NaN stand for no limit; ``is_set``: the cancel event's is_set, or None. ``slots``: two
 * bytes a letter (kind + 1, 0 for an unnamed wild; face 0 up, 1 wild, 2 uncovered) of the best placement that
 * beats ``floor`` (for status ENOUGH, the best found so far). ``resolution``: its best resolution (``Res``), one
 * byte a number: the number of uncovers and each (uncoverer, uncovered) in order, the number of doubles and each
 * (doubler, doubled), the four genres' activity, each letter's factor. */
/* a search made ready for a new word: zero but for what plan writes whole before it is read (caps, rp, apart) and
 * the resolver's memo, whose entries are a resolution's each (its generation: uncover_order starts a new one) */
static void clear_search(S *s) {
    char *b = (char *)s;
    memset(b, 0, offsetof(S, caps));
    memset(b + offsetof(S, has_unreached), 0, offsetof(S, apart) - offsetof(S, has_unreached));
    memset(b + offsetof(S, left), 0, offsetof(S, memo) - offsetof(S, left));
    s->memo_len = 0;
    s->ntargets = 0;
    memset(s->targets, 0, sizeof s->targets);
}

/* a search of the word ``w`` (``n`` letters, one letter index a byte) over the pool c, in ``reuse`` (a search done,
 * of the same pool) or new; NULL with an error set when the word does not fit */
static S *new_search(const Ctx *c, const unsigned char *w, Py_ssize_t n, S *reuse) {
    if (n < 1 || n > MAXN) {
        PyErr_SetString(PyExc_ValueError, "kernel: a word of 1 to 32 letters");
        return NULL;
    }
    for (Py_ssize_t i = 0; i < n; i++)
        if (w[i] > c->C) {
            PyErr_SetString(PyExc_ValueError, "kernel: a letter index beyond the card letters");
            return NULL;
        }
    S *s = reuse;
    if (s != NULL) {
        clear_search(s);
    } else if ((s = (S *)calloc(1, sizeof(S))) == NULL) {
        PyErr_NoMemory();
        return NULL;
    }
    s->c = c;
    s->n = (int)n;
    for (int i = 0; i < s->n; i++) s->word[i] = w[i];
    for (int k = 0; k < c->K; k++) s->left[k] = c->kinds[k].count;
    for (int k = 0; k < c->K; k++)
        if (c->kinds[k].pool) {
            s->pool_left += c->kinds[k].count;
            if (c->kinds[k].source == INKED) s->inked_left += c->kinds[k].count;
        }
    return s;
}

void free_search(S *s) {
    if (s == NULL) return;
    free(s->memo);
    free(s);
}

S *search_word(const Ctx *c, const unsigned char *w, Py_ssize_t n, double floor, long long stop_at, long long ticks,
               const Limits *lim, S *reuse) {
    S *s = new_search(c, w, n, reuse);
    if (s == NULL) return NULL;
    s->floor = floor;
    s->upper = -INFINITY;
    s->stop_at = stop_at;
    s->ticks = ticks;
    s->node_limit = lim->node_limit;
    s->checkpoint_ticks = lim->checkpoint_ticks;
    s->has_deadline = !isnan(lim->deadline);
    s->deadline = lim->deadline;
    s->has_checkpoint_at = !isnan(lim->checkpoint_at);
    s->checkpoint_at = lim->checkpoint_at;
    s->is_set = lim->is_set == Py_None ? NULL : lim->is_set;
    plan(s);
    go(s, 0, 0.0, s->uncovers, 0);
    if (s->status == S_ERROR) {
        if (reuse == NULL) free_search(s);
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_RuntimeError, "kernel: the search failed");
        return NULL;
    }
    return s;
}

/* solve's answer for the best placement found: its slots and its resolution, as bytes (NULL when out of memory) */
int best_bytes(const S *s, PyObject **slots, PyObject **res) {
    const Res *r = &s->best_res;
    *slots = PyBytes_FromStringAndSize(NULL, 2 * s->n);
    *res = PyBytes_FromStringAndSize(NULL, 2 + 2 * r->nunc + 2 * r->ndbl + 4 + s->n);
    if (*slots == NULL || *res == NULL) {
        Py_XDECREF(*slots);
        Py_XDECREF(*res);
        return 0;
    }
    char *b = PyBytes_AS_STRING(*slots);
    for (int i = 0; i < s->n; i++) {
        b[2 * i] = (char)(s->best[i].k + 1);
        b[2 * i + 1] = (char)s->best[i].face;
    }
    b = PyBytes_AS_STRING(*res);
    *b++ = (char)r->nunc;
    for (int j = 0; j < r->nunc; j++) {
        *b++ = (char)r->unc[j][0];
        *b++ = (char)r->unc[j][1];
    }
    *b++ = (char)r->ndbl;
    for (int j = 0; j < r->ndbl; j++) {
        *b++ = (char)r->dbl[j][0];
        *b++ = (char)r->dbl[j][1];
    }
    for (int g = 0; g < 4; g++) *b++ = (char)r->active[g];
    for (int q = 0; q < s->n; q++) *b++ = (char)r->factors[q];
    return 1;
}

static PyObject *kernel_solve(PyObject *self, PyObject *args) {
    PyObject *ctx_obj;
    Py_buffer wb;
    double floor;
    long long stop_at, ticks;
    Limits lim;
    if (!PyArg_ParseTuple(args, "O!y*dLLLLddO", &ContextType, &ctx_obj, &wb, &floor, &stop_at, &ticks,
                          &lim.node_limit, &lim.checkpoint_ticks, &lim.deadline, &lim.checkpoint_at, &lim.is_set))
        return NULL;
    S *s = search_word((const Ctx *)ctx_obj, (const unsigned char *)wb.buf, wb.len, floor, stop_at, ticks, &lim, NULL);
    PyBuffer_Release(&wb);
    if (s == NULL) return NULL;
    PyObject *slots = Py_None, *res = Py_None;
    if (!s->has_best) {
        Py_INCREF(Py_None);
        Py_INCREF(Py_None);
    } else if (!best_bytes(s, &slots, &res)) {
        free_search(s);
        return NULL;
    }
    PyObject *out = Py_BuildValue("iLdNNd", s->status, s->ticks, s->has_best ? s->floor : 0.0, slots, res, s->upper);
    free_search(s);
    return out;
}

static PyMethodDef methods[] = {
    {"solve", kernel_solve, METH_VARARGS, "The best placement of one word that beats a floor (see kernel/module.c)."},
    {"solve_run", kernel_solve_run, METH_VARARGS, "The best-first loop over a run of candidates (see kernel/run.c)."},
    {"signatures", kernel_signatures, METH_VARARGS, "The words' signatures, numbered (see kernel/signatures.c)."},
    {"per_word", kernel_per_word, METH_VARARGS, "The words' bounds, their signatures' (see kernel/signatures.c)."},
    {"signature_table", kernel_signature_table, METH_VARARGS, "Signatures taken apart (see kernel/signatures.c)."},
    {"feasible", kernel_feasible, METH_VARARGS, "What each signature can fill (see kernel/signatures.c)."},
    {"finish", kernel_finish, METH_VARARGS, "The signatures' bounds, whole (see kernel/signatures.c)."},
    {"keep", kernel_keep, METH_VARARGS, "The allowed words' bounds (see kernel/signatures.c)."},
    {NULL, NULL, 0, NULL},
};

SEARCH_MODULE(_kernel, "Hardback's per-word search, compiled (solver/search/hardback/compiled.py).", &ContextType,
              {"LAYOUT", LAYOUT}, {"MAX_LETTERS", MAXN}, {"MAX_KINDS", MAXK})
