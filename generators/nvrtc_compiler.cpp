// The only file of generators/ that sees nvrtc.h. Without the CUDA toolkit (SOLVER_HAVE_NVRTC
// undefined) it still builds, and every compile says "not built with NVRTC", so callers need
// no #ifdef of their own.
#include "generators/nvrtc_compiler.h"

#include <chrono>
#include <memory>

#ifdef SOLVER_HAVE_NVRTC
#include <nvrtc.h>
#endif

namespace solver::generators {

#ifdef SOLVER_HAVE_NVRTC

namespace {

struct ProgramDeleter {
  void operator()(nvrtcProgram* p) const {
    if (p && *p) nvrtcDestroyProgram(p);
    delete p;
  }
};
using Program = std::unique_ptr<nvrtcProgram, ProgramDeleter>;

CompileResult failure(std::string error, std::string log = {}) {
  CompileResult r;
  r.ok = false;
  r.error = std::move(error);
  r.log = std::move(log);
  return r;
}

std::string program_log(nvrtcProgram prog) {
  size_t n = 0;
  if (nvrtcGetProgramLogSize(prog, &n) != NVRTC_SUCCESS || n <= 1) return "";
  std::string log(n, '\0');
  if (nvrtcGetProgramLog(prog, log.data()) != NVRTC_SUCCESS) return "";
  log.resize(n - 1);  // drop the terminating NUL
  return log;
}

}  // namespace

bool nvrtc_built_in() { return true; }

std::string nvrtc_version() {
  int major = 0, minor = 0;
  if (nvrtcVersion(&major, &minor) != NVRTC_SUCCESS) return "unknown";
  return std::to_string(major) + "." + std::to_string(minor);
}

CompileResult nvrtc_compile(const std::string& source_text, const std::string& name,
                            const std::vector<std::string>& options) {
  auto start = std::chrono::steady_clock::now();
  Program prog(new nvrtcProgram(nullptr));
  nvrtcResult rc =
      nvrtcCreateProgram(prog.get(), source_text.c_str(), name.c_str(), 0, nullptr, nullptr);
  if (rc != NVRTC_SUCCESS) return failure(std::string("nvrtcCreateProgram: ") + nvrtcGetErrorString(rc));
  std::vector<const char*> argv;
  argv.reserve(options.size());
  for (const auto& o : options) argv.push_back(o.c_str());
  rc = nvrtcCompileProgram(*prog, static_cast<int>(argv.size()), argv.data());
  std::string log = program_log(*prog);
  auto seconds = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  };
  if (rc != NVRTC_SUCCESS) {
    CompileResult r = failure(std::string("compile error: ") + nvrtcGetErrorString(rc), log);
    r.seconds = seconds();
    return r;
  }
  size_t size = 0;
  rc = nvrtcGetCUBINSize(*prog, &size);
  // A virtual architecture (compute_XY) yields no CUBIN; say so rather than return nothing.
  if (rc != NVRTC_SUCCESS || size == 0)
    return failure("no CUBIN produced (is the architecture a real sm_XY?)", log);
  CompileResult r;
  r.cubin.resize(size);
  rc = nvrtcGetCUBIN(*prog, r.cubin.data());
  if (rc != NVRTC_SUCCESS) return failure(std::string("nvrtcGetCUBIN: ") + nvrtcGetErrorString(rc), log);
  // The PTX NVRTC produced on the way to the CUBIN (kept for the static tensor-op scan).
  size_t ptx_size = 0;
  if (nvrtcGetPTXSize(*prog, &ptx_size) == NVRTC_SUCCESS && ptx_size > 1) {
    r.ptx.resize(ptx_size);
    if (nvrtcGetPTX(*prog, r.ptx.data()) != NVRTC_SUCCESS) r.ptx.clear();
    while (!r.ptx.empty() && r.ptx.back() == '\0') r.ptx.pop_back();
  }
  r.ok = true;
  r.log = std::move(log);
  r.seconds = seconds();
  return r;
}

#else  // no NVRTC in this build

bool nvrtc_built_in() { return false; }
std::string nvrtc_version() { return ""; }

CompileResult nvrtc_compile(const std::string&, const std::string&, const std::vector<std::string>&) {
  CompileResult r;
  r.error = "not built with NVRTC";
  return r;
}

#endif

CompileResult compile_variant(const ResolvedVariant& variant, CompileCache* cache) {
  if (!nvrtc_built_in()) return nvrtc_compile("", "", {});
  // ptxas's resource report goes into the log (registers, smem, spills); it does not change
  // the code, so it stays out of the variant's options and its source hash.
  std::vector<std::string> options = variant.nvrtc_options;
  options.push_back("--ptxas-options=-v");
  std::string key;
  if (cache) {
    key = compile_cache_key(variant.source_text, options, nvrtc_version(), variant.arch);
    if (auto hit = cache->load(key)) return *hit;
  }
  std::string name = variant.source_path.substr(variant.source_path.find_last_of('/') + 1);
  CompileResult r = nvrtc_compile(variant.source_text, name, options);
  r.kernels = parse_ptxas_usage(r.log);
  if (!r.ptx.empty()) r.tensor_ops = scan_ptx_tensor_ops(r.ptx);
  r.cache_key = key;
  if (cache && r.ok) cache->store(key, r);
  return r;
}

}  // namespace solver::generators
