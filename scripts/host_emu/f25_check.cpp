// Host emulation checks of tests/corpus_fresh25 (scripts/host_emu/run_fresh25.sh): every
// kernel/reference pair on reduced sizes with the kernels' own launch shapes, each reference
// called with the types the harness passes (float64 outputs, inout buffers holding the initial
// values as float64), compared at the folder's tolerance. The MD5 search with the problem's own
// scalars (6-byte keys of 25 values, the digest problem.yaml names) on the three kernel blocks
// and the one reference block around the key, and on a 4-byte key space in full (62 blocks,
// the last one ragged); popcount on 5000 words (a ragged block); Romberg at the benchmark's own
// 128 x 64 launch; FHd on 1000 samples (a ragged block) and the 4096-voxel chunk; the Hausdorff
// walk on 3000 points of A against 2000 of B. Each folder's two sources are included in a
// namespace of their own; the texts are the folders' own, unedited.
#include <cstdint>
#include <random>

#include "emu.h"
// after emu.h (its generator)
#include "batch_check.h"

// CUDA's device intrinsics and qualifiers as the kernels and references use them
#define __align__(n) alignas(n)
// (glibc declares __cosf and __sinf but exports no symbols: the kernel's calls are renamed)
static inline float emu_cosf(float x) { return std::cos(x); }
static inline float emu_sinf(float x) { return std::sin(x); }
#define __cosf emu_cosf
#define __sinf emu_sinf
static inline unsigned int atomicCAS(unsigned int* p, unsigned int c, unsigned int v) {
  unsigned int o = *p;
  if (o == c) *p = v;
  return o;
}
#define __NV_ATOMIC_RELAXED 0
static inline unsigned int __nv_atomic_load_n(unsigned int* p, int) { return *p; }
using std::cos;
using std::exp;
using std::fminf;
using std::log2;
using std::sin;

namespace md {
#include "f25/shoc_md5hash_search_kernel.cu"
#include "f25/shoc_md5hash_search_reference.cu"
}  // namespace md
namespace pc {
#include "f25/hecb_popcount_lut_const_kernel.cu"
#include "f25/hecb_popcount_lut_const_reference.cu"
}  // namespace pc
namespace fh {
#include "f25/hecb_fhd_sincos_kernel.cu"
#include "f25/hecb_fhd_sincos_reference.cu"
}  // namespace fh
namespace hd {
#include "f25/hecb_hausdorff_min_dist_kernel.cu"
#include "f25/hecb_hausdorff_min_dist_reference.cu"
}  // namespace hd
// Romberg's dynamic shared memory: the kernel's block-scope `extern __shared__ double smem[]`
// names this namespace's array (blocks run one after another)
#undef __shared__
#define __shared__
namespace rb {
double smem[17 * 64];
#include "f25/hecb_romberg_fp64_kernel.cu"
#include "f25/hecb_romberg_fp64_reference.cu"
}  // namespace rb
#undef __shared__
#define __shared__ static

// MD5 of a key of `len` bytes (RFC 1321 on the host), to pick a digest to search for.
static void host_md5(const unsigned char* key, int len, unsigned int h[4]) {
  static const unsigned int K[64] = {
      0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, 0xf57c0faf, 0x4787c62a, 0xa8304613,
      0xfd469501, 0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be, 0x6b901122, 0xfd987193,
      0xa679438e, 0x49b40821, 0xf61e2562, 0xc040b340, 0x265e5a51, 0xe9b6c7aa, 0xd62f105d,
      0x02441453, 0xd8a1e681, 0xe7d3fbc8, 0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed,
      0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a, 0xfffa3942, 0x8771f681, 0x6d9d6122,
      0xfde5380c, 0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70, 0x289b7ec6, 0xeaa127fa,
      0xd4ef3085, 0x04881d05, 0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665, 0xf4292244,
      0x432aff97, 0xab9423a7, 0xfc93a039, 0x655b59c3, 0x8f0ccc92, 0xffeff47d, 0x85845dd1,
      0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1, 0xf7537e82, 0xbd3af235, 0x2ad7d2bb,
      0xeb86d391};
  static const int S[4][4] = {{7, 12, 17, 22}, {5, 9, 14, 20}, {4, 11, 16, 23}, {6, 10, 15, 21}};
  unsigned char blk[64] = {0};
  for (int i = 0; i < len; ++i) blk[i] = key[i];
  blk[len] = 0x80;
  blk[56] = (unsigned char)(8 * len);
  unsigned int m[16];
  for (int i = 0; i < 16; ++i)
    m[i] = blk[4 * i] | blk[4 * i + 1] << 8 | blk[4 * i + 2] << 16 | (unsigned)blk[4 * i + 3] << 24;
  unsigned int a = 0x67452301, b = 0xefcdab89, c = 0x98badcfe, d = 0x10325476;
  for (int i = 0; i < 64; ++i) {
    unsigned int f;
    int g;
    if (i < 16) f = (b & c) | (~b & d), g = i;
    else if (i < 32) f = (d & b) | (~d & c), g = (5 * i + 1) % 16;
    else if (i < 48) f = b ^ c ^ d, g = (3 * i + 5) % 16;
    else f = c ^ (b | ~d), g = (7 * i) % 16;
    const unsigned int s = a + f + K[i] + m[g];
    const int r = S[i / 16][i % 4];
    a = d, d = c, c = b, b = b + ((s << r) | (s >> (32 - r)));
  }
  h[0] = 0x67452301 + a, h[1] = 0xefcdab89 + b, h[2] = 0x98badcfe + c, h[3] = 0x10325476 + d;
}

