#include "engine/loop/external_generator.h"

#include <algorithm>
#include <filesystem>

#include "generators/external_process.h"
#include "rules/hash.h"

namespace solver::engine {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

std::string one_line(std::string s, std::size_t cap = 600) {
  std::replace(s.begin(), s.end(), '\n', ' ');
  if (s.size() > cap) s = s.substr(0, cap) + "...";
  return s;
}

}  // namespace

TrackGenerator::TrackGenerator(const GeneratorOptions& options, GeneratorBudget& budget,
                               const generators::ProblemSpec& base, std::string dir,
                               std::string track)
    : options_(options),
      budget_(budget),
      base_(base),
      dir_(std::move(dir)),
      track_(std::move(track)) {}

bool TrackGenerator::is_generated(const std::string& variant_id) const {
  return std::any_of(variants_.begin(), variants_.end(),
                     [&](const auto& g) { return g.id == variant_id; });
}

std::vector<std::string> generated_ids_in(const std::vector<RoundRecord>& records) {
  std::vector<std::string> ids;
  for (const auto& r : records) {
    if (!r.generator) continue;
    for (const auto& a : r.generator->value("attempts", json::array()))
      if (!a.value("variant", "").empty()) ids.push_back(a.value("variant", ""));
  }
  return ids;
}

void TrackGenerator::restore(const std::vector<RoundRecord>& track_records) {
  auto named = generated_ids_in(track_records);
  std::vector<generators::GeneratedVariant> kept;
  for (auto& g : generators::read_generated_index(dir_))
    if (std::find(named.begin(), named.end(), g.id) != named.end()) kept.push_back(std::move(g));
  // Every variant a record names must still be there: its source is what was measured.
  for (const auto& id : named)
    if (std::none_of(kept.begin(), kept.end(), [&](const auto& g) { return g.id == id; }))
      throw rules::InputError(rules::Diagnostic{{dir_ + "/index.json", 0, 0},
                                                "the ledger names generated variant '" + id +
                                                    "' but the run directory does not hold it"});
  variants_ = std::move(kept);
  if (!variants_.empty()) spec_ = generators::write_generated_problem(base_, dir_, variants_);
  for (const auto& r : track_records) {
    if (r.generator)
      budget_.used += static_cast<int>(r.generator->value("attempts", json::array()).size());
    history_.push_back(r);
  }
}

void TrackGenerator::observe(const RoundRecord& r) { history_.push_back(r); }

std::vector<generators::PreviousAttempt> TrackGenerator::previous_for(
    const std::string& hypothesis) const {
  std::vector<generators::PreviousAttempt> out;
  for (const auto& r : history_) {
    if (!r.generator || r.hypothesis != hypothesis) continue;
    for (const auto& a : r.generator->value("attempts", json::array())) {
      generators::PreviousAttempt p;
      p.round = r.round;
      p.variant = a.value("variant", "");
      std::string result = a.value("result", "");
      if (result == "answer") p.reason = a.value("detail", "");
      if (result == "answer" && !p.variant.empty() && r.candidate == p.variant) {
        p.outcome = to_string(r.outcome);
        p.detail = one_line(r.detail);
      } else {
        p.outcome = result == "declined" ? "declined" : "generator-failed";
        p.detail = a.value("detail", "");
      }
      out.push_back(p);
    }
  }
  return out;
}

GeneratorProposal TrackGenerator::propose_stored(const generators::GeneratorContext& ctx) {
  GeneratorProposal p;
  fs::path from = fs::path(options_.stored_from) / "generated" / track_ / base_.name;
  p.record = json{{"command", options_.command}, {"attempts", json::array()}};
  if (!stored_) stored_ = generators::read_generated_index(from.string());
  for (const auto& g : *stored_) {
    if (g.parent != ctx.incumbent.variant || g.hypothesis != ctx.hypothesis || is_generated(g.id))
      continue;
    auto with = variants_;
    with.push_back(g);
    spec_ = generators::write_generated_problem(base_, dir_, with);  // it loaded when it was made
    variants_ = std::move(with);
    p.record["attempts"].push_back(json{
        {"attempt", g.attempt},
        {"input_digest", g.input_digest},
        {"process", "stored: " + (from / g.source_file).string()},
        {"result", "answer"},
        {"variant", g.id},
        {"source_file", (fs::path("generated") / track_ / base_.name / g.source_file).string()},
        {"source_sha256", g.source_sha256},
        {"detail", one_line(g.answer.reason)},
        {"stderr", ""}});
    p.record["variant"] = g.id;
    p.candidate = generators::Candidate{generators::CandidateKind::Child,
                                        g.id,
                                        {},
                                        "stored rewrite of " + g.generator + " (attempt " +
                                            std::to_string(g.attempt) +
                                            "): " + one_line(g.answer.reason, 200)};
    return p;
  }
  p.declined = true;
  p.detail = "no stored rewrite for " + ctx.hypothesis + " of " + ctx.incumbent.variant + " in " +
             from.string();
  p.record["attempts"].push_back(json{{"attempt", 0},
                                      {"result", "declined"},
                                      {"detail", p.detail},
                                      {"process", "stored"},
                                      {"stderr", ""},
                                      {"input_digest", ""}});
  return p;
}

