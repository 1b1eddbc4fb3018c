// `solver problems new NAME --from FILE.cu`: a problem folder drafted from a file of
// hand-written kernels (several versions of one operation, a host main, C++ linkage, libc
// headers, as public collections write them). The device part of the file becomes the
// problem's kernel source; every __global__ function a variant (the first the seed); pointer
// parameters become buffers and the others scalars; what only a person can say (sizes, which
// buffers are written, the float64 reference, which hypothesis each version answers, flops
// and bytes) is a TODO. Pure text in, text out: the CLI writes the files.
#pragma once
#include <string>
#include <vector>

namespace solver::generators {

struct KernelParam {
  std::string type;  // as written, qualifiers included ("const float* __restrict__")
  std::string name;
  bool pointer = false;
  bool is_const = false;  // a pointer to const: an input
  std::string dtype;      // f32, f64, f16, bf16, i32, u32, i64, u64; "" when not mappable
  int vector_width = 1;   // float4 and friends
};

struct ScannedKernel {
  std::string name;
  std::vector<KernelParam> params;
  bool is_template = false;
  int line = 0;
};

struct KernelFileScan {
  std::vector<ScannedKernel> kernels;
  // The file with host code dropped, libc headers replaced by their NVRTC equivalents,
  // kernels given C linkage and integer #defines made overridable by knobs.
  std::string device_source;
  std::vector<std::string> dropped;  // "main (line 80)", "#include <vector>"
  std::vector<std::pair<std::string, std::string>> int_defines;  // #define BLOCK 256
  // The dropped host code without comments: where `main` says sizes and launches
  // (generators/host_main_scan.h).
  std::string host_source;
};

// Splits a .cu file into device and host parts and finds its kernels. Never throws: what it
// cannot read stays in the source as written.
KernelFileScan scan_kernel_file(const std::string& text);

struct ScaffoldFiles {
  std::string problem_yaml;
  std::string kernels_cu;
  std::string reference_cu;
  std::vector<std::string> todos;  // what the user must fill in, one line each
};

// The problem folder's files for problem `name` drafted from `scan` (`origin` names the file
// in comments). Returns no problem.yaml when the file has no usable kernel (see `todos`).
ScaffoldFiles scaffold_problem(const std::string& name, const std::string& origin,
                               const KernelFileScan& scan);

}  // namespace solver::generators
