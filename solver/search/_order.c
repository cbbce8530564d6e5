/* The orders of the best-first loop (solver/search/order.py), compiled: which candidates beat a level, the best of
 * them a batch at a time, sorted, over an array of float64 bounds (a Python ``array('d')`` or a numpy array: any
 * C-contiguous buffer), with no numpy in the process.
 *
 * order.py's numpy code is the reference: the same positions in the same order (ties in the positions' own order,
 * as numpy's stable sorts leave them). Bounds are never NaN (order.py's callers make them from finite numbers and
 * infinities). Every loop is bounded by the buffers' sizes, checked first.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "module.h"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

#define VERSION 2 /* order.py's VERSION */

static int refuse(const char *what) {
    PyErr_Format(PyExc_ValueError, "order: %s", what);
    return 0;
}

/* A buffer of whole items of ``size`` bytes; their number in *n. */
static int items(const Py_buffer *b, Py_ssize_t size, Py_ssize_t *n, const char *what) {
    if (b->len % size != 0) return refuse(what);
    *n = b->len / size;
    return 1;
}

/* The positions of b[0..n-1] over ``cut`` (with ``ties``: at least ``cut``, and above -inf) into at (room for n + 1),
 * ascending, without a branch: each position is written at the next place and kept when it is over (the places
 * written stay in the cache while few are kept). Their number. */
static Py_ssize_t positions_over(const double *restrict b, Py_ssize_t n, double cut, int ties, int64_t *restrict at) {
    Py_ssize_t k = 0;
    if (ties)
        for (Py_ssize_t i = 0; i < n; i++) {
            at[k] = i;
            k += (b[i] >= cut) & (b[i] > -HUGE_VAL);
        }
    else
        for (Py_ssize_t i = 0; i < n; i++) {
            at[k] = i;
            k += b[i] > cut;
        }
    return k;
}

/* above(bounds, cut, ties) -> bytes of int64 positions, ascending: the bounds over ``cut`` (with ``ties``, at least
 * ``cut`` and above -inf), in one pass (positions_over), the answer then cut to its length */
static PyObject *order_above(PyObject *self, PyObject *args) {
    Py_buffer bb;
    double cut;
    int ties;
    if (!PyArg_ParseTuple(args, "y*dp", &bb, &cut, &ties)) return NULL;
    PyObject *out = NULL;
    Py_ssize_t n;
    if (!items(&bb, sizeof(double), &n, "bounds are not float64")) goto done;
    if (n > PY_SSIZE_T_MAX / (Py_ssize_t)sizeof(int64_t) - 1) {
        refuse("too many bounds");
        goto done;
    }
    out = PyBytes_FromStringAndSize(NULL, (n + 1) * (Py_ssize_t)sizeof(int64_t));
    if (out == NULL) goto done;
    Py_ssize_t m = positions_over((const double *)bb.buf, n, cut, ties, (int64_t *)PyBytes_AS_STRING(out));
    if (_PyBytes_Resize(&out, m * (Py_ssize_t)sizeof(int64_t)) < 0) out = NULL; /* (it released out) */
done:
    PyBuffer_Release(&bb);
    return out;
}

/* a position's key: its bound, or with a class width the class floor(bound / width) */
static inline double key_of(const double *b, int64_t j, double width) { return width > 0 ? floor(b[j] / width) : b[j]; }

/* The k-th largest of keys[0..m-1] (k from 1 to m; the keys are reordered): a selection by three-way partitions
 * around the median of three, in expected linear time, ties (many bounds are equal) gathered at once. */
