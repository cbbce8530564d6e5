/* The word bounds' per-signature part, compiled: solver/search/hardback/bound.py's ``_signature_bounds`` (with
 * ``chain_starts``) and ``_Part.bound`` (with ``_greedy`` and ``_steps``), one signature at a time instead of numpy's
 * one operation over all of them at a time.
 *
 * bound.py's numpy code is the reference: every float is computed here with the same operations in the same order
 * (per signature), so the bounds are the same doubles (tests/search/test_bound_kernel.py compares them exactly).
 * What the numpy code decides once for all signatures (the units' order, the prices ``lam``, the targets) is decided
 * here once per pattern; its early stops over all signatures (``gain.any()``) are stops per signature, which change
 * nothing as a unit brings nothing to a signature it does not gain on.
 *
 * Two calls, as the patterns' ``_Kinds`` are read in Python between them:
 *   patterns(...)  the uncover budget (``can_uncover``, ``spare``, ``uncoverable``) and each signature's pattern;
 *   parts(...)     each signature's cards' part (``_Part.bound``) under the kinds of its pattern.
 * Input the kernel cannot take (sizes that disagree, values out of range, floats not finite) raises ValueError and
 * bound.py runs its numpy code instead; every loop is bounded by the sizes and ranges checked.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../module.h"

#define VERSION 1        /* native.py's BOUND_VERSION */
#define KI 10            /* integers per kind in ``kinds`` (bound.py's ``_kind_ints``) */
#define MAX_KINDS 4096
#define MAX_ROWS 256     /* letters of the alphabet */
#define MAX_COUNT 65536  /* cards of one kind, and of all kinds */
#define MAX_ABILITY 255  /* uncovers or doubles of one card */
#define MAX_LENGTH 65536 /* letters of a word, and ``fill`` */
#define PATTERNS 32      /* 4 genre bits and the no-fodder bit */
#define LAMS 5           /* 0 and MAX_LAMBDAS prices */
#define MINE 2           /* bound.py's _SOURCE[Source.MINE] */

enum { K_LETTER, K_COUNT, K_SOURCE, K_POOL, K_OWN, K_GENRE, K_OM_UNCOVERS, K_UNCOVERS0, K_UNCOVERS1, K_PASSING };

static int refuse(const char *what) {
    PyErr_Format(PyExc_ValueError, "bound kernel: %s", what);
    return 0;
}

/* The kinds table (``kinds``: KI int64 a kind) checked against the letters' rows; its size in *nk. */
static int read_kinds(const Py_buffer *b, Py_ssize_t rows, Py_ssize_t *nk) {
    if (b->len % (Py_ssize_t)(KI * sizeof(int64_t)) != 0) return refuse("a kinds table of another layout");
    Py_ssize_t k_n = b->len / (Py_ssize_t)(KI * sizeof(int64_t));
    if (k_n > MAX_KINDS) return refuse("too many kinds of card");
    const int64_t *t = (const int64_t *)b->buf;
    int64_t cards = 0;
    for (Py_ssize_t k = 0; k < k_n; k++) {
        const int64_t *r = t + k * KI;
        if (r[K_LETTER] < -1 || r[K_LETTER] >= rows) return refuse("a card letter beyond the letters' rows");
        if (r[K_COUNT] < 0 || r[K_COUNT] > MAX_COUNT) return refuse("a count of cards out of range");
        cards += r[K_COUNT];
        if (r[K_SOURCE] < 0 || r[K_SOURCE] > 3 || (r[K_POOL] | 1) != 1 || (r[K_OWN] | 1) != 1 ||
            (r[K_PASSING] | 1) != 1 || r[K_GENRE] < -1 || r[K_GENRE] > 3)
            return refuse("a kind of card out of range");
        if (r[K_OM_UNCOVERS] < 0 || r[K_OM_UNCOVERS] > MAX_ABILITY || r[K_UNCOVERS0] < 0 ||
            r[K_UNCOVERS0] > MAX_ABILITY || r[K_UNCOVERS1] < 0 || r[K_UNCOVERS1] > MAX_ABILITY)
            return refuse("uncovers out of range");
    }
    if (cards > MAX_COUNT) return refuse("too many cards");
    *nk = k_n;
    return 1;
}

