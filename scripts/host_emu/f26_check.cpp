// Host emulation checks of tests/corpus_fresh26 (scripts/host_emu/run_fresh26.sh): every
// kernel/reference pair with the kernels' own launch shapes, each reference called with the
// types the harness passes (float64 outputs, inout buffers holding the initial values as
// float64), compared at the folder's tolerance. The QuEST kernels at the problems' own sizes
// (their references are written for those instances) on a few blocks each, first, second,
// middle and last, compared on the amplitudes those blocks own; the MXNet histogram on 200,000
// floats with a 40-block grid (so the grid-stride loop runs five times) against the reference's
// one-element-a-thread grid; warp-ctc's forward pass at the problem's full instance (32
// utterances, 400 steps, 121 states). Each folder's two sources are included in a namespace of
// their own; the texts are the folders' own, unedited.
#include <cstdint>
#include <string>

#include "emu.h"
// after emu.h (its generator)
#include "batch_check.h"

static inline double2 make_double2(double x, double y) {
  double2 r;
  r.x = x, r.y = y;
  return r;
}
using std::exp;
using std::fabs;
using std::floor;
using std::log;
using std::log1p;

namespace q1 {
#include "f26/quest_onetarg_dense_q0_kernel.cu"
#include "f26/quest_onetarg_dense_q0_reference.cu"
}  // namespace q1
namespace q5 {
#include "f26/quest_fewtarg_dense5_kernel.cu"
#include "f26/quest_fewtarg_dense5_reference.cu"
}  // namespace q5
namespace pt {
#include "f26/quest_partial_trace_q0_kernel.cu"
#include "f26/quest_partial_trace_q0_reference.cu"
}  // namespace pt
namespace hg {
#include "f26/mxnet_histogram_fused_kernel.cu"
#include "f26/mxnet_histogram_fused_reference.cu"
}  // namespace hg
namespace ct {
#include "f26/warpctc_compute_alpha_kernel.cu"
#include "f26/warpctc_compute_alpha_reference.cu"
}  // namespace ct

static std::vector<double> normals(size_t n, double sd) {
  std::vector<double> v(n);
  for (auto& x : v) {
    const double u1 = rndu() + 1e-300, u2 = rndu();
    x = sd * std::sqrt(-2.0 * std::log(u1)) * std::cos(6.283185307179586 * u2);
  }
  return v;
}
// The kernel's and the reference's values at the listed amplitude indices (real, imaginary).
static void compare_at(const char* name, const std::vector<double2>& k, const std::vector<double>& r,
                       const std::vector<long long>& at, double rtol, double atol) {
  std::vector<double> ko, ro;
  for (long long i : at) {
    ko.push_back(k[i].x), ko.push_back(k[i].y);
    ro.push_back(r[2 * i]), ro.push_back(r[2 * i + 1]);
  }
  compare(name, ko, ro, rtol, atol);
}

// One-qubit gate on qubit 0 of 2^25 amplitudes: blocks 0, 1, 65536 and 131071 of 128 threads.
static void onetarg_case(const char* name) {
  const long long nAmps = 1LL << 25, nt = nAmps / 2;
  std::vector<double> init = normals(2 * nAmps, 1.2e-4), ref(init);
  std::vector<double2> amps(nAmps);
  for (long long i = 0; i < nAmps; ++i) amps[i] = make_double2(init[2 * i], init[2 * i + 1]);
  const int ctrlsAndTarg[1] = {0};
  const double m[8] = {0.48, 0.36, -0.64, 0.48, 0.64, 0.48, 0.48, -0.36};
  const std::vector<dim3> blocks = {dim3(0), dim3(1), dim3(65536), dim3(131071)};
  emu::launch_blocks(dim3(131072), dim3(128), blocks, [&] {
    q1::kernel_statevec_anyCtrlOneTargDenseMatr_subA(amps.data(), nt, ctrlsAndTarg, 0, 0, 0, m[0],
                                                     m[1], m[2], m[3], m[4], m[5], m[6], m[7]);
  });
  emu::launch_blocks(dim3(131072), dim3(128), blocks, [&] {
    q1::onetarg_ref(ref.data(), nt, m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7]);
  });
  std::vector<long long> at;
  for (auto b : blocks)
    for (long long n = b.x * 128LL; n < b.x * 128LL + 128; ++n) at.push_back(2 * n), at.push_back(2 * n + 1);
  compare_at(name, amps, ref, at, 1e-12, 1e-18);
  // an amplitude no emulated block owns is untouched in both
  printf("%-34s amplitude 1000000: kernel %.6g, reference %.6g, initial %.6g\n", name,
         amps[1000000].x, ref[2000000], init[2000000]);
}

