/* One movement (a whole seating schedule) for N players over R rounds, by tabu search.
 * Used only by tools/seating_library/generate.py to build the library shipped in
 * tournaments/seating/; the site never compiles nor runs this.
 *
 *   movement N R TARGET SEED BUDGET [WP]
 *
 * Tables of four, seats N E S W in slot order (slot 4t+k), partners opposite (k, k^2),
 * opponents adjacent (k^1, k^3). N mod 4 players sit out each round; the byes start
 * cyclic (player order) and move only by exchanges that keep every prefix of rounds
 * balanced (after every round, bye counts differ by at most 1).
 *
 * Phase 1 minimises  WP * partner excess + opponent excess  (a pair's excess is its
 * meetings past the first) by a conflict-directed tabu search: each step takes the best
 * swap of two players of one round (or re-pairing of one table, or a sampled exchange of
 * byes) that touches a player meeting someone again; the reverse of a recent step is
 * tabu; a few random swaps shake a search that stalls. It stops at TARGET or after
 * BUDGET thousand steps. Phase 2 balances seats (N-S against E-W, and each seat): it
 * re-seats tables and swaps players only where that adds no repeat.
 * One seeded xorshift generator drives everything: same arguments, same output.
 *
 * Output: "cost P O steps K" then one line per round: the seated slots, "|", the byes.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXN 64
#define MAXR 16

static int WP = 4;
static int N, R, T, S, B;
static int slot[MAXR][MAXN];      /* [0, S): seats; [S, N): byes */
static int where[MAXR][MAXN];     /* player -> slot index in that round */
static int P[MAXN][MAXN], O[MAXN][MAXN];
static int best_slot[MAXR][MAXN];
static int tabu_until[MAXR][MAXN][MAXN];  /* round, a, b: a-b may not partner again */
static uint64_t rng_state;

static inline uint64_t rnd64(void) {
    uint64_t x = rng_state;
    x ^= x << 13; x ^= x >> 7; x ^= x << 17;
    return rng_state = x;
}
static inline int rndint(int n) { return (int)((rnd64() >> 11) % (uint64_t)n); }
static inline double rnd01(void) { return (double)(rnd64() >> 11) / 9007199254740992.0; }

/* Add (sign +1) or remove (-1) one meeting; returns the change in excess. */
static inline int upd(int M[MAXN][MAXN], int a, int b, int sign) {
    if (sign > 0) {
        int c = M[a][b]++;
        M[b][a]++;
        return c >= 1;
    }
    int c = --M[a][b];
    M[b][a]--;
    return -(c >= 1);
}

static inline int table_apply(int r, int t, int sign) {
    int *s = &slot[r][4 * t];
    int a = s[0], b = s[1], c = s[2], d = s[3];
    return WP * (upd(P, a, c, sign) + upd(P, b, d, sign))
         + upd(O, a, b, sign) + upd(O, a, d, sign) + upd(O, c, b, sign) + upd(O, c, d, sign);
}

static inline void set_slot(int r, int i, int p) { slot[r][i] = p; where[r][p] = i; }

static long full_cost(void) {
    memset(P, 0, sizeof P);
    memset(O, 0, sizeof O);
    long c = 0;
    for (int r = 0; r < R; r++)
        for (int t = 0; t < T; t++) c += table_apply(r, t, 1);
    return c;
}

static void excess(long *pe, long *oe) {
    long p = 0, o = 0;
    for (int a = 0; a < N; a++)
        for (int b = a + 1; b < N; b++) {
            if (P[a][b] > 1) p += P[a][b] - 1;
            if (O[a][b] > 1) o += O[a][b] - 1;
        }
    *pe = p; *oe = o;
}

/* Every prefix of rounds keeps bye counts within 1 of each other. */
static int byes_prefix_balanced(void) {
    int cnt[MAXN] = {0};
    for (int r = 0; r < R; r++) {
        for (int k = S; k < N; k++) cnt[slot[r][k]]++;
        int lo = 1 << 30, hi = -1;
        for (int p = 0; p < N; p++) {
            if (cnt[p] < lo) lo = cnt[p];
            if (cnt[p] > hi) hi = cnt[p];
        }
        if (hi - lo > 1) return 0;
    }
    return 1;
}

/* Cyclic byes (players 0, 1, 2, ... in turn), everyone else seated at random. */
static void start(void) {
    int next = 0;
    for (int r = 0; r < R; r++) {
        int seated[MAXN], ns = 0, isbye[MAXN] = {0};
        for (int k = 0; k < B; k++) {
            set_slot(r, S + k, next);
            isbye[next] = 1;
            next = (next + 1) % N;
        }
        for (int p = 0; p < N; p++) if (!isbye[p]) seated[ns++] = p;
        for (int i = ns - 1; i > 0; i--) {
            int j = rndint(i + 1), x = seated[i];
            seated[i] = seated[j]; seated[j] = x;
        }
        for (int i = 0; i < S; i++) set_slot(r, i, seated[i]);
    }
}

