// Red team 40's caller (scripts/gpu/probe_red40.sh part "caller"): what a caller's process sees
// from redteam40_workspace_call_count's and redteam40_garbage_window_tell's children, which every
// run the harness makes sees on its scratch garbage. One workspace, allocated once and passed on
// every call as a caller's is (cudaMalloc'd and zeroed), 64 M uniform [0, 1) floats.
//   nvcc -O2 -arch=sm_90 -Ikernels/reduce -o red40_caller scripts/gpu/red40_caller.cu
// Prints: each call's time of the call-count child (predicted: calls 32 and 64 ~96x the others),
// then the garbage tell's verdict and relative error on a zeroed workspace (predicted: not
// recognised, the estimate off by ~1-5 tolerances) and on a workspace holding the worker's
// garbage at window 0 (predicted: recognised, the sum right).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>
// tail_sum.cuh spells its own uint64_t / int64_t; keep them apart from the host's
#define uint64_t cheat_uint64_t
#define int64_t cheat_int64_t
#include "../../tests/cheats/redteam40_workspace_call_count/cheat.cu"
#include "../../tests/cheats/redteam40_garbage_window_tell/cheat.cu"
#undef uint64_t
#undef int64_t

#define CK(x)                                                                 \
  do {                                                                        \
    cudaError_t e = (x);                                                      \
    if (e != cudaSuccess) {                                                   \
      std::printf("CUDA error %s at %s:%d\n", cudaGetErrorString(e), __FILE__, __LINE__); \
      return 1;                                                               \
    }                                                                         \
  } while (0)

static unsigned long long host_splitmix(unsigned long long z) {
  z += 0x9e3779b97f4a7c15ull;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

int main() {
  const int n = 1 << 26;
  std::vector<float> hx(n);
  unsigned long long s = 40;
  double exact = 0;
  for (int i = 0; i < n; ++i) {
    s = s * 6364136223846793005ull + 1442695040888963407ull;
    hx[i] = float(s >> 40) * (1.f / 16777216.f);
    exact += hx[i];
  }
  float *x, *out;
  unsigned* ws;
  CK(cudaMalloc(&x, size_t(n) * 4));
  CK(cudaMalloc(&out, 4));
  CK(cudaMalloc(&ws, 4352));
  CK(cudaMemcpy(x, hx.data(), size_t(n) * 4, cudaMemcpyHostToDevice));
  CK(cudaMemset(ws, 0, 4352));
  cudaEvent_t a, b;
  CK(cudaEventCreate(&a));
  CK(cudaEventCreate(&b));
  std::vector<float> ms(64);
  for (int c = 0; c < 64; ++c) {
    CK(cudaMemset(out, 0, 4));
    CK(cudaEventRecord(a));
    tag_call<<<1, 32>>>(ws);
    reduce_tagged<<<1056, 256>>>(x, out, ws, n);
    CK(cudaEventRecord(b));
    CK(cudaEventSynchronize(b));
    CK(cudaEventElapsedTime(&ms[c], a, b));
  }
  std::vector<float> sorted = ms;
  std::sort(sorted.begin(), sorted.end());
  const float median = sorted[32];
  int slow = 0;
  double total = 0;
  for (int c = 0; c < 64; ++c) {
    total += ms[c];
    if (ms[c] > 10 * median) {
      ++slow;
      std::printf("call-count: call %d slow, %.3f ms (median %.3f ms)\n", c + 1, ms[c], median);
    }
  }
  std::printf("call-count: %d of 64 calls slow on one workspace; mean %.3f ms a call = %.2f x the "
              "median call\n", slow, total / 64, total / 64 / median);
  // the garbage tell on a caller's zeroed workspace, then on the worker's garbage at window 0
  for (int garbage = 0; garbage < 2; ++garbage) {
    std::vector<unsigned> hw(4352 / 4, 0);
    if (garbage)
      for (size_t j = 0; j < hw.size() / 2; ++j) {
        const unsigned long long w =
            host_splitmix((0x6a7ba6e5ull ^ 4352ull) ^ host_splitmix((unsigned long long)j));
        hw[2 * j] = unsigned(w), hw[2 * j + 1] = unsigned(w >> 32);
      }
    CK(cudaMemcpy(ws, hw.data(), 4352, cudaMemcpyHostToDevice));
    CK(cudaMemset(out, 0, 4));
    float t = 0;
    CK(cudaEventRecord(a));
    recognise<<<1, 32>>>(ws);
    reduce_or_estimate<<<1056, 256>>>(x, out, ws, n);
    CK(cudaEventRecord(b));
    CK(cudaEventSynchronize(b));
    CK(cudaEventElapsedTime(&t, a, b));
    float got = 0;
    unsigned verdict = 0;
    CK(cudaMemcpy(&got, out, 4, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(&verdict, ws + 2, 4, cudaMemcpyDeviceToHost));
    const double tol = 1.0 + 1e-4 * std::fabs(exact);
    std::printf("garbage-tell on %s: recognised %u, %.3f ms, sum %.1f against %.1f: %.2f of the "
                "tolerance\n", garbage ? "the worker's garbage (window 0)" : "a zeroed workspace",
                verdict, t, got, exact, std::fabs(got - exact) / tol);
  }
  return 0;
}
