// The synthetic knob space the ON track's knob tests search (knob_start_test,
// knob_search_scale_test): a GEMM-shaped problem folder (C = A x B at 2048^3 in FP32, a
// do-nothing reference) whose variants the test writes, loaded from a temporary folder, and the
// search request over it with the points tried and timed so far. Not measured on any GPU.
#pragma once
#include <map>
#include <set>
#include <string>

#include "engine/loop/pool_search.h"
#include "generators/problem_loader.h"
#include "synthetic_pool.h"

namespace solver::test {

struct KnobSpace {
  std::string root;
  generators::ProblemSpec spec;
  std::set<std::string> tried;
  std::map<std::string, double> timed;
  engine::SearchRequest r;

  // `variants`: problem.yaml's text from `seed:` on (the seed and the variants, each with
  // source k.cu); NAME names the folder and the problem.
  KnobSpace(const std::string& name, const std::string& variants) : root(make_temp_dir(name)) {
    const std::string dir = root + "/" + name;
    write_text(dir + "/k.cu",
               "extern \"C\" __global__ void ref(float*, float*, float*, int, int, int) {}\n");
    write_text(dir + "/problem.yaml", "version: 1\nname: " + name +
                                          "\ndescription: synthetic GEMM knob space (test)\n" +
                                          kHead + variants);
    spec = generators::load_problem(dir);
    r.spec = &spec;
    r.tried = &tried;
    r.timed_us = &timed;
  }
  KnobSpace(const KnobSpace&) = delete;  // r points into it
  KnobSpace& operator=(const KnobSpace&) = delete;

  // The incumbent: VARIANT at KNOBS, tried; its key.
  std::string start(const std::string& variant, const generators::KnobValues& knobs) {
    r.incumbent = {variant, knobs};
    const std::string key = generators::variant_key(variant, knobs);
    tried.insert(key);
    return key;
  }

 private:
  static constexpr const char* kHead = R"YAML(scalars: {M: 2048, N: 2048, K: 2048}
buffers:
  A: {dtype: f32, shape: [M, K], role: in}
  B: {dtype: f32, shape: [K, N], role: in}
  C: {dtype: f32, shape: [M, N], role: out}
flops: 2*M*N*K
bytes: 4*(M*K + K*N + M*N)
tolerance:
  fp32: {rtol: 1.0e-4, atol: 5.0e-4}
reference: {source: k.cu, entry: ref, args: [A, B, C, M, N, K], grid: [1], block: [1]}
)YAML";
};

}  // namespace solver::test
