// control_hon22_nf4_lut_dequant seed: bitsandbytes' dDequantizeNF4 (csrc/kernels.cu, MIT;
// written here): the 4-bit code decoded by a binary decision tree on its bits into the NF4
// level, times the block's absmax; a thread per 64-value block (8 words), high nibble first.
__device__ float nf4_tree(unsigned char val) {
  if ((val & 0b1000) == 8)
    if ((val & 0b0100) == 4)
      if ((val & 0b0010) == 2)
        if ((val & 0b0001) == 1)
          return 1.0f;
        else
          return 0.7229568362236023f;
      else if ((val & 0b0001) == 1)
        return 0.5626170039176941f;
      else
        return 0.44070982933044434f;
    else if ((val & 0b0010) == 2)
      if ((val & 0b0001) == 1)
        return 0.33791524171829224f;
      else
        return 0.24611230194568634f;
    else if ((val & 0b0001) == 1)
      return 0.16093020141124725f;
    else
      return 0.07958029955625534f;
  else if ((val & 0b0100) == 4)
    if ((val & 0b0010) == 2)
      if ((val & 0b0001) == 1)
        return 0.0f;
      else
        return -0.09105003625154495f;
    else if ((val & 0b0001) == 1)
      return -0.18477343022823334f;
    else
      return -0.28444138169288635f;
  else if ((val & 0b0010) == 2)
    if ((val & 0b0001) == 1)
      return -0.39491748809814453f;
    else
      return -0.5250730514526367f;
  else if ((val & 0b0001) == 1)
    return -0.6961928009986877f;
  else
    return -1.0f;
}

extern "C" __global__ void nf4_dequant_tree(const unsigned* q, const float* absmax, float* out,
                                            int n) {
  const int b = blockIdx.x * blockDim.x + threadIdx.x;  // one 64-value block
  if (b * 64 >= n) return;
  const float m = absmax[b];
  for (int w = 0; w < 8; ++w) {
    const unsigned word = q[b * 8 + w];
    for (int byte = 0; byte < 4; ++byte) {
      const unsigned char v = (word >> (8 * byte)) & 0xff;
      out[b * 64 + w * 8 + byte * 2] = nf4_tree(v >> 4) * m;
      out[b * 64 + w * 8 + byte * 2 + 1] = nf4_tree(v & 0x0f) * m;
    }
  }
}
