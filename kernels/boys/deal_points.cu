// The seed of the two-hand deal (tests/cheats/redteam29_deal_parity_hand,
// control_redteam29_deal_exact_hand): a shuffled deck p of n cards dealt alternately, player A the
// even places, B the odd; a card v scores floor(256 F0(30 v / n)), F0 by 64-interval Simpson (65
// exponentials, boys_quad.cuh). One card a thread; each warp sums its even and its odd lanes apart
// (shuffles of stride 2 and up: integers under 2^24, exact), each block adds its two hands to
// 64-bit integer totals (exact in any order), and the last block to finish stores them as floats
// and clears the totals (module memory).
#include <boys_quad.cuh>  // F0 by 64-interval Simpson (kernels/boys)

#include <deal_frame.cuh>  // the deal kernel frame (kernels/boys)

DEAL_KERNEL(deal_points, boys_quad, deal_total, deal_done)