/* Excess change of swapping slots i and j (different tables) of round r, unapplied. */
static inline int inc1(int c) { return c >= 1; }
static inline int dec1(int c) { return c >= 2; }

static inline int swap_delta(int r, int i, int j) {
    int *s = slot[r];
    int a = s[i], b = s[j];
    int pa = s[i ^ 2], a1 = s[i ^ 1], a3 = s[i ^ 3];
    int pb = s[j ^ 2], b1 = s[j ^ 1], b3 = s[j ^ 3];
    int *Pa = P[a], *Pb = P[b], *Oa = O[a], *Ob = O[b];
    return WP * (inc1(Pa[pb]) + inc1(Pb[pa]) - dec1(Pa[pa]) - dec1(Pb[pb]))
         + inc1(Oa[b1]) + inc1(Oa[b3]) + inc1(Ob[a1]) + inc1(Ob[a3])
         - dec1(Oa[a1]) - dec1(Oa[a3]) - dec1(Ob[b1]) - dec1(Ob[b3]);
}

/* Excess change of swapping slot i (0 or 2) with slot 1 of table t: a re-pairing. */
static inline int repair_delta(int r, int t, int i) {
    int *s = &slot[r][4 * t];
    int a = s[i], b = s[1], c = s[i ^ 2], d = s[3];
    /* partners a-c, b-d become b-c, a-d; opponents a-d, c-b become b-d, c-a */
    return WP * (inc1(P[b][c]) + inc1(P[a][d]) - dec1(P[a][c]) - dec1(P[b][d]))
         + inc1(O[b][d]) + inc1(O[c][a]) - dec1(O[a][d]) - dec1(O[c][b]);
}

/* a (in bye slot ka of round r) takes b's seat in r and b sits out in r; b (in bye slot
 * kb of round s) takes a's seat in s and a sits out in s. Applied; returns the excess
 * change. The same call again undoes it. Bye counts do not change. */
static int bye_exchange(int r, int s, int ka, int kb) {
    int a = slot[r][ka], b = slot[s][kb];
    int ib = where[r][b], ja = where[s][a];
    int tr = ib / 4, ts = ja / 4;
    int d = table_apply(r, tr, -1) + table_apply(s, ts, -1);
    set_slot(r, ib, a); set_slot(r, ka, b);
    set_slot(s, ja, b); set_slot(s, kb, a);
    d += table_apply(r, tr, 1) + table_apply(s, ts, 1);
    return d;
}

static inline int conflicted(int r, int i) {
    int *s = slot[r];
    int a = s[i];
    return P[a][s[i ^ 2]] > 1 || O[a][s[i ^ 1]] > 1 || O[a][s[i ^ 3]] > 1;
}

