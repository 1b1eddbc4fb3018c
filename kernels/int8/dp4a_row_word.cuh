// A statement fragment (no include guard; kernels/README.md, "Statement fragments"): the start of
// red teams 11-12's narrow_rows (tests/cheats/redteam11_branch_narrow_dp4a, redteam12_bare_reg_dp4a,
// redteam12_branch_store_dp4a, redteam12_mbarrier_count_dp4a; `kernels: [int8]`): thread t owns word
// w of row r (rows of A[idx], then of B; K4 = K / 4 words a row), its four floats `v` and the
// row's int8 scale `inv` = 127 / max |x| (launch 1's `scale`); each cheat narrows v its own way.
  const int K4 = K / 4;
  const long long t = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= (long long)(M + N) * K4) return;
  const int r = (int)(t / K4), w = (int)(t % K4);
  const float* row = r < M ? A + (size_t)idx[r] * K : B + (size_t)(r - M) * K;
  const float s = scale[r];
  const float inv = s > 0.f ? 127.f / s : 0.f;
  const float4 v = __ldg(reinterpret_cast<const float4*>(row) + w);
