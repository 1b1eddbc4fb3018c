// libFuzzer target: arbitrary bytes as PTX (generators::scan_ptx_tensor_ops, and the load-chain
// and lane-stride code facts on the same text as an entry body). The scans must never crash,
// never count more instructions than the text has statements, and must count the same whether
// a statement is followed by a comment or not; the lane mix's shares are finite, non-negative
// and add up to its total.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "fuzz/fuzz_support.h"
#include "generators/ptx_lane_stride.h"
#include "generators/ptx_load_chain.h"
#include "generators/ptx_scan.h"

using namespace solver;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  generators::TensorOps ops = generators::scan_ptx_tensor_ops(text);
  if (ops.mma < 0 || ops.wgmma < 0 || ops.tcgen05 < 0) fuzz::violated("negative count", text);
  // Each counted instruction needs at least its mnemonic's bytes ("mma.sp" is the shortest).
  if (std::size_t(ops.total()) * 6 > size)
    fuzz::violated("more instructions than the text can hold", text);
  // A comment appended on its own line changes nothing.
  generators::TensorOps again =
      generators::scan_ptx_tensor_ops(text + "\n// wmma.mma.sync mma.sync\n");
  if (again.total() != ops.total()) fuzz::violated("a trailing comment changed the count", text);
  // The load chain may decline (its work budget); when it answers, the count is in range.
  std::optional<int> chain = generators::ptx_load_chain_loads(text);
  if (chain && (*chain < 0 || std::size_t(*chain) * 2 > size))
    fuzz::violated("load chain count out of range", text);
  generators::LaneAccessMix mix = generators::ptx_lane_access_mix(text);
  for (double v :
       {mix.contiguous, mix.strided, mix.unknown, mix.stores, mix.store_fill, mix.index_loads})
    if (!(v >= 0) || !std::isfinite(v))
      fuzz::violated("lane mix weight negative or not finite", text);
  if (mix.store_fill > mix.stores * (1 + 1e-9) + 1e-9)
    fuzz::violated("more filling stores than stores", text);
  if (mix.index_loads > mix.contiguous * (1 + 1e-9) + 1e-9)
    fuzz::violated("more index loads than contiguous accesses", text);
  return 0;
}