/* The signatures' arrays: counts (uint8, rows x n, C order), lengths and fill or spare (int64, n each). */
static int read_signatures(const Py_buffer *cb, Py_ssize_t rows, Py_ssize_t n, const Py_buffer *lb) {
    if (rows < 1 || rows > MAX_ROWS || n < 0 || n > PY_SSIZE_T_MAX / MAX_ROWS / 8) return refuse("odd sizes");
    if (cb->len != rows * n) return refuse("counts of another size than rows x signatures");
    if (lb->len != n * (Py_ssize_t)sizeof(int64_t)) return refuse("lengths of another size than the signatures");
    const int64_t *len = (const int64_t *)lb->buf;
    for (Py_ssize_t i = 0; i < n; i++)
        if (len[i] < 0 || len[i] > MAX_LENGTH) return refuse("a length out of range");
    return 1;
}

static int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }

/* ``patterns``' arguments (see bound_patterns), parsed into buffers that release_patterns gives back. */
typedef struct {
    Py_buffer kb, cb, lb, fb, cub, sb, ub, pb;
    Py_ssize_t rows, n, discard, nk;
    int dumps;
} PatternsArgs;

static int parse_patterns(PyObject *args, PatternsArgs *a) {
    a->nk = 0;
    return PyArg_ParseTuple(args, "y*y*nny*y*npw*w*w*w*", &a->kb, &a->cb, &a->rows, &a->n, &a->lb, &a->fb,
                            &a->discard, &a->dumps, &a->cub, &a->sb, &a->ub, &a->pb);
}

static void release_patterns(PatternsArgs *a) {
    PyBuffer_Release(&a->kb);
    PyBuffer_Release(&a->cb);
    PyBuffer_Release(&a->lb);
    PyBuffer_Release(&a->fb);
    PyBuffer_Release(&a->cub);
    PyBuffer_Release(&a->sb);
    PyBuffer_Release(&a->ub);
    PyBuffer_Release(&a->pb);
}

/* The arguments' sizes and ranges; the kinds' number in a->nk. */
static int check_patterns(PatternsArgs *a) {
    Py_ssize_t n = a->n;
    if (!read_signatures(&a->cb, a->rows, n, &a->lb) || !read_kinds(&a->kb, a->rows, &a->nk)) return 0;
    if (a->fb.len != a->lb.len || a->cub.len != n || a->sb.len != a->lb.len || a->ub.len != a->lb.len ||
        a->pb.len != n)
        return refuse("arrays of another size than the signatures");
    if (a->discard < 0 || a->discard > MAX_LENGTH) return refuse("a discard pile out of range");
    const int64_t *fill = (const int64_t *)a->fb.buf;
    for (Py_ssize_t i = 0; i < n; i++)
        if (fill[i] < -MAX_LENGTH || fill[i] > MAX_LENGTH) return refuse("a fill out of range");
    return 1;
}

/* What the kinds hold for every signature: the own cards per genre, those mined, those held per letter. */
typedef struct {
    int64_t *held; /* [4][rows]: own cards of genre g and letter a from the hand or inked */
    int64_t genre_max[4], mine_g[4];
    int any_uncoverer;
    Py_ssize_t n_held; /* the (genre, letter) pairs of ``held`` above 0, in genre then letter order: */
    int *held_genre;   /* their genre, */
    Py_ssize_t *held_row; /* their letter's row in ``counts`` (the letter times the signatures), */
    int64_t *held_cards;  /* their cards */
} Holdings;

static void count_holdings(Holdings *h, const int64_t *kinds, Py_ssize_t nk, Py_ssize_t rows) {
    for (int g = 0; g < 4; g++) h->genre_max[g] = h->mine_g[g] = 0;
    h->any_uncoverer = 0;
    for (Py_ssize_t k = 0; k < nk; k++) {
        const int64_t *r = kinds + k * KI;
        if (r[K_OM_UNCOVERS] > 0) h->any_uncoverer = 1;
        if (!r[K_OWN] || r[K_GENRE] < 0) continue;
        h->genre_max[r[K_GENRE]] += r[K_COUNT];
        if (r[K_SOURCE] == MINE)
            h->mine_g[r[K_GENRE]] += r[K_COUNT];
        else if (r[K_LETTER] >= 0)
            h->held[r[K_GENRE] * rows + r[K_LETTER]] += r[K_COUNT];
    }
}

