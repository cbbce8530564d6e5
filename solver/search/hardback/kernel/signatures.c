/* The words' signatures and per-word bounds, for solver/search/hardback/signatures.py: see kernel.h. */
#include "kernel.h"

/* Signatures' keys below 2^16 (most hands: a few card letters, short words): the same sums as kernel_signatures'
 * tables, in 16 bits, letter by letter over all the words (loops the compiler turns into vector instructions). Returns
 * whether a word's length is out of first..last (a malformed lexicon: its key could be beyond the space). */
#define SIG_SHORT 65536
#if defined(__GNUC__) && !defined(__clang__)
__attribute__((optimize("O3")))
#endif
/* one letter's part of the keys: a loop of its own, which the compiler turns into vector instructions (inside the
 * loop over the letters, GCC 12 interleaves two letters' loops and leaves them scalar: eight times slower) */
static void short_row(Py_ssize_t n, const uint8_t *restrict row, uint8_t cap, uint16_t stride, uint16_t *restrict key) {
    for (Py_ssize_t i = 0; i < n; i++) {
        uint8_t c = row[i] < cap ? row[i] : cap;
        key[i] = (uint16_t)(key[i] + (uint16_t)(c * stride));
    }
}

#if defined(__GNUC__) && !defined(__clang__)
__attribute__((optimize("O3")))
#endif
static int short_keys(Py_ssize_t n, const uint8_t *restrict lengths, uint8_t first, uint8_t last, uint16_t top,
                      const uint8_t *const *rows, const uint8_t *caps, const uint16_t *strides, Py_ssize_t nl,
                      uint16_t *restrict key) {
    uint8_t bad = 0;
    for (Py_ssize_t i = 0; i < n; i++) bad |= (uint8_t)((lengths[i] < first) | (lengths[i] > last));
    for (Py_ssize_t i = 0; i < n; i++) key[i] = (uint16_t)((uint8_t)(lengths[i] - first) * top);
    for (Py_ssize_t j = 0; j < nl; j++) short_row(n, rows[j], caps[j], strides[j], key);
    return bad != 0;
}

/* keys of 16 bits (short_keys), each word's into the array returned; NULL with an error set on failure */
static uint16_t *short_signatures(Py_ssize_t n, const uint8_t *lengths, uint8_t first, uint8_t last, int64_t stride,
                                  const uint8_t **rows, const uint8_t *caps, Py_ssize_t nl, uint8_t *seen) {
    uint16_t strides[26];
    for (Py_ssize_t j = nl - 1, s = 1; j >= 0; j--) {
        strides[j] = (uint16_t)s;
        s *= caps[j] + 1;
    }
    uint16_t *short_key = (uint16_t *)malloc(sizeof(uint16_t) * (size_t)(n > 0 ? n : 1));
    if (short_key == NULL) {
        PyErr_NoMemory();
        return NULL;
    }
    if (short_keys(n, lengths, first, last, (uint16_t)stride, rows, caps, strides, nl, short_key)) {
        PyErr_SetString(PyExc_ValueError, "kernel: a signature beyond its space");
        free(short_key);
        return NULL;
    }
    for (Py_ssize_t w = 0; w < n; w++) seen[short_key[w]] = 1;
    return short_key;
}

/* keys of 64 bits, each word's into inverse, summed from the tables; 0 with an error set when one is out of space */
static int long_signatures(Py_ssize_t n, const uint8_t *lengths, Py_ssize_t first, int64_t stride, const int64_t *lut,
                           const uint8_t **rows, Py_ssize_t nl, Py_ssize_t space, int64_t *inverse, uint8_t *seen) {
    for (Py_ssize_t w = 0; w < n; w++) {
        int64_t key = ((int64_t)lengths[w] - first) * stride;
        for (Py_ssize_t j = 0; j < nl; j++) key += lut[256 * j + rows[j][w]];
        if (key < 0 || key >= space) {
            PyErr_SetString(PyExc_ValueError, "kernel: a signature beyond its space");
            return 0;
        }
        inverse[w] = key;
        seen[key] = 1;
    }
    return 1;
}

/* the keys seen, in increasing order, into keys, and each word's number (by its key: short_key's, else inverse's)
 * into inverse; the number of signatures, -1 when out of memory */
