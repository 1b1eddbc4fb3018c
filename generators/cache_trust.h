// Whom the caches on disk believe (issue 28, red team 37; docs/reliability.md "What is read from
// a cache folder is what this user wrote"). Every cache the tool keeps in a folder goes through
// this file: the NVRTC compile cache (compile_cache.h: .ptx, which every code scan reads, and
// .cubin, which runs), the PTX scans' facts (ptx_facts_store.h) and the tolerance lint's verdicts
// (engine/backend/gpu/lint_cache.h). Two checks, both cheap:
//  - the folder: used only if it is a folder owned by the effective user and not writable by group
//    or others (one stat a folder a process, remembered); created 0700 where it is absent. Any
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

// The key file's path as the environment names it ("" where none can be named).
std::string cache_key_path();

}  // namespace solver::generators
