// corpus_fresh21: ggml_ssm_scan_mamba -- llama.cpp (ggml-org/llama.cpp),
// ggml/src/ggml-cuda/ssm-scan.cu: ssm_scan_f32<splitD = 128, N = 16, L_template = 0>, the
// Mamba-1 selective scan of GGML_OP_SSM_SCAN (ssm_scan_f32_cuda's Mamba-1 branch, n_tok > 8).
// One 128-thread block per (sequence, 128 channels); each thread keeps its channel's 16 states
// and 16 A values in registers and walks the tokens in order: per token the first 16 threads
// stage B[i] and C[i] in shared memory, a barrier, then softplus(dt), 16 exp(dt * A[n]) state
// updates and the output sum, the y store, a second barrier.
// Rewritten for the problem format (see README.md): splitD, N and L_template fixed, extern "C",
// GGML_CUDA_RESTRICT as __restrict__, ggml_cuda_pdl_sync() dropped (no programmatic dependent
// launch here), the initial state load and the final state store as the origin's non-CUB
// branch (the CUB BlockLoad / BlockStore of the CUDA build moves the same 16 floats a thread
// through shared memory once per launch); the token loop, the barriers, the byte strides and
// the launch as the origin's.

#define SSM_SPLIT_D 128
#define SSM_N 16

extern "C" __global__ void __launch_bounds__(SSM_SPLIT_D, 1)
    ssm_scan_f32(const float* src0_ptr, const float* src1_ptr, const float* src2_ptr,
                 const float* src3_ptr, const float* src4_ptr, const float* src5_ptr,
                 const int* src6_ptr, float* dst_ptr, const int src0_nb2, const int src0_nb3,
                 const int src1_nb2, const int src1_nb3, const int src2_nb1, const int src2_nb2,
                 const int src3_nb1, const int src4_nb2, const int src4_nb3, const int src5_nb2,
                 const int src5_nb3, const long long s_off, const long long d_inner,
                 const long long L_param) {
  const float* __restrict__ src0 = src0_ptr;  // initial states {N, d_inner, n_rs}
  const float* __restrict__ src1 = src1_ptr;  // x {d_inner, n_tok, n_seq}
  const float* __restrict__ src2 = src2_ptr;  // dt {d_inner, n_tok, n_seq}
  const float* __restrict__ src3 = src3_ptr;  // A {N, d_inner}
  const float* __restrict__ src4 = src4_ptr;  // B {N, 1, n_tok, n_seq}
  const float* __restrict__ src5 = src5_ptr;  // C {N, 1, n_tok, n_seq}
  const int* __restrict__ src6 = src6_ptr;    // state row of each sequence
  float* __restrict__ dst = dst_ptr;          // y, then the final states from byte s_off
  const size_t L = L_param;

  const float* s0_block = (const float*)((const char*)src0 + src6[blockIdx.x] * src0_nb3 +
                                         blockIdx.y * SSM_SPLIT_D * src0_nb2);
  const float* x_block = (const float*)((const char*)src1 + (blockIdx.x * src1_nb3) +
                                        blockIdx.y * SSM_SPLIT_D * sizeof(float));
  const float* dt_block = (const float*)((const char*)src2 + (blockIdx.x * src2_nb2) +
                                         blockIdx.y * SSM_SPLIT_D * sizeof(float));
  const float* A_block = (const float*)((const char*)src3 + blockIdx.y * SSM_SPLIT_D * src3_nb1);
  const float* B_block = (const float*)((const char*)src4 + (blockIdx.x * src4_nb3));
  const float* C_block = (const float*)((const char*)src5 + (blockIdx.x * src5_nb3));
  float* y_block = (float*)((char*)dst + (blockIdx.x * d_inner * L * sizeof(float)) +
                            blockIdx.y * SSM_SPLIT_D * sizeof(float));
  float* s_block = (float*)((char*)dst + s_off + blockIdx.x * src0_nb3 +
                            blockIdx.y * SSM_SPLIT_D * src0_nb2);

  const int stride_x = src1_nb2 / sizeof(float);
  const int stride_dt = src2_nb1 / sizeof(float);
  const int stride_B = src4_nb2 / sizeof(float);
  const int stride_C = src5_nb2 / sizeof(float);
  const int stride_y = d_inner;

  float regA[SSM_N];
  float regs0[SSM_N];
  __shared__ float smemB[SSM_N];
  __shared__ float smemC[SSM_N];

  const int stride_s0 = src0_nb2 / sizeof(float);
  const int stride_A = src3_nb1 / sizeof(float);
#pragma unroll
  for (size_t n = 0; n < SSM_N; ++n) {
    regA[n] = A_block[threadIdx.x * stride_A + n];
    regs0[n] = s0_block[threadIdx.x * stride_s0 + n];
  }

#pragma unroll
  for (size_t i = 0; i < L; i++) {
    if (threadIdx.x < SSM_N) {
      smemB[threadIdx.x] = B_block[i * stride_B + threadIdx.x];
      smemC[threadIdx.x] = C_block[i * stride_C + threadIdx.x];
    }
    __syncthreads();

    float dt_soft_plus = dt_block[i * stride_dt + threadIdx.x];
    if (dt_soft_plus <= 20.0f) dt_soft_plus = log1pf(expf(dt_soft_plus));
    const float x_dt = x_block[i * stride_x + threadIdx.x] * dt_soft_plus;

    float sumf = 0.0f;
#pragma unroll
    for (size_t n = 0; n < SSM_N; n++) {
      const float state = regs0[n] * expf(dt_soft_plus * regA[n]) + smemB[n] * x_dt;
      sumf += state * smemC[n];
      regs0[n] = state;
    }
    y_block[i * stride_y + threadIdx.x] = sumf;
    __syncthreads();
  }

  const int stride_s = stride_s0;
#pragma unroll
  for (size_t n = 0; n < SSM_N; ++n) s_block[threadIdx.x * stride_s + n] = regs0[n];
}
