// `solver merge DIR...`: the shards of one sharded ablation (engine/run/shard.h) joined into one
// run directory, the run one machine would have made with --on-tables per-problem.
// Before anything is written every shard is checked to be a finished, intact part of the same
// run: ledger hash chain, the shard's integrity seal (ledger length and last hash, rules.yaml,
// measurements.json, oracle.json, evolved/ and generated/; its signature with a run key);
// equal seed, rounds, pairs, tracks, policies, rules hash, recording hash, generator, chip,
// backend kind, device name and build; the same shard count and problem set, each shard once,
// none missing, each holding exactly the problems the shard function assigns it. A mixture is
// refused with the file (and line) where it differs: InputError, exit 2, nothing written.
// What is written: ledger.jsonl (the shards' records in the unsharded order, problem by
// problem, re-chained under a header without "shard"), rules.yaml, measurements.json and
// oracle.json (the union), evolved/ and generated/ (copied), manifest.json (with "merged": the
// shards, each with its ledger's last chain hash; sealed, engine/run/run_seal.h), summary.json and
// report.html. Atomic for readers: `DIR/.merging` is written first and removed once the sealed
// manifest is; every command refuses a folder with it, and the same merge run again removes
// what a killed one wrote and starts over.
#pragma once
#include <iosfwd>
#include <string>
#include <vector>

#include "engine/report/summary.h"
#include "engine/run/run_dir.h"

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