static double kth_largest(double *keys, Py_ssize_t m, Py_ssize_t k) {
    Py_ssize_t lo = 0, hi = m - 1, want = k - 1; /* the place of the k-th in decreasing order */
    while (lo < hi) {
        double a = keys[lo], b = keys[lo + (hi - lo) / 2], c = keys[hi];
        double pivot = a > b ? (b > c ? b : (a > c ? c : a)) : (a > c ? a : (b > c ? c : b));
        Py_ssize_t lt = lo, i = lo, gt = hi; /* [lo, lt) above the pivot, [lt, i) equal, (gt, hi] below */
        while (i <= gt) {
            double x = keys[i];
            if (x > pivot) {
                keys[i++] = keys[lt];
                keys[lt++] = x;
            } else if (x < pivot) {
                keys[i] = keys[gt];
                keys[gt--] = x;
            } else {
                i++;
            }
        }
        if (want < lt)
            hi = lt - 1;
        else if (want > gt)
            lo = gt + 1;
        else
            return pivot;
    }
    return keys[want];
}

/* positions checked against the bounds' size; 0 with an error set when one is out of range */
static int positions(const Py_buffer *pb, Py_ssize_t nb, Py_ssize_t *m) {
    if (!items(pb, sizeof(int64_t), m, "positions are not int64")) return 0;
    const int64_t *p = (const int64_t *)pb->buf;
    for (Py_ssize_t i = 0; i < *m; i++)
        if (p[i] < 0 || p[i] >= nb) return refuse("a position beyond the bounds");
    return 1;
}

/* select(bounds, positions, take, width) -> (chosen, rest): bytes of int64, each in the positions' order. The
 * ``take`` best keys (bounds, or classes with a width) and every position whose key equals the last of them are
 * chosen: the cut is at a value, not a rank (order.py's ``select``: numpy's argpartition orders ties as it likes). */
static PyObject *order_select(PyObject *self, PyObject *args) {
    Py_buffer bb, pb;
    Py_ssize_t take;
    double width;
    if (!PyArg_ParseTuple(args, "y*y*nd", &bb, &pb, &take, &width)) return NULL;
    PyObject *chosen = NULL, *rest = NULL, *out = NULL;
    double *keys = NULL;
    Py_ssize_t nb, m;
    if (!items(&bb, sizeof(double), &nb, "bounds are not float64") || !positions(&pb, nb, &m)) goto done;
    if (take < 1 || take > m) {
        refuse("take must be from 1 to the number of positions");
        goto done;
    }
    const double *b = (const double *)bb.buf;
    const int64_t *p = (const int64_t *)pb.buf;
    keys = (double *)malloc(sizeof(double) * (size_t)m);
    if (keys == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t i = 0; i < m; i++) keys[i] = key_of(b, p[i], width);
    double cut = kth_largest(keys, m, take);
    Py_ssize_t k = 0;
    for (Py_ssize_t i = 0; i < m; i++) k += key_of(b, p[i], width) >= cut;
    chosen = PyBytes_FromStringAndSize(NULL, k * (Py_ssize_t)sizeof(int64_t));
    rest = PyBytes_FromStringAndSize(NULL, (m - k) * (Py_ssize_t)sizeof(int64_t));
    if (chosen == NULL || rest == NULL) goto done;
    int64_t *c = (int64_t *)PyBytes_AS_STRING(chosen), *r = (int64_t *)PyBytes_AS_STRING(rest);
    for (Py_ssize_t i = 0; i < m; i++) {
        if (key_of(b, p[i], width) >= cut)
            *c++ = p[i];
        else
            *r++ = p[i];
    }
    out = PyTuple_Pack(2, chosen, rest);
done:
    Py_XDECREF(chosen);
    Py_XDECREF(rest);
    free(keys);
    PyBuffer_Release(&bb);
    PyBuffer_Release(&pb);
    return out;
}

typedef struct {
    double key;
    int64_t effort;
    int64_t place; /* in the positions given: ties keep it */
    int64_t position;
} Entry;

static int entry_order(const void *x, const void *y) {
    const Entry *a = (const Entry *)x, *c = (const Entry *)y;
    if (a->key != c->key) return a->key > c->key ? -1 : 1;
    if (a->effort != c->effort) return a->effort > c->effort ? -1 : 1;
    return (a->place > c->place) - (a->place < c->place);
}

