/* Mystery N's doublings counted apart (solver/search/hardback/apart.py's Apart): how many doublings may still reach
 * it (n_doubled, with the chains of uncoverers that bring doublers beside it), and the doublers that must stand
 * uncovered for it to be doubled m times (hidden_doublers). See kernel.h. */
#include "kernel.h"

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
        if (y == i - 1 && y >= 0 && uncovers_next(s, i)) return 1;
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
        if (y < i) ch->cl[q] = y == i - 1 && y >= 0 && uncovers_next(s, i) ? 1 : 0;
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
        m[0] = uncovers_next(s, i);
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
int n_doubled(const S *s, int i, int uncovers, int passing) {
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

/* WordSolver._hidden_doublers: the doublings that may reach Mystery N (still to place) with no uncover of their own
 * (free), and of the pool's doublers left that do not uncover and have no letter ahead: how many, their most
 * abilities, the most one brings */
void hidden_doublers(const S *s, int i, Hidden *hd) {
    const Ctx *c = s->c;
    int kn = c->stepped;
    hd->free = hd->count = hd->most = 0;
    hd->top = 0.0;
    if (s->left[kn] <= 0) {
        hd->free = 2; /* N placed: its doublings need no more uncovers than the bound counts */
        return;
    }
    if (i >= 1) {
        Slot sl = s->slots[i - 1];
        if (sl.k >= 0 && sl.face != WILD) hd->free += ability(s, sl.k);
    }
    for (int di = 0; di < c->ndoublers; di++) {
        int d = c->doublers[di];
        const Kind *pd = &c->kinds[d];
        int left = s->left[d] - (d == kn), a = ability(s, d);
        if (left <= 0 || !a) continue;
        if (pd->is_uncoverer || !pd->pool) {
            hd->free += left * a;
            continue;
        }
        int on = left < s->caps[i][pd->letter] ? left : s->caps[i][pd->letter];
        hd->free += on * a;
        if (left > on) {
            hd->count += left - on;
            if (a > hd->most) hd->most = a;
            if (pd->opt[s->which] > hd->top) hd->top = pd->opt[s->which];
        }
    }
}

/* WordSolver._uncovered_for: how many of those doublers must stand uncovered for N to be doubled m times (-1: too
 * few) */
int uncovered_for(const Hidden *hd, int m) {
    if (m <= hd->free) return 0;
    if (!hd->most) return -1;
    int h = (m - hd->free + hd->most - 1) / hd->most;
    return h <= hd->count ? h : -1;
}

/* WordSolver._rest_less: rest under rp with h uncovers fewer of total (and h fewer cards uncovered in all, with
 * passing) */
double rest_less(const S *s, const RestPlan *rp, int i, int total, int passing, int h) {
    int uncovers = total - h;
    if (passing) {
        passing -= h;
        if (passing > 0) {
            if (uncovers > passing) uncovers = passing;
        } else {
            uncovers = passing = 0;
        }
    }
    return rest_of(s, rp, i, uncovers > 0 ? uncovers : 0, passing);
}

typedef struct {
    double loss; /* per uncover */
    int n;       /* uncovers */
} Anchor;

/* WordSolver._anchor_losses: per kind of uncoverer still to place with a letter ahead, what it loses per uncover
 * face-up there against rp's wild (a hand card not inked; any other nothing), least first; how many kinds */
static int anchor_losses(const S *s, const RestPlan *rp, int i, Anchor *out) {
    const Ctx *c = s->c;
    int na = 0;
    for (int ui = 0; ui < c->nuncoverers; ui++) {
        int k = c->uncoverers[ui];
        const Kind *p = &c->kinds[k];
        int on = s->left[k] < s->caps[i][p->letter] ? s->left[k] : s->caps[i][p->letter];
        if (on <= 0) continue;
        double lose = 0.0;
        if (p->pool && p->source != INKED && rp->wild - p->opt[s->which] > 0.0) lose = rp->wild - p->opt[s->which];
        Anchor a = {lose / (double)p->om_unc, on * p->om_unc};
        int b = na++;
        for (; b > 0 && out[b - 1].loss > a.loss; b--) out[b] = out[b - 1];
        out[b] = a;
    }
    return na;
}

/* WordSolver._anchored: the letters from i on under rp where the node counts passing, the uncoverers that stand
 * face-up to uncover the other cards paying what they lose against a wild (INFINITY where none loses anything) */
static double anchored(const S *s, const RestPlan *rp, int i, int uncovers, int passing, int h, double top,
                       double at_all) {
    const Ctx *c = s->c;
    Anchor an[MAXK];
    int na = anchor_losses(s, rp, i, an), units = 0;
    if (!na || an[na - 1].loss <= 0.0) return INFINITY;
    for (int a = 0; a < na; a++) units += an[a].n;
    int sp = 0, extra = 0;
    if (i >= 1) {
        Slot sl = s->slots[i - 1];
        if (sl.k >= 0 && sl.face != WILD) sp = sl.face == UNCOVERED ? c->kinds[sl.k].om_unc : spare_before(s, i);
    }
    for (int ui = 0; ui < c->nuncoverers; ui++) {
        const Kind *p = &c->kinds[c->uncoverers[ui]];
        if (p->pool) extra += s->left[c->uncoverers[ui]] * (p->om_unc - 1);
    }
    double best = -INFINITY;
    for (int t = h; t <= uncovers; t++) {
        int j = t - sp - extra > 0 ? t - sp - extra : 0;
        if (j > units) break; /* (no placement below uncovers t of them, nor more) */
        double value = at_all; /* (with every uncover: what variant_rest has counted) */
        if (t < uncovers) {
            value = rest_of(s, rp, i, t, passing);
            if (h) {
                double less = rest_less(s, rp, i, t, passing, h) + (double)h * top;
                if (less < value) value = less;
            }
        }
        double lost = 0.0;
        for (int a = 0, left = j; a < na && left > 0; a++)
            for (int x = 0; x < an[a].n && left > 0; x++, left--) lost += an[a].loss;
        if (value - lost > best) best = value - lost;
    }
    return best;
}

/* WordSolver._variant_rest: rest under an _apart variant's plan rp (plain: its rest with every uncover) where h
 * doublers that bring top at the most must stand uncovered, the least of the bounds that hold */
double variant_rest(const S *s, const RestPlan *rp, int i, int uncovers, int passing, double plain, int h,
                    double top) {
    double left = plain;
    if (h) { /* h doublers take h uncovers */
        double less = rest_less(s, rp, i, uncovers, passing, h) + (double)h * top;
        if (less < left) left = less;
    }
    if (passing) {
        double anchor = anchored(s, rp, i, uncovers, passing, h, top, left);
        if (anchor < left) left = anchor;
    }
    return left;
}
