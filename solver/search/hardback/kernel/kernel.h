/* The per-word search of Hardback, compiled: solver/search/hardback/exact.py's WordSolver._solve and the parts of
 * solver/hardback/resolve.py's Resolver.resolve it calls, over flat arrays. One extension module
 * (``solver.search.hardback._kernel``) built from several files, by job:
 *   kernel.h      the shared types, the hot helpers (static inline) and what each file gives the others;
 *   resolve.c     a placement's resolution and value (Resolver.resolve), with the one switch that scores counts;
 *   plan.c        a word's plan (WordSolver.plan);
 *   bounds.c      the bounds of a node (WordSolver._rest, _doubles, _apart, _split);
 *   search.c      the search itself (WordSolver._solve: the choices, the stranded test, go) and its budget;
 *   module.c      the Python face: the packed pool read (ctx_read), solve;
 *   run.c         the best-first loop over a run of candidates, a search each (solve_run);
 *   signatures.c  the words' signatures and per-word bounds (solver/search/hardback/signatures.py's).
 *
 * The kernel follows the Python step by step, in the same order, so that it finds the same placement and counts the
 * same steps (ticks): a search with a step budget (a bot's) gives the same answer with or without the kernel. The
 * Python search is the reference; tests compare the two on random hands, step counts included. Where the same
 * answer costs less it takes another way (running tallies where the Python recounts; the children of a node that
 * the stranded test reads alike asked once, each still counted a step), never another step or value.
 *
 * The pool's data arrive packed by solver/search/hardback/compiled.py (``pack``): one list of integers and one of
 * floats, read in the order of ``ctx_read`` (module.c). Every value that does not depend on the word (a card's value
 * at each factor, its optimism, the sort orders, the award per length) is computed in Python and only read here.
 */
#ifndef GHOSTWRITER_HARDBACK_KERNEL_H
#define GHOSTWRITER_HARDBACK_KERNEL_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#if defined(__GNUC__)
#pragma GCC visibility push(hidden) /* the module's own functions: only PyInit__kernel is the module's face */
#endif

#define LAYOUT 10       /* the version of the packed layout and the answer; compiled.py sends the same number */
#define MAXN 32         /* letters of a word (bit masks of positions) */
#define MAXK 64         /* kinds of card in a pool */
#define MAXC 64         /* distinct card letters */
#define MAXSPEC 8       /* per-card benefits of a card */
#define MAXDUMP 8       /* dumps of a card */
#define MAXUNC 15       /* uncovers of a card (four bits a position in the failure memo) */
#define MAXOPT (MAXN * 4) /* doubling abilities in a word */
#define MAXHIDDEN 256     /* doubler cards in a pool (ctx_read checks) */
#define MAXDUMPS 4096     /* dumps in one resolution: the word's and the classics' in play (checked by ctx_read) */
#define EPS 1e-6
#define MAX_FACTOR 3
#define CHECK_EVERY 255 /* as solver/budget.py: ticks between two looks at the clock */

enum { HAND = 0, INKED = 1, MINE = 2, OTHER = 3 };
enum { UP = 0, WILD = 1, UNCOVERED = 2 };
enum { S_DONE = 0, S_OUT_OF_TIME = 1, S_CHECKPOINT = 2, S_ENOUGH = 3, S_ERROR = 4 };
/* what a per-card benefit counts: resolve.c's ``counted`` has a case for each */
enum { PER_GENRE = 0, PER_WILD = 1, PER_INKED = 2, PER_FACE_UP = 3, NCOUNTS = 4 };

