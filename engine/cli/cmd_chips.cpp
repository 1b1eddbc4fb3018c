// `solver chips`: the chip profiles a `--chip` option accepts, with their capabilities and
// datasheet peaks.
#include <ostream>

#include "engine/cli/commands.h"
#include "engine/cli/options.h"
#include "engine/cli/output.h"

namespace solver::cli {

int run_chips(Context& ctx) {
  po::options_description opts("options");
  opts.add_options()("json", "print the table as JSON");
  po::variables_map vm;
  if (auto rc = parse_options(ctx, "chips", "[--json]", opts, vm)) return *rc;
  rules::ChipTable chips = load_chips(ctx);
  Table t(
      {"id", "name", "cc", "capabilities", "sm count", "dram gbps", "fp32 tflops", "tf32 tflops"});
  for (const auto& c : chips.chips) {
    auto num = [&](const char* k) { return c.number(k) > 0 ? format_number(c.number(k)) : "-"; };
    t.add_row({c.id, c.name, std::to_string(c.cc_major) + "." + std::to_string(c.cc_minor),
               join(std::vector<std::string>(c.capabilities.begin(), c.capabilities.end()), ","),
               num("sm_count"), num("dram_gbps"), num("fp32_tflops"), num("tf32_tflops")});
  }
  t.emit(ctx.out, vm.count("json") > 0);
  return kExitOk;
}

}  // namespace solver::cli
