/* The per-word search of Hardback, compiled: solver/search/hardback/exact.py's WordSolver._solve and the parts of
 * solver/hardback/resolve.py's Resolver.resolve it calls, over flat arrays.
 *
 * This file follows the Python step by step, in the same order, so that it finds the same placement and counts the
 * same steps (ticks): a search with a step budget (a bot's) gives the same answer with or without the kernel. The
 * Python search is the reference; tests compare the two on random hands, step counts included. Where the same
 * answer costs less it takes another way (running tallies where the Python recounts; the children of a node that
 * the stranded test reads alike asked once, each still counted a step), never another step or value.
 *
 * The pool's data arrive packed by solver/search/hardback/compiled.py (``pack``): one list of integers and one of floats,
 * read in the order of ``ctx_read`` below. Every value that does not depend on the word (a card's value at each
 * factor, its optimism, the sort orders, the award per length) is computed in Python and only read here.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define LAYOUT 9        /* the version of the packed layout and the answer; compiled.py sends the same number */
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
enum { PER_GENRE = 0, PER_WILD = 1, PER_INKED = 2 };

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
     * not face-up; and of the pool's cards left, all and the inked */
    int placed_genre[4], placed_hidden, placed_inked_down, pool_left, inked_left;
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

/* -- the budget ------------------------------------------------------------------------------------------------- */

