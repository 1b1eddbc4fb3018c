// corpus_fresh13: cusamples_recursive_gaussian -- NVIDIA cuda-samples, recursiveGaussian
// (Deriche's recursive Gaussian after CImg, sgreen 2008): d_recursiveGaussian_rgba, the column
// pass of gaussianFilterRGBA. One thread per image column walks it top to bottom (causal
// filter) and back up (anti-causal filter), reading the 8-bit RGBA pixel packed in a uint and
// carrying three float4 of state. Rewritten for the problem format (see README.md): the
// intermediate image od is kept as float4 (the value rgbaFloatToInt would quantise).

struct f4 { float x, y, z, w; };

__device__ __forceinline__ f4 mk(float v) { return {v, v, v, v}; }
__device__ __forceinline__ f4 operator*(float s, f4 a) { return {s * a.x, s * a.y, s * a.z, s * a.w}; }
__device__ __forceinline__ f4 operator+(f4 a, f4 b) { return {a.x + b.x, a.y + b.y, a.z + b.z, a.w + b.w}; }
__device__ __forceinline__ f4 operator-(f4 a, f4 b) { return {a.x - b.x, a.y - b.y, a.z - b.z, a.w - b.w}; }

// the sample's rgbaIntToFloat: a packed 8-bit RGBA pixel as four floats in [0, 1]
__device__ __forceinline__ f4 unpack_rgba(unsigned int c) {
  f4 r;
  r.x = (c & 0xff) / 255.0f;
  r.y = ((c >> 8) & 0xff) / 255.0f;
  r.z = ((c >> 16) & 0xff) / 255.0f;
  r.w = ((c >> 24) & 0xff) / 255.0f;
  return r;
}

// the saturation rgbaFloatToInt applies before it quantises
__device__ __forceinline__ float4 saturate4(f4 a) {
  return make_float4(__saturatef(a.x), __saturatef(a.y), __saturatef(a.z), __saturatef(a.w));
}

extern "C" __global__ void d_recursiveGaussian_rgba(unsigned int* id, float4* od, int w, int h,
                                                     float a0, float a1, float a2, float a3,
                                                     float b1, float b2, float coefp, float coefn) {
  unsigned int x = blockIdx.x * blockDim.x + threadIdx.x;
  if (x >= w) return;

  id += x;  // this thread's column
  od += x;

  // forward pass, clamped to the edge
  f4 xp = unpack_rgba(*id);  // previous input
  f4 yb = coefp * xp;        // output two rows up
  f4 yp = yb;                // previous output
  for (int y = 0; y < h; y++) {
    f4 xc = unpack_rgba(*id);
    f4 yc = a0 * xc + a1 * xp - b1 * yp - b2 * yb;
    *od = saturate4(yc);
    id += w;
    od += w;
    xp = xc;
    yb = yp;
    yp = yc;
  }

  // back to the last row
  id -= w;
  od -= w;

  // reverse pass, so the response is symmetrical
  f4 xn = unpack_rgba(*id);
  f4 xa = xn;
  f4 yn = coefn * xn;
  f4 ya = yn;
  for (int y = h - 1; y >= 0; y--) {
    f4 xc = unpack_rgba(*id);
    f4 yc = a2 * xn + a3 * xa - b1 * yn - b2 * ya;
    xa = xn;
    xn = xc;
    ya = yn;
    yn = yc;
    const float4 prev = *od;
    *od = saturate4(f4{prev.x, prev.y, prev.z, prev.w} + yc);
    id -= w;
    od -= w;
  }
}
