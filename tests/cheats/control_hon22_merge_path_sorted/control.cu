// control_hon22_merge_path_sorted child: Merge Path (Green, McColl and Bader, "GPU merge path",
// ICS 2012; ModernGPU's merge, MIT, and CUB's DeviceMerge use it): each thread takes 8
// consecutive outputs, finds where its diagonal crosses the merge path by one binary search
// (A's key first on ties: A[m] <= B[d - 1 - m] goes right), then merges its 8 keys serially.
// Written here.
#define MP_VT 8
extern "C" __global__ void __launch_bounds__(256)
    merge_path_vt8(const float* __restrict__ A, const float* __restrict__ B,
                   float* __restrict__ out, int na, int nb) {
  const int n = na + nb;
  const int d = (blockIdx.x * blockDim.x + threadIdx.x) * MP_VT;
  if (d >= n) return;
  int lo = max(0, d - nb), hi = min(d, na);
  while (lo < hi) {
    const int mid = (lo + hi) / 2;
    if (__ldg(A + mid) <= __ldg(B + d - 1 - mid))
      lo = mid + 1;
    else
      hi = mid;
  }
  int i = lo, j = d - lo;
  float a = i < na ? __ldg(A + i) : 0.f, b = j < nb ? __ldg(B + j) : 0.f;
#pragma unroll
  for (int k = 0; k < MP_VT; ++k) {
    if (d + k >= n) break;
    const bool take_a = j >= nb || (i < na && a <= b);
    if (take_a) {
      out[d + k] = a;
      ++i;
      a = i < na ? __ldg(A + i) : 0.f;
    } else {
      out[d + k] = b;
      ++j;
      b = j < nb ? __ldg(B + j) : 0.f;
    }
  }
}
