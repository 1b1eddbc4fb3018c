// libFuzzer target: arbitrary bytes as PTX (generators::scan_ptx_tensor_ops). The scan must
// never crash, never count more instructions than the text has statements, and must count
// the same whether a statement is followed by a comment or not.
#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz/fuzz_support.h"
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
  return 0;
}
