/* The bounds of a node (solver/search/hardback/exact.py's WordSolver._rest, _doubles, _apart, _split): see
 * kernel.h. */
#include "kernel.h"

/* WordSolver._uncovers_ahead: the uncovers for any card, and in *passing those for passing uncoverers */
int uncovers_ahead(const S *s, int i, int budget, int *passing) {
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
    int taken[MAXC]; /* per letter ahead, the hand's uncoverers standing on it so far (they share its letters) */
    memset(taken, 0, sizeof(int) * (size_t)c->C);
    for (int ui = 0; ui < c->nuncoverers; ui++) {
        int k = c->uncoverers[ui];
        const Kind *p = &c->kinds[k];
        int left = s->left[k];
        if (left <= 0) continue;
        int ahead = s->caps[i][p->letter];
        int on = left < ahead ? left : ahead;
        if (p->pool) {
            if (on > ahead - taken[p->letter]) on = ahead - taken[p->letter];
            taken[p->letter] += on;
        }
        avail += on * p->om_unc;
        if (p->pool) extra += (left - on) * (p->om_unc - 1);
        if (p->pool || on) every += left * p->om_unc;
    }
    if (avail <= 0) return 0;
    *passing = every < budget ? every : budget;
    return avail + extra < budget ? avail + extra : budget;
}

/* _forced's loss when ``must`` letters hold face-up cards and the greedy put ``up`` there */
static inline double loss(int must, int up, double worst) { return must > up ? (double)(must - up) * worst : 0.0; }

/* WordSolver._forced: the least of two losses, the cards forced face-up and the classics on the letters beyond the
 * pool's cards left */
static double forced(const S *s, const RestPlan *rp, int i, int up) {
    const Ctx *c = s->c;
    int locked = s->inked_left - c->removers > 0 ? s->inked_left - c->removers : 0;
    int pool_left = s->pool_left - s->unnamed;
    double worst = 1.0, classic = -INFINITY;
    for (int k = 0; k < c->K; k++) {
        const Kind *p = &c->kinds[k];
        if (s->left[k] > 0 && s->caps[i][p->letter] > 0) {
            double worth = p->source == MINE ? -rp->wild : p->opt[s->which] - rp->wild;
            if (worth <= 0 && (worst > 0 || worth > worst)) worst = worth;
            if ((p->source == MINE || p->source == OTHER) && worth > classic) classic = worth;
        }
    }
    if (worst > 0) return 0.0;
    double lose = loss(s->n - i - (pool_left - locked), up, worst);
    int no_pool = s->n - i - pool_left;
    if (no_pool > 0 && classic < 0) {
        double other = (double)no_pool * classic + loss(locked, up, worst);
        return other < lose ? other : lose;
    }
    return lose;
}

/* the end of _rest: the wilds the passing uncoverers' slots may still bring, and the cards that must stand
 * face-up although they bring less than a wild (_forced) */
static inline double rest_tail(const S *s, const RestPlan *rp, int i, int u, int passing, int up) {
    double wild = rp->wild, total = 0.0;
    if (passing && wild > 0) {
        int low = 0;
        for (int j = 0; j < rp->nlow; j++) low += s->left[rp->low[j]];
        int slots = u + low < passing ? u + low : passing;
        total += wild * (double)slots;
    }
    if (wild > 0) total += forced(s, rp, i, up);
    return total;
}

