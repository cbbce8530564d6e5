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
        if (sl.k >= 0 && sl.face != WILD) avail += sl.face == UNCOVERED ? c->kinds[sl.k].om_unc : spare_before(s, i);
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
static inline int target_room(const S *s, int k, const int *own, int abilities_left) {
    int room = 2 * s->left[k];
    if (own[k] >= 0 && abilities_left - own[k] < room) room = abilities_left - own[k]; /* (not itself) */
    return room;
}

static inline void rank_targets(const S *s, int i, const double *step, const int *own, Doubling *d) {
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
            int room = target_room(s, k, own, abilities_left);
            if (room <= 0) continue;
            ranked[nranked].value = step[k];
            ranked[nranked].room = room;
            rooms += room;
            nranked++;
        }
    }
    for (int wi = 0; wi < c->nwild_stepped; wi++) {
        int k = c->wild_stepped[wi];
        if (!(s->left[k] > 0 && step[k] > 0 && !(skip && s->unreached[k]))) continue;
        int room = target_room(s, k, own, abilities_left);
        if (room <= 0) continue;
        int at = nranked++;
        for (; at > 0 && ranked[at - 1].value < step[k]; at--) ranked[at] = ranked[at - 1];
        ranked[at].value = step[k];
        ranked[at].room = room;
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
    int own[MAXK]; /* per doubler left once, its own abilities (the others' are the rest at the most); else -1 */
    for (int k = 0; k < c->K; k++) own[k] = -1;
    for (int di = 0; di < c->ndoublers; di++) {
        int k = c->doublers[di];
        const Kind *p = &c->kinds[k];
        int left = s->left[k];
        if (left <= 0) continue;
        int ab = ability(s, k);
        if (ab > most) most = ab;
        if (left == 1) own[k] = ab;
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
    rank_targets(s, i, step, own, d);
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

/* WordSolver._target_units: the doubling abilities left, each on the best target it may reach, after units[n] */
static int target_units(const Doubling *d, double *units, int nunits) {
    int copies = d->before <= 0 ? 0 : d->copies, start = nunits;
    for (int r = 0; r < d->nranked; r++) {
        if (nunits - start >= d->abilities_left) break;
        double value = d->ranked[r].value;
        int room = d->ranked[r].room;
        while (room && nunits - start < d->abilities_left) {
            if (copies && d->before >= value) {
                units[nunits++] = d->before;
                copies--;
            } else {
                units[nunits++] = value;
                room--;
            }
        }
    }
    while (copies && nunits - start < d->abilities_left) {
        units[nunits++] = d->before;
        copies--;
    }
    return nunits;
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
    nunits = target_units(&d, units, nunits);
    while (nunits < all) units[nunits++] = 0.0; /* abilities with no target left */
    sort_asc(units, nunits);
    double total = 0.0;
    for (int j = 0; j < nunits; j++) total += units[j];
    double best = rest0 + total;
    if (acc + best + s->slack > limit || (i == 0 && s->has_unreached && s->unreached[c->stepped])) return best;
    int doublings = n_doubled(s, i, uncovers, passing);
    if (!doublings) return best; /* (a card no doubling reaches is doubled 0 times) */
    int wilds = s->placed_hidden;
    Hidden hd;
    hidden_doublers(s, i, &hd);
    double rests[MAXAPART]; /* each plan's rest, computed once where plans share their wild */
    for (int v = 0; v < s->napart; v++) {
        int m = s->apart_m[v];
        if (m > nunits || m > doublings) break; /* (the plans list m = 1 before m = 2) */
        double least = 0.0;
        for (int j = 0; j < m; j++) least += units[j];
        int as = s->apart_as[v];
        rests[v] = as < 0 ? rest0 : as < v ? rests[as] : rest_of(s, &s->apart[v], i, uncovers, passing);
        int h = uncovered_for(&hd, m);
        if (h < 0 || h > uncovers) continue; /* (no placement below doubles it m times) */
        double left = variant_rest(s, &s->apart[v], i, uncovers, passing, rests[v], h, hd.top);
        double value = left + s->apart_d[v] + s->apart_c[v] * (double)wilds + total - least;
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
