// corpus_fresh12: ffmpeg_bilateral -- FFmpeg, libavfilter/vf_bilateral_cuda.cu, Process_uchar with
// apply_biltaeral, calculate_w and norm_squared: the bilateral_cuda filter on a planar 8-bit
// frame, one thread per pixel on 32 x 16 blocks, a window_size x window_size neighbourhood per
// pixel, each tap's weight __expf(-spatial - range) with every square written powf(d, 2).
// Rewritten for the problem format (see README.md): texture reads become byte loads, and the
// three output planes are written as float (the value the filter converts to uchar).

struct f4 {
  float x, y, z, w;
};
__device__ static inline f4 mk4(float x, float y, float z, float w) {
  f4 r = {x, y, z, w};
  return r;
}
__device__ static inline f4 operator*(f4 a, float s) {
  return mk4(a.x * s, a.y * s, a.z * s, a.w * s);
}
__device__ static inline f4 operator/(f4 a, float s) {
  return mk4(a.x / s, a.y / s, a.z / s, a.w / s);
}
__device__ static inline void operator+=(f4& a, f4 b) {
  a.x += b.x;
  a.y += b.y;
  a.z += b.z;
  a.w += b.w;
}

// ||first - second||^2 over the three colour components
__device__ static inline float norm_squared(f4 first_yuv, f4 second_yuv) {
  float ans = 0;
  ans += powf(first_yuv.x - second_yuv.x, 2);
  ans += powf(first_yuv.y - second_yuv.y, 2);
  ans += powf(first_yuv.z - second_yuv.z, 2);
  return ans;
}

// the bilateral weight of neighbour (r, c) for pixel (x, y)
__device__ static inline float calculate_w(int x, int y, int r, int c, f4 pixel_value,
                                           f4 neighbor_value, float sigma_space,
                                           float sigma_color) {
  float first_term, second_term;
  first_term = (powf(x - r, 2) + powf(y - c, 2)) / (2 * sigma_space * sigma_space);
  second_term = norm_squared(pixel_value, neighbor_value) / (2 * sigma_color * sigma_color);
  return __expf(-first_term - second_term);
}

__device__ static inline void apply_biltaeral(
    const unsigned char* src_Y, const unsigned char* src_U, const unsigned char* src_V,
    float* dst_Y, float* dst_U, float* dst_V, int width, int height, int width_uv, int height_uv,
    int pitch, int pitch_uv, int x, int y, float sigma_space, float sigma_color, int window_size) {
  int start_r = x - window_size / 2;
  int start_c = y - window_size / 2;
  f4 neighbor_pixel = mk4(0.f, 0.f, 0.f, 0.f);
  float Wp = 0.f;
  f4 new_pixel_value = mk4(0.f, 0.f, 0.f, 0.f);
  float w = 0.f;

  int channel_ratio = width / width_uv;  // ratio between the Y plane and the U, V planes
  f4 currrent_pixel = mk4((float)src_Y[y * pitch + x],
                          (float)src_U[(y / channel_ratio) * pitch_uv + x / channel_ratio],
                          (float)src_V[(y / channel_ratio) * pitch_uv + x / channel_ratio], 0.f);

  for (int i = 0; i < window_size; i++) {
    for (int j = 0; j < window_size; j++) {
      int r = start_r + i;
      int c = start_c + j;
      bool in_bounds = r >= 0 && r < width && c >= 0 && c < height;
      if (in_bounds) {
        neighbor_pixel = mk4((float)src_Y[c * pitch + r],
                             (float)src_U[(c / channel_ratio) * pitch_uv + r / channel_ratio],
                             (float)src_V[(c / channel_ratio) * pitch_uv + r / channel_ratio], 0.f);
        w = calculate_w(x, y, r, c, currrent_pixel, neighbor_pixel, sigma_space, sigma_color);
        Wp += w;
        new_pixel_value += neighbor_pixel * w;
      }
    }
  }

  new_pixel_value = new_pixel_value / Wp;
  dst_Y[y * width + x] = new_pixel_value.x;
  dst_U[(y / channel_ratio) * width_uv + (x / channel_ratio)] = new_pixel_value.y;
  dst_V[(y / channel_ratio) * width_uv + (x / channel_ratio)] = new_pixel_value.z;
}

extern "C" __global__ void bilateral_Process_uchar(
    const unsigned char* src_Y, const unsigned char* src_U, const unsigned char* src_V,
    float* dst_Y, float* dst_U, float* dst_V, int width, int height, int pitch, int width_uv,
    int height_uv, int pitch_uv, int window_size, float sigmaS, float sigmaR) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (y >= height || x >= width) return;

  apply_biltaeral(src_Y, src_U, src_V, dst_Y, dst_U, dst_V, width, height, width_uv, height_uv,
                  pitch, pitch_uv, x, y, sigmaS, sigmaR, window_size);
}
