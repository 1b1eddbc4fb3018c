// On-disk cache of NVRTC outputs: <dir>/<key>.cubin, <key>.ptx, <key>.log and <key>.seal, key =
// sha256(source, options, NVRTC version, arch). Files are written to a temporary name and
// renamed, so a reader (or a concurrent solver) sees either nothing or a whole entry; the
// .seal (HMAC-SHA256 of the key and the three files under the user's cache key, cache_trust.h)
// is written last and marks a complete entry: an entry it does not match (copied in, edited,
// mixed from two writers) is a miss. A folder cache_trust.h refuses is not used (every load a
// miss, every store refused). Pure host code, no NVRTC.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "generators/ptx_scan.h"
#include "generators/ptxas_info.h"

namespace solver::generators {

struct CompileResult {
  bool ok = false;
  std::string cubin;   // bytes of the CUBIN image (ok only)
  std::string log;     // NVRTC program log (warnings on success, errors on failure)
  std::string error;   // short reason on failure ("compile error", "NVRTC library not found ...")
  double seconds = 0;  // compile wall time (0 on a cache hit)
  bool cache_hit = false;
  std::string cache_key;  // empty when uncached
  // Per-kernel registers / smem / spills from the ptxas lines of `log` (compile_variant asks
  // for them); empty when the log has none.
  std::vector<KernelUsage> kernels;
  std::string ptx;  // the PTX NVRTC generated on the way (ok only)
  // Tensor-core instructions in `ptx` (compile_variant fills it): the static half of
  // tensor_active. Absent when there is no PTX.
  std::optional<TensorOps> tensor_ops;
  // Whether a launched entry has a matrix-product loop (compile_variant fills it, scoped like
  // tensor_ops to the entries the variant launches). Absent when there is no PTX.
  std::optional<bool> gemm_loop;
  // The chained loads of the launched entries (generators/ptx_load_chain.h), scoped the same way.
  std::optional<int> load_chain;
  // Why a code fact is absent though the PTX was scanned (load_chain over its work budget);
  // empty when none is.
  std::string scan_note;
  // The lane-contiguous and strided shares of their global accesses (ptx_lane_stride.h), the
  // same way; absent also where the entries make no global access.
  std::optional<double> contiguous_access_frac;
  std::optional<double> strided_access_frac;
  std::optional<double> store_fill_frac;  // the sector-filling share of the global stores
  std::optional<double> index_load_frac;  // the index loads' share (ptx_lane_stride.h)
  std::optional<int> guard_lanes;  // the lanes a leading threadIdx.x guard lets work (ptx_lane_guard.h)
};

// The cache key. Every input is length-prefixed so no two inputs collide by concatenation.
std::string compile_cache_key(const std::string& source_text,
                              const std::vector<std::string>& options,
                              const std::string& nvrtc_version, const std::string& arch);

// $SOLVER_CACHE_DIR, else $XDG_CACHE_HOME/solver/nvrtc, else ~/.cache/solver/nvrtc, else
// <tmp>/solver-nvrtc-<euid>.
std::string default_cache_dir();

class CompileCache {
 public:
  explicit CompileCache(std::string dir);
  const std::string& dir() const { return dir_; }
  // A complete entry, or nullopt.
  std::optional<CompileResult> load(const std::string& key) const;
  // Stores an ok result; returns false (and leaves no partial entry) if the folder is not
  // writable. Failed results are not stored.
  bool store(const std::string& key, const CompileResult& result) const;

 private:
  std::string dir_;
};

}  // namespace solver::generators
