// NVRTC compile of a resolved variant to CUBIN for the chip's architecture, through the
// on-disk cache. Plain types only: libnvrtc is dlopen'ed by nvrtc_compiler.cpp (library
// solver_nvrtc), in every build, with or without the toolkit at build time. NVRTC needs no GPU and
// no driver, so this runs on a machine without one (`solver problems check --compile-only`). A
// compile error is an outcome (ok=false, the compiler log), never an exception.
#pragma once
#include <string>
#include <vector>

#include "generators/compile_cache.h"
#include "generators/variant_space.h"

namespace solver::generators {

// True when libnvrtc could be opened at run time (it is dlopen'ed, not linked); otherwise
// every compile returns ok=false with nvrtc_unavailable_reason() as its error (the library
// not found, and where it was looked for).
bool nvrtc_available();
std::string nvrtc_unavailable_reason();
// "13.0" (nvrtcVersion) or "" when NVRTC is unavailable.
std::string nvrtc_version();
// The library that was opened ("" when NVRTC is unavailable).
std::string nvrtc_library();

// Compiles `source_text` (named `name` in diagnostics, e.g. "tiled.cu") with `options`.
// Uncached. seconds = wall time of nvrtcCompileProgram + nvrtcGetCUBIN.
CompileResult nvrtc_compile(const std::string& source_text, const std::string& name,
                            const std::vector<std::string>& options);

// nvrtc_compile through `cache` (nullptr = no cache), keyed by source, options, NVRTC version and
// `arch`: the worker's own kernels (derivation, comparison), so a restarted worker does not
// compile them again. Failed compiles are not cached.
CompileResult nvrtc_compile_cached(const std::string& source_text, const std::string& name,
                                   const std::vector<std::string>& options, const std::string& arch,
                                   const CompileCache* cache);

// Compiles a resolved variant through `cache` (nullptr = no cache), adding
// --ptxas-options=-v so that CompileResult::kernels reports registers, shared memory and
// spills. A cache hit returns the stored cubin and log with cache_hit=true. Failed compiles
// are not cached. The PTX code scans of a large module (64 KB of PTX and more) are kept for the
// process by the PTX's sha256 and the launched entries: a second compile_variant of the same
// code in a process scans nothing.
CompileResult compile_variant(const ResolvedVariant& variant, CompileCache* cache);

// compile_variant's compile and cache entry (the same key: a hit for one is a hit for the other)
// without the PTX code scans that fill tensor_ops, gemm_loop, load_chain and the access shares,
// and without their check that the launched entries exist: for a compile whose code facts nobody
// reads, of code whose entries a compile_variant of the same source already checked (the PC
// sampling pass's line-info compile). The scans cost what the PTX's size costs (6.6 s on the
// build host for PyTorch's erfcx, 1 MB of PTX; kept per process after), against
// ~20 ms for a cache hit.
CompileResult compile_variant_image(const ResolvedVariant& variant, CompileCache* cache);

}  // namespace solver::generators
