// corpus_fresh6: mcm_blake2b_batch -- mochimodev/cuda-hashing-algos, blake2b.cu
// (kernel_blake2b_hash with cuda_blake2b_init/update/final/compress), rewritten for the problem
// format (see README.md). One thread hashes one message with keyed BLAKE2b-512. The whole hash
// context (key, block buffer, chain, state, counters: ~420 bytes) is a per-thread struct handled
// through a pointer and filled with memcpy at run-time offsets, and the message words are read
// as m[SIGMA[round][k]] with the permutation from constant memory: both live in local memory.
typedef unsigned char BYTE;
typedef unsigned int WORD;
typedef unsigned long long LONG;

#define BLAKE2B_ROUNDS 12
#define BLAKE2B_BLOCK_LENGTH 128
#define BLAKE2B_CHAIN_SIZE 8
#define BLAKE2B_CHAIN_LENGTH (BLAKE2B_CHAIN_SIZE * sizeof(long long))
#define BLAKE2B_STATE_SIZE 16
#define BLAKE2B_STATE_LENGTH (BLAKE2B_STATE_SIZE * sizeof(long long))

struct cuda_blake2b_ctx_t {
  WORD digestlen;
  BYTE key[64];
  WORD keylen;
  BYTE buff[BLAKE2B_BLOCK_LENGTH];
  long long chain[BLAKE2B_CHAIN_SIZE];
  long long state[BLAKE2B_STATE_SIZE];
  WORD pos;
  LONG t0;
  LONG t1;
  LONG f0;
};

__constant__ LONG BLAKE2B_IVS[8] = {
    0x6a09e667f3bcc908ull, 0xbb67ae8584caa73bull, 0x3c6ef372fe94f82bull, 0xa54ff53a5f1d36f1ull,
    0x510e527fade682d1ull, 0x9b05688c2b3e6c1full, 0x1f83d9abfb41bd6bull, 0x5be0cd19137e2179ull};

__constant__ unsigned char BLAKE2B_SIGMAS[12][16] = {
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15},
    {14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3},
    {11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4},
    {7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8},
    {9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13},
    {2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9},
    {12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11},
    {13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10},
    {6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5},
    {10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0},
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15},
    {14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3}};

__device__ LONG cuda_blake2b_leuint64(const BYTE* in) {
  LONG a;
  memcpy(&a, in, 8);
  return a;
}

__device__ LONG cuda_blake2b_ROTR64(LONG a, BYTE b) { return (a >> b) | (a << (64 - b)); }

__device__ void cuda_blake2b_G(cuda_blake2b_ctx_t* ctx, long long m1, long long m2, int a, int b,
                               int c, int d) {
  ctx->state[a] = ctx->state[a] + ctx->state[b] + m1;
  ctx->state[d] = cuda_blake2b_ROTR64(ctx->state[d] ^ ctx->state[a], 32);
  ctx->state[c] = ctx->state[c] + ctx->state[d];
  ctx->state[b] = cuda_blake2b_ROTR64(ctx->state[b] ^ ctx->state[c], 24);
  ctx->state[a] = ctx->state[a] + ctx->state[b] + m2;
  ctx->state[d] = cuda_blake2b_ROTR64(ctx->state[d] ^ ctx->state[a], 16);
  ctx->state[c] = ctx->state[c] + ctx->state[d];
  ctx->state[b] = cuda_blake2b_ROTR64(ctx->state[b] ^ ctx->state[c], 63);
}

__device__ __forceinline__ void cuda_blake2b_init_state(cuda_blake2b_ctx_t* ctx) {
  memcpy(ctx->state, ctx->chain, BLAKE2B_CHAIN_LENGTH);
  for (int i = 0; i < 4; i++) ctx->state[BLAKE2B_CHAIN_SIZE + i] = BLAKE2B_IVS[i];
  ctx->state[12] = ctx->t0 ^ BLAKE2B_IVS[4];
  ctx->state[13] = ctx->t1 ^ BLAKE2B_IVS[5];
  ctx->state[14] = ctx->f0 ^ BLAKE2B_IVS[6];
  ctx->state[15] = BLAKE2B_IVS[7];
}

__device__ __forceinline__ void cuda_blake2b_compress(cuda_blake2b_ctx_t* ctx, const BYTE* in,
                                                      WORD inoffset) {
  cuda_blake2b_init_state(ctx);
  LONG m[16] = {0};
  for (int j = 0; j < 16; j++) m[j] = cuda_blake2b_leuint64(in + inoffset + (j << 3));
  for (int round = 0; round < BLAKE2B_ROUNDS; round++) {
    const unsigned char* s = BLAKE2B_SIGMAS[round];
    cuda_blake2b_G(ctx, m[s[0]], m[s[1]], 0, 4, 8, 12);
    cuda_blake2b_G(ctx, m[s[2]], m[s[3]], 1, 5, 9, 13);
    cuda_blake2b_G(ctx, m[s[4]], m[s[5]], 2, 6, 10, 14);
    cuda_blake2b_G(ctx, m[s[6]], m[s[7]], 3, 7, 11, 15);
    cuda_blake2b_G(ctx, m[s[8]], m[s[9]], 0, 5, 10, 15);
    cuda_blake2b_G(ctx, m[s[10]], m[s[11]], 1, 6, 11, 12);
    cuda_blake2b_G(ctx, m[s[12]], m[s[13]], 2, 7, 8, 13);
    cuda_blake2b_G(ctx, m[s[14]], m[s[15]], 3, 4, 9, 14);
  }
  for (int offset = 0; offset < BLAKE2B_CHAIN_SIZE; offset++)
    ctx->chain[offset] = ctx->chain[offset] ^ ctx->state[offset] ^ ctx->state[offset + 8];
}

