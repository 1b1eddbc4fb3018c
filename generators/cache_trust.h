// Whom the caches on disk believe (issue 28, red team 37; docs/reliability.md "What is read from
// a cache folder is what this user wrote"). Every cache the tool keeps in a folder goes through
// this file: the NVRTC compile cache (compile_cache.h: .ptx, which every code scan reads, and
// .cubin, which runs), the PTX scans' facts (ptx_facts_store.h), the tolerance lint's verdicts
// (engine/backend/gpu/lint_cache.h) and the measured ceilings (engine/backend/ceilings_cache.h:
// the physical floor's bandwidth). Every entry is read and written through read_cache_entry and
// write_cache_entry, nothing else opens a file there. Two checks, both cheap:
//  - the folder: used only if it is a folder owned by the effective user and not writable by group
//    or others (opened once a process and judged by fstat on the descriptor, which every entry
//    then goes through: openat, O_NOFOLLOW, entries made 0600; a later swap of the path
//    redirects nothing); created 0700 where it is absent. Any
//    other folder (a fixed name under /tmp that another user made first, a group-writable share)
//    is not used at all: said once on stderr, and the process runs without that cache (slower,
//    never wrong). Not a private folder made elsewhere in its place: a derived name under a
//    shared folder can be taken first too, and switching folders unasked hides the caller's
//    mistake;
//  - each entry: sealed with HMAC-SHA256 under a per-user key kept outside the folder
//    ($SOLVER_CACHE_KEY, else $XDG_CONFIG_HOME/solver/cache.key, else ~/.config/solver/cache.key;
//    made 0600 with 32 random bytes on first use, refused unless the user's own and 0600 or
//    stricter). An entry copied in from elsewhere, written under another key or edited is a
//    miss, never believed. A deliberately shared folder (a cluster's) shares the key file, not
//    trust in the folder. Where no key can be had, the caches are off (said once).
// Pure host code.
#pragma once
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace solver::generators {

// `dir` where it may be used (created 0700 if absent), else "" after one stderr line a folder.
// "" for "". The verdict is remembered a process (one stat).
std::string trusted_cache_dir(const std::string& dir);
// Why `dir` is not used ("" where it is): the stderr line's reason, for tests and messages.
std::string cache_dir_refusal(const std::string& dir);

// The entry seal: HMAC-SHA256 (hex) of `data` under the user's cache key; nullopt where no key
// can be had (then every cache is off).
std::optional<std::string> cache_seal(std::string_view data);
// Whether `seal` is `data`'s seal under the user's key (constant-time compare).
bool cache_seal_matches(std::string_view data, std::string_view seal);

// The entry `name` (one path component) of the folder `dir`, through the descriptor the folder
// was judged on; nullopt where the folder is refused, or the entry is absent, a link, not a
// regular file or over `max_bytes`. What it says is believed only where its seal matches.
std::optional<std::string> read_cache_entry(const std::string& dir, const std::string& name,
                                            std::size_t max_bytes);
// Writes the entry atomically (0600, temporary name, rename) through the folder's descriptor;
// false where the folder is refused or the write fails (a miss next time, never an error).
bool write_cache_entry(const std::string& dir, const std::string& name, std::string_view bytes);

// The key file's path as the environment names it ("" where none can be named).
std::string cache_key_path();

// Says on stderr, once a process for each `cache` (its name, e.g. "compile cache"), that the
// entry at `path` was ignored and why, and what is done instead ("compiled again"): an ignored
// entry is recomputed, never believed, and never silent.
void say_cache_entry_ignored(const std::string& cache, const std::string& path,
                             const std::string& why, const std::string& instead);

}  // namespace solver::generators
