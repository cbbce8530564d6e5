/* The best-first loop over a run of candidates (solver/search/best_first.py's BestFirst._pass, with
 * CompiledWordSolver.attempt_at for each): see kernel.h.
 *
 * solve_run(context, known, letters, offsets, table, index, bounds, effort, positions, start, level, margin, ties,
 *           width, ticks, node_limit, checkpoint_ticks, deadline, checkpoint_at, is_set)
 *   -> (what, at, ticks, proofs, value, slots or None, resolution or None, key or None)
 *
 * Walks ``positions[start:]`` (int64, candidates' positions in the order the loop takes them) against one level (it
 * only changes when a move is kept, which ends the run). For each position j, what the loop does:
 *   - the stop test: a bound (``bounds``, float64, lowered in place) that cannot beat the level by ``margin`` (with
 *     ``ties``, by at least it) ends the pass (RUN_STOP), or with a class ``width`` > 0 (the order's classes, once
 *     some proof was counted) is passed over while within a class of it;
 *   - the word's key: lexicon word ``index[j]``'s codes ``letters[offsets[i]:offsets[i + 1]]`` translated by
 *     ``table`` (256 bytes), the kernel's letter indices (CompiledWordSolver._key);
 *   - the memo ``known`` (WordSolver._known, a dict: key -> (most it is worth, its best placement or None)), read
 *     as WordSolver._recall reads it: a word known to be worth no more than the level lowers its bound to that (its
 *     effort 0: no step taken); a word whose placement found beats the level goes back to Python (RUN_HANDLE);
 *   - else the word's search (search_word, as solve), within the budget carried from word to word: one that
 *     proves the word worth no more than the level lowers its bound to the most it is worth, records the steps it
 *     took in ``effort`` (int64, or None) and the proof in ``known`` (as WordSolver._learn); one that finds a
 *     placement ends the run (RUN_FOUND: its value, slots, resolution as solve answers them, and the key); one cut
 *     by the budget ends it (RUN_OUT_OF_TIME, RUN_CHECKPOINT), nothing written for that word.
 * Words the kernel does not take (more than MAX_LETTERS letters) go back to Python (RUN_HANDLE). Every YIELD_EVERY + 1
 * words asked, the signals are looked at (a KeyboardInterrupt ends the run, as it would the loop in Python) and other
 * threads may take the GIL. ``at``: the place
 * in ``positions`` the run ended at (their number for RUN_END); ``proofs``: the words proved no better than the
 * level. Python does what the loop does for a word handed back, then calls again from the next place. */
#include "kernel.h"

#define YIELD_EVERY 63 /* words between two looks at the signals and two offers of the GIL to other threads (as
                        * the interpreter makes between the words of its loop) */

enum { RUN_END = 0, RUN_STOP = 1, RUN_FOUND = 2, RUN_HANDLE = 3, RUN_OUT_OF_TIME = 4, RUN_CHECKPOINT = 5 };

/* Python's min(a, b): a unless b is less */
static inline double py_min(double a, double b) { return b < a ? b : a; }

/* a flat buffer of items of ``size`` bytes (writable when asked); 0 with an error set otherwise */
static int items(PyObject *obj, Py_buffer *view, Py_ssize_t size, int writable, const char *what) {
    int flags = PyBUF_C_CONTIGUOUS | PyBUF_FORMAT | (writable ? PyBUF_WRITABLE : 0);
    if (PyObject_GetBuffer(obj, view, flags) < 0) {
        view->obj = NULL;
        return 0;
    }
    if (view->itemsize != size || view->ndim > 1) {
        PyBuffer_Release(view);
        PyErr_Format(PyExc_ValueError, "kernel: %s must be a flat buffer of %zd-byte items", what, size);
        return 0;
    }
    return 1;
}

/* what the memo says of a key against the level: 1 known no better (*upper its most), 0 to search, 2 to hand back
 * (a placement that beats the level), -1 an error */
static int recall(PyObject *known, PyObject *key, double level, double *upper) {
    PyObject *entry = PyDict_GetItemWithError(known, key);
    if (entry == NULL) return PyErr_Occurred() ? -1 : 0;
    if (!PyTuple_Check(entry) || PyTuple_GET_SIZE(entry) != 2) {
        PyErr_SetString(PyExc_TypeError, "kernel: a memo entry is (most, placement or None)");
        return -1;
    }
    double most = PyFloat_AsDouble(PyTuple_GET_ITEM(entry, 0));
    if (most == -1.0 && PyErr_Occurred()) return -1;
    if (PyTuple_GET_ITEM(entry, 1) != Py_None) { /* a placement found: its value is the entry's most */
        if (most > level + EPS) return 2;
        *upper = most;
        return 1;
    }
    if (most <= level + EPS) {
        *upper = most;
        return 1;
    }
    return 0;
}

/* WordSolver._learn of a proof: the key worth no more than ``most`` (already the least of the search's upper and
 * the level) */
static int learn(PyObject *known, PyObject *key, double most) {
    PyObject *entry = Py_BuildValue("(dO)", most, Py_None);
    if (entry == NULL) return 0;
    int r = PyDict_SetItem(known, key, entry);
    Py_DECREF(entry);
    return r == 0;
}

