// Host emulation checks of tests/corpus_fresh9 (scripts/host_emu/run_fresh9.sh): each kernel
// against its float64 reference on reduced sizes, with the folder's tolerance. The folders'
// sources are included unchanged (run_fresh9.sh copies them; dynamic shared arrays made static).
#include "emu.h"

// What emu.h does not define and the batch uses.
static int atomicMin(int* p, int v) {
  int o = *p;
  if (v < o) *p = v;
  return o;
}
template <class T>
static T __ldg(const T* p) {
  return *p;
}
// CUDA's fast exponential as the host one (glibc declares its own __expf)
#define __expf expf

#include "f9/cs_transpose_diagonal_kernel.cu"
#include "f9/cs_transpose_diagonal_reference.cu"
#include "f9/llmc_attention_fwd2_flash_kernel.cu"
#include "f9/llmc_attention_fwd2_flash_reference.cu"
#include "f9/raja_adi_sweep_kernel.cu"
#include "f9/raja_adi_sweep_reference.cu"
#include "f9/raja_diff_predict_kernel.cu"
#include "f9/raja_diff_predict_reference.cu"
#include "f9/raja_int_predict_kernel.cu"
#include "f9/raja_int_predict_reference.cu"
#include "f9/raja_ltimes_kernel.cu"
#include "f9/raja_ltimes_reference.cu"
#include "f9/raja_mat_mat_shared_kernel.cu"
#include "f9/raja_mat_mat_shared_reference.cu"
#include "f9/raja_pi_atomic_kernel.cu"
#include "f9/raja_pi_atomic_reference.cu"
#include "f9/raja_planckian_f64_kernel.cu"
#include "f9/raja_planckian_f64_reference.cu"
#include "f9/raja_poly_gemm_f64_kernel.cu"
#include "f9/raja_poly_gemm_f64_reference.cu"
#include "f9/raja_reduce3_int_kernel.cu"
#include "f9/raja_reduce3_int_reference.cu"
#include "f9/raja_trap_int_f64_kernel.cu"
#include "f9/raja_trap_int_f64_reference.cu"
#include "f9/shoc_md_lj_force_kernel.cu"
#include "f9/shoc_md_lj_force_reference.cu"

#include "batch_check.h"
static std::vector<double> uni(size_t n, double lo, double hi) {
  std::vector<double> v(n);
  for (auto& x : v) x = lo + (hi - lo) * rndu();
  return v;
}

