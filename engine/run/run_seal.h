// The integrity seal of a finished run directory (docs/ledger.md, "Integrity seal"). When a run
// (or a merge) finishes, its manifest records what every reader then trusts:
//   "integrity": {"ledger": {"records": N, "last_hash": H, "bytes": B},
//                 "files": {"rules.yaml": sha256, "measurements.json": ..., "oracle.json": ...,
//                           "evolved-rules.yaml" or "evolved/<problem>.yaml", "generated/...":
//                           ...}}
// and, with a key (SOLVER_RUN_KEY_FILE or SOLVER_RUN_KEY), "signed": "hmac-sha256 key-id <id>"
// and "signature": HMAC-SHA256 over the manifest without "signature". Every reader (report,
// replay and replay --simulate, dry-run --run, merge, --resume) verifies the seal before it
// reads a byte of the run's content: a ledger cut or extended at a record boundary, an edited,
// removed or added file is refused (InputError, exit 2) naming the file. summary.json and
// report.html are not sealed: they are derived, and `solver report` rewrites them from the
// sealed files.
// Without a key the seal detects accidents and naive edits, not a forger who edits a file and
// rewrites the seal (or re-chains the ledger); a signature made with a key the forger does not
// hold detects that too, when the reader is given the key.
#pragma once
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/loop/ledger.h"
#include "engine/run/run_dir.h"

namespace solver::engine {

struct RunKey {
  std::string secret;
  std::string id;  // 16 hex digits of sha256 of the key: names it without revealing it
};

// The key from SOLVER_RUN_KEY_FILE (a file holding it; one trailing newline is dropped) or
// SOLVER_RUN_KEY (the key itself); nullopt when neither is set. A key shorter than 16 bytes or
// an unreadable file is an InputError (exit 2).
std::optional<RunKey> run_key_from_env();

// Where the ledger ended when the run finished.
struct LedgerTip {
  std::size_t records = 0;
  std::string last_hash;
};

// The tip of a ledger whose records (each with its chain hash) are `records`, under `header`.
LedgerTip ledger_tip(const std::vector<RoundRecord>& records, const nlohmann::json& header);

// Writes the seal for the files now in `dir` (and the signature, with a key) into `manifest`.
void seal_run(const RunDir& dir, nlohmann::json& manifest, const LedgerTip& tip,
              const std::optional<RunKey>& key);

// Takes the seal, signature and finish off `manifest`: a resumed run is open again until it
// finishes (and is sealed anew).
void unseal_run(nlohmann::json& manifest);

// Checks `dir` against its manifest's seal and signature; throws InputError located at the
// file that differs. Returns notes for the reader to print (a finished run made before seals,
// a signature that cannot be checked without its key). With `key`, a finished run must be
// signed by it. `require_seal`: a finished run without a seal is refused (merge).
std::vector<std::string> verify_run_seal(const RunDir& dir, const nlohmann::json& manifest,
                                         const LoadedLedger& ledger,
                                         const std::optional<RunKey>& key,
                                         bool require_seal = false);

// A run directory as a reader sees it: opened, its manifest and ledger loaded and the seal
// verified (with the key from the environment). Notes of the load and the check in `notes`.
struct VerifiedRun {
  RunDir dir;
  nlohmann::json manifest;
  LoadedLedger ledger;
  std::vector<std::string> notes;
};
VerifiedRun open_verified_run(const std::string& path);

}  // namespace solver::engine
