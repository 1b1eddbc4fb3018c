// scan_kernel_file / scaffold_problem on the shapes public kernel files take: templates,
// namespaces, structs, braces in strings and comments, __launch_bounds__, vector types.
#include "generators/kernel_scaffold.h"

#include <doctest/doctest.h>

using namespace solver::generators;

namespace {
const char* kFile = R"(#include <cuda_runtime.h>
#include <cstdint>
#include <cuda_fp16.h>
#define TILE 32
#define MAX(a, b) ((a) > (b) ? (a) : (b))
struct Pair { float a, b; };
typedef unsigned int u32;
__device__ __forceinline__ float sq(float v) { return v * v; }
__constant__ float coeffs[4];
/* a comment with a } brace */
__global__ void __launch_bounds__(256) gelu_v1(const __half* __restrict__ in, __half* out, size_t n) {
  const char* s = "} not the end {";
  if (threadIdx.x == 0 && s[0] == '}') out[0] = in[0];
}
template <int B>
__global__ void tiled(const float* a, float* b, int n) { b[0] = a[0] * B; }
extern "C" __global__ void already_c(float4* v, int64_t n) {}
static void check(cudaError_t e) { if (e != cudaSuccess) { printf("}"); } }
int main(int argc, char** argv) {
  gelu_v1<<<1, 256>>>(nullptr, nullptr, 0);
  return 0;
}
)";
}  // namespace

TEST_CASE("kernels, their parameters and linkage are found; host code is dropped") {
  KernelFileScan s = scan_kernel_file(kFile);
  REQUIRE(s.kernels.size() == 3);
  const auto& g = s.kernels[0];
  CHECK(g.name == "gelu_v1");
  CHECK(g.line == 11);
  REQUIRE(g.params.size() == 3);
  CHECK(g.params[0].name == "in");
  CHECK(g.params[0].pointer);
  CHECK(g.params[0].is_const);
  CHECK(g.params[0].dtype == "f16");
  CHECK_FALSE(g.params[1].is_const);
  CHECK(g.params[2].dtype == "u64");
  CHECK_FALSE(g.params[2].pointer);
  CHECK(s.kernels[1].is_template);
  CHECK(s.kernels[2].params[0].vector_width == 4);
  CHECK(s.kernels[2].params[1].dtype == "i64");
  const std::string& d = s.device_source;
  CHECK(d.find("extern \"C\" __global__ void __launch_bounds__(256) gelu_v1") != std::string::npos);
  CHECK(d.find("extern \"C\" extern \"C\"") == std::string::npos);
  CHECK(d.find("extern \"C\" template") == std::string::npos);
  CHECK(d.find("\"} not the end {\"") != std::string::npos);  // the body stays whole
  CHECK(d.find("struct Pair") != std::string::npos);
  CHECK(d.find("typedef unsigned int u32;") != std::string::npos);
  CHECK(d.find("__device__ __forceinline__ float sq") != std::string::npos);
  CHECK(d.find("__constant__ float coeffs[4];") != std::string::npos);
  CHECK(d.find("#include <cuda/std/cstdint>") != std::string::npos);
  CHECK(d.find("#include <cuda_fp16.h>") != std::string::npos);
  CHECK(d.find("#ifndef TILE\n#define TILE 32\n#endif") != std::string::npos);
  CHECK(d.find("#define MAX(a, b)") != std::string::npos);
  CHECK(d.find("int main") == std::string::npos);
  CHECK(d.find("static void check") == std::string::npos);
  CHECK(d.find("printf") == std::string::npos);
  REQUIRE(s.int_defines.size() == 1);
  CHECK(s.int_defines[0].first == "TILE");
  bool main_dropped = false;
  for (const auto& x : s.dropped) main_dropped = main_dropped || x == "main (line 19)";
  CHECK(main_dropped);
}

TEST_CASE("the draft maps matching signatures onto one set of buffers and lists the TODOs") {
  const char* two = R"(
__global__ void v1(const float* x, float* y, int n) {}
__global__ void v2(const float* src, float* dst, int count) {}
__global__ void v3(const float* x, float* y, float* partial, int n) {}
template <int B> __global__ void v4(const float* x, float* y, int n) {}
)";
  ScaffoldFiles f = scaffold_problem("op", "ops.cu", scan_kernel_file(two));
  CHECK(f.problem_yaml.find("args: [x, y, n]\n") != std::string::npos);  // v1 and v2 by position
  CHECK(f.problem_yaml.find("src") == std::string::npos);
  CHECK(f.problem_yaml.find("args: [x, y, partial, n]") != std::string::npos);  // v3 by name
  CHECK(f.problem_yaml.find("partial: {dtype: f32, shape: [n], role: out}") != std::string::npos);
  CHECK(f.problem_yaml.find("seed: v1") != std::string::npos);
  CHECK(f.problem_yaml.find("id: v4") == std::string::npos);
  CHECK(f.reference_cu.find(
            "extern \"C\" __global__ void reference(const float* x, double* y, int n)") !=
        std::string::npos);
  bool template_todo = false;
  for (const auto& t : f.todos)
    template_todo = template_todo || t.find("'v4' is a template") != std::string::npos;
  CHECK(template_todo);
  CHECK(scaffold_problem("op", "none.cu", scan_kernel_file("int main() {}")).problem_yaml.empty());
}

TEST_CASE("the draft keeps float scalars float and takes sizes and 2-D launches from main") {
  const char* file = R"(
#include <cstdio>
__global__ void scale2d(const float* x, float* y, float alpha, int w, int h) {
  int i = blockIdx.x * blockDim.x + threadIdx.x, j = blockIdx.y * blockDim.y + threadIdx.y;
  if (i < w && j < h) y[j * w + i] = alpha * x[j * w + i];
}
int main() {
  const int W = 1024;
  const int H = 512;
  float *dx, *dy;
  cudaMalloc(&dx, W * H * sizeof(float));
  cudaMalloc(&dy, W * H * sizeof(float));
  dim3 block(16, 16);
  dim3 grid((W + 15) / 16, (H + 15) / 16);
  scale2d<<<grid, block>>>(dx, dy, 2.0f, W, H);
  return 0;
}
)";
  ScaffoldFiles f = scaffold_problem("s2d", "s2d.cu", scan_kernel_file(file));
  INFO(f.problem_yaml << f.reference_cu);
  // An f32 scalar is passed as 4 bytes: the reference takes it as float, not double.
  CHECK(f.reference_cu.find("float alpha") != std::string::npos);
  CHECK(f.reference_cu.find("double alpha") == std::string::npos);
  CHECK(f.problem_yaml.find("alpha: {value: 2.0, dtype: f32}  # from main") != std::string::npos);
  CHECK(f.problem_yaml.find("w: {value: 1024, dtype: i32}  # from main") != std::string::npos);
  CHECK(f.problem_yaml.find("h: {value: 512, dtype: i32}  # from main") != std::string::npos);
  CHECK(f.problem_yaml.find("x: {dtype: f32, shape: [w * h], role: in}") != std::string::npos);
  CHECK(f.problem_yaml.find("grid: [\"floor((w + 15) / 16)\", \"floor((h + 15) / 16)\"]") !=
        std::string::npos);
  CHECK(f.problem_yaml.find("block: [\"16\", \"16\"]") != std::string::npos);
  CHECK(f.problem_yaml.find("from main: scale2d<<<grid, block>>>") != std::string::npos);
  // The draft names a command that exists.
  const bool names_command =
      f.problem_yaml.find("solver hypotheses") == std::string::npos ||
      f.problem_yaml.find("`solver hypotheses` lists them") != std::string::npos;
  CHECK(names_command);
}
