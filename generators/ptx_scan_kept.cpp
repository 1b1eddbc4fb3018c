// scan_launched_code kept per process and on disk (ptx_memo.h, ptx_facts_store.h): CodeFacts
// to JSON and back, every field, doubles bit for bit.
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "generators/ptx_facts_store.h"
#include "generators/ptx_memo.h"
#include "generators/ptx_scan.h"

namespace solver::generators {

nlohmann::json code_facts_json(const CodeFacts& f) {
  nlohmann::json j;
  j["tensor"] = {f.tensor.mma, f.tensor.wgmma, f.tensor.tcgen05, f.tensor.mbarrier_waits,
                 f.tensor.tma_copies};
  j["gemm_loop"] = f.gemm_loop;
  j["load_chain"] = f.load_chain ? nlohmann::json(*f.load_chain) : nlohmann::json(nullptr);
  j["load_chain_note"] = f.load_chain_note;
  const LaneAccessMix& m = f.lane_access;
  j["lane_accesses"] = m.accesses;
  j["lane"] = {double_bits(m.contiguous), double_bits(m.strided),    double_bits(m.unknown),
               double_bits(m.stores),     double_bits(m.store_fill), double_bits(m.index_loads)};
  j["missing"] = f.missing;
  j["guard_lanes"] = f.guard_lanes ? nlohmann::json(*f.guard_lanes) : nlohmann::json(nullptr);
  return j;
}

std::optional<CodeFacts> code_facts_from_json(const nlohmann::json& j) {
  if (!j.is_object()) return std::nullopt;
  const auto tensor = j.find("tensor");
  const auto gemm = j.find("gemm_loop");
  const auto chain = j.find("load_chain");
  const auto note = j.find("load_chain_note");
  const auto accesses = j.find("lane_accesses");
  const auto lane = j.find("lane");
  const auto missing = j.find("missing");
  const auto guard = j.find("guard_lanes");
  if (tensor == j.end() || gemm == j.end() || chain == j.end() || note == j.end() ||
      accesses == j.end() || lane == j.end() || missing == j.end() || guard == j.end())
    return std::nullopt;
  if (!(guard->is_null() || guard->is_number_integer())) return std::nullopt;
  if (!tensor->is_array() || tensor->size() != 5 || !gemm->is_boolean() ||
      !(chain->is_null() || chain->is_number_integer()) || !note->is_string() ||
      !accesses->is_number_integer() || !lane->is_array() || lane->size() != 6 ||
      !missing->is_array())
    return std::nullopt;
  CodeFacts f;
  int* counts[] = {&f.tensor.mma, &f.tensor.wgmma, &f.tensor.tcgen05, &f.tensor.mbarrier_waits,
                   &f.tensor.tma_copies};
  for (size_t i = 0; i < 5; ++i) {
    if (!(*tensor)[i].is_number_integer()) return std::nullopt;
    *counts[i] = (*tensor)[i].get<int>();
  }
  f.gemm_loop = gemm->get<bool>();
  if (chain->is_null())
    f.load_chain.reset();
  else
    f.load_chain = chain->get<int>();
  f.load_chain_note = note->get<std::string>();
  LaneAccessMix& m = f.lane_access;
  m.accesses = accesses->get<int>();
  double* weights[] = {&m.contiguous, &m.strided,    &m.unknown,
                       &m.stores,     &m.store_fill, &m.index_loads};
  for (size_t i = 0; i < 6; ++i) {
    const std::optional<double> v = bits_double((*lane)[i]);
    if (!v) return std::nullopt;
    *weights[i] = *v;
  }
  if (!guard->is_null()) f.guard_lanes = guard->get<int>();
  for (const nlohmann::json& e : *missing) {
    if (!e.is_string()) return std::nullopt;
    f.missing.push_back(e.get<std::string>());
  }
  return f;
}

CodeFacts scan_launched_code_kept(const std::string& ptx, const std::vector<std::string>& entries) {
  std::string suffix;
  for (const auto& e : entries) suffix += '\0' + e;
  return ptx_memo_kept<CodeFacts>(
      ptx, suffix, "scan_launched_code", [&] { return scan_launched_code(ptx, entries); },
      code_facts_json, code_facts_from_json);
}

}  // namespace solver::generators
