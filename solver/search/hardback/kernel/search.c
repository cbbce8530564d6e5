/* The search of one word (solver/search/hardback/exact.py's WordSolver._solve) and its budget: see kernel.h. */
#include "kernel.h"

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

/* tick's look at the clock, every CHECK_EVERY + 1 steps */
int clock_stop(S *s) {
    double now = monotonic();
    if (now > s->deadline || cancelled(s)) {
        if (s->status != S_ERROR) s->status = S_OUT_OF_TIME;
        return 1;
    }
    if (s->has_checkpoint_at && now > s->checkpoint_at) {
        s->status = S_CHECKPOINT;
        return 1;
    }
    return 0;
}

/* -- the search (WordSolver._solve) ----------------------------------------------------------------------------- */

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

/* PoolTables._spares: the uncovers each card placed before letter i has left once the runs of cards uncovered there
 * are served, in spare (each run, left to right, takes its left end's card where that can uncover all of it, else
 * one uncover of its right end's card, and of its left end's card too where it needs both; the card to come at i may
 * end the last); 0 where no assignment exists (WordSolver._overdrawn), else 1 */
int spares(const S *s, int i, int *spare) {
    const Ctx *c = s->c;
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
            return 0;
        }
    }
    return 1;
}

/* WordSolver._overdrawn: the runs of cards uncovered before letter i need more uncovers than the cards around them
 * have */
static int overdrawn(const S *s, int i) {
    int spare[MAXN];
    return !spares(s, i, spare);
}

/* WordSolver._stranded: the cards uncovered before letter i cannot all be uncovered, whatever comes after */
static int stranded(const S *s, int i) {
    if (i >= 1 && s->slots[i - 1].face == UNCOVERED) return !rooted(s, i - 1, i, chained(s, i)) || overdrawn(s, i);
    return i >= 2 && s->slots[i - 2].face == UNCOVERED && overdrawn(s, i); /* (holds rooted's test of ended runs) */
}

/* WordSolver._short: the cards left cannot fill the letters from i on (the pool's cards left, less the unnamed wilds
 * placed, and per letter the classics of it left up to that letter's count ahead) */
static int short_of_cards(const S *s, int i) {
    const Ctx *c = s->c;
    int need = s->n - i - s->pool_left;
    for (int p = 0; p < i; p++)
        if (s->slots[p].k < 0) need++;
    if (need <= 0) return 0;
    int classics[MAXC] = {0};
    for (int k = 0; k < c->K; k++)
        if (c->kinds[k].source == MINE || c->kinds[k].source == OTHER) classics[c->kinds[k].letter] += s->left[k];
    for (int a = 0; a < c->C; a++) need -= classics[a] < s->caps[i][a] ? classics[a] : s->caps[i][a];
    return need > 0;
}

/* a card of kind k (-1: none) placed with face (by = 1) or lifted (by = -1): the counts and tallies */
static inline void place(S *s, int k, int face, int by) {
    if (face != UP) s->placed_hidden += by;
    if (k < 0) {
        s->unnamed += by;
        return;
    }
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

/* a placement of every letter: resolved, and kept where it beats the floor */
static void leaf(S *s) {
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
}

/* the search below letter i (checked: the caller found the cards before i not stranded) */
void go(S *s, int i, double acc, int budget, int checked) {
    if (step_in(s)) return;
    if (!checked && stranded(s, i)) return;
    if (short_of_cards(s, i)) return;
    int passing;
    int avail = uncovers_ahead(s, i, budget, &passing);
    set_live(s, i, avail > passing ? avail : passing); /* a chain of passing uncoverers uncovers more than avail */
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
        leaf(s);
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
        else if (face == UP) /* a classic of yours brings on a letter what the slack counts it for in play */
            go(s, i + 1, c->kinds[k].source == MINE ? acc : acc + c->kinds[k].opt[s->which], budget, checked);
        else { /* a timeless classic of the hand, uncovered, is not put into play: no classic_kept for it */
            const Kind *p = &c->kinds[k];
            double unkept = p->timeless && c->w_kept > 0 ? c->w_kept : 0.0;
            go(s, i + 1, acc + p->opt[s->which] - unkept + s->wild, budget - 1, checked);
        }
        place(s, k, face, -1);
        if (s->status) return;
    }
}
