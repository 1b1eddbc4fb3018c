// The smallest skip a round catches (engine/backend/gpu/skip_bound.h, red team 25's
// redteam25_thin_skip_sum, helper h28w): phi* in closed form against a Monte Carlo of real
// sampled sums, the disclosure's words, and the narrowed check they make.
#include <doctest/doctest.h>

#include <cmath>
#include <random>
#include <vector>

#include "engine/backend/gpu/skip_bound.h"

using namespace solver;

TEST_CASE("P6i: phi* is the smallest skip a round catches with p = kSkipCatch") {
  CHECK(gpu::normal_quantile(0.975) == doctest::Approx(1.959964).epsilon(1e-6));
  CHECK(gpu::kVerifiedRunsPerRound == 8);
  for (double sd : {0.3, 1.0, 1.5, 4.0, 30.0}) {
    const double phi = gpu::smallest_skip(sd, gpu::kVerifiedRunsPerRound, gpu::kSkipCatch);
    CHECK(phi > 0);
    CHECK(phi < 1);
    // The closed form is the inverse of skip_caught.
    CHECK(gpu::skip_caught(sd, phi, gpu::kVerifiedRunsPerRound) ==
          doctest::Approx(gpu::kSkipCatch).epsilon(1e-6));
    CHECK(gpu::skip_caught(sd, phi * 0.8, gpu::kVerifiedRunsPerRound) < gpu::kSkipCatch);
    // The tolerance factor that closes 1 in 16 does.
    const double f =
        gpu::tolerance_for_skip(sd, gpu::kVerifiedRunsPerRound, gpu::kSkipCatch, 1.0 / 16);
    CHECK(gpu::smallest_skip(sd / f, gpu::kVerifiedRunsPerRound, gpu::kSkipCatch) ==
          doctest::Approx(1.0 / 16));
  }
  // A 1-in-2 echo at 1 sd: the lint's own bar leaves ~1/2 of the work open at p = 0.9.
  CHECK(gpu::smallest_skip(1.0, 8, 0.9) == doctest::Approx(0.43).epsilon(0.02));
  CHECK(gpu::smallest_skip(std::numeric_limits<double>::infinity(), 8, 0.9) == 0);
  CHECK(gpu::smallest_skip(0, 8, 0.9) == 1);
}

TEST_CASE("P6i: a sampled sum's skip is caught at phi* in p of rounds (Monte Carlo)") {
  // out = sum of n U[0, 1); atol 0, rtol chosen so that the 1-in-2 echo's sd is ~1.2
  // tolerances. sd is measured as the worker does: the rms of the shares of set 0's nine
  // echoes (odd, even, odd blocks of 2..128). Then rounds of 8 fresh draws each: a kernel that
  // skips the last phi* n terms and rescales by 1 / (1 - phi*); caught where some run is out.
  const size_t n = 1024;
  std::mt19937_64 rng(20261205);
  std::uniform_real_distribution<double> u(0, 1);
  const double var = 1.0 / 12, spread = std::sqrt(n * var);  // the 1-in-2 sampler's sd
  const double tol = spread / 1.2;                           // in absolute units
  std::vector<double> x(n);
  for (double& v : x) v = u(rng);
  double energy = 0;
  int echoes = 0;
  for (size_t block : {1, 1, 2, 4, 8, 16, 32, 64, 128}) {
    const int parity = echoes == 1 ? 0 : 1;
    double diff = 0;
    for (size_t i = 0; i < n; ++i)
      if (((i / block) & 1) == size_t(parity) && (i ^ block) < n) diff += x[i ^ block] - x[i];
    energy += (diff / tol) * (diff / tol);
    ++echoes;
  }
  gpu::SetShare set0{"set 0", 0, {0.0}};
  set0.energy = {energy};
  set0.echoes = {echoes};
  const double sd = gpu::echo_sd(set0, 0);
  CHECK(sd > 0.6);
  CHECK(sd < 2.0);
  // At the *true* sd (1.2) the stated p holds; the measured sd moves phi* by its own noise.
  const double phi = gpu::smallest_skip(1.2, gpu::kVerifiedRunsPerRound, gpu::kSkipCatch);
  const size_t kept = size_t(std::lround(double(n) * (1 - phi)));
  const double scale = double(n) / double(kept);
  const int rounds = 1000;
  int caught = 0;
  for (int r = 0; r < rounds; ++r) {
    bool out = false;
    for (int run = 0; run < gpu::kVerifiedRunsPerRound; ++run) {
      double all = 0, part = 0;
      for (size_t i = 0; i < n; ++i) {
        const double v = u(rng);
        all += v;
        if (i < kept) part += v;
      }
      out = out || std::fabs(part * scale - all) > tol;
    }
    caught += out;
  }
  MESSAGE("phi* " << phi << ": caught in " << caught << " of " << rounds << " rounds");
  // 1000 rounds: the binomial sd at 0.9 is 0.0095; the model (CLT, discrete kept count) ~0.01.
  CHECK(double(caught) / rounds == doctest::Approx(gpu::kSkipCatch).epsilon(0.05));
}

TEST_CASE("P6i: the disclosure names phi* per output and the tolerance that closes 1 in 16") {
  gpu::SetShare set0{"set 0", 1.51, {1.51, 480}};
  set0.energy = {9 * 1.0 * 1.0, 9 * 300.0 * 300.0};
  set0.echoes = {9, 9};
  const std::vector<generators::Tolerance> tols{{1e-5, 1}};
  const std::string note = gpu::skip_note(set0, {"out", "chunk_mean"}, tols);
  INFO(note);
  CHECK(note.rfind(gpu::kSkipBoundMarker, 0) == 0);
  CHECK(note.find("out phi* 0.43 (~1/2.3 of the work") != std::string::npos);
  CHECK(note.find("chunk_mean phi* ") != std::string::npos);
  CHECK(note.find("; ") == std::string::npos);  // one narrowed check, whole
  CHECK(note.find("rtol 1e-05, atol 1 leaves a skip of ~1/2.3 undetected in 1 round in 10, a "
                  "skip of 1/16 caught in 0.086% of rounds") != std::string::npos);
  // Every output loud: the bound is said, not a narrowed check.
  gpu::SetShare loud{"set 0", 480, {480}};
  loud.energy = {9 * 300.0 * 300.0};
  loud.echoes = {9};
  const std::string quiet = gpu::skip_note(loud, {}, tols);
  CHECK(quiet.rfind("skip bound (", 0) == 0);
  CHECK(quiet.find(gpu::kSkipBoundMarker) == std::string::npos);
  // Not measured: nothing said.
  CHECK(gpu::skip_note(gpu::SetShare{"set 0", 2, {2}}, {}, tols).empty());
}
