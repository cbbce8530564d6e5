/* A word's plan (solver/search/hardback/exact.py's WordSolver.plan): see kernel.h. */
#include "kernel.h"

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

/* Plan.apart: the plans whose wild is worth more by the doublings of the card whose doubling grows with the wild
 * cards (Mystery N), each doubling m times (1 or 2) under each activity */
static void plan_apart(S *s, double wild) {
    const Ctx *c = s->c;
    s->napart = 0;
    if (c->stepped < 0) return;
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

void plan(S *s) {
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
    plan_apart(s, wild);
}
