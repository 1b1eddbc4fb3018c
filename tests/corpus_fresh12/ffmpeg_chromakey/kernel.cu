// corpus_fresh12: ffmpeg_chromakey -- FFmpeg, libavfilter/vf_chromakey_cuda.cu, Process_uchar with
// change_alpha_channel: the chromakey_cuda filter on a planar 4:2:0 frame, one thread per luma
// pixel on 32 x 16 blocks; every thread copies its Y sample, and the threads inside the chroma
// planes' size also copy U and V and compute the key distance over the 3 x 3 chroma
// neighbourhood (a float division and a sqrtf per tap), writing it to the 2 x 2 alpha samples
// it covers. Rewritten for the problem format (see README.md): texture reads become byte loads,
// and the alpha plane is written as float (the value the filter converts to uchar).

__device__ static inline void change_alpha_channel(const unsigned char* src_U,
                                                   const unsigned char* src_V, float* dst_A,
                                                   int width_uv, int height_uv, int pitch_uv,
                                                   int width, int height, int pitch, int x, int y,
                                                   float u_key, float v_key, float similarity,
                                                   float blend) {
  int window_size = 3;
  int start_r = x - window_size / 2;
  int start_c = y - window_size / 2;
  int resize_ratio = width / width_uv;
  int counter = 0;
  float diff = 0.0f;
  float du, dv;
  float alpha_value;

  // the eight-neighbourhood of chroma sample (x, y) and the sample itself
  for (unsigned char i = 0; i < window_size; i++) {
    for (unsigned char j = 0; j < window_size; j++) {
      float u_value, v_value;
      int r = start_r + i;
      int c = start_c + j;

      if (r < 0 || r >= width_uv || c < 0 || c >= height_uv) continue;

      u_value = src_U[c * pitch_uv + r];
      v_value = src_V[c * pitch_uv + r];

      du = u_value - u_key;
      dv = v_value - v_key;
      diff += sqrtf((du * du + dv * dv) / (255.0f * 255.0f * 2.f));

      counter++;
    }
  }

  if (counter > 0)
    diff = diff / counter;
  else
    diff /= 9.0f;

  if (blend > 0.0001f)
    alpha_value = __saturatef((diff - similarity) / blend) * 255;
  else
    alpha_value = (diff < similarity) ? 0 : 255;

  // the alpha samples this chroma sample covers
  for (unsigned char k = 0; k < resize_ratio; k++) {
    for (unsigned char l = 0; l < resize_ratio; l++) {
      int x_resize = x * resize_ratio + k;
      int y_resize = y * resize_ratio + l;
      int a_channel_resize = y_resize * pitch + x_resize;

      if (y_resize >= height || x_resize >= width) continue;

      dst_A[a_channel_resize] = alpha_value;
    }
  }
}

extern "C" __global__ void chromakey_Process_uchar(
    const unsigned char* src_Y, const unsigned char* src_U, const unsigned char* src_V,
    unsigned char* dst_Y, unsigned char* dst_U, unsigned char* dst_V, float* dst_A, int width,
    int height, int pitch, int width_uv, int height_uv, int pitch_uv, float u_key, float v_key,
    float similarity, float blend) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;

  if (y >= height || x >= width) return;

  dst_Y[y * pitch + x] = src_Y[y * pitch + x];

  if (y >= height_uv || x >= width_uv) return;

  int uv_index = y * pitch_uv + x;
  dst_U[uv_index] = src_U[uv_index];
  dst_V[uv_index] = src_V[uv_index];

  change_alpha_channel(src_U, src_V, dst_A, width_uv, height_uv, pitch_uv, width, height, pitch, x,
                       y, u_key, v_key, similarity, blend);
}