/* ``held``'s pairs above 0 listed (at most one a kind: the lists hold nk entries), each letter's row at n
 * signatures a row; 0 with an error set when out of memory. */
static int list_holdings(Holdings *h, Py_ssize_t nk, Py_ssize_t rows, Py_ssize_t n) {
    size_t size = (size_t)(nk > 0 ? nk : 1);
    h->held_genre = (int *)malloc(sizeof(int) * size);
    h->held_row = (Py_ssize_t *)malloc(sizeof(Py_ssize_t) * size);
    h->held_cards = (int64_t *)malloc(sizeof(int64_t) * size);
    if (h->held_genre == NULL || h->held_row == NULL || h->held_cards == NULL) {
        PyErr_NoMemory();
        return 0;
    }
    h->n_held = 0;
    for (int g = 0; g < 4; g++)
        for (Py_ssize_t a = 0; a < rows; a++)
            if (h->held[g * rows + a] && h->n_held < nk) {
                h->held_genre[h->n_held] = g;
                h->held_row[h->n_held] = a * n;
                h->held_cards[h->n_held++] = h->held[g * rows + a];
            }
    return 1;
}

/* Per genre: your classics and the held cards that could stand on signature i's letters. */
static inline void face_up_cards(int64_t face_up[4], const Holdings *h, const uint8_t *counts, Py_ssize_t i) {
    for (int g = 0; g < 4; g++) face_up[g] = 0;
    for (Py_ssize_t j = 0; j < h->n_held; j++)
        face_up[h->held_genre[j]] += min64(counts[h->held_row[j] + i], h->held_cards[j]);
}

/* ``chain_starts`` of signature i. */
static inline int chain_starts(const int64_t *kinds, Py_ssize_t nk, const uint8_t *counts, Py_ssize_t n,
                               Py_ssize_t i, const Holdings *h, const int64_t face_up[4]) {
    int starts = 0;
    if (h->any_uncoverer)
        for (Py_ssize_t k = 0; k < nk && !starts; k++) {
            const int64_t *r = kinds + k * KI;
            if (r[K_OM_UNCOVERS] <= 0 || r[K_LETTER] < 0) continue;
            int on = counts[r[K_LETTER] * n + i] > 0;
            if (r[K_UNCOVERS0] > 0 || r[K_GENRE] < 0)
                starts = on;
            else if (r[K_UNCOVERS1] > 0)
                starts = on && h->mine_g[r[K_GENRE]] + face_up[r[K_GENRE]] >= 2;
        }
    return starts;
}

/* The uncovers signature i's uncoverers could spend (returned), and the pool's cards that pass (in *passing). */
static inline int64_t uncover_spare(const int64_t *kinds, Py_ssize_t nk, const uint8_t *counts, Py_ssize_t n,
                                    Py_ssize_t i, int64_t *passing) {
    int64_t sp = 0;
    *passing = 0;
    for (Py_ssize_t k = 0; k < nk; k++) {
        const int64_t *r = kinds + k * KI;
        int64_t u = r[K_OM_UNCOVERS], c = r[K_COUNT];
        if (u <= 0) continue;
        int64_t on = r[K_LETTER] >= 0 ? min64(counts[r[K_LETTER] * n + i], c) : 0;
        sp += on * u;
        if (r[K_POOL]) {
            sp += (c - on) * (u - 1);
            *passing += c - on;
        }
    }
    return sp;
}

