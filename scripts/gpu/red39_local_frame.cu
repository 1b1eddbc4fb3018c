// Red team 39 (tests/cheats/redteam39_local_frame_relay, redteam39_placement_window): the two
// device assumptions of round 39's P10t cheats.
// 1. Local frames: does a slot's local memory keep, from one kernel to the next, what a kernel with
//    the same 16-byte frame stored there? (The worker's local scrub assumes so: local_scrub.h.) A
//    stamp kernel over every warp slot (4,224 x 256) stores %globaltimer and its complement, then
//    a reader (1,056 x 256, the cheat's reduce geometry) counts the threads whose frame holds the
//    pair and the stamps' bits 28..32; then the same with a scrub-like kernel (same frame, one word
//    twice) between them, and with a kernel with a 1 KiB frame between them.
// 2. Placement: bits 21..24 of 8 successive cudaMalloc bases of a 300 MB arena (the worker adds a
//    random multiple of 2 MiB, 0..15, to its arena base: uniform in those bits where the base is
//    2 MiB-aligned); printed with each base modulo 2 MiB.
// nvcc -O2 -arch=sm_90 -o red39_local_frame red39_local_frame.cu && ./red39_local_frame
#include <cstdio>
#include <cuda_runtime.h>

__global__ void __launch_bounds__(256) stamp() {
  unsigned long long frame[2], now;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(now));
  const unsigned long long at = __cvta_generic_to_local(frame);
  asm volatile("st.local.u64 [%0], %1;\n\tst.local.u64 [%0+8], %2;" ::"l"(at), "l"(now), "l"(~now)
               : "memory");
}
__global__ void __launch_bounds__(256) scrub_like(unsigned long long word) {
  unsigned long long frame[2];
  const unsigned long long at = __cvta_generic_to_local(frame);
  asm volatile("st.local.u64 [%0], %1;\n\tst.local.u64 [%0+8], %1;" ::"l"(at), "l"(word) : "memory");
}
__global__ void __launch_bounds__(256) big_frame(int k, float* sink) {
  volatile float f[256];
  for (int i = 0; i < 256; ++i) f[i] = float(i ^ k);
  if (f[k & 255] == -1.f) sink[0] = 1.f;
}
__global__ void __launch_bounds__(256) look(unsigned long long* hits, unsigned long long* window) {
  unsigned long long frame[2], t, u;
  const unsigned long long at = __cvta_generic_to_local(frame);
  asm volatile("ld.local.u64 %0, [%2];\n\tld.local.u64 %1, [%2+8];" : "=l"(t), "=l"(u) : "l"(at)
               : "memory");
  if ((t ^ u) == ~0ull) {
    atomicAdd(hits, 1ull);
    atomicOr(window, 1ull << ((t >> 28) & 31));
  }
}

int main() {
  unsigned long long *d, h[2];
  float* sink;
  cudaMalloc(&d, 16);
  cudaMalloc(&sink, 4);
  const unsigned long long threads = 1056ull * 256;
  for (int between = 0; between < 3; ++between) {
    cudaMemset(d, 0, 16);
    stamp<<<4224, 256>>>();
    if (between == 1) scrub_like<<<4224, 256>>>(0x0123456789abcdefull);
    if (between == 2) big_frame<<<4224, 256>>>(7, sink);
    look<<<1056, 256>>>(d, d + 1);
    cudaMemcpy(h, d, 16, cudaMemcpyDeviceToHost);
    std::printf("local: %s: %llu of %llu reader threads found the stamp (window bits seen %#llx)\n",
                between == 0 ? "stamp then reader" : between == 1 ? "a same-frame scrub between"
                                                                  : "a 1 KiB-frame kernel between",
                h[0], threads, h[1]);
  }
  for (int k = 0; k < 8; ++k) {
    void* p = nullptr;
    cudaMalloc(&p, size_t(300) << 20);
    const unsigned long long a = reinterpret_cast<unsigned long long>(p);
    std::printf("placement: base %#llx, mod 2 MiB %llu, bits 21..24 %llu\n", a, a & ((1ull << 21) - 1),
                (a >> 21) & 15);
    cudaFree(p);
  }
  std::printf("error: %s\n", cudaGetErrorString(cudaGetLastError()));
  return 0;
}