/* ordered(bounds, positions, effort, width, inf_last, every, take) -> bytes of int64: the positions (with ``every``,
 * all of the bounds', 0, 1...) by key (bound, or class with a width), greatest first, then by effort (int64, one a
 * bound; an empty buffer: none), greatest first, ties in the positions' order (a stable sort). With ``inf_last`` a
 * bound of +inf counts as -inf. With ``take`` > 0, only the first ``take`` of them: the keys under the take-th
 * largest are left out before the sort (the same first ones, sooner). */
static PyObject *order_ordered(PyObject *self, PyObject *args) {
    Py_buffer bb, pb, eb;
    double width;
    int inf_last, every;
    Py_ssize_t take;
    if (!PyArg_ParseTuple(args, "y*y*y*dppn", &bb, &pb, &eb, &width, &inf_last, &every, &take)) return NULL;
    PyObject *out = NULL;
    Entry *e = NULL;
    Py_ssize_t nb, m, ne;
    if (!items(&bb, sizeof(double), &nb, "bounds are not float64") ||
        !items(&eb, sizeof(int64_t), &ne, "efforts are not int64"))
        goto done;
    if (every)
        m = nb;
    else if (!positions(&pb, nb, &m))
        goto done;
    if (ne != 0 && ne != nb) {
        refuse("an effort for each bound, or none");
        goto done;
    }
    const double *b = (const double *)bb.buf;
    const int64_t *p = (const int64_t *)pb.buf, *ef = (const int64_t *)eb.buf;
    e = (Entry *)malloc(sizeof(Entry) * (size_t)(m > 0 ? m : 1));
    if (e == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t i = 0; i < m; i++) {
        int64_t j = every ? (int64_t)i : p[i];
        double k = key_of(b, j, width);
        e[i].key = inf_last && k == HUGE_VAL ? -HUGE_VAL : k;
        e[i].effort = ne ? ef[j] : 0;
        e[i].place = i;
        e[i].position = j;
    }
    Py_ssize_t kept = m;
    if (take > 0 && take < m) { /* the entries whose key is at least the take-th largest, in order */
        double *keys = (double *)malloc(sizeof(double) * (size_t)m);
        if (keys == NULL) {
            PyErr_NoMemory();
            goto done;
        }
        for (Py_ssize_t i = 0; i < m; i++) keys[i] = e[i].key;
        double cut = kth_largest(keys, m, take);
        free(keys);
        kept = 0;
        for (Py_ssize_t i = 0; i < m; i++)
            if (e[i].key >= cut) e[kept++] = e[i];
    }
    qsort(e, (size_t)kept, sizeof(Entry), entry_order);
    Py_ssize_t n_out = take > 0 && take < kept ? take : kept;
    out = PyBytes_FromStringAndSize(NULL, n_out * (Py_ssize_t)sizeof(int64_t));
    if (out == NULL) goto done;
    int64_t *o = (int64_t *)PyBytes_AS_STRING(out);
    for (Py_ssize_t i = 0; i < n_out; i++) o[i] = e[i].position;
done:
    free(e);
    PyBuffer_Release(&bb);
    PyBuffer_Release(&pb);
    PyBuffer_Release(&eb);
    return out;
}

/* The largest of b[0..n-1] under ``under`` (with ``all``, of them all; -inf when there is none), with four running
 * maxima side by side: each comparison waits on the one four places back, not on the last (the loop is then bound
 * by memory, not by a chain of comparisons). Bounds are never NaN. */
static double largest_under(const double *b, Py_ssize_t n, double under, int all) {
    double best[4] = {-HUGE_VAL, -HUGE_VAL, -HUGE_VAL, -HUGE_VAL};
    Py_ssize_t i = 0;
    for (; i + 4 <= n; i += 4)
        for (int r = 0; r < 4; r++) {
            double x = all || b[i + r] < under ? b[i + r] : -HUGE_VAL;
            best[r] = x > best[r] ? x : best[r];
        }
    for (; i < n; i++)
        if ((all || b[i] < under) && b[i] > best[0]) best[0] = b[i];
    double top = best[0];
    for (int r = 1; r < 4; r++) top = best[r] > top ? best[r] : top;
    return top;
}

