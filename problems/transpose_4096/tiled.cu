// Out-of-place transpose of a ROWS x COLS FP32 matrix, out[c][r] = in[r][c], by tiles, every
// structural choice a knob:
//   TW, TH  tile of the input (TH rows x TW columns) one block moves
//   BY      thread rows: the block is (TW/VIN) x BY threads, each reading TH/BY rows of the tile
//   VIN     width of the input loads (1, 2 or 4 floats along a row)
//   VOUT    width of the output stores (1, 2 or 4 floats along an output row)
//   SMEM    1: the tile goes through shared memory, so both the reads and the writes are
//           coalesced; 0: each thread writes what it read straight to its transposed place
//           (coalesced reads, strided writes; VOUT and PAD do not apply)
//   PAD     one float of padding per row of the shared tile (the column reads of the write
//           phase otherwise hit one bank)
// Requires ROWS % TH == 0, COLS % TW == 0 and whole units per thread (constraints).
#ifndef TW
#define TW 32
#endif
#ifndef TH
#define TH 32
#endif
#ifndef BY
#define BY 8
#endif
#ifndef VIN
#define VIN 1
#endif
#ifndef VOUT
#define VOUT 1
#endif
#ifndef SMEM
#define SMEM 1
#endif
#ifndef PAD
#define PAD 1
#endif
#define TXN (TW / VIN)     // threads along x
#define THREADS (TXN * BY)
#define OUT_UNITS (TW * TH / VOUT / THREADS)

template <int W>
struct Vec;
template <>
struct Vec<1> {
  typedef float T;
};
template <>
struct Vec<2> {
  typedef float2 T;
};
template <>
struct Vec<4> {
  typedef float4 T;
};
typedef Vec<VIN>::T vin_t;
typedef Vec<VOUT>::T vout_t;

extern "C" __global__ void __launch_bounds__(THREADS)
    tr_tiled(const float* __restrict__ in, float* __restrict__ out, int ROWS, int COLS) {
  const int tx = threadIdx.x % TXN, ty = threadIdx.x / TXN;
  const int r0 = blockIdx.y * TH, c0 = blockIdx.x * TW;
#if SMEM
  __shared__ float tile[TH][TW + PAD];
#pragma unroll
  for (int i = 0; i < TH / BY; ++i) {
    const int r = ty + i * BY;
    const vin_t v = *reinterpret_cast<const vin_t*>(in + (size_t)(r0 + r) * COLS + c0 + tx * VIN);
#pragma unroll
    for (int e = 0; e < VIN; ++e) tile[r][tx * VIN + e] = reinterpret_cast<const float*>(&v)[e];
  }
  __syncthreads();
  // Output rows are the tile's columns: TW rows of TH floats, in units of VOUT.
#pragma unroll
  for (int k = 0; k < OUT_UNITS; ++k) {
    const int u = threadIdx.x + k * THREADS;
    const int orow = u / (TH / VOUT), ocol = (u % (TH / VOUT)) * VOUT;
    vout_t w;
#pragma unroll
    for (int e = 0; e < VOUT; ++e) reinterpret_cast<float*>(&w)[e] = tile[ocol + e][orow];
    *reinterpret_cast<vout_t*>(out + (size_t)(c0 + orow) * ROWS + r0 + ocol) = w;
  }
#else
#pragma unroll
  for (int i = 0; i < TH / BY; ++i) {
    const int r = r0 + ty + i * BY;
    const vin_t v = *reinterpret_cast<const vin_t*>(in + (size_t)r * COLS + c0 + tx * VIN);
#pragma unroll
    for (int e = 0; e < VIN; ++e)
      out[(size_t)(c0 + tx * VIN + e) * ROWS + r] = reinterpret_cast<const float*>(&v)[e];
  }
#endif
}
