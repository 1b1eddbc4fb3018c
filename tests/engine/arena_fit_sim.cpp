// Audit 36 (issue 28): device memory of the allocation exchange (engine/backend/gpu/
// arena_exchange.cpp, red team 34's placement hole). Two members on separate allocations are
// fitted to one size, max(slide) + the larger window (timing.cpp), and each fit_arena holds the
// old arena and the larger one at once while it copies. Over every variant and knob point of every
// problem under a folder (the loader's shapes, arena_layout as the worker lays them out), this
// prints the largest window, the two arenas before (A + B), the peak of the first fit (A + B +
// need, the old arena alive while the new one fills) and the steady state with the exchange's
// 64 MiB temporary (2 x need + 64 MiB), against a device size.
//
//    build/tests/engine/arena_fit_sim problems [device GiB = 80]
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "engine/backend/sequence_plan.h"
#include "generators/problem_spec.h"
#include "generators/variant_space.h"

using namespace solver;

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: arena_fit_sim <problems folder> [device GiB]\n");
    return 2;
  }
  const double device = (argc > 2 ? std::atof(argv[2]) : 80.0) * double(1ull << 30);
  const double gib = double(1ull << 30);
  const double slide = 30.0 * (1 << 20);  // the slide range (P8), at its largest
  const double temp = 64.0 * (1 << 20);   // kExchangeChunk
  for (const auto& spec : generators::load_problems(argv[1])) {
    size_t small = ~size_t(0), large = 0;
    std::string large_at;
    for (const auto& v : spec.variants) {
      generators::for_each_knob_point(spec, v, [&](const generators::KnobValues& k) {
        const generators::ResolvedVariant r = generators::resolve_shapes(spec, v, k);
        if (!r.issues.empty()) return true;
        const size_t bytes = engine::arena_layout(r.buffers).bytes;
        small = std::min(small, bytes);
        if (bytes > large) large = bytes, large_at = v.id;
        return true;
      });
    }
    if (!large) continue;
    // The pair that grows most: the smallest and the largest layout of the problem.
    const double a = double(small) + slide, b = double(large) + slide, need = b;
    const double before = a + b, peak = a + b + need, steady = 2 * need + temp;
    std::printf(
        "%-22s window %7.2f GiB (%s) smallest %7.2f GiB | before %6.2f, first fit peak "
        "%6.2f, steady %6.2f GiB%s\n",
        spec.name.c_str(), double(large) / gib, large_at.c_str(), double(small) / gib, before / gib,
        peak / gib, steady / gib, peak > device && before <= device ? "  NOW OVER THE DEVICE" : "");
  }
  return 0;
}
