// libFuzzer target: arbitrary bytes as a run's ledger.jsonl (engine::load_ledger, which reads a
// file: the bytes go to <tmp>/solver-fuzz-<pid>/ledger.jsonl). Every record carries a chain
// hash, so raw mutations almost never get past the hash check; when the first input byte is odd
// the target therefore re-chains the input first (recomputes "hash" on every line that parses
// as a JSON object), so the fuzzer also reaches the header and record validation behind it.
// Accepted ledgers must resume: LedgerWriter::resume + append of a copy of the last record,
// and the result loads again with one more record.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "engine/loop/ledger.h"
#include "fuzz/fuzz_support.h"

using namespace solver;

namespace {

std::string rechain(const std::string& text) {
  std::istringstream in(text);
  std::string out, line, prev = engine::kLedgerFormat;
  bool any = false;
  while (std::getline(in, line)) {
    if (any) out += '\n';
    any = true;
    nlohmann::json j = nlohmann::json::parse(line, nullptr, false);
    if (j.is_discarded() || !j.is_object()) {
      out += line;
      continue;
    }
    j.erase("hash");
    prev = engine::chain_hash(prev, j);
    j["hash"] = prev;
    out += j.dump();
  }
  if (!text.empty() && text.back() == '\n') out += '\n';
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  std::string text(reinterpret_cast<const char*>(data) + 1, size - 1);
  if (data[0] & 1) text = rechain(text);
  auto path = fuzz::scratch_dir() / "ledger.jsonl";
  fuzz::write_file(path, text);
  engine::LoadedLedger loaded;
  try {
    loaded = engine::load_ledger(path.string());
  } catch (const rules::InputError& e) {
    fuzz::check_input_error(e, text);
    return 0;
  }
  if (loaded.valid_bytes > text.size())
    fuzz::violated("valid_bytes past the end of the file", text);
  if (loaded.records.empty()) return 0;
  engine::RoundRecord extra = loaded.records.back();
  extra.round += 1;
  {
    auto writer = engine::LedgerWriter::resume(path.string(), loaded);
    writer.append(extra);
  }
  try {
    auto again = engine::load_ledger(path.string());
    if (again.records.size() != loaded.records.size() + 1)
      fuzz::violated("a resumed append did not add exactly one record", text);
  } catch (const rules::InputError& e) {
    std::fprintf(stderr, "%s\n", e.format().c_str());
    fuzz::violated("a ledger resumed and appended to does not load", text);
  }
  return 0;
}
