// Reference for corpus_fresh11 pyfrcnn_nms (written for the corpus; 64-bit masks, compared bit
// for bit): one thread per (box r, column block cb) builds the word whose bit j says that box
// 64 cb + j, taken only past r on the diagonal block, overlaps box r by more than the
// threshold. The overlap is the same float expression as the kernel's (an IoU within rounding
// of the threshold must decide the same way), written once more here.
__device__ inline float iou_ref(const float* a, const float* b) {
  float left = fmaxf(a[0], b[0]), right = fminf(a[2], b[2]);
  float top = fmaxf(a[1], b[1]), bottom = fminf(a[3], b[3]);
  float width = fmaxf(right - left + 1, 0.f), height = fmaxf(bottom - top + 1, 0.f);
  float interS = width * height;
  float Sa = (a[2] - a[0] + 1) * (a[3] - a[1] + 1);
  float Sb = (b[2] - b[0] + 1) * (b[3] - b[1] + 1);
  return interS / (Sa + Sb - interS);
}

extern "C" __global__ void nms_mask_ref(int n, float thresh, const float* boxes,
                                        long long* mask) {
  const int cb_count = (n + 63) / 64;
  const long long total = (long long)n * cb_count;
  for (long long e = (long long)blockIdx.x * blockDim.x + threadIdx.x; e < total;
       e += (long long)blockDim.x * gridDim.x) {
    const int r = (int)(e / cb_count), cb = (int)(e % cb_count);
    const int first = cb * 64, count = n - first < 64 ? n - first : 64;
    const int start = (r / 64 == cb) ? r % 64 + 1 : 0;
    unsigned long long word = 0;
    for (int j = start; j < count; ++j)
      if (iou_ref(boxes + r * 5, boxes + (first + j) * 5) > thresh) word |= 1ULL << j;
    mask[e] = (long long)word;
  }
}
