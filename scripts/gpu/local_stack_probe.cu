// Red team round 12 (issue 28): does a callee's stack frame outlive its kernel, and does the
// worker's local-memory scrub reach it? The scrub (engine/backend/gpu/local_scrub.cpp) runs
// before a variant's run only when an entry's CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES is above 0, with
// a frame of that size. tests/cheats/redteam12_callee_stack_carry keeps its carry in the frame
// of a function called through a pointer (ptxas cannot inline it), so its entry has no frame of
// its own. Prints: the attribute of that shape of entry and of an entry with its own frame, and
// the share of threads whose callee frame still holds its tag after (a) a plain relaunch,
// (b) the worker's scrub (none where the attribute is 0), (c) a kernel with a 1 KiB frame, (d) a
// scrub with the callee's frame size (what a fix sized by the call graph would run).
// Build: nvcc -arch=sm_90 -O3 -o local_stack_probe local_stack_probe.cu
#include <cuda_runtime.h>

#include <cstdio>

#define WORDS 160

__device__ __forceinline__ unsigned ld_local(size_t a) {
  unsigned v;
  asm volatile("ld.local.u32 %0, [%1];" : "=r"(v) : "l"(a) : "memory");
  return v;
}
__device__ __forceinline__ void st_local(size_t a, unsigned v) {
  asm volatile("st.local.u32 [%0], %1;" ::"l"(a), "r"(v) : "memory");
}
__device__ __forceinline__ unsigned slot_tag(unsigned salt) {
  unsigned s, w = threadIdx.x / 32, l = threadIdx.x % 32;
  asm volatile("mov.u32 %0, %%smid;" : "=r"(s));
  return 0x57ac4ca7u ^ salt ^ (s << 12) ^ (w << 6) ^ l;
}

// The carry's shape: a tag and WORDS words in the callee's frame; a hit when every word holds
// what the last launch on this hardware slot wrote.
__device__ __noinline__ void callee(unsigned salt, unsigned* hits) {
  unsigned frame[WORDS + 1];
  const size_t base = __cvta_generic_to_local(frame);
  const unsigned tag = slot_tag(salt);
  bool hit = ld_local(base) == tag;
#pragma unroll 1
  for (int i = 1; i <= WORDS; ++i) {
    hit = hit && ld_local(base + 4 * i) == tag * 0x9e3779b9u + i;
    st_local(base + 4 * i, tag * 0x9e3779b9u + i);
  }
  st_local(base, tag);
  if (hit) atomicAdd(hits, 1u);
}
typedef void (*callee_fn)(unsigned, unsigned*);
__device__ callee_fn g_callee = callee;

extern "C" __global__ void __launch_bounds__(1024, 1)
    through_callee(unsigned salt, unsigned* hits) {
  const callee_fn f = g_callee;
  f(salt, hits);
}

// An entry with its own frame of the same words (red team 9's shape), for the attribute.
extern "C" __global__ void __launch_bounds__(1024, 1) own_frame(unsigned salt, unsigned* hits) {
  unsigned frame[WORDS + 1];
  const size_t base = __cvta_generic_to_local(frame);
#pragma unroll 1
  for (int i = 0; i <= WORDS; ++i) st_local(base + 4 * i, salt + i);
  if (ld_local(base + 4 * (salt % WORDS)) == 0xffffffffu) atomicAdd(hits, 1u);
}

// The worker's scrub (local_scrub_source.cpp) with a frame of WORDS_S words.
template <int WORDS_S>
__global__ void __launch_bounds__(256) scrub(unsigned v, unsigned* sink) {
  unsigned frame[WORDS_S];
  const size_t base = __cvta_generic_to_local(frame);
#pragma unroll 1
  for (int i = 0; i < WORDS_S; ++i) st_local(base + 4 * i, v ^ (unsigned)i * 0x9e3779b9u);
  unsigned r = ld_local(base + 4 * (v % WORDS_S));
  if (threadIdx.x == 0 && blockIdx.x == 0) *sink = r;
}

int main() {
  int sms = 0;
  if (cudaError_t e = cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
      e != cudaSuccess || sms <= 0) {
    printf("no device: %s\n", cudaGetErrorString(e));
    return 1;
  }
  cudaFuncAttributes a{}, b{};
  cudaFuncGetAttributes(&a, through_callee);
  cudaFuncGetAttributes(&b, own_frame);
  size_t stack = 0;
  cudaDeviceGetLimit(&stack, cudaLimitStackSize);
  printf(
      "localSizeBytes: entry calling through a pointer %zu, entry with its own frame %zu; "
      "stack limit %zu B a thread\n",
      a.localSizeBytes, b.localSizeBytes, stack);
  unsigned *hits = nullptr, *sink = nullptr;
  cudaMalloc(&hits, 4);
  cudaMalloc(&sink, 4);
  const unsigned threads = unsigned(sms) * 1024u;
  auto run = [&](const char* what, int between) {
    unsigned got = 0;
    cudaMemset(hits, 0, 4);
    through_callee<<<sms, 1024>>>(7u, hits);  // writes the tags
    if ((between == 1 && a.localSizeBytes > 0) || between == 3) {
      int per_sm = 0;
      // The worker's scrub is sized by the attribute; only a size of WORDS + 1 words is built here.
      cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, scrub<WORDS + 1>, 256, 0);
      scrub<WORDS + 1><<<sms * per_sm, 256>>>(0x1234u, sink);
    }
    if (between == 2) {
      int per_sm = 0;
      cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, scrub<256>, 256, 0);
      scrub<256><<<sms * per_sm, 256>>>(0x4321u, sink);
    }
    cudaMemset(hits, 0, 4);
    through_callee<<<sms, 1024>>>(7u, hits);  // counts the tags still there
    cudaMemcpy(&got, hits, 4, cudaMemcpyDeviceToHost);
    printf("%s: %u of %u threads found their callee frame as left (%.1f%%)%s\n", what, got, threads,
           100.0 * got / threads, cudaGetLastError() == cudaSuccess ? "" : " [CUDA error]");
  };
  run("relaunch", 0);
  run(a.localSizeBytes > 0 ? "after a scrub sized by the attribute"
                           : "after the worker's scrub (attribute 0: the worker runs none)",
      1);
  run("after a kernel with a 1 KiB frame", 2);
  run("after a scrub with the callee's frame size (a fix sized by the call graph)", 3);
  return 0;
}
