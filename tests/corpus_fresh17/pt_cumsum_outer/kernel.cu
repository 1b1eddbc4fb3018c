// corpus_fresh17: pt_cumsum_outer -- PyTorch ATen, torch.cumsum along a dimension that is not the
// last (aten/src/ATen/native/cuda/ScanUtils.cuh: tensor_kernel_scan_outer_dim<float, std::plus>,
// launched by scan_outer_dim with min(512, num_irows) threads and a (num_orows,
// ceil(num_irows / threads)) grid). Each thread owns one inner index and walks the whole scanned
// dimension alone: load, add, store, step num_irows elements. Rewritten for the problem format
// (see README.md): float and addition fixed, extern "C".

extern "C" __global__ void tensor_kernel_scan_outer_dim(float* tgt_, const float* src_, const unsigned num_orows,
                                                        const unsigned num_irows, const unsigned row_size,
                                                        const float init) {
  for (unsigned orow = blockIdx.x; orow < num_orows; orow += gridDim.x) {
    for (unsigned irow = blockIdx.y * blockDim.x + threadIdx.x; irow < num_irows; irow += gridDim.y * blockDim.x) {
      const float* src = src_ + orow * row_size * num_irows + irow;
      float* tgt = tgt_ + orow * row_size * num_irows + irow;
      float acc = init;
      for (unsigned col = 0; col < row_size; ++col) {
        acc = acc + *src;
        *tgt = acc;
        src += num_irows;
        tgt += num_irows;
      }
    }
  }
}