/* WordSolver._rest, under the plan ``rp`` */
double rest_of(const S *s, const RestPlan *rp, int i, int uncovers, int passing) {
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
    int room = wild <= 0 ? n - i : 2 * n; /* with no wild's worth, each card takes a letter of its own */
    for (int it = 0; it < rp->nitems; it++) {
        int k = rp->item[it].k, lid = rp->item[it].lid, pool = rp->item[it].pool;
        double worth = rp->item[it].worth;
        int left = s->left[k] < room ? s->left[k] : room;
        if (left <= 0) continue;
        int free_ = caps[lid] - taken[lid];
        if (free_ > 0) {
            int on_letter = left < free_ ? left : free_;
            taken[lid] += on_letter;
            up += on_letter;
            total += (double)on_letter * worth;
            left -= on_letter;
            room -= on_letter;
            if (pool) pool_taken[lid] += on_letter;
        }
        if (!left) continue;
        if (passing && rp->item[it].passes) {
            int t = left < passing ? left : passing;
            passing -= t;
            if (u > passing) u = passing;
            total += (double)t * (worth + wild);
            room -= t;
            continue;
        }
        if (!u) continue;
        int t = left < u ? left : u;
        if (!pool) {
            if (pool_taken[lid] < t) t = pool_taken[lid];
            pool_taken[lid] -= t;
        }
        u -= t;
        room -= t;
        if (passing) passing -= t;
        total += (double)t * (worth + ahead);
    }
    return total + rest_tail(s, rp, i, u, passing, up);
}

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
void set_live(S *s, int i, int uncovers) {
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

/* WordSolver._ranked: the targets left matter only to the abilities still to place, and only as many as they can
 * take: the list stops where its rooms hold them all (a target further down is never taken, in targets or apart);
 * by_step's order but for the cards whose step grows with the wilds, each put in its place */
static inline void rank_targets(const S *s, int i, const double *step, Doubling *d) {
    const Ctx *c = s->c;
    Target *ranked = d->ranked;
    int nranked = 0, rooms = 0, abilities_left = d->abilities_left;
    int skip = i == 0 && s->has_unreached;
    d->nranked = 0;
    if (!abilities_left) return;
    for (int bi = 0; bi < c->K && rooms < abilities_left; bi++) {
        int k = c->by_step[bi];
        if (c->nwild_stepped && c->kinds[k].nwstep) continue;
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
    d->nranked = nranked;
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
    rank_targets(s, i, step, d);
}

/* WordSolver._doubles, with _steps */
double doubles(const S *s, int i, int uncovers, int reach) {
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

/* WordSolver._pair_near: the most abilities of a doubler that may stand at q (from i on) and double the card Mystery N
 * at p beside it, which took ``spent`` uncovers (0: none may) */
static int pair_near(const S *s, int i, const int *standing, const int *doublers, int nd, int p, int q, int spent,
                     int uncovers, int passing) {
    const Ctx *c = s->c;
    int kn = c->stepped, most = 0;
    for (int j = 0; j < nd; j++) {
        int d = doublers[j];
        const Kind *pd = &c->kinds[d];
        int a = ability(s, d);
        if (a <= most || (spent && !uncoverable(s, i, passing - 1, p, q, d))) continue;
        int left = uncovers - spent, free_ = passing - spent;
        if ((s->word[q] == pd->letter && pair_live(s, i, standing, d, q, p, left, free_)) ||
            (pd->pool && s->near[q] && left >= 1 && uncoverable(s, i, passing - 1, q, p, kn) &&
             pair_live(s, i, standing, d, q, p, left - 1, passing - 1)))
            most = a;
    }
    return most;
}

/* an uncoverer of the word's letter y (a card letter or not) is left to stand face-up there */
static int uncoverer_on(const S *s, int letter) {
    const Ctx *c = s->c;
    if (letter >= c->C) return 0;
    for (int bi = 0; bi < c->nby_letter[letter]; bi++) {
        int k = c->by_letter[letter][bi];
        if (s->left[k] > 0 && c->kinds[k].is_uncoverer) return 1;
    }
    return 0;
}

/* what n_doubled_chained reads at every letter from i on, made once a node: per letter y, whether an uncoverer may
 * stand there face-up (up), and the fewest uncovers a card uncovered there takes with the chain that turns it up
 * from its left (cl) or from its right (cr), 0 where none can (WordSolver._chain, both ways at once) */
typedef struct {
    int up[MAXN], cl[MAXN], cr[MAXN];
    int hidden; /* a card of the pool that uncovers is left: one may stand uncovered */
} Chains;

static void chains_of(const S *s, int i, Chains *ch) {
    const Ctx *c = s->c;
    int left = 0; /* the pool's uncoverers still to place */
    for (int k = 0; k < c->K; k++)
        if (c->kinds[k].is_uncoverer && c->kinds[k].pool) left += s->left[k];
    ch->hidden = left > 0;
    for (int y = i; y < s->n; y++) ch->up[y] = uncoverer_on(s, s->word[y]);
    if (c->kinds[c->stepped].is_uncoverer) { /* Mystery N uncovers its neighbour */
        for (int y = i; y < s->n; y++) ch->cl[y] = ch->cr[y] = 1;
        return;
    }
    for (int q = i; q < s->n; q++) { /* the chain from the left: y = q - 1 face-up, or uncovered in turn */
        int y = q - 1;
        if (y < i) ch->cl[q] = y == i - 1 && y >= 0 && may_uncover(s, s->slots[y]) ? 1 : 0;
        else if (ch->up[y]) ch->cl[q] = 1;
        else ch->cl[q] = s->near[y] && ch->cl[y] && ch->cl[y] <= left ? ch->cl[y] + 1 : 0;
    }
    for (int q = s->n - 1; q >= i; q--) { /* from the right */
        int y = q + 1;
        if (y >= s->n) ch->cr[q] = 0;
        else if (ch->up[y]) ch->cr[q] = 1;
        else ch->cr[q] = s->near[y] && ch->cr[y] && ch->cr[y] <= left ? ch->cr[y] + 1 : 0;
    }
}

/* WordSolver._sides: what the card at q beside Mystery N at p may be, as (abilities, uncovers from i on, may uncover
 * N) in a, u, m; how many */
static int sides_of(const S *s, int i, const int *standing, const int *doublers, int nd, int p, int q, int uncovers,
                    int passing, const Chains *ch, int *a, int *u, int *m) {
    const Ctx *c = s->c;
    if (q < 0 || q >= s->n) {
        a[0] = u[0] = m[0] = 0;
        return 1;
    }
    if (q < i) {
        Slot sl = s->slots[q];
        a[0] = sl.k >= 0 && sl.face != WILD ? ability(s, sl.k) : 0;
        u[0] = 0;
        m[0] = may_uncover(s, sl);
        return 1;
    }
    a[0] = u[0] = 0;
    m[0] = ch->up[q] || (s->near[q] && ch->hidden);
    int n = 1, cost = q < p ? ch->cl[q] : ch->cr[q];
    for (int j = 0; j < nd; j++) {
        int d = doublers[j];
        const Kind *pd = &c->kinds[d];
        if (!pair_live(s, i, standing, d, q, p, uncovers, passing)) continue;
        if (s->word[q] == pd->letter) {
            a[n] = ability(s, d), u[n] = 0, m[n] = pd->is_uncoverer;
            n++;
        }
        if (pd->pool && s->near[q] && cost) {
            a[n] = ability(s, d), u[n] = cost, m[n] = pd->is_uncoverer;
            n++;
        }
    }
    return n;
}

/* WordSolver._n_doubled_chained: _n_doubled where two uncovers or more are left, each side's card and the uncovers
 * its chain takes out of one count */
static int n_doubled_chained(const S *s, int i, const int *standing, const int *doublers, int nd, int uncovers,
                             int passing) {
    const Ctx *c = s->c;
    int kn = c->stepped;
    const Kind *pn = &c->kinds[kn];
    int total = uncovers > passing ? uncovers : passing, most = 0;
    int a1[2 * MAXK + 1], u1[2 * MAXK + 1], m1[2 * MAXK + 1], a2[2 * MAXK + 1], u2[2 * MAXK + 1], m2[2 * MAXK + 1];
    Chains ch;
    chains_of(s, i, &ch);
    for (int p = i; p < s->n; p++) {
        for (int spent = 0; spent < 2; spent++) { /* uncovers N takes: face-up on its letter, or uncovered */
            if (spent == 0 ? s->word[p] != pn->letter : !(pn->pool && s->near[p] && total >= 1)) continue;
            int n1 = sides_of(s, i, standing, doublers, nd, p, p - 1, uncovers, passing, &ch, a1, u1, m1);
            int n2 = sides_of(s, i, standing, doublers, nd, p, p + 1, uncovers, passing, &ch, a2, u2, m2);
            for (int x = 0; x < n1; x++)
                for (int y = 0; y < n2; y++)
                    if (u1[x] + u2[y] + spent <= total && (m1[x] || m2[y] || !spent) && a1[x] + a2[y] > most)
                        most = a1[x] + a2[y] > 2 ? 2 : a1[x] + a2[y];
            if (most >= 2) return 2;
        }
    }
    return most;
}

/* WordSolver._n_doubled: how many doublings (0, 1, 2) may still reach the card Mystery N, still to place, from the
 * cards that double beside it (n_doubled_chained where two uncovers or more are left) */
static int n_doubled(const S *s, int i, int uncovers, int passing) {
    const Ctx *c = s->c;
    int kn = c->stepped;
    const Kind *pn = &c->kinds[kn];
    if (s->left[kn] <= 0) return 2;
    int doublers[MAXK], nd = 0;
    for (int di = 0; di < c->ndoublers; di++) {
        int d = c->doublers[di];
        if (s->left[d] - (d == kn) > 0 && ability(s, d)) doublers[nd++] = d;
    }
    int before = i >= 1 && s->slots[i - 1].k >= 0 && s->slots[i - 1].face != WILD ? ability(s, s->slots[i - 1].k) : 0;
    int standing[4]; /* per genre, the cards of it in play before letter i */
    for (int g = 0; g < 4; g++) standing[g] = c->base_genres[g] + s->placed_genre[g];
    if (uncovers >= 2) return n_doubled_chained(s, i, standing, doublers, nd, uncovers, passing);
    int most = 0;
    for (int p = i; p < s->n; p++) {
        for (int spent = 0; spent < 2; spent++) { /* uncovers N takes: face-up on its letter, or uncovered */
            if (spent == 0 ? s->word[p] != pn->letter : !(pn->pool && s->near[p] && uncovers >= 1)) continue;
            int sides = p == i ? before : 0; /* the doubler at i-1 */
            for (int q = p - 1; q <= p + 1; q += 2)
                if (q >= i && q < s->n) sides += pair_near(s, i, standing, doublers, nd, p, q, spent, uncovers, passing);
            if (sides > most) most = sides > 2 ? 2 : sides;
            if (most >= 2) return 2;
        }
    }
    return most;
}

/* WordSolver._apart: the bound with the doublings of the card whose doubling grows with the wild cards (Mystery N)
 * counted apart, each making every wild worth more (rest0: rest under the word's plan); the first value
 * acc + it + slack over limit ends it */
double apart(const S *s, int i, int uncovers, int passing, double rest0, double acc, double limit) {
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
    int doublings = n_doubled(s, i, uncovers, passing);
    if (!doublings) return best; /* (a card no doubling reaches is doubled 0 times) */
    int wilds = s->placed_hidden;
    double rests[MAXAPART]; /* each plan's rest, computed once where plans share their wild */
    for (int v = 0; v < s->napart; v++) {
        int m = s->apart_m[v];
        if (m > nunits || m > doublings) break; /* (the plans list m = 1 before m = 2) */
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
double split_rest(const S *s, int i, int uncovers, int passing, double rest0, double doubles0, double acc,
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