static double monotonic(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int cancelled(S *s) {
    if (s->is_set == NULL) return 0;
    PyObject *r = PyObject_CallNoArgs(s->is_set);
    if (r == NULL) {
        s->status = S_ERROR;
        return 1;
    }
    int t = PyObject_IsTrue(r);
    Py_DECREF(r);
    if (t < 0) {
        s->status = S_ERROR;
        return 1;
    }
    return t;
}

/* Budget.tick: 1 (with ``status`` set) when the search must stop. */
static int tick(S *s) {
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
    if (s->has_deadline && (s->ticks & CHECK_EVERY) == 0) {
        double now = monotonic();
        if (now > s->deadline || cancelled(s)) {
            if (s->status != S_ERROR) s->status = S_OUT_OF_TIME;
            return 1;
        }
        if (s->has_checkpoint_at && now > s->checkpoint_at) {
            s->status = S_CHECKPOINT;
            return 1;
        }
    }
    return 0;
}

/* -- the resolver (Resolver.resolve) ---------------------------------------------------------------------------- */

static void genre_counts(const S *s, uint32_t uncovered, int all, int counts[4]) {
    const Ctx *c = s->c;
    for (int g = 0; g < 4; g++) counts[g] = c->base_genres[g];
    for (int pos = 0; pos < s->n; pos++) {
        int k = s->slots[pos].k;
        if (k < 0) continue;
        const Kind *p = &c->kinds[k];
        if (p->source == MINE || p->genre < 0 || p->source == OTHER) continue;
        int face = s->slots[pos].face;
        if (face == UP || (face == UNCOVERED && (all || (uncovered >> pos & 1u)))) counts[p->genre]++;
    }
}

static uint64_t key_hash(uint32_t done, uint64_t lo, uint64_t hi) {
    uint64_t h = (uint64_t)done * 0x9E3779B97F4A7C15ull;
    h ^= lo + 0x632BE59BD9B4E019ull + (h << 6) + (h >> 2);
    h ^= hi + 0x85EBCA77C2B2AE63ull + (h << 6) + (h >> 2);
    return h ^ (h >> 29);
}

static int memo_grow(S *s) {
    size_t cap = s->memo_cap ? s->memo_cap * 2 : 256;
    Key *t = (Key *)calloc(cap, sizeof(Key));
    if (t == NULL) return -1;
    for (size_t i = 0; i < s->memo_cap; i++) {
        Key *e = &s->memo[i];
        if (e->gen != s->gen) continue;
        size_t j = key_hash(e->done, e->lo, e->hi) & (cap - 1);
        while (t[j].gen == s->gen) j = (j + 1) & (cap - 1);
        t[j] = *e;
    }
    free(s->memo);
    s->memo = t;
    s->memo_cap = cap;
    return 0;
}

/* 1 when the key is in the memo; with ``add``, put it there (0 when new; -1 when out of memory). */
static int memo_find(S *s, uint32_t done, uint64_t lo, uint64_t hi, int add) {
    if (s->memo_cap == 0 || (add && 2 * (s->memo_len + 1) > s->memo_cap)) {
        if (memo_grow(s) < 0) return -1;
    }
    size_t j = key_hash(done, lo, hi) & (s->memo_cap - 1);
    while (s->memo[j].gen == s->gen) {
        Key *e = &s->memo[j];
        if (e->done == done && e->lo == lo && e->hi == hi) return 1;
        j = (j + 1) & (s->memo_cap - 1);
    }
    if (add) {
        s->memo[j].done = done;
        s->memo[j].lo = lo;
        s->memo[j].hi = hi;
        s->memo[j].gen = s->gen;
        s->memo_len++;
    }
    return 0;
}

static int uncover_abilities(const S *s, int pos, const int counts[4]) {
    int k = s->slots[pos].k;
    if (k < 0) return 0;
    const Kind *p = &s->c->kinds[k];
    if (!p->own) return 0;
    int active = p->genre >= 0 && counts[p->genre] >= 2;
    return p->unc[active];
}

/* Resolver._uncover_order's search: 1 when the targets not in ``done`` can all be uncovered, 0 when not, -1 when
 * the budget stopped it. */
static int uncover_search(S *s, uint32_t done, int ndone, int spent[MAXN]) {
    if (ndone == s->ntargets) return 1;
    if (tick(s)) return -1;
    uint64_t lo = 0, hi = 0;
    for (int pos = 0; pos < s->n; pos++) {
        uint64_t v = (uint64_t)spent[pos];
        if (pos < 16) lo |= v << (4 * pos);
        else hi |= v << (4 * (pos - 16));
    }
    int found = memo_find(s, done, lo, hi, 0);
    if (found < 0) goto oom;
    if (found) return 0;
    int counts[4];
    genre_counts(s, done, 0, counts);
    for (int ti = 0; ti < s->ntargets; ti++) {
        int t = s->targets[ti];
        if (done >> t & 1u) continue;
        for (int side = 0; side < 2; side++) {
            int u = side == 0 ? t - 1 : t + 1;
            if (u < 0 || u >= s->n || s->slots[u].k < 0) continue;
            int face = s->slots[u].face;
            if (face == WILD || (face == UNCOVERED && !(done >> u & 1u))) continue;
            if (uncover_abilities(s, u, counts) - spent[u] <= 0) continue;
            spent[u]++;
            int r = uncover_search(s, done | (1u << t), ndone + 1, spent);
            spent[u]--;
            if (r > 0) { /* found: this step of the order, the steps after it written already */
                s->path[ndone][0] = u;
                s->path[ndone][1] = t;
            }
            if (r != 0) return r;
        }
    }
    if (memo_find(s, done, lo, hi, 1) < 0) goto oom;
    return 0;
oom:
    PyErr_NoMemory();
    s->status = S_ERROR;
    return -1;
}

/* most first: an insertion sort, as the lists are short (a few cards) and sorted at every step of the search, where
 * qsort's merge sort and its calls cost more than the bound itself */
static void sort_desc(int *v, int n) {
    for (int a = 1; a < n; a++) {
        int x = v[a], b = a;
        for (; b > 0 && v[b - 1] < x; b--) v[b] = v[b - 1];
        v[b] = x;
    }
}

static double spec_value(const Kind *p, int a, int j, int f, const int counts[4], int wilds, int inked_up) {
    int per = p->sper[a][j], n;
    if (per == PER_GENRE) n = counts[p->sgenre[a][j]];
    else if (per == PER_WILD) n = wilds;
    else n = inked_up;
    return p->scoef[a][j] * (double)f * (double)n;
}

/* Resolver._value */
static double rest_value(const S *s, const int factors[MAXN], const int active[4], const int counts[4], int fodder,
                         int wilds, int inked_up) {
    const Ctx *c = s->c;
    double total = 0.0;
    int dumps[MAXDUMPS];
    int ndumps = 0;
    int in_word[MAXK];
    memset(in_word, 0, sizeof(int) * (size_t)c->K);
    for (int pos = 0; pos < s->n; pos++) {
        int k = s->slots[pos].k;
        if (k < 0 || s->slots[pos].face == WILD) continue;
        const Kind *p = &c->kinds[k];
        if (p->source == MINE) in_word[k]++;
        if (!p->own) continue;
        int a = p->genre >= 0 && active[p->genre];
        int f = factors[pos];
        total += p->value[a][f];
        for (int j = 0; j < p->nspec[a]; j++) total += spec_value(p, a, j, f, counts, wilds, inked_up);
        for (int j = 0; j < p->ndump[a]; j++) dumps[ndumps++] = p->dump[a][j] * f;
    }
    for (int mi = 0; mi < c->nmine; mi++) {
        int k = c->mine[mi];
        const Kind *p = &c->kinds[k];
        int outside = p->count - in_word[k];
        if (outside <= 0) continue;
        int a = p->genre >= 0 && active[p->genre];
        double sp = 0.0;
        for (int j = 0; j < p->nspec[a]; j++) sp += spec_value(p, a, j, 1, counts, wilds, inked_up);
        double per = p->value[a][1] + sp;
        total += per * (double)outside;
        for (int o = 0; o < outside; o++)
            for (int j = 0; j < p->ndump[a]; j++) dumps[ndumps++] = p->dump[a][j];
    }
    if (ndumps) {
        sort_desc(dumps, ndumps);
        for (int i = 0; i < ndumps && i < fodder; i++) {
            double gain = c->w_coins * (double)dumps[i] - c->w_dump;
            if (gain <= 0) break;
            total += gain;
        }
    }
    return total;
}

static int doublable(const S *s, int q) {
    int k = s->slots[q].k;
    return k >= 0 && s->slots[q].face != WILD && s->c->kinds[k].own;
}

/* Resolver.resolve: 1 and its value when the placement can be played, 0 when not, -1 when the budget stopped it. */
static int resolve(S *s, double *out) {
    const Ctx *c = s->c;
    int n = s->n;
    /* Resolver._extras */
    int used[MAXK];
    memset(used, 0, sizeof(int) * (size_t)c->K);
    int generic = 0, wilds = 0, inked_up = 0, imposed_up = 0, sent = 0, kept = 0;
    for (int pos = 0; pos < n; pos++) {
        int k = s->slots[pos].k, face = s->slots[pos].face;
        if (k < 0) {
            generic++;
            wilds++;
            continue;
        }
        used[k]++;
        const Kind *p = &c->kinds[k];
        if (face != UP) wilds++;
        else if (p->imposed) imposed_up++;
        else if (p->source == INKED) inked_up++;
        if (face == UP && p->source == OTHER) sent++;
        if (face == UP && p->pool && p->timeless) kept++;
    }
    for (int k = 0; k < c->K; k++)
        if (used[k] > c->kinds[k].count) return 0;
    int placed_pool = 0;
    for (int i = 0; i < c->npoolk; i++) placed_pool += used[c->poolk[i]];
    int unplaced = c->pool_size - placed_pool;
    if (generic > unplaced) return 0;
    if (imposed_up < c->imposed_total) return 0; /* a rival's letter stands face-up: no remover frees it */
    int spent = c->inked_total - inked_up;
    if (spent > c->removers) return 0;
    int fodder = c->discard + unplaced - generic;
    double fixed = c->w_sent * (double)sent + c->w_kept * (double)kept - c->w_rem * (double)spent;
    if (c->awards) fixed += c->res_award[n];
    /* Resolver._uncover_order */
    s->ntargets = 0;
    for (int pos = 0; pos < n; pos++)
        if (s->slots[pos].face == UNCOVERED) s->targets[s->ntargets++] = pos;
    if (s->ntargets) {
        int spent_by[MAXN];
        memset(spent_by, 0, sizeof spent_by);
        s->gen++;
        s->memo_len = 0;
        if (s->gen == 0) { /* wrapped: forget every entry */
            if (s->memo) memset(s->memo, 0, sizeof(Key) * s->memo_cap);
            s->gen = 1;
        }
        int r = uncover_search(s, 0u, 0, spent_by);
        if (r < 0) return -1;
        if (r == 0) return 0;
    }
    /* Resolver._setting and resolutions: every aim of the doubles */
    int counts[4], active[4];
    genre_counts(s, 0u, 1, counts);
    for (int g = 0; g < 4; g++) active[g] = counts[g] >= 2;
    int nopt = 0, opt_len[MAXOPT];
    int(*opt_near)[2] = s->opt_near;
    for (int pos = 0; pos < n; pos++) {
        int k = s->slots[pos].k;
        if (k < 0 || s->slots[pos].face == WILD || !c->kinds[k].own) continue;
        const Kind *p = &c->kinds[k];
        int d = p->dbl[p->genre >= 0 && active[p->genre] ? 1 : 0];
        if (!d) continue;
        int near[2], nn = 0;
        if (pos - 1 >= 0 && doublable(s, pos - 1)) near[nn++] = pos - 1;
        if (pos + 1 < n && doublable(s, pos + 1)) near[nn++] = pos + 1;
        if (nn == 0) near[nn++] = -1;
        for (int j = 0; j < d; j++) {
            if (nopt >= MAXOPT) {
                PyErr_SetString(PyExc_RuntimeError, "kernel: too many doubling abilities in one word");
                s->status = S_ERROR;
                return -1;
            }
            s->opt_pos[nopt] = pos;
            opt_near[nopt][0] = near[0];
            opt_near[nopt][1] = nn > 1 ? near[1] : -1;
            opt_len[nopt] = nn;
            nopt++;
        }
    }
    int idx[MAXOPT];
    memset(idx, 0, sizeof(int) * (size_t)(nopt ? nopt : 1));
    int have = 0;
    double best = 0.0;
    for (;;) {
        if (tick(s)) return -1;
        int factors[MAXN];
        for (int q = 0; q < n; q++) factors[q] = 1;
        for (int j = 0; j < nopt; j++) {
            int q = opt_near[j][idx[j]];
            if (q >= 0) factors[q] = factors[q] + 1 < MAX_FACTOR ? factors[q] + 1 : MAX_FACTOR;
        }
        double v = fixed + rest_value(s, factors, active, counts, fodder, wilds, inked_up);
        if (!have || v > best + EPS) {
            best = v;
            have = 1;
            memcpy(s->opt_idx, idx, sizeof(int) * (size_t)nopt);
        }
        int j = nopt - 1;
        while (j >= 0) {
            if (++idx[j] < opt_len[j]) break;
            idx[j] = 0;
            j--;
        }
        if (j < 0) break;
    }
    s->nopt = nopt;
    memcpy(s->active, active, sizeof active);
    *out = best;
    return 1;
}

/* The resolution resolve found last (Resolver.resolutions' Resolution of the best aims), as the best's. */
static void keep_resolution(S *s) {
    Res *r = &s->best_res;
    r->nunc = s->ntargets;
    memcpy(r->unc, s->path, sizeof(int) * 2 * (size_t)s->ntargets);
    for (int q = 0; q < s->n; q++) r->factors[q] = 1;
    r->ndbl = 0;
    for (int j = 0; j < s->nopt; j++) {
        int q = s->opt_near[j][s->opt_idx[j]];
        if (q < 0) continue;
        r->factors[q] = r->factors[q] + 1 < MAX_FACTOR ? r->factors[q] + 1 : MAX_FACTOR;
        r->dbl[r->ndbl][0] = s->opt_pos[j];
        r->dbl[r->ndbl][1] = q;
        r->ndbl++;
    }
    memcpy(r->active, s->active, sizeof r->active);
}

/* -- the search (WordSolver._solve) ----------------------------------------------------------------------------- */

/* WordSolver.plan */
/* WordSolver._unreached: per kind, whether no doubling can reach it in this word (``has_unreached`` 0: any may) */
static void unreached(S *s, const int *cnt) {
    const Ctx *c = s->c;
    int n = s->n;
    s->has_unreached = 0;
    if (!c->ndoublers || !c->free_passing) return;
    for (int di = 0; di < c->ndoublers; di++)
        if (cnt[c->kinds[c->doublers[di]].letter] > 0) return;
    int avail = 0, extra = 0;
    if (s->uncovers > 0) {
        for (int ui = 0; ui < c->nuncoverers; ui++) {
            const Kind *p = &c->kinds[c->uncoverers[ui]];
            int on = p->count < cnt[p->letter] ? p->count : cnt[p->letter];
            avail += on * p->om_unc;
            if (p->pool) extra += (p->count - on) * (p->om_unc - 1);
        }
        avail = avail <= 0 ? 0 : (avail + extra < s->uncovers ? avail + extra : s->uncovers);
    }
    int reach = 1 + c->pool_uncoverers;
    for (int k = 0; k < c->K; k++) {
        const Kind *p = &c->kinds[k];
        s->unreached[k] = 0;
        if (p->is_uncoverer || (p->pool && avail >= 2)) continue;
        int reached = 0;
        for (int q = 0; q < n && !reached; q++) {
            if (s->word[q] != p->letter) continue;
            for (int r = 0; r < n; r++) {
                if (!(s->word[r] < c->C && c->uncoverer_letter[s->word[r]])) continue;
                if ((r <= q - 2 && q - 1 - r <= reach) || (r >= q + 2 && r - q - 1 <= reach)) {
                    reached = 1;
                    break;
                }
            }
        }
        if (!reached) {
            s->unreached[k] = 1;
            s->has_unreached = 1;
        }
    }
}

/* WordSolver._order and _items: the kinds that may bring more than a wild worth ``wild``, best first */
static void rest_plan(const S *s, double wild, RestPlan *rp) {
    const Ctx *c = s->c;
    int w = s->which;
    rp->wild = wild;
    rp->nitems = 0;
    rp->nlow = 0;
    for (int k = 0; k < c->K; k++)
        if (c->kinds[k].passes && c->kinds[k].opt[w] <= wild) rp->low[rp->nlow++] = k;
    for (int oi = 0; oi < c->norder[w]; oi++) {
        int k = c->order[w][oi];
        const Kind *p = &c->kinds[k];
        if (!(p->opt[w] > wild)) continue;
        rp->item[rp->nitems].k = k;
        rp->item[rp->nitems].worth = p->opt[w] - wild;
        rp->item[rp->nitems].lid = p->letter;
        rp->item[rp->nitems].pool = p->pool;
        rp->item[rp->nitems].count = p->count;
        rp->item[rp->nitems].passes = p->passes;
        rp->nitems++;
    }
}

static void plan(S *s) {
    const Ctx *c = s->c;
    int n = s->n;
    int cnt[MAXC + 1];
    memset(cnt, 0, sizeof cnt);
    for (int i = 0; i < n; i++) cnt[s->word[i]]++;
    s->which = 0;
    if (c->dumps_flag) {
        int fill = 0;
        for (int l = 0; l < c->C; l++) fill += cnt[l] < c->classic_letters[l] ? cnt[l] : c->classic_letters[l];
        if (c->fodder_total - n + fill <= 0) s->which = 1;
    }
    int roots = 0;
    for (int j = 0; j < n; j++)
        if (s->word[j] < c->C && c->uncoverer_letter[s->word[j]]) roots = 1;
    s->uncovers = 0;
    for (int i = 0; i < n; i++) s->near[i] = 0;
    if (roots) {
        int reach = 1 + c->pool_uncoverers;
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) {
                int d = i > j ? i - j : j - i;
                if (s->word[j] < c->C && c->uncoverer_letter[s->word[j]] && d > 0 && d <= reach) {
                    s->near[i] = 1;
                    break;
                }
            }
        for (int ui = 0; ui < c->nuncoverers; ui++) {
            const Kind *p = &c->kinds[c->uncoverers[ui]];
            if (p->pool || cnt[p->letter] > 0) s->uncovers += p->om_unc * p->count;
        }
    }
    double wild = 0.0;
    for (int wi = 0; wi < c->nwild_kinds; wi++) {
        const Kind *p = &c->kinds[c->wild_kinds[wi]];
        if (p->source == MINE || cnt[p->letter] > 0 || (p->pool && roots)) wild += p->per_wild * (double)p->count;
    }
    s->wild = wild;
    for (int l = 0; l < c->C; l++) s->caps[n][l] = 0;
    for (int i = n - 1; i >= 0; i--) {
        memcpy(s->caps[i], s->caps[i + 1], sizeof(int) * (size_t)c->C);
        if (s->word[i] < c->C) s->caps[i][s->word[i]]++;
    }
    int w = s->which;
    rest_plan(s, wild, &s->rp);
    double slack = c->mine_opt[w] + EPS;
    if (c->slack_award_on) slack += c->slack_award[n];
    if (c->slack_rem_on) slack += c->rem_slack;
    s->slack = slack;
    unreached(s, cnt);
    s->napart = 0;
    if (c->stepped >= 0) {
        const Kind *p = &c->kinds[c->stepped];
        for (int m = 1; m <= 2; m++)
            for (int a = 0; a < p->nwstep; a++) {
                int v = s->napart++;
                s->apart_m[v] = m;
                s->apart_d[v] = m * p->wstep_d[a];
                s->apart_c[v] = m * p->wstep_c[a];
                rest_plan(s, wild + m * p->wstep_c[a], &s->apart[v]);
                s->apart_as[v] = v;
                if (s->apart[v].wild == wild) s->apart_as[v] = -1;
                for (int u = 0; u < v && s->apart_as[v] == v; u++)
                    if (s->apart[u].wild == s->apart[v].wild) s->apart_as[v] = s->apart_as[u] < 0 ? -1 : u;
            }
    }
}

