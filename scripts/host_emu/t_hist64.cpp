// Host emulation check (scripts/host_emu/run_fresh8.sh): The CUDA samples' histogram64Kernel
// (per-thread byte counters, three barrier phases).
#include "emu.h"

// The folder's sources, unchanged (the emulator defines the CUDA keywords first).
#include "tests/corpus_fresh8/cs_histogram64/kernel.cu"
#include "tests/corpus_fresh8/cs_histogram64/reference.cu"

int main() {
  // 3 blocks over 64*3*15 + 37 uint4: 14 or 15 grid-stride trips per thread, a ragged last trip
  const unsigned blocks = 3, n4 = 64 * 3 * 15 + 37, nw = 4 * n4;
  std::vector<unsigned> data(nw);
  for (auto& w : data) w = (unsigned)rnd64();
  std::vector<unsigned> part(blocks * 64, 0);
  std::vector<double> ref(blocks * 64, 0.0);
  emu::launch(dim3(blocks), dim3(64),
              [&] { histogram64Kernel(part.data(), (const uint4*)data.data(), n4); });
  emu::launch(dim3((nw + 255) / 256), dim3(256),
              [&] { histogram64_ref(ref.data(), data.data(), nw, blocks); });
  int bad = 0;
  double tot = 0;
  for (unsigned i = 0; i < blocks * 64; ++i) {
    tot += part[i];
    if ((double)part[i] != ref[i]) ++bad;
  }
  printf("histogram64: %u partial bins, %d differ, %g bytes counted (expected %u)\n", blocks * 64,
         bad, tot, 4 * nw);
  return bad != 0;
}
