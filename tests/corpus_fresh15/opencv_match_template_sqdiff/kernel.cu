// corpus_fresh15: opencv_match_template_sqdiff -- OpenCV CUDA, cv::cuda::TemplateMatching with
// TM_SQDIFF on CV_32FC1 (cudaimgproc's Match_SQDIFF_32F, which always takes the naive kernel):
// matchTemplateNaiveKernel_SQDIFF<float, 1>, one thread per result pixel (32 x 8 blocks), each
// summing (image - templ)^2 over the whole template straight from global memory. Rewritten for
// the problem format (see README.md).

// T = float, cn = 1: Type and Typef are float, sub(a, b) = a - b, sum(res) = res. PtrStep::ptr(y)
// is (T*)((char*)data + y * step).
extern "C" __global__ void matchTemplateNaiveKernel_SQDIFF(int w, int h, const char* image_data,
                                                           int image_step, const char* templ_data,
                                                           int templ_step, float* result_data,
                                                           int result_step, int result_cols,
                                                           int result_rows) {
  int x = blockDim.x * blockIdx.x + threadIdx.x;
  int y = blockDim.y * blockIdx.y + threadIdx.y;

  if (x < result_cols && y < result_rows) {
    float res = 0.f;
    float delta;

    for (int i = 0; i < h; ++i) {
      const float* image_ptr = (const float*)(image_data + (size_t)(y + i) * image_step);
      const float* templ_ptr = (const float*)(templ_data + (size_t)i * templ_step);
      for (int j = 0; j < w; ++j) {
        delta = image_ptr[x + j] - templ_ptr[j];
        res = res + delta * delta;
      }
    }

    ((float*)((char*)result_data + (size_t)y * result_step))[x] = res;
  }
}