static int may_uncover(const S *s, Slot slot) {
    return slot.k >= 0 && s->c->kinds[slot.k].is_uncoverer && slot.face != WILD;
}

/* WordSolver._uncovers_ahead: the uncovers for any card, and in *passing those for passing uncoverers */
static int uncovers_ahead(const S *s, int i, int budget, int *passing) {
    *passing = 0;
    if (budget <= 0) return 0;
    const Ctx *c = s->c;
    int avail = 0;
    if (i >= 1) {
        Slot sl = s->slots[i - 1];
        if (sl.k >= 0 && sl.face != WILD) avail += c->kinds[sl.k].om_unc;
    }
    if (!c->free_passing) {
        for (int ui = 0; ui < c->nuncoverers; ui++) {
            int k = c->uncoverers[ui];
            const Kind *p = &c->kinds[k];
            int left = s->left[k];
            if (left > 0 && (p->pool || s->caps[i][p->letter] > 0)) avail += left * p->om_unc;
        }
        return avail < budget ? avail : budget;
    }
    int extra = 0, every = avail;
    for (int ui = 0; ui < c->nuncoverers; ui++) {
        int k = c->uncoverers[ui];
        const Kind *p = &c->kinds[k];
        int left = s->left[k];
        if (left <= 0) continue;
        int ahead = s->caps[i][p->letter];
        int on = left < ahead ? left : ahead;
        avail += on * p->om_unc;
        if (p->pool) extra += (left - on) * (p->om_unc - 1);
        if (p->pool || on) every += left * p->om_unc;
    }
    if (avail <= 0) return 0;
    *passing = every < budget ? every : budget;
    return avail + extra < budget ? avail + extra : budget;
}

/* WordSolver._forced */
static double forced(const S *s, const RestPlan *rp, int i, int up) {
    const Ctx *c = s->c;
    int locked = s->inked_left - c->removers > 0 ? s->inked_left - c->removers : 0;
    int must = s->n - i - (s->pool_left - locked);
    if (must <= up) return 0.0;
    double worst = 1.0;
    for (int k = 0; k < c->K; k++) {
        const Kind *p = &c->kinds[k];
        if (s->left[k] > 0 && s->caps[i][p->letter] > 0) {
            double worth = p->source == MINE ? -rp->wild : p->opt[s->which] - rp->wild;
            if (worth <= 0 && (worst > 0 || worth > worst)) worst = worth;
        }
    }
    return worst <= 0 ? (double)(must - up) * worst : 0.0;
}

/* WordSolver._rest, under the plan ``rp`` */
static double rest_of(const S *s, const RestPlan *rp, int i, int uncovers, int passing) {
    const Ctx *c = s->c;
    double wild = rp->wild;
    int n = s->n;
    int u = uncovers < n - i ? uncovers : n - i;
    double total, ahead;
    if (passing) {
        if (passing > n - i) passing = n - i;
        if (u > passing) u = passing;
        total = wild * (double)(n - i);
        ahead = wild;
    } else {
        total = wild * (double)(n - i + u);
        ahead = 0.0;
    }
    const int *caps = s->caps[i];
    int taken[MAXC], pool_taken[MAXC];
    memset(taken, 0, sizeof(int) * (size_t)c->C);
    memset(pool_taken, 0, sizeof(int) * (size_t)c->C);
    int up = 0;
    for (int it = 0; it < rp->nitems; it++) {
        int k = rp->item[it].k, lid = rp->item[it].lid, pool = rp->item[it].pool;
        double worth = rp->item[it].worth;
        int left = s->left[k];
        if (left <= 0) continue;
        int free_ = caps[lid] - taken[lid];
        if (free_ > 0) {
            int on_letter = left < free_ ? left : free_;
            taken[lid] += on_letter;
            up += on_letter;
            total += (double)on_letter * worth;
            left -= on_letter;
            if (pool) pool_taken[lid] += on_letter;
        }
        if (!left) continue;
        if (passing && rp->item[it].passes) {
            int t = left < passing ? left : passing;
            passing -= t;
            if (u > passing) u = passing;
            total += (double)t * (worth + wild);
            continue;
        }
        if (!u) continue;
        int t;
        if (pool) {
            t = left < u ? left : u;
        } else {
            t = left < u ? left : u;
            if (pool_taken[lid] < t) t = pool_taken[lid];
            pool_taken[lid] -= t;
        }
        u -= t;
        if (passing) passing -= t;
        total += (double)t * (worth + ahead);
    }
    if (passing && wild > 0) {
        int low = 0;
        for (int j = 0; j < rp->nlow; j++) low += s->left[rp->low[j]];
        int slots = u + low < passing ? u + low : passing;
        total += wild * (double)slots;
    }
    if (wild > 0) total += forced(s, rp, i, up);
    return total;
}

/* WordSolver._rest under the word's plan */
static double rest(const S *s, int i, int uncovers, int passing) { return rest_of(s, &s->rp, i, uncovers, passing); }

typedef struct {
    double value;
    int room;
} Target;

/* a neighbour q <= i of a doubler placed */
static double gain_at(const S *s, const double *step, int q, int i, double next) {
    if (q < 0 || q >= s->n) return 0.0;
    if (q == i) return next;
    Slot sl = s->slots[q];
    return sl.k >= 0 && sl.face != WILD && s->c->kinds[sl.k].own ? step[sl.k] : 0.0;
}

