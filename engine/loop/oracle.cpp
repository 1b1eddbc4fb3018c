#include "engine/loop/oracle.h"

#include <algorithm>
#include <filesystem>

#include "engine/backend/json_util.h"
#include "engine/backend/live_backend.h"
#include "engine/backend/recorded_backend.h"
#include "engine/loop/round_loop.h"
#include "generators/validate.h"
#include "generators/variant_space.h"

namespace solver::engine {

using nlohmann::json;

FloorRates floor_rates(Backend& backend, const rules::ChipProfile& chip) {
  FloorRates r;
  auto datasheet = [&] {
    r.dram_gbps = chip.number("dram_gbps");
    for (const char* c : {"fp32", "tf32", "bf16", "fp16"})
      if (double v = chip.number(std::string(c) + "_tflops"); v > 0) r.tflops[c] = v;
    r.source = "datasheet (" + chip.id + " in chips.yaml)";
  };
  datasheet();
  if (const Recording* rec = backend.recording()) {
    const auto& c = rec->ceilings;
    if (auto it = c.find("dram_gbps"); it != c.end() && it->second > 0) {
      r.dram_gbps = it->second;
      for (const char* cls : {"fp32", "tf32"})
        if (auto t = c.find(std::string(cls) + "_tflops"); t != c.end() && t->second > 0)
          r.tflops[cls] = t->second;
      r.source =
          "measured on the device (the recording's ceilings: copy bandwidth, cuBLAS "
          "SGEMM and TF32 GEMM rates)";
    }
  } else if (auto c = backend.ceilings(); c && c->copy_gbps > 0) {
    r.dram_gbps = c->copy_gbps;
    if (c->sgemm_tflops > 0) r.tflops["fp32"] = c->sgemm_tflops;
    if (c->tf32_tflops > 0) r.tflops["tf32"] = c->tf32_tflops;
    r.source = "measured on the device (copy bandwidth, cuBLAS SGEMM and TF32 GEMM rates)";
  }
  return r;
}

double class_floor_us(const generators::ProblemSpec& spec, const generators::VariantSpec& variant,
                      const generators::KnobValues& knobs, const FloorRates& rates) {
  auto shapes = generators::resolve_shapes(spec, variant, knobs);
  double t = 0;
  if (rates.dram_gbps > 0 && shapes.bytes > 0)
    t = std::max(t, shapes.bytes / (rates.dram_gbps * 1e3));
  auto it = rates.tflops.find(variant.precision);
  if (it != rates.tflops.end() && it->second > 0 && shapes.flops > 0)
    t = std::max(t, shapes.flops / (it->second * 1e6));
  return t;
}

const OraclePoint* ProblemOracle::best(const std::string& precision) const {
  const OraclePoint* b = nullptr;
  for (const auto& p : points)
    if (p.measured() && (precision.empty() || p.precision == precision) &&
        (!b || p.time_us < b->time_us))
      b = &p;
  return b;
}

const OraclePoint* ProblemOracle::find(const std::string& key) const {
  for (const auto& p : points)
    if (p.key == key) return &p;
  return nullptr;
}

ProblemOracle problem_oracle(Backend& backend, const generators::ProblemSpec& spec,
                             const rules::ChipProfile& chip, const FloorRates& rates,
                             const Recording& measured, bool measure) {
  ProblemOracle o;
  o.problem = spec.name;
  o.known = measure;
  const generators::VariantSpec* seed =
      spec.seed_variant.empty() ? (spec.variants.empty() ? nullptr : &spec.variants.front())
                                : spec.find_variant(spec.seed_variant);
  if (seed) o.seed_precision = seed->precision;
  bool complete = measure;
  for (const auto& v : spec.variants) {
    // The class floor at the seed's shapes (one line per class in the report).
    if (seed && !o.floors.count(v.precision)) {
      generators::VariantSpec as_class = *seed;
      as_class.precision = v.precision;
      auto knobs = generators::enumerate_knobs(spec, *seed);
      o.floors[v.precision] = class_floor_us(
          spec, as_class, knobs.empty() ? generators::KnobValues{} : knobs.front(), rates);
    }
    for (const auto& knobs : generators::enumerate_knobs(spec, v)) {
      OraclePoint p;
      p.key = generators::variant_key(v.id, knobs);
      p.precision = v.precision;
      p.floor_us = class_floor_us(spec, v, knobs, rates);
      auto issues = generators::validate(spec, v, knobs, chip);
      if (!issues.empty()) {
        p.status = "invalid on " + chip.id + ": " + issues.front().message;
        o.points.push_back(p);
        continue;  // never launchable here: not part of the pool on this chip
      }
      if (!measure) {
        p.status = "not measured";
        o.points.push_back(p);
        continue;
      }
      const RecordedVariant* have = measured.find(spec.name, p.key);
      if (have && have->profile && have->profile->ok && have->profile->time_us > 0 &&
          (!have->gate || have->gate->passed())) {
        p.time_us = have->profile->time_us;
        p.status = "measured";
      } else {
        VariantRef ref{spec.name, v.id, knobs};
        GateResult g = backend.gate(ref);
        if (!g.passed()) {
          p.status = std::string("gate ") + to_string(g.status) + ": " + g.detail.substr(0, 160);
          // A point that fails its gate is no candidate for the best, but the pool is still
          // known; a point never recorded leaves a hole.
          if (g.status == GateStatus::NotRecorded || g.status == GateStatus::NoDevice)
            complete = false;
        } else {
          ProfileResult pr = backend.profile(ref);
          if (pr.ok && pr.time_us > 0) {
            p.time_us = pr.time_us;
            p.status = "measured";
          } else {
            p.status = "not profiled: " + pr.detail.substr(0, 160);
            complete = false;
          }
        }
      }
      // Faster than the chip allows is a defect (the loop's too-fast check), never the best.
      double physical = floor_us(spec, generators::Incumbent{v.id, knobs}, chip);
      if (p.measured() && physical > 0 && p.time_us < physical) {
        p.status = "too fast: " + std::to_string(p.time_us) + " us is below the physical floor " +
                   std::to_string(physical) + " us (a defect, not a win)";
        p.time_us = 0;
      }
      o.points.push_back(p);
    }
  }
  o.complete = complete;
  return o;
}

json PoolOracle::to_json() const {
  json probs = json::object();
  for (const auto& [name, o] : problems) {
    json pts = json::array();
    for (const auto& p : o.points)
      pts.push_back({{"key", p.key},
                     {"precision", p.precision},
                     {"status", p.status},
                     {"time_us", p.time_us},
                     {"floor_us", p.floor_us}});
    json best = nullptr, best_same = nullptr;
    if (const auto* b = o.best())
      best = {{"key", b->key}, {"precision", b->precision}, {"time_us", b->time_us}};
    if (const auto* b = o.best(o.seed_precision))
      best_same = {{"key", b->key}, {"precision", b->precision}, {"time_us", b->time_us}};
    probs[name] = {{"seed_precision", o.seed_precision},
                   {"known", o.known},
                   {"complete", o.complete},
                   {"floors_us", o.floors},
                   {"points", pts},
                   {"best", best},
                   {"best_seed_class", best_same}};
  }
  return {{"format", "solver-oracle"},
          {"version", 1},
          {"source", source},
          {"rates",
           {{"dram_gbps", rates.dram_gbps}, {"tflops", rates.tflops}, {"source", rates.source}}},
          {"problems", probs}};
}

PoolOracle pool_oracle_from_json(const json& j, const std::string& file) {
  PoolOracle o;
  try {
    if (j.value("format", "") != "solver-oracle" || j.value("version", 0) != 1)
      throw rules::InputError(rules::Diagnostic{
          {file, 0, 0}, "not a solver oracle file (format solver-oracle, version 1)"});
    o.source = j.at("source").get<std::string>();
    const json& r = j.at("rates");
    o.rates.dram_gbps = r.at("dram_gbps").get<double>();
    o.rates.tflops = r.at("tflops").get<std::map<std::string, double>>();
    o.rates.source = r.at("source").get<std::string>();
    for (const auto& [name, p] : j.at("problems").items()) {
      ProblemOracle po;
      po.problem = name;
      po.seed_precision = p.at("seed_precision").get<std::string>();
      po.known = p.at("known").get<bool>();
      po.complete = p.at("complete").get<bool>();
      po.floors = p.at("floors_us").get<std::map<std::string, double>>();
      for (const auto& pt : p.at("points"))
        po.points.push_back(
            OraclePoint{pt.at("key").get<std::string>(), pt.at("precision").get<std::string>(),
                        pt.at("status").get<std::string>(), pt.at("time_us").get<double>(),
                        pt.at("floor_us").get<double>()});
      o.problems[name] = std::move(po);
    }
  } catch (const json::exception& e) {
    throw rules::InputError(
        rules::Diagnostic{{file, 0, 0}, std::string("bad oracle file: ") + e.what()});
  }
  return o;
}

std::optional<PoolOracle> load_pool_oracle(const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) return std::nullopt;
  return pool_oracle_from_json(parse_json_text(read_text_file(path, "oracle file"), path), path);
}

}  // namespace solver::engine
