/* The per-word search of Paperback, compiled: solver/search/paperback/search.py's PaperbackSearch.solve, the layouts
 * of solver/search/paperback/layout.py (``layouts``, ``rec``, ``_rest``) and the scoring of solver/paperback/rules.py
 * (``score``, ``abilities``, ``best_doubles``) it calls on each layout, over flat arrays.
 *
 * This file follows the Python step by step, in the same order: the layouts are enumerated in the same order with the
 * same pruning (the bar, the rest of the text, the word factor), each is scored as ``rules.score`` scores it and
 * ranked by the objective's key, and the first best one in that order is kept; the layout steps are counted as
 * ``Steps`` counts them, and every TICK of them the step cap and the budget are looked at as ``Steps.tick`` and
 * ``Budget.check`` do. So both engines give the same layout and take the same steps. The Python is the reference; the
 * tests compare the two on random hands and words, step counts included.
 *
 * The hand arrives packed by solver/search/paperback/native.py (``pack``): one list of integers and one of floats, read
 * by _layout_module.c (``ctx_read``). A text arrives as one byte a character: the index of its letter among the cards'
 * letters, OTHER (the number of those letters) for a letter no card holds, OTHER + 1 for the space. What the two files
 * share is _layout.h.
 */
#include "_layout.h"

/* -- the budget (Steps.tick, Budget.check) ------------------------------------------------------------------------ */