// The search for the key at `target` of a key space of `len`-byte keys, `vals` values a byte:
// the kernel on `kblocks` (or all blocks), the reference on `rblocks` (or all).
static void md5_case(const char* name, int len, int vals, int target, bool all,
                     const unsigned int* want) {
  int keyspace = 1;
  for (int i = 0; i < len; ++i) keyspace *= vals;
  unsigned char key[8] = {0};
  for (int i = 0, t = target; i < 8; ++i) key[i] = t % vals, t /= vals;
  unsigned int h[4];
  host_md5(key, len, h);
  if (want)
    for (int i = 0; i < 4; ++i)
      if (h[i] != want[i]) {
        printf("%-34s host MD5 word %d = %u, problem.yaml says %u\n", name, i, h[i], want[i]);
        ++bad;
      }
  std::vector<int> idx(1, 7), kw(2, 7);
  std::vector<unsigned int> dg(4, 7);
  std::vector<double> ridx(1, 9.0), rkw(2, 9.0), rdg(4, 9.0);
  const int threads = (keyspace + vals - 1) / vals, kgrid = (threads + 255) / 256;
  const int rgrid = (keyspace + 255) / 256;
  auto kbody = [&] {
    md::md5hash_kernel(idx.data(), (unsigned char*)kw.data(), dg.data(), keyspace, len, vals, h[0],
                       h[1], h[2], h[3]);
  };
  auto rbody = [&] {
    md::md5hash_ref(ridx.data(), rkw.data(), rdg.data(), keyspace, len, vals, h[0], h[1], h[2],
                    h[3]);
  };
  if (all) {
    emu::launch(dim3(kgrid), dim3(256), kbody);
    emu::launch(dim3(rgrid), dim3(256), rbody);
  } else {
    const int kb = target / vals / 256, rb = target / 256;
    emu::launch_blocks(dim3(kgrid), dim3(256), {dim3(kb - 1), dim3(kb), dim3(kb + 1)}, kbody);
    emu::launch_blocks(dim3(rgrid), dim3(256), {dim3(rb)}, rbody);
  }
  printf("%-34s index %d found at %d (key words %d %d)\n", name, target, idx[0], kw[0], kw[1]);
  std::string a = std::string(name) + " index", b = std::string(name) + " key",
              c = std::string(name) + " digest";
  compare(a.c_str(), idx, ridx, 0, 0);
  compare(b.c_str(), kw, rkw, 0, 0);
  compare(c.c_str(), dg, rdg, 0, 0);
  if (idx[0] != target) ++bad;
}

static void popcount_case(const char* name, int n) {
  std::vector<unsigned int> w(2 * (size_t)n);
  for (auto& v : w) v = (unsigned int)(rnd64() & 0x7fffffffu);
  std::vector<int> r(n, -7);
  std::vector<double> ref(n, 9.0);
  const dim3 g((n + 255) / 256), b(256);
  emu::launch(g, b, [&] { pc::pc5((const unsigned long long*)w.data(), r.data(), n); });
  emu::launch(g, b, [&] { pc::popcount_ref(ref.data(), w.data(), n); });
  compare(name, r, ref, 0, 0);
}