// 32 x 32 complex matrix on qubits 20..24 of 2^25 amplitudes: blocks 0, 1, 4096 and 8191.
static void fewtarg_case(const char* name) {
  const long long nAmps = 1LL << 25, nt = nAmps / 32;
  std::vector<double> init = normals(2 * nAmps, 1.2e-4), ref(init);
  std::vector<double2> amps(nAmps);
  for (long long i = 0; i < nAmps; ++i) amps[i] = make_double2(init[2 * i], init[2 * i + 1]);
  const int q[5] = {20, 21, 22, 23, 24};
  std::vector<double> mf(2048);
  for (auto& x : mf) x = -0.2 + 0.4 * rndu();
  std::vector<double2> m(1024);
  for (int i = 0; i < 1024; ++i) m[i] = make_double2(mf[2 * i], mf[2 * i + 1]);
  const std::vector<dim3> blocks = {dim3(0), dim3(1), dim3(4096), dim3(8191)};
  emu::launch_blocks(dim3(8192), dim3(128), blocks, [&] {
    q5::kernel_statevec_anyCtrlFewTargDenseMatr(amps.data(), nt, q, 0, 0, q, m.data());
  });
  emu::launch_blocks(dim3(8192), dim3(128), blocks,
                     [&] { q5::fewtarg_ref(ref.data(), nt, mf.data()); });
  std::vector<long long> at;
  for (auto b : blocks)
    for (long long n = b.x * 128LL; n < b.x * 128LL + 128; ++n)
      for (long long k = 0; k < 32; ++k) at.push_back(n + (k << 20));
  compare_at(name, amps, ref, at, 1e-12, 1e-18);
}

// Trace of qubit 0 of a 12-qubit density matrix: blocks 0, 1, 15, 16 and 32767 of the output.
static void ptrace_case(const char* name) {
  const long long nIn = 1LL << 24, nt = 1LL << 22;
  std::vector<double> inf = normals(2 * nIn, 1.4e-4);
  std::vector<double2> in(nIn);
  for (long long i = 0; i < nIn; ++i) in[i] = make_double2(inf[2 * i], inf[2 * i + 1]);
  std::vector<double2> out(nt, make_double2(7, 7));
  std::vector<double> ref(2 * nt, 9.0);
  const int ket[1] = {0}, pair[1] = {12}, all[2] = {0, 12};
  const std::vector<dim3> blocks = {dim3(0), dim3(1), dim3(15), dim3(16), dim3(32767)};
  emu::launch_blocks(dim3(32768), dim3(128), blocks, [&] {
    pt::kernel_densmatr_partialTrace_sub(in.data(), out.data(), nt, ket, pair, all, 1);
  });
  emu::launch_blocks(dim3(32768), dim3(128), blocks,
                     [&] { pt::ptrace_ref(inf.data(), ref.data(), nt); });
  std::vector<long long> at;
  for (auto b : blocks)
    for (long long n = b.x * 128LL; n < b.x * 128LL + 128; ++n) at.push_back(n);
  compare_at(name, out, ref, at, 1e-12, 1e-18);
}

