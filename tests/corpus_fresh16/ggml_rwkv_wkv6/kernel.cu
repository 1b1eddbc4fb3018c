// corpus_fresh16: ggml_rwkv_wkv6 -- llama.cpp / ggml, GGML_OP_RWKV_WKV6 (RWKV-6 "Finch" time
// mixing; ggml/src/ggml-cuda/wkv.cu: rwkv_wkv_f32<CUDA_WKV_BLOCK_SIZE = 64>, launched as
// <<<B * H, C / H>>>): one block per (sequence, head), one thread per row of the head's 64 x 64
// state, which it keeps in registers while it walks the sequence's tokens one by one; each token's
// k, r and decay go through shared memory between two barriers. Rewritten for the problem format
// (see README.md).

#define HEAD_SIZE 64  // block_size = CUDA_WKV_BLOCK_SIZE

extern "C" __global__ void rwkv_wkv_f32(const int B, const int T, const int C, const int H,
                                        const float* k, const float* v, const float* r,
                                        const float* tf, const float* td, const float* s, float* dst) {
  const int tid = threadIdx.x;
  const int bid = blockIdx.x;

  const int head_size = HEAD_SIZE;
  const int batch_i = bid / H;
  const int head_i = bid % H;
  const int state_size = C * head_size;
  const int n_seq_tokens = T / B;

  float state[HEAD_SIZE];
  __shared__ float _k[HEAD_SIZE], _r[HEAD_SIZE], _tf[HEAD_SIZE], _td[HEAD_SIZE];

#pragma unroll
  for (int i = 0; i < head_size; i++) {
    state[i] = s[batch_i * state_size + head_i * head_size * head_size + i * head_size + tid];
  }

  __syncthreads();
  _tf[tid] = tf[head_i * head_size + tid];
  __syncthreads();

  for (int t = batch_i * n_seq_tokens * C + head_i * head_size + tid;
       t < (batch_i + 1) * n_seq_tokens * C + head_i * head_size + tid; t += C) {
    __syncthreads();
    _k[tid] = k[t];
    _r[tid] = r[t];
    _td[tid] = td[t];
    __syncthreads();

    const float _v = v[t];
    float y = 0;
    for (int j = 0; j < head_size; j += 4) {
      const float4& kk = (const float4&)(_k[j]);
      const float4& rr = (const float4&)(_r[j]);
      const float4& u = (const float4&)(_tf[j]);
      const float4& w = (const float4&)(_td[j]);
      float4& st = (float4&)(state[j]);
      float4 kv;

      kv.x = kk.x * _v;
      kv.y = kk.y * _v;
      kv.z = kk.z * _v;
      kv.w = kk.w * _v;

      y += rr.x * (u.x * kv.x + st.x);
      y += rr.y * (u.y * kv.y + st.y);
      y += rr.z * (u.z * kv.z + st.z);
      y += rr.w * (u.w * kv.w + st.w);

      st.x = st.x * w.x + kv.x;
      st.y = st.y * w.y + kv.y;
      st.z = st.z * w.z + kv.z;
      st.w = st.w * w.w + kv.w;
    }
    dst[t] = y;
  }

#pragma unroll
  for (int i = 0; i < head_size; i++) {
    dst[T * C + batch_i * state_size + head_i * head_size * head_size + i * head_size + tid] = state[i];
  }
}
