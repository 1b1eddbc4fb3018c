// `solver merge DIR...`: the shards of one sharded ablation (engine/shard.h) joined into one
// run directory, the run one machine would have made with --on-tables per-problem.
// Before anything is written every shard is checked to be a finished, intact part of the same
// run: ledger hash chain, rules.yaml against rules_hash, measurements.json against its hash;
// equal seed, rounds, pairs, tracks, policies, rules hash, recording hash, generator, chip,
// backend kind, device name and build; the same shard count and problem set, each shard once,
// none missing, each holding exactly the problems the shard function assigns it. A mixture is
// refused with the file (and line) where it differs: InputError, exit 2, nothing written.
// What is written: ledger.jsonl (the shards' records in the unsharded order, problem by
// problem, re-chained under a header without "shard"), rules.yaml, measurements.json and
// oracle.json (the union), evolved/ and generated/ (copied), manifest.json (with "merged": the
// shards, each with its ledger's last chain hash), summary.json and report.html.
#pragma once
#include <iosfwd>
#include <string>
#include <vector>

#include "engine/run_dir.h"
#include "engine/summary.h"

namespace solver::engine {

struct MergeResult {
  RunDir dir;
  Summary summary;
  int shards = 0;
  std::size_t records = 0;
};

MergeResult merge_runs(const std::vector<std::string>& shard_dirs, const std::string& out,
                       const std::string& command, std::ostream& err);

}  // namespace solver::engine
