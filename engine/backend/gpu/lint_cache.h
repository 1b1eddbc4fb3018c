// The tolerance lint's verdict cache (issue 28, helper h29c; docs/reliability.md "The tolerance
// lint's verdict cache"). The lint (sample_lint.h) is a property of the problem, not of the
// candidate: its verdict is a function of the spec, the reference, set 0's data, the fresh set's
// seed, the tolerances, the chip and the lint's own code. A worker pays it once per problem
// (Worker::sample_lint_, in memory); this file keeps it across workers and invocations, in the
// NVRTC cache's folder (generators::default_cache_dir, SOLVER_CACHE_DIR), one file a verdict:
// <dir>/<key>.lint.json, written to a temporary name and renamed (never seen half written).
// A hit is said in the gate's detail (lint_cache_note) and so in the ledger's narrowed checks;
// an entry that does not parse, lacks a field, names another key or fails its seal (HMAC-SHA256
// under the user's cache key, generators/cache_trust.h) is a miss (the lint runs, the entry is
// written again); a folder cache_trust.h refuses is not used. Pure host code, no CUDA: tested in CI.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/backend/gpu/sample_lint.h"
#include "generators/problem_spec.h"

namespace solver::gpu {

// Bumped by hand when the entry's format changes, or when a verdict changes for a reason
// outside the hashed sources (lint_sources_hash: engine/backend/gpu/ and generators/). A change
// to the lint's code needs no bump: its sources' hash is part of every key.
inline constexpr int kLintCacheVersion = 2;  // 2: law_said (helper h29l)

// sha256 over the sources the verdict's code is built from (engine/backend/gpu/ and generators/,
// each file's path relative to the repository and its sha256, sorted by path), computed by the
// build (cmake/lint_sources_hash.cmake) whenever one of them changes. And the list it covers.
const char* lint_sources_hash();
const char* lint_sources_list();  // relative paths, one a line, sorted

// Everything the lint's verdict reads, as the worker knows it at the lint's start.
struct LintKeyInputs {
  std::string problem;         // ProblemSpec::name
  std::string spec_bytes;      // problem.yaml as read (sha256 taken)
  std::string reference_hash;  // the reference's source_hash: source, local headers, options
  std::string set0_key;        // set 0's HostSet::key (its seed)
  std::vector<uint64_t> set0_digests;  // set 0's input digests: the data the echoes move
  // Not the gate's seed: the live backend draws every gate's seed at random (live_backend.cpp,
  // so no gate shows a kernel data it has seen), and a worker already serves its first gate's
  // verdict to every later gate (Worker::sample_lint_): the verdict is the problem's, the fresh
  // set's draw only one sample of the law the key holds (spec bytes, set 0's data, the flags).
  std::string buffers;    // each buffer's name, role, dtype, init, element count
  std::string precision;  // the candidate's tolerance class
  std::vector<generators::Tolerance> tolerances;  // the class tolerance, then each output's
  bool homogeneous = false;  // the fresh set's kind at the lint's start (P6c's shrink) ...
  bool law_checks = false;   // ... and its law redraw (law_checks.h)
  std::string device;        // name, chips.yaml id, arch, NVRTC and driver versions
  std::string env;           // the SOLVER_* knobs the lint's paths read, as set
};

// sha256 (hex) of kLintCacheVersion, lint_sources_hash() and every field, length-prefixed.
std::string lint_cache_key(const LintKeyInputs& in);
// The worker's in-memory verdict key (Worker::sample_lint_): the problem and reference
// (`homogeneous`), the candidate's precision class and tolerances (class, then each output's).
// A TF32 point's looser tolerance may admit an echo the FP32 seed's refuses, so each class and
// tolerance gets its own verdict (before 2026-12-06 the first gated point's served them all).
std::string lint_memo_key(const std::string& homogeneous, const std::string& precision,
                          const std::vector<generators::Tolerance>& tolerances);

struct LintCacheEntry {
  SampleLintVerdict verdict;  // `cached` empty
  std::string made;           // when the verdict was computed ("2026-12-06 15:30 UTC")
  std::string problem;        // for a reader of the folder only (the key is what is trusted)
};

// <dir>/<key>.lint.json, or nullopt where there is none or it is not whole and consistent.
std::optional<LintCacheEntry> load_lint_verdict(const std::string& dir, const std::string& key);
// Writes the entry atomically; false (and nothing left behind) where the folder is not writable.
bool store_lint_verdict(const std::string& dir, const std::string& key, const LintCacheEntry& e);
// "tolerance lint: cached verdict <first 12 of key> from <made>": the gate's words for a hit.
std::string lint_cache_note(const std::string& key, const std::string& made);
inline constexpr const char* kLintCacheMarker = "tolerance lint: cached verdict";
// Now, as LintCacheEntry::made writes it.
std::string lint_cache_now();
// Whether the cache is on: SOLVER_LINT_CACHE is not "0" and SOLVER_SHARES_CROSSCHECK (a run
// that wants the lint's device and host paths compared) is unset.
bool lint_cache_enabled_by_env();

}  // namespace solver::gpu
