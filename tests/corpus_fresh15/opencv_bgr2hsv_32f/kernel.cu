// corpus_fresh15: opencv_bgr2hsv_32f -- OpenCV CUDA, cv::cuda::cvtColor(src, dst, COLOR_BGR2HSV) on
// a float 3-channel frame (values in [0, 1]): cudaimgproc's bgr_to_hsv_32f ->
// cv::cuda::device::transform -> transformSimple<float3, float3, RGB2HSV<float, 3, 3, bidx = 0,
// hr = 360>> (16 x 16 blocks, one pixel per thread), with color_detail's float RGB2HSVConvert:
// one float division and one double division (60. / (diff + eps)) per pixel. Rewritten for the
// problem format (see README.md).

// RGB2HSVConvert<bidx, hr>(const float* src, D& dst); fmax, fmin and ::fabs on floats are the
// float overloads, written here as fmaxf, fminf and fabsf; numeric_limits<float>::epsilon() is
// FLT_EPSILON
template <int bidx, int hr>
__device__ __forceinline__ void RGB2HSVConvert(const float* src, float3& dst) {
  const float hscale = hr * (1.f / 360.f);
  const float eps = 1.19209290e-07f;

  float b = src[bidx], g = src[1], r = src[bidx ^ 2];
  float h, s, v;

  float vmin, diff;

  v = vmin = r;
  v = fmaxf(v, g);
  v = fmaxf(v, b);
  vmin = fminf(vmin, g);
  vmin = fminf(vmin, b);

  diff = v - vmin;
  s = diff / (float)(fabsf(v) + eps);
  diff = (float)(60. / (diff + eps));

  h = (v == r) * (g - b) * diff;
  h += (v != r && v == g) * ((b - r) * diff + 120.f);
  h += (v != r && v != g) * ((r - g) * diff + 240.f);
  h += (h < 0) * 360.f;

  dst.x = h * hscale;
  dst.y = s;
  dst.z = v;
}

// transformSimple with WithOutMask (always true); PtrStep<T>::ptr(y) is (T*)((char*)data + y * step)
extern "C" __global__ void bgr_to_hsv_32f(const float* src_data, int src_step, int cols, int rows,
                                          float* dst_data, int dst_step) {
  const int x = blockDim.x * blockIdx.x + threadIdx.x;
  const int y = blockDim.y * blockIdx.y + threadIdx.y;

  if (x < cols && y < rows) {
    const float3 src = ((const float3*)((const char*)src_data + (size_t)y * src_step))[x];
    float3 dst;
    RGB2HSVConvert<0, 360>(&src.x, dst);
    ((float3*)((char*)dst_data + (size_t)y * dst_step))[x] = dst;
  }
}