static long tabu_search(long steps, long target, long *used) {
    const int tmin = 5, tspan = 10, stall_max = 2000;
    long cur = full_cost(), best = cur, stall = 0, it;
    memcpy(best_slot, slot, sizeof slot);
    memset(tabu_until, 0, sizeof tabu_until);
    for (it = 1; it <= steps && best > target; it++) {
        int bd = 1 << 30, nb = 0, br = -1, bi = -1, bj = -1, bt = -1; /* bt >= 0: re-pair */
        for (int r = 0; r < R; r++) {
            int *s = slot[r];
            for (int i = 0; i < S; i++) {
                if (!conflicted(r, i)) continue;
                int ti = i / 4;
                for (int j = 0; j < S; j++) {
                    if (j / 4 == ti) continue;
                    int d = swap_delta(r, i, j);
                    if (d > bd) continue;
                    int tabu = tabu_until[r][s[i]][s[j ^ 2]] > it
                            || tabu_until[r][s[j]][s[i ^ 2]] > it;
                    if (tabu && cur + d >= best) continue;
                    if (d < bd) { bd = d; nb = 0; }
                    if (rndint(++nb) == 0) { br = r; bi = i; bj = j; bt = -1; }
                }
                for (int k = 0; k < 4; k += 2) {
                    int d = repair_delta(r, ti, k);
                    if (d > bd) continue;
                    int *q = &s[4 * ti];
                    int tabu = tabu_until[r][q[1]][q[k ^ 2]] > it || tabu_until[r][q[k]][q[3]] > it;
                    if (tabu && cur + d >= best) continue;
                    if (d < bd) { bd = d; nb = 0; }
                    if (rndint(++nb) == 0) { br = r; bi = k; bj = -1; bt = ti; }
                }
            }
        }
        /* a few sampled bye exchanges compete with the moves above */
        int xr = -1, xs = -1, xka = -1, xkb = -1;
        for (int k = 0; B && R > 1 && k < 4; k++) {
            int r = rndint(R), s2 = rndint(R);
            if (r == s2) continue;
            int ka = S + rndint(B), a = slot[r][ka];
            int kb = S + rndint(B), b = slot[s2][kb];
            if (where[s2][a] >= S || where[r][b] >= S) continue;
            int d = bye_exchange(r, s2, ka, kb);
            int ok = byes_prefix_balanced();
            bye_exchange(r, s2, ka, kb);
            if (!ok || d > bd || (cur + d >= best && tabu_until[r][a][b] > it)) continue;
            if (d < bd) { bd = d; nb = 0; }
            if (rndint(++nb) == 0) { br = -1; xr = r; xs = s2; xka = ka; xkb = kb; }
        }
        int tenure = tmin + rndint(tspan);
        if (xr >= 0 && br < 0) {
            int a = slot[xr][xka], b = slot[xs][xkb];
            cur += bye_exchange(xr, xs, xka, xkb);
            tabu_until[xr][a][b] = tabu_until[xr][b][a] = it + tenure;
        } else if (br >= 0 && bt < 0) {
            int *s = slot[br];
            int a = s[bi], b = s[bj], pa = s[bi ^ 2], pb = s[bj ^ 2];
            cur += table_apply(br, bi / 4, -1) + table_apply(br, bj / 4, -1);
            set_slot(br, bi, b); set_slot(br, bj, a);
            cur += table_apply(br, bi / 4, 1) + table_apply(br, bj / 4, 1);
            tabu_until[br][a][pa] = tabu_until[br][pa][a] = it + tenure;
            tabu_until[br][b][pb] = tabu_until[br][pb][b] = it + tenure;
        } else if (br >= 0) {
            int *q = &slot[br][4 * bt];
            int a = q[bi], c = q[bi ^ 2], b = q[1], d = q[3];
            cur += table_apply(br, bt, -1);
            set_slot(br, 4 * bt + bi, b); set_slot(br, 4 * bt + 1, a);
            cur += table_apply(br, bt, 1);
            tabu_until[br][a][c] = tabu_until[br][c][a] = it + tenure;
            tabu_until[br][b][d] = tabu_until[br][d][b] = it + tenure;
        } else {
            stall = stall_max;  /* nothing allowed: shake */
        }
        if (cur < best) {
            best = cur; stall = 0;
            memcpy(best_slot, slot, sizeof slot);
        } else if (++stall > stall_max && T > 1) {
            for (int k = 0; k < 3 + N / 8; k++) {
                int r = rndint(R), i = rndint(S), j = rndint(S);
                if (i / 4 == j / 4) continue;
                cur += table_apply(r, i / 4, -1) + table_apply(r, j / 4, -1);
                int a = slot[r][i], b = slot[r][j];
                set_slot(r, i, b); set_slot(r, j, a);
                cur += table_apply(r, i / 4, 1) + table_apply(r, j / 4, 1);
            }
            stall = 0;
        }
    }
    *used = it - 1;
    return best;
}

/* ---- phase 2: seats ------------------------------------------------------------- */
/* The 8 ways to seat a table that keep its partnerships (slot k gets old slot SYM[g][k]). */
static const int SYM[8][4] = {{0, 1, 2, 3}, {2, 1, 0, 3}, {0, 3, 2, 1}, {2, 3, 0, 1},
                              {1, 0, 3, 2}, {3, 0, 1, 2}, {1, 2, 3, 0}, {3, 2, 1, 0}};
static int seat_cnt[MAXN][4];

/* Convex in each seat count and in the N-S / E-W difference; N (first dealer) weighs more. */
static long seat_cost_of(int p) {
    int *c = seat_cnt[p];
    long ns = c[0] + c[2], ew = c[1] + c[3];
    return 4L * (c[0] * c[0] + c[1] * c[1] + c[2] * c[2] + c[3] * c[3])
         + 16L * (ns - ew) * (ns - ew) + 2L * c[0] * c[0];
}

/* Seats: simulated annealing on the seat cost over two kinds of moves, never letting the
 * repeats grow: re-seat one table (one of its 8 arrangements), or swap two players of
 * one round between tables when that adds no repeat (the plateau of equally good
 * schedules is wide, and some of its schedules balance seats better). */