/* WordSolver._targets */
static double targets(const Target *ranked, int nranked, int abilities, double before, int copies) {
    double total = 0.0;
    int taken = 0;
    if (before <= 0) copies = 0;
    for (int r = 0; r < nranked; r++) {
        if (taken >= abilities) break;
        double value = ranked[r].value;
        int room = ranked[r].room;
        while (room && taken < abilities) {
            if (copies && before >= value) {
                total += before;
                copies--;
            } else {
                total += value;
                room--;
            }
            taken++;
        }
    }
    while (copies && taken < abilities) {
        total += before;
        copies--;
        taken++;
    }
    return total;
}

/* WordSolver._live: per genre, whether it may still be active with the letters before i placed */
static void set_live(S *s, int i, int uncovers) {
    const Ctx *c = s->c;
    s->has_live = c->ngenre_doublers > 0;
    if (!s->has_live) return;
    int counts[4];
    for (int g = 0; g < 4; g++) {
        counts[g] = c->base_genres[g] + s->placed_genre[g];
        s->live[g] = 1;
    }
    for (int gi = 0; gi < c->ngenre_doublers; gi++) {
        int g = c->genre_doublers[gi];
        if (counts[g] >= 2) continue;
        int on = 0, off = 0;
        for (int j = 0; j < c->ncounted[g]; j++) {
            int k = c->counted[g][j];
            const Kind *p = &c->kinds[k];
            int left = s->left[k];
            if (left <= 0) continue;
            int standing = left < s->caps[i][p->letter] ? left : s->caps[i][p->letter];
            on += standing;
            if (p->pool) off += left - standing;
        }
        int more = on + (off < uncovers ? off : uncovers);
        if (more > s->n - i) more = s->n - i;
        s->live[g] = counts[g] + more >= 2;
    }
    for (int a = 0; a < c->nable; a++) { /* (the other kinds' stay 0) */
        int k = c->able[a];
        const Kind *p = &c->kinds[k];
        s->abil[k] = p->genre >= 0 && !s->live[p->genre] ? p->dbl[0] : p->om_dbl;
    }
}

/* a doubler's abilities at this node: its inactive side's where its genre can no longer be active (_live) */
static int ability(const S *s, int k) {
    const Kind *p = &s->c->kinds[k];
    return s->has_live ? s->abil[k] : p->om_dbl;
}

/* WordSolver._doubling: _doubles's parts, a doubling of kind k adding step[k]: the doublers placed (their
 * abilities and what each may add), the targets left (_ranked), the abilities left to place, what the card at i-1
 * may add doubled (*before), and how many of those abilities may reach it (*copies) */
typedef struct {
    int nplaced, placed_ability[MAXN];
    double placed_credit[MAXN];
    int nranked;
    Target ranked[MAXK];
    int abilities_left, copies;
    double before;
} Doubling;

/* WordSolver._standing: the most a doubling of the card at letter i adds, of the cards of your own left that can
 * stand there (face-up on its letter, or uncovered while reach uncovers are left); an uncoverer where it must be */
static double standing(const S *s, int i, int reach, const double *step) {
    const Ctx *c = s->c;
    int need = s->slots[i - 1].face == UNCOVERED && !(i >= 2 && may_uncover(s, s->slots[i - 2]));
    double most = 0.0;
    int letter = s->word[i];
    if (letter < c->C) {
        for (int bi = 0; bi < c->nby_letter[letter]; bi++) {
            int k = c->by_letter[letter][bi];
            const Kind *p = &c->kinds[k];
            if (s->left[k] > 0 && p->own && step[k] > most && (!need || p->is_uncoverer)) most = step[k];
        }
    }
    if (s->near[i] && reach > 0) {
        for (int pi = 0; pi < c->npool_kinds; pi++) {
            int k = c->pool_kinds[pi];
            const Kind *p = &c->kinds[k];
            if (s->left[k] > 0 && p->own && step[k] > most && (!need || p->is_uncoverer)) most = step[k];
        }
    }
    return most;
}

static void doubling(const S *s, int i, int uncovers, int reach, const double *step, Doubling *d) {
    const Ctx *c = s->c;
    double next = 0.0; /* what the card at letter i may add doubled, where a doubler at i-1 may double it */
    if (i >= 1 && i < s->n && s->slots[i - 1].k >= 0 && s->slots[i - 1].face != WILD && ability(s, s->slots[i - 1].k))
        next = standing(s, i, reach, step);
    d->nplaced = 0;
    for (int p = 0; p < i; p++) {
        Slot sl = s->slots[p];
        if (sl.k >= 0 && sl.face != WILD && ability(s, sl.k)) {
            double a = gain_at(s, step, p - 1, i, next), b = gain_at(s, step, p + 1, i, next);
            d->placed_ability[d->nplaced] = ability(s, sl.k);
            d->placed_credit[d->nplaced] = a >= b ? a : b;
            d->nplaced++;
        }
    }
    int hidden[MAXHIDDEN], nhidden = 0; /* the abilities of doublers that can stand only uncovered, one a card */
    int abilities_left = 0, most = 0;
    for (int di = 0; di < c->ndoublers; di++) {
        int k = c->doublers[di];
        const Kind *p = &c->kinds[k];
        int left = s->left[k];
        if (left <= 0) continue;
        int ab = ability(s, k);
        if (ab > most) most = ab;
        int on_letter = left < s->caps[i][p->letter] ? left : s->caps[i][p->letter];
        abilities_left += on_letter * ab;
        if (uncovers > 0 && p->pool)
            for (int j = on_letter; j < left; j++) hidden[nhidden++] = ab;
    }
    if (nhidden) { /* each takes one of the uncovers left: the best of them, as many as there are uncovers */
        sort_desc(hidden, nhidden);
        int sum = 0;
        for (int j = 0; j < nhidden && j < uncovers; j++) sum += hidden[j];
        abilities_left += sum;
    }
    d->abilities_left = abilities_left;
    d->before = gain_at(s, step, i - 1, i, next);
    d->copies = most < 2 ? most : 2;
    /* the targets left (_ranked) matter only to the abilities still to place, and only as many as they can take:
     * the list stops where its rooms hold them all (a target further down is never taken, in targets or apart) */
    Target *ranked = d->ranked;
    int nranked = 0, rooms = 0;
    int skip = i == 0 && s->has_unreached;
    if (!abilities_left) {
        /* none */
    } else if (!c->nwild_stepped) {
        for (int bi = 0; bi < c->K && rooms < abilities_left; bi++) {
            int k = c->by_step[bi];
            if (s->left[k] > 0 && step[k] > 0 && !(skip && s->unreached[k])) {
                ranked[nranked].value = step[k];
                ranked[nranked].room = 2 * (s->left[k]);
                rooms += ranked[nranked].room;
                nranked++;
            }
        }
    } else { /* by_step's order but for the cards whose step grows with the wilds, each put in its place */
        for (int bi = 0; bi < c->K && rooms < abilities_left; bi++) {
            int k = c->by_step[bi];
            if (c->kinds[k].nwstep) continue;
            if (s->left[k] > 0 && step[k] > 0 && !(skip && s->unreached[k])) {
                ranked[nranked].value = step[k];
                ranked[nranked].room = 2 * (s->left[k]);
                rooms += ranked[nranked].room;
                nranked++;
            }
        }
        for (int wi = 0; wi < c->nwild_stepped; wi++) {
            int k = c->wild_stepped[wi];
            if (!(s->left[k] > 0 && step[k] > 0 && !(skip && s->unreached[k]))) continue;
            int at = nranked++;
            for (; at > 0 && ranked[at - 1].value < step[k]; at--) ranked[at] = ranked[at - 1];
            ranked[at].value = step[k];
            ranked[at].room = 2 * (s->left[k]);
        }
    }
    d->nranked = nranked;
}

/* WordSolver._doubles, with _steps */
static double doubles(const S *s, int i, int uncovers, int reach) {
    const Ctx *c = s->c;
    if (!c->ndoublers) return 0.0;
    double step[MAXK];
    memcpy(step, c->steps, sizeof(double) * (size_t)c->K);
    if (c->nwild_stepped) {
        int wilds = s->n - i + s->placed_hidden;
        for (int wi = 0; wi < c->nwild_stepped; wi++) {
            const Kind *p = &c->kinds[c->wild_stepped[wi]];
            double most = 0.0;
            for (int a = 0; a < p->nwstep; a++) {
                double v = p->wstep_d[a] + p->wstep_c[a] * (double)wilds;
                if (v > most) most = v;
            }
            if (most < step[c->wild_stepped[wi]]) step[c->wild_stepped[wi]] = most;
        }
    }
    Doubling d;
    doubling(s, i, uncovers, reach, step, &d);
    double extra = 0.0;
    for (int j = 0; j < d.nplaced; j++) extra += (double)d.placed_ability[j] * d.placed_credit[j];
    if (d.abilities_left) extra += targets(d.ranked, d.nranked, d.abilities_left, d.before, d.copies);
    return extra;
}

