// corpus_fresh7: xsb_lookup_unionized -- ANL-CESAR/XSBench, cuda/Simulation.cu:
// xs_lookup_kernel_baseline with the unionized energy grid (XSBench's default grid type), the
// macroscopic cross-section lookup of Monte Carlo neutron transport. Rewritten for the problem
// format (see README.md): each thread samples an energy and a material with XSBench's LCG, finds
// the energy on the unionized grid by binary search, then for every nuclide of the material
// reads its grid index, interpolates five cross sections between two grid points and adds them,
// weighted by the nuclide's concentration. The five sums are written out.
typedef unsigned long long u64;

struct NuclideGridPoint {
  double energy, total_xs, elastic_xs, absorbtion_xs, fission_xs, nu_fission_xs;
};

#define STARTING_SEED 1070ULL
// the number of nuclides in each of the 12 materials of XSBench's "small" problem
__device__ const int num_nucs_small[12] = {34, 5, 4, 4, 27, 21, 21, 21, 21, 21, 21, 9};

__device__ double LCG_random_double(u64* seed) {
  const u64 m = 9223372036854775808ULL;  // 2^63
  const u64 a = 2806196910506780709ULL;
  const u64 c = 1ULL;
  *seed = (a * (*seed) + c) % m;
  return (double)(*seed) / (double)m;
}

__device__ u64 fast_forward_LCG(u64 seed, u64 n) {
  const u64 m = 9223372036854775808ULL;
  u64 a = 2806196910506780709ULL;
  u64 c = 1ULL;
  n = n % m;
  u64 a_new = 1, c_new = 0;
  while (n > 0) {
    if (n & 1) {
      a_new *= a;
      c_new = c_new * a + c;
    }
    c *= (a + 1);
    a *= a;
    n >>= 1;
  }
  return (a_new * seed + c_new) % m;
}

__device__ int pick_mat(u64* seed) {
  double dist[12] = {0.140, 0.052, 0.275, 0.134, 0.154, 0.064,
                     0.066, 0.055, 0.008, 0.015, 0.025, 0.013};
  double roll = LCG_random_double(seed);
  for (int i = 0; i < 12; i++) {
    double running = 0;
    for (int j = i; j > 0; j--) running += dist[j];
    if (roll < running) return i;
  }
  return 0;
}

__device__ long grid_search(long n, double quarry, const double* __restrict__ A) {
  long lowerLimit = 0, upperLimit = n - 1, examinationPoint;
  long length = upperLimit - lowerLimit;
  while (length > 1) {
    examinationPoint = lowerLimit + (length / 2);
    if (A[examinationPoint] > quarry)
      upperLimit = examinationPoint;
    else
      lowerLimit = examinationPoint;
    length = upperLimit - lowerLimit;
  }
  return lowerLimit;
}

__device__ void calculate_micro_xs(double p_energy, int nuc, long n_isotopes, long n_gridpoints,
                                   const int* __restrict__ index_data,
                                   const NuclideGridPoint* __restrict__ nuclide_grids, long idx,
                                   double* __restrict__ xs_vector) {
  const NuclideGridPoint *low, *high;
  if (index_data[idx * n_isotopes + nuc] == n_gridpoints - 1)
    low = &nuclide_grids[nuc * n_gridpoints + index_data[idx * n_isotopes + nuc] - 1];
  else
    low = &nuclide_grids[nuc * n_gridpoints + index_data[idx * n_isotopes + nuc]];
  high = low + 1;
  double f = (high->energy - p_energy) / (high->energy - low->energy);
  xs_vector[0] = high->total_xs - f * (high->total_xs - low->total_xs);
  xs_vector[1] = high->elastic_xs - f * (high->elastic_xs - low->elastic_xs);
  xs_vector[2] = high->absorbtion_xs - f * (high->absorbtion_xs - low->absorbtion_xs);
  xs_vector[3] = high->fission_xs - f * (high->fission_xs - low->fission_xs);
  xs_vector[4] = high->nu_fission_xs - f * (high->nu_fission_xs - low->nu_fission_xs);
}

extern "C" __global__ void xs_lookup_kernel_baseline(
    int lookups, long n_isotopes, long n_gridpoints, const double* __restrict__ concs,
    const double* __restrict__ egrid, const int* __restrict__ index_data,
    const double* __restrict__ grid_raw, const int* __restrict__ mats, int max_num_nucs,
    double* __restrict__ macro_out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= lookups) return;
  const NuclideGridPoint* nuclide_grids = reinterpret_cast<const NuclideGridPoint*>(grid_raw);
  u64 seed = STARTING_SEED;
  seed = fast_forward_LCG(seed, 2 * i);
  double p_energy = LCG_random_double(&seed);
  int mat = pick_mat(&seed);
  double macro_xs_vector[5] = {0, 0, 0, 0, 0};
  // calculate_macro_xs with grid_type == UNIONIZED: one search on the unionized grid
  long idx = grid_search(n_isotopes * n_gridpoints, p_energy, egrid);
  for (int j = 0; j < num_nucs_small[mat]; j++) {
    double xs_vector[5];
    int p_nuc = mats[mat * max_num_nucs + j];
    double conc = concs[mat * max_num_nucs + j];
    calculate_micro_xs(p_energy, p_nuc, n_isotopes, n_gridpoints, index_data, nuclide_grids, idx,
                       xs_vector);
    for (int k = 0; k < 5; k++) macro_xs_vector[k] += xs_vector[k] * conc;
  }
  for (int k = 0; k < 5; k++) macro_out[5 * (long)i + k] = macro_xs_vector[k];
}