/* Signature i's budget and pattern, written to the out arrays; its pattern returned. */
static inline int signature_pattern(const PatternsArgs *a, const Holdings *h, Py_ssize_t i) {
    const int64_t *kinds = (const int64_t *)a->kb.buf, *lengths = (const int64_t *)a->lb.buf;
    const int64_t *fill = (const int64_t *)a->fb.buf;
    const uint8_t *counts = (const uint8_t *)a->cb.buf;
    Py_ssize_t n = a->n;
    int64_t face_up[4];
    face_up_cards(face_up, h, counts, i);
    int starts = chain_starts(kinds, a->nk, counts, n, i, h, face_up);
    int64_t passing;
    int64_t sp = uncover_spare(kinds, a->nk, counts, n, i, &passing);
    if (!starts) sp = 0;
    int64_t unc = starts ? min64(sp + passing, lengths[i] - 1) : 0;
    int p = 0;
    for (int g = 0; g < 4; g++) {
        if (h->genre_max[g] < 2) continue;
        int64_t standing = h->mine_g[g] + min64(h->genre_max[g] - h->mine_g[g], face_up[g] + unc);
        if (standing >= 2) p |= 1 << g;
    }
    if (a->dumps && a->discard + fill[i] - lengths[i] <= 0) p |= 16;
    ((uint8_t *)a->cub.buf)[i] = (uint8_t)starts;
    ((int64_t *)a->sb.buf)[i] = sp;
    ((int64_t *)a->ub.buf)[i] = unc;
    ((uint8_t *)a->pb.buf)[i] = (uint8_t)p;
    return p;
}

/* patterns(kinds, counts, rows, n, lengths, fill, discard, dumps, can_uncover_out, spare_out, uncoverable_out,
 *          pattern_out) -> the patterns present, one bit each
 * ``_signature_bounds`` up to its patterns: where a chain of uncovers can start (uint8 0/1), the uncover budget
 * ``spare`` (0 where none can start) and the cards ``uncoverable`` (int64), the pattern (uint8: genre g active
 * where bit g is set, bit 4 for no fodder). */
