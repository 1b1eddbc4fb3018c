// The .entry functions of a PTX module: each one's name, body and parameter names in order
// (shared by the integer-provenance and precision data flows, ptx_int_provenance.h).
#pragma once
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace solver::generators {

struct PtxEntry {
  std::string name;
  // A view into the module text given to ptx_entries, or, where the entry calls a `.func` of the
  // module, into `inlined`: the body with its calls inlined (ptx_inline_calls.h, red team 24).
  std::string_view body;
  std::vector<std::string> names;  // its parameters, in order
  std::shared_ptr<const std::string> inlined;
};

// Every .entry of `module` (comments already stripped), in the order they appear, each with the
// `.func` bodies it calls inlined into its body.
std::vector<PtxEntry> ptx_entries(std::string_view module);

}  // namespace solver::generators
