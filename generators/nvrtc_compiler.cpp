// The only file of generators/ that talks to NVRTC. libnvrtc is opened at run time, never
// linked, and its C API is declared here (nvrtc_api below), so every build can compile
// kernels once a toolkit is present on the machine, whether or not one was there at build
// time. Where the build saw the toolkit, its nvrtc.h checks those declarations.
#include "generators/nvrtc_compiler.h"

#include "generators/compile_diagnostics.h"
#include "generators/toolkit_dirs.h"

#include <dlfcn.h>

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

namespace solver::generators {

namespace fs = std::filesystem;

namespace nvrtc_api {
// The subset of NVRTC's C ABI that solver uses; stable since CUDA 11 (cubin and PTX getters).
using Result = int;  // nvrtcResult: an enum, NVRTC_SUCCESS == 0
constexpr Result kSuccess = 0;
struct ProgramImpl;
using Program = ProgramImpl*;  // nvrtcProgram: an opaque pointer
using Version = Result (*)(int*, int*);
using GetErrorString = const char* (*)(Result);
using CreateProgram = Result (*)(Program*, const char*, const char*, int, const char* const*,
                                 const char* const*);
using DestroyProgram = Result (*)(Program*);
using CompileProgram = Result (*)(Program, int, const char* const*);
using GetSize = Result (*)(Program, std::size_t*);
using GetBytes = Result (*)(Program, char*);
}  // namespace nvrtc_api

}  // namespace solver::generators

#if __has_include(<nvrtc.h>)
#include <nvrtc.h>
namespace solver::generators::nvrtc_api {
// Where the toolkit's header is at hand, the hand-written declarations must agree with it.
static_assert(NVRTC_SUCCESS == kSuccess);
static_assert(sizeof(nvrtcResult) == sizeof(Result));
static_assert(sizeof(nvrtcProgram) == sizeof(Program));
}  // namespace solver::generators::nvrtc_api
#endif

