#include "generators/generator_protocol.h"

#include "generators/variant_space.h"
#include "rules/hypotheses.h"
#include "rules/signals.h"

namespace solver::generators {

using nlohmann::json;

namespace {

const char* role_name(BufferRole r) {
  switch (r) {
    case BufferRole::In:
      return "in";
    case BufferRole::Out:
      return "out";
    case BufferRole::InOut:
      return "inout";
    case BufferRole::Scratch:
      return "scratch";
  }
  return "in";
}

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
            {"role", role_name(b.role)}};
    if (const ResolvedBuffer* r = rv.find_buffer(b.name)) jb["elements"] = r->elements;
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

  return json{
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
}

namespace {

bool string_field(const json& j, const char* key, std::string* out, bool required,
                  std::string* why) {
  if (!j.contains(key)) {
    if (required) *why = std::string("missing \"") + key + "\"";
    return !required;
  }
  if (!j[key].is_string()) {
    *why = std::string("\"") + key + "\" must be a string";
    return false;
  }
  *out = j[key].get<std::string>();
  return true;
}

// A grid or block entry: an expression text, or a whole number written as a number.
bool dims(const json& l, const char* key, std::vector<std::string>* out, std::size_t i,
          std::string* why) {
  std::string where = "launches[" + std::to_string(i) + "]." + key;
  if (!l.contains(key) || !l[key].is_array() || l[key].empty() || l[key].size() > 3) {
    *why = where + " must be an array of 1 to 3 entries";
    return false;
  }
  for (const auto& d : l[key]) {
    if (d.is_string())
      out->push_back(d.get<std::string>());
    else if (d.is_number_integer())
      out->push_back(std::to_string(d.get<int64_t>()));
    else {
      *why = where + ": each entry is an expression string or an integer";
      return false;
    }
  }
  return true;
}

}  // namespace

std::optional<GeneratorAnswer> parse_answer(const std::string& text, std::size_t max_source_bytes,
                                            std::string* why) {
  json j;
  try {
    j = json::parse(text);
  } catch (const json::exception& e) {
    *why = std::string("stdout is not one JSON document: ") + e.what();
    return std::nullopt;
  }
  if (!j.is_object()) {
    *why = "the answer must be a JSON object";
    return std::nullopt;
  }
  if (!j.contains("protocol") || !j["protocol"].is_number_integer() ||
      j["protocol"].get<int>() != kGeneratorProtocolVersion) {
    *why = "\"protocol\" must be " + std::to_string(kGeneratorProtocolVersion);
    return std::nullopt;
  }
  GeneratorAnswer a;
  std::string status;
  if (!string_field(j, "status", &status, true, why)) return std::nullopt;
  if (status != "ok" && status != "decline") {
    *why = "\"status\" must be \"ok\" or \"decline\", not \"" + status + "\"";
    return std::nullopt;
  }
  if (!string_field(j, "reason", &a.reason, status == "decline", why)) return std::nullopt;
  if (status == "decline") {
    a.declined = true;
    return a;
  }
  if (!string_field(j, "source", &a.source, true, why) ||
      !string_field(j, "description", &a.description, false, why) ||
      !string_field(j, "precision", &a.precision, false, why))
    return std::nullopt;
  if (a.source.empty()) {
    *why = "\"source\" is empty";
    return std::nullopt;
  }
  if (a.source.size() > max_source_bytes) {
    *why = "\"source\" is " + std::to_string(a.source.size()) + " bytes, over the cap of " +
           std::to_string(max_source_bytes);
    return std::nullopt;
  }
  if (a.source.find('\0') != std::string::npos) {
    *why = "\"source\" contains a NUL byte";
    return std::nullopt;
  }
  if (j.contains("compile_options")) {
    if (!j["compile_options"].is_array()) {
      *why = "\"compile_options\" must be an array of strings";
      return std::nullopt;
    }
    for (const auto& o : j["compile_options"]) {
      if (!o.is_string()) {
        *why = "\"compile_options\" must be an array of strings";
        return std::nullopt;
      }
      a.compile_options.push_back(o.get<std::string>());
    }
  }
  if (!j.contains("launches") || !j["launches"].is_array() || j["launches"].empty() ||
      j["launches"].size() > 8) {
    *why = "\"launches\" must be an array of 1 to 8 launches";
    return std::nullopt;
  }
  for (std::size_t i = 0; i < j["launches"].size(); ++i) {
    const json& l = j["launches"][i];
    std::string where = "launches[" + std::to_string(i) + "]";
    if (!l.is_object()) {
      *why = where + " must be an object";
      return std::nullopt;
    }
    GeneratedLaunch gl;
    if (!string_field(l, "entry", &gl.entry, true, why)) {
      *why = where + ": " + *why;
      return std::nullopt;
    }
    if (!l.contains("args") || !l["args"].is_array()) {
      *why = where + ".args must be an array of buffer and scalar names";
      return std::nullopt;
    }
    for (const auto& x : l["args"]) {
      if (!x.is_string()) {
        *why = where + ".args must be an array of buffer and scalar names";
        return std::nullopt;
      }
      gl.args.push_back(x.get<std::string>());
    }
    if (!dims(l, "grid", &gl.grid, i, why) || !dims(l, "block", &gl.block, i, why))
      return std::nullopt;
    if (l.contains("smem")) {
      if (l["smem"].is_string())
        gl.smem = l["smem"].get<std::string>();
      else if (l["smem"].is_number_integer())
        gl.smem = std::to_string(l["smem"].get<int64_t>());
      else {
        *why = where + ".smem must be an expression string or an integer";
        return std::nullopt;
      }
    }
    a.launches.push_back(std::move(gl));
  }
  return a;
}

}  // namespace solver::generators