#define MAXUNITS (MAXHIDDEN * 4 + MAXN * 4) /* doubling abilities: the doublers' cards, four each at most */

/* by value, least first (an insertion sort: see sort_desc) */
static void sort_asc(double *v, int n) {
    for (int a = 1; a < n; a++) {
        double x = v[a];
        int b = a;
        for (; b > 0 && v[b - 1] > x; b--) v[b] = v[b - 1];
        v[b] = x;
    }
}

/* WordSolver._pair_live: can the doubler d standing at q double there (its genre active where its doubling needs
 * it, with the card at p beside it; standing: per genre, the cards of it in play before letter i; the hand's
 * uncoverers that pay for their own uncovered no more than passing, the others no more than uncovers)? */
static int pair_live(const S *s, int i, const int *standing, int d, int q, int p, int uncovers, int passing) {
    const Ctx *c = s->c;
    const Kind *pd = &c->kinds[d];
    int g = pd->genre;
    if (g < 0 || pd->dbl[0] > 0) return 1;
    int kn = c->stepped;
    const Kind *pn = &c->kinds[kn];
    int count = standing[g] + (pd->source != MINE && pd->source != OTHER);
    if (pn->genre == g && pn->source != MINE && pn->source != OTHER) count++;
    if (count >= 2) return 1;
    int on = 0, off = 0, free_ = 0;
    for (int j = 0; j < c->ncounted[g]; j++) {
        int k = c->counted[g][j];
        const Kind *pk = &c->kinds[k];
        int left = s->left[k] - (k == d) - (k == kn);
        if (left <= 0) continue;
        int spots = s->caps[i][pk->letter] - (s->word[p] == pk->letter) - (s->word[q] == pk->letter);
        int on_letter = left < spots ? left : spots;
        on += on_letter;
        if (pk->passes) free_ += left - on_letter;
        else if (pk->pool) off += left - on_letter;
    }
    if (passing < 0) passing = 0;
    int more = on + (off < uncovers ? off : uncovers) + (free_ < passing ? free_ : passing);
    if (more > s->n - i - 2) more = s->n - i - 2;
    return count + more >= 2;
}

/* WordSolver._uncoverable: could a card uncovered at x have an uncoverer beside it, no uncover being left but for
 * the hand's uncoverers that pay for their own (while passing > 0): the card at i-1, one to come face-up on its
 * letter or such an uncoverer uncovered, or the pair's other card (of kind, at other) if it uncovers? */
static int uncoverable(const S *s, int i, int passing, int x, int other, int kind) {
    const Ctx *c = s->c;
    int free_ = 0;
    if (passing > 0)
        for (int k = 0; k < c->K && !free_; k++)
            if (c->kinds[k].passes && s->left[k] > 0) free_ = 1;
    for (int y = x - 1; y <= x + 1; y += 2) {
        if (y == other) {
            if (c->kinds[kind].is_uncoverer) return 1;
            continue;
        }
        if (y == i - 1 && y >= 0 && may_uncover(s, s->slots[y])) return 1;
        if (y < i || y >= s->n) continue;
        if (free_) return 1;
        int letter = s->word[y];
        if (letter >= c->C) continue;
        for (int bi = 0; bi < c->nby_letter[letter]; bi++) {
            int k = c->by_letter[letter][bi];
            if (s->left[k] > 0 && c->kinds[k].is_uncoverer) return 1;
        }
    }
    return 0;
}

/* WordSolver._n_doubled: may a doubling still reach the card Mystery N, still to place, beside a card that doubles
 * (asked where one uncover is left or none)? */
static int n_doubled(const S *s, int i, int uncovers, int passing) {
    const Ctx *c = s->c;
    int kn = c->stepped;
    const Kind *pn = &c->kinds[kn];
    if (s->left[kn] <= 0 || uncovers >= 2) return 1;
    int doublers[MAXK], nd = 0;
    for (int di = 0; di < c->ndoublers; di++) {
        int d = c->doublers[di];
        if (s->left[d] - (d == kn) > 0 && ability(s, d)) doublers[nd++] = d;
    }
    int before = i >= 1 && s->slots[i - 1].k >= 0 && s->slots[i - 1].face != WILD && ability(s, s->slots[i - 1].k) > 0;
    int standing[4]; /* per genre, the cards of it in play before letter i */
    for (int g = 0; g < 4; g++) standing[g] = c->base_genres[g] + s->placed_genre[g];
    for (int p = i; p < s->n; p++) {
        for (int spent = 0; spent < 2; spent++) { /* uncovers N takes: face-up on its letter, or uncovered */
            if (spent == 0 ? s->word[p] != pn->letter : !(pn->pool && s->near[p] && uncovers >= 1)) continue;
            if (p == i && before) return 1;
            for (int q = p - 1; q <= p + 1; q += 2) {
                if (q < i || q >= s->n) continue;
                for (int j = 0; j < nd; j++) {
                    int d = doublers[j];
                    const Kind *pd = &c->kinds[d];
                    if (spent && !uncoverable(s, i, passing - 1, p, q, d)) continue;
                    int left = uncovers - spent, free_ = passing - spent;
                    if (s->word[q] == pd->letter && pair_live(s, i, standing, d, q, p, left, free_)) return 1;
                    if (pd->pool && s->near[q] && left >= 1 && uncoverable(s, i, passing - 1, q, p, kn) &&
                        pair_live(s, i, standing, d, q, p, left - 1, passing - 1))
                        return 1;
                }
            }
        }
    }
    return 0;
}

/* WordSolver._apart: the bound with the doublings of the card whose doubling grows with the wild cards (Mystery N)
 * counted apart, each making every wild worth more (rest0: rest under the word's plan); the first value
 * acc + it + slack over limit ends it */
static double apart(const S *s, int i, int uncovers, int passing, double rest0, double acc, double limit) {
    const Ctx *c = s->c;
    double step[MAXK];
    memcpy(step, c->steps, sizeof(double) * (size_t)c->K);
    step[c->stepped] = 0.0;
    Doubling d;
    doubling(s, i, uncovers, uncovers, step, &d);
    double units[MAXUNITS];
    int nunits = 0, all = d.abilities_left;
    for (int j = 0; j < d.nplaced; j++) {
        all += d.placed_ability[j];
        for (int a = 0; a < d.placed_ability[j]; a++) units[nunits++] = d.placed_credit[j];
    }
    { /* WordSolver._target_units */
        int copies = d.before <= 0 ? 0 : d.copies, start = nunits;
        for (int r = 0; r < d.nranked; r++) {
            if (nunits - start >= d.abilities_left) break;
            double value = d.ranked[r].value;
            int room = d.ranked[r].room;
            while (room && nunits - start < d.abilities_left) {
                if (copies && d.before >= value) {
                    units[nunits++] = d.before;
                    copies--;
                } else {
                    units[nunits++] = value;
                    room--;
                }
            }
        }
        while (copies && nunits - start < d.abilities_left) {
            units[nunits++] = d.before;
            copies--;
        }
    }
    while (nunits < all) units[nunits++] = 0.0; /* abilities with no target left */
    sort_asc(units, nunits);
    double total = 0.0;
    for (int j = 0; j < nunits; j++) total += units[j];
    double best = rest0 + total;
    if (acc + best + s->slack > limit || (i == 0 && s->has_unreached && s->unreached[c->stepped])) return best;
    if (!n_doubled(s, i, uncovers, passing)) return best; /* (a card no doubling reaches is doubled 0 times) */
    int wilds = s->placed_hidden;
    double rests[MAXAPART]; /* each plan's rest, computed once where plans share their wild */
    for (int v = 0; v < s->napart; v++) {
        int m = s->apart_m[v];
        if (m > nunits) break;
        double least = 0.0;
        for (int j = 0; j < m; j++) least += units[j];
        int as = s->apart_as[v];
        rests[v] = as < 0 ? rest0 : as < v ? rests[as] : rest_of(s, &s->apart[v], i, uncovers, passing);
        double value = rests[v] + s->apart_d[v] + s->apart_c[v] * (double)wilds + total - least;
        if (value > best) {
            best = value;
            if (acc + best + s->slack > limit) break;
        }
    }
    return best;
}

/* WordSolver._split */
static double split_rest(const S *s, int i, int uncovers, int passing, double rest0, double doubles0, double acc,
                         double limit) {
    const Ctx *c = s->c;
    int hidden = 0;
    double top = 0.0;
    for (int di = 0; di < c->ndoublers; di++) {
        int k = c->doublers[di];
        const Kind *p = &c->kinds[k];
        int left = s->left[k];
        if (left <= 0 || !p->pool) continue;
        int on_letter = left < s->caps[i][p->letter] ? left : s->caps[i][p->letter];
        if (left > on_letter) {
            hidden += left - on_letter;
            if (p->opt[s->which] > top) top = p->opt[s->which];
        }
    }
    int most = hidden < uncovers ? hidden : uncovers;
    if (!most) return INFINITY;
    double best = -INFINITY;
    for (int h = 0; h <= most; h++) {
        double value = (h == 0 ? rest0 : rest(s, i, uncovers - h, passing)) + (double)h * (top + s->wild) +
                       (h == most ? doubles0 : doubles(s, i, h, uncovers));
        if (value > best) {
            best = value;
            if (acc + value + s->slack > limit) break;
        }
    }
    return best;
}