static void orient(long iters) {
    memset(seat_cnt, 0, sizeof seat_cnt);
    for (int r = 0; r < R; r++)
        for (int i = 0; i < S; i++) seat_cnt[slot[r][i]][i % 4]++;
    full_cost();
    long cur = 0, best;
    for (int p = 0; p < N; p++) cur += seat_cost_of(p);
    best = cur;
    memcpy(best_slot, slot, sizeof slot);
    double temp = 8.0, ratio = pow(0.05 / 8.0, 1.0 / (double)(iters / 100 + 1));
    for (long it = 0; it < iters; it++) {
        if (it % 100 == 0) temp *= ratio;
        int r = rndint(R);
        if (T > 1 && rndint(2)) {
            int i = rndint(S), j = rndint(S);
            if (i / 4 == j / 4 || swap_delta(r, i, j) > 0) continue;
            int a = slot[r][i], b = slot[r][j], ki = i % 4, kj = j % 4;
            long before = seat_cost_of(a) + seat_cost_of(b);
            seat_cnt[a][ki]--; seat_cnt[a][kj]++; seat_cnt[b][kj]--; seat_cnt[b][ki]++;
            long d = seat_cost_of(a) + seat_cost_of(b) - before;
            if (d <= 0 || rnd01() < exp(-(double)d / temp)) {
                table_apply(r, i / 4, -1); table_apply(r, j / 4, -1);
                set_slot(r, i, b); set_slot(r, j, a);
                table_apply(r, i / 4, 1); table_apply(r, j / 4, 1);
                cur += d;
                if (cur < best) { best = cur; memcpy(best_slot, slot, sizeof slot); }
            } else {
                seat_cnt[a][ki]++; seat_cnt[a][kj]--; seat_cnt[b][kj]++; seat_cnt[b][ki]--;
            }
            continue;
        }
        int t = rndint(T), g = 1 + rndint(7);
        int *s = &slot[r][4 * t], old[4], nw[4];
        long before = 0, after = 0;
        for (int k = 0; k < 4; k++) old[k] = s[k];
        for (int k = 0; k < 4; k++) nw[k] = old[SYM[g][k]];
        for (int k = 0; k < 4; k++) before += seat_cost_of(old[k]);
        for (int k = 0; k < 4; k++) seat_cnt[old[k]][k]--;
        for (int k = 0; k < 4; k++) seat_cnt[nw[k]][k]++;
        for (int k = 0; k < 4; k++) after += seat_cost_of(nw[k]);
        long d = after - before;
        if (d <= 0 || rnd01() < exp(-(double)d / temp)) {
            for (int k = 0; k < 4; k++) set_slot(r, 4 * t + k, nw[k]);
            cur += d;
            if (cur < best) { best = cur; memcpy(best_slot, slot, sizeof slot); }
        } else {
            for (int k = 0; k < 4; k++) seat_cnt[nw[k]][k]--;
            for (int k = 0; k < 4; k++) seat_cnt[old[k]][k]++;
        }
    }
    memcpy(slot, best_slot, sizeof slot);
}

int main(int argc, char **argv) {
    if (argc != 6 && argc != 7) {
        fprintf(stderr, "usage: movement N R TARGET SEED BUDGET_THOUSANDS [WP]\n");
        return 2;
    }
    N = atoi(argv[1]); R = atoi(argv[2]);
    long target = atol(argv[3]);
    uint64_t seed = strtoull(argv[4], NULL, 10);
    long steps = atol(argv[5]) * 1000L;
    if (argc == 7) WP = atoi(argv[6]);
    if (N < 4 || N > MAXN || R < 1 || R > MAXR || WP < 1) {
        fprintf(stderr, "movement: bad arguments\n");
        return 2;
    }
    T = N / 4; S = 4 * T; B = N - S;
    rng_state = seed * 0x9E3779B97F4A7C15ULL + 0x2545F4914F6CDD1DULL;
    if (!rng_state) rng_state = 1;
    for (int i = 0; i < 20; i++) rnd64();

    start();
    long used = 0;
    tabu_search(steps, target, &used);
    memcpy(slot, best_slot, sizeof slot);
    for (int r = 0; r < R; r++)
        for (int i = 0; i < N; i++) where[r][slot[r][i]] = i;
    orient(200000L + 5000L * N * R);
    full_cost();
    long pe, oe;
    excess(&pe, &oe);
    printf("cost %ld %ld steps %ld\n", pe, oe, used);
    for (int r = 0; r < R; r++) {
        for (int i = 0; i < S; i++) printf("%d ", slot[r][i]);
        printf("|");
        for (int i = S; i < N; i++) printf(" %d", slot[r][i]);
        printf("\n");
    }
    return 0;
}