static double monotonic(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* 1 (with ``status`` set) when the search must stop: past the step cap (OutOfSteps), else one budget step and past
 * its limits (OutOfTime), as Budget.expired reads them: the step limit, the cancel event, the deadline. */
static int tick(S *s) {
    if (s->run.cap >= 0 && s->run.taken > s->run.cap) {
        s->status = S_OUT_OF_STEPS;
        return 1;
    }
    s->run.ticks++;
    if (s->run.node_limit >= 0 && s->run.ticks > s->run.node_limit) {
        s->status = S_OUT_OF_TIME;
        return 1;
    }
    if (s->run.is_set != NULL) {
        PyObject *r = PyObject_CallNoArgs(s->run.is_set);
        if (r == NULL) {
            s->status = S_ERROR;
            return 1;
        }
        int t = PyObject_IsTrue(r);
        Py_DECREF(r);
        if (t != 0) {
            s->status = t < 0 ? S_ERROR : S_OUT_OF_TIME;
            return 1;
        }
    }
    if (s->run.has_deadline && monotonic() > s->run.deadline) {
        s->status = S_OUT_OF_TIME;
        return 1;
    }
    return 0;
}

/* -- the score of a layout (rules.py) ----------------------------------------------------------------------------- */

/* How a piece's d double-letter abilities may split between its left and right neighbours (how many go left), as
 * rules.py's programme tries them: sorted({0, 1, 2, d - 2, d - 1, d} within 0..d) with a neighbour each side (only up
 * to 2 each way matters, a factor capping at 3), else all of them to the one side there is (or none). */
static int splits_of(int d, int left, int right, int *splits) {
    int ns = 0;
    if (!(left && right)) {
        splits[ns++] = left ? d : 0;
        return ns;
    }
    int cand[6] = {0, 1, 2, d - 2, d - 1, d};
    for (int x = 0; x < 6; x++) {
        int v = cand[x], seen = 0;
        if (v < 0 || v > d) continue;
        for (int y = 0; y < ns; y++) seen |= splits[y] == v;
        if (seen) continue;
        int y = ns++;
        while (y > 0 && splits[y - 1] > v) {
            splits[y] = splits[y - 1];
            y--;
        }
        splits[y] = v;
    }
    return ns;
}

/* The factors of the best state, followed back through the programme's pointers. */
static void factors_of(int m, int state, signed char back_prev[][9], signed char back_left[][9], int *factors) {
    int sent_left[MAXN], sent_right[MAXN];
    for (int j = m - 1; j >= 0; j--) {
        sent_left[j] = back_left[j][state];
        sent_right[j] = state % 3;
        state = back_prev[j][state];
    }
    for (int j = 0; j < m; j++) {
        int f = 1 + (j > 0 ? sent_right[j - 1] : 0) + (j + 1 < m ? sent_left[j + 1] : 0);
        factors[j] = f < MAX_FACTOR ? f : MAX_FACTOR;
    }
}

/* best_doubles: the most the pieces' scores sum to with every double-letter ability aimed at a neighbour, and (with
 * ``factors``) the factors that give it, as rules.py's programme picks them. The state is what the last two pieces
 * sent right, each capped at 2 (key two * 3 + one); as the Python's dicts, each layer keeps its states in the order
 * they were first reached, and a state's total and back pointer change only for a strictly larger total, so ties
 * resolve as they do there. */
static int best_doubles(int m, const int *base, const int *doublers, const int *barrier, int *factors) {
    int total[9], nxt[9], order[9], norder = 1, nxt_order[9], nnxt;
    signed char back_prev[MAXN][9], back_left[MAXN][9];
    for (int q = 0; q < 9; q++) total[q] = -1;
    total[0] = 0;
    order[0] = 0;
    for (int j = 0; j < m; j++) {
        int d = doublers[j];
        int left = j > 0 && !barrier[j] && !barrier[j - 1];
        int right = j + 1 < m && !barrier[j] && !barrier[j + 1];
        int splits[6], ns = splits_of(d, left, right, splits);
        for (int q = 0; q < 9; q++) nxt[q] = -1;
        nnxt = 0;
        for (int o = 0; o < norder; o++) {
            int st = order[o], two = st / 3, one = st % 3;
            for (int x = 0; x < ns; x++) {
                int to_left = splits[x];
                int to_right = right ? d - to_left : 0;
                int f = 1 + two + to_left;
                int settled = total[st] + (j > 0 ? base[j - 1] * (f < MAX_FACTOR ? f : MAX_FACTOR) : 0);
                int q = one * 3 + (to_right < 2 ? to_right : 2);
                if (nxt[q] < 0) nxt_order[nnxt++] = q;
                if (nxt[q] < 0 || settled > nxt[q]) {
                    nxt[q] = settled;
                    back_prev[j][q] = (signed char)st;
                    back_left[j][q] = (signed char)(to_left < 3 ? to_left : 3); /* only whether 0, 1, 2 or more */
                }
            }
        }
        memcpy(total, nxt, sizeof total);
        memcpy(order, nxt_order, sizeof(int) * (size_t)nnxt);
        norder = nnxt;
    }
    if (m == 0) return 0;
    int best = -1, state = 0;
    for (int o = 0; o < norder; o++) {
        int st = order[o], f = 1 + st / 3;
        int final = total[st] + base[m - 1] * (f < MAX_FACTOR ? f : MAX_FACTOR);
        if (final > best) {
            best = final;
            state = st;
        }
    }
    if (factors != NULL) factors_of(m, state, back_prev, back_left, factors);
    return best;
}

static const Card *card_of(const Ctx *c, int kind) {
    if (kind >= 0) return &c->kinds[kind];
    if (kind == P_COMMON) return c->has_common ? &c->common : NULL;
    return NULL;
}

static int piece_length(const Ctx *c, int kind) {
    const Card *card = card_of(c, kind);
    return card != NULL ? card->nletters : 1;
}

/* A layout scored (rules.score): its pieces' scores, double-letter abilities and barriers (the Spacebar) for the
 * doubles' programme, and the move's numbers. */
typedef struct {
    int base[MAXN], doublers[MAXN], barrier[MAXN], any_doubler;
    int score, length, cards_next, gains;
} Scored;

/* rules.score on the layout built: the flat bonuses, the word factor and the cards next hand of every ability (the one
 * switch where the kernel scores an ability: solver/paperback/abilities.py's ``native`` codes), the doubles aimed at
 * their best. */
static void score_layout(const S *s, Scored *r) {
    const Ctx *c = s->c;
    int m = s->np;
    int wild_n = 0, reversals = 0, uses_space = 0;
    r->length = 0;
    for (int i = 0; i < m; i++) {
        r->length += piece_length(c, s->pk[i]);
        wild_n += s->pk[i] == P_WILD;
        reversals += s->pr[i];
        uses_space |= s->pk[i] == P_SPACE;
    }
    int flat = 0, mult = 1, sum = 0, length = r->length;
    r->cards_next = r->any_doubler = 0;
    for (int i = 0; i < m; i++) {
        const Card *card = card_of(c, s->pk[i]);
        r->base[i] = card != NULL ? card->score : 0;
        sum += r->base[i];
        r->doublers[i] = 0;
        r->barrier[i] = s->pk[i] == P_SPACE;
        if (card == NULL) continue;
        for (int a = 0; a < card->nab; a++) {
            int amount = card->ab_amount[a];
            switch (card->ab_kind[a]) {
            case A_PLUS: flat += amount; break;
            case A_DOUBLE_WORD: mult += 1; break;
            case A_DOUBLE_LETTER:
                r->doublers[i] += 1;
                r->any_doubler = 1;
                break;
            case A_CARDS: r->cards_next += amount; break;
            case A_LENGTH: flat += length >= card->ab_length[a] ? amount : 0; break;
            case A_FIRST: flat += i == 0 ? amount : 0; break;
            case A_LAST: flat += i == m - 1 ? amount : 0; break;
            case A_NOWILD: flat += wild_n == 0 ? amount : 0; break;
            case A_WILDS: flat += amount * wild_n; break;
            default: break;
            }
        }
    }
    flat += reversals + uses_space;
    if (mult > c->word_cap) mult = c->word_cap; /* moves.word_factor */
    int inner = r->any_doubler ? best_doubles(m, r->base, r->doublers, r->barrier, NULL) : sum;
    r->score = (inner + flat) * mult;
    r->gains = c->threshold >= 0 && c->state_common && length >= c->threshold;
}

/* The layout built scored, then the objective's key of the move; the first best in enumeration order kept, and the
 * bar raised past its score (search.py's ``solve``). */
static void leaf(S *s) {
    Scored r;
    score_layout(s, &r);
    int m = s->np, score = r.score, length = r.length;
    double value = (double)score + (r.gains ? 3.0 : 0.0) + 0.5 * (double)r.cards_next; /* moves.py's value_of */
    double a = score, b = length;
    if (s->objective == O_LENGTH) {
        a = length;
        b = score;
    } else if (s->objective == O_VALUE) {
        a = value;
    }
    if (s->has_best && !(a > s->best_a || (a == s->best_a && b > s->best_b))) return;
    s->has_best = 1;
    s->best_a = a;
    s->best_b = b;
    s->best_score = score;
    s->best_length = length;
    s->best_cards_next = r.cards_next;
    s->best_gains = r.gains;
    s->best_uses_common = 0;
    s->nbest = m;
    for (int i = 0; i < m; i++) {
        s->bk[i] = s->pk[i];
        s->br[i] = s->pr[i];
        s->bf[i] = 1;
        s->best_uses_common |= s->pk[i] == P_COMMON || s->pk[i] == P_SPACE;
    }
    if (r.any_doubler) best_doubles(m, r.base, r.doublers, r.barrier, s->bf);
    if (s->objective != O_VALUE) {
        double raised = (double)score + 0.5;
        if (raised > s->bar) s->bar = raised;
    }
}

/* -- the layouts (layout.py's ``rec``) ---------------------------------------------------------------------------- */

static int starts_with(const S *s, int pos, const int *letters, int nletters) {
    if (pos + nletters > s->n) return 0;
    for (int i = 0; i < nletters; i++)
        if (s->text[pos + i] != letters[i]) return 0;
    return 1;
}

static int rec(S *s, int pos, int wilds, int common_free, int dys);

/* 1 when the text from ``pos`` on holds a card's letters (so the card may still be laid). */
static int fits_rest(const S *s, int pos, const Card *card) {
    uint64_t left = s->suffix[pos];
    for (int i = 0; i < card->nletters; i++)
        if (!(left >> card->letter[i] & 1)) return 0;
    return 1;
}

/* The most the word factor can be: the double-word abilities of the pieces placed, and of the cards left (the
 * Common card while free) whose letters the rest of the text holds. */
static double tight_factor(const S *s, int pos, int common_free) {
    const Ctx *c = s->c;
    int f = 1 + s->dw_placed;
    for (int j = 0; j < c->ndw && f < c->word_cap; j++) {
        int k = c->dw_kinds[j];
        if (s->counts[k] && fits_rest(s, pos, &c->kinds[k])) f += c->dw[k] * s->counts[k];
    }
    if (common_free && c->common_dw && fits_rest(s, pos, &c->common)) f += c->common_dw;
    return f > c->word_cap ? c->word_cap : f;
}

/* The layouts that lay a two-letter card at ``pos`` (reversed only with a Dyslexic), as layout.py's ``pairs``; 1 when
 * the search must stop. */
static int rec_pairs(S *s, int pos, int wilds, int common_free, int dys) {
    const Ctx *c = s->c;
    int pair0 = s->text[pos], pair1 = s->text[pos + 1];
    for (int j = 0; j < c->ndoubles; j++) {
        int k = c->doubles[j];
        if (!s->counts[k]) continue;
        const Card *card = &c->kinds[k];
        for (int rev = 0; rev < 2; rev++) {
            if (rev && dys == 0) continue;
            int l0 = rev ? card->letter[1] : card->letter[0], l1 = rev ? card->letter[0] : card->letter[1];
            if (l0 != pair0 || l1 != pair1) continue;
            s->counts[k]--;
            s->got += c->val[k];
            s->avail -= c->val[k];
            s->dw_placed += c->dw[k];
            s->pk[s->np] = k;
            s->pr[s->np++] = rev;
            if (rec(s, pos + 2, wilds, common_free, dys - rev)) return 1;
            s->np--;
            s->got -= c->val[k];
            s->avail += c->val[k];
            s->dw_placed -= c->dw[k];
            s->counts[k]++;
        }
    }
    return 0;
}

/* The layouts that lay the Common card at ``pos`` (its letters, or reversed with a Dyslexic), as layout.py's
 * ``with_common``; 1 when the search must stop. */
static int rec_common(S *s, int pos, int wilds, int dys) {
    const Card *cl = &s->c->common;
    s->got += s->c->common_val;
    s->avail -= s->c->common_val;
    s->dw_placed += s->c->common_dw;
    if (starts_with(s, pos, cl->letter, cl->nletters)) {
        s->pk[s->np] = P_COMMON;
        s->pr[s->np++] = 0;
        if (rec(s, pos + cl->nletters, wilds, 0, dys)) return 1;
        s->np--;
    }
    int reversed[2] = {cl->letter[1], cl->letter[0]};
    if (cl->nletters == 2 && dys && starts_with(s, pos, reversed, 2)) {
        s->pk[s->np] = P_COMMON;
        s->pr[s->np++] = 1;
        if (rec(s, pos + 2, wilds, 0, dys - 1)) return 1;
        s->np--;
    }
    s->got -= s->c->common_val;
    s->avail += s->c->common_val;
    s->dw_placed -= s->c->common_dw;
    return 0;
}

/* 1 when the search must stop (``status`` says why). */
static int rec(S *s, int pos, int wilds, int common_free, int dys) {
    const Ctx *c = s->c;
    s->run.taken++;
    if ((s->run.taken & (TICK - 1)) == 0 && tick(s)) return 1;
    if (pos == s->n) {
        leaf(s);
        return 0;
    }
    double more = s->rest[pos], factor = c->factor;
    if (s->tight) { /* scores_many: the cards left can bring no more, nor double the word unless they fit the rest */
        if (s->avail < more) more = s->avail;
        factor = tight_factor(s, pos, common_free);
    }
    if ((s->got + more + (double)c->extra) * factor < s->bar) return 0;
    int ch = s->text[pos];
    int space = c->L + 1;
    if (ch == space) {
        if (c->spacebar && common_free) {
            s->pk[s->np] = P_SPACE;
            s->pr[s->np++] = 0;
            if (rec(s, pos + 1, wilds, 0, dys)) return 1;
            s->np--;
        }
        return 0;
    }
    if (ch < c->L) {
        for (int j = 0; j < c->nsingles[ch]; j++) {
            int k = c->singles[ch][j];
            if (!s->counts[k]) continue;
            s->counts[k]--;
            s->got += c->val[k];
            s->avail -= c->val[k];
            s->dw_placed += c->dw[k];
            s->pk[s->np] = k;
            s->pr[s->np++] = 0;
            if (rec(s, pos + 1, wilds, common_free, dys)) return 1;
            s->np--;
            s->got -= c->val[k];
            s->avail += c->val[k];
            s->dw_placed -= c->dw[k];
            s->counts[k]++;
        }
    }
    if (pos + 1 < s->n && s->text[pos + 1] != space && rec_pairs(s, pos, wilds, common_free, dys)) return 1;
    if (c->has_common && common_free && rec_common(s, pos, wilds, dys)) return 1;
    if (wilds) {
        s->pk[s->np] = P_WILD;
        s->pr[s->np++] = 0;
        if (rec(s, pos + 1, wilds - 1, common_free, dys)) return 1;
        s->np--;
    }
    return 0;
}

/* One text's search in ``s`` (zeroed but for the budget's fields, which carry over from text to text): the text's
 * codes (checked), the need, then ``rec``; 0, or -1 with a Python error set. */
int layout_search_text(S *s, const Ctx *c, const unsigned char *t, Py_ssize_t len, double need, int objective) {
    if (len < 1 || len > MAXN) {
        PyErr_SetString(PyExc_ValueError, "layout: a text of 1 to 128 characters");
        return -1;
    }
    s->c = c;
    s->n = (int)len;
    for (int i = 0; i < s->n; i++) {
        if (t[i] > c->L + 1) {
            PyErr_SetString(PyExc_ValueError, "layout: a character code beyond the card letters");
            return -1;
        }
        s->text[i] = t[i];
    }
    s->rest[s->n] = 0.0; /* layout.py's _rest */
    const double *per = s->tight ? c->by_share : c->by_letter; /* the tight bound: a card's worth shared out */
    s->suffix[s->n] = 0;
    for (int q = s->n - 1; q >= 0; q--) s->suffix[q] = s->suffix[q + 1] | (s->text[q] < c->L ? 1ULL << s->text[q] : 0);
    s->dw_placed = 0;
    for (int q = s->n - 1; q >= 0; q--) s->rest[q] = s->rest[q + 1] + per[s->text[q]];
    memcpy(s->counts, c->counts, sizeof(int) * (size_t)c->K);
    s->avail = c->has_common ? c->common_val : 0.0;
    for (int k = 0; k < c->K; k++) s->avail += (double)c->counts[k] * c->val[k];
    s->objective = objective;
    s->bar = need;
    rec(s, 0, c->wilds, 1, c->dyslexic);
    if (s->has_best && (double)s->best_score < need) s->has_best = 0; /* it cannot matter: None, as search.py */
    if (s->status == S_ERROR) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_RuntimeError, "layout: the search failed");
        return -1;
    }
    return 0;
}
