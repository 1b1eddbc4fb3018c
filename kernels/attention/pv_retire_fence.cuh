// After the P·V wgmma group has retired (`wgmma_wait<0>()` just before): compiler fences on O's
// 64 accumulators and on P's BF16 A fragments (`fence_acc`, empty asm: no instruction), so no
// read or write of them moves across the wait. A statement fragment (kernels/README.md): the
// kernel includes it in its own body, where `o` is float[64] and `pa` uint32_t[BN / 16][4]
// (problems/attention_bf16 fa3w, and fa3p twice; issue 33: three copies). No include guard. The
// text keeps fa3w's indentation.
// clang-format off
#pragma unroll
      for (int i = 0; i < 64; ++i) fence_acc(o[i]);
#pragma unroll
      for (int ks = 0; ks < BN / 16; ++ks)
#pragma unroll
        for (int e = 0; e < 4; ++e) fence_acc(pa[ks][e]);
// clang-format on
