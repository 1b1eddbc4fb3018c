// corpus_fresh5: pt_segment_reduce_powerlaw -- pytorch/pytorch,
// aten/src/ATen/native/cuda/SegmentReduce.cu (segment_reduce_forward_kernel, the
// output_shape.size() > 1 path of torch.segment_reduce with offsets, reduce="sum"), rewritten
// for the problem format (see README.md). One thread per (segment, inner index): it walks its
// segment's rows from offsets[s] to offsets[s + 1] and sums one column.
extern "C" __global__ void segment_reduce_forward_kernel(
    float* output_data, const float* values_data, const long long* lengths_cumsum_data,
    long long segment_count, long long outer_offset, long long inner_offset,
    long long data_stride_axis, long long data_size_axis, long long output_stride_axis,
    long long output_size_axis, long long lengths_cumsum_stride_axis) {
  long long idx = ((long long)blockIdx.x) * blockDim.x + threadIdx.x;
  if (idx >= outer_offset * segment_count * inner_offset) return;
  long long row_id = idx / inner_offset;
  long long lane_id = idx % inner_offset;
  long long outer_idx = row_id / segment_count;
  long long dim_idx = row_id % segment_count;
  long long offset_idx = outer_idx * lengths_cumsum_stride_axis * (segment_count + 1) + dim_idx;
  long long offset_start = lengths_cumsum_data[offset_idx];
  long long offset_end = lengths_cumsum_data[offset_idx + 1];
  float acc = 0.0f;  // the initial value of a sum
  for (long long j = offset_start; j < offset_end; ++j) {
    long long data_index =
        outer_idx * data_stride_axis * data_size_axis + j * data_stride_axis + lane_id;
    acc = acc + values_data[data_index];
  }
  long long output_index =
      outer_idx * output_stride_axis * output_size_axis + dim_idx * output_stride_axis + lane_id;
  output_data[output_index] = acc;
}
