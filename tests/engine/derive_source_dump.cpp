// Writes the derivation kernels' source (engine/backend/gpu/derive_source.h) to stdout, so the
// build can compile the same text as host C++ (gpu_derive_emulation_test).
#include <cstdio>

#include "engine/backend/gpu/derive_source.h"

int main() { return std::fputs(solver::gpu::derive_source(), stdout) < 0 ? 1 : 0; }
