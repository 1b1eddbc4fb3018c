#include "generators/generator_protocol.h"

#include <tuple>

#include "generators/variant_space.h"
#include "rules/hypotheses.h"
#include "rules/json_strict.h"
#include "rules/signals.h"

namespace solver::generators {

using nlohmann::json;

namespace {

json texts(const std::vector<SpecExpr>& es) {
  json a = json::array();
  for (const auto& e : es) a.push_back(e.text);
  return a;
}

json launch_json(const LaunchSpec& l, const ResolvedLaunch* r) {
  json j{{"entry", l.entry},
         {"args", l.args},
         {"grid", texts(l.grid)},
         {"block", texts(l.block)},
         {"smem", l.smem ? l.smem->text : ""}};
  if (r) {
    j["grid_values"] = r->grid;
    j["block_values"] = r->block;
    j["smem_bytes"] = r->smem_bytes;
  }
  return j;
}

}  // namespace

json build_request(const GeneratorContext& ctx) {
  const ProblemSpec& spec = *ctx.spec;
  const VariantSpec* v = spec.find_variant(ctx.incumbent.variant);
  if (!v)
    throw rules::InputError(rules::Diagnostic{
        {spec.file, 0, 0}, "incumbent '" + ctx.incumbent.variant + "' is not a variant"});
  ResolvedVariant rv = resolve(spec, *v, ctx.incumbent.knobs, *ctx.chip);

  json scalars = json::object();
  for (const auto& s : spec.scalars)
    scalars[s.name] = {{"dtype", to_string(s.dtype)}, {"value", s.value}};
  json buffers = json::array();
  for (const auto& b : spec.buffers) {
    json jb{{"name", b.name},
            {"dtype", to_string(b.dtype)},
            {"shape", texts(b.shape)},
            {"role", to_string(b.role)}};
    if (const ResolvedBuffer* r = rv.find_buffer(b.name)) jb["elements"] = r->elements;
    // An output's own tolerance (per class, replacing the problem's for that output).
    for (const auto& [cls, t] : b.tolerances)
      jb["tolerance"][cls] = {{"rtol", t.rtol}, {"atol", t.atol}};
    buffers.push_back(jb);
  }
  json tolerance = json::object();
  for (const auto& [cls, t] : spec.tolerances)
    tolerance[cls] = {{"rtol", t.rtol}, {"atol", t.atol}};

  json launches = json::array();
  for (std::size_t i = 0; i < v->launches.size(); ++i)
    launches.push_back(
        launch_json(v->launches[i], i < rv.launches.size() ? &rv.launches[i] : nullptr));
  // The knob values are the -D defines the incumbent was compiled with; a generated variant
  // has no knobs, so it writes them into its source or its compile_options.
  json defines = json::object();
  for (const auto& [k, val] : ctx.incumbent.knobs) defines[k] = val;

  json evidence = json::array();
  for (const auto& [name, value] : ctx.evidence.items()) {
    json e{{"signal", name}, {"value", value}};
    if (auto i = rules::signal_index(name)) {
      const auto& def = rules::signal_table()[*i];
      e["unit"] = std::string(def.unit);
      e["meaning"] = std::string(def.meaning);
    }
    evidence.push_back(e);
  }
  json hyp{{"id", ctx.hypothesis}};
  if (const auto* h = rules::find_hypothesis(ctx.hypothesis))
    hyp["meaning"] = std::string(h->meaning);

  json chip{{"id", ctx.chip->id},
            {"name", ctx.chip->name},
            {"compute_capability",
             std::to_string(ctx.chip->cc_major) + "." + std::to_string(ctx.chip->cc_minor)},
            {"arch", chip_arch(*ctx.chip)},
            {"capabilities", json(std::vector<std::string>(ctx.chip->capabilities.begin(),
                                                           ctx.chip->capabilities.end()))},
            {"numbers", ctx.chip->numbers}};

  json previous = json::array();
  for (const auto& p : ctx.previous)
    previous.push_back({{"round", p.round},
                        {"variant", p.variant},
                        {"outcome", p.outcome},
                        {"detail", p.detail},
                        {"reason", p.reason}});

  json request{
      {"protocol", kGeneratorProtocolVersion},
      {"kind", "solver-generator-request"},
      {"track", ctx.track},
      {"round", ctx.round},
      {"problem",
       {{"name", spec.name},
        {"description", spec.description},
        {"scalars", scalars},
        {"buffers", buffers},
        {"flops", spec.flops.text},
        {"bytes", spec.bytes.text},
        {"tolerance", tolerance}}},
      {"incumbent",
       {{"key", variant_key(ctx.incumbent.variant, ctx.incumbent.knobs)},
        {"variant", v->id},
        {"description", v->description},
        {"precision", v->precision},
        {"source_file", v->source},
        {"source", rv.source_text},
        {"defines", defines},
        {"compile_options", v->compile_options},
        {"launches", launches},
        {"time_us", ctx.incumbent_time_us}}},
      {"rule",
       {{"id", ctx.rule_id},
        {"hypothesis", ctx.hypothesis},
        {"rationale", ctx.rationale},
        {"bottleneck", ctx.bottleneck},
        {"evidence", evidence}}},
      {"hypothesis", hyp},
      {"chip", chip},
      {"previous_attempts", previous},
      {"limits",
       {{"timeout_ms", ctx.timeout_ms},
        {"max_output_bytes", ctx.max_output_bytes},
        {"max_source_bytes", ctx.max_source_bytes},
        {"attempt", ctx.attempt},
        {"attempts_left_round", ctx.attempts_left_round},
        {"attempts_left_run", ctx.attempts_left_run}}},
  };
  // Where in the code (PC sampling): the incumbent's hottest lines, their stall mix and the
  // line the rule's evidence points at. Absent without samples, so older requests are as were.
  if (!ctx.lines.is_null()) request["incumbent"]["hot_lines"] = ctx.lines;
  return request;
}

namespace {

using rules::Failure;

// A string member: its value, "" when absent and not required, or why it is unusable.
rules::Outcome<std::string> string_field(const json& j, const char* key, bool required) {
  if (!j.contains(key)) {
    if (required) return Failure{std::string("missing \"") + key + "\""};
    return std::string();
  }
  if (!j[key].is_string()) return Failure{std::string("\"") + key + "\" must be a string"};
  return j[key].get<std::string>();
}

// A grid or block entry: an expression text, or a whole number written as a number.
rules::Outcome<std::vector<std::string>> dims(const json& l, const char* key, std::size_t i) {
  std::string where = "launches[" + std::to_string(i) + "]." + key;
  if (!l.contains(key) || !l[key].is_array() || l[key].empty() || l[key].size() > 3)
    return Failure{where + " must be an array of 1 to 3 entries"};
  std::vector<std::string> out;
  for (const auto& d : l[key]) {
    if (d.is_string())
      out.push_back(d.get<std::string>());
    else if (d.is_number_integer())
      out.push_back(std::to_string(d.get<int64_t>()));
    else
      return Failure{where + ": each entry is an expression string or an integer"};
  }
  return out;
}

}  // namespace

rules::Outcome<GeneratorAnswer> parse_answer(const std::string& text,
                                             std::size_t max_source_bytes) {
  json j;
  try {
    j = rules::parse_json_strict(text);
  } catch (const json::exception& e) {
    return Failure{std::string("stdout is not one JSON document: ") + e.what()};
  } catch (const rules::DuplicateKey& e) {
    return Failure{std::string("stdout is not valid JSON: ") + e.what()};
  }
  if (!j.is_object()) {
    return Failure{"the answer must be a JSON object"};
  }
  if (!j.contains("protocol") || !j["protocol"].is_number_integer() ||
      j["protocol"].get<int>() != kGeneratorProtocolVersion) {
    return Failure{"\"protocol\" must be " + std::to_string(kGeneratorProtocolVersion)};
  }
  GeneratorAnswer a;
  auto status_field = string_field(j, "status", true);
  if (!status_field) return status_field.error();
  const std::string status = *status_field;
  if (status != "ok" && status != "decline") {
    return Failure{"\"status\" must be \"ok\" or \"decline\", not \"" + status + "\""};
  }
  auto reason = string_field(j, "reason", status == "decline");
  if (!reason) return reason.error();
  a.reason = *reason;
  if (status == "decline") {
    a.declined = true;
    return a;
  }
  for (auto [key, into, required] :
       {std::tuple{"source", &a.source, true}, std::tuple{"description", &a.description, false},
        std::tuple{"precision", &a.precision, false}}) {
    auto field = string_field(j, key, required);
    if (!field) return field.error();
    *into = *field;
  }
  if (a.source.empty()) {
    return Failure{"\"source\" is empty"};
  }
  if (a.source.size() > max_source_bytes) {
    return Failure{"\"source\" is " + std::to_string(a.source.size()) + " bytes, over the cap of " +
                   std::to_string(max_source_bytes)};
  }
  if (a.source.find('\0') != std::string::npos) {
    return Failure{"\"source\" contains a NUL byte"};
  }
  if (j.contains("compile_options")) {
    if (!j["compile_options"].is_array()) {
      return Failure{"\"compile_options\" must be an array of strings"};
    }
    for (const auto& o : j["compile_options"]) {
      if (!o.is_string()) {
        return Failure{"\"compile_options\" must be an array of strings"};
      }
      a.compile_options.push_back(o.get<std::string>());
    }
  }
  if (!j.contains("launches") || !j["launches"].is_array() || j["launches"].empty() ||
      j["launches"].size() > 8) {
    return Failure{"\"launches\" must be an array of 1 to 8 launches"};
  }
  for (std::size_t i = 0; i < j["launches"].size(); ++i) {
    const json& l = j["launches"][i];
    std::string where = "launches[" + std::to_string(i) + "]";
    if (!l.is_object()) {
      return Failure{where + " must be an object"};
    }
    GeneratedLaunch gl;
    auto entry = string_field(l, "entry", true);
    if (!entry) return Failure{where + ": " + entry.error().why};
    gl.entry = *entry;
    if (!l.contains("args") || !l["args"].is_array()) {
      return Failure{where + ".args must be an array of buffer and scalar names"};
    }
    for (const auto& x : l["args"]) {
      if (!x.is_string()) {
        return Failure{where + ".args must be an array of buffer and scalar names"};
      }
      gl.args.push_back(x.get<std::string>());
    }
    auto grid = dims(l, "grid", i);
    if (!grid) return grid.error();
    auto block = dims(l, "block", i);
    if (!block) return block.error();
    gl.grid = std::move(grid).value();
    gl.block = std::move(block).value();
    if (l.contains("smem")) {
      if (l["smem"].is_string())
        gl.smem = l["smem"].get<std::string>();
      else if (l["smem"].is_number_integer())
        gl.smem = std::to_string(l["smem"].get<int64_t>());
      else {
        return Failure{where + ".smem must be an expression string or an integer"};
      }
    }
    a.launches.push_back(std::move(gl));
  }
  return a;
}

}  // namespace solver::generators
