// The FP64 attention references' block set-up (problems/attention and problems/attention_bf16
// reference.cu; issue 33: both wrote it out): the row's scores sc (RMAX_S doubles), its query q
// (RD doubles) and the block reduction's scratch red (256 doubles) in shared memory, then the
// block's query row (one 256-thread block per row of the flattened [BH * S] queries), its index
// i within the head and the head bh. A statement fragment: the reference includes it first in
// its kernel body, where S is the sequence length; RMAX_S and RD are the reference's. The tokens
// are the ones the references had. No include guard; the text keeps the body's indentation.
// clang-format off
  __shared__ double sc[RMAX_S];
  __shared__ double q[RD];
  __shared__ double red[256];
  const long long row = blockIdx.x;  // bh * S + i
  const int i = int(row % S);
  const long long bh = row / S;
// clang-format on
