// P6p (fold_bound.h, helper fr35): the fold about each input's law centre and the allowance it
// gives compare(). Host only, milliseconds.
#include "engine/backend/gpu/fold_bound.h"

#include <cmath>
#include <cstring>
#include <memory>

#include <doctest/doctest.h>
#include "flat_buffer.h"

using namespace solver;
using generators::DType;

namespace {

template <typename T>
std::shared_ptr<gpu::HostInput> bytes_of(const std::vector<T>& v) {
  auto in = std::make_shared<gpu::HostInput>();
  in->size = v.size() * sizeof(T);
  in->data.reset(new unsigned char[in->size]);
  std::memcpy(in->data.get(), v.data(), in->size);
  return in;
}

template <typename T>
std::vector<T> values(const gpu::HostInput& in) {
  std::vector<T> v(in.size / sizeof(T));
  std::memcpy(v.data(), in.data.get(), in.size);
  return v;
}

}  // namespace

TEST_CASE("P6p: inputs fold about their law's centre, c + |x - c|; ints and centred-above stay") {
  generators::ResolvedVariant v;
  v.buffers = {
      test::flat_buffer("u", DType::F32, 4, {"uniform", 0.5, 1.5}),
      test::flat_buffer("g", DType::F64, 3, {"normal", 8.0, 1.0}),
      test::flat_buffer("s", DType::F32, 3, {"uniform", -1.0, 1.0}),
      test::flat_buffer("k", DType::I32, 2, {"randint", 0.0, 10.0}),
      test::flat_buffer("y", DType::F32, 2, {"uniform", 0.0, 1.0}, generators::BufferRole::Out)};
  gpu::HostSet base;
  base.key = "7";
  base.inputs = {bytes_of<float>({0.5f, 0.75f, 1.0f, 1.25f}), bytes_of<double>({6.5, 8.0, 9.0}),
                 bytes_of<float>({-0.5f, 0.25f, -1.0f}), bytes_of<int>({-3, 4}), nullptr};
  base.digests = {1, 2, 3, 4, 0};
  const std::optional<gpu::HostSet> f = gpu::centre_fold_set(v, base);
  REQUIRE(f);
  CHECK(f->key == "7/folded");
  CHECK(values<float>(*f->inputs[0]) == std::vector<float>{1.5f, 1.25f, 1.0f, 1.25f});
  CHECK(values<double>(*f->inputs[1]) == std::vector<double>{9.5, 8.0, 9.0});
  CHECK(values<float>(*f->inputs[2]) == std::vector<float>{0.5f, 0.25f, 1.0f});  // |x| about 0
  CHECK(f->inputs[3] == base.inputs[3]);  // an integer input is not folded
  CHECK(f->digests[3] == 4);
  CHECK(f->digests[0] != 1);
  CHECK(base.inputs[0] != f->inputs[0]);
  CHECK(values<float>(*base.inputs[0])[0] == 0.5f);  // the base set is untouched

  gpu::HostSet above = base;
  above.inputs = {bytes_of<float>({1.0f, 1.4f}), bytes_of<double>({8.5}), bytes_of<float>({0.f}),
                  bytes_of<int>({1}), nullptr};
  CHECK_FALSE(gpu::centre_fold_set(v, above));  // nothing below its centre: nothing moves
}

TEST_CASE("P6p: the allowance is kFoldUlps u32 of the folded reference, at any declared rtol") {
  const double u = std::ldexp(1.0, -24), M = 5.0e4, r = 295.13;
  for (double rtol : {1e-5, 1e-4, 1e-2, 0.0}) {
    generators::Tolerance tol;
    tol.rtol = rtol;
    tol.atol = 0;
    const std::vector<gpu::HostDoubles> a = gpu::fold_allowance({gpu::HostDoubles{M}}, {tol});
    REQUIRE(a.size() == 1);
    const double allowed = rtol > 0 ? gpu::kFoldUlps * u * M : 0.0;
    // SYNTHETIC errors: just inside and just outside rtol |r| + the allowance (rtol 0: exact,
    // no allowance, so any error fails)
    const double inside = rtol > 0 ? rtol * r + 0.99 * allowed : 1e-9;
    const double outside = rtol * r + 1.01 * allowed + 1e-9;
    const std::vector<double> ref{r}, near{r - inside}, far{r + outside};
    auto failures = [&](const std::vector<double>& o) {
      return gpu::compare(reinterpret_cast<const unsigned char*>(o.data()), DType::F64, 1,
                          ref.data(), 1, tol, 1, a[0].data())
          .failures;
    };
    CHECK(failures(near) == (rtol > 0 ? 0 : 1));
    CHECK(failures(far) == 1);
  }
}
