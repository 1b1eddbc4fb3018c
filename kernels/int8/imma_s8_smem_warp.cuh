// A statement fragment (no include guard; kernels/README.md, "Statement fragments"): one K step
// of a warp's 32 x 32 of C in the int8 GEMM cheats of tests/cheats (cheat_int8_quantised_fp32,
// redteam9_scratch_int8_launder, redteam13_int8_module_relay; `kernels: [int8]`): 2 x 4
// mma.sync m16n8k32 s8 (s32 accumulate) from the block's staged words As[64][9], Bs[64][9] (32
// int8 a row), the warp's rows r0 and columns c0, the lane's g = lane / 4, q = lane % 4, into
// int acc[2][4][4]; all of them the includer's.
#pragma unroll
    for (int i = 0; i < 2; ++i)
#pragma unroll
      for (int j = 0; j < 4; ++j) {
        const int ra = r0 + 16 * i + g, cb = c0 + 8 * j + g;
        asm volatile(
            "mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, "
            "{%8,%9}, {%0,%1,%2,%3};\n"
            : "+r"(acc[i][j][0]), "+r"(acc[i][j][1]), "+r"(acc[i][j][2]), "+r"(acc[i][j][3])
            : "r"(As[ra][q]), "r"(As[ra + 8][q]), "r"(As[ra][q + 4]), "r"(As[ra + 8][q + 4]),
              "r"(Bs[cb][q]), "r"(Bs[cb][q + 4]));
      }
