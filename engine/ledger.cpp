#include "engine/ledger.h"

#include <fcntl.h>
#include <unistd.h>

#include <stdexcept>

#include "engine/backend/json_util.h"
#include "engine/backend/recording.h"
#include "engine/backend/worker_protocol.h"
#include "rules/enum_names.h"
#include "rules/hash.h"

namespace solver::engine {

using nlohmann::json;

const char* to_string(Outcome o) {
  switch (o) {
    case Outcome::Kept: return "kept";
    case Outcome::Rejected: return "rejected";
    case Outcome::GateFailed: return "gate-failed";
    case Outcome::NoVariant: return "no-variant";
    case Outcome::Stop: return "stop";
    case Outcome::Converged: return "converged";
    case Outcome::Refused: return "refused";
  }
  return nullptr;  // not an enumerator (rules/enum_names.h)
}
std::optional<Outcome> outcome_from_string(std::string_view s) { return rules::parse_enum<Outcome>(s); }

json to_json(const PairedDecision& d) {
  return json{{"verdict", to_string(d.verdict)},
              {"ratios", d.ratios},
              {"median_ratio", d.median_ratio},
              {"ci_low", d.ci_low},
              {"ci_high", d.ci_high},
              {"incumbent_median_us", d.incumbent_median_us},
              {"candidate_median_us", d.candidate_median_us},
              {"incumbent_spread", d.incumbent_spread},
              {"reason", d.reason}};
}

PairedDecision paired_decision_from_json(const json& j) {
  PairedDecision d;
  auto v = verdict_from_string(j.at("verdict").get<std::string>());
  if (!v) throw json::other_error::create(501, "unknown verdict", &j);
  d.verdict = *v;
  d.ratios = j.at("ratios").get<std::vector<double>>();
  d.median_ratio = j.at("median_ratio").get<double>();
  d.ci_low = j.at("ci_low").get<double>();
  d.ci_high = j.at("ci_high").get<double>();
  d.incumbent_median_us = j.at("incumbent_median_us").get<double>();
  d.candidate_median_us = j.at("candidate_median_us").get<double>();
  d.incumbent_spread = j.at("incumbent_spread").get<double>();
  d.reason = j.at("reason").get<std::string>();
  return d;
}

json to_json(const RoundRecord& r) {
  json m{{"fired", r.match.fired},         {"hypothesis", r.match.hypothesis},
         {"stop", r.match.stop},           {"evidence", r.match.evidence},
         {"blocked", r.match.blocked},     {"outranked", r.match.outranked},
         {"missing_signals", r.match.missing_signals}};
  json ev = json::array();
  for (const auto& e : r.evolution)
    ev.push_back(json{{"kind", e.kind}, {"rule", e.rule}, {"detail", e.detail},
                      {"before", e.before}, {"after", e.after}});
  json j{{"problem", r.problem},
         {"track", r.track},
         {"round", r.round},
         {"incumbent", json{{"key", r.incumbent}, {"source_hash", r.incumbent_source_hash},
                            {"time_us", r.incumbent_time_us}}},
         {"signals", to_json(r.signals)},
         {"match", std::move(m)},
         {"hypothesis", r.hypothesis},
         {"credited_rule", r.credited_rule},
         {"explored", r.explored},
         {"candidate", r.candidate.empty()
                           ? json(nullptr)
                           : json{{"key", r.candidate}, {"source_hash", r.candidate_source_hash},
                                  {"reason", r.candidate_reason},
                                  {"time_us", r.candidate_time_us}}},
         {"outcome", to_string(r.outcome)},
         {"detail", r.detail},
         {"gate", r.gate ? to_json(*r.gate) : json(nullptr)},
         {"verdict", r.verdict ? to_json(*r.verdict) : json(nullptr)},
         {"candidate_signals", r.candidate_signals ? to_json(*r.candidate_signals) : json(nullptr)},
         {"evolution", std::move(ev)},
         {"confidence", r.confidence},
         {"rules_hash", r.rules_hash},
         {"ends_track", r.ends_track}};
  // The precision classes are written only when known, so ledgers of problems without them
  // (and older ledgers) keep their shape.
  if (!r.incumbent_precision.empty()) j["incumbent"]["precision"] = r.incumbent_precision;
  if (!r.candidate.empty() && !r.candidate_precision.empty())
    j["candidate"]["precision"] = r.candidate_precision;
  return j;
}

namespace {
double finite_time(const json& t, const json& record) {
  if (!t.is_number() || !(t.get<double>() >= 0 && t.get<double>() <= 1e12))
    throw json::other_error::create(501, "a time must be a number in [0, 1e12] us", &record);
  return t.get<double>();
}
}  // namespace

RoundRecord round_record_from_json(const json& j) {
  RoundRecord r;
  r.problem = j.at("problem").get<std::string>();
  r.track = j.at("track").get<std::string>();
  if (r.track != "on" && r.track != "off")
    throw json::other_error::create(501, "track must be \"on\" or \"off\"", &j);
  // Range-checked before the conversion (a 1e300 round would be undefined behaviour as an int).
  const json& round = j.at("round");
  if (!round.is_number_integer() || round.get<int64_t>() < 1 || round.get<int64_t>() > 1000000 ||
      (round.is_number_unsigned() && round.get<uint64_t>() > 1000000))
    throw json::other_error::create(501, "round must be an integer in [1, 1000000]", &j);
  r.round = round.get<int>();
  const json& inc = j.at("incumbent");
  r.incumbent = inc.at("key").get<std::string>();
  r.incumbent_source_hash = inc.at("source_hash").get<std::string>();
  r.incumbent_time_us = finite_time(inc.at("time_us"), j);
  r.incumbent_precision = inc.value("precision", "");
  r.signals = signals_from_json(j.at("signals"), "signals");
  const json& m = j.at("match");
  r.match.fired = m.at("fired").get<std::string>();
  r.match.hypothesis = m.at("hypothesis").get<std::string>();
  r.match.stop = m.at("stop").get<bool>();
  r.match.evidence = m.at("evidence");
  r.match.blocked = m.at("blocked").get<std::map<std::string, std::vector<std::string>>>();
  r.match.outranked = m.at("outranked").get<std::vector<std::string>>();
  r.match.missing_signals = m.at("missing_signals").get<std::vector<std::string>>();
  r.hypothesis = j.at("hypothesis").get<std::string>();
  r.credited_rule = j.at("credited_rule").get<std::string>();
  r.explored = j.at("explored").get<bool>();
  if (!j.at("candidate").is_null()) {
    const json& c = j.at("candidate");
    r.candidate = c.at("key").get<std::string>();
    r.candidate_source_hash = c.at("source_hash").get<std::string>();
    r.candidate_reason = c.at("reason").get<std::string>();
    r.candidate_time_us = finite_time(c.at("time_us"), j);
    r.candidate_precision = c.value("precision", "");
  }
  auto o = outcome_from_string(j.at("outcome").get<std::string>());
  if (!o) throw json::other_error::create(501, "unknown outcome", &j);
  r.outcome = *o;
  r.detail = j.at("detail").get<std::string>();
  if (!j.at("gate").is_null()) r.gate = gate_from_json(j.at("gate"), "gate");
  if (!j.at("verdict").is_null()) r.verdict = paired_decision_from_json(j.at("verdict"));
  if (!j.at("candidate_signals").is_null())
    r.candidate_signals = signals_from_json(j.at("candidate_signals"), "candidate_signals");
  for (const auto& e : j.at("evolution"))
    r.evolution.push_back(EvolutionEvent{e.at("kind").get<std::string>(),
                                         e.at("rule").get<std::string>(),
                                         e.at("detail").get<std::string>(),
                                         e.at("before").get<double>(), e.at("after").get<double>()});
  r.confidence = j.at("confidence").get<std::map<std::string, double>>();
  r.rules_hash = j.at("rules_hash").get<std::string>();
  r.ends_track = j.at("ends_track").get<bool>();
  return r;
}

std::string chain_hash(const std::string& prev, const json& without_hash) {
  return rules::sha256_hex(prev + without_hash.dump());
}

LoadedLedger load_ledger(const std::string& path) {
  std::string text = read_text_file(path, "ledger");
  LoadedLedger out;
  auto fail = [&](int line, const std::string& msg) {
    throw rules::InputError(rules::Diagnostic{{path, line, 0}, msg});
  };
  if (text.empty()) fail(1, "empty ledger: no header line");
  std::size_t pos = 0;
  int line_no = 0;
  std::string prev = kLedgerFormat;
  while (pos < text.size()) {
    ++line_no;
    std::size_t nl = text.find('\n', pos);
    bool terminated = nl != std::string::npos;
    std::size_t end = terminated ? nl : text.size();
    std::string line = text.substr(pos, end - pos);
    bool last = !terminated || end + 1 >= text.size();
    // An editor's trailing newline(s): nothing follows but whitespace.
    if (line_no > 1 && text.find_first_not_of(" \t\r\n", pos) == std::string::npos) {
      out.notes.push_back("ignored " + std::to_string(text.size() - pos) +
                          " trailing blank byte(s) after line " + std::to_string(line_no - 1));
      break;
    }
    json j;
    std::string problem;
    try {
      j = json::parse(line);
      if (!j.is_object() || !j.contains("hash") || !j["hash"].is_string())
        problem = "not a ledger record (no \"hash\")";
    } catch (const json::exception& e) {  // parse_error, or out_of_range for "1e400"
      problem = std::string("malformed JSON: ") + e.what();
    }
    if (problem.empty()) {
      std::string stored = j["hash"].get<std::string>();
      j.erase("hash");
      if (chain_hash(prev, j) != stored)
        problem = line_no == 1 ? "header hash does not match its content (edited?)"
                               : "record hash does not match (the record or one before it was "
                                 "edited, removed or reordered)";
      else prev = stored;
    }
    // A crash mid-append leaves an unterminated last line: drop it, the round is redone.
    if (!problem.empty() && last && !terminated && line_no > 1) {
      out.notes.push_back("dropped a torn last line (line " + std::to_string(line_no) + ", " +
                          std::to_string(line.size()) + " bytes): " + problem);
      break;
    }
    if (!problem.empty()) fail(line_no, problem);
    if (line_no == 1) {
      if (j.value("format", "") != kLedgerFormat)
        fail(1, std::string("not a solver ledger (first line must have \"format\": \"") +
                    kLedgerFormat + "\")");
      if (!j.contains("version") || !j["version"].is_number_integer() ||
          j["version"].get<int>() != kLedgerVersion)
        fail(1, "ledger version " + (j.contains("version") ? j["version"].dump() : "missing") +
                    " is not supported (this solver reads version " +
                    std::to_string(kLedgerVersion) + ")");
      out.header = j;
    } else {
      try {
        out.records.push_back(round_record_from_json(j));
      } catch (const std::exception& e) {
        fail(line_no, std::string("bad ledger record: ") + e.what());
      }
      out.records.back().hash = prev;
    }
    out.valid_bytes = terminated ? end + 1 : end;
    out.missing_final_newline = !terminated;
    out.last_hash = prev;
    pos = end + 1;
  }
  return out;
}

LedgerWriter LedgerWriter::create(const std::string& path, const json& header) {
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC, 0644);
  if (fd < 0) throw std::runtime_error("cannot create " + path + " (does it exist already?)");
  json h = header;
  h["format"] = kLedgerFormat;
  h["version"] = kLedgerVersion;
  std::string hash = chain_hash(kLedgerFormat, h);
  h["hash"] = hash;
  LedgerWriter w(fd, path, hash);
  w.write_line(h.dump() + "\n");
  return w;
}

