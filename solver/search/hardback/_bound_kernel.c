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

/* patterns(kinds, counts, rows, n, lengths, fill, discard, dumps, can_uncover_out, spare_out, uncoverable_out,
 *          pattern_out) -> the patterns present, one bit each
 * ``_signature_bounds`` up to its patterns: where a chain of uncovers can start (uint8 0/1), the uncover budget
 * ``spare`` (0 where none can start) and the cards ``uncoverable`` (int64), the pattern (uint8: genre g active
 * where bit g is set, bit 4 for no fodder). */
static PyObject *bound_patterns(PyObject *self, PyObject *args) {
    Py_buffer kb, cb, lb, fb, cub, sb, ub, pb;
    Py_ssize_t rows, n, discard;
    int dumps;
    if (!PyArg_ParseTuple(args, "y*y*nny*y*npw*w*w*w*", &kb, &cb, &rows, &n, &lb, &fb, &discard, &dumps, &cub, &sb,
                          &ub, &pb))
        return NULL;
    PyObject *result = NULL;
    int64_t *held = NULL; /* [4][rows]: own cards of genre g and letter a from the hand or inked */
    Py_ssize_t nk = 0;
    if (!read_signatures(&cb, rows, n, &lb) || !read_kinds(&kb, rows, &nk)) goto done;
    if (fb.len != lb.len || cub.len != n || sb.len != lb.len || ub.len != lb.len || pb.len != n) {
        refuse("arrays of another size than the signatures");
        goto done;
    }
    if (discard < 0 || discard > MAX_LENGTH) {
        refuse("a discard pile out of range");
        goto done;
    }
    const int64_t *kinds = (const int64_t *)kb.buf, *lengths = (const int64_t *)lb.buf, *fill = (const int64_t *)fb.buf;
    for (Py_ssize_t i = 0; i < n; i++)
        if (fill[i] < -MAX_LENGTH || fill[i] > MAX_LENGTH) {
            refuse("a fill out of range");
            goto done;
        }
    const uint8_t *counts = (const uint8_t *)cb.buf;
    uint8_t *can_uncover = (uint8_t *)cub.buf, *pattern = (uint8_t *)pb.buf;
    int64_t *spare = (int64_t *)sb.buf, *uncoverable = (int64_t *)ub.buf;
    held = (int64_t *)calloc((size_t)(4 * rows), sizeof(int64_t));
    if (held == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    int64_t genre_max[4] = {0, 0, 0, 0}, mine_g[4] = {0, 0, 0, 0};
    int any_uncoverer = 0;
    for (Py_ssize_t k = 0; k < nk; k++) {
        const int64_t *r = kinds + k * KI;
        if (r[K_OM_UNCOVERS] > 0) any_uncoverer = 1;
        if (!r[K_OWN] || r[K_GENRE] < 0) continue;
        genre_max[r[K_GENRE]] += r[K_COUNT];
        if (r[K_SOURCE] == MINE)
            mine_g[r[K_GENRE]] += r[K_COUNT];
        else if (r[K_LETTER] >= 0)
            held[r[K_GENRE] * rows + r[K_LETTER]] += r[K_COUNT];
    }
    uint32_t mask = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        int64_t face_up[4]; /* per genre: your classics and the held cards that could stand on the letters */
        for (int g = 0; g < 4; g++) {
            face_up[g] = 0;
            for (Py_ssize_t a = 0; a < rows; a++)
                if (held[g * rows + a]) face_up[g] += min64(counts[a * n + i], held[g * rows + a]);
        }
        int starts = 0; /* chain_starts */
        if (any_uncoverer)
            for (Py_ssize_t k = 0; k < nk && !starts; k++) {
                const int64_t *r = kinds + k * KI;
                if (r[K_OM_UNCOVERS] <= 0 || r[K_LETTER] < 0) continue;
                int on = counts[r[K_LETTER] * n + i] > 0;
                if (r[K_UNCOVERS0] > 0 || r[K_GENRE] < 0)
                    starts = on;
                else if (r[K_UNCOVERS1] > 0)
                    starts = on && mine_g[r[K_GENRE]] + face_up[r[K_GENRE]] >= 2;
            }
        int64_t sp = 0, passing = 0;
        for (Py_ssize_t k = 0; k < nk; k++) {
            const int64_t *r = kinds + k * KI;
            int64_t u = r[K_OM_UNCOVERS], c = r[K_COUNT];
            if (u <= 0) continue;
            int64_t on = r[K_LETTER] >= 0 ? min64(counts[r[K_LETTER] * n + i], c) : 0;
            sp += on * u;
            if (r[K_POOL]) {
                sp += (c - on) * (u - 1);
                passing += c - on;
            }
        }
        if (!starts) sp = 0;
        int64_t unc = starts ? min64(sp + passing, lengths[i] - 1) : 0;
        int p = 0;
        for (int g = 0; g < 4; g++) {
            if (genre_max[g] < 2) continue;
            int64_t standing = mine_g[g] + min64(genre_max[g] - mine_g[g], face_up[g] + unc);
            if (standing >= 2) p |= 1 << g;
        }
        if (dumps && discard + fill[i] - lengths[i] <= 0) p |= 16;
        can_uncover[i] = (uint8_t)starts;
        spare[i] = sp;
        uncoverable[i] = unc;
        pattern[i] = (uint8_t)p;
        mask |= (uint32_t)1 << p;
    }
    result = PyLong_FromUnsignedLong(mask);
done:
    free(held);
    PyBuffer_Release(&kb);
    PyBuffer_Release(&cb);
    PyBuffer_Release(&lb);
    PyBuffer_Release(&fb);
    PyBuffer_Release(&cub);
    PyBuffer_Release(&sb);
    PyBuffer_Release(&ub);
    PyBuffer_Release(&pb);
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

/* parts(kinds, slots, doubles, floats, counts, rows, n, lengths, can_uncover, spare, uncoverable, pattern, out)
 * ``_Part.bound`` of every signature under its pattern's kinds: ``slots`` (32 bytes) gives each pattern's place in
 * ``doubles`` (int64, a kind each) and ``floats`` (float64: opt, per_wild and step a kind each, then ``mine``), 255
 * for a pattern absent; the other arrays are ``patterns``' (and its inputs); ``out`` (float64) gets the bounds. */
static PyObject *bound_parts(PyObject *self, PyObject *args) {
    Py_buffer kb, slb, db, fb, cb, lb, cub, sb, ub, pb, ob;
    Py_ssize_t rows, n;
    if (!PyArg_ParseTuple(args, "y*y*y*y*y*nny*y*y*y*y*w*", &kb, &slb, &db, &fb, &cb, &rows, &n, &lb, &cub, &sb, &ub,
                          &pb, &ob))
        return NULL;
    PyObject *result = NULL;
    Py_ssize_t nk = 0, ns = 0;
    int *ints = NULL;
    double *vals = NULL;
    int64_t *filled = NULL, *stand = NULL;
    Slot slot[PATTERNS];
    if (!read_signatures(&cb, rows, n, &lb) || !read_kinds(&kb, rows, &nk)) goto done;
    if (cub.len != n || sb.len != lb.len || ub.len != lb.len || pb.len != n || ob.len != lb.len) {
        refuse("arrays of another size than the signatures");
        goto done;
    }
    if (slb.len != PATTERNS) {
        refuse("slots of another size than the patterns");
        goto done;
    }
    const uint8_t *slots = (const uint8_t *)slb.buf;
    for (int p = 0; p < PATTERNS; p++)
        if (slots[p] != 255 && slots[p] >= ns) ns = slots[p] + 1;
    if (db.len != ns * nk * (Py_ssize_t)sizeof(int64_t) ||
        fb.len != ns * (3 * nk + 1) * (Py_ssize_t)sizeof(double)) {
        refuse("kinds of patterns of another size than the slots");
        goto done;
    }
    const int64_t *kinds = (const int64_t *)kb.buf, *lengths = (const int64_t *)lb.buf;
    const int64_t *dbl = (const int64_t *)db.buf, *spare = (const int64_t *)sb.buf, *unc = (const int64_t *)ub.buf;
    const double *flt = (const double *)fb.buf;
    const uint8_t *counts = (const uint8_t *)cb.buf, *can_uncover = (const uint8_t *)cub.buf;
    const uint8_t *pattern = (const uint8_t *)pb.buf;
    double *out = (double *)ob.buf;
    for (Py_ssize_t j = 0; j < ns * nk; j++)
        if (dbl[j] < 0 || dbl[j] > MAX_ABILITY) {
            refuse("doubles out of range");
            goto done;
        }
    for (Py_ssize_t j = 0; j < ns * (3 * nk + 1); j++)
        if (!isfinite(flt[j]) || fabs(flt[j]) > 1e300) {
            refuse("a value that is not a finite number");
            goto done;
        }
    for (Py_ssize_t i = 0; i < n; i++)
        if (pattern[i] >= PATTERNS || slots[pattern[i]] == 255 || can_uncover[i] > 1 || spare[i] < 0 ||
            spare[i] > (int64_t)MAX_COUNT * MAX_ABILITY || unc[i] < 0 || unc[i] > MAX_LENGTH) {
            refuse("a signature's pattern or uncover budget out of range");
            goto done;
        }
    /* per slot: 3 lists of kinds and LAMS lists of units (kinds), and LAMS lists of unit values */
    ints = (int *)malloc(sizeof(int) * (size_t)((ns ? ns : 1) * (3 + LAMS) * (nk ? nk : 1)));
    vals = (double *)malloc(sizeof(double) * (size_t)((ns ? ns : 1) * LAMS * (nk ? nk : 1)));
    filled = (int64_t *)malloc(sizeof(int64_t) * (size_t)rows);
    stand = (int64_t *)malloc(sizeof(int64_t) * (size_t)(nk ? nk : 1));
    if (ints == NULL || vals == NULL || filled == NULL || stand == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t s = 0; s < ns; s++) {
        Slot *z = &slot[s];
        const double *f = flt + s * (3 * nk + 1);
        z->opt = f;
        z->per_wild = f + nk;
        z->step = f + 2 * nk;
        z->mine = f[3 * nk];
        z->doubles = dbl + s * nk;
        int *base = ints + s * (3 + LAMS) * nk;
        z->wilds = base;
        z->doublers = base + nk;
        z->targets = base + 2 * nk;
        z->n_wilds = z->n_doublers = z->n_targets = 0;
        for (Py_ssize_t k = 0; k < nk; k++) {
            if (!kinds[k * KI + K_OWN]) continue;
            if (z->per_wild[k] > 0) z->wilds[z->n_wilds++] = (int)k;
            if (z->doubles[k] > 0) z->doublers[z->n_doublers++] = (int)k;
        }
        int lone = z->n_doublers == 1 && kinds[z->doublers[0] * KI + K_COUNT] == 1 ? z->doublers[0] : -1;
        for (Py_ssize_t k = 0; k < nk; k++) { /* sorted by step, best first, stable */
            if (!kinds[k * KI + K_OWN] || k == lone || !(z->step[k] > 0)) continue;
            int at = z->n_targets++;
            while (at > 0 && z->step[z->targets[at - 1]] < z->step[k]) {
                z->targets[at] = z->targets[at - 1];
                at--;
            }
            z->targets[at] = (int)k;
        }
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
        for (int l = 0; l < z->n_lams; l++) {
            double lam = z->lams[l];
            int *u = base + (3 + l) * nk;
            double *uv = vals + (s * LAMS + l) * nk;
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
                int at = m++; /* sorted by (-v, k): insertion in k order, stable */
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
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        const Slot *z = &slot[slots[pattern[i]]];
        int64_t L = lengths[i], cu = can_uncover[i];
        for (Py_ssize_t k = 0; k < nk; k++) { /* can_stand */
            const int64_t *r = kinds + k * KI;
            int64_t on = r[K_LETTER] >= 0 ? counts[r[K_LETTER] * n + i] > 0 : 0;
            stand[k] = r[K_POOL] ? (on | cu) : on;
        }
        double omega0 = 0.0;
        int64_t doubled_wilds = 0, cap = 0;
        for (int j = 0; j < z->n_wilds; j++) {
            int k = z->wilds[j];
            int64_t c = kinds[k * KI + K_COUNT];
            int present = kinds[k * KI + K_SOURCE] == MINE ? 1 : (int)stand[k];
            omega0 += present ? z->per_wild[k] * (double)c : 0.0;
            doubled_wilds += stand[k] ? c : 0;
        }
        for (int j = 0; j < z->n_doublers; j++) {
            int k = z->doublers[j];
            cap += stand[k] ? z->doubles[k] * kinds[k * KI + K_COUNT] : 0;
        }
        int64_t e_max = min64(cap, 2 * doubled_wilds);
        int64_t top_e = z->n_doublers && z->n_wilds ? e_max : 0;
        double best = -INFINITY;
        for (int64_t e = 0; e <= top_e; e++) {
            double omega = e ? omega0 + (double)e * z->per_wild_max : omega0;
            double wild_part = omega * (double)(L + unc[i]) + (double)e * z->plain;
            double least = INFINITY;
            int64_t cap_e = cap - e > 0 ? cap - e : 0;
            for (int l = 0; l < z->n_lams; l++) {
                double lam = z->lams[l];
                /* _greedy */
                double total = 0.0;
                int64_t taken = 0, sp = spare[i];
                memset(filled, 0, sizeof(int64_t) * (size_t)rows);
                for (int j = 0; j < z->n_units[l] && taken < L; j++) {
                    double worth = z->unit_value[l][j] - omega;
                    if (!(worth > 0)) break; /* units best first: none after brings anything */
                    int k = z->units[l][j];
                    const int64_t *r = kinds + k * KI;
                    int64_t a = r[K_LETTER];
                    for (int64_t copy = 0; copy < r[K_COUNT] && taken < L; copy++) {
                        int on = a >= 0 ? filled[a] < counts[a * n + i] : 0, take;
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
                /* _steps */
                double steps = 0.0;
                int64_t used = 0;
                for (int j = 0; j < z->n_targets; j++) {
                    int k = z->targets[j];
                    double s = z->step[k];
                    if (s <= lam) break;
                    int64_t t = 0;
                    if (stand[k]) {
                        t = cap_e - used;
                        if (t < 0) t = 0;
                        if (t > 2 * kinds[k * KI + K_COUNT]) t = 2 * kinds[k * KI + K_COUNT];
                    }
                    steps += (double)t * (s - lam);
                    used += t;
                }
                double value = wild_part + total + steps;
                value = value - lam * (double)e;
                if (value < least) least = value;
            }
            if (least > best) best = least;
        }
        out[i] = z->mine + best;
    }
    result = Py_NewRef(Py_None);
done:
    free(ints);
    free(vals);
    free(filled);
    free(stand);
    PyBuffer_Release(&kb);
    PyBuffer_Release(&slb);
    PyBuffer_Release(&db);
    PyBuffer_Release(&fb);
    PyBuffer_Release(&cb);
    PyBuffer_Release(&lb);
    PyBuffer_Release(&cub);
    PyBuffer_Release(&sb);
    PyBuffer_Release(&ub);
    PyBuffer_Release(&pb);
    PyBuffer_Release(&ob);
    return result;
}

static PyMethodDef methods[] = {
    {"patterns", bound_patterns, METH_VARARGS, "The uncover budget and pattern of each signature (see _bound_kernel.c)."},
    {"parts", bound_parts, METH_VARARGS, "The cards' part of each signature's bound (see _bound_kernel.c)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = SEARCH_MODULE_DEF(
    "_bound_kernel", "The word bounds' per-signature part, compiled (solver/search/hardback/bound.py).", methods);

PyMODINIT_FUNC PyInit__bound_kernel(void) {
    static const ModuleConstant constants[] = {{"VERSION", VERSION}, {"KINDS_FIELDS", KI}, {"MAX_LAMBDAS", LAMS - 1}};
    return search_module(&module, NULL, constants, 3);
}
