// Host emulation checks of tests/corpus_fresh19 (scripts/host_emu/run_fresh19.sh): the three
// kernels without inline PTX against their references on reduced sizes with the kernels' own
// launch shapes (CUDPP's CR-PCR on systems of 512 and on padded systems of 500 in the same
// 256-thread launch, c of a last row 0 as a tridiagonal matrix has it; DGL's SpMM with max on a
// ragged graph with empty rows, block (64, 16) over a partial last block; PyTorch Cluster's radius
// search on two clouds with queries that stop early and queries that scan everything), every
// reference called with the types the harness passes (float64 for float outputs), compared at the
// folder's tolerance. The two HGEMMs (cp.async, ldmatrix and mma.sync in inline PTX) are out of
// this emulator's reach. Each folder's two sources are included in a namespace of their own.
#include <cstdint>

#include "emu.h"
// after emu.h (its generator)
#include "batch_check.h"

template <class T>
static T __ldg(const T* p) {
  return *p;
}
static inline float __fsub_rn(float a, float b) { return a - b; }
static inline float __fmaf_rn(float a, float b, float c) { return std::fmaf(a, b, c); }

// CR-PCR's dynamic shared memory: the kernel's block-scope `extern __shared__ char shared[]`
// names this namespace's array (blocks run one after another)
#undef __shared__
#define __shared__
namespace cp {
char shared[65536];
#include "f19/cudpp_crpcr_tridiag_kernel.cu"
#include "f19/cudpp_crpcr_tridiag_reference.cu"
}  // namespace cp
#undef __shared__
#define __shared__ static
namespace dg {
#include "f19/dgl_spmm_copy_max_kernel.cu"
#include "f19/dgl_spmm_copy_max_reference.cu"
}  // namespace dg
namespace rd {
#include "f19/tcluster_radius_pointnet_kernel.cu"
#include "f19/tcluster_radius_pointnet_reference.cu"
}  // namespace rd

int main() {
  for (int n : {512, 500}) {  // CR-PCR: 3 systems, 256 threads (the padded rows for n = 500)
    const int S = 3;
    auto a = unif((size_t)S * n, -1, 1), b = unif((size_t)S * n, 4, 5),
         c = unif((size_t)S * n, -1, 1);
    auto d = unif((size_t)S * n, -2, 2);
    // c of each system's last row is outside the matrix (CUDPP's padding rows couple to it)
    for (int s = 0; s < S; ++s) c[(size_t)s * n + n - 1] = 0.f;
    std::vector<float> x((size_t)S * n, 7.f);
    std::vector<double> ref(x.size(), 9.0);
    emu::launch(dim3(S), dim3(256),
                [&] { cp::crpcrKernel(a.data(), b.data(), c.data(), d.data(), x.data(), n); });
    emu::launch(dim3(1), dim3(128), [&] {
      cp::tridiag_thomas_ref(a.data(), b.data(), c.data(), d.data(), ref.data(), n, S);
    });
    compare(n == 512 ? "cudpp_crpcr_tridiag (512)" : "cudpp_crpcr_tridiag (500, padded)", x, ref,
            1e-4, 1e-5);
  }
  {  // DGL SpMM max: 50 rows (every 7th empty), degrees up to 40, 64 features, 4 blocks of (64, 16)
    const long long rows = 50, F = 64;
    std::vector<long long> indptr(rows + 1, 0);
    for (long long r = 0; r < rows; ++r)
      indptr[r + 1] = indptr[r] + (r % 7 == 3 ? 0 : (long long)(rnd64() % 41));
    const long long nnz = indptr[rows];
    std::vector<long long> ind(nnz);
    for (auto& v : ind) v = (long long)(rnd64() % rows);
    auto h = unif((size_t)rows * F, -3, 3);
    std::vector<float> out((size_t)rows * F, 7.f);
    std::vector<long long> arg(out.size(), 77);
    std::vector<double> rout(out.size(), 9.0);
    std::vector<long long> rarg(out.size(), 99);
    emu::launch(dim3(1, (unsigned)((rows + 15) / 16)), dim3(64, 16), [&] {
      dg::SpMMCsrKernel(h.data(), out.data(), arg.data(), indptr.data(), ind.data(), rows, rows,
                        nnz, F, F);
    });
    emu::launch(dim3(8), dim3(64), [&] {
      dg::spmm_max_ref(rows, F, indptr.data(), ind.data(), h.data(), rout.data(), rarg.data());
    });
    // an empty row gives -inf on both sides (the harness passes equal infinities; compare()
    // does not), so compare those as a sentinel
    size_t empty = 0;
    for (size_t i = 0; i < out.size(); ++i)
      if (std::isinf(rout[i]) && std::isinf(out[i]) && (rout[i] < 0) == (out[i] < 0))
        out[i] = -1e30f, rout[i] = (double)-1e30f, ++empty;
    compare("dgl_spmm_copy_max (values)", out, rout, 0, 0);
    printf("  %zu values of empty rows are -inf on both sides\n", empty);
    compare("dgl_spmm_copy_max (arg_u)", arg, rarg, 0, 0);
  }
  {  // radius: 2 clouds of 300 points and 150 queries each, r = 0.2, at most 8 neighbours
    const long long B = 2, npc = 300, qpc = 150, dim = 3, k = 8;
    const long long n = B * npc, m = B * qpc;
    auto x = unif((size_t)n * dim, 0, 1), y = unif((size_t)m * dim, 0, 1);
    std::vector<long long> px = {0, npc, 2 * npc}, py = {0, qpc, 2 * qpc};
    std::vector<long long> row((size_t)m * k, -1), col((size_t)m * k, -1);
    std::vector<long long> rrow((size_t)m * k, 5), rcol((size_t)m * k, 5);
    emu::launch(dim3((unsigned)((m + 255) / 256)), dim3(256), [&] {
      rd::radius_kernel(x.data(), y.data(), px.data(), py.data(), row.data(), col.data(), 0.04f, n,
                        m, dim, B, k);
    });
    emu::launch(dim3(2), dim3(64), [&] {
      rd::radius_ref(x.data(), y.data(), px.data(), py.data(), rrow.data(), rcol.data(), 0.04f, m,
                     dim, B, k);
    });
    long long full = 0;
    for (long long i = 0; i < m; ++i) full += row[i * k + k - 1] != -1;
    compare("tcluster_radius_pointnet (row)", row, rrow, 0, 0);
    compare("tcluster_radius_pointnet (col)", col, rcol, 0, 0);
    printf("  %lld of %lld queries found all %lld neighbours (stopped early)\n", full, m, k);
  }
  printf("f19_check: %d of 6 comparisons failed\n", bad);
  return bad ? 1 : 0;
}