static int choices(const S *s, int i, int uncovers, Slot *out) {
    const Ctx *c = s->c;
    int m = 0;
    int need = i >= 1 && s->slots[i - 1].face == UNCOVERED && !(i >= 2 && may_uncover(s, s->slots[i - 2]));
    int letter = s->word[i];
    int plain_up = 0;
    if (letter < c->C) {
        for (int bi = 0; bi < c->nby_letter[letter]; bi++) {
            int k = c->by_letter[letter][bi];
            if (s->left[k] > 0 && (!need || c->kinds[k].is_uncoverer)) {
                out[m].k = k;
                out[m].face = UP;
                m++;
                if (c->kinds[k].plain) plain_up = 1;
            }
        }
    }
    if (s->near[i] && uncovers > 0) {
        /* an inked card laid face-down takes a remover: none left, it stands only face-up (a rival's letter never
         * stands face-down) */
        int locked = 0;
        if (c->inked_kinds) {
            locked = c->removers <= s->placed_inked_down;
        }
        for (int pi = 0; pi < c->npool_kinds; pi++) {
            int k = c->pool_kinds[pi];
            const Kind *p = &c->kinds[k];
            if (s->left[k] > 0 && (!need || p->is_uncoverer) && !(s->wild <= 0 && p->letter == letter) &&
                !(locked && p->source == INKED) && !p->imposed) {
                out[m].k = k;
                out[m].face = UNCOVERED;
                m++;
            }
        }
    }
    if (!need && !(s->wild <= 0 && plain_up)) {
        out[m].k = -1;
        out[m].face = WILD;
        m++;
    }
    return m;
}

static int complete(const S *s) {
    int n = s->n;
    return s->slots[n - 1].face != UNCOVERED || (n > 1 && may_uncover(s, s->slots[n - 2]));
}

/* WordSolver._rooted: can the uncovered cards at b and the run before it all be uncovered (b + 1 < placed: the card
 * after the run; ahead: cards still to come may uncover it from the right)? */
static int rooted(const S *s, int b, int placed, int ahead) {
    const Ctx *c = s->c;
    int a = b;
    while (a >= 1 && s->slots[a - 1].face == UNCOVERED) a--;
    int left = a - 1, right = b + 1;
    Slot l = a >= 1 ? s->slots[a - 1] : (Slot){-1, WILD};
    if (l.face == UP && l.k >= 0 && c->kinds[l.k].is_uncoverer) {
        left = a;
        while (left < b && c->kinds[s->slots[left].k].is_uncoverer) left++;
    }
    Slot r = b + 1 < placed ? s->slots[b + 1] : (Slot){-1, WILD};
    if (ahead || (r.face == UP && r.k >= 0 && c->kinds[r.k].is_uncoverer)) {
        right = b;
        while (right > a && c->kinds[s->slots[right].k].is_uncoverer) right--;
    }
    return right <= left + 1;
}

/* WordSolver._chained: could the cards still to place uncover letter i from the right? */
static int chained(const S *s, int i) {
    const Ctx *c = s->c;
    int chain = 0;
    for (int ui = 0; ui < c->nuncoverers; ui++) {
        int k = c->uncoverers[ui];
        if (c->kinds[k].pool) chain += s->left[k];
    }
    for (int r = i; r < s->n; r++) {
        if (r - i > chain) return 0;
        int l = s->word[r];
        if (l >= c->C) continue;
        for (int ui = 0; ui < c->nunc_by_letter[l]; ui++) {
            int k = c->unc_by_letter[l][ui];
            const Kind *p = &c->kinds[k];
            if (s->left[k] > 0 && r - i <= chain - p->pool) return 1;
        }
    }
    return 0;
}

/* WordSolver._overdrawn: the runs of cards uncovered before letter i need more uncovers than the cards around them
 * have (each run, left to right, takes its left end's card where that can uncover all of it, else one uncover of its
 * right end's card, and of its left end's card too where it needs both; the card to come at i may end the last) */
static int overdrawn(const S *s, int i) {
    const Ctx *c = s->c;
    int spare[MAXN];
    for (int q = 0; q < i; q++) {
        Slot sl = s->slots[q];
        spare[q] = sl.k >= 0 && sl.face == UP ? c->kinds[sl.k].om_unc : 0;
    }
    int q = 0;
    while (q < i) {
        if (s->slots[q].face != UNCOVERED) {
            q++;
            continue;
        }
        int a = q;
        while (q < i && s->slots[q].face == UNCOVERED) q++;
        int b = q - 1, lead = 0, trail = 0;
        while (a + lead < b && c->kinds[s->slots[a + lead].k].is_uncoverer) lead++;
        while (b - trail > a && c->kinds[s->slots[b - trail].k].is_uncoverer) trail++;
        int left = a >= 1 && spare[a - 1] > 0;
        int ahead = b == i - 1 && i < s->n;
        int right = ahead || (b + 1 < i && spare[b + 1] > 0);
        if (left && lead >= b - a) {
            spare[a - 1]--;
        } else if (right && trail >= b - a) {
            if (!ahead) spare[b + 1]--;
        } else if (left && right && lead + trail >= b - a - 1) {
            spare[a - 1]--;
            if (!ahead) spare[b + 1]--;
        } else {
            return 1;
        }
    }
    return 0;
}

/* WordSolver._stranded: the cards uncovered before letter i cannot all be uncovered, whatever comes after */
static int stranded(const S *s, int i) {
    if (i >= 1 && s->slots[i - 1].face == UNCOVERED) return !rooted(s, i - 1, i, chained(s, i)) || overdrawn(s, i);
    return i >= 2 && s->slots[i - 2].face == UNCOVERED && overdrawn(s, i); /* (holds rooted's test of ended runs) */
}

/* a card of kind k (-1: none) placed with face (by = 1) or lifted (by = -1): the counts and tallies */
static inline void place(S *s, int k, int face, int by) {
    if (face != UP) s->placed_hidden += by;
    if (k < 0) return;
    const Kind *p = &s->c->kinds[k];
    s->left[k] -= by;
    if (p->pool) {
        s->pool_left -= by;
        if (p->source == INKED) s->inked_left -= by;
    }
    if (face != WILD && p->genre >= 0 && p->source != MINE && p->source != OTHER) s->placed_genre[p->genre] += by;
    if (face != UP && p->source == INKED) s->placed_inked_down += by;
}

/* go's first steps: a step of the budget; 1 (with ``status`` set) when the search must stop */
static inline int step_in(S *s) {
    if (tick(s)) return 1;
    if (s->stop_at >= 0 && s->ticks > s->stop_at) {
        s->status = S_ENOUGH;
        return 1;
    }
    return 0;
}

/* the kinds of card at letter i whose placement leaves the same cards stranded at i+1 (stranded reads of it only its
 * face, whether it uncovers, and its uncovers face-up): 0 uncovered and not an uncoverer (chained, rooted and
 * overdrawn read no count of such a card), 1 wild or face-up with no uncover, -1 any other */
static inline int strand_class(const Ctx *c, Slot o) {
    if (o.face == WILD) return 1;
    const Kind *p = &c->kinds[o.k];
    if (o.face == UNCOVERED) return p->is_uncoverer ? -1 : 0;
    return p->om_unc == 0 ? 1 : -1;
}

/* the search below letter i (checked: the caller found the cards before i not stranded) */
static void go(S *s, int i, double acc, int budget, int checked) {
    if (step_in(s)) return;
    if (!checked && stranded(s, i)) return;
    int passing;
    int avail = uncovers_ahead(s, i, budget, &passing);
    set_live(s, i, avail);
    double rest0 = rest(s, i, avail, passing), doubles0 = doubles(s, i, avail, avail), limit = s->floor + EPS;
    double most = acc + rest0 + doubles0 + s->slack;
    if (most <= limit) {
        if (most > s->upper) s->upper = most;
        return;
    }
    if (s->napart) {
        most = acc + apart(s, i, avail, passing, rest0, acc, limit) + s->slack;
        if (most <= limit) {
            if (most > s->upper) s->upper = most;
            return;
        }
    }
    if (s->c->split) {
        most = acc + split_rest(s, i, avail, passing, rest0, doubles0, acc, limit) + s->slack;
        if (most <= limit) {
            if (most > s->upper) s->upper = most;
            return;
        }
    }
    if (i == s->n) {
        if (!complete(s)) return;
        double v;
        int r = resolve(s, &v);
        if (r <= 0) return;
        if (v > s->upper) s->upper = v;
        if (v > s->floor + EPS) {
            s->floor = v;
            memcpy(s->best, s->slots, sizeof(Slot) * (size_t)s->n);
            s->has_best = 1;
            keep_resolution(s);
        }
        return;
    }
    Slot opts[2 * MAXK + 1];
    int m = choices(s, i, avail, opts);
    const Ctx *c = s->c;
    int known[2] = {-1, -1}; /* per strand_class: whether such a card at i leaves cards stranded (-1: not asked) */
    for (int j = 0; j < m; j++) {
        int k = opts[j].k, face = opts[j].face, cls = strand_class(c, opts[j]);
        if (cls >= 0 && known[cls] == 1) { /* the step go would take, and nothing more (stranded at once) */
            if (step_in(s)) return;
            continue;
        }
        place(s, k, face, 1);
        s->slots[i] = opts[j];
        int checked = 0;
        if (cls >= 0) {
            if (known[cls] < 0) known[cls] = stranded(s, i + 1);
            if (known[cls]) {
                place(s, k, face, -1);
                if (step_in(s)) return;
                continue;
            }
            checked = 1;
        }
        if (face == WILD) go(s, i + 1, acc + s->wild, budget, checked);
        else if (face == UP) go(s, i + 1, acc + c->kinds[k].opt[s->which], budget, checked);
        else go(s, i + 1, acc + c->kinds[k].opt[s->which] + s->wild, budget - 1, checked);
        place(s, k, face, -1);
        if (s->status) return;
    }
}

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

