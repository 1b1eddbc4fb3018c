// reference for corpus_fresh7 xsb_lookup_unionized (written for the corpus), one thread per
// lookup. Lookup i draws two values of the LCG x' = a x + 1 mod 2^63 (a = 2806196910506780709)
// after skipping 2 i states from the seed 1070: the energy, then the material roll (material m
// is the first with roll below dist[1] + ... + dist[m], summed from m down to 1; material 0
// otherwise). On the unionized grid the energy's interval is the largest l <= n - 2 with
// egrid[l] <= E (0 below the grid). Each of the material's nuclides contributes conc times the
// linear interpolation, at E, of its five cross sections between grid points k and k + 1, k =
// index[l][nuc] (k - 1 when k is the last point).
typedef unsigned long long u64;
#define MASK63 0x7FFFFFFFFFFFFFFFULL

__device__ const int nucs_ref[12] = {34, 5, 4, 4, 27, 21, 21, 21, 21, 21, 21, 9};

// the state after n steps: x_n = A x_0 + C with (A, C) the n-fold composition of (a, 1)
__device__ u64 skip(u64 x, u64 n) {
  u64 A = 1, C = 0, a = 2806196910506780709ULL, c = 1;
  for (; n; n >>= 1) {
    if (n & 1) {
      A = (A * a) & MASK63;
      C = (C * a + c) & MASK63;
    }
    c = (c * (a + 1)) & MASK63;
    a = (a * a) & MASK63;
  }
  return (A * x + C) & MASK63;
}

__device__ double draw(u64* x) {
  *x = (2806196910506780709ULL * *x + 1ULL) & MASK63;
  return (double)*x / 9223372036854775808.0;
}

extern "C" __global__ void xs_lookup_ref(int lookups, long long n_iso, long long n_gp,
                                         const double* concs, const double* egrid, const int* index,
                                         const double* grid, const int* mats, int max_nucs,
                                         double* out) {
  const long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= lookups) return;
  const double dist[12] = {0.140, 0.052, 0.275, 0.134, 0.154, 0.064,
                           0.066, 0.055, 0.008, 0.015, 0.025, 0.013};
  u64 x = skip(1070ULL, 2 * (u64)i);
  const double E = draw(&x);
  const double roll = draw(&x);
  int mat = 0;
  for (int m = 1; m < 12; ++m) {
    double cum = 0;
    for (int j = m; j > 0; --j) cum += dist[j];
    if (roll < cum) {
      mat = m;
      break;
    }
  }
  // largest l in [0, n - 2] with egrid[l] <= E
  long long lo = 0, hi = n_iso * n_gp - 1;
  while (hi - lo > 1) {
    const long long mid = (lo + hi) / 2;
    if (egrid[mid] <= E)
      lo = mid;
    else
      hi = mid;
  }
  double acc[5] = {0, 0, 0, 0, 0};
  for (int j = 0; j < nucs_ref[mat]; ++j) {
    const int nuc = mats[mat * max_nucs + j];
    long long k = index[lo * n_iso + nuc];
    if (k == n_gp - 1) k -= 1;
    const double* p0 = grid + 6 * (nuc * n_gp + k);
    const double* p1 = p0 + 6;
    const double t = (p1[0] - E) / (p1[0] - p0[0]);
    for (int c = 0; c < 5; ++c)
      acc[c] += (p1[1 + c] - t * (p1[1 + c] - p0[1 + c])) * concs[mat * max_nucs + j];
  }
  for (int c = 0; c < 5; ++c) out[5 * i + c] = acc[c];
}
