// Reference for corpus_fresh27 ft_gather_tree (written for the corpus; the tokens are integers
// and compared exactly): one thread per (batch, beam), the backtrack through the parent
// pointers from the last step to the first, the tail after the first end token (from the
// first generated step on) overwritten with end tokens, the tokens written time-major (beams)
// and beam-major (output_ids), and each beam's length the kernel's update of it (+ the final
// step). For the instance's full-length inputs: no padding, no prompts.
extern "C" __global__ void gather_tree_ref(const int* step_ids, const int* parent_ids,
                                           const int* end_tokens, const int* input_lengths,
                                           double* beams, double* max_sequence_lengths,
                                           double* output_ids, int max_time, int batch_size,
                                           int beam_width, int final_step, int max_input_length) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= batch_size * beam_width) return;
  const int b = i / beam_width, bw = batch_size * beam_width;
  // the beam lengths as the kernel leaves them (the longest of the batch sets the walk)
  int max_len = -1;
  for (int j = 0; j < beam_width; ++j) {
    const int len = (int)max_sequence_lengths[b * beam_width + j] + final_step;
    if (len > max_len) max_len = len;
  }
  __syncthreads();
  max_sequence_lengths[i] += final_step;
  const int L = min(max_time, max_len);
  const int end = end_tokens[b];
  int beam = i % beam_width;
  for (int t = L - 1; t >= 0; --t) {
    const int ix = bw * t + beam_width * b + beam;
    beams[bw * t + i] = step_ids[ix];
    beam = parent_ids[ix] % beam_width;
  }
  for (int t = L; t < max_time; ++t) beams[bw * t + i] = end;
  bool finished = false;
  for (int t = (max_input_length == 0 ? 1 : max_input_length); t < L; ++t) {
    if (finished) beams[bw * t + i] = end;
    else if (beams[bw * t + i] == (double)end) finished = true;
  }
  for (int t = 0; t < max_time; ++t) output_ids[(long long)i * max_time + t] = beams[bw * t + i];
}