static Py_ssize_t number_keys(Py_ssize_t n, Py_ssize_t space, const uint8_t *seen, const uint16_t *short_key,
                              int64_t *keys, int64_t *inverse) {
    Py_ssize_t m = 0;
    for (Py_ssize_t k = 0; k < space; k++)
        if (seen[k]) keys[m++] = k;
    int32_t *number = (int32_t *)malloc(sizeof(int32_t) * (size_t)space);
    if (number == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t j = 0; j < m; j++) number[keys[j]] = (int32_t)j;
    if (short_key != NULL)
        for (Py_ssize_t w = 0; w < n; w++) inverse[w] = number[short_key[w]];
    else
        for (Py_ssize_t w = 0; w < n; w++) inverse[w] = number[inverse[w]];
    free(number);
    return m;
}

/* The key in mixed radix, ((len - first) * r0 + c0) * r1 + c1 ..., is the same as (len - first) * (r0 r1 ...)
 * + c0 * (r1 r2 ...) + c1 * (r2 ...) + ...: each letter's term is read from a table by its count (capped), and
 * a word's key is summed at once, word by word, reading every letter's row side by side. The tables (lut) and the
 * rows; returns the product of the radices */
static int64_t key_tables(const uint8_t *counts, Py_ssize_t words, Py_ssize_t lo, const uint8_t *letters,
                          const uint8_t *caps, Py_ssize_t nl, int64_t *lut, const uint8_t **rows) {
    int64_t stride = 1;
    for (Py_ssize_t j = nl - 1; j >= 0; j--) {
        int64_t *t = lut + 256 * j;
        for (int c = 0; c < 256; c++) t[c] = (int64_t)(c < caps[j] ? c : caps[j]) * stride;
        rows[j] = counts + (Py_ssize_t)letters[j] * words + lo;
        stride *= (int64_t)caps[j] + 1;
    }
    return stride;
}

/* signatures(counts, words, lo, hi, lengths, first, letters, caps, space, keys_out, inverse_out)
 *   -> number of signatures
 * The signature of each word lo..hi-1 (its length less ``first``, then each card letter's count capped, in mixed
 * radix: solver/search/hardback/signatures.py's ``signatures``) numbered densely in increasing order:
 * ``inverse_out`` (int64, one a word) gets each word's number, ``keys_out`` (int64, at least as long as the space or
 * the words, whichever is less: no more signatures than either) the signatures in order. */
