// A statement fragment (no include guard; kernels/README.md, "Statement fragments"): the FP64
// references' blurred pixel, `double s`, the separable 9-tap binomial blur of binomial.h in
// double at row r, column c of x (H x W), edges replicated, the row pass recomputed for each of
// the 9 rows it needs (slow, exact). Included on a line of its own inside blur_ref.cu's and
// blur_level_ref.cu's kernels, after their bounds return.
  const double w[9] = {1, 8, 28, 56, 70, 56, 28, 8, 1};
  double s = 0.0;
  for (int k = 0; k < 9; ++k) {
    int rr = r - 4 + k;
    rr = rr < 0 ? 0 : rr > H - 1 ? H - 1 : rr;
    double h = 0.0;
    for (int j = 0; j < 9; ++j) {
      int cc = c - 4 + j;
      cc = cc < 0 ? 0 : cc > W - 1 ? W - 1 : cc;
      h += w[j] / 256.0 * (double)x[(long long)rr * W + cc];
    }
    s += w[k] / 256.0 * h;
  }
