// Host emulation checks of tests/corpus_fresh23 (scripts/host_emu/run_fresh23.sh): every
// kernel/reference pair on reduced sizes with the kernels' own launch shapes, each reference
// called with the types the harness passes (float64 outputs, inout buffers holding the initial
// values as float64), compared at the folder's tolerance. vanGenuchten on cells of both signs of
// the pressure head and a ragged last block; the page rank map and reduce on 300 pages (a
// ragged second block); the vector CSR SpMV on 2048 rows with Pareto degrees and one long row;
// expdist on 256 x 64 pairs (2 x 2 blocks). Each folder's two sources are included in a
// namespace of their own; the texts are the folders' own, unedited.
#include <cstdint>
#include <random>

#include "emu.h"
// after emu.h (its generator)
#include "batch_check.h"

// CUDA's overloads as the device code sees them
using std::exp;
using std::fabs;
using std::pow;
using std::sqrt;

namespace vg {
#include "f23/hecb_vangenuchten_f64_kernel.cu"
#include "f23/hecb_vangenuchten_f64_reference.cu"
}  // namespace vg
namespace pm {
#include "f23/hecb_pagerank_map_kernel.cu"
#include "f23/hecb_pagerank_map_reference.cu"
}  // namespace pm
namespace pr {
#include "f23/hecb_pagerank_reduce_kernel.cu"
#include "f23/hecb_pagerank_reduce_reference.cu"
}  // namespace pr
namespace sv {
#include "f23/hecb_spmv_vector_csr_powerlaw_kernel.cu"
#include "f23/hecb_spmv_vector_csr_powerlaw_reference.cu"
}  // namespace sv
namespace ed {
#include "f23/hecb_expdist_bhattacharyya_kernel.cu"
#include "f23/hecb_expdist_bhattacharyya_reference.cu"
}  // namespace ed

static std::vector<double> unifd(size_t n, double lo, double hi) {
  std::vector<double> v(n);
  for (auto& x : v) x = lo + (hi - lo) * rndu();
  return v;
}

static void vg_case(const char* name, int size) {
  auto Ksat = unifd(size, 1e-6, 1.0), psi = unifd(size, -100.0, 1.0);
  std::vector<double> C(size, 7), th(size, 7), K(size, 7), rC(size, 9), rth(size, 9), rK(size, 9);
  emu::launch(dim3((size + 255) / 256), dim3(256), [&] {
    vg::vanGenuchten(Ksat.data(), psi.data(), C.data(), th.data(), K.data(), size);
  });
  emu::launch(dim3((size + 255) / 256), dim3(256), [&] {
    vg::van_genuchten_ref(Ksat.data(), psi.data(), rC.data(), rth.data(), rK.data(), size);
  });
  std::string a = std::string(name) + " C", b = std::string(name) + " theta",
              c = std::string(name) + " K";
  compare(a.c_str(), C, rC, 1e-9, 1e-12);
  compare(b.c_str(), th, rth, 1e-9, 1e-12);
  compare(c.c_str(), K, rK, 1e-9, 1e-12);
}

static void map_case(const char* name, int n) {
  std::vector<int> pages((size_t)n * n);
  for (auto& p : pages) p = rndu() < 0.5 ? 1 : 0;
  auto ranks = unif(n, 4e-5, 6e-5);
  std::vector<unsigned> nout(n);
  for (auto& x : nout) x = 9000 + (unsigned)(2000 * rndu());
  std::vector<float> maps((size_t)n * n, 7.f);
  std::vector<double> r(maps.size(), 9.0);
  const int bs = n < 256 ? n : 256;
  emu::launch(dim3((n + bs - 1) / bs), dim3(bs),
              [&] { pm::map(pages.data(), ranks.data(), maps.data(), nout.data(), n); });
  emu::launch(dim3((unsigned)((maps.size() + 255) / 256)), dim3(256),
              [&] { pm::pagerank_map_ref(pages.data(), ranks.data(), nout.data(), r.data(), n); });
  compare(name, maps, r, 1e-6, 1e-12);
}

