// control_hon21_embedding_gather child: llm.c's encoder_forward3 shape (Packed128 loads and
// stores; MIT; written here): a thread per 4 channels of one token.
extern "C" __global__ void __launch_bounds__(256)
    encoder_forward_x128(const int* __restrict__ inp, const float* __restrict__ wte,
                         const float* __restrict__ wpe, float* __restrict__ out, int BT, int T,
                         int C) {
  const int idx = blockIdx.x * blockDim.x + threadIdx.x, per_row = C / 4;
  if (idx >= BT * per_row) return;
  const int bt = idx / per_row, c4 = idx % per_row;
  const float4 e = __ldg(reinterpret_cast<const float4*>(wte + (size_t)inp[bt] * C) + c4);
  const float4 p = __ldg(reinterpret_cast<const float4*>(wpe + (size_t)(bt % T) * C) + c4);
  reinterpret_cast<float4*>(out + (size_t)bt * C)[c4] =
      make_float4(e.x + p.x, e.y + p.y, e.z + p.z, e.w + p.w);
}
