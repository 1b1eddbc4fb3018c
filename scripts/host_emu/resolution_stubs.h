// The two generators functions engine/backend/gpu/scratch_resolution.cpp calls, for the host
// emulations that compile it alone (p4fix_scratch_resolution.cpp, p4audit_honest_scratch.cpp,
// p4fix_decoder_block.cpp): the programs name the classes themselves, so judged_class is the
// identity, and to_string names a dtype as generators/problem_spec.cpp does.
#pragma once
#include <string>

#include "generators/problem_spec.h"

namespace solver::generators {
std::string judged_class(const std::string& d) { return d; }
const char* to_string(DType d) {
  switch (d) {
    case DType::F16:
      return "f16";
    case DType::BF16:
      return "bf16";
    case DType::F32:
      return "f32";
    case DType::F64:
      return "f64";
    case DType::I32:
      return "i32";
    case DType::U32:
      return "u32";
    case DType::I64:
      return "i64";
    case DType::U64:
      return "u64";
  }
  return "?";
}
}  // namespace solver::generators
