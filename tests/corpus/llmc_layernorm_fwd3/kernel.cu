// corpus: llmc_layernorm_fwd3 -- from karpathy/llm.c, dev/cuda/layernorm_forward.cu (layernorm_forward_kernel3) @ f1e2ace65149
// license: MIT (Copyright (c) 2024 Andrej Karpathy)
// adapted: extern "C"; cooperative_groups warp tile and cg::reduce written as __shfl_xor_sync (same warp-per-row algorithm); B=32 T=1024 C=768, block 512
__device__ __forceinline__ float warp_sum(float v) {  // cg::reduce(warp, v, cg::plus<float>{})
    for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
    return v;
}
extern "C" __global__ void layernorm_forward_kernel3(float* __restrict__ out, float* __restrict__ mean, float* __restrict__ rstd,
                                    const float*  __restrict__ inp, const float*  __restrict__ weight,
                                    const float* __restrict__ bias, int N, int C) {
    const int lane = threadIdx.x % 32;          // warp.thread_rank()
    int idx = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32;  // meta_group_size/rank
    if(idx >= N) {
        return;
    }
    const float* x = inp + idx * C;
    float sum = 0.0f;
    for (int i = lane; i < C; i += 32) {
        sum += x[i];
    }
    sum = warp_sum(sum);
    float m = sum / C;
    if(lane == 0 && mean != nullptr) {
        __stcs(mean + idx, m);
    }
    sum = 0.0f;
    for (int i = lane; i < C; i += 32) {
        float diff = x[i] - m;
        sum += diff * diff;
    }
    sum = warp_sum(sum);
    float s = rsqrtf(sum / C + 1e-5f);
    if(lane == 0 && rstd != nullptr) {
        __stcs(rstd + idx, s);
    }
    float* o = out + idx * C;
    for (int c = lane; c < C; c += 32) {
        float n = s * (__ldcs(x+c) - m);
        __stcs(o+c, n * weight[c] + bias[c]);
    }
}
