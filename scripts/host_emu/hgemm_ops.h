// Host stand-ins for the PTX wrappers of tests/corpus_fresh19's two HGEMM folders (helper f19,
// scripts/host_emu/run_fresh19.sh): included, inside the folder's namespace, in place of the
// kernel text's ldmatrix / mma.sync / cp.async wrappers (everything else is the folder's text).
// Warp-collective operations meet at emu.h's warp barrier (yield(2)), as the shuffles do:
// - ldmatrix .x4/.x2 m8n8 .b16: lanes 8i..8i+7 give the row addresses of matrix i; lane l gets
//   the two halves of row l / 4, columns 2 (l % 4) and 2 (l % 4) + 1 of each matrix;
// - mma.sync m16n8k16 row.col f16: the PTX ISA's fragment layouts (A: rows g and g + 8, k pairs
//   2t and 2t + 8; B: k pairs 2t and 2t + 8 of column g; C/D: rows g and g + 8, column pair 2t,
//   g = lane / 4, t = lane % 4), products summed in float and rounded to half once per mma;
// - cp.async: copies queued per thread, a commit closes a group, wait_group N completes all but
//   the newest N groups (a missing or short wait leaves stale shared data, which the comparison
//   sees).
// The shared array is this namespace's `smem` (blocks run one after another).
typedef half SmemRowEmu[32];
SmemRowEmu smem[(256 + 128) * 4];
#ifndef HGEMM_OPS_ONCE
#define HGEMM_OPS_ONCE
#define __cvta_generic_to_shared(p) ((unsigned)((const char*)(p) - (const char*)smem))
#endif
struct CpEmu {
  char* dst;
  const char* src;
};
static std::vector<std::vector<CpEmu>> cp_pending[1024];
static std::vector<CpEmu> cp_open[1024];
static unsigned ld_addr[1024];
static unsigned mma_a[1024][4], mma_b[1024][2], mma_c[1024][2];

static void ldmatrix_n(u32* r, u32 addr, int nmat) {
  const int me = emu::cur, lane = me % 32, base = me - lane;
  ld_addr[me] = addr;
  emu::yield(2);
  for (int i = 0; i < nmat; ++i) {
    const char* p = (const char*)smem + ld_addr[base + i * 8 + lane / 4] + (lane % 4) * 4;
    memcpy(&r[i], p, 4);
  }
  emu::yield(2);
}
static inline void ldmatrix_x4(u32* r, u32 addr) { ldmatrix_n(r, addr, 4); }
static inline void ldmatrix_x2(u32* r, u32 addr) { ldmatrix_n(r, addr, 2); }
static inline float half_of(unsigned w, int hi) {
  unsigned short s = hi ? (unsigned short)(w >> 16) : (unsigned short)(w & 0xffff);
  half h;
  memcpy(&h, &s, 2);
  return __half2float(h);
}
static void hmma16816(u32* c, const u32* a, const u32* b) {
  const int me = emu::cur, lane = me % 32, base = me - lane;
  for (int i = 0; i < 4; ++i) mma_a[me][i] = a[i];
  for (int i = 0; i < 2; ++i) mma_b[me][i] = b[i], mma_c[me][i] = c[i];
  emu::yield(2);
  auto A = [&](int r, int k) {
    const int reg = (k < 8 ? 0 : 2) + (r < 8 ? 0 : 1);
    return half_of(mma_a[base + (r % 8) * 4 + (k % 8) / 2][reg], k % 2);
  };
  auto B = [&](int k, int n) {
    return half_of(mma_b[base + n * 4 + (k % 8) / 2][k < 8 ? 0 : 1], k % 2);
  };
  auto C = [&](int r, int n) {
    return half_of(mma_c[base + (r % 8) * 4 + n / 2][r < 8 ? 0 : 1], n % 2);
  };
  const int g = lane / 4, t = lane % 4;
  u32 out[2];
  for (int reg = 0; reg < 2; ++reg) {
    unsigned short hv[2];
    for (int j = 0; j < 2; ++j) {
      const int row = g + 8 * reg, col = 2 * t + j;
      float s = C(row, col);
      for (int k = 0; k < 16; ++k) s += A(row, k) * B(k, col);
      half h = __float2half_rn(s);
      memcpy(&hv[j], &h, 2);
    }
    out[reg] = (u32)hv[0] | ((u32)hv[1] << 16);
  }
  emu::yield(2);
  c[0] = out[0];
  c[1] = out[1];
}
static inline void cp_async_cg16(u32 dst, const void* src) {
  cp_open[emu::cur].push_back({(char*)smem + dst, (const char*)src});
}
static inline void cp_async_commit() {
  cp_pending[emu::cur].push_back(cp_open[emu::cur]);
  cp_open[emu::cur].clear();
}
static inline void cp_async_wait(size_t n) {
  auto& q = cp_pending[emu::cur];
  while (q.size() > n) {
    for (auto& c : q.front()) memcpy(c.dst, c.src, 16);
    q.erase(q.begin());
  }
}
static inline void cp_async_wait_2() { cp_async_wait(2); }
static inline void cp_async_wait_1() { cp_async_wait(1); }
static inline void cp_async_wait_0() { cp_async_wait(0); }
