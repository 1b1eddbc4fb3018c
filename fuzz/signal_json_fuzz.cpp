// libFuzzer target: arbitrary bytes as a signal file (profiling::parse_signal_file). An
// accepted file must round-trip: dump_signal_file parses back and dumps to the same text.
#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz/fuzz_support.h"
#include "profiling/signal_file.h"

using namespace solver;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  profiling::SignalFile f;
  try {
    f = profiling::parse_signal_file(text, "fuzz/signals.json");
  } catch (const rules::InputError& e) {
    fuzz::check_input_error(e, text);
    return 0;
  }
  std::string dumped = profiling::dump_signal_file(f);
  try {
    auto again = profiling::parse_signal_file(dumped, "fuzz/dumped.json");
    if (profiling::dump_signal_file(again) != dumped)
      fuzz::violated("dump_signal_file is not a fixed point", text);
  } catch (const rules::InputError& e) {
    std::fprintf(stderr, "%s\n--- dumped:\n%s\n", e.format().c_str(), dumped.c_str());
    fuzz::violated("dump_signal_file wrote a file that does not load", text);
  }
  (void)profiling::derivation_input(f, nullptr);
  return 0;
}