typedef struct {
    int letter, source, pool, own, genre, timeless, count;
    int imposed; /* an inked entry that is a rival's letter (Disfigured Letter): face-up, and not an inked card */
    int unc[2], dbl[2];
    int om_unc, om_dbl, plain, is_uncoverer;
    int passes; /* a hand uncoverer an uncover of its own pays for once uncovered (WordSolver.passes) */
    int nwstep;             /* Mystery N: what a doubling adds as d + c * W in the word's wild cards W, per activity */
    double opt[2]; /* [0] with dumps, [1] without (a word that leaves nothing to dump) */
    double per_wild, step;  /* (the fields the search reads at every step come first, in few cache lines) */
    double wstep_d[2], wstep_c[2];
    int nspec[2], sper[2][MAXSPEC], sgenre[2][MAXSPEC];
    double scoef[2][MAXSPEC];
    int ndump[2], dump[2][MAXDUMP];
    double value[2][4];
} Kind;

typedef struct {
    PyObject_HEAD
    int K, C;
    Kind kinds[MAXK];
    int nby_letter[MAXC], by_letter[MAXC][MAXK];
    int npool_kinds, pool_kinds[MAXK];
    int norder[2], order[2][MAXK];
    int by_step[MAXK];
    int nuncoverers, uncoverers[MAXK];
    int uncoverer_letter[MAXC];
    int pool_uncoverers;
    int nwild_kinds, wild_kinds[MAXK];
    int ndoublers, doublers[MAXK];
    int split;   /* a doubler may stand uncovered: the bound is split by how many do (split_rest) */
    int free_passing; /* no uncoverer doubles: passing uncoverers are counted apart (uncovers_ahead) */
    int inked_kinds; /* kinds of card drawn with ink */
    int nwild_stepped, wild_stepped[MAXK];
    int stepped; /* WordSolver.stepped: the one card whose doublings _apart counts apart, or -1 */
    int ngenre_doublers, genre_doublers[4]; /* WordSolver.genre_doublers */
    int ncounted[4], counted[4][MAXK];        /* per genre, the kinds that count for it in the word (_live) */
    double steps[MAXK]; /* per kind, its step (Kind.step), in a row */
    int nable, able[MAXK]; /* the kinds with a doubling ability on either side (the others' ``ability`` is 0) */
    int nunc_by_letter[MAXC], unc_by_letter[MAXC][MAXK]; /* per letter, its uncoverers (chained) */
    int nmine, mine[MAXK];
    int npoolk, poolk[MAXK]; /* the resolver's pool kinds, in kind order */
    int classic_letters[MAXC];
    int discard, removers, pool_size, inked_total, imposed_total, awards, dumps_flag, fodder_total;
    int slack_award_on, slack_rem_on;
    int base_genres[4];
    double w_coins, w_dump, w_sent, w_kept, w_rem;
    double mine_opt[2];
    double slack_award[MAXN + 1], res_award[MAXN + 1];
    double rem_slack;
} Ctx;

typedef struct {
    int k, face;
} Slot;

typedef struct {
    uint32_t done;
    uint64_t lo, hi;
    uint32_t gen;
} Key;

/* what _rest reads of a plan (WordSolver.Plan): the worth of a wild and the items, per kind that may bring more than
 * a wild, best first (kind, worth beyond a wild, letter, in the pool) */
typedef struct {
    double wild;
    int nitems;
    struct {
        int k, lid, pool, count, passes;
        double worth;
    } item[MAXK];
    int nlow, low[MAXK]; /* the uncoverers that pay for their own uncover and bring no more than a wild */
} RestPlan;

#define MAXAPART 4 /* Plan.apart: two doublings times two activities */

/* a placement's best resolution (hardback/resolve.py's Resolution, but for its value): the uncovers in order
 * (uncoverer, uncovered), the doubles (doubler, doubled) in the order of the doubling abilities, the factors, the
 * active genres */
typedef struct {
    int nunc, unc[MAXN][2];
    int ndbl, dbl[MAXOPT][2];
    int factors[MAXN];
    int active[4];
} Res;