namespace solver::generators {

namespace {

// Search order: $SOLVER_NVRTC_LIBRARY (a path; if set, the only one tried), else each soname
// (the build toolkit's major version first, then the other supported majors) through the
// loader's own rules (LD_LIBRARY_PATH, the executable's runpath, ld.so.cache), then
// <dir>/<soname> for $CUDA_HOME/lib64, $CUDA_PATH/lib64, the build's toolkit and
// /usr/local/cuda/lib64.
#ifndef SOLVER_NVRTC_SONAME
#define SOLVER_NVRTC_SONAME "libnvrtc.so.13"
#endif
#ifndef SOLVER_CUDA_LIB_DIR
#define SOLVER_CUDA_LIB_DIR "/usr/local/cuda/lib64"
#endif

struct NvrtcApi {
  nvrtc_api::Version Version = nullptr;
  nvrtc_api::GetErrorString GetErrorString = nullptr;
  nvrtc_api::CreateProgram CreateProgram = nullptr;
  nvrtc_api::DestroyProgram DestroyProgram = nullptr;
  nvrtc_api::CompileProgram CompileProgram = nullptr;
  nvrtc_api::GetSize GetProgramLogSize = nullptr;
  nvrtc_api::GetBytes GetProgramLog = nullptr;
  nvrtc_api::GetSize GetCUBINSize = nullptr;
  nvrtc_api::GetBytes GetCUBIN = nullptr;
  nvrtc_api::GetSize GetPTXSize = nullptr;
  nvrtc_api::GetBytes GetPTX = nullptr;
  std::string error;  // empty when every entry point resolved
  std::string path;   // what was opened
};

NvrtcApi load_nvrtc() {
  NvrtcApi a;
  std::vector<std::string> candidates;
  // An explicit library is the only one tried: the user said which NVRTC to use.
  if (const char* p = std::getenv("SOLVER_NVRTC_LIBRARY"); p && *p) {
    candidates.push_back(p);
  } else {
    std::vector<std::string> sonames{SOLVER_NVRTC_SONAME};
    for (const char* s : {"libnvrtc.so.13", "libnvrtc.so.12"})
      if (sonames.front() != s) sonames.push_back(s);
    std::vector<std::string> dirs;
    for (const char* env : {"CUDA_HOME", "CUDA_PATH"})
      if (const char* d = std::getenv(env); d && *d) dirs.push_back(std::string(d) + "/lib64");
    dirs.push_back(SOLVER_CUDA_LIB_DIR);
    if (dirs.back() != "/usr/local/cuda/lib64") dirs.push_back("/usr/local/cuda/lib64");
    for (const auto& so : sonames) {
      candidates.push_back(so);
      for (const auto& d : dirs) candidates.push_back(d + "/" + so);
    }
  }
  void* handle = nullptr;
  std::string tried;
  for (const auto& c : candidates) {
    handle = dlopen(c.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (handle) {
      a.path = c;
      break;
    }
    tried += (tried.empty() ? "" : ", ") + c;
  }
  if (!handle) {
    a.error = "NVRTC library not found (tried " + tried +
              "; set SOLVER_NVRTC_LIBRARY or LD_LIBRARY_PATH to the CUDA toolkit's lib64)";
    return a;
  }
  auto bind = [&](auto& fn, const char* name) {
    fn = reinterpret_cast<std::remove_reference_t<decltype(fn)>>(dlsym(handle, name));
    if (!fn && a.error.empty()) a.error = a.path + " lacks " + name;
  };
  bind(a.Version, "nvrtcVersion");
  bind(a.GetErrorString, "nvrtcGetErrorString");
  bind(a.CreateProgram, "nvrtcCreateProgram");
  bind(a.DestroyProgram, "nvrtcDestroyProgram");
  bind(a.CompileProgram, "nvrtcCompileProgram");
  bind(a.GetProgramLogSize, "nvrtcGetProgramLogSize");
  bind(a.GetProgramLog, "nvrtcGetProgramLog");
  bind(a.GetCUBINSize, "nvrtcGetCUBINSize");
  bind(a.GetCUBIN, "nvrtcGetCUBIN");
  bind(a.GetPTXSize, "nvrtcGetPTXSize");
  bind(a.GetPTX, "nvrtcGetPTX");
  return a;  // the handle stays open for the life of the process
}

const NvrtcApi& nvrtc() {
  static const NvrtcApi api = load_nvrtc();
  return api;
}

struct ProgramDeleter {
  void operator()(nvrtc_api::Program* p) const {
    if (p && *p) nvrtc().DestroyProgram(p);
    delete p;
  }
};
using Program = std::unique_ptr<nvrtc_api::Program, ProgramDeleter>;

CompileResult failure(std::string error, std::string log = {}) {
  CompileResult r;
  r.ok = false;
  r.error = std::move(error);
  r.log = std::move(log);
  return r;
}

std::string program_log(nvrtc_api::Program prog) {
  size_t n = 0;
  if (nvrtc().GetProgramLogSize(prog, &n) != nvrtc_api::kSuccess || n <= 1) return "";
  std::string log(n, '\0');
  if (nvrtc().GetProgramLog(prog, log.data()) != nvrtc_api::kSuccess) return "";
  log.resize(n - 1);  // drop the terminating NUL
  return log;
}

}  // namespace

bool nvrtc_available() { return nvrtc().error.empty(); }

std::string nvrtc_unavailable_reason() { return nvrtc().error; }

std::string nvrtc_library() { return nvrtc_available() ? nvrtc().path : ""; }

std::string nvrtc_version() {
  if (!nvrtc_available()) return "";
  int major = 0, minor = 0;
  if (nvrtc().Version(&major, &minor) != nvrtc_api::kSuccess) return "unknown";
  return std::to_string(major) + "." + std::to_string(minor);
}

namespace {
// What the compile cache's key says of the compiler: NVRTC's version (major.minor), and the
// toolkit as it is on disk (toolkit_fingerprint): the library loaded, its built-in headers'
// library beside it, and the include folders every compile is given. Once a process.
std::string compiler_identity() {
  static const std::string id = [] {
    std::vector<std::string> libs;
    Dl_info info{};
    if (nvrtc_available() && ::dladdr(reinterpret_cast<void*>(nvrtc().Version), &info) &&
        info.dli_fname) {
      std::error_code ec;
      const fs::path lib = fs::canonical(info.dli_fname, ec);
      if (!ec) {
        libs.push_back(lib.string());
        for (const auto& e : fs::directory_iterator(lib.parent_path(), ec))
          if (e.path().filename().string().rfind("libnvrtc-builtins", 0) == 0)
            libs.push_back(e.path().string());
        std::sort(libs.begin() + 1, libs.end());
      }
    }
    return nvrtc_version() + "|" + toolkit_fingerprint(toolkit_include_dirs(), libs);
  }();
  return id;
}
}  // namespace

CompileResult nvrtc_compile(const std::string& source_text, const std::string& name,
                            const std::vector<std::string>& options) {
  if (!nvrtc_available()) return failure(nvrtc().error);
  auto start = std::chrono::steady_clock::now();
  Program prog(new nvrtc_api::Program(nullptr));
  nvrtc_api::Result rc =
      nvrtc().CreateProgram(prog.get(), source_text.c_str(), name.c_str(), 0, nullptr, nullptr);
  if (rc != nvrtc_api::kSuccess)
    return failure(std::string("nvrtcCreateProgram: ") + nvrtc().GetErrorString(rc));
  std::vector<const char*> argv;
  argv.reserve(options.size());
  for (const auto& o : options) argv.push_back(o.c_str());
  rc = nvrtc().CompileProgram(*prog, static_cast<int>(argv.size()), argv.data());
  std::string log = program_log(*prog);
  auto seconds = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  };
  if (rc != nvrtc_api::kSuccess) {
    CompileResult r = failure(std::string("compile error: ") + nvrtc().GetErrorString(rc), log);
    r.seconds = seconds();
    return r;
  }
  size_t size = 0;
  rc = nvrtc().GetCUBINSize(*prog, &size);
  // A virtual architecture (compute_XY) yields no CUBIN; say so rather than return nothing.
  if (rc != nvrtc_api::kSuccess || size == 0)
    return failure("no CUBIN produced (is the architecture a real sm_XY?)", log);
  CompileResult r;
  r.cubin.resize(size);
  rc = nvrtc().GetCUBIN(*prog, r.cubin.data());
  if (rc != nvrtc_api::kSuccess)
    return failure(std::string("nvrtcGetCUBIN: ") + nvrtc().GetErrorString(rc), log);
  // The PTX NVRTC produced on the way to the CUBIN (kept for the static tensor-op scan).
  size_t ptx_size = 0;
  if (nvrtc().GetPTXSize(*prog, &ptx_size) == nvrtc_api::kSuccess && ptx_size > 1) {
    r.ptx.resize(ptx_size);
    if (nvrtc().GetPTX(*prog, r.ptx.data()) != nvrtc_api::kSuccess) r.ptx.clear();
    while (!r.ptx.empty() && r.ptx.back() == '\0') r.ptx.pop_back();
  }
  r.ok = true;
  r.log = std::move(log);
  r.seconds = seconds();
  return r;
}

namespace {
// The static code facts of the entries the variant launches (not of every kernel in its file).
void scan_code(const ResolvedVariant& variant, CompileResult& r) {
  if (r.ptx.empty()) return;
  std::vector<std::string> entries;
  for (const auto& l : variant.launches) entries.push_back(l.entry);
  CodeFacts facts = scan_launched_code_kept(r.ptx, entries);
  r.tensor_ops = facts.tensor;
  if (facts.missing.empty()) {
    r.gemm_loop = facts.gemm_loop;
    r.load_chain = facts.load_chain;
    r.scan_note = facts.load_chain_note;
    r.contiguous_access_frac = facts.contiguous_access_frac();
    r.strided_access_frac = facts.strided_access_frac();
    r.store_fill_frac = facts.store_fill_frac();
    r.index_load_frac = facts.index_load_frac();
    r.guard_lanes = facts.guard_lanes;
  }
  // A kernel the module does not define would only fail at cuModuleGetFunction on the GPU;
  // here it is a compile failure that names the mangled candidates.
  if (!facts.missing.empty()) {
    std::string why = check_launched_entries(entries, r.ptx);
    r.ok = false;
    r.error = why;
    // ptxas's report may carry a NUL; this log is printed now, so it goes.
    r.log.erase(std::remove(r.log.begin(), r.log.end(), '\0'), r.log.end());
    r.log = why + "\n" + r.log;
  }
}
}  // namespace

CompileResult nvrtc_compile_cached(const std::string& source_text, const std::string& name,
                                   const std::vector<std::string>& options, const std::string& arch,
                                   const CompileCache* cache) {
  std::string key;
  if (cache) {
    key = compile_cache_key(source_text, options, compiler_identity(), arch);
    if (auto hit = cache->load(key)) return *hit;
  }
  CompileResult compiled = nvrtc_compile(source_text, name, options);
  if (cache && compiled.ok) cache->store(key, compiled);
  return compiled;
}

namespace {
// compile_variant without the code scans: the cache entry's key, hit or compile, and the log.
CompileResult compile_unscanned(const ResolvedVariant& variant, CompileCache* cache) {
  if (!nvrtc_available()) {
    CompileResult r;
    r.error = nvrtc_unavailable_reason();
    return r;
  }
  // ptxas's resource report goes into the log (registers, smem, spills); it does not change
  // the code, so it stays out of the variant's options and its source hash.
  std::vector<std::string> options = variant.nvrtc_options;
  options.push_back("--ptxas-options=-v");
  std::string key;
  if (cache) {
    // Local headers are not in source_text: their digest keys the entry too.
    key = compile_cache_key(variant.headers_digest.empty()
                                ? variant.source_text
                                : variant.source_text + "\n//headers " + variant.headers_digest,
                            options, compiler_identity(), variant.arch);
    if (auto hit = cache->load(key)) return *hit;
  }
  // The program is named by its path: NVRTC looks up a quoted include next to the file it is
  // named after, so a bare name would send "x.h" to the worker's working directory, outside
  // the folder check_includes confined it to. The log names the file as before.
  const std::string& path = variant.source_path;
  std::string name = path.substr(path.find_last_of('/') + 1);
  CompileResult r = nvrtc_compile(variant.source_text, path.empty() ? name : path, options);
  for (std::size_t at = 0; !path.empty() && (at = r.log.find(path + "(", at)) != std::string::npos;)
    r.log.replace(at, path.size(), name), at += name.size();
  r.kernels = parse_ptxas_usage(r.log);
  r.cache_key = key;
  if (cache && r.ok) cache->store(key, r);
  if (!r.ok) r.log += libc_hints(r.log);
  return r;
}
}  // namespace

CompileResult compile_variant(const ResolvedVariant& variant, CompileCache* cache) {
  CompileResult r = compile_unscanned(variant, cache);
  scan_code(variant, r);  // a no-op without PTX (no compiler, a failed compile)
  return r;
}

CompileResult compile_variant_image(const ResolvedVariant& variant, CompileCache* cache) {
  return compile_unscanned(variant, cache);
}

}  // namespace solver::generators
