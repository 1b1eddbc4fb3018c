// Host emulation check (scripts/host_emu/run_fresh8.sh): DeepSpeed's dequantize, ATen's nearest
// upsampling, CloverLeaf's ideal gas, Rodinia BFS Kernel2.
#include "emu.h"

#include <cuda_fp16.h>

// The folder's sources, unchanged (the emulator defines the CUDA keywords first).
#include "tests/corpus_fresh8/clover_ideal_gas_f64/kernel.cu"
#include "tests/corpus_fresh8/clover_ideal_gas_f64/reference.cu"
#include "tests/corpus_fresh8/ds_dequantize_int8/kernel.cu"
#include "tests/corpus_fresh8/ds_dequantize_int8/reference.cu"
#include "tests/corpus_fresh8/pt_upsample_nearest2d/kernel.cu"
#include "tests/corpus_fresh8/pt_upsample_nearest2d/reference.cu"
#include "tests/corpus_fresh8/rod_bfs_kernel2_flag/kernel.cu"
#include "tests/corpus_fresh8/rod_bfs_kernel2_flag/reference.cu"

int main() {
  int bad = 0;
  {  // dequantize: 16 rows of 4096 with the batch's ratio of groups (2048 groups for 16384 rows ->
     // 2 here)
    const int hidden = 16, osz = 4096, groups = 2;
    const long long ne = (long long)hidden * osz;
    std::vector<unsigned> q(ne / 4);
    for (auto& w : q) w = (unsigned)rnd64();
    std::vector<float> sc(groups);
    for (auto& s : sc) s = (float)(0.001 + 0.019 * rndu());
    std::vector<__half> out(ne);
    std::vector<double> ref(ne);
    emu::launch(dim3(hidden), dim3(1024), [&] {
      dequantize_kernel_half(out.data(), (const signed char*)q.data(), sc.data(), osz, hidden,
                             groups, 0);
    });
    emu::launch(dim3((ne + 255) / 256), dim3(256),
                [&] { dequantize_ref(q.data(), sc.data(), ref.data(), ne, osz, hidden, groups); });
    int b = 0;
    for (long long i = 0; i < ne; ++i)
      if (!close_to(__half2float(out[i]), ref[i], 1e-3, 1e-6)) ++b;
    printf("ds dequantize: %d of %lld outside fp16 rtol 1e-3\n", b, ne);
    bad += b;
    // the full-size scale index: the kernel's block/thread formula against the reference's
    // row/column one
    long long mism = 0;
    const unsigned H = 16384, O = 4096, G = 2048;
    for (unsigned bid = 0; bid < H; bid += 97)
      for (unsigned tid = 0; tid < O; ++tid) {
        unsigned qs = (H * O) / G;
        unsigned si = ((bid + tid * H) / qs);
        long long rr = bid, cc = tid;
        long long g = (rr + cc * (long long)H) / ((long long)H * O / G);
        if ((long long)si != g) ++mism;
      }
    printf(
        "ds dequantize: full-size scale index, %lld mismatches (32-bit kernel arithmetic vs 64-bit "
        "reference)\n",
        mism);
    bad += (int)mism;
  }
  {
    const int planes = 5;
    std::vector<float> x(planes * 8 * 8), y(planes * 16 * 16, -1.f);
    std::vector<double> ref(y.size());
    for (auto& v : x) v = (float)rndu();
    emu::launch(dim3(1, 8, 2), dim3(16, 2, 1), [&] {
      upsample_nearest2d_out_frame(x.data(), y.data(), planes, 8, 8, 16, 16, 0.5f, 0.5f);
    });
    emu::launch(dim3((y.size() + 255) / 256), dim3(256),
                [&] { upsample_nearest_ref(x.data(), ref.data(), y.size(), 8, 8, 16, 16); });
    int b = 0;
    for (size_t i = 0; i < y.size(); ++i)
      if ((double)y[i] != ref[i]) ++b;
    printf("upsample nearest: %d of %zu differ\n", b, y.size());
    bad += b;
    // the index map at full size: floorf(dst * 0.5f) against dst * 128 / 256
    int m = 0;
    for (int d = 0; d < 256; ++d)
      if (nearest_neighbor_compute_source_index(0.5f, d, 128) != d * 128 / 256) ++m;
    printf("upsample nearest: full-size index map, %d mismatches\n", m);
    bad += m;
  }
  {
    const int n = 30, w = n + 4;
    std::vector<double> rho(w * w), e(w * w), p(w * w, 0), c(w * w, 0), pr(w * w, 0), cr(w * w, 0);
    for (auto& v : rho) v = 0.2 + 0.8 * rndu();
    for (auto& v : e) v = 1.0 + 1.5 * rndu();
    emu::launch(dim3((w * w + 127) / 128), dim3(128), [&] {
      device_ideal_gas_kernel_cuda(1, n, 1, n, rho.data(), e.data(), p.data(), c.data());
    });
    emu::launch(dim3((w * w + 255) / 256), dim3(256),
                [&] { ideal_gas_ref(rho.data(), e.data(), pr.data(), cr.data(), n); });
    int b = 0;
    double worst = 0;
    for (int i = 0; i < w * w; ++i) {
      if (!close_to(p[i], pr[i], 1e-12, 0) || !close_to(c[i], cr[i], 1e-12, 0)) ++b;
      if (cr[i] != 0) worst = std::max(worst, std::fabs(c[i] - cr[i]) / std::fabs(cr[i]));
    }
    printf("clover ideal gas: %d of %d cells outside rtol 1e-12, worst relative error %.3g\n", b,
           w * w, worst);
    bad += b;
  }
  {
    const int nodes = 4096, nw = nodes / 4;
    std::vector<unsigned> m(nw, 0), u(nw), v(nw, 0), over(1, 0);
    for (auto& x : u) x = (rndu() < 0.5) ? 1u : 0u;
    std::vector<double> md(m.begin(), m.end()), ud(u.begin(), u.end()), vd(v.begin(), v.end()),
        od(1, 0);
    emu::launch(dim3(nodes / 512), dim3(512), [&] {
      bfs_Kernel2((unsigned char*)m.data(), (unsigned char*)u.data(), (unsigned char*)v.data(),
                  (unsigned char*)over.data(), nodes);
    });
    emu::launch(dim3((nw + 255) / 256), dim3(256),
                [&] { bfs_kernel2_ref(md.data(), ud.data(), vd.data(), od.data(), nw); });
    int b = 0;
    for (int i = 0; i < nw; ++i) b += (m[i] != md[i]) + (u[i] != ud[i]) + (v[i] != vd[i]);
    b += (over[0] != od[0]);
    printf("bfs kernel2: %d of %d words differ (flag %u)\n", b, 3 * nw + 1, over[0]);
    bad += b;
  }
  return bad != 0;
}