/* Reads the packed pool (compiled.py's ``pack``, in the same order); 0 when the layout does not fit. */
static int ctx_read(Ctx *c, Reader *r) {
#define I(lo, hi) (tmp = rd_i(r), (!in_range(tmp, lo, hi) ? (r->bad = 1, 0) : (int)tmp))
    long long tmp;
    if (I(0, 1 << 30) != LAYOUT || r->bad) return 0;
    c->K = I(0, MAXK);
    c->C = I(0, MAXC);
    if (r->bad) return 0;
    int K = c->K, C = c->C;
    for (int k = 0; k < K; k++) {
        Kind *p = &c->kinds[k];
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
        for (int a = 0; a < 2; a++) {
            p->nspec[a] = I(0, MAXSPEC);
            for (int j = 0; j < p->nspec[a]; j++) {
                p->sper[a][j] = I(0, 2);
                p->sgenre[a][j] = I(-1, 3);
                if (p->sper[a][j] == PER_GENRE && p->sgenre[a][j] < 0) r->bad = 1;
                p->scoef[a][j] = rd_f(r);
            }
            p->ndump[a] = I(0, MAXDUMP);
            for (int j = 0; j < p->ndump[a]; j++) p->dump[a][j] = I(-(1 << 20), 1 << 20);
            for (int f = 0; f < 4; f++) p->value[a][f] = rd_f(r);
        }
        p->opt[0] = rd_f(r);
        p->opt[1] = rd_f(r);
        p->per_wild = rd_f(r);
        p->step = rd_f(r);
        p->nwstep = I(0, 2);
        for (int a = 0; a < p->nwstep; a++) {
            p->wstep_d[a] = rd_f(r);
            p->wstep_c[a] = rd_f(r);
        }
        if (r->bad) return 0;
    }
    for (int l = 0; l < C; l++) {
        c->nby_letter[l] = I(0, K);
        for (int j = 0; j < c->nby_letter[l] && !r->bad; j++) c->by_letter[l][j] = I(0, K - 1);
    }
#define LIST(nvar, arr)                                                                                              \
    do {                                                                                                             \
        nvar = I(0, K);                                                                                              \
        for (int j = 0; j < nvar && !r->bad; j++) arr[j] = I(0, K - 1);                                              \
    } while (0)
    LIST(c->npool_kinds, c->pool_kinds);
    LIST(c->norder[0], c->order[0]);
    LIST(c->norder[1], c->order[1]);
    int nby_step;
    LIST(nby_step, c->by_step);
    if (nby_step != K) r->bad = 1;
    LIST(c->nuncoverers, c->uncoverers);
    LIST(c->nwild_kinds, c->wild_kinds);
    LIST(c->ndoublers, c->doublers);
    LIST(c->nwild_stepped, c->wild_stepped);
    LIST(c->nmine, c->mine);
    LIST(c->npoolk, c->poolk);
#undef LIST
    for (int l = 0; l < C; l++) c->uncoverer_letter[l] = I(0, 1);
    for (int l = 0; l < C; l++) c->classic_letters[l] = I(0, 1 << 20);
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
#undef I
    long long room = MAXN * MAXDUMP;
    for (int mi = 0; mi < c->nmine; mi++) {
        const Kind *p = &c->kinds[c->mine[mi]];
        room += (long long)p->count * (p->ndump[0] > p->ndump[1] ? p->ndump[0] : p->ndump[1]);
    }
    if (room > MAXDUMPS) return 0;
    long long doubler_cards = 0;
    for (int di = 0; di < c->ndoublers; di++) doubler_cards += c->kinds[c->doublers[di]].count;
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
        else r->bad = 1;
    }
    if (doubler_cards > MAXHIDDEN) return 0;
    return !r->bad && r->pi == r->ni && r->pf == r->nf;
}

static PyTypeObject ContextType;

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

static PyTypeObject ContextType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "solver.search.hardback._kernel.Context",
    .tp_basicsize = sizeof(Ctx),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A pool of cards packed for the kernel (solver/search/hardback/compiled.py builds it).",
    .tp_new = context_new,
};

/* solve(context, word, floor, stop_at, ticks, node_limit, checkpoint_ticks, deadline, checkpoint_at, is_set)
 *   -> (status, ticks, value, slots or None, resolution or None)
 * ``word``: one byte a letter, the card letter's index (or the number of card letters for a letter no card has);
 * integers -1 and floats NaN stand for no limit; ``is_set``: the cancel event's is_set, or None. ``slots``: two
 * bytes a letter (kind + 1, 0 for an unnamed wild; face 0 up, 1 wild, 2 uncovered) of the best placement that
 * beats ``floor`` (for status ENOUGH, the best found so far). ``resolution``: its best resolution (``Res``), one
 * byte a number: the number of uncovers and each (uncoverer, uncovered) in order, the number of doubles and each
 * (doubler, doubled), the four genres' activity, each letter's factor. */
static PyObject *kernel_solve(PyObject *self, PyObject *args) {
    PyObject *ctx_obj, *is_set;
    Py_buffer wb;
    double floor, deadline, checkpoint_at;
    long long stop_at, ticks, node_limit, checkpoint_ticks;
    if (!PyArg_ParseTuple(args, "O!y*dLLLLddO", &ContextType, &ctx_obj, &wb, &floor, &stop_at, &ticks, &node_limit,
                          &checkpoint_ticks, &deadline, &checkpoint_at, &is_set))
        return NULL;
    const Ctx *c = (const Ctx *)ctx_obj;
    S *s = (S *)calloc(1, sizeof(S));
    if (s == NULL) {
        PyBuffer_Release(&wb);
        return PyErr_NoMemory();
    }
    s->c = c;
    s->n = (int)wb.len;
    if (s->n < 1 || s->n > MAXN) {
        free(s);
        PyBuffer_Release(&wb);
        PyErr_SetString(PyExc_ValueError, "kernel: a word of 1 to 32 letters");
        return NULL;
    }
    const unsigned char *w = (const unsigned char *)wb.buf;
    for (int i = 0; i < s->n; i++) {
        if (w[i] > c->C) {
            free(s);
            PyBuffer_Release(&wb);
            PyErr_SetString(PyExc_ValueError, "kernel: a letter index beyond the card letters");
            return NULL;
        }
        s->word[i] = w[i];
    }
    PyBuffer_Release(&wb);
    s->floor = floor;
    s->upper = -INFINITY;
    s->stop_at = stop_at;
    s->ticks = ticks;
    s->node_limit = node_limit;
    s->checkpoint_ticks = checkpoint_ticks;
    s->has_deadline = !isnan(deadline);
    s->deadline = deadline;
    s->has_checkpoint_at = !isnan(checkpoint_at);
    s->checkpoint_at = checkpoint_at;
    s->is_set = is_set == Py_None ? NULL : is_set;
    for (int k = 0; k < c->K; k++) s->left[k] = c->kinds[k].count;
    for (int k = 0; k < c->K; k++)
        if (c->kinds[k].pool) {
            s->pool_left += c->kinds[k].count;
            if (c->kinds[k].source == INKED) s->inked_left += c->kinds[k].count;
        }
    plan(s);
    go(s, 0, 0.0, s->uncovers, 0);
    free(s->memo);
    if (s->status == S_ERROR) {
        free(s);
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_RuntimeError, "kernel: the search failed");
        return NULL;
    }
    PyObject *slots, *res;
    if (s->has_best) {
        const Res *r = &s->best_res;
        slots = PyBytes_FromStringAndSize(NULL, 2 * s->n);
        res = PyBytes_FromStringAndSize(NULL, 2 + 2 * r->nunc + 2 * r->ndbl + 4 + s->n);
        if (slots == NULL || res == NULL) {
            Py_XDECREF(slots);
            Py_XDECREF(res);
            free(s);
            return NULL;
        }
        char *b = PyBytes_AS_STRING(slots);
        for (int i = 0; i < s->n; i++) {
            b[2 * i] = (char)(s->best[i].k + 1);
            b[2 * i + 1] = (char)s->best[i].face;
        }
        b = PyBytes_AS_STRING(res);
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
    } else {
        slots = Py_NewRef(Py_None);
        res = Py_NewRef(Py_None);
    }
    PyObject *out = Py_BuildValue("iLdNNd", s->status, s->ticks, s->has_best ? s->floor : 0.0, slots, res, s->upper);
    free(s);
    return out;
}

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

