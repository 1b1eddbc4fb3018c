#include "engine/backend/gpu/local_scrub_source.h"

namespace solver::gpu {

// A local array of exactly `WORDS` words, written through st.local on its own address. Stores
// to local memory that nothing reads are dead to the compiler (a C++ array never read, volatile
// or not, and asm st.local alike leave no frame at all), so one word at an index only known at
// run time is read back and written to `sink` by one thread, the loop not unrolled (a small
// array would become registers): every store may be the one read, so all are kept, and the
// frame is the size asked for. Each word gets the run's value mixed with its index.
const char* local_scrub_source() {
  return R"(
extern "C" __global__ void __launch_bounds__(256) solver_local_scrub(unsigned v, unsigned* sink) {
  unsigned frame[WORDS];
  const size_t base = __cvta_generic_to_local(frame);
#pragma unroll 1
  for (int i = 0; i < WORDS; ++i)
    asm volatile("st.local.u32 [%0], %1;" ::"l"(base + 4 * (size_t)i),
                 "r"(v ^ (unsigned)i * 0x9e3779b9u) : "memory");
  unsigned r;
  asm volatile("ld.local.u32 %0, [%1];" : "=r"(r) : "l"(base + 4 * (size_t)(v % WORDS)) : "memory");
  if (threadIdx.x == 0 && blockIdx.x == 0) *sink = r;
}
)";
}

std::vector<std::string> local_scrub_options(const std::string& arch, int words) {
  return {"--gpu-architecture=" + arch, "-default-device", "-DWORDS=" + std::to_string(words)};
}

}  // namespace solver::gpu