typedef struct {
    const Ctx *c;
    int n;
    int word[MAXN];
    /* the plan */
    int which;
    int near[MAXN];
    int uncovers;
    double slack, wild;
    int caps[MAXN + 1][MAXC];
    RestPlan rp;
    int has_unreached, unreached[MAXK]; /* WordSolver._unreached */
    int has_live, live[4]; /* WordSolver._live, at the node whose bound is being counted */
    int abil[MAXK];        /* with has_live: per kind, its doubling abilities at that node (ability) */
    int napart, apart_m[MAXAPART]; /* Plan.apart: m, m * d, m * c and the plan whose wild is worth m * c more */
    double apart_d[MAXAPART], apart_c[MAXAPART];
    int apart_as[MAXAPART]; /* the plan with the same wild, whose rest is the same (-1 the word's, v itself none) */
    RestPlan apart[MAXAPART];
    /* the search */
    int left[MAXK]; /* per kind, its cards not placed yet */
    /* tallies of the cards placed before the node's letter, kept as go places and lifts them: per genre the cards
     * that count for it (face-up or uncovered, your own or the pool's), the cards not face-up, the inked cards
     * not face-up; and of the pool's cards left, all and the inked; the unnamed wilds placed */
    int placed_genre[4], placed_hidden, placed_inked_down, pool_left, inked_left, unnamed;
    Slot slots[MAXN];
    Slot best[MAXN];
    int has_best;
    Res best_res; /* the best placement's resolution */
    /* the last resolution resolve found (what keep_resolution reads): the uncover order, each doubling ability's
     * position and aims, the aims of its best resolution */
    int path[MAXN][2];
    int nopt, opt_pos[MAXOPT], opt_near[MAXOPT][2], opt_idx[MAXOPT], active[4];
    double floor;
    double upper; /* the most a placement pruned or resolved so far may be worth (WordSolver._solve's upper) */
    /* the budget */
    long long ticks, node_limit, checkpoint_ticks, stop_at;
    int has_deadline, has_checkpoint_at;
    double deadline, checkpoint_at;
    PyObject *is_set;
    int status;
    /* the resolver's failure memo (one generation a placement) */
    Key *memo;
    size_t memo_cap, memo_len;
    uint32_t gen;
    int ntargets, targets[MAXN];
} S;


/* -- the hot helpers, inline in every file that reads them ----------------------------------------------------- */

int clock_stop(S *s); /* search.c: tick's look at the clock (and the cancel event) */

/* Budget.tick: 1 (with ``status`` set) when the search must stop. */
static inline int tick(S *s) {
    s->ticks++;
    if (s->node_limit >= 0) {
        if (s->ticks > s->node_limit) {
            s->status = S_OUT_OF_TIME;
            return 1;
        }
        if (s->checkpoint_ticks >= 0 && s->ticks > s->checkpoint_ticks) {
            s->status = S_CHECKPOINT;
            return 1;
        }
    }
    if (s->has_deadline && (s->ticks & CHECK_EVERY) == 0) return clock_stop(s);
    return 0;
}

/* most first: an insertion sort, as the lists are short (a few cards) and sorted at every step of the search, where
 * qsort's merge sort and its calls cost more than the bound itself */
static inline void sort_desc(int *v, int n) {
    for (int a = 1; a < n; a++) {
        int x = v[a], b = a;
        for (; b > 0 && v[b - 1] < x; b--) v[b] = v[b - 1];
        v[b] = x;
    }
}

static inline int may_uncover(const S *s, Slot slot) {
    return slot.k >= 0 && s->c->kinds[slot.k].is_uncoverer && slot.face != WILD;
}

int spares(const S *s, int i, int *spare); /* (search.c: declared here, before its first use below) */

/* PoolTables._spare_before: the uncovers the card face-up at i-1 has left for letters i on (spares) */
static inline int spare_before(const S *s, int i) {
    Slot sl = s->slots[i - 1];
    if (i < 2 || s->slots[i - 2].face != UNCOVERED) return s->c->kinds[sl.k].om_unc;
    int spare[MAXN];
    return spares(s, i, spare) ? spare[i - 1] : 0;
}

