// Writes a worker kernel source to stdout, so the build can compile the same text as host C++:
// the derivation kernels (engine/backend/gpu/derive_source.h; gpu_derive_emulation_test) by
// default, the audit's comparison (compare_source.h; gpu_compare_emulation_test) with `compare`,
// the tolerance lint's share passes (share_source.h; gpu_shares_emulation_test) with `shares`.
#include <cstdio>
#include <cstring>

#include "engine/backend/gpu/compare_source.h"
#include "engine/backend/gpu/derive_source.h"
#include "engine/backend/gpu/share_source.h"

int main(int argc, char** argv) {
  const bool compare = argc > 1 && std::strcmp(argv[1], "compare") == 0;
  const bool shares = argc > 1 && std::strcmp(argv[1], "shares") == 0;
  const char* text = compare  ? solver::gpu::compare_source()
                     : shares ? solver::gpu::share_source()
                              : solver::gpu::derive_source();
  return std::fputs(text, stdout) < 0 ? 1 : 0;
}