/* signatures(counts, words, lo, hi, lengths, first, letters, caps, space, keys_out, inverse_out) -> number of signatures
 * The signature of each word lo..hi-1 (its length less ``first``, then each card letter's count capped, in mixed
 * radix: solver/search/hardback/bound.py's ``_signatures``) numbered densely in increasing order: ``inverse_out`` (int64, one
 * a word) gets each word's number, ``keys_out`` (int64, at least ``space`` long) the signatures in order. */
static PyObject *kernel_signatures(PyObject *self, PyObject *args) {
    Py_buffer cb, lb, ab, capb, kb, ib;
    Py_ssize_t words, lo, hi, first, space;
    if (!PyArg_ParseTuple(args, "y*nnny*ny*y*nw*w*", &cb, &words, &lo, &hi, &lb, &first, &ab, &capb, &space, &kb,
                          &ib))
        return NULL;
    PyObject *out = NULL;
    const uint8_t *counts = (const uint8_t *)cb.buf, *lengths = (const uint8_t *)lb.buf;
    const uint8_t *letters = (const uint8_t *)ab.buf, *caps = (const uint8_t *)capb.buf;
    Py_ssize_t nl = ab.len, n = hi - lo;
    int64_t *keys = (int64_t *)kb.buf, *inverse = (int64_t *)ib.buf;
    uint8_t *seen = NULL;
    int64_t *lut = NULL;
    const uint8_t **rows = NULL;
    uint16_t *short_key = NULL;
    if (lo < 0 || hi > words || n <= 0 || capb.len != nl || lengths == NULL || lb.len < words || space <= 0 ||
        kb.len < space * (Py_ssize_t)sizeof(int64_t) || ib.len < n * (Py_ssize_t)sizeof(int64_t)) {
        PyErr_SetString(PyExc_ValueError, "kernel: signatures of a malformed lexicon slice");
        goto done;
    }
    for (Py_ssize_t j = 0; j < nl; j++)
        if ((Py_ssize_t)(letters[j] + 1) * words > cb.len) {
            PyErr_SetString(PyExc_ValueError, "kernel: a letter beyond the lexicon's counts");
            goto done;
        }
    /* The key in mixed radix, ((len - first) * r0 + c0) * r1 + c1 ..., is the same as (len - first) * (r0 r1 ...)
     * + c0 * (r1 r2 ...) + c1 * (r2 ...) + ...: each letter's term is read from a table by its count (capped), and
     * a word's key is summed at once, word by word, reading every letter's row side by side. */
    lut = (int64_t *)malloc(sizeof(int64_t) * 256 * (size_t)(nl > 0 ? nl : 1));
    rows = (const uint8_t **)malloc(sizeof(const uint8_t *) * (size_t)(nl > 0 ? nl : 1));
    seen = (uint8_t *)calloc((size_t)space, 1);
    if (lut == NULL || rows == NULL || seen == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    int64_t stride = 1;
    for (Py_ssize_t j = nl - 1; j >= 0; j--) {
        int64_t *t = lut + 256 * j;
        for (int c = 0; c < 256; c++) t[c] = (int64_t)(c < caps[j] ? c : caps[j]) * stride;
        rows[j] = counts + (Py_ssize_t)letters[j] * words + lo;
        stride *= (int64_t)caps[j] + 1;
    }
    uint8_t last = lengths[hi - 1]; /* the lexicon orders words by length: the longest is the last */
    if (nl <= 26 && first >= 0 && last >= first && stride * (int64_t)(last - first + 1) <= SIG_SHORT &&
        stride * (int64_t)(last - first + 1) <= space) { /* keys of 16 bits, all below the space */
        uint16_t strides[26];
        for (Py_ssize_t j = nl - 1, s = 1; j >= 0; j--) {
            strides[j] = (uint16_t)s;
            s *= caps[j] + 1;
        }
        short_key = (uint16_t *)malloc(sizeof(uint16_t) * (size_t)n);
        if (short_key == NULL) {
            PyErr_NoMemory();
            goto done;
        }
        if (short_keys(n, lengths + lo, (uint8_t)first, last, (uint16_t)stride, rows, caps, strides, nl, short_key)) {
            PyErr_SetString(PyExc_ValueError, "kernel: a signature beyond its space");
            goto done;
        }
        for (Py_ssize_t w = 0; w < n; w++) seen[short_key[w]] = 1;
    } else {
        for (Py_ssize_t w = 0; w < n; w++) {
            int64_t key = ((int64_t)lengths[lo + w] - first) * stride;
            for (Py_ssize_t j = 0; j < nl; j++) key += lut[256 * j + rows[j][w]];
            if (key < 0 || key >= space) {
                PyErr_SetString(PyExc_ValueError, "kernel: a signature beyond its space");
                goto done;
            }
            inverse[w] = key;
            seen[key] = 1;
        }
    }
    Py_ssize_t m = 0;
    for (Py_ssize_t k = 0; k < space; k++)
        if (seen[k]) keys[m++] = k;
    { /* each signature's number, by its key */
        int32_t *number = (int32_t *)malloc(sizeof(int32_t) * (size_t)space);
        if (number == NULL) {
            PyErr_NoMemory();
            goto done;
        }
        for (Py_ssize_t j = 0; j < m; j++) number[keys[j]] = (int32_t)j;
        if (short_key != NULL)
            for (Py_ssize_t w = 0; w < n; w++) inverse[w] = number[short_key[w]];
        else
            for (Py_ssize_t w = 0; w < n; w++) inverse[w] = number[inverse[w]];
        free(number);
    }
    out = PyLong_FromSsize_t(m);
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

/* per_word(sig_bound, inverse, lo, index_out, bound_out) -> number of words
 * Each word's bound, its signature's (``sig_bound``: float64, one a signature; ``inverse``: int64, each word's
 * signature, as ``signatures`` numbers them), kept for the words whose bound is above -inf: their lexicon indices (lo
 * plus their place) into ``index_out`` (int64) and their bounds into ``bound_out`` (float64), in order, in one pass
 * over the words (solver/search/hardback/bound.py's ``_per_word``: numpy's take, comparison, nonzero and gather in five). */
static PyObject *kernel_per_word(PyObject *self, PyObject *args) {
    Py_buffer sb, ib, xb, bb;
    Py_ssize_t lo;
    if (!PyArg_ParseTuple(args, "y*y*nw*w*", &sb, &ib, &lo, &xb, &bb)) return NULL;
    PyObject *out = NULL;
    const double *sig = (const double *)sb.buf;
    const int64_t *inverse = (const int64_t *)ib.buf;
    int64_t *index = (int64_t *)xb.buf;
    double *bound = (double *)bb.buf;
    Py_ssize_t nsig = sb.len / (Py_ssize_t)sizeof(double), n = ib.len / (Py_ssize_t)sizeof(int64_t);
    if (sb.len % (Py_ssize_t)sizeof(double) || ib.len % (Py_ssize_t)sizeof(int64_t) || lo < 0 ||
        xb.len < n * (Py_ssize_t)sizeof(int64_t) || bb.len < n * (Py_ssize_t)sizeof(double)) {
        PyErr_SetString(PyExc_ValueError, "kernel: per-word bounds of arrays of other sizes");
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
        m += b > -HUGE_VAL;
    }
    out = PyLong_FromSsize_t(m);
done:
    PyBuffer_Release(&sb);
    PyBuffer_Release(&ib);
    PyBuffer_Release(&xb);
    PyBuffer_Release(&bb);
    return out;
}

static PyMethodDef methods[] = {
    {"solve", kernel_solve, METH_VARARGS, "The best placement of one word that beats a floor (see _kernel.c)."},
    {"signatures", kernel_signatures, METH_VARARGS, "The words' signatures, numbered (see _kernel.c)."},
    {"per_word", kernel_per_word, METH_VARARGS, "The words' bounds, their signatures' (see _kernel.c)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_kernel", "Hardback's per-word search, compiled (solver/search/hardback/compiled.py).", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__kernel(void) {
    if (PyType_Ready(&ContextType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (m == NULL) return NULL;
    if (PyModule_AddIntConstant(m, "LAYOUT", LAYOUT) < 0 || PyModule_AddIntConstant(m, "MAX_LETTERS", MAXN) < 0 ||
        PyModule_AddIntConstant(m, "MAX_KINDS", MAXK) < 0) {
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