// 200,000 floats into 10 bins: the kernel on a 40-block grid-stride grid, the reference on one
// element a thread; the counts exactly, and they sum to n.
static void histogram_case(const char* name) {
  const int n = 200000, bins = 10;
  std::vector<float> x = unif(n, 0.0, 1.0);
  x[0] = 0.0f, x[1] = 0.99999994f, x[2] = 0.1f, x[3] = 0.3f, x[4] = 0.7f;  // edges
  std::vector<float> bounds(11);
  for (int i = 0; i <= 10; ++i) bounds[i] = (float)(0.1 * i);  // the arange the problem draws
  std::vector<long long> k(bins, 0), r(bins, 0);
  emu::launch(dim3(40), dim3(256), [&] {
    hg::mxnet_histogram_fused(n, x.data(), bounds.data(), k.data(), bins, 0.0, 1.0);
  });
  emu::launch(dim3((n + 255) / 256), dim3(256), [&] {
    hg::histogram_ref(x.data(), bounds.data(), r.data(), n, bins, 0.0, 1.0);
  });
  long long s = 0;
  for (long long v : k) s += v;
  printf("%-34s %lld counted of %d; bin 0 %lld, bin 9 %lld\n", name, s, n, k[0], k[9]);
  compare(name, k, r, 0, 0);
  if (s != n) ++bad;
}

// The CTC forward pass at the problem's instance.
static void ctc_case(const char* name) {
  const int B = 32, T = 400, L = 60, A = 29, S = 2 * L + 1;
  std::vector<float> probs = unif((size_t)T * B * A, 0.001, 1.0);
  std::vector<int> lsz(B, L), ulen(B, T), rep(B, 0), lnb((size_t)B * L), loff(B);
  for (auto& v : lnb) v = 1 + (int)(rnd64() % 28);
  for (int b = 0; b < B; ++b) loff[b] = b * L;
  std::vector<int> lwb((size_t)B * S, -7);
  std::vector<float> alphas((size_t)B * T * S, 7.0f), nll(B, 7.0f);
  std::vector<double> rlwb((size_t)B * S, 9.0), ralphas((size_t)B * T * S, 9.0), rnll(B, 9.0);
  emu::launch(dim3(B), dim3(128), [&] {
    ct::compute_alpha_kernel(probs.data(), lsz.data(), ulen.data(), rep.data(), lnb.data(),
                             loff.data(), lwb.data(), alphas.data(), nll.data(), B, A, S, T, 0);
  });
  emu::launch(dim3(B), dim3(128), [&] {
    ct::ctc_alpha_ref(probs.data(), lnb.data(), rlwb.data(), ralphas.data(), rnll.data(), L, T, B,
                      A);
  });
  size_t ninf = 0;
  for (size_t i = 0; i < alphas.size(); ++i)
    if (std::isinf(ralphas[i])) {
      ninf += alphas[i] == ralphas[i];
      alphas[i] = 0, ralphas[i] = 0;  // an infinity passes only as the same infinity
    }
  size_t rinf = 0;
  for (double v : ralphas) rinf += std::isinf(v);
  printf("%-34s %zu alphas -inf in both (unreachable states); nll[0] %.6g vs %.6g\n", name, ninf,
         nll[0], rnll[0]);
  compare((std::string(name) + " labels").c_str(), lwb, rlwb, 1e-4, 1e-4);
  compare((std::string(name) + " alphas").c_str(), alphas, ralphas, 1e-4, 1e-4);
  compare((std::string(name) + " nll").c_str(), nll, rnll, 1e-4, 1e-4);
  compare((std::string(name) + " alphas (tol / 10)").c_str(), alphas, ralphas, 1e-5, 1e-5);
}

int main() {
  onetarg_case("quest_onetarg_dense_q0");
  fewtarg_case("quest_fewtarg_dense5");
  ptrace_case("quest_partial_trace_q0");
  histogram_case("mxnet_histogram_fused");
  ctc_case("warpctc_compute_alpha");
  printf("%d comparison(s) failed\n", bad);
  return bad != 0;
}
