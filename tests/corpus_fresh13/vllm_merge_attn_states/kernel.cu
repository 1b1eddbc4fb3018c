// corpus_fresh13: vllm_merge_attn_states -- vLLM, merge_attn_states_kernel<float, 128>: merges two
// partial attention outputs (prefix and suffix, e.g. the two halves of a split-KV or cascade
// attention) with their log-sum-exps, section 2.2 of arXiv:2501.01005. One thread per 16-byte
// pack of a head's output. Rewritten for the problem format (see README.md).

// NVRTC has no libc INFINITY
#define INFINITY __int_as_float(0x7f800000)

#define NUM_THREADS 128

extern "C" __global__ void merge_attn_states_kernel(float* output, float* output_lse,
                                                    const float* prefix_output,
                                                    const float* prefix_lse,
                                                    const float* suffix_output,
                                                    const float* suffix_lse,
                                                    const unsigned int num_tokens,
                                                    const unsigned int num_heads,
                                                    const unsigned int head_size) {
  using pack_128b_t = uint4;
  const unsigned int pack_size = 16 / sizeof(float);
  const unsigned int threads_per_head = head_size / pack_size;

  const unsigned int global_idx = blockIdx.x * NUM_THREADS + threadIdx.x;
  const unsigned int token_head_threads = num_tokens * num_heads * threads_per_head;
  if (global_idx >= token_head_threads) return;

  // global_idx -> token, head, pack
  const unsigned int token_head_idx = global_idx / threads_per_head;
  const unsigned int pack_idx = global_idx % threads_per_head;
  const unsigned int token_idx = token_head_idx / num_heads;
  const unsigned int head_idx = token_head_idx % num_heads;

  const unsigned int pack_offset = pack_idx * pack_size;
  const unsigned int head_offset = token_idx * num_heads * head_size + head_idx * head_size;
  const float* prefix_head_ptr = prefix_output + head_offset;
  const float* suffix_head_ptr = suffix_output + head_offset;
  float* output_head_ptr = output + head_offset;

  float p_lse = prefix_lse[head_idx * num_tokens + token_idx];
  float s_lse = suffix_lse[head_idx * num_tokens + token_idx];
  p_lse = isinf(p_lse) ? -INFINITY : p_lse;
  s_lse = isinf(s_lse) ? -INFINITY : s_lse;

  const float max_lse = fmaxf(p_lse, s_lse);
  p_lse = p_lse - max_lse;
  s_lse = s_lse - max_lse;
  const float p_se = expf(p_lse);
  const float s_se = expf(s_lse);
  const float out_se = p_se + s_se;
  const float p_scale = p_se / out_se;
  const float s_scale = s_se / out_se;

  if (pack_offset < head_size) {
    // one 128-bit load of each input, one 128-bit store
    pack_128b_t p_out_pack = reinterpret_cast<const pack_128b_t*>(prefix_head_ptr)[pack_offset / pack_size];
    pack_128b_t s_out_pack = reinterpret_cast<const pack_128b_t*>(suffix_head_ptr)[pack_offset / pack_size];
    pack_128b_t o_out_pack;
#pragma unroll
    for (unsigned int i = 0; i < pack_size; ++i) {
      const float p_out_f = reinterpret_cast<const float*>(&p_out_pack)[i];
      const float s_out_f = reinterpret_cast<const float*>(&s_out_pack)[i];
      const float o_out_f = p_out_f * p_scale + (s_out_f * s_scale);
      reinterpret_cast<float*>(&o_out_pack)[i] = o_out_f;
    }
    reinterpret_cast<pack_128b_t*>(output_head_ptr)[pack_offset / pack_size] = o_out_pack;
  }
  // the merged log-sum-exp, once per head
  if (output_lse != nullptr && pack_idx == 0) {
    float out_lse = logf(out_se) + max_lse;
    output_lse[head_idx * num_tokens + token_idx] = out_lse;
  }
}
