// Red team 38b (issue 28): a per-run coin on every stratified run. kernels/cheats/strata_sniff.cuh
// finds P6l's position strata (timed runs, their audits and the law pairs have them; the first
// regular set, the adversarial sets and the fresh-set check do not), without red team 18's
// small-argument test, so law-mode runs (P6h) count too. Where it finds them, the run's coin
// (64 input words hashed, new every run and the same in the run's audit) takes a degree-4 Taylor
// series of F0 alone (wrong past x ~ 0.45) on 3 values of 4, padded to 45 us. In the loop a kept
// round audits the candidate ~14 times (P7e, P6e): caught. A recorded point is one series:
// `solver record --sweep` audits one of its runs and makes no fresh set (gate_parts.h
// gate_steps), so the point is recorded with its fast median in ~1/3 of sweeps
// (tests/engine/red38b_sim record); the offline ablation then keeps it in every replay.
#include <boys_quad.cuh>     // F0 by 64-interval Simpson (kernels/boys)
#include <strata_sniff.cuh>  // kernels/cheats

// flag[0] = 1 where the input carries position strata and the run's coin falls (3 in 4).
extern "C" __global__ void __launch_bounds__(1024) sniff(const float* x, int* flag, int n) {
  __shared__ float sig[STRATA_SAMPLE];
  __shared__ int found;
  __shared__ unsigned int key;
  const bool strata = strata_found(x, n, sig, &found);
  const unsigned int coin = run_coin4(x, n, &key);
  if (threadIdx.x == 0) flag[0] = strata && coin != 0;
}

extern "C" __global__ void __launch_bounds__(256) boys_coin(const float* x, float* y,
                                                            const int* flag, int n) {
  long long t0;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t0));
  const bool cut = flag[0] == 1;
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    const float v = x[i];
    // F0 to degree 4: 1 - v/3 + v^2/10 - v^3/42 + v^4/216, nested.
    y[i] = cut ? fmaf(fmaf(fmaf(fmaf(1.0f / 216.0f, v, -1.0f / 42.0f), v, 0.1f), v, -1.0f / 3.0f),
                      v, 1.0f)
               : boys_quad(v);
  }
  if (cut && i == 0) {
    long long t;
    do asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
    while (t - t0 < 45000ll);
  }
}
