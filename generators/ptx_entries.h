// The .entry functions of a PTX module: each one's name, body and parameter names in order
// (shared by the integer-provenance and precision data flows, ptx_int_provenance.h).
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace solver::generators {

struct PtxEntry {
  std::string name;
  std::string_view body;           // a view into the module text given to ptx_entries
  std::vector<std::string> names;  // its parameters, in order
};

// Every .entry of `module` (comments already stripped), in the order they appear.
std::vector<PtxEntry> ptx_entries(std::string_view module);

}  // namespace solver::generators
