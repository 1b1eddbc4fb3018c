// corpus_fresh18: mcm_md2_batch -- from mochimodev/cuda-hashing-algos, md2.cu: kernel_md2_hash
// (one message per thread: init, byte-wise update, final; Brad Conte's public-domain reference C
// code ported to CUDA), launched by mcm_cuda_md2_hash_batch with 256-thread blocks. MD2's
// substitution table `s` (256 bytes, the digits of pi) sits in __constant__ memory and every step
// of the transform indexes it with a byte that depends on the thread's own data.
// Rewritten for the problem format (see README.md): extern "C" on the kernel; BYTE/WORD (config.h)
// typedef'd here; the host wrapper dropped; the context, the table and the loops as the origin's.
typedef unsigned char BYTE;
typedef unsigned int WORD;

#define MD2_BLOCK_SIZE 16

typedef struct {
  BYTE data[16];
  BYTE state[48];
  BYTE checksum[16];
  int len;
} CUDA_MD2_CTX;

// MD2's permutation of 0..255 built from the digits of pi (RFC 1319)
__constant__ BYTE s[256] = {
    41,  46,  67,  201, 162, 216, 124, 1,   61,  54,  84,  161, 236, 240, 6,   19,  98,  167, 5,   243, 192, 199,
    115, 140, 152, 147, 43,  217, 188, 76,  130, 202, 30,  155, 87,  60,  253, 212, 224, 22,  103, 66,  111, 24,
    138, 23,  229, 18,  190, 78,  196, 214, 218, 158, 222, 73,  160, 251, 245, 142, 187, 47,  238, 122, 169, 104,
    121, 145, 21,  178, 7,   63,  148, 194, 16,  137, 11,  34,  95,  33,  128, 127, 93,  154, 90,  144, 50,  39,
    53,  62,  204, 231, 191, 247, 151, 3,   255, 25,  48,  179, 72,  165, 181, 209, 215, 94,  146, 42,  172, 86,
    170, 198, 79,  184, 56,  210, 150, 164, 125, 182, 118, 252, 107, 226, 156, 116, 4,   241, 69,  157, 112, 89,
    100, 113, 135, 32,  134, 91,  207, 101, 230, 45,  168, 2,   27,  96,  37,  173, 174, 176, 185, 246, 28,  70,
    97,  105, 52,  64,  126, 15,  85,  71,  163, 35,  221, 81,  175, 58,  195, 92,  249, 206, 186, 197, 234, 38,
    44,  83,  13,  110, 133, 40,  132, 9,   211, 223, 205, 244, 65,  129, 77,  82,  106, 220, 55,  200, 108, 193,
    171, 250, 36,  225, 123, 8,   12,  189, 177, 74,  120, 136, 149, 139, 227, 99,  232, 109, 233, 203, 213, 254,
    59,  0,   29,  57,  242, 239, 183, 14,  102, 88,  208, 228, 166, 119, 114, 248, 235, 117, 75,  10,  49,  68,
    80,  180, 143, 237, 31,  26,  219, 153, 141, 51,  159, 17,  131, 20};

__device__ void cuda_md2_transform(CUDA_MD2_CTX* ctx, BYTE data[]) {
  int j, k, t;

  // the block and its XOR with the running state extend the state to 48 bytes
  for (j = 0; j < 16; ++j) {
    ctx->state[j + 16] = data[j];
    ctx->state[j + 32] = (ctx->state[j + 16] ^ ctx->state[j]);
  }

  // 18 rounds of 48 steps, each step's table index the byte the previous step produced
  t = 0;
  for (j = 0; j < 18; ++j) {
    for (k = 0; k < 48; ++k) {
      ctx->state[k] ^= s[t];
      t = ctx->state[k];
    }
    t = (t + j) & 0xFF;
  }

  // the running checksum, through the same table
  t = ctx->checksum[15];
  for (j = 0; j < 16; ++j) {
    ctx->checksum[j] ^= s[data[j] ^ t];
    t = ctx->checksum[j];
  }
}

__device__ void cuda_md2_init(CUDA_MD2_CTX* ctx) {
  int i;
  for (i = 0; i < 48; ++i) ctx->state[i] = 0;
  for (i = 0; i < 16; ++i) ctx->checksum[i] = 0;
  ctx->len = 0;
}

__device__ void cuda_md2_update(CUDA_MD2_CTX* ctx, const BYTE data[], size_t len) {
  size_t i;
  for (i = 0; i < len; ++i) {
    ctx->data[ctx->len] = data[i];
    ctx->len++;
    if (ctx->len == MD2_BLOCK_SIZE) {
      cuda_md2_transform(ctx, ctx->data);
      ctx->len = 0;
    }
  }
}

__device__ void cuda_md2_final(CUDA_MD2_CTX* ctx, BYTE hash[]) {
  int to_pad;
  to_pad = MD2_BLOCK_SIZE - ctx->len;
  while (ctx->len < MD2_BLOCK_SIZE) ctx->data[ctx->len++] = to_pad;
  cuda_md2_transform(ctx, ctx->data);
  cuda_md2_transform(ctx, ctx->checksum);
  memcpy(hash, ctx->state, MD2_BLOCK_SIZE);
}

extern "C" __global__ void kernel_md2_hash(BYTE* indata, WORD inlen, BYTE* outdata, WORD n_batch) {
  WORD thread = blockIdx.x * blockDim.x + threadIdx.x;
  if (thread >= n_batch) {
    return;
  }
  BYTE* in = indata + thread * inlen;
  BYTE* out = outdata + thread * MD2_BLOCK_SIZE;
  CUDA_MD2_CTX ctx;
  cuda_md2_init(&ctx);
  cuda_md2_update(&ctx, in, inlen);
  cuda_md2_final(&ctx, out);
}