PyObject *kernel_solve_run(PyObject *self, PyObject *args) {
    PyObject *ctx_obj, *known, *letters_obj, *offsets_obj, *index_obj, *bounds_obj, *effort_obj, *positions_obj;
    Py_buffer table;
    Py_ssize_t start;
    double level, margin, width;
    int ties;
    long long ticks;
    Limits lim;
    if (!PyArg_ParseTuple(args, "O!O!OOy*OOOOnddpdLLLddO", &ContextType, &ctx_obj, &PyDict_Type, &known,
                          &letters_obj, &offsets_obj, &table, &index_obj, &bounds_obj, &effort_obj, &positions_obj,
                          &start, &level, &margin, &ties, &width, &ticks, &lim.node_limit, &lim.checkpoint_ticks,
                          &lim.deadline, &lim.checkpoint_at, &lim.is_set))
        return NULL;
    const Ctx *c = (const Ctx *)ctx_obj;
    Py_buffer letters = {0}, offsets = {0}, index = {0}, bounds = {0}, effort = {0}, positions = {0};
    int has_effort = effort_obj != Py_None;
    PyObject *out = NULL, *key = NULL, *slots = NULL, *res = NULL;
    S *scratch = NULL;
    if (table.len != 256) {
        PyErr_SetString(PyExc_ValueError, "kernel: the letter table has 256 bytes");
        goto done;
    }
    if (!items(letters_obj, &letters, 1, 0, "letters") || !items(offsets_obj, &offsets, 8, 0, "offsets") ||
        !items(index_obj, &index, 8, 0, "index") || !items(bounds_obj, &bounds, 8, 1, "bounds") ||
        (has_effort && !items(effort_obj, &effort, 8, 1, "effort")) ||
        !items(positions_obj, &positions, 8, 0, "positions"))
        goto done;
    const unsigned char *tab = (const unsigned char *)table.buf, *let = (const unsigned char *)letters.buf;
    const long long *off = (const long long *)offsets.buf, *idx = (const long long *)index.buf;
    const long long *pos = (const long long *)positions.buf;
    double *bnd = (double *)bounds.buf;
    long long *eff = has_effort ? (long long *)effort.buf : NULL;
    Py_ssize_t nletters = letters.len, nwords = offsets.len / 8 - 1, nindex = index.len / 8, npos = positions.len / 8;
    Py_ssize_t nbounds = bounds.len / 8;
    if (has_effort && effort.len / 8 != nbounds) {
        PyErr_SetString(PyExc_ValueError, "kernel: one effort a bound");
        goto done;
    }
    if (start < 0) start = 0;
    long long proofs = 0, asked = 0;
    int what = RUN_END;
    double value = 0.0;
    Py_ssize_t at = start;
    for (; at < npos; at++) {
        long long j = pos[at];
        if (j < 0 || j >= nbounds || j >= nindex) {
            PyErr_SetString(PyExc_IndexError, "kernel: a position beyond the bounds");
            goto done;
        }
        double bound = bnd[j], reach = level + margin;
        if (ties ? bound < reach : bound <= reach) {
            if (width <= 0 || bound < reach - width) {
                what = RUN_STOP;
                break;
            }
            continue; /* (within a class, the rest of it may still beat the level) */
        }
        if ((++asked & YIELD_EVERY) == 0) {
            if (PyErr_CheckSignals() < 0) goto done;
            Py_BEGIN_ALLOW_THREADS Py_END_ALLOW_THREADS
        }
        long long i = idx[j];
        if (i < 0 || i >= nwords || off[i] < 0 || off[i] > off[i + 1] || off[i + 1] > nletters) {
            PyErr_SetString(PyExc_IndexError, "kernel: a word beyond the lexicon's letters");
            goto done;
        }
        long long n = off[i + 1] - off[i];
        if (n < 1 || n > MAXN) { /* the Python search's */
            what = RUN_HANDLE;
            break;
        }
        unsigned char codes[MAXN];
        for (long long q = 0; q < n; q++) codes[q] = tab[let[off[i] + q]];
        key = PyBytes_FromStringAndSize((const char *)codes, (Py_ssize_t)n);
        if (key == NULL) goto done;
        double upper = 0.0;
        int r = recall(known, key, level, &upper);
        if (r < 0) goto done;
        if (r == 2) {
            what = RUN_HANDLE;
            break;
        }
        if (r == 1) { /* known no better: no step taken */
            bnd[j] = py_min(level, upper);
            if (eff != NULL) eff[j] = 0;
            proofs++;
            Py_CLEAR(key);
            continue;
        }
        S *s = search_word(c, codes, (Py_ssize_t)n, level, -1, ticks, &lim, scratch);
        if (s == NULL) goto done;
        scratch = s; /* (each word's search in the first one's room) */
        long long before = ticks;
        ticks = s->ticks;
        if (s->status != S_DONE) {
            what = s->status == S_CHECKPOINT ? RUN_CHECKPOINT : RUN_OUT_OF_TIME;
            break;
        }
        if (s->has_best) {
            what = RUN_FOUND;
            value = s->floor;
            if (!best_bytes(s, &slots, &res)) goto done;
            break;
        }
        double most = py_min(s->upper, level); /* _learn's min(upper, floor) */
        if (!learn(known, key, most)) goto done;
        Py_CLEAR(key);
        bnd[j] = py_min(level, most);
        if (eff != NULL) eff[j] = ticks - before;
        proofs++;
    }
    if (what != RUN_FOUND) Py_CLEAR(key);
    out = Py_BuildValue("inLLdOOO", what, at, ticks, proofs, value, slots ? slots : Py_None, res ? res : Py_None,
                        key ? key : Py_None);
done:
    free_search(scratch);
    Py_XDECREF(key);
    Py_XDECREF(slots);
    Py_XDECREF(res);
    PyBuffer_Release(&table);
    if (letters.obj) PyBuffer_Release(&letters);
    if (offsets.obj) PyBuffer_Release(&offsets);
    if (index.obj) PyBuffer_Release(&index);
    if (bounds.obj) PyBuffer_Release(&bounds);
    if (effort.obj) PyBuffer_Release(&effort);
    if (positions.obj) PyBuffer_Release(&positions);
    return out;
}
