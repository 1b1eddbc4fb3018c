// Reference for corpus_fresh13 vllm_merge_attn_states (written for the corpus): the merged
// attention output o = (e^p o_p + e^s o_s) / (e^p + e^s) and its log-sum-exp, in float64.
#define INFINITY __longlong_as_double(0x7ff0000000000000LL)
extern "C" __global__ void merge_attn_ref(unsigned int num_tokens, unsigned int num_heads, unsigned int head_size,
                                          const float* prefix_output, const float* prefix_lse,
                                          const float* suffix_output, const float* suffix_lse,
                                          double* output, double* output_lse) {
  const long long rows = (long long)num_tokens * num_heads;
  for (long long r = (long long)blockIdx.x * blockDim.x + threadIdx.x; r < rows;
       r += (long long)blockDim.x * gridDim.x) {
    const long long t = r / num_heads, h = r % num_heads;
    double p = prefix_lse[h * num_tokens + t], s = suffix_lse[h * num_tokens + t];
    if (isinf(p)) p = -INFINITY;
    if (isinf(s)) s = -INFINITY;
    const double m = p > s ? p : s;
    const double pe = exp(p - m), se = exp(s - m), sum = pe + se;
    for (long long d = 0; d < head_size; ++d) {
      const long long o = r * head_size + d;
      output[o] = (prefix_output[o] * pe + suffix_output[o] * se) / sum;
    }
    output_lse[h * num_tokens + t] = log(sum) + m;
  }
}
