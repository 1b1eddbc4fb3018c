// corpus_fresh13: pt_ctc_loss_alpha -- PyTorch ATen, LossCTC.cu: ctc_loss_log_alpha_gpu_kernel
// <float, int64_t>, the forward (alpha) recursion of the CTC loss (Graves et al. 2006, eqs. 6-8)
// in log space: threads over the extended target positions s, a loop over the input time steps t
// with a barrier per step, each alpha[t][s] a log-sum-exp of up to three alphas of step t-1.
// Rewritten for the problem format (see README.md).

// NVRTC has no libc INFINITY
#define INFINITY __int_as_float(0x7f800000)

// the extended target l': blanks between (and around) the labels
__device__ __forceinline__ long long get_target_prime(const long long* target, long long offset,
                                                      long long stride, long long idx,
                                                      long long BLANK) {
  if (idx % 2 == 0) {
    return BLANK;
  } else {
    return target[offset + stride * (idx / 2)];
  }
}

extern "C" __global__ void ctc_loss_log_alpha_gpu_kernel(
    float* __restrict__ log_alpha_data, const float* log_probs_data,
    const long long* __restrict__ input_lengths, long long max_input_length,
    const long long* __restrict__ targets_data, const long long* __restrict__ target_lengths,
    long long max_target_length, float* __restrict__ neg_log_likelihood_data,
    long long lp_input_stride, long long lp_batch_stride, long long lp_char_stride,
    long long la_batch_stride, long long la_input_stride, long long la_target_stride,
    const long long* __restrict__ tg_batch_offsets, long long tg_target_stride,
    long long batch_size, long long BLANK) {
  const float neginf = -INFINITY;

  // bookkeeping
  long long b = threadIdx.y + blockIdx.y * blockDim.y;
  long long input_length = input_lengths[b];
  long long target_length = target_lengths[b];
  long long lp_batch_offset = b * lp_batch_stride;
  long long la_batch_offset = b * la_batch_stride;
  long long tg_batch_offset = tg_batch_offsets[b];

  if (b >= batch_size) return;

  // first row (t = 0), the three equations for alpha_1 above eq (6)
  for (long long block_s = 0; block_s < 2 * max_target_length + 1; block_s += blockDim.x) {
    long long s = threadIdx.x + block_s;
    float la;
    switch (s) {
      case 0:
        la = log_probs_data[lp_batch_offset + lp_char_stride * BLANK];
        break;
      case 1:
        la = target_length == 0
                 ? neginf
                 : log_probs_data[lp_batch_offset +
                                  lp_char_stride * get_target_prime(targets_data, tg_batch_offset,
                                                                    tg_target_stride, 1, BLANK)];
        break;
      default:
        la = neginf;
    }
    if (s < 2 * max_target_length + 1)
      log_alpha_data[la_batch_offset + la_target_stride * s] = la;
  }

  for (long long block_s = 0; block_s < 2 * max_target_length + 1; block_s += blockDim.x) {
    long long s = threadIdx.x + block_s;

    // these depend on s only, so they are computed once
    long long current_char;  // l_s in eq (6)
    bool have_three;         // which of the two cases of eq (6)
    if (s < 2 * target_length + 1 && target_length > 0) {
      current_char = get_target_prime(targets_data, tg_batch_offset, tg_target_stride, s, BLANK);
      have_three = ((s > 1) && (get_target_prime(targets_data, tg_batch_offset, tg_target_stride,
                                                 s - 2, BLANK) != current_char));
    } else {
      current_char = BLANK;
      have_three = false;
    }
    for (long long t = 1; t < max_input_length; t++) {
      __syncthreads();  // step t reads what the block wrote for step t-1
      if ((t < input_length) && (s < 2 * target_length + 1)) {
        // eqs (6) and (7): la1, la2, la3 are the summands, lamax the log-sum-exp shift
        float la1 = log_alpha_data[la_batch_offset + la_input_stride * (t - 1) + la_target_stride * s];
        float lamax = la1;
        float la2, la3;
        if (s > 0) {
          la2 = log_alpha_data[la_batch_offset + la_input_stride * (t - 1) + la_target_stride * (s - 1)];
          if (la2 > lamax) lamax = la2;
        } else {
          la2 = neginf;
        }
        if (have_three) {
          la3 = log_alpha_data[la_batch_offset + la_input_stride * (t - 1) + la_target_stride * (s - 2)];
          if (la3 > lamax) lamax = la3;
        } else {
          la3 = neginf;
        }
        if (lamax == neginf) lamax = 0;  // all three are -inf

        log_alpha_data[la_batch_offset + la_input_stride * t + la_target_stride * s] =
            logf(expf(la1 - lamax) + expf(la2 - lamax) + expf(la3 - lamax)) + lamax +
            log_probs_data[lp_batch_offset + t * lp_input_stride + lp_char_stride * current_char];
      } else {
        // outside the valid t, s: -inf
        if (s < 2 * max_target_length + 1)
          log_alpha_data[la_batch_offset + la_input_stride * t + la_target_stride * s] = neginf;
      }
    }
  }
  __syncthreads();

  // the loss, eq (8)
  if (threadIdx.x == 0) {
    float l1 = log_alpha_data[la_batch_offset + la_input_stride * (input_length - 1) +
                              la_target_stride * (target_length * 2)];
    float l2 = target_length > 0
                   ? log_alpha_data[la_batch_offset + la_input_stride * (input_length - 1) +
                                    la_target_stride * (target_length * 2 - 1)]
                   : neginf;
    float m = ((l1 > l2) ? l1 : l2);
    m = ((m == neginf) ? 0 : m);
    float log_likelihood = logf(expf(l1 - m) + expf(l2 - m)) + m;
    neg_log_likelihood_data[b] = -log_likelihood;
  }
}
