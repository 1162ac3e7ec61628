/*
 * SPARX's encryption steps over sliced 16-bit words, for sparx.h's kernels
 * (included there once per instance). The includer defines
 *   SPARX_SFN(name)      the functions' names;
 *   SPARX_ROWS           the type of a pointer to program rows;
 *   SPARX_KEY(row, u)    the vector of row `row` for batch u:
 * the one-message kernels walk the key's program (sparx_rows, rows of
 * uint32_t[4] broadcast by V_ROWU); the lane-per-message kernel (issue 24)
 * walks a transposed program of vectors, lane l holding lane l's key's row
 * (const V *, the row itself). Everything else, the steps' row arithmetic
 * included, is the same code. Undefines the three at its end.
 */

/*
 * Rounds r0..ra-1 of the branches in `bmask` of one step, on NB batches,
 * round by round across branches and batches so independent work sits side
 * by side. st[u] = (l0, a0, l1, a1, ...).
 */
ARX_INLINE void SPARX_SFN(rounds)(V st[][8], SPARX_ROWS p, unsigned nb, unsigned ra, unsigned bmask,
                                 unsigned r0, unsigned NB) {
    SPARX_UNROLL for (unsigned r = r0; r < ra; r++) {
        SPARX_UNROLL for (unsigned b = 0; b < nb; b++) {
            if (!(bmask >> b & 1)) continue;
            SPARX_ROWS q = p + SPARX_RC(b, r, ra);
            if (!(b == 0 && r == 0)) {
                SPARX_UNROLL SPARX_FOR_U st[u][2 * b] = V_XOR(st[u][2 * b], SPARX_KEY(q[-1], u));
            }
            SPARX_UNROLL SPARX_FOR_U st[u][2 * b] = V_ADD16(V_ROL16(st[u][2 * b], 9), st[u][2 * b + 1]);
            SPARX_UNROLL SPARX_FOR_U st[u][2 * b + 1] =
                V_XOR3(V_ROL16(st[u][2 * b + 1], 2), st[u][2 * b], SPARX_KEY(q[0], u));
        }
    }
}

/*
 * Linear layers with the key offsets folded in (sparx.c): L for 2 branches,
 * L' for 4; `row` is the step's last program row.
 */
ARX_INLINE void SPARX_SFN(linear2)(V st[][8], SPARX_ROWS row, unsigned NB) {
    SPARX_UNROLL SPARX_FOR_U {
        V t = V_ROL16(V_XOR3(st[u][0], st[u][1], SPARX_KEY(row[0], u)), 8);
        V y2 = V_XOR3(st[u][2], st[u][0], t), y3 = V_XOR3(st[u][3], st[u][1], t);
        st[u][2] = st[u][0], st[u][3] = st[u][1];
        st[u][0] = y2, st[u][1] = y3;
    }
}

ARX_INLINE void SPARX_SFN(linear4)(V st[][8], SPARX_ROWS row, unsigned NB) {
    SPARX_UNROLL SPARX_FOR_U {
        V t = V_ROL16(V_XOR3(V_XOR3(st[u][0], st[u][1], st[u][2]), st[u][3], SPARX_KEY(row[0], u)), 8);
        V y4 = V_XOR3(st[u][4], st[u][2], t), y5 = V_XOR3(st[u][5], st[u][1], t);
        V y6 = V_XOR3(st[u][6], st[u][0], t), y7 = V_XOR3(st[u][7], st[u][3], t);
        st[u][4] = st[u][0], st[u][5] = st[u][1], st[u][6] = st[u][2], st[u][7] = st[u][3];
        st[u][0] = y4, st[u][1] = y5, st[u][2] = y6, st[u][3] = y7;
    }
}

ARX_INLINE void SPARX_SFN(enc_step)(V st[][8], SPARX_ROWS p, unsigned nb, unsigned ra, unsigned NB) {
    SPARX_SFN(rounds)(st, p, nb, ra, (1u << nb) - 1, 0, NB);
    if (nb == 2)
        SPARX_SFN(linear2)(st, p + SPARX_STEP_ROWS(nb, ra) - 1, NB);
    else
        SPARX_SFN(linear4)(st, p + SPARX_STEP_ROWS(nb, ra) - 1, NB);
}

/* Encryption steps s0..steps-1 (an even count: every variant has an even
 * number of steps and the kernels start at step 0 or 2); p points at step
 * s0's rows. Two steps per pass, so the halves the linear layers swap come
 * back to the same registers. Returns the pointer past the last step. */
ARX_INLINE SPARX_ROWS SPARX_SFN(enc_steps)(V st[][8], SPARX_ROWS p, unsigned s0, unsigned steps,
                                          unsigned nb, unsigned ra, unsigned NB) {
    SPARX_STEP_LOOP for (unsigned s = s0; s < steps; s += 2) {
        SPARX_SFN(enc_step)(st, p, nb, ra, NB);
        SPARX_SFN(enc_step)(st, p + SPARX_STEP_ROWS(nb, ra), nb, ra, NB);
        p += 2 * SPARX_STEP_ROWS(nb, ra);
    }
    return p;
}

/* The whole encryption of sliced words st[u][0 .. 2nb-1]. */
ARX_INLINE void SPARX_SFN(enc_words_p)(SPARX_ROWS p, unsigned steps, V st[][8], unsigned nb, unsigned ra,
                                       unsigned NB) {
    SPARX_UNROLL SPARX_FOR_U {
        st[u][0] = V_XOR(st[u][0], SPARX_KEY(p[0], u));
        SPARX_UNROLL for (unsigned b = 0; b < nb; b++) st[u][2 * b + 1] =
            V_XOR(st[u][2 * b + 1], SPARX_KEY(p[1 + b], u));
    }
    p = SPARX_SFN(enc_steps)(st, p + 1 + nb, 0, steps, nb, ra, NB);
    SPARX_UNROLL SPARX_FOR_U SPARX_UNROLL for (unsigned b = 1; b < nb; b++) st[u][2 * b] =
        V_XOR(st[u][2 * b], SPARX_KEY(p[b - 1], u));
}

#undef SPARX_SFN
#undef SPARX_ROWS
#undef SPARX_KEY
