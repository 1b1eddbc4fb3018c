// corpus_fresh27: ft_gather_tree -- NVIDIA FasterTransformer (NVIDIA/FasterTransformer),
// src/fastertransformer/kernels/decoding_kernels.cu: gatherTree, the end of beam search in
// FasterTransformer's GPT (ParallelGpt::forward): a thread per (batch, beam) walks the beam's
// parent pointers back from the last step to the first, writing the token of each step, then
// marks everything after a beam's first end token as end tokens, then transposes its row of
// tokens into output_ids.
// Rewritten for the problem format (see README.md): extern "C", the gatherTreeParam struct
// passed by value as its fields (the pointers ParallelGpt leaves null -- prefix soft prompt and
// p-prompt-tuning lengths, response_input_lengths -- as absent: their lengths read as 0 and
// their update skipped, as the origin's null tests give); the loops, the GET_IX indexing, the
// __ldg loads and the launch (one block of batch * beam_width threads) as the origin's.
extern "C" __global__ void gatherTree(int* beams, int* max_sequence_lengths,
                                      int max_sequence_length_final_step,
                                      const int* input_lengths, int max_time, int batch_size,
                                      int beam_width, const int* step_ids, const int* parent_ids,
                                      const int* end_tokens, int max_input_length_,
                                      int max_input_without_prompt_length,
                                      int max_prefix_soft_prompt_length, int* output_ids) {
  const int max_input_length = input_lengths == nullptr ? 0 : max_input_length_;

  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < batch_size * beam_width;
       i += gridDim.x * blockDim.x) {
    const int batch = i / beam_width;
    const int beam = i % beam_width;
    const int prompt_len = 0;  // prefix_soft_prompt_lengths == nullptr
    int input_len = input_lengths == nullptr ? 0 : input_lengths[i];
    const int virtual_prompt_length = 0;  // p_prompt_tuning_prompt_lengths == nullptr
    input_len -= virtual_prompt_length;

    int max_len = -1;
    for (int j = 0; j < beam_width; j++) {
      int tmp_len = max_sequence_lengths[batch * beam_width + j] + max_sequence_length_final_step;
      // also remove the length of the soft prompts, p_prompt_tuning
      max_sequence_lengths[batch * beam_width + j] =
          tmp_len - max_prefix_soft_prompt_length -
          (max_input_length_ - max_input_without_prompt_length);
      // (response_input_lengths == nullptr: not updated)
      if (tmp_len > max_len) {
        max_len = tmp_len;
      }
    }
    const int max_seq_len_b = min(max_time, max_len);
    if (max_seq_len_b <= 0) {
      continue;
    }

#define GET_IX(time_ix, beam_ix) (batch_size * beam_width * (time_ix) + beam_width * batch + (beam_ix))

    const int padding_offset_and_prompt_offset = max_input_length - input_len + prompt_len;
    const int initial_tgt_ix = GET_IX(max_seq_len_b - 1 - padding_offset_and_prompt_offset, beam);
    const int initial_parent_ix = GET_IX(max_seq_len_b - 1, beam);
    beams[initial_tgt_ix] = __ldg(step_ids + initial_parent_ix);
    int parent = parent_ids == nullptr ? 0 : __ldg(parent_ids + initial_parent_ix) % beam_width;
    bool found_bad = false;

    for (int level = max_seq_len_b - 2; level >= 0; --level) {
      if (level < prompt_len || (level >= input_len && level < max_input_length)) {
        continue;
      }
      int tgt_level =
          level >= max_input_length ? level - padding_offset_and_prompt_offset : level - prompt_len;
      const int level_beam_ix = GET_IX(tgt_level, beam);
      const int level_parent_ix = GET_IX(level, parent);
      if (parent < 0 || parent > beam_width) {
        beams[level_beam_ix] = end_tokens[batch];
        parent = -1;
        found_bad = true;
      } else {
        beams[level_beam_ix] = __ldg(step_ids + level_parent_ix);
        parent = parent_ids == nullptr ? 0 : __ldg(parent_ids + level_parent_ix) % beam_width;
      }
    }

    // set the padded part as end_token
    for (int index = max_len - padding_offset_and_prompt_offset;
         index < max_time - max_prefix_soft_prompt_length; ++index) {
      beams[GET_IX(index, beam)] = end_tokens[batch];
    }

    // Not necessary when using a BeamSearchDecoder, but necessary when a user feeds in possibly
    // broken trajectory (i.e., non-eos entries in a beam following eos entries).
    if (!found_bad) {
      bool finished = false;
      // skip the step 0 because it is often the start token
      int start_step = max_input_length == 0 ? 1 : max_input_length;
      for (int time = start_step; time < max_seq_len_b; ++time) {
        const int level_beam_ix = GET_IX(time, beam);
        if (finished) {
          beams[level_beam_ix] = end_tokens[batch];
        } else if (beams[level_beam_ix] == end_tokens[batch]) {
          finished = true;
        }
      }
    }
#undef GET_IX

    // transpose on output_ids, removing p-prompt-tuning virtual tokens
    int actual_output_length = max_time - max_prefix_soft_prompt_length -
                               (max_input_length_ - max_input_without_prompt_length);
    if (output_ids != nullptr) {
      for (int j = 0; j < actual_output_length; j++) {
        output_ids[i * actual_output_length + j] = beams[j * batch_size * beam_width + i];
      }
    }
  }
}
