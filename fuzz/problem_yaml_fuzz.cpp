// libFuzzer target: arbitrary bytes as a problem.yaml (generators::load_problem, which reads a
// folder). The bytes are written to <tmp>/solver-fuzz-<pid>/p/problem.yaml next to kernel
// sources with the names the seed specs use, so source checks pass and the fuzzer gets past
// them. An accepted spec is then enumerated and statically validated on an H200-like chip at
// every knob point (up to a bound), as `solver problems check` does before compiling.
#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz/fuzz_support.h"
#include "generators/problem_spec.h"
#include "generators/validate.h"
#include "generators/variant_space.h"

using namespace solver;

namespace {

const std::filesystem::path& problem_dir() {
  static const std::filesystem::path dir = [] {
    auto d = fuzz::scratch_dir() / "p";
    std::filesystem::create_directories(d);
    for (const char* f : {"k.cu", "naive.cu", "reference.cu", "ok.cu", "tiled.cu", "vec4.cu",
                          "ilp.cu", "kernel.cu", "ref.cu"})
      fuzz::write_file(d / f, "extern \"C\" __global__ void k() {}\n");
    return d;
  }();
  return dir;
}

rules::ChipProfile h200_like() {
  rules::ChipProfile c;
  c.id = "h200";
  c.cc_major = 9;
  c.numbers["smem_per_block_kib"] = 227;
  c.numbers["dram_gbps"] = 4800;
  c.numbers["sm_count"] = 132;
  return c;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const rules::ChipProfile chip = h200_like();
  std::string text(reinterpret_cast<const char*>(data), size);
  fuzz::write_file(problem_dir() / "problem.yaml", text);
  generators::ProblemSpec spec;
  try {
    spec = generators::load_problem(problem_dir().string());
  } catch (const rules::InputError& e) {
    fuzz::check_input_error(e, text);
    return 0;
  }
  int points = 0;
  for (const auto& v : spec.variants) {
    for (const auto& knobs : generators::enumerate_knobs(spec, v)) {
      if (++points > 64) return 0;
      (void)generators::validate(spec, v, knobs, chip);
      std::string key = generators::variant_key(v.id, knobs);
      auto [id, parsed] = generators::parse_variant_key(key);
      if (id != v.id || parsed != knobs) fuzz::violated("variant_key does not parse back", text);
    }
  }
  return 0;
}