int main() {
  {  // PI_ATOMIC: 10^4 terms, 40 blocks
    const long long n = 10000;
    const double dx = 1.0 / n;
    std::vector<double> pi(1, 0.0), ref(1, 0.0);
    emu::launch(dim3(40), dim3(256), [&] { pi_atomic(pi.data(), dx, n); });
    emu::launch(dim3(1), dim3(256), [&] { pi_sum_ref(ref.data(), dx, n); });
    compare("raja_pi_atomic", pi, ref, 1e-9, 0);
  }
  {  // TRAP_INT: 5000 points on 3 blocks (a grid-stride loop of ~7 trips)
    const long long n = 5000;
    const double x0 = 0.0979127, xp = 0.1958254, y = 0.0979127, yp = 0.1958254, h = 0.0979127;
    std::vector<double> s(1, 0.0), ref(1, 0.0);
    emu::launch(dim3(3), dim3(256), [&] { trapint(x0, xp, y, yp, h, s.data(), n); });
    emu::launch(dim3(4), dim3(256), [&] { trap_int_ref(x0, xp, y, yp, h, ref.data(), n); });
    compare("raja_trap_int_f64", s, ref, 1e-9, 0);
  }
  {  // LTIMES: the batch's num_d, num_m, num_g, num_z = 3
    const long long nd = 64, nm = 25, ng = 32, nz = 3;
    auto ell = uni(nm * nd, -1, 1), psi = uni(nz * ng * nd, -1, 1), phi = uni(nz * ng * nm, -1, 1);
    auto ref = phi;
    emu::launch(dim3(1, 8, 2), dim3(32, 4, 2),
                [&] { ltimes(phi.data(), ell.data(), psi.data(), nd, nm, ng, nz); });
    emu::launch(dim3((nz * ng * nm + 255) / 256), dim3(256),
                [&] { ltimes_ref(ref.data(), ell.data(), psi.data(), nd, nm, ng, nz); });
    compare("raja_ltimes", phi, ref, 1e-12, 1e-12);
  }
  {  // DIFF_PREDICT and INT_PREDICT: n = 1000 (4 blocks, a ragged last one)
    const long long n = 1000;
    auto px = uni(14 * n, -1, 1), cx = uni(14 * n, -1, 1);
    auto ref = px;
    emu::launch(dim3(4), dim3(256), [&] { diff_predict(px.data(), cx.data(), n, n); });
    emu::launch(dim3(4), dim3(256), [&] { diff_predict_ref(ref.data(), cx.data(), n); });
    compare("raja_diff_predict", px, ref, 1e-12, 1e-12);
    auto q = uni(13 * n, -1, 1);
    auto qref = q;
    const double a = 0.1958254, b = 0.0979127;
    emu::launch(dim3(4), dim3(256), [&] { int_predict(q.data(), a, b, a, b, a, b, a, b, n, n); });
    emu::launch(dim3(4), dim3(256),
                [&] { int_predict_ref(qref.data(), a, b, a, b, a, b, a, b, n); });
    compare("raja_int_predict", q, qref, 1e-12, 1e-12);
  }
  {  // PLANCKIAN: n = 1000
    const long long n = 1000;
    auto x = uni(n, 0.1, 1.0), u = uni(n, 0.5, 2.0), v = uni(n, 0.5, 2.0);
    std::vector<double> y(n), w(n), yr(n), wr(n);
    emu::launch(dim3(4), dim3(256),
                [&] { planckian(x.data(), y.data(), u.data(), v.data(), w.data(), n); });
    emu::launch(dim3(4), dim3(256),
                [&] { planckian_ref(x.data(), yr.data(), u.data(), v.data(), wr.data(), n); });
    compare("raja_planckian_f64 y", y, yr, 1e-12, 0);
    compare("raja_planckian_f64 w", w, wr, 1e-12, 0);
  }
  {  // ADI column sweep: n = 50 (48 columns, one block), the batch's constants
    const long long n = 50;
    const double a = -251001.0, b = 502003.0, c = -251001.0, d = -125500.5, f = -125500.5;
    auto P = uni(n * n, 0, 1), Q = uni(n * n, 0, 1), U = uni(n * n, 0, 1), V = uni(n * n, 0, 1);
    auto Pr = P, Qr = Q, Vr = V;
    emu::launch(dim3(1), dim3(256),
                [&] { poly_adi1(n, a, b, c, d, f, P.data(), Q.data(), U.data(), V.data()); });
    emu::launch(dim3(1), dim3(256),
                [&] { adi_col_ref(n, a, b, c, d, f, Pr.data(), Qr.data(), U.data(), Vr.data()); });
    compare("raja_adi_sweep P", P, Pr, 1e-10, 1e-12);
    compare("raja_adi_sweep Q", Q, Qr, 1e-10, 1e-12);
    compare("raja_adi_sweep V", V, Vr, 1e-10, 1e-12);
  }
  {  // POLYBENCH_GEMM: 40 x 48 by 48 x 40 (partial blocks in both directions)
    const long long ni = 40, nj = 40, nk = 48;
    auto A = uni(ni * nk, -1, 1), B = uni(nk * nj, -1, 1), C = uni(ni * nj, -1, 1);
    std::vector<double> Cr(ni * nj);
    emu::launch(dim3(2, 5), dim3(32, 8),
                [&] { poly_gemm(C.data(), A.data(), B.data(), 0.62, 1.002, ni, nj, nk); });
    emu::launch(dim3(3, 3), dim3(16, 16),
                [&] { poly_gemm_ref(Cr.data(), A.data(), B.data(), 0.62, ni, nj, nk); });
    compare("raja_poly_gemm_f64", C, Cr, 1e-10, 1e-10);
  }
  {  // MAT_MAT_SHARED: N = 40 (a partial tile)
    const long long N = 40;
    auto A = uni(N * N, -1, 1), B = uni(N * N, -1, 1);
    std::vector<double> C(N * N, NAN), Cr(N * N);
    emu::launch(dim3(3, 3), dim3(16, 16), [&] { mat_mat_shared(N, C.data(), A.data(), B.data()); });
    emu::launch(dim3(3, 3), dim3(16, 16), [&] { mat_mat_ref(N, Cr.data(), A.data(), B.data()); });
    compare("raja_mat_mat_shared", C, Cr, 1e-10, 1e-10);
  }
  {  // transposeDiagonal: 96 x 96 (3 x 3 tiles, the diagonal remap)
    const int wdt = 96, hgt = 96;
    std::vector<float> in(wdt * hgt), out(wdt * hgt, NAN);
    for (auto& x : in) x = (float)rndu();
    std::vector<double> ref(wdt * hgt);
    emu::launch(dim3(3, 3), dim3(32, 16),
                [&] { transposeDiagonal(out.data(), in.data(), wdt, hgt); });
    emu::launch(dim3(36), dim3(256), [&] { transpose_ref(ref.data(), in.data(), wdt, hgt); });
    compare("cs_transpose_diagonal", out, ref, 0, 0);
  }
  {  // REDUCE3_INT: 3 * 256 + 7 values in 4 blocks, values in [-1000, 1000)
    const long long n = 3 * 256 + 7;
    std::vector<int> vec(n);
    for (auto& x : vec) x = (int)(rnd64() % 2000) - 1000;
    std::vector<int> vm(3, 0);
    std::vector<double> ref(3);
    emu::launch(dim3(4), dim3(256),
                [&] { reduce3int_vmem(vec.data(), vm.data(), 0, 2147483647, -2147483647 - 1, n); });
    emu::launch(dim3(1), dim3(1024), [&] { reduce3_ref(vec.data(), ref.data(), n); });
    compare("raja_reduce3_int", vm, ref, 0, 0);
  }
  {  // SHOC MD: 512 atoms, 128 random neighbours among 512 more, the batch's constants
    const int na = 512, nn = 128;
    std::vector<float> pos(8 * na), force(3 * na, NAN);
    for (auto& x : pos) x = (float)(20.0 * rndu());
    std::vector<int> nl((size_t)nn * na);
    for (auto& j : nl) j = na + (int)(rnd64() % na);
    std::vector<double> ref(3 * na);
    emu::launch(dim3(na / 256), dim3(256), [&] {
      compute_lj_force(force.data(), pos.data(), nn, nl.data(), 1200.0f, 1.5f, 2.0f, na);
    });
    emu::launch(dim3(na / 256), dim3(256), [&] {
      lj_force_ref(ref.data(), pos.data(), nn, nl.data(), 1200.0f, 1.5f, 2.0f, na);
    });
    compare("shoc_md_lj_force", force, ref, 2e-3, 1e-5);
  }
  {  // llm.c attention_forward_kernel2: B = 1, NH = 2, N = 96 (three 32-key tiles), d = 64
    const int nb = 1, nh = 2, n = 96, d = 64, t = 3;
    const size_t nq = (size_t)nb * nh * n * d;
    std::vector<float> q(nq), k(nq), v(nq), o(nq, 0.f), l(nb * nh * n, 0.f),
        m(nb * nh * n, -5.965414e29f);
    for (auto* a : {&q, &k, &v})
      for (auto& x : *a) x = (float)(2 * rndu() - 1);
    std::vector<double> lr(nb * nh * n), mr(nb * nh * n), orf(nq);
    emu::launch(dim3(nb, nh), dim3(32), [&] {
      attention_forward_kernel2(q.data(), k.data(), v.data(), n, d, t, t, 32, 32, 0.125f, l.data(),
                                m.data(), o.data());
    });
    emu::launch(dim3((nb * nh * n + 127) / 128), dim3(128), [&] {
      flash_attn_ref(q.data(), k.data(), v.data(), n, d, 0.125f, (long long)nb * nh * n, lr.data(),
                     mr.data(), orf.data());
    });
    compare("llmc_attention_fwd2 O", o, orf, 2e-3, 2e-4);
    compare("llmc_attention_fwd2 l", l, lr, 2e-3, 2e-4);
    compare("llmc_attention_fwd2 m", m, mr, 2e-3, 2e-4);
  }
  return bad != 0;
}
