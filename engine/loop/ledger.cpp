#include "engine/loop/ledger.h"

#include <fcntl.h>
#include <unistd.h>

#include <limits>
#include <stdexcept>

#include "engine/backend/json_util.h"
#include "engine/backend/recording.h"
#include "engine/backend/value_json.h"
#include "engine/loop/match_record.h"
#include "rules/enum_names.h"
#include "rules/hash.h"

namespace solver::engine {

using nlohmann::json;

const char* to_string(Outcome o) {
  switch (o) {
    case Outcome::Kept:
      return "kept";
    case Outcome::Rejected:
      return "rejected";
    case Outcome::GateFailed:
      return "gate-failed";
    case Outcome::NoVariant:
      return "no-variant";
    case Outcome::Stop:
      return "stop";
    case Outcome::Converged:
      return "converged";
    case Outcome::Refused:
      return "refused";
    case Outcome::GeneratorFailed:
      return "generator-failed";
    case Outcome::NotRecorded:
      return "not-recorded";
  }
  return nullptr;  // not an enumerator (rules/enum_names.h)
}
std::optional<Outcome> outcome_from_string(std::string_view s) {
  return rules::parse_enum<Outcome>(s);
}

json to_json(const PairedDecision& d) {
  json ratios = json::array();
  for (double r : d.ratios) ratios.push_back(json_number(r));
  json j{{"verdict", to_string(d.verdict)},
         {"ratios", std::move(ratios)},
         {"median_ratio", json_number(d.median_ratio)},
         {"ci_low", json_number(d.ci_low)},
         {"ci_high", json_number(d.ci_high)},
         {"incumbent_median_us", json_number(d.incumbent_median_us)},
         {"candidate_median_us", json_number(d.candidate_median_us)},
         {"incumbent_spread", json_number(d.incumbent_spread)},
         {"reason", d.reason}};
  // Total-time ratio (red team 34's condition on the median's tail), where it was measured.
  if (d.mean_ratio > 0) j["mean_ratio"] = json_number(d.mean_ratio);
  // Only where the law pairs were read (P6d): every other record keeps its bytes.
  if (!d.law_ratios.empty()) {
    json law = json::array();
    for (double r : d.law_ratios) law.push_back(json_number(r));
    j["law_ratios"] = std::move(law);
  }
  return j;
}

namespace {
// A required double that may be "not measured": absent is an error, null is NaN.
double required_measured(JsonChecker& c, const json& j, const std::string& key,
                         const std::string& pointer) {
  if (!j.contains(key)) c.error(pointer + "/" + key, "missing (a number or null)");
  return c.measured(j, key, pointer).value_or(0);
}
}  // namespace

PairedDecision paired_decision_from_json(const json& j, const std::string& where, int line) {
  JsonChecker c(where, line);
  PairedDecision d;
  if (!c.object(j, "/verdict")) c.throw_if_any("bad verdict");
  if (auto name = c.string(j, "verdict", true, "/verdict")) {
    if (auto v = verdict_from_string(*name))
      d.verdict = *v;
    else
      c.error("/verdict/verdict",
              "unknown verdict '" + *name + "' (" + rules::enum_names<Verdict>() + ")");
  }
  if (!j.contains("ratios")) c.error("/verdict/ratios", "missing (a list of numbers)");
  d.ratios = c.measured_list(j, "ratios", "/verdict");
  d.median_ratio = required_measured(c, j, "median_ratio", "/verdict");
  d.ci_low = required_measured(c, j, "ci_low", "/verdict");
  d.ci_high = required_measured(c, j, "ci_high", "/verdict");
  d.incumbent_median_us = required_measured(c, j, "incumbent_median_us", "/verdict");
  d.candidate_median_us = required_measured(c, j, "candidate_median_us", "/verdict");
  d.incumbent_spread = required_measured(c, j, "incumbent_spread", "/verdict");
  d.reason = c.string(j, "reason", true, "/verdict").value_or("");
  if (j.contains("mean_ratio")) d.mean_ratio = c.measured(j, "mean_ratio", "/verdict").value_or(0);
  if (j.contains("law_ratios")) d.law_ratios = c.measured_list(j, "law_ratios", "/verdict");
  c.throw_if_any("bad verdict");
  return d;
}

json to_json(const RoundRecord& r) {
  json m{{"fired", r.match.fired},
         {"hypothesis", r.match.hypothesis},
         {"stop", r.match.stop},
         {"evidence", r.match.evidence},
         {"blocked", r.match.blocked},
         {"outranked", r.match.outranked},
         {"missing_signals", r.match.missing_signals},
         {"ranked", r.match.ranked}};
  tie_to_json(r.match, m);  // match_record.h: only when there is a tie
  json ev = json::array();
  for (const auto& e : r.evolution)
    ev.push_back(json{{"kind", e.kind},
                      {"rule", e.rule},
                      {"detail", e.detail},
                      {"before", e.before},
                      {"after", e.after}});
  json j{{"problem", r.problem},
         {"track", r.track},
         {"round", r.round},
         {"incumbent", json{{"key", r.incumbent},
                            {"source_hash", r.incumbent_source_hash},
                            {"time_us", r.incumbent_time_us}}},
         {"signals", to_json(r.signals)},
         {"match", std::move(m)},
         {"hypothesis", r.hypothesis},
         {"credited_rule", r.credited_rule},
         {"explored", r.explored},
         {"candidate", r.candidate.empty() ? json(nullptr)
                                           : json{{"key", r.candidate},
                                                  {"source_hash", r.candidate_source_hash},
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
  // Wall time per phase of the round (live backends only: replays stay byte-identical).
  if (!r.phases_ms.empty()) j["phases_ms"] = r.phases_ms;
  if (r.pair_buffers_shared) j["pair_buffers"] = pair_buffers_word(r);
  if (r.pair_fold_rescued > 0) j["pair_fold_rescued"] = r.pair_fold_rescued;
  if (!r.narrowed_checks.empty()) j["narrowed_checks"] = r.narrowed_checks;
  if (!r.deferred_checks.empty()) j["deferred_checks"] = r.deferred_checks;
  // Only rounds that asked the external generator carry it (external_generator.h).
  if (r.generator) j["generator"] = *r.generator;
  if (r.incumbent_lines) j["incumbent_lines"] = *r.incumbent_lines;  // absent: none sampled
  if (r.tie_kept) j["tie_kept"] = true;
  if (r.tie_lead) j["tie_lead"] = true;
  for (const auto& s : r.screened)
    j["screened"].push_back(json{{"key", s.key},
                                 {"reason", s.reason},
                                 {"gate", to_string(s.status)},
                                 {"median_us", s.median_us}});
  return j;
}

namespace {

// A time of the incumbent or candidate: a finite number in [0, 1e12] us (a round that measured
// nothing says 0, never null).
double finite_time(JsonChecker& c, const json& parent, const std::string& pointer) {
  auto t = c.number(parent, "time_us", true, pointer);
  if (t && !(*t >= 0 && *t <= 1e12))
    c.error(pointer + "/time_us", "a time must be a number in [0, 1e12] us");
  return t.value_or(0);
}

std::string required_string(JsonChecker& c, const json& j, const std::string& key,
                            const std::string& pointer = "") {
  return c.string(j, key, true, pointer).value_or("");
}
bool required_bool(JsonChecker& c, const json& j, const std::string& key,
                   const std::string& pointer = "") {
  return c.boolean(j, key, true, pointer).value_or(false);
}
const json& required_object(JsonChecker& c, const json& j, const std::string& key,
                            const std::string& pointer = "") {
  static const json kEmpty = json::object();
  auto it = j.find(key);
  if (it == j.end()) {
    c.error(pointer + "/" + key, "missing (an object)");
    return kEmpty;
  }
  return c.object(*it, pointer + "/" + key) ? *it : kEmpty;
}
// A member that is an object, or null for "none" (a round without a gate, verdict...).
const json* nullable(JsonChecker& c, const json& j, const std::string& key) {
  auto it = j.find(key);
  if (it == j.end()) {
    c.error("/" + key, "missing (an object or null)");
    return nullptr;
  }
  return it->is_null() ? nullptr : &*it;
}

}  // namespace

RoundRecord round_record_from_json(const json& j, const std::string& where, int line) {
  JsonChecker c(where, line);
  RoundRecord r;
  if (!c.object(j, "")) c.throw_if_any("bad ledger record");
  r.problem = required_string(c, j, "problem");
  r.track = required_string(c, j, "track");
  if (j.contains("track") && r.track != "on" && r.track != "off")
    c.error("/track", "track must be \"on\" or \"off\"");
  // Range-checked before the conversion (a 1e300 round would be undefined behaviour as an int).
  if (!j.contains("round"))
    c.error("/round", "missing (an integer)");
  else if (const json& round = j["round"];
           !round.is_number_integer() || round.get<int64_t>() < 1 ||
           round.get<int64_t>() > 1000000 ||
           (round.is_number_unsigned() && round.get<uint64_t>() > 1000000))
    c.error("/round", "round must be an integer in [1, 1000000], got " + round.dump());
  else
    r.round = round.get<int>();
  const json& inc = required_object(c, j, "incumbent");
  r.incumbent = required_string(c, inc, "key", "/incumbent");
  r.incumbent_source_hash = required_string(c, inc, "source_hash", "/incumbent");
  r.incumbent_time_us = finite_time(c, inc, "/incumbent");
  r.incumbent_precision = c.string(inc, "precision", false, "/incumbent").value_or("");
  const json& m = required_object(c, j, "match");
  r.match.fired = required_string(c, m, "fired", "/match");
  r.match.hypothesis = required_string(c, m, "hypothesis", "/match");
  r.match.stop = required_bool(c, m, "stop", "/match");
  r.match.evidence = m.contains("evidence") ? m["evidence"] : json::object();
  if (!m.contains("evidence")) c.error("/match/evidence", "missing (an object)");
  const json& blocked = required_object(c, m, "blocked", "/match");
  for (const auto& [rule, caps] : blocked.items()) {
    (void)caps;
    r.match.blocked[rule] = c.strings(blocked, rule, "/match/blocked");
  }
  if (!m.contains("outranked")) c.error("/match/outranked", "missing (a list of strings)");
  r.match.outranked = c.strings(m, "outranked", "/match");
  if (!m.contains("missing_signals"))
    c.error("/match/missing_signals", "missing (a list of strings)");
  r.match.missing_signals = c.strings(m, "missing_signals", "/match");
  // Optional: ledgers written before the ranking (issue 29) have none.
  if (m.contains("ranked")) {
    if (m["ranked"].is_array())
      r.match.ranked = m["ranked"];
    else
      c.error("/match/ranked", "not a list");
  }
  tie_from_json(c, m, r.match);  // optional: ledgers written before ties have none
  r.hypothesis = required_string(c, j, "hypothesis");
  r.credited_rule = required_string(c, j, "credited_rule");
  r.explored = required_bool(c, j, "explored");
  if (const json* cand = nullable(c, j, "candidate")) {
    if (c.object(*cand, "/candidate")) {
      r.candidate = required_string(c, *cand, "key", "/candidate");
      r.candidate_source_hash = required_string(c, *cand, "source_hash", "/candidate");
      r.candidate_reason = required_string(c, *cand, "reason", "/candidate");
      r.candidate_time_us = finite_time(c, *cand, "/candidate");
      r.candidate_precision = c.string(*cand, "precision", false, "/candidate").value_or("");
    }
  }
  if (auto name = c.string(j, "outcome", true)) {
    if (auto o = outcome_from_string(*name))
      r.outcome = *o;
    else
      c.error("/outcome", "unknown outcome '" + *name + "' (" + rules::enum_names<Outcome>() + ")");
  }
  r.detail = required_string(c, j, "detail");
  const json* gate = nullable(c, j, "gate");
  const json* verdict = nullable(c, j, "verdict");
  const json* cand_signals = nullable(c, j, "candidate_signals");
  if (!j.contains("evolution") || !j["evolution"].is_array())
    c.error("/evolution", "missing or not a list of events");
  else
    for (std::size_t i = 0; i < j["evolution"].size(); ++i) {
      const json& e = j["evolution"][i];
      std::string ptr = "/evolution/" + std::to_string(i);
      if (!c.object(e, ptr)) continue;
      EvolutionEvent ev;
      ev.kind = required_string(c, e, "kind", ptr);
      ev.rule = required_string(c, e, "rule", ptr);
      ev.detail = required_string(c, e, "detail", ptr);
      ev.before = c.number(e, "before", true, ptr).value_or(0);
      ev.after = c.number(e, "after", true, ptr).value_or(0);
      r.evolution.push_back(std::move(ev));
    }
  const json& conf = required_object(c, j, "confidence");
  for (const auto& [rule, v] : conf.items()) {
    (void)v;
    r.confidence[rule] = c.number(conf, rule, true, "/confidence").value_or(0);
  }
  r.rules_hash = required_string(c, j, "rules_hash");
  r.ends_track = required_bool(c, j, "ends_track");
  r.phases_ms = c.measured_map(j, "phases_ms");
  for (const auto& [k, v] : r.phases_ms)
    if (!(v >= 0)) c.error("/phases_ms/" + k, "a phase time is a non-negative number of ms");
  if (auto b = c.string(j, "pair_buffers")) {
    if (*b == "shared" || *b == "separate" || *b == "exchanged") {
      r.pair_buffers_shared = *b == "shared";
      if (*b != "shared") r.pair_allocations_exchanged = *b == "exchanged";
    } else
      c.error("/pair_buffers",
              "must be \"shared\", \"separate\" or \"exchanged\", not \"" + *b + "\"");
  }
  // A count of verified runs, range-checked before any conversion (a double past int's range
  // converted to int is undefined behaviour, however the comparison after it came out).
  r.pair_fold_rescued = static_cast<int>(
      c.integer(j, "pair_fold_rescued", 0, std::numeric_limits<int>::max()).value_or(0));
  r.narrowed_checks = c.strings(j, "narrowed_checks");
  r.deferred_checks = c.string(j, "deferred_checks").value_or("");
  r.tie_kept = c.boolean(j, "tie_kept", false).value_or(false);
  r.tie_lead = c.boolean(j, "tie_lead", false).value_or(false);
  if (j.contains("screened")) {
    if (!j["screened"].is_array()) c.error("/screened", "must be a list");
    for (std::size_t i = 0; j["screened"].is_array() && i < j["screened"].size(); ++i) {
      const json& e = j["screened"][i];
      std::string ptr = "/screened/" + std::to_string(i);
      if (!c.object(e, ptr)) continue;
      RoundRecord::Screened s;
      s.key = required_string(c, e, "key", ptr);
      s.reason = required_string(c, e, "reason", ptr);
      if (auto g = c.string(e, "gate", true, ptr)) {
        if (auto st = gate_status_from_string(*g))
          s.status = *st;
        else
          c.error(ptr + "/gate", "unknown gate status '" + *g + "'");
      }
      s.median_us = c.number(e, "median_us", true, ptr).value_or(0);
      if (!(s.median_us >= 0)) c.error(ptr + "/median_us", "must be a non-negative time");
      r.screened.push_back(std::move(s));
    }
  }
  if (j.contains("incumbent_lines")) {
    if (!j["incumbent_lines"].is_object())
      c.error("/incumbent_lines", "must be an object (kernel, total_samples, lines, citation)");
    else
      r.incumbent_lines = j["incumbent_lines"];
  }
  if (j.contains("generator")) {
    const json& g = j["generator"];
    if (!g.is_object() || !g.contains("attempts") || !g["attempts"].is_array())
      c.error("/generator", "must be an object with an attempts array");
    else
      r.generator = g;
  }
  c.throw_if_any("bad ledger record");
  // The nested value types, decoded by their one decoder (value_json.h), located the same way.
  std::string at = rules::SourceLocation{where, line, 0}.to_string() + ": ";
  if (j.contains("signals"))
    r.signals = signal_set_from_json(j["signals"], at + "/signals");
  else
    c.error("/signals", "missing (an object)");
  if (gate) r.gate = gate_result_from_json(*gate, at + "/gate");
  if (verdict) r.verdict = paired_decision_from_json(*verdict, where, line);
  if (cand_signals)
    r.candidate_signals = signal_set_from_json(*cand_signals, at + "/candidate_signals");
  c.throw_if_any("bad ledger record");
  return r;
}

std::string chain_hash(const std::string& prev, const json& without_hash) {
  return rules::sha256_hex(prev +
                           without_hash.dump(-1, ' ', false, json::error_handler_t::replace));
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
      j = parse_json_strict(line);
      if (!j.is_object() || !j.contains("hash") || !j["hash"].is_string())
        problem = "not a ledger record (no \"hash\")";
    } catch (const std::exception& e) {  // parse_error, out_of_range for "1e400", a duplicate key
      problem = std::string("malformed JSON: ") + e.what();
    }
    if (problem.empty()) {
      std::string stored = j["hash"].get<std::string>();
      j.erase("hash");
      if (chain_hash(prev, j) != stored)
        problem = line_no == 1 ? "header hash does not match its content (edited?)"
                               : "record hash does not match (the record or one before it was "
                                 "edited, removed or reordered)";
      else
        prev = stored;
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
      out.records.push_back(round_record_from_json(j, path, line_no));
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
  w.write_line(h.dump(-1, ' ', false, json::error_handler_t::replace) + "\n");
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
    : fd_(o.fd_),
      path_(std::move(o.path_)),
      last_hash_(std::move(o.last_hash_)),
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
  write_line(j.dump(-1, ' ', false, json::error_handler_t::replace) + "\n");
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
