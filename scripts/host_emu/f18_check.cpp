// Host emulation checks of tests/corpus_fresh18 (scripts/host_emu/run_fresh18.sh): each kernel
// against its reference on reduced sizes with the kernels' own launch shapes (the spmm's
// warp-per-row blocks over a ragged graph with empty rows and rows of several 32-wide chunks,
// one and two 32-column slices; MD2 over a ragged last block; EP's first block and its last
// block of the class C grid, so the seed jump runs over a 16-bit index; the GroupNorm moments in
// the 512-thread and the 32-thread launch; the affine pass with non-power-of-two extents, so the
// magic-number division is exercised), every reference called with the types the harness passes
// (float64 for each output), compared at the folder's tolerance. Each folder's two sources are
// included in a namespace of their own.
#include <cstdint>

#include "emu.h"
#include "batch_check.h"

template <class T>
static T __ldg(const T* p) {
  return *p;
}
static inline unsigned __umulhi(unsigned a, unsigned b) {
  return (unsigned)(((unsigned long long)a * b) >> 32);
}
static inline float rsqrtf(float x) { return 1.0f / std::sqrt(x); }

namespace sp {
#include "f18/tsparse_spmm_sum_kernel.cu"
#include "f18/tsparse_spmm_sum_reference.cu"
}
namespace md {
#include "f18/mcm_md2_batch_kernel.cu"
#include "f18/mcm_md2_batch_reference.cu"
}
namespace ep {
#include "f18/npb_ep_gaussian_kernel.cu"
#include "f18/npb_ep_gaussian_reference.cu"
}
// EP's class constants are macros; they end with its namespace
#undef M
#undef MK
#undef MM
#undef NN
#undef NK
#undef NQ
#undef A
#undef S
#undef THREADS_PER_BLOCK
#undef COALESCED_COMPUTATION
#undef SHARE_MEMORY_Q
#undef SHARE_MEMORY_SX
#undef SHARE_MEMORY_SY
#undef R23
#undef T23
#undef R46
#undef T46
namespace gm {
#include "f18/pt_groupnorm_moments_kernel.cu"
#include "f18/pt_groupnorm_moments_reference.cu"
}
namespace ga {
#include "f18/pt_groupnorm_affine_kernel.cu"
#include "f18/pt_groupnorm_affine_reference.cu"
}

// IntDivider<unsigned int>'s host set-up (ATen/cuda/detail/IntegerDivider.cuh)
static void int_divider(unsigned d, unsigned& m1, unsigned& shift) {
  for (shift = 0; shift < 32; shift++)
    if ((1u << shift) >= d) break;
  const unsigned long long one = 1;
  m1 = (unsigned)(((one << 32) * ((one << shift) - d)) / d + 1);
}