/* largest(bounds, under) -> the largest bound below ``under`` and above -inf, or None when there is none */
static PyObject *order_largest(PyObject *self, PyObject *args) {
    Py_buffer bb;
    double under;
    if (!PyArg_ParseTuple(args, "y*d", &bb, &under)) return NULL;
    PyObject *out = NULL;
    Py_ssize_t n;
    if (items(&bb, sizeof(double), &n, "bounds are not float64")) {
        double best = largest_under((const double *)bb.buf, n, under, 0);
        out = best > -HUGE_VAL ? PyFloat_FromDouble(best) : Py_NewRef(Py_None);
    }
    PyBuffer_Release(&bb);
    return out;
}

/* maximum(bounds) -> the largest bound (+inf when one is; -inf when there are none) */
static PyObject *order_maximum(PyObject *self, PyObject *args) {
    Py_buffer bb;
    if (!PyArg_ParseTuple(args, "y*", &bb)) return NULL;
    PyObject *out = NULL;
    Py_ssize_t n;
    if (items(&bb, sizeof(double), &n, "bounds are not float64"))
        out = PyFloat_FromDouble(largest_under((const double *)bb.buf, n, 0.0, 1));
    PyBuffer_Release(&bb);
    return out;
}

/* empty(size) -> a bytearray of ``size`` bytes, not cleared (numpy's ``empty``: its pages are touched when first
 * written, by the kernel that fills it, not twice) */
static PyObject *order_empty(PyObject *self, PyObject *args) {
    Py_ssize_t size;
    if (!PyArg_ParseTuple(args, "n", &size)) return NULL;
    if (size < 0) {
        refuse("a negative size");
        return NULL;
    }
    return PyByteArray_FromStringAndSize(NULL, size);
}

/* keep_heap(mmap_threshold, trim_threshold) -> whether the C library took them
 * glibc's malloc gives each block over its mmap threshold (128 KiB at first) pages of its own and hands them back
 * when the block is freed, and gives the heap's free top back past its trim threshold: a search's buffers of a word
 * each (a megabyte or more for long hands) are then new pages every query, each page a fault the kernel clears
 * first (a quarter of a 12-card hint's word bounds: 7.7 against 5.6 ms). Raising both keeps freed memory for the next
 * query. Another C library: nothing is done (False). */
static PyObject *order_keep_heap(PyObject *self, PyObject *args) {
    Py_ssize_t mmap_at, trim_at;
    if (!PyArg_ParseTuple(args, "nn", &mmap_at, &trim_at)) return NULL;
    if (mmap_at < 0 || trim_at < 0 || mmap_at > INT32_MAX || trim_at > INT32_MAX) {
        refuse("heap thresholds out of range");
        return NULL;
    }
#if defined(__GLIBC__)
    int ok = mallopt(M_MMAP_THRESHOLD, (int)mmap_at) == 1;
    ok = ok && mallopt(M_TRIM_THRESHOLD, (int)trim_at) == 1;
    return PyBool_FromLong(ok);
#else
    Py_RETURN_FALSE;
#endif
}

static PyMethodDef methods[] = {
    {"keep_heap", order_keep_heap, METH_VARARGS, "Freed memory kept for the next query (see _order.c)."},
    {"empty", order_empty, METH_VARARGS, "A bytearray of a size, not cleared (see _order.c)."},
    {"maximum", order_maximum, METH_VARARGS, "The largest bound (see _order.c)."},
    {"above", order_above, METH_VARARGS, "The positions of the bounds over a cut (see _order.c)."},
    {"select", order_select, METH_VARARGS, "The best positions, cut at a value (see _order.c)."},
    {"ordered", order_ordered, METH_VARARGS, "Positions sorted by bound, greatest first, stably (see _order.c)."},
    {"largest", order_largest, METH_VARARGS, "The largest bound under a value (see _order.c)."},
    {NULL, NULL, 0, NULL},
};

SEARCH_MODULE(_order, "The best-first loop's orders, compiled (solver/search/order.py).", NULL, {"VERSION", VERSION})