__device__ void cuda_blake2b_init(cuda_blake2b_ctx_t* ctx, const BYTE* key, WORD keylen,
                                  WORD digestbitlen) {
  memset(ctx, 0, sizeof(cuda_blake2b_ctx_t));
  ctx->keylen = keylen;
  ctx->digestlen = digestbitlen >> 3;
  ctx->pos = 0;
  ctx->t0 = 0;
  ctx->t1 = 0;
  ctx->f0 = 0;
  ctx->chain[0] = BLAKE2B_IVS[0] ^ (ctx->digestlen | (ctx->keylen << 8) | 0x1010000);
  for (int i = 1; i < 8; i++) ctx->chain[i] = BLAKE2B_IVS[i];
  memcpy(ctx->buff, key, keylen);
  memcpy(ctx->key, key, keylen);
  ctx->pos = BLAKE2B_BLOCK_LENGTH;
}

__device__ void cuda_blake2b_update(cuda_blake2b_ctx_t* ctx, const BYTE* in, LONG inlen) {
  if (inlen == 0) return;
  WORD start = 0;
  long long in_index = 0, block_index = 0;
  if (ctx->pos) {
    start = BLAKE2B_BLOCK_LENGTH - ctx->pos;
    if (start < inlen) {
      memcpy(ctx->buff + ctx->pos, in, start);
      ctx->t0 += BLAKE2B_BLOCK_LENGTH;
      if (ctx->t0 == 0) ctx->t1++;
      cuda_blake2b_compress(ctx, ctx->buff, 0);
      ctx->pos = 0;
      memset(ctx->buff, 0, BLAKE2B_BLOCK_LENGTH);
    } else {
      memcpy(ctx->buff + ctx->pos, in, inlen);
      ctx->pos += inlen;
      return;
    }
  }
  block_index = inlen - BLAKE2B_BLOCK_LENGTH;
  for (in_index = start; in_index < block_index; in_index += BLAKE2B_BLOCK_LENGTH) {
    ctx->t0 += BLAKE2B_BLOCK_LENGTH;
    if (ctx->t0 == 0) ctx->t1++;
    cuda_blake2b_compress(ctx, in, in_index);
  }
  memcpy(ctx->buff, in + in_index, inlen - in_index);
  ctx->pos += inlen - in_index;
}

__device__ void cuda_blake2b_final(cuda_blake2b_ctx_t* ctx, BYTE* out) {
  ctx->f0 = 0xFFFFFFFFFFFFFFFFull;
  ctx->t0 += ctx->pos;
  if (ctx->pos > 0 && ctx->t0 == 0) ctx->t1++;
  cuda_blake2b_compress(ctx, ctx->buff, 0);
  memset(ctx->buff, 0, BLAKE2B_BLOCK_LENGTH);
  memset(ctx->state, 0, BLAKE2B_STATE_LENGTH);
  int i8 = 0;
  for (int i = 0; i < BLAKE2B_CHAIN_SIZE && ((i8 = i * 8) < ctx->digestlen); i++) {
    BYTE* bytes = (BYTE*)(&ctx->chain[i]);
    if (i8 < ctx->digestlen - 8)
      memcpy(out + i8, bytes, 8);
    else
      memcpy(out + i8, bytes, ctx->digestlen - i8);
  }
}

// The origin copies a context precomputed on the host (cpu_blake2b_init) from constant memory;
// here each thread runs the repository's device-side cuda_blake2b_init with the key (README.md).
extern "C" __global__ void kernel_blake2b_hash(const BYTE* indata, WORD inlen, BYTE* outdata,
                                               WORD n_batch, WORD BLAKE2B_BLOCK_SIZE,
                                               const BYTE* key, WORD keylen) {
  WORD thread = blockIdx.x * blockDim.x + threadIdx.x;
  if (thread >= n_batch) return;
  const BYTE* in = indata + (size_t)thread * inlen;
  BYTE* out = outdata + (size_t)thread * BLAKE2B_BLOCK_SIZE;
  cuda_blake2b_ctx_t ctx;
  cuda_blake2b_init(&ctx, key, keylen, BLAKE2B_BLOCK_SIZE * 8);
  cuda_blake2b_update(&ctx, in, inlen);
  cuda_blake2b_final(&ctx, out);
}
