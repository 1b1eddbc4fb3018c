// The PTX scans' facts kept on disk (issue 28's cost bar, helper gcost; docs/reliability.md "The
// PTX scans' facts on disk"). A large module's code scans are pure functions of its PTX text
// (ptx_memo.h keeps them per process), yet each new worker process paid them again: 16-17 s for
// PyTorch's 1 MB erfcx module on every fresh `eval` gate (h100-2026-12-07 call 2, c31). This
// store keeps each scan's answer across processes, one file a fact: <dir>/<key>.facts.json in
// the NVRTC cache's folder, key = sha256 over kPtxFactsVersion, ptx_scan_sources_hash() (the
// scanners' own sources, so a changed scanner never reads an old fact), the scan's site name,
// the PTX's sha256 and the site's other arguments. Written to a temporary name and renamed
// (rules::write_file_atomically: never seen half written); an entry that does not parse, names
// another key or fails its seal (HMAC-SHA256 under the user's cache key, cache_trust.h) is a
// miss, said once on stderr, and written again. A folder cache_trust.h refuses is not used.
// Off where no folder is set (set_ptx_facts_dir: the worker and `problems check` set their NVRTC
// cache's) or SOLVER_PTX_FACTS=0. Pure host code.
#pragma once
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

namespace solver::generators {

// Bumped by hand when an entry's format changes, or when a fact changes for a reason outside the
// hashed sources (generators/*.h, generators/*.cpp). A scanner's code change needs no bump.
inline constexpr int kPtxFactsVersion = 2;  // 2: the seal (red team 37)

// sha256 over the scanners' sources (generators/*.h and *.cpp, each file's path relative to the
// repository and its sha256, sorted by path), computed by the build (cmake/lint_sources_hash.cmake)
// whenever one changes; and the list it covers (relative paths, one a line, sorted).
const char* ptx_scan_sources_hash();
const char* ptx_scan_sources_list();

// The process's facts folder ("" : off). set_ptx_facts_dir("") turns the store off.
void set_ptx_facts_dir(const std::string& dir);
// The folder set, or "" where none is or SOLVER_PTX_FACTS is "0".
std::string ptx_facts_dir();

// sha256 (hex) of the version, the sources' hash, `site`, `ptx_sha` and `args`, length-prefixed.
std::string ptx_facts_key(const std::string& site, const std::string& ptx_sha,
                          const std::string& args);
// The value stored under `key` in `dir`, or nullopt where there is none, the folder is not
// trusted (cache_trust.h), or the entry is not whole or not sealed under this user's key (then a
// warning on stderr, once a process).
std::optional<nlohmann::json> load_ptx_facts(const std::string& dir, const std::string& key);
// Writes the value atomically, sealed; false (nothing left behind) where the folder is not
// trusted or writable, or no key can be had.
bool store_ptx_facts(const std::string& dir, const std::string& key, const std::string& site,
                     const nlohmann::json& value);

// Exact doubles in JSON (bit patterns as hex text: NaN and infinities survive).
std::string double_bits(double v);
std::optional<double> bits_double(const nlohmann::json& j);

}  // namespace solver::generators
