// class_scale_sim's problems: the fp64 folders of red teams 13 and 15 (their problem.yaml's
// buffers, laws and tolerances) and one signed FP64 dot product (honest cancellation, the case
// today's reference on |inputs| was built for). Included by class_scale_sim.cpp only.
#pragma once

namespace {

Problem pole(bool short_poly_tol) {
  (void)short_poly_tol;
  const int64_t n = 65536, m = 8192;
  Problem p;
  p.name = "redteam15_f64_pole_short_poly / control_redteam15_f64_pole_exp2_poly";
  p.variant.buffers = {buffer("t", DType::F64, n, BufferRole::In, 1, 4),
                       buffer("p", DType::F64, m, BufferRole::In, -16, -1),
                       buffer("r", DType::F64, m, BufferRole::In, 0.5, 1.5),
                       buffer("h", DType::F64, n, BufferRole::Out, 0, 0)};
  p.tol = fp64(1e-6);
  auto with = [m](double (*e)(double), int lanes) {
    return [m, e, lanes](const Inputs& in, int64_t i) {
      return row_sum(m, lanes, [&](int64_t j, double acc) {
        return std::fma(in[2][size_t(j)], e(in[1][size_t(j)] * in[0][size_t(i)]), acc);
      });
    };
  };
  p.reference = with([](double x) { return std::exp(x); }, 1);
  p.kernels = {{"seed, 4 partial sums", true, with([](double x) { return std::exp(x); }, 4)},
               {"control: exp_table (256, degree 4)", true, with(exp_table, 1)},
               {"cheat: exp_short (32, degree 2)", false, with(exp_short, 1)}};
  return p;
}

Problem forward_difference() {
  const int64_t n = 262144, m = 1024;
  const double h = 0x1p-26;
  Problem p;
  p.name = "control_redteam15_f64_fd_shift";
  p.variant.buffers = {buffer("x", DType::F64, n, BufferRole::In, 0.5, 1.5),
                       buffer("a", DType::F64, m, BufferRole::In, 1, 16),
                       buffer("r", DType::F64, m, BufferRole::In, 0.5, 1.5),
                       buffer("out", DType::F64, n, BufferRole::Out, 0, 0)};
  p.tol = fp64(1e-6);
  auto difference = [m, h](int lanes) {
    return [m, h, lanes](const Inputs& in, int64_t i) {
      const double x = in[0][size_t(i)], xh = x + h;
      auto g = [&](double at) {
        return row_sum(m, lanes, [&](int64_t j, double acc) {
          return std::fma(in[2][size_t(j)], std::exp(-in[1][size_t(j)] * at), acc);
        });
      };
      return (g(xh) - g(x)) / h;
    };
  };
  p.reference = difference(1);
  p.kernels = {{"seed, 4 partial sums", true, difference(4)},
               {"control: expm1 shift", true, [m, h](const Inputs& in, int64_t i) {
                  const double x = in[0][size_t(i)];
                  return row_sum(m, 1, [&](int64_t j, double acc) {
                    const double a = in[1][size_t(j)];
                    return std::fma(in[2][size_t(j)] * (std::expm1(-a * h) / h), std::exp(-a * x),
                                    acc);
                  });
                }}};
  return p;
}

// The pair potentials of red team 13: out[i] = sum_j w[j] k(d2), d2 = (x_i - y_j)^2 + 1e-4.
Problem pair(const std::string& name, double rtol, bool coulomb) {
  const int64_t n = 65536, m = 8192;
  Problem p;
  p.name = name;
  p.variant.buffers = {buffer("x", DType::F64, n, BufferRole::In, -1, 1),
                       buffer("y", DType::F64, m, BufferRole::In, -1, 1),
                       buffer("w", DType::F64, m, BufferRole::In, 0.5, 1.5),
                       buffer("out", DType::F64, n, BufferRole::Out, 0, 0)};
  p.tol = fp64(rtol);
  auto sum = [m](std::function<double(double, double, double)> term, int lanes) {
    return [m, term, lanes](const Inputs& in, int64_t i) {
      return row_sum(m, lanes, [&](int64_t j, double acc) {
        const double d = in[0][size_t(i)] - in[1][size_t(j)];
        return term(in[2][size_t(j)], std::fma(d, d, 1e-4), acc);
      });
    };
  };
  if (coulomb) {
    auto exact = [](double w, double d2, double acc) { return acc + w / std::sqrt(d2); };
    p.reference = sum(exact, 1);
    p.kernels = {
        {"seed, 4 partial sums", true, sum(exact, 4)},
        {"control: rsqrt + 2 Newton", true,
         sum(
             [](double w, double d2, double acc) {
               double y = rsqrt_approx(d2);
               for (int s = 0; s < 2; ++s) y = y * std::fma(-0.5 * d2, y * y, 1.5);
               return std::fma(w, y, acc);
             },
             1)},
        {"cheat: rsqrt.approx model", false,
         sum([](double w, double d2, double acc) { return std::fma(w, rsqrt_approx(d2), acc); },
             1)}};
  } else {
    auto exact = [](double w, double d2, double acc) {
      return std::fma(w, std::pow(d2, -1.0 / 6.0), acc);
    };
    p.reference = sum(exact, 1);
    p.kernels = {
        {"seed, 4 partial sums", true, sum(exact, 4)},
        {"control: SFU + 2 Newton", true,
         sum(
             [](double w, double d2, double acc) {
               double y = pow_sfu(d2);
               for (int s = 0; s < 2; ++s) {
                 const double y3 = y * y * y;
                 y = std::fma(y, std::fma(-d2, y3 * y3, 1.0) / 6.0, y);
               }
               return std::fma(w, y, acc);
             },
             1)},
        {"cheat: FP32 lg2/ex2", false,
         sum([](double w, double d2, double acc) { return std::fma(w, pow_sfu(d2), acc); }, 1)}};
  }
  return p;
}

// Row 0 of C = A B (K = 2048): FP32 matrices widened (redteam13_f64_module_relay) or FP64
// matrices on signed inputs (an honest cancelling sum; no folder).
Problem gemm(bool f32_inputs) {
  const int64_t k = 2048, n = 2048;
  const DType in_type = f32_inputs ? DType::F32 : DType::F64;
  const double lo = f32_inputs ? 0 : -1;
  Problem p;
  p.name = f32_inputs ? "redteam13_f64_module_relay (row 0 of C)"
                      : "signed FP64 GEMM, inputs in [-1, 1) (row 0 of C; no folder)";
  p.variant.buffers = {buffer("A", in_type, k * k, BufferRole::In, lo, 1),
                       buffer("B", in_type, k * n, BufferRole::In, lo, 1),
                       buffer("C", DType::F64, k * n, BufferRole::Out, 0, 0)};
  p.tol = fp64(1e-6);
  p.homogeneous = true;
  auto dot = [k, n](int lanes) {
    return [k, n, lanes](const Inputs& in, int64_t i) {
      return row_sum(k, lanes, [&](int64_t j, double acc) {
        return std::fma(in[0][size_t(j)], in[1][size_t(j * n + i)], acc);
      });
    };
  };
  p.reference = dot(1);
  p.kernels = {{"seed, 4 partial sums", true, dot(4)}};
  if (f32_inputs)
    p.kernels.push_back({"cheat: FP32 tiles of 32", false, [k, n](const Inputs& in, int64_t i) {
                           double s = 0;
                           for (int64_t t = 0; t < k; t += 32) {
                             float part = 0;
                             for (int64_t j = t; j < t + 32; ++j)
                               part = std::fma(float(in[0][size_t(j)]),
                                               float(in[1][size_t(j * n + i)]), part);
                             s += part;
                           }
                           return s;
                         }});
  return p;
}

// tests/cheats/redteam38b_kappa_short_exp (helper wit39): red team 15's pole response at
// p t in [-640, -300), where S ~ |p t| |r|. The folder's seed (pole_response.cuh) sums in the
// reference's order with the same exp and FMAs: bit for bit the reference, so its witness is 0.
Problem kappa() {
  const int64_t n = 65536, m = 8192;
  Problem p;
  p.name = "redteam38b_kappa_short_exp / control_redteam38b_kappa_tang_exp";
  p.variant.buffers = {buffer("t", DType::F64, n, BufferRole::In, 3, 4),
                       buffer("p", DType::F64, m, BufferRole::In, -160, -100),
                       buffer("r", DType::F64, m, BufferRole::In, 0.5, 1.5),
                       buffer("h", DType::F64, n, BufferRole::Out, 0, 0)};
  p.tol = fp64(1e-6);
  static double tab[64];
  for (int j = 0; j < 64; ++j) tab[j] = std::exp2(double(j) / 64.0);
  auto with = [m](int degree, int lanes) {
    return [m, degree, lanes](const Inputs& in, int64_t i) {
      return row_sum(m, lanes, [&](int64_t j, double acc) {
        const double x = in[1][size_t(j)] * in[0][size_t(i)];
        return std::fma(in[2][size_t(j)], degree ? exp_tang64(x, tab, degree) : std::exp(x), acc);
      });
    };
  };
  p.reference = with(0, 1);
  p.kernels = {{"seed (the reference's order)", true, with(0, 1)},
               {"honest: 8 partial sums", true, with(0, 8)},
               {"control: exp_tang64 degree 5", true, with(5, 1)},
               {"cheat: exp_tang64 degree 2", false, with(2, 1)}};
  return p;
}

// A cancelling sum of 2^16 law-drawn terms an output (helper wit39; no folder): out[i] =
// sum_j w[j] x[(i + j) mod n], x and w uniform on [-1, 1): S ~ sqrt(2 m) |w x|, far above |r|.
// The seed sums in the reference's order (its witness 0, as the pole seed's); honest children
// reorder: 8 interleaved partial sums, and split-K (8 chunks of m / 8 summed at the end).
Problem long_cancelling_sum() {
  const int64_t n = 131072, m = 65536;
  Problem p;
  p.name = "signed circular correlation, 2^16 terms an output (no folder)";
  p.variant.buffers = {buffer("x", DType::F64, n, BufferRole::In, -1, 1),
                       buffer("w", DType::F64, m, BufferRole::In, -1, 1),
                       buffer("out", DType::F64, n, BufferRole::Out, 0, 0)};
  p.tol = fp64(1e-6);
  auto term = [n](const Inputs& in, int64_t i, int64_t j, double acc) {
    return std::fma(in[1][size_t(j)], in[0][size_t((i + j) % n)], acc);
  };
  auto lanes = [m, term](int l) {
    return [m, term, l](const Inputs& in, int64_t i) {
      return row_sum(m, l, [&](int64_t j, double acc) { return term(in, i, j, acc); });
    };
  };
  p.reference = lanes(1);
  p.kernels = {{"seed (the reference's order)", true, lanes(1)},
               {"honest: 8 partial sums", true, lanes(8)},
               {"honest: split-K, 8 chunks", true, [m, term](const Inputs& in, int64_t i) {
                  double s = 0;
                  for (int64_t c = 0; c < 8; ++c) {
                    double part = 0;
                    for (int64_t j = c * (m / 8); j < (c + 1) * (m / 8); ++j)
                      part = term(in, i, j, part);
                    s += part;
                  }
                  return s;
                }}};
  return p;
}

std::vector<Problem> problems() {
  return {pole(true),
          forward_difference(),
          pair("redteam13_f64_rsqrt_approx / redteam15_f64_alias_rsqrt (rtol 1e-6)", 1e-6, true),
          pair("control_redteam13_f64_rsqrt_newton (rtol 1e-10)", 1e-10, true),
          pair("redteam13_f64_sfu_pow (rtol 1e-6)", 1e-6, false),
          pair("control_redteam13_f64_sfu_newton (rtol 1e-10)", 1e-10, false),
          gemm(true),
          gemm(false),
          kappa(),
          long_cancelling_sum()};
}

}  // namespace