static void reduce_case(const char* name, int n) {
  auto maps = unif((size_t)n * n, 0.0, 1e-8);
  auto ranks = unif(n, 4e-5, 6e-5), dif = unif(n, 0.0, 1e-6);
  std::vector<double> rr(ranks.begin(), ranks.end()), rd(dif.begin(), dif.end());
  const int bs = n < 256 ? n : 256;
  emu::launch(dim3((n + bs - 1) / bs), dim3(bs),
              [&] { pr::reduce(ranks.data(), maps.data(), n, dif.data()); });
  emu::launch(dim3((n + 255) / 256), dim3(256),
              [&] { pr::pagerank_reduce_ref(rr.data(), maps.data(), n, rd.data()); });
  std::string a = std::string(name) + " ranks", b = std::string(name) + " dif";
  compare(a.c_str(), ranks, rr, 2e-4, 1e-10);
  compare(b.c_str(), dif, rd, 2e-4, 1e-10);
}

static void spmv_case(const char* name, unsigned long long rows, int hub) {
  std::vector<unsigned long long> rp(rows + 1, 0);
  for (unsigned long long r = 0; r < rows; ++r) {
    const double u = rndu();
    int deg = (int)(16.0 / 3.0 * std::pow(1.0 - u, -2.0 / 3.0));
    if (r == rows / 3) deg = hub;  // one long row
    rp[r + 1] = rp[r] + deg;
  }
  const size_t nnz = rp[rows];
  std::vector<unsigned long long> col(nnz);
  for (auto& c : col) c = (unsigned long long)(rows * rndu()) % rows;
  auto val = unif(nnz, -1, 1), x = unif(rows, -1, 1);
  std::vector<float> y(rows, 7.f);
  std::vector<double> ry(rows, 9.0);
  emu::launch(dim3((unsigned)(rows / 32)), dim3(8, 32), [&] {
    sv::vector_mv_csr(rows, rp.data(), col.data(), val.data(), x.data(), y.data());
  });
  emu::launch(dim3((unsigned)((rows + 255) / 256)), dim3(256), [&] {
    sv::spmv_csr_ref(rows, rp.data(), col.data(), val.data(), x.data(), ry.data());
  });
  compare(name, y, ry, 1e-3, 1e-2);
}

static void expdist_case(const char* name, int m, int n) {
  auto A = unif(2 * (size_t)m, -1, 1), B = unif(2 * (size_t)n, -1, 1);
  auto sA = unif(m, 0.5, 1.5), sB = unif(n, 0.5, 1.5);
  const int bx = m / 128, by = n / 32;
  std::vector<float> cross((size_t)bx * by, 7.f);
  std::vector<double> r(cross.size(), 9.0);
  emu::launch(dim3(bx, by), dim3(32, 8), [&] {
    ed::distance(A.data(), B.data(), m, n, sA.data(), sB.data(), cross.data());
  });
  emu::launch(dim3((bx * by + 255) / 256), dim3(256), [&] {
    ed::expdist_ref(A.data(), B.data(), m, n, sA.data(), sB.data(), r.data(), bx, by);
  });
  compare(name, cross, r, 1e-4, 1e-3);
}

int main() {
  vg_case("hecb_vangenuchten_f64 (5000)", 5000);
  map_case("hecb_pagerank_map (300)", 300);
  reduce_case("hecb_pagerank_reduce (300)", 300);
  spmv_case("hecb_spmv_vector_csr (2048, hub 3000)", 2048, 3000);
  spmv_case("hecb_spmv_vector_csr (4096, hub 5)", 4096, 5);
  expdist_case("hecb_expdist (256 x 64)", 256, 64);
  printf("f23_check: %d of 9 comparisons failed\n", bad);
  return bad ? 1 : 0;
}