static PyObject *bound_patterns(PyObject *self, PyObject *args) {
    PatternsArgs a;
    if (!parse_patterns(args, &a)) return NULL;
    PyObject *result = NULL;
    Holdings h = {NULL, {0}, {0}, 0, 0, NULL, NULL, NULL};
    if (!check_patterns(&a)) goto done;
    h.held = (int64_t *)calloc((size_t)(4 * a.rows), sizeof(int64_t));
    if (h.held == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    count_holdings(&h, (const int64_t *)a.kb.buf, a.nk, a.rows);
    if (!list_holdings(&h, a.nk, a.rows, a.n)) goto done;
    uint32_t mask = 0;
    for (Py_ssize_t i = 0; i < a.n; i++) mask |= (uint32_t)1 << signature_pattern(&a, &h, i);
    result = PyLong_FromUnsignedLong(mask);
done:
    free(h.held);
    free(h.held_genre);
    free((void *)h.held_row);
    free(h.held_cards);
    release_patterns(&a);
    return result;
}

/* What ``_Part`` decides once for the signatures of one pattern. */
typedef struct {
    const double *opt, *per_wild, *step; /* per kind */
    const int64_t *doubles;              /* per kind */
    double mine, per_wild_max, plain;
    int n_wilds, n_doublers, n_targets, n_lams;
    int *wilds, *doublers, *targets; /* kinds, in the numpy code's order */
    double lams[LAMS];
    int n_units[LAMS];
    int *units[LAMS]; /* ``_greedy``'s units per price: kinds (each ``count`` times), best first */
    double *unit_value[LAMS];
} Slot;

/* ``parts``' arguments (see bound_parts), parsed into buffers that release_parts gives back, and its scratch. */
typedef struct {
    Py_buffer kb, slb, db, fb, cb, lb, cub, sb, ub, pb, ob;
    Py_ssize_t rows, n, nk, ns;
    int *ints;       /* per slot: 3 lists of kinds and LAMS lists of units (kinds) */
    double *vals;    /* per slot: LAMS lists of unit values */
    int64_t *filled; /* per letter: ``_greedy``'s cards on the letter */
    int64_t *stand;  /* per kind: ``can_stand`` */
} PartsArgs;

static int parse_parts(PyObject *args, PartsArgs *a) {
    a->nk = a->ns = 0;
    a->ints = NULL;
    a->vals = NULL;
    a->filled = a->stand = NULL;
    return PyArg_ParseTuple(args, "y*y*y*y*y*nny*y*y*y*y*w*", &a->kb, &a->slb, &a->db, &a->fb, &a->cb, &a->rows,
                            &a->n, &a->lb, &a->cub, &a->sb, &a->ub, &a->pb, &a->ob);
}

static void release_parts(PartsArgs *a) {
    free(a->ints);
    free(a->vals);
    free(a->filled);
    free(a->stand);
    PyBuffer_Release(&a->kb);
    PyBuffer_Release(&a->slb);
    PyBuffer_Release(&a->db);
    PyBuffer_Release(&a->fb);
    PyBuffer_Release(&a->cb);
    PyBuffer_Release(&a->lb);
    PyBuffer_Release(&a->cub);
    PyBuffer_Release(&a->sb);
    PyBuffer_Release(&a->ub);
    PyBuffer_Release(&a->pb);
    PyBuffer_Release(&a->ob);
}

/* The arguments' sizes; the kinds' number in a->nk, the slots' in a->ns. */
static int check_parts_sizes(PartsArgs *a) {
    Py_ssize_t n = a->n, nk, ns = 0;
    if (!read_signatures(&a->cb, a->rows, n, &a->lb) || !read_kinds(&a->kb, a->rows, &a->nk)) return 0;
    nk = a->nk;
    if (a->cub.len != n || a->sb.len != a->lb.len || a->ub.len != a->lb.len || a->pb.len != n ||
        a->ob.len != a->lb.len)
        return refuse("arrays of another size than the signatures");
    if (a->slb.len != PATTERNS) return refuse("slots of another size than the patterns");
    const uint8_t *slots = (const uint8_t *)a->slb.buf;
    for (int p = 0; p < PATTERNS; p++)
        if (slots[p] != 255 && slots[p] >= ns) ns = slots[p] + 1;
    a->ns = ns;
    if (a->db.len != ns * nk * (Py_ssize_t)sizeof(int64_t) ||
        a->fb.len != ns * (3 * nk + 1) * (Py_ssize_t)sizeof(double))
        return refuse("kinds of patterns of another size than the slots");
    return 1;
}

/* The arguments' values: the doubles, the floats, each signature's pattern and budget. */
static int check_parts_values(const PartsArgs *a) {
    Py_ssize_t nk = a->nk, ns = a->ns;
    const int64_t *dbl = (const int64_t *)a->db.buf, *spare = (const int64_t *)a->sb.buf;
    const int64_t *unc = (const int64_t *)a->ub.buf;
    const double *flt = (const double *)a->fb.buf;
    const uint8_t *slots = (const uint8_t *)a->slb.buf, *can_uncover = (const uint8_t *)a->cub.buf;
    const uint8_t *pattern = (const uint8_t *)a->pb.buf;
    for (Py_ssize_t j = 0; j < ns * nk; j++)
        if (dbl[j] < 0 || dbl[j] > MAX_ABILITY) return refuse("doubles out of range");
    for (Py_ssize_t j = 0; j < ns * (3 * nk + 1); j++)
        if (!isfinite(flt[j]) || fabs(flt[j]) > 1e300) return refuse("a value that is not a finite number");
    for (Py_ssize_t i = 0; i < a->n; i++)
        if (pattern[i] >= PATTERNS || slots[pattern[i]] == 255 || can_uncover[i] > 1 || spare[i] < 0 ||
            spare[i] > (int64_t)MAX_COUNT * MAX_ABILITY || unc[i] < 0 || unc[i] > MAX_LENGTH)
            return refuse("a signature's pattern or uncover budget out of range");
    return 1;
}

static int alloc_parts(PartsArgs *a) {
    Py_ssize_t ns = a->ns, nk = a->nk;
    a->ints = (int *)malloc(sizeof(int) * (size_t)((ns ? ns : 1) * (3 + LAMS) * (nk ? nk : 1)));
    a->vals = (double *)malloc(sizeof(double) * (size_t)((ns ? ns : 1) * LAMS * (nk ? nk : 1)));
    a->filled = (int64_t *)calloc((size_t)a->rows, sizeof(int64_t)); /* (greedy leaves it all 0) */
    a->stand = (int64_t *)malloc(sizeof(int64_t) * (size_t)(nk ? nk : 1));
    if (a->ints == NULL || a->vals == NULL || a->filled == NULL || a->stand == NULL) {
        PyErr_NoMemory();
        return 0;
    }
    return 1;
}

/* The slot's wilds, doublers and targets (sorted by step, best first, stable). */
static void slot_kinds(Slot *z, const int64_t *kinds, Py_ssize_t nk) {
    z->n_wilds = z->n_doublers = z->n_targets = 0;
    for (Py_ssize_t k = 0; k < nk; k++) {
        if (!kinds[k * KI + K_OWN]) continue;
        if (z->per_wild[k] > 0) z->wilds[z->n_wilds++] = (int)k;
        if (z->doubles[k] > 0) z->doublers[z->n_doublers++] = (int)k;
    }
    int lone = z->n_doublers == 1 && kinds[z->doublers[0] * KI + K_COUNT] == 1 ? z->doublers[0] : -1;
    for (Py_ssize_t k = 0; k < nk; k++) {
        if (!kinds[k * KI + K_OWN] || k == lone || !(z->step[k] > 0)) continue;
        int at = z->n_targets++;
        while (at > 0 && z->step[z->targets[at - 1]] < z->step[k]) {
            z->targets[at] = z->targets[at - 1];
            at--;
        }
        z->targets[at] = (int)k;
    }
}

/* The slot's greatest per-wild value and plain step, and its prices ``lams``. */
static void slot_prices(Slot *z) {
    z->per_wild_max = 0.0;
    z->plain = 0.0;
    for (int j = 0; j < z->n_wilds; j++) { /* Python's max: the first of the greatest */
        int k = z->wilds[j];
        if (j == 0 || z->per_wild[k] > z->per_wild_max) z->per_wild_max = z->per_wild[k];
        if (j == 0 || z->step[k] > z->plain) z->plain = z->step[k];
    }
    z->lams[0] = 0.0;
    z->n_lams = 1;
    if (z->n_doublers) /* the targets' distinct steps, greatest first, MAX_LAMBDAS of them */
        for (int j = 0; j < z->n_targets && z->n_lams < LAMS; j++) {
            double v = z->step[z->targets[j]];
            if (z->n_lams == 1 || v != z->lams[z->n_lams - 1]) z->lams[z->n_lams++] = v;
        }
}

/* The slot's units at price l, into u and uv (sorted by (-value, kind): insertion in kind order, stable). */
static void slot_units(Slot *z, int l, const int64_t *kinds, Py_ssize_t nk, int *u, double *uv) {
    double lam = z->lams[l];
    int m = 0;
    for (Py_ssize_t k = 0; k < nk; k++) {
        double v;
        if (kinds[k * KI + K_COUNT] == 0) continue;
        if (kinds[k * KI + K_SOURCE] == MINE) {
            if (!(z->doubles[k] && lam > 0)) continue;
            v = lam * (double)z->doubles[k];
        } else {
            v = z->opt[k] + lam * (double)z->doubles[k];
        }
        int at = m++;
        while (at > 0 && uv[at - 1] < v) {
            u[at] = u[at - 1];
            uv[at] = uv[at - 1];
            at--;
        }
        u[at] = (int)k;
        uv[at] = v;
    }
    z->units[l] = u;
    z->unit_value[l] = uv;
    z->n_units[l] = m;
}

/* Slot s: its kinds' values from ``doubles`` and ``floats``, and what ``_Part`` derives from them. */
static void build_slot(Slot *z, Py_ssize_t s, const PartsArgs *a) {
    Py_ssize_t nk = a->nk;
    const int64_t *kinds = (const int64_t *)a->kb.buf;
    const double *f = (const double *)a->fb.buf + s * (3 * nk + 1);
    z->opt = f;
    z->per_wild = f + nk;
    z->step = f + 2 * nk;
    z->mine = f[3 * nk];
    z->doubles = (const int64_t *)a->db.buf + s * nk;
    int *base = a->ints + s * (3 + LAMS) * nk;
    z->wilds = base;
    z->doublers = base + nk;
    z->targets = base + 2 * nk;
    slot_kinds(z, kinds, nk);
    slot_prices(z);
    for (int l = 0; l < z->n_lams; l++) slot_units(z, l, kinds, nk, base + (3 + l) * nk, a->vals + (s * LAMS + l) * nk);
}

/* One signature as ``_Part.bound`` reads it. */
typedef struct {
    const int64_t *kinds;
    const uint8_t *counts;
    Py_ssize_t nk, n, rows, i;
    int64_t L, cu, spare, unc;
    int64_t *stand, *filled;
} Sig;

/* ``can_stand``: per kind, whether a card of it can stand in the signature's word. */
static inline void can_stand(const Sig *g) {
    for (Py_ssize_t k = 0; k < g->nk; k++) {
        const int64_t *r = g->kinds + k * KI;
        int64_t on = r[K_LETTER] >= 0 ? g->counts[r[K_LETTER] * g->n + g->i] > 0 : 0;
        g->stand[k] = r[K_POOL] ? (on | g->cu) : on;
    }
}

/* ``_greedy`` at price l: the units' worth above omega, best first, as many as the letters and uncovers take.
 * ``filled`` is all 0 before and after: the letters of the units looked at are cleared at the end. */
static inline double greedy(const Slot *z, int l, double omega, const Sig *g) {
    double total = 0.0;
    int64_t taken = 0, sp = g->spare, L = g->L, cu = g->cu;
    int64_t *filled = g->filled;
    int j = 0;
    for (; j < z->n_units[l] && taken < L; j++) {
        double worth = z->unit_value[l][j] - omega;
        if (!(worth > 0)) break; /* units best first: none after brings anything */
        int k = z->units[l][j];
        const int64_t *r = g->kinds + k * KI;
        int64_t a = r[K_LETTER];
        for (int64_t copy = 0; copy < r[K_COUNT] && taken < L; copy++) {
            int on = a >= 0 ? filled[a] < g->counts[a * g->n + g->i] : 0, take;
            if (r[K_PASSING]) {
                take = on || cu;
                if (a >= 0 && take && !cu) filled[a]++;
            } else {
                take = on || sp > 0;
                if (a >= 0 && take && on) filled[a]++;
                if (take && !on) sp--;
            }
            if (!take) break; /* nothing changed: the next copies cannot be taken either */
            total += worth;
            taken++;
        }
    }
    for (int u = 0; u <= j && u < z->n_units[l]; u++) { /* (the unit that broke the loop included) */
        int64_t a = g->kinds[z->units[l][u] * KI + K_LETTER];
        if (a >= 0) filled[a] = 0;
    }
    return total;
}

/* ``_steps`` at price lam: the targets' steps above lam, as many as cap_e doubles reach. */
static inline double steps(const Slot *z, double lam, int64_t cap_e, const Sig *g) {
    double sum = 0.0;
    int64_t used = 0;
    for (int j = 0; j < z->n_targets; j++) {
        int k = z->targets[j];
        double s = z->step[k];
        if (s <= lam) break;
        int64_t t = 0;
        if (g->stand[k]) {
            t = cap_e - used;
            if (t < 0) t = 0;
            if (t > 2 * g->kinds[k * KI + K_COUNT]) t = 2 * g->kinds[k * KI + K_COUNT];
        }
        sum += (double)t * (s - lam);
        used += t;
    }
    return sum;
}

/* The wilds' value with no doubles (omega0), the wilds that can stand to be doubled, the doublers' capacity. */
static inline void wild_sums(const Slot *z, const Sig *g, double *omega0, int64_t *doubled_wilds, int64_t *cap) {
    *omega0 = 0.0;
    *doubled_wilds = *cap = 0;
    for (int j = 0; j < z->n_wilds; j++) {
        int k = z->wilds[j];
        int64_t c = g->kinds[k * KI + K_COUNT];
        int present = g->kinds[k * KI + K_SOURCE] == MINE ? 1 : (int)g->stand[k];
        *omega0 += present ? z->per_wild[k] * (double)c : 0.0;
        *doubled_wilds += g->stand[k] ? c : 0;
    }
    for (int j = 0; j < z->n_doublers; j++) {
        int k = z->doublers[j];
        *cap += g->stand[k] ? z->doubles[k] * g->kinds[k * KI + K_COUNT] : 0;
    }
}

/* The signature's part: the best over e doubled wilds of the least over the prices. */
static inline double signature_part(const Slot *z, const Sig *g) {
    double omega0;
    int64_t doubled_wilds, cap;
    can_stand(g);
    wild_sums(z, g, &omega0, &doubled_wilds, &cap);
    int64_t e_max = min64(cap, 2 * doubled_wilds);
    int64_t top_e = z->n_doublers && z->n_wilds ? e_max : 0;
    double best = -INFINITY;
    for (int64_t e = 0; e <= top_e; e++) {
        double omega = e ? omega0 + (double)e * z->per_wild_max : omega0;
        double wild_part = omega * (double)(g->L + g->unc) + (double)e * z->plain;
        double least = INFINITY;
        int64_t cap_e = cap - e > 0 ? cap - e : 0;
        for (int l = 0; l < z->n_lams; l++) {
            double lam = z->lams[l];
            double total = greedy(z, l, omega, g);
            double sum = steps(z, lam, cap_e, g);
            double value = wild_part + total + sum;
            value = value - lam * (double)e;
            if (value < least) least = value;
        }
        if (least > best) best = least;
    }
    return best;
}

/* parts(kinds, slots, doubles, floats, counts, rows, n, lengths, can_uncover, spare, uncoverable, pattern, out)
 * ``_Part.bound`` of every signature under its pattern's kinds: ``slots`` (32 bytes) gives each pattern's place in
 * ``doubles`` (int64, a kind each) and ``floats`` (float64: opt, per_wild and step a kind each, then ``mine``), 255
 * for a pattern absent; the other arrays are ``patterns``' (and its inputs); ``out`` (float64) gets the bounds. */
static PyObject *bound_parts(PyObject *self, PyObject *args) {
    PartsArgs a;
    if (!parse_parts(args, &a)) return NULL;
    PyObject *result = NULL;
    Slot slot[PATTERNS];
    if (!check_parts_sizes(&a) || !check_parts_values(&a) || !alloc_parts(&a)) goto done;
    for (Py_ssize_t s = 0; s < a.ns; s++) build_slot(&slot[s], s, &a);
    const uint8_t *slots = (const uint8_t *)a.slb.buf, *pattern = (const uint8_t *)a.pb.buf;
    const uint8_t *can_uncover = (const uint8_t *)a.cub.buf;
    const int64_t *lengths = (const int64_t *)a.lb.buf, *spare = (const int64_t *)a.sb.buf;
    const int64_t *unc = (const int64_t *)a.ub.buf;
    double *out = (double *)a.ob.buf;
    Sig g = {(const int64_t *)a.kb.buf, (const uint8_t *)a.cb.buf, a.nk, a.n, a.rows, 0, 0, 0, 0, 0, a.stand,
             a.filled};
    for (Py_ssize_t i = 0; i < a.n; i++) {
        const Slot *z = &slot[slots[pattern[i]]];
        g.i = i;
        g.L = lengths[i];
        g.cu = can_uncover[i];
        g.spare = spare[i];
        g.unc = unc[i];
        out[i] = z->mine + signature_part(z, &g);
    }
    result = Py_NewRef(Py_None);
done:
    release_parts(&a);
    return result;
}

static PyMethodDef methods[] = {
    {"patterns", bound_patterns, METH_VARARGS, "The uncover budget and pattern of each signature (see _bound_kernel.c)."},
    {"parts", bound_parts, METH_VARARGS, "The cards' part of each signature's bound (see _bound_kernel.c)."},
    {NULL, NULL, 0, NULL},
};

SEARCH_MODULE(_bound_kernel, "The word bounds' per-signature part, compiled (solver/search/hardback/bound.py).", NULL,
              {"VERSION", VERSION}, {"KINDS_FIELDS", KI}, {"MAX_LAMBDAS", LAMS - 1})
