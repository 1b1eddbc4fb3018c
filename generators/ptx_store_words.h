// What a variant's code does to each buffer and module array it can address (issue 28, red team
// 39 and honest controls 39): the widths and types of the stores into it, and whether anything
// reads it back. P4m (engine/backend/gpu/scratch_resolution.h) reads a scratch's words as the
// float format its code STORES there, not its declaration's (redteam39_wide_word_fields: FP32
// row sums and 16-bit fields stored with st.global.v2.f32 into a u64 scratch;
// control_redteam39_double2_partials: FP64 pairs stored with st.global.v2.f64 into a `.b8 .align
// 16` array), and leaves out a region no code reads (control_hon39_*: timestamps a profiler only
// writes carry nothing to an output).
//
// A region is a declared buffer (by index, through the launches' bindings, FloatParams::buffers)
// or a module variable (by its PTX name). Addresses are followed by provenance
// (generators/ptx_taint.h: a register derived from a parameter or a variable's symbol names that
// region), over every .entry of the module with its .func calls inlined.
#pragma once
#include <map>
#include <string>

#include "generators/ptx_int_provenance.h"

namespace solver::generators {

struct RegionAccess {
  bool written = false;
  // The narrowest float type stored into it (st/red/atom .f16/.bf16: 16, .f32: 32, .f64: 64;
  // vector stores count their elements: st.v2.f32 is 32), 0 where no float type is stored. A
  // store through an address of unknown origin (global or generic) counts for every region whose
  // address escaped (review40).
  int float_bits = 0;
  // The narrowest integer / untyped type stored into it (.b32/.u32/.s32: 32, .u64: 64, ...), 0
  // where none.
  int int_bits = 0;
  // Something can read what was stored: a load through an address derived from it (an atomic
  // that returns a value, a copy from it), or its address stored to memory or passed to a call
  // (where any later load of a pointer may reach it); for a module variable, also any module
  // variable read (a neighbour's address plus a constant reaches it: review40); for every region,
  // any read in global or generic space through an address of unknown origin (red team 40,
  // helper fix40w). A parameter the launches bind to a buffer names it at any load width (a
  // `uint2` holding its address: taint::State::bound_params).
  bool read = false;
};

struct ModuleAccess {
  std::map<int, RegionAccess> buffers;            // by buffer index (FloatParams::buffers)
  std::map<std::string, RegionAccess> variables;  // module .global/.const variables by PTX name
  bool fp64_values = false;  // the module computes in FP64 (some instruction typed .f64)
};

// `bindings`: float_params of the variant (only `buffers` is read); empty for module variables
// alone.
ModuleAccess scan_region_access(const std::string& ptx, const FloatParams& bindings);

// The bytes of the word P4m reads a region as, from its stores (0: no store typed, judge by the
// declaration): the narrowest float type stored; with no float store, a 64-bit integer store is
// an FP64 value's bits where the module computes in FP64, else two FP32 halves (4: the narrowest
// float a 64-bit word can hold a packed value in), and a 32-bit one an FP32 word. Mixed widths
// are read at the narrowest: an integer store under 64 bits beside FP64 stores makes FP32 words. A
// 16-bit store (float, or .b16/.u16: PTX's st has no .f16 type, so every half is stored so) into a
// region declared wider is read as FP32 words (2 only where `declared_bytes` is 2: a 32- or
// 64-bit scratch keeps FP32's resolution under an fp32 class).
int stored_word_bytes(const RegionAccess& a, bool fp64_values, int declared_bytes);

// Whether P4m leaves the region out: written and never read (nothing it holds reaches an output,
// in this launch or a later one).
inline bool write_only(const RegionAccess& a) { return a.written && !a.read; }

}  // namespace solver::generators