PyObject *kernel_signatures(PyObject *self, PyObject *args) {
    Py_buffer cb, lb, ab, capb, kb, ib;
    Py_ssize_t words, lo, hi, first, space;
    if (!PyArg_ParseTuple(args, "y*nnny*ny*y*nw*w*", &cb, &words, &lo, &hi, &lb, &first, &ab, &capb, &space, &kb,
                          &ib))
        return NULL;
    PyObject *out = NULL;
    const uint8_t *lengths = (const uint8_t *)lb.buf, *letters = (const uint8_t *)ab.buf;
    const uint8_t *caps = (const uint8_t *)capb.buf;
    Py_ssize_t nl = ab.len, n = hi - lo;
    int64_t *inverse = (int64_t *)ib.buf;
    uint8_t *seen = NULL;
    int64_t *lut = NULL;
    const uint8_t **rows = NULL;
    uint16_t *short_key = NULL;
    if (lo < 0 || hi > words || n <= 0 || capb.len != nl || lengths == NULL || lb.len < words || space <= 0 ||
        kb.len < (space < n ? space : n) * (Py_ssize_t)sizeof(int64_t) || ib.len < n * (Py_ssize_t)sizeof(int64_t)) {
        PyErr_SetString(PyExc_ValueError, "kernel: signatures of a malformed lexicon slice");
        goto done;
    }
    for (Py_ssize_t j = 0; j < nl; j++)
        if ((Py_ssize_t)(letters[j] + 1) * words > cb.len) {
            PyErr_SetString(PyExc_ValueError, "kernel: a letter beyond the lexicon's counts");
            goto done;
        }
    lut = (int64_t *)malloc(sizeof(int64_t) * 256 * (size_t)(nl > 0 ? nl : 1));
    rows = (const uint8_t **)malloc(sizeof(const uint8_t *) * (size_t)(nl > 0 ? nl : 1));
    seen = (uint8_t *)calloc((size_t)space, 1);
    if (lut == NULL || rows == NULL || seen == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    int64_t stride = key_tables((const uint8_t *)cb.buf, words, lo, letters, caps, nl, lut, rows);
    uint8_t last = lengths[hi - 1]; /* the lexicon orders words by length: the longest is the last */
    if (nl <= 26 && first >= 0 && last >= first && stride * (int64_t)(last - first + 1) <= SIG_SHORT &&
        stride * (int64_t)(last - first + 1) <= space) { /* keys of 16 bits, all below the space */
        short_key = short_signatures(n, lengths + lo, (uint8_t)first, last, stride, rows, caps, nl, seen);
        if (short_key == NULL) goto done;
    } else if (!long_signatures(n, lengths + lo, first, stride, lut, rows, nl, space, inverse, seen)) {
        goto done;
    }
    Py_ssize_t m = number_keys(n, space, seen, short_key, (int64_t *)kb.buf, inverse);
    if (m >= 0) out = PyLong_FromSsize_t(m);
done:
    free(seen);
    free(lut);
    free((void *)rows);
    free(short_key);
    PyBuffer_Release(&cb);
    PyBuffer_Release(&lb);
    PyBuffer_Release(&ab);
    PyBuffer_Release(&capb);
    PyBuffer_Release(&kb);
    PyBuffer_Release(&ib);
    return out;
}

/* per_word(sig_bound, inverse, lo, index_out, bound_out[, allowed]) -> number of words
 * Each word's bound, its signature's (``sig_bound``: float64, one a signature; ``inverse``: int64, each word's
 * signature, as ``signatures`` numbers them), kept for the words whose bound is above -inf and, given ``allowed``
 * (one byte a lexicon word, nonzero: allowed; ``kernel_keep``'s flags), that it allows: their lexicon indices (lo
 * plus their place) into ``index_out`` (int64) and their bounds into ``bound_out`` (float64), in order, in one pass
 * over the words (solver/search/hardback/signatures.py's ``per_word``: numpy's take, comparison, nonzero and gather
 * in five). */
PyObject *kernel_per_word(PyObject *self, PyObject *args) {
    Py_buffer sb, ib, xb, bb, ab = {0};
    Py_ssize_t lo;
    if (!PyArg_ParseTuple(args, "y*y*nw*w*|y*", &sb, &ib, &lo, &xb, &bb, &ab)) return NULL;
    PyObject *out = NULL;
    const double *sig = (const double *)sb.buf;
    const int64_t *inverse = (const int64_t *)ib.buf;
    int64_t *index = (int64_t *)xb.buf;
    double *bound = (double *)bb.buf;
    const uint8_t *allowed = ab.obj != NULL ? (const uint8_t *)ab.buf : NULL;
    Py_ssize_t nsig = sb.len / (Py_ssize_t)sizeof(double), n = ib.len / (Py_ssize_t)sizeof(int64_t);
    if (sb.len % (Py_ssize_t)sizeof(double) || ib.len % (Py_ssize_t)sizeof(int64_t) || lo < 0 ||
        xb.len < n * (Py_ssize_t)sizeof(int64_t) || bb.len < n * (Py_ssize_t)sizeof(double)) {
        PyErr_SetString(PyExc_ValueError, "kernel: per-word bounds of arrays of other sizes");
        goto done;
    }
    if (allowed != NULL && ab.len < lo + n) {
        PyErr_SetString(PyExc_ValueError, "kernel: a word beyond the allowed flags");
        goto done;
    }
    Py_ssize_t m = 0;
    for (Py_ssize_t w = 0; w < n; w++) {
        uint64_t j = (uint64_t)inverse[w];
        if (j >= (uint64_t)nsig) {
            PyErr_SetString(PyExc_ValueError, "kernel: a word's signature beyond the signatures");
            goto done;
        }
        double b = sig[j];
        index[m] = lo + w; /* written always, kept (m moves on) only above -inf: no branch to mispredict */
        bound[m] = b;
        m += (b > -HUGE_VAL) & (allowed == NULL || allowed[lo + w] != 0);
    }
    out = PyLong_FromSsize_t(m);
done:
    PyBuffer_Release(&sb);
    PyBuffer_Release(&ib);
    PyBuffer_Release(&xb);
    PyBuffer_Release(&bb);
    if (ab.obj != NULL) PyBuffer_Release(&ab);
    return out;
}

/* signature_table(keys, letters, caps, first, rows, counts_out, lengths_out)
 * The signatures of ``keys`` (int64, as ``signatures`` numbers them) taken apart: each card letter's count (rows of
 * ``counts_out``, uint8, rows x the keys, C order, zero where no card has the letter: the caller zeroes it) and the
 * length (``lengths_out``, int64): solver/search/hardback/signatures.py's ``signatures``, after its keys. */
PyObject *kernel_signature_table(PyObject *self, PyObject *args) {
    Py_buffer kb, ab, capb, cb, lb;
    Py_ssize_t first, rows;
    if (!PyArg_ParseTuple(args, "y*y*y*nnw*w*", &kb, &ab, &capb, &first, &rows, &cb, &lb)) return NULL;
    PyObject *out = NULL;
    const int64_t *keys = (const int64_t *)kb.buf;
    const uint8_t *letters = (const uint8_t *)ab.buf, *caps = (const uint8_t *)capb.buf;
    uint8_t *counts = (uint8_t *)cb.buf;
    int64_t *lengths = (int64_t *)lb.buf;
    Py_ssize_t n = kb.len / (Py_ssize_t)sizeof(int64_t), nl = ab.len;
    if (kb.len % (Py_ssize_t)sizeof(int64_t) || capb.len != nl || rows < 0 || cb.len < rows * n ||
        lb.len < n * (Py_ssize_t)sizeof(int64_t) || first < 0) {
        PyErr_SetString(PyExc_ValueError, "kernel: a signature table of arrays of other sizes");
        goto done;
    }
    for (Py_ssize_t j = 0; j < nl; j++)
        if (letters[j] >= rows) {
            PyErr_SetString(PyExc_ValueError, "kernel: a letter beyond the signature table's rows");
            goto done;
        }
    for (Py_ssize_t s = 0; s < n; s++) {
        int64_t rest = keys[s];
        if (rest < 0) {
            PyErr_SetString(PyExc_ValueError, "kernel: a negative signature");
            goto done;
        }
        for (Py_ssize_t j = nl - 1; j >= 0; j--) {
            counts[(Py_ssize_t)letters[j] * n + s] = (uint8_t)(rest % ((int64_t)caps[j] + 1));
            rest /= (int64_t)caps[j] + 1;
        }
        lengths[s] = rest + first;
    }
    out = Py_NewRef(Py_None);
done:
    PyBuffer_Release(&kb);
    PyBuffer_Release(&ab);
    PyBuffer_Release(&capb);
    PyBuffer_Release(&cb);
    PyBuffer_Release(&lb);
    return out;
}

/* the (letter, cards) pairs of a buffer of int64, checked against the rows; their number in *n, 0 when malformed */
static int letter_pairs(const Py_buffer *b, Py_ssize_t rows, Py_ssize_t *n) {
    const int64_t *p = (const int64_t *)b->buf;
    if (b->len % (Py_ssize_t)(2 * sizeof(int64_t))) return 0;
    *n = b->len / (Py_ssize_t)(2 * sizeof(int64_t));
    for (Py_ssize_t j = 0; j < *n; j++)
        if (p[2 * j] < 0 || p[2 * j] >= rows || p[2 * j + 1] < 0 || p[2 * j + 1] > 65536) return 0;
    return 1;
}

/* feasible(counts, rows, lengths, inked, fixed, pool_size, slack, fill_out, ok_out)
 * Per signature (``counts``: uint8, rows x n; ``lengths``: int64, n): the letters it can fill (``fill_out``, int64:
 * the pool's cards and the classics' letters it holds, ``fixed``: int64 (letter, cards) pairs) and whether the inked
 * cards find their letters within ``slack`` removers (``inked``: the same pairs) and the word is no longer than what
 * fills it (``ok_out``, uint8): solver/search/hardback/bound.py's ``word_bounds``, before the bounds. */
PyObject *kernel_feasible(PyObject *self, PyObject *args) {
    Py_buffer cb, lb, ib, fb, xb, ob;
    Py_ssize_t rows, pool_size, slack;
    if (!PyArg_ParseTuple(args, "y*ny*y*y*nnw*w*", &cb, &rows, &lb, &ib, &fb, &pool_size, &slack, &xb, &ob))
        return NULL;
    PyObject *out = NULL;
    Py_ssize_t n = lb.len / (Py_ssize_t)sizeof(int64_t), ni, nf;
    if (lb.len % (Py_ssize_t)sizeof(int64_t) || rows <= 0 || cb.len < rows * n ||
        xb.len < n * (Py_ssize_t)sizeof(int64_t) || ob.len < n || !letter_pairs(&ib, rows, &ni) ||
        !letter_pairs(&fb, rows, &nf)) {
        PyErr_SetString(PyExc_ValueError, "kernel: feasibility of arrays of other sizes");
        goto done;
    }
    const uint8_t *counts = (const uint8_t *)cb.buf;
    const int64_t *lengths = (const int64_t *)lb.buf, *inked = (const int64_t *)ib.buf, *fixed = (const int64_t *)fb.buf;
    int64_t *fill = (int64_t *)xb.buf;
    uint8_t *ok = (uint8_t *)ob.buf;
    for (Py_ssize_t s = 0; s < n; s++) {
        int64_t deficit = 0, f = pool_size;
        for (Py_ssize_t j = 0; j < ni; j++) {
            int64_t has = counts[inked[2 * j] * n + s], want = inked[2 * j + 1];
            deficit += want > has ? want - has : 0;
        }
        for (Py_ssize_t j = 0; j < nf; j++) {
            int64_t has = counts[fixed[2 * j] * n + s], m = fixed[2 * j + 1];
            f += has < m ? has : m;
        }
        fill[s] = f;
        ok[s] = (uint8_t)((ni == 0 || deficit <= slack) && lengths[s] <= f);
    }
    out = Py_NewRef(Py_None);
done:
    PyBuffer_Release(&cb);
    PyBuffer_Release(&lb);
    PyBuffer_Release(&ib);
    PyBuffer_Release(&fb);
    PyBuffer_Release(&xb);
    PyBuffer_Release(&ob);
    return out;
}

/* finish(parts, lengths, ok, award, removers, eps, out)
 * Each signature's bound: its cards' part (``parts``, float64), plus the award its length could win (``award``:
 * float64 a length, or empty: 0), plus ``removers``, plus ``eps``; -inf where not ``ok`` (uint8). The same additions
 * in the same order as bound.py's ``_signature_bounds`` and ``word_bounds``: the same doubles. */
PyObject *kernel_finish(PyObject *self, PyObject *args) {
    Py_buffer pb, lb, ob, ab, xb;
    double removers, eps;
    if (!PyArg_ParseTuple(args, "y*y*y*y*ddw*", &pb, &lb, &ob, &ab, &removers, &eps, &xb)) return NULL;
    PyObject *out = NULL;
    Py_ssize_t n = pb.len / (Py_ssize_t)sizeof(double), na = ab.len / (Py_ssize_t)sizeof(double);
    if (pb.len % (Py_ssize_t)sizeof(double) || lb.len < n * (Py_ssize_t)sizeof(int64_t) || ob.len < n ||
        ab.len % (Py_ssize_t)sizeof(double) || xb.len < n * (Py_ssize_t)sizeof(double)) {
        PyErr_SetString(PyExc_ValueError, "kernel: bounds of arrays of other sizes");
        goto done;
    }
    const double *parts = (const double *)pb.buf, *award = (const double *)ab.buf;
    const int64_t *lengths = (const int64_t *)lb.buf;
    const uint8_t *ok = (const uint8_t *)ob.buf;
    double *bound = (double *)xb.buf;
    for (Py_ssize_t s = 0; s < n; s++) {
        if (na && (lengths[s] < 0 || lengths[s] >= na)) {
            PyErr_SetString(PyExc_ValueError, "kernel: a length beyond the awards' table");
            goto done;
        }
        double b = parts[s] + (na ? award[lengths[s]] : 0.0);
        b += removers;
        bound[s] = ok[s] ? b + eps : -HUGE_VAL;
    }
    out = Py_NewRef(Py_None);
done:
    PyBuffer_Release(&pb);
    PyBuffer_Release(&lb);
    PyBuffer_Release(&ob);
    PyBuffer_Release(&ab);
    PyBuffer_Release(&xb);
    return out;
}

/* keep(index, bound, allowed) -> number kept
 * The words (``index``: int64 lexicon indices, ``bound``: float64, one a word) that ``allowed`` (one byte a lexicon
 * word, nonzero: allowed) allows, moved to the front in order. */
PyObject *kernel_keep(PyObject *self, PyObject *args) {
    Py_buffer xb, bb, ab;
    if (!PyArg_ParseTuple(args, "w*w*y*", &xb, &bb, &ab)) return NULL;
    PyObject *out = NULL;
    Py_ssize_t n = xb.len / (Py_ssize_t)sizeof(int64_t);
    if (xb.len % (Py_ssize_t)sizeof(int64_t) || bb.len != n * (Py_ssize_t)sizeof(double)) {
        PyErr_SetString(PyExc_ValueError, "kernel: kept words of arrays of other sizes");
        goto done;
    }
    int64_t *index = (int64_t *)xb.buf;
    double *bound = (double *)bb.buf;
    const uint8_t *allowed = (const uint8_t *)ab.buf;
    Py_ssize_t m = 0;
    for (Py_ssize_t w = 0; w < n; w++) {
        if (index[w] < 0 || index[w] >= ab.len) {
            PyErr_SetString(PyExc_ValueError, "kernel: a word beyond the allowed flags");
            goto done;
        }
        if (allowed[index[w]]) {
            index[m] = index[w];
            bound[m++] = bound[w];
        }
    }
    out = PyLong_FromSsize_t(m);
done:
    PyBuffer_Release(&xb);
    PyBuffer_Release(&bb);
    PyBuffer_Release(&ab);
    return out;
}