static void romberg_case(const char* name, int nwg, int wgs) {
  std::vector<double> res(nwg, 7.0), ref(nwg, 9.0);
  // lanes 1-16 of warp 0 store their column sums and lane 0 reads them with no barrier between
  // (the origin's; the warp runs the 17 lanes in step): the emulation runs the lanes in turn,
  // so the last thread goes first
  emu::last_thread_first = true;
  emu::launch(dim3(nwg), dim3(wgs), [&] { rb::romberg(0.0, 15.0, res.data()); });
  emu::last_thread_first = false;
  emu::launch(dim3(1), dim3(128), [&] { rb::romberg_ref(ref.data(), 0.0, 15.0, nwg); });
  double s = 0;
  for (double v : res) s += v;
  printf("%-34s sum of the %d blocks %.12g (exp(x) sin(x) over [0, 15]: %.12g)\n", name, nwg, s,
         (std::exp(15.0) * (std::sin(15.0) - std::cos(15.0)) + 1.0) / 2.0);
  compare(name, res, ref, 1e-9, 1e-6);
}

static void fhd_case(const char* name, int samples) {
  const int voxels = 4096;
  auto rmu = unif(voxels, 0, 1), imu = unif(voxels, 0, 1);
  auto x = unif(samples, 0.2, 0.4), y = unif(samples, 0.1, 0.3), z = unif(samples, 0.0, 0.2);
  auto r0 = unif(samples, 0, 1), i0 = unif(samples, 0, 1);
  std::vector<float> rf(r0), ifh(i0);
  std::vector<double> rr(r0.begin(), r0.end()), ri(i0.begin(), i0.end());
  const dim3 g((samples + 255) / 256), b(256);
  emu::launch(g, b, [&] {
    fh::cmpfhd(rmu.data(), imu.data(), rf.data(), ifh.data(), x.data(), y.data(), z.data(),
               samples, voxels);
  });
  emu::launch(g, b, [&] {
    fh::fhd_ref(rmu.data(), imu.data(), rr.data(), ri.data(), x.data(), y.data(), z.data(),
                samples, voxels);
  });
  std::string a = std::string(name) + " real", c = std::string(name) + " imag";
  compare(a.c_str(), rf, rr, 1e-4, 2e-2);
  compare(c.c_str(), ifh, ri, 1e-4, 2e-2);
  // the same at a tenth of the tolerance: how much room the float sums leave
  compare((a + " (tol / 10)").c_str(), rf, rr, 1e-5, 2e-3);
  compare((c + " (tol / 10)").c_str(), ifh, ri, 1e-5, 2e-3);
}

static void hausdorff_case(const char* name, int na, int nb) {
  auto a = unif(2 * (size_t)na, 0, 1), b = unif(2 * (size_t)nb, 0, 1);
  std::vector<float> d(1, -1.f);
  std::vector<double> rd(1, -1.0);
  emu::launch(dim3((na + 255) / 256), dim3(256), [&] {
    hd::computeDistance((const float2*)a.data(), (const float2*)b.data(), d.data(), na, nb);
  });
  emu::launch(dim3((na + 255) / 256), dim3(256),
              [&] { hd::hausdorff_ref(a.data(), b.data(), rd.data(), na, nb); });
  printf("%-34s largest nearest squared distance %.9g\n", name, d[0]);
  compare(name, d, rd, 1e-5, 1e-9);
}

int main() {
  const unsigned int want[4] = {3387330317u, 2622809775u, 3580588994u, 90214620u};
  md5_case("shoc_md5 (problem's key, 3 blocks)", 6, 25, 138960374, false, want);
  md5_case("shoc_md5 (4-byte keys, all)", 4, 25, 271828, true, nullptr);
  popcount_case("hecb_popcount (5000)", 5000);
  romberg_case("hecb_romberg (128 x 64)", 128, 64);
  fhd_case("hecb_fhd (1000)", 1000);
  hausdorff_case("hecb_hausdorff (3000 x 2000)", 3000, 2000);
  printf("f25_check: %d of 13 comparisons failed\n", bad);
  return bad ? 1 : 0;
}
