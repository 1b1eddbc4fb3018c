// Helper h28u (issue 28): the honest folder the model echo is likeliest to refuse,
// tests/corpus_fresh11/tf_unsorted_segment_sum (out[s, j] = the sum of input[r, j] over the rows r
// whose sorted segment id is s: 8 ids over 2^21 rows, 64 columns, rtol 1e-3, atol 0.1), read as
// the worker reads it (load_problem, resolve_shapes, regular_set of set 0's seed): the largest
// share of each of segment_ids' echoes alone (the copy echoes the lint took before, buffer_echo;
// the midpoint model echoes since h28u, model_echo), computed as the reference's output moves
// (each moved row's 64 values leave one segment and join another). Not a test: it prints.
// Usage: h28u_segment_sim [FOLDER (tests/corpus_fresh11/tf_unsorted_segment_sum)]
#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "engine/backend/gpu/echo_map.h"
#include "engine/backend/gpu/host_data.h"
#include "engine/backend/gpu/input_sets.h"
#include "engine/backend/gpu/model_echo.h"
#include "engine/backend/gpu/sample_lint.h"
#include "generators/problem_spec.h"
#include "generators/variant_space.h"

using namespace solver;

int main(int argc, char** argv) {
  const std::string dir = argc > 1 ? argv[1] : "tests/corpus_fresh11/tf_unsorted_segment_sum";
  const generators::ProblemSpec spec = generators::load_problem(dir);
  const generators::VariantSpec* seed = spec.find_variant(spec.seed_variant);
  if (!seed) seed = &spec.variants.front();
  generators::KnobValues knobs;
  for (const auto& k : seed->knobs)
    knobs[k.name] = k.default_value ? *k.default_value : (k.values.empty() ? 0 : k.values[0]);
  const generators::ResolvedVariant rv = generators::resolve_shapes(spec, *seed, knobs);
  size_t ids = 0, in = 0;
  for (size_t i = 0; i < rv.buffers.size(); ++i) {
    if (rv.buffers[i].name == "segment_ids") ids = i;
    if (rv.buffers[i].name == "input") in = i;
  }
  const auto seeds = gpu::derive_seeds(0x5eed2026, 3);  // Worker::standing_seeds
  for (int s = 0; s < 2; ++s) {
    const gpu::HostSet set = gpu::regular_set(rv, seeds[size_t(s)], nullptr);
    const int64_t rows = rv.buffers[ids].elements;
    const int64_t cols = rv.buffers[in].elements / rows;
    std::vector<int32_t> id(static_cast<size_t>(rows));
    std::memcpy(id.data(), set.inputs[ids]->data.get(), size_t(rows) * 4);
    const float* x = reinterpret_cast<const float*>(set.inputs[in]->data.get());
    std::vector<double> y(size_t(8 * cols), 0.0);
    for (int64_t r = 0; r < rows; ++r)
      for (int64_t j = 0; j < cols; ++j) y[size_t(id[size_t(r)] * cols + j)] += x[r * cols + j];
    const generators::Tolerance t = rv.tolerance;
    auto share_of = [&](const std::vector<int32_t>& e) {
      std::vector<double> d(y.size(), 0.0);
      int64_t moved = 0;
      for (int64_t r = 0; r < rows; ++r) {
        if (e[size_t(r)] == id[size_t(r)]) continue;
        ++moved;
        for (int64_t j = 0; j < cols; ++j) {
          d[size_t(id[size_t(r)] * cols + j)] -= x[r * cols + j];
          d[size_t(e[size_t(r)] * cols + j)] += x[r * cols + j];
        }
      }
      double top = 0;
      for (size_t k = 0; k < y.size(); ++k)
        top = std::max(top, std::fabs(d[k]) / (t.atol + t.rtol * std::fabs(y[k])));
      return std::pair<double, int64_t>(top, moved);
    };
    std::printf("%s set %d: %lld rows x %lld, rtol %g atol %g\n", spec.name.c_str(), s,
                (long long)rows, (long long)cols, t.rtol, t.atol);
    for (int parity : {1, 0}) {
      std::vector<int32_t> c = id;
      const auto m = gpu::buffer_echo(rv.buffers[ids], gpu::positions_echo(parity, 1));
      if (m) gpu::apply_echo(*m, reinterpret_cast<unsigned char*>(c.data()), uint64_t(rows), 4);
      const auto copy = share_of(c);
      const auto e = gpu::model_echo(rv.buffers[ids], *set.inputs[ids], parity, 1);
      std::vector<int32_t> mid(static_cast<size_t>(rows));
      std::memcpy(mid.data(), e->data.get(), size_t(rows) * 4);
      const auto model = share_of(mid);
      std::printf("  parity %d: copy echo share %.3f (%lld rows moved), midpoint %.3f (%lld)\n",
                  parity, copy.first, (long long)copy.second, model.first, (long long)model.second);
    }
  }
  return 0;
}
