// libFuzzer target: arbitrary bytes as a recording (engine::parse_recording, the recorded
// backend's input). An accepted recording must round-trip: dump_recording parses back and
// dumps to the same text; and the recorded backend must serve every variant it holds without
// throwing (gate, profile, seeded timing draws).
#include <cstddef>
#include <cstdint>
#include <string>

#include "engine/backend/recorded_backend.h"
#include "engine/backend/recording.h"
#include "fuzz/fuzz_support.h"

using namespace solver;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  engine::Recording r;
  try {
    r = engine::parse_recording(text, "fuzz/recording.json");
  } catch (const rules::InputError& e) {
    fuzz::check_input_error(e, text);
    return 0;
  }
  std::string dumped = engine::dump_recording(r);
  try {
    auto again = engine::parse_recording(dumped, "fuzz/dumped.json");
    if (engine::dump_recording(again) != dumped)
      fuzz::violated("dump_recording is not a fixed point", text);
  } catch (const rules::InputError& e) {
    std::fprintf(stderr, "%s\n--- dumped:\n%s\n", e.format().c_str(), dumped.c_str());
    fuzz::violated("dump_recording wrote a recording that does not load", text);
  }
  engine::RecordedBackend backend(r);
  int served = 0;
  for (const auto& [problem, p] : r.problems) {
    for (const auto& [key, v] : p.variants) {
      if (++served > 32) return 0;
      generators::KnobValues knobs;
      std::string id = key;
      try {
        std::tie(id, knobs) = generators::parse_variant_key(key);
      } catch (const rules::InputError&) {
        // A key the recording accepted but the variant-key grammar does not: served by name.
      }
      engine::VariantRef ref{problem, id, knobs};
      (void)backend.gate(ref);
      (void)backend.profile(ref);
      (void)backend.time_samples(ref, 5, 1);
      (void)backend.time_pairs(ref, ref, 3, 2);
    }
  }
  return 0;
}
