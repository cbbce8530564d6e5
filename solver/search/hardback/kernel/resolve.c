/* A placement's resolution and value (solver/hardback/resolve.py's Resolver.resolve): see kernel.h. */
#include "kernel.h"

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

/* what a count may read of a placement (solver/hardback/benefits.py's Tally): per genre the player's cards of it in
 * play, the word's wild cards (uncovered ones included), the inked cards face-up, the word's letters */
typedef struct {
    int genres[4];
    int wilds, inked_up, letters;
} Tally;

/* The one place the kernel reads what a per-card benefit counts: one case per row of solver/hardback/benefits.py's
 * COUNTERS (its ``kernel`` number; a row with none makes compiled.py leave the pool to the Python search). */
static inline int counted(int per, int genre, const Tally *t) {
    switch (per) {
    case PER_GENRE:
        return t->genres[genre];
    case PER_WILD:
        return t->wilds;
    case PER_INKED:
        return t->inked_up;
    case PER_FACE_UP: /* a house count (tests/hardback/test_count_table.py): the word's cards standing face-up */
        return t->letters - t->wilds;
    default:
        return 0;
    }
}

static double spec_value(const Kind *p, int a, int j, int f, const Tally *t) {
    return p->scoef[a][j] * (double)f * (double)counted(p->sper[a][j], p->sgenre[a][j], t);
}

/* Resolver._value */
static double rest_value(const S *s, const int factors[MAXN], const int active[4], const Tally *t, int fodder) {
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
        for (int j = 0; j < p->nspec[a]; j++) total += spec_value(p, a, j, f, t);
        for (int j = 0; j < p->ndump[a]; j++) dumps[ndumps++] = p->dump[a][j] * f;
    }
    for (int mi = 0; mi < c->nmine; mi++) {
        int k = c->mine[mi];
        const Kind *p = &c->kinds[k];
        int outside = p->count - in_word[k];
        if (outside <= 0) continue;
        int a = p->genre >= 0 && active[p->genre];
        double sp = 0.0;
        for (int j = 0; j < p->nspec[a]; j++) sp += spec_value(p, a, j, 1, t);
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

/* what a placement's value reads besides its factors (Resolver._extras): the cards not face-up (the word's wild
 * cards), the inked cards face-up, the cards left to dump, the value that no factor changes */
typedef struct {
    int wilds, inked_up, fodder;
    double fixed;
} Extras;

/* Resolver._extras: 0 when the placement cannot be played (too many cards of a kind, a wild with no card left to
 * stand for it, a rival's letter face-down, more inked cards face-down than removers) */
static int extras(const S *s, Extras *x) {
    const Ctx *c = s->c;
    int n = s->n;
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
    x->wilds = wilds;
    x->inked_up = inked_up;
    x->fodder = c->discard + unplaced - generic;
    x->fixed = c->w_sent * (double)sent + c->w_kept * (double)kept - c->w_rem * (double)spent;
    if (c->awards) x->fixed += c->res_award[n];
    return 1;
}

/* Resolver._uncover_order: 1 when the uncovered cards can all be uncovered (the order in s->path), 0 when not, -1
 * when the budget stopped it */
static int uncover_order(S *s) {
    s->ntargets = 0;
    for (int pos = 0; pos < s->n; pos++)
        if (s->slots[pos].face == UNCOVERED) s->targets[s->ntargets++] = pos;
    if (!s->ntargets) return 1;
    int spent_by[MAXN];
    memset(spent_by, 0, sizeof spent_by);
    s->gen++;
    s->memo_len = 0;
    if (s->gen == 0) { /* wrapped: forget every entry */
        if (s->memo) memset(s->memo, 0, sizeof(Key) * s->memo_cap);
        s->gen = 1;
    }
    return uncover_search(s, 0u, 0, spent_by);
}

/* Resolver._setting: every doubling ability of the word and the cards it may aim at (s->opt_pos, s->opt_near; the
 * number of aims in opt_len); the number of abilities, -1 (an error set) past MAXOPT */
static int aims(S *s, const int active[4], int opt_len[MAXOPT]) {
    const Ctx *c = s->c;
    int n = s->n, nopt = 0;
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
    return nopt;
}

/* Resolver.resolutions: the best value over every aim of the doubles (its aims in s->opt_idx); 0 when the budget
 * stopped it */
static int best_aims(S *s, const Extras *x, const int active[4], const Tally *t, int nopt, const int opt_len[MAXOPT],
                     double *out) {
    int n = s->n, have = 0, idx[MAXOPT];
    memset(idx, 0, sizeof(int) * (size_t)(nopt ? nopt : 1));
    double best = 0.0;
    for (;;) {
        if (tick(s)) return 0;
        int factors[MAXN];
        for (int q = 0; q < n; q++) factors[q] = 1;
        for (int j = 0; j < nopt; j++) {
            int q = s->opt_near[j][idx[j]];
            if (q >= 0) factors[q] = factors[q] + 1 < MAX_FACTOR ? factors[q] + 1 : MAX_FACTOR;
        }
        double v = x->fixed + rest_value(s, factors, active, t, x->fodder);
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
    *out = best;
    return 1;
}

/* Resolver.resolve: 1 and its value when the placement can be played, 0 when not, -1 when the budget stopped it. */
int resolve(S *s, double *out) {
    Extras x;
    if (!extras(s, &x)) return 0;
    int r = uncover_order(s);
    if (r <= 0) return r;
    Tally t = {.wilds = x.wilds, .inked_up = x.inked_up, .letters = s->n};
    int active[4], opt_len[MAXOPT];
    genre_counts(s, 0u, 1, t.genres);
    for (int g = 0; g < 4; g++) active[g] = t.genres[g] >= 2;
    int nopt = aims(s, active, opt_len);
    if (nopt < 0) return -1;
    if (!best_aims(s, &x, active, &t, nopt, opt_len, out)) return -1;
    s->nopt = nopt;
    memcpy(s->active, active, sizeof active);
    return 1;
}

/* The resolution resolve found last (Resolver.resolutions' Resolution of the best aims), as the best's. */
void keep_resolution(S *s) {
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
