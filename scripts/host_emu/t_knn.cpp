// Host emulation check (scripts/host_emu/run_fresh8.sh): kNN-CUDA's compute_distances (shared
// tiles) and modified_insertion_sort.
#include "emu.h"

// The folder's sources, unchanged (the emulator defines the CUDA keywords first).
#include "tests/corpus_fresh8/knn_compute_distances/kernel.cu"
#include "tests/corpus_fresh8/knn_compute_distances/reference.cu"
#include "tests/corpus_fresh8/knn_insertion_sort/kernel.cu"
#include "tests/corpus_fresh8/knn_insertion_sort/reference.cu"

int main() {
  int bad = 0;
  {  // distances: sizes that are not multiples of 16 exercise the bounds
    const int rn = 50, qn = 37, dim = 21;
    std::vector<float> ref(dim * rn), qry(dim * qn), dist(rn * qn, -1.f);
    std::vector<double> dref(rn * qn);
    for (auto& v : ref) v = (float)rndu();
    for (auto& v : qry) v = (float)rndu();
    emu::launch(dim3((qn + 15) / 16, (rn + 15) / 16), dim3(16, 16), [&] {
      compute_distances(ref.data(), rn, rn, qry.data(), qn, qn, dim, dist.data());
    });
    emu::launch(dim3((rn * qn + 255) / 256), dim3(256),
                [&] { knn_dist_ref(ref.data(), qry.data(), dref.data(), rn, qn, dim); });
    double worst = 0;
    int b = 0;
    for (int i = 0; i < rn * qn; ++i) {
      if (!close_to(dist[i], dref[i], 1e-5, 1e-5)) ++b;
      worst = std::max(worst, std::fabs(dist[i] - dref[i]) / (1e-5 + 1e-5 * std::fabs(dref[i])));
    }
    printf("knn distances: %d of %d outside rtol/atol 1e-5, worst error %.3g of the tolerance\n", b,
           rn * qn, worst);
    bad += b;
  }
  {  // insertion sort vs selection
    const int h = 700, w = 300, k = 16;
    std::vector<float> d(h * w);
    for (auto& v : d) v = (float)rndu();
    std::vector<double> dref(d.begin(), d.end()), iref(k * w, -1);
    std::vector<int> idx(k * w, -7);
    emu::launch(dim3((w + 255) / 256), dim3(256),
                [&] { modified_insertion_sort(d.data(), w, idx.data(), w, w, h, k); });
    emu::launch(dim3((w + 127) / 128), dim3(128),
                [&] { knn_sort_ref(dref.data(), iref.data(), w, h, k); });
    int b = 0;
    for (int i = 0; i < h * w; ++i)
      if ((double)d[i] != dref[i]) ++b;
    for (int i = 0; i < k * w; ++i)
      if ((double)idx[i] != iref[i]) ++b;
    printf("knn insertion sort: %d of %d values and indices differ\n", b, h * w + k * w);
    bad += b;
  }
  return bad != 0;
}