LedgerWriter LedgerWriter::resume(const std::string& path, const LoadedLedger& loaded) {
  int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
  if (fd < 0) throw std::runtime_error("cannot open " + path + " for appending");
  if (::ftruncate(fd, static_cast<off_t>(loaded.valid_bytes)) != 0 ||
      ::lseek(fd, 0, SEEK_END) < 0) {
    ::close(fd);
    throw std::runtime_error("cannot truncate " + path);
  }
  LedgerWriter w(fd, path, loaded.last_hash);
  if (loaded.missing_final_newline) w.write_line("\n");
  return w;
}

LedgerWriter::LedgerWriter(LedgerWriter&& o) noexcept
    : fd_(o.fd_), path_(std::move(o.path_)), last_hash_(std::move(o.last_hash_)),
      before_(std::move(o.before_)) {
  o.fd_ = -1;
}

LedgerWriter::~LedgerWriter() {
  if (fd_ >= 0) ::close(fd_);
}

void LedgerWriter::append(RoundRecord& r) {
  if (before_) before_();
  json j = to_json(r);
  r.hash = chain_hash(last_hash_, j);
  j["hash"] = r.hash;
  write_line(j.dump() + "\n");
  last_hash_ = r.hash;
}

void LedgerWriter::write_line(const std::string& line) {
  // One write() per record: a kill between records never interleaves two of them.
  std::size_t done = 0;
  while (done < line.size()) {
    ssize_t n = ::write(fd_, line.data() + done, line.size() - done);
    if (n <= 0) throw std::runtime_error("cannot append to " + path_);
    done += static_cast<std::size_t>(n);
  }
  if (::fsync(fd_) != 0) throw std::runtime_error("cannot fsync " + path_);
}

}  // namespace solver::engine
