// corpus_fresh26: warpctc_compute_alpha -- warp-ctc (baidu-research/warp-ctc), include/detail/gpu_ctc_kernels.h:
// compute_alpha_kernel<float, NT = 128, VT = 1>, the forward pass of the CTC loss (DeepSpeech's
// training loss): one block per utterance of the minibatch, the S = 2L + 1 states of its
// blank-interleaved label sequence spread over the block's threads, and a serial walk over the
// T time steps -- each step a row of alphas in global memory computed from the previous row
// (two or three log-space additions, log1p(exp(-|a - b|)) + max) plus the log of the state's
// label probability at that step, with two __syncthreads a step.
// Rewritten for the problem format (see README.md): extern "C", the template fixed at the
// configuration GpuCTC::create_metadata_and_choose_config picks for S = 121 (the first of its
// (NT, VT) table with NT * VT >= S: (128, 1)), ctc_helper::log_plus and neg_inf written out, the
// origin's unrolled loops and operations otherwise as they are.
#define NT 128
#define VT 1

// -std::numeric_limits<float>::infinity(), spelled by its bits (NVRTC has no <limits> / INFINITY)
__device__ __forceinline__ float ctc_neg_inf() { return __int_as_float(0xff800000); }
// ctc_helper::log_plus<float>
__device__ __forceinline__ float ctc_log_plus(float p1, float p2) {
  if (p1 == ctc_neg_inf()) return p2;
  if (p2 == ctc_neg_inf()) return p1;
  return log1p(exp(-fabs(p1 - p2))) + (p1 < p2 ? p2 : p1);
}

extern "C" __global__ void compute_alpha_kernel(
    const float* probs, const int* label_sizes, const int* utt_length,
    const int* repeats_in_labels, const int* labels_without_blanks, const int* label_offsets,
    int* labels_with_blanks, float* alphas, float* nll_forward, int stride, int out_dim,
    int S_memoffset, int T_memoffset, int blank_label) {
  const int tid = threadIdx.x;
  const int L = label_sizes[blockIdx.x];
  const int T = utt_length[blockIdx.x];
  const int S = 2 * L + 1;
  const int prob_offset = out_dim * blockIdx.x;
  const int repeats = repeats_in_labels[blockIdx.x];
  const int NV = NT * VT;
  __shared__ int label[NV];
  if ((L + repeats) > T) return;
  // labels with blanks from labels without blanks
  {
    const int label_start_offset = label_offsets[blockIdx.x];
    for (int idx = tid; idx < L; idx += blockDim.x) {
      const int offset = (blockIdx.x * S_memoffset) + 2 * idx;
      labels_with_blanks[offset] = blank_label;
      labels_with_blanks[offset + 1] = labels_without_blanks[label_start_offset + idx];
    }
    if (tid == 0) labels_with_blanks[(blockIdx.x * S_memoffset) + 2 * L] = blank_label;
  }
  __syncthreads();
  const int* labels = labels_with_blanks;
  const int* label_global = &labels[blockIdx.x * S_memoffset];
  float* alpha = &alphas[blockIdx.x * (S_memoffset * T_memoffset)];
  // the first row of alpha at -inf
#pragma unroll
  for (int idx = tid; idx < min(S, NV); idx += blockDim.x) alpha[idx] = ctc_neg_inf();
  // labels into shared memory
#pragma unroll
  for (int i = tid; i < S; i += NT) label[i] = label_global[i];
  __syncthreads();
  int start = (L + repeats < T) ? 0 : 1;
  int end = S > 1 ? 2 : 1;
  // the first row, t = 0
  for (int i = tid; i < (end - start); i += blockDim.x)
    alpha[i + start] = log(probs[prob_offset + label[i + start]]);
  __syncthreads();
  // the rest of the matrix, one row at a time
  for (int t = 1; t < T; ++t) {
    const int start_cur_row = t * S;
    const int start_prev_row = (t - 1) * S;
    // probabilities for step t are out_dim * stride apart (stride = minibatch)
    const int start_prob_col = t * (out_dim * stride);
    if (tid == 0) {
      if (start == 0) {
        alpha[start_cur_row] =
            alpha[start_prev_row] + log(probs[prob_offset + start_prob_col + blank_label]);
      } else if (start == 1) {
        alpha[start_cur_row] = alpha[start_prev_row];
      }
    }
    __syncthreads();
#pragma unroll
    for (int idx = (tid + 1); idx < S; idx += blockDim.x) {
      float prev_sum = ctc_log_plus(alpha[idx + start_prev_row], alpha[(idx - 1) + start_prev_row]);
      // skip two if not on a blank and not on a repeat
      if ((label[idx] != blank_label) && (idx != 1) && (label[idx] != label[idx - 2]))
        prev_sum = ctc_log_plus(prev_sum, alpha[(idx - 2) + start_prev_row]);
      alpha[idx + start_cur_row] = prev_sum + log(probs[prob_offset + start_prob_col + label[idx]]);
    }
    __syncthreads();
  }
  if (tid == 0) {
    // the rightmost two (or one) elements of the last row
    float loglike = ctc_neg_inf();
    const int val = 2 * (L - 1) + 1 - (((L + repeats) == T) ? 1 : 0);
    start = (val * (L != 0) + start);
    end = (val * (L != 0) + end);
    for (int i = start; i < end; ++i) loglike = ctc_log_plus(loglike, alpha[i + (T - 1) * S]);
    nll_forward[blockIdx.x] = -loglike;
  }
}