/* PoolTables._uncovers_next: the card at i-1 may uncover letter i */
static inline int uncovers_next(const S *s, int i) {
    Slot sl = s->slots[i - 1];
    return may_uncover(s, sl) && (sl.face != UP || spare_before(s, i) > 0);
}

/* a doubler's abilities at this node: its inactive side's where its genre can no longer be active (_live) */
static inline int ability(const S *s, int k) {
    const Kind *p = &s->c->kinds[k];
    return s->has_live ? s->abil[k] : p->om_dbl;
}

/* -- what each file gives the others ---------------------------------------------------------------------------- */

/* resolve.c */
int resolve(S *s, double *out);
void keep_resolution(S *s);
/* plan.c */
void plan(S *s);
/* bounds.c */
int uncovers_ahead(const S *s, int i, int budget, int *passing);
double rest_of(const S *s, const RestPlan *rp, int i, int uncovers, int passing);
void set_live(S *s, int i, int uncovers);
double doubles(const S *s, int i, int uncovers, int reach);
double apart(const S *s, int i, int uncovers, int passing, double rest0, double acc, double limit);
double split_rest(const S *s, int i, int uncovers, int passing, double rest0, double doubles0, double acc,
                  double limit);
/* apart.c */
/* WordSolver._hidden_doublers: the doublings that may reach Mystery N (still to place) with no uncover of their own
 * (free), and of the pool's doublers left that do not uncover and have no letter ahead: how many, their most
 * abilities, the most one brings */
typedef struct {
    int free, count, most;
    double top;
} Hidden;

int n_doubled(const S *s, int i, int uncovers, int passing);
void hidden_doublers(const S *s, int i, Hidden *hd);
int uncovered_for(const Hidden *hd, int m);
double rest_less(const S *s, const RestPlan *rp, int i, int total, int passing, int h);
double variant_rest(const S *s, const RestPlan *rp, int i, int uncovers, int passing, double plain, int h,
                    double top);
/* search.c */
void go(S *s, int i, double acc, int budget, int checked);
/* module.c */
extern PyTypeObject ContextType; /* the packed pool (Ctx) */
/* a search's budget beyond its ticks, as solve takes it: -1 and NaN for no limit, ``is_set`` the cancel event's
 * is_set or None */
typedef struct {
    long long node_limit, checkpoint_ticks;
    double deadline, checkpoint_at;
    PyObject *is_set;
} Limits;
/* the search of one word (``n`` letter indices) against ``floor`` from ``ticks`` on, to its end or a status, in
 * ``reuse`` (a search done before over the same pool, which stays the caller's) or in a new one: the search done
 * (free_search it), NULL with an error set (a word that does not fit, out of memory, an error of is_set) */
S *search_word(const Ctx *c, const unsigned char *w, Py_ssize_t n, double floor, long long stop_at, long long ticks,
               const Limits *lim, S *reuse);
void free_search(S *s);
/* the best placement's slots and resolution as solve answers them (0 when out of memory) */
int best_bytes(const S *s, PyObject **slots, PyObject **res);
/* run.c */
PyObject *kernel_solve_run(PyObject *self, PyObject *args);
/* signatures.c */
PyObject *kernel_signatures(PyObject *self, PyObject *args);
PyObject *kernel_per_word(PyObject *self, PyObject *args);
PyObject *kernel_signature_table(PyObject *self, PyObject *args);
PyObject *kernel_feasible(PyObject *self, PyObject *args);
PyObject *kernel_finish(PyObject *self, PyObject *args);
PyObject *kernel_keep(PyObject *self, PyObject *args);

/* WordSolver._rest under the word's plan */
static inline double rest(const S *s, int i, int uncovers, int passing) {
    return rest_of(s, &s->rp, i, uncovers, passing);
}

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#endif