int main() {
  for (int K : {32, 48}) {  // spmm: 300 rows, degrees 0..79 (empty rows, up to three chunks)
    const int M = 300, N = 300;
    std::vector<long long> rowptr(M + 1, 0);
    for (int r = 0; r < M; ++r) rowptr[r + 1] = rowptr[r] + (r % 17 == 5 ? 0 : (long long)(rnd64() % 80));
    const long long nnz = rowptr[M];
    std::vector<long long> col(nnz);
    for (auto& c : col) c = (long long)(rnd64() % N);
    auto val = unif(nnz, 0, 1);
    auto mat = unif((size_t)N * K, -2, 2);
    std::vector<float> out((size_t)M * K, 7.f);
    std::vector<double> ref(out.size(), 9.0);
    emu::launch(dim3((32 * M + 255) / 256, (K + 31) / 32), dim3(256), [&] {
      sp::spmm_kernel(rowptr.data(), col.data(), val.data(), mat.data(), out.data(), 1, M, N, K);
    });
    emu::launch(dim3(8), dim3(64), [&] {
      sp::spmm_csr_ref(M, K, rowptr.data(), col.data(), val.data(), mat.data(), ref.data());
    });
    compare(K == 32 ? "tsparse_spmm_sum (K 32)" : "tsparse_spmm_sum (K 48, 2 slices)", out, ref, 1e-4, 1e-3);
  }
  {  // MD2: 300 messages of 64 bytes, 256-thread blocks (the second ragged)
    const unsigned nb = 300;
    std::vector<unsigned> in((size_t)nb * 16);
    for (auto& w : in) w = (unsigned)(rnd64() % 2147483647u);
    std::vector<unsigned> out((size_t)nb * 4, 0xdeadbeefu);
    std::vector<double> ref(out.size(), -1.0);
    emu::launch(dim3((nb + 255) / 256), dim3(256), [&] {
      md::kernel_md2_hash((md::BYTE*)in.data(), 64, (md::BYTE*)out.data(), nb);
    });
    emu::launch(dim3(2), dim3(256), [&] { md::md2_ref(in.data(), ref.data(), (int)nb); });
    compare("mcm_md2_batch", out, ref, 0, 0);
  }
  {  // EP class C: blocks 0 and 1023 of the 1024-block grid, 64 threads, all 2^16 pairs each
    const double an = 62362532446209.0;
    std::vector<double> q(1024 * 10, -1.0), sx(1024, -1.0), sy(1024, -1.0);
    std::vector<double> rq(q.size(), -2.0), rsx(1024, -2.0), rsy(1024, -2.0);
    const std::vector<dim3> blocks = {dim3(0), dim3(1023)};
    emu::launch_blocks(dim3(1024), dim3(64), blocks, [&] { ep::gpu_kernel(q.data(), sx.data(), sy.data(), -1, an); });
    emu::launch_blocks(dim3(1024), dim3(64), blocks, [&] { ep::ep_ref(an, rq.data(), rsx.data(), rsy.data()); });
    std::vector<double> o, r;
    for (int b : {0, 1023}) {
      for (int j = 0; j < 10; ++j) o.push_back(q[b * 10 + j]), r.push_back(rq[b * 10 + j]);
      o.push_back(sx[b]), r.push_back(rsx[b]);
      o.push_back(sy[b]), r.push_back(rsy[b]);
    }
    compare("npb_ep_gaussian (blocks 0, 1023)", o, r, 1e-9, 1e-7);
    double pairs = 0;
    for (int j = 0; j < 10; ++j) pairs += q[j];
    printf("  block 0 kept %.0f of %d pairs (%.1f%%)\n", pairs, 64 * 65536, 100.0 * pairs / (64.0 * 65536));
  }
  for (int nt : {512, 32}) {  // GroupNorm moments: 3 rows of 10000 (512 threads), 5 rows of 20 (32)
    const int G = nt == 512 ? 3 : 5;
    const long long D = nt == 512 ? 10000 : 20;
    auto x = unif((size_t)G * D, -3, 5);
    std::vector<float> mean(G, 7.f), rstd(G, 7.f);
    std::vector<double> rmean(G, 9.0), rrstd(G, 9.0);
    emu::launch(dim3(G), dim3(nt), [&] { gm::RowwiseMomentsCUDAKernel(D, 1e-6f, x.data(), mean.data(), rstd.data()); });
    emu::launch(dim3(2), dim3(64), [&] { gm::group_moments_ref(G, D, 1e-6f, x.data(), rmean.data(), rrstd.data()); });
    std::vector<float> o(mean);
    o.insert(o.end(), rstd.begin(), rstd.end());
    std::vector<double> r(rmean);
    r.insert(r.end(), rrstd.begin(), rrstd.end());
    compare(nt == 512 ? "pt_groupnorm_moments (512 threads)" : "pt_groupnorm_moments (32 threads)", o, r, 1e-4, 1e-5);
  }
  {  // GroupNorm affine: 5 planes of 1000 (magic division by 1000 and by 5), numel not a multiple of 256
    const unsigned C = 5, HW = 1000;
    const int n = (int)(C * HW);
    auto x = unif(n, -3, 3), a = unif(C, 0.5, 2), b = unif(C, -1, 1);
    std::vector<float> y(n, 7.f);
    std::vector<double> ref(n, 9.0);
    unsigned m0, s0, m1, s1;
    int_divider(HW, m0, s0);
    int_divider(C, m1, s1);
    emu::launch(dim3((n + 255) / 256), dim3(128), [&] {
      ga::elementwise_kernel(n, (char*)y.data(), (const char*)x.data(), (const char*)a.data(), (const char*)b.data(), 2,
                             HW, m0, s0, C, m1, s1, 4, 4, 0, 0, 4 * HW, 4 * HW, 4, 4);
    });
    emu::launch(dim3(8), dim3(64), [&] { ga::affine_planes_ref(C, HW, x.data(), a.data(), b.data(), ref.data()); });
    compare("pt_groupnorm_affine", y, ref, 1e-5, 1e-5);
  }
  printf("f18_check: %d of 8 comparisons failed\n", bad);
  return bad ? 1 : 0;
}