GeneratorProposal TrackGenerator::propose(generators::GeneratorContext ctx) {
  if (!options_.stored_from.empty()) return propose_stored(ctx);
  GeneratorProposal p;
  p.record = json{{"command", options_.command}, {"attempts", json::array()}};
  auto previous = previous_for(ctx.hypothesis);
  generators::ProcessLimits limits{options_.timeout_ms, options_.max_output_bytes,
                                   options_.max_stderr_bytes};
  for (int k = 0; k < options_.attempts_per_round; ++k) {
    if (budget_.used >= options_.attempts_per_run) {
      p.detail = "the run's generator attempts are spent (" +
                 std::to_string(options_.attempts_per_run) + ")";
      break;
    }
    int attempt = ++budget_.used;
    ctx.previous = previous;
    ctx.timeout_ms = options_.timeout_ms;
    ctx.max_output_bytes = options_.max_output_bytes;
    ctx.max_source_bytes = options_.max_source_bytes;
    ctx.attempt = attempt;
    ctx.attempts_left_round = options_.attempts_per_round - k - 1;
    ctx.attempts_left_run = options_.attempts_per_run - budget_.used;
    std::string request = generators::build_request(ctx).dump(
                              -1, ' ', false, nlohmann::json::error_handler_t::replace) +
                          "\n";
    std::string digest = rules::sha256_hex(request);
    generators::ProcessResult pr = generators::run_process(options_.argv, request, limits);
    json a{{"attempt", attempt}, {"input_digest", digest}, {"stderr", pr.err}};
    if (pr.stderr_dropped) a["stderr_dropped_bytes"] = pr.stderr_dropped;
    // How the process ended, without wall-clock numbers (the ledger stays deterministic).
    std::string ended = !pr.started    ? "did not start: " + pr.start_error
                        : pr.timed_out ? "timed out (limit " + std::to_string(options_.timeout_ms) +
                                             " ms; process group killed)"
                        : pr.stdout_overflow
                            ? "stdout over the cap of " +
                                  std::to_string(options_.max_output_bytes) + " bytes (killed)"
                        : pr.term_signal ? "killed by signal " + std::to_string(pr.term_signal)
                                         : "exit " + std::to_string(pr.exit_code);
    a["process"] = ended;
    auto fail = [&](const std::string& why) {
      a["result"] = "failed";
      a["detail"] = one_line(why, 2000);
      p.record["attempts"].push_back(a);
      previous.push_back({ctx.round, "", "generator-failed", one_line(why), ""});
      p.detail = "generator attempt " + std::to_string(attempt) + ": " + one_line(why);
    };
    if (!pr.clean_exit()) {
      fail("the generator " + ended);
      continue;
    }
    auto answer = generators::parse_answer(pr.out, options_.max_source_bytes);
    if (!answer) {
      fail("garbage answer: " + answer.error().why);
      continue;
    }
    if (answer->declined) {
      a["result"] = "declined";
      a["detail"] = one_line(answer->reason, 2000);
      p.record["attempts"].push_back(a);
      p.declined = true;
      p.detail = "generator declined " + ctx.hypothesis + ": " + one_line(answer->reason);
      break;
    }
    generators::GeneratedVariant g;
    g.id = generators::generated_variant_id(track_, ctx.round, attempt);
    g.parent = ctx.incumbent.variant;
    g.hypothesis = ctx.hypothesis;
    g.round = ctx.round;
    g.attempt = attempt;
    g.generator = options_.command;
    g.input_digest = digest;
    g.source_file = g.id + ".cu";
    g.source_sha256 = rules::sha256_hex(answer->source);
    g.answer = *answer;
    // The same rewrite of the same incumbent again (a generator that does not read its
    // previous attempts) would measure a tried kernel under a new name: refused as a failure.
    auto same = [&](const generators::GeneratedVariant& o) {
      json mine = generators::to_json(g), theirs = generators::to_json(o);
      for (const char* k : {"source_sha256", "launches", "precision", "compile_options"})
        if (mine[k] != theirs[k]) return false;
      return o.parent == g.parent;
    };
    if (auto dup = std::find_if(variants_.begin(), variants_.end(), same); dup != variants_.end()) {
      fail("the answer repeats " + dup->id + " (round " + std::to_string(dup->round) +
           "), already tried on " + g.parent);
      continue;
    }
    auto with = variants_;
    with.push_back(g);
    try {
      spec_ = generators::write_generated_problem(base_, dir_, with);
    } catch (const rules::InputError& e) {
      // Not a variant the loader accepts: recorded, and the folder written again without it.
      if (!variants_.empty())
        spec_ = generators::write_generated_problem(base_, dir_, variants_);
      else
        generators::write_generated_problem(base_, dir_, {});
      fail("the answer is not a valid variant: " + e.format());
      continue;
    }
    variants_ = std::move(with);
    a["result"] = "answer";
    a["variant"] = g.id;
    a["source_file"] = (fs::path("generated") / track_ / base_.name / g.source_file).string();
    a["source_sha256"] = g.source_sha256;
    a["detail"] = one_line(answer->reason);
    p.record["attempts"].push_back(a);
    p.record["variant"] = g.id;
    p.candidate =
        generators::Candidate{generators::CandidateKind::Child,
                              g.id,
                              {},
                              "generated by " + options_.command + " (attempt " +
                                  std::to_string(attempt) + "): " + one_line(answer->reason, 200)};
    p.detail.clear();
    return p;
  }
  p.failed = !p.declined && !p.record["attempts"].empty();
  if (p.record["attempts"].empty() && p.detail.empty()) p.detail = "no generator attempt made";
  return p;
}

}  // namespace solver::engine
