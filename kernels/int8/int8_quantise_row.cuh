// A statement fragment (no include guard; kernels/README.md, "Statement fragments"): the body of
// red team 9's quantise_rows (tests/cheats/redteam9_scratch_int8_launder, and red team 13's
// redteam13_int8_module_relay; `kernels: [int8]`): block r narrows row r of the gathered A (rows
// 0..M-1, A[idx[r]]) or of B (rows M..M+N-1) to int8 at its absmax scale, four to a word, into
// INT8_WORDS_A or INT8_WORDS_B (the includer's: red team 9's i32 scratch parameters, red team
// 13's __device__ arrays), and its scale into sa or sb. QK_THREADS threads a block.
  __shared__ float red[QK_THREADS / 32];
  const int r = blockIdx.x;  // rows 0..M-1: A[idx[r]]; rows M..M+N-1: B[r - M]
  const float* src = r < M ? A + (size_t)idx[r] * K : B + (size_t)(r - M) * K;
  int* dst = r < M ? INT8_WORDS_A + (size_t)r * (K / 4) : INT8_WORDS_B + (size_t)(r - M) * (K / 4);
  float amax = 0.f;
  for (int w = threadIdx.x; w < K / 4; w += QK_THREADS) {
    const float4 v = reinterpret_cast<const float4*>(src)[w];
    amax = fmaxf(amax, fmaxf(fmaxf(fabsf(v.x), fabsf(v.y)), fmaxf(fabsf(v.z), fabsf(v.w))));
  }
  for (int o = 16; o > 0; o >>= 1) amax = fmaxf(amax, __shfl_xor_sync(0xffffffffu, amax, o));
  if (threadIdx.x % 32 == 0) red[threadIdx.x / 32] = amax;
  __syncthreads();
  amax = red[0];
  for (int i = 1; i < QK_THREADS / 32; ++i) amax = fmaxf(amax, red[i]);
  const float scale = amax > 0.f ? 127.f / amax : 0.f;
  auto q = [scale](float x) {
    return __float2int_rn(fminf(fmaxf(x * scale, -127.f), 127.f)) & 0xff;
  };
  for (int w = threadIdx.x; w < K / 4; w += QK_THREADS) {
    const float4 v = reinterpret_cast<const float4*>(src)[w];
    dst[w] = q(v.x) | (q(v.y) << 8) | (q(v.z) << 16) | (q(v.w) << 24);
  }
  if (threadIdx.x == 0) (r < M ? sa[r] : sb[r - M]) = amax / 127.f;
