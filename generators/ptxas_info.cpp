#include "generators/ptxas_info.h"

#include <algorithm>
#include <cctype>
#include <sstream>

namespace solver::generators {

namespace {

// The integer right before `suffix` in `line` ("... 1024 bytes smem" -> 1024), or -1.
int64_t number_before(const std::string& line, const std::string& suffix) {
  std::size_t at = line.find(suffix);
  if (at == std::string::npos) return -1;
  std::size_t end = at;
  while (end > 0 && line[end - 1] == ' ') --end;
  std::size_t begin = end;
  while (begin > 0 && std::isdigit(static_cast<unsigned char>(line[begin - 1]))) --begin;
  if (begin == end) return -1;
  return std::stoll(line.substr(begin, end - begin));
}

}  // namespace

std::vector<KernelUsage> parse_ptxas_usage(const std::string& log) {
  std::vector<KernelUsage> out;
  std::istringstream in(log);
  const std::string kEntry = "Compiling entry function '";
  const std::string kProps = "Function properties for ";
  // Inside a callee's "Function properties" section: its frame and spills are its own, not the
  // entry's whose part of the log lists it (red team 12: the carry's entry showed its callee's
  // 248 spill bytes).
  bool in_callee = false;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("ptxas", 0) != 0) continue;
    if (std::size_t at = line.find(kEntry); at != std::string::npos) {
      std::size_t start = at + kEntry.size();
      out.push_back(KernelUsage{line.substr(start, line.find('\'', start) - start)});
      in_callee = false;
      continue;
    }
    if (out.empty()) continue;
    KernelUsage& k = out.back();
    if (std::size_t at = line.find(kProps); at != std::string::npos) {
      std::string name = line.substr(at + kProps.size());
      while (!name.empty() && std::isspace(static_cast<unsigned char>(name.back())))
        name.pop_back();
      in_callee = name != k.entry;
      if (in_callee) k.callee_listed = true;
      continue;
    }
    if (int64_t v = number_before(line, " bytes cumulative stack size"); v >= 0)
      k.cumulative_stack_bytes = v;
    if (int64_t v = number_before(line, " registers");
        v >= 0 && line.find("Used") != std::string::npos) {
      k.registers = static_cast<int>(v);
      if (int64_t s = number_before(line, " bytes smem"); s >= 0) k.static_smem_bytes = s;
    }
    // The "Used" line is the entry's own wherever it falls; frame and spill lines are the
    // section's function's.
    if (in_callee) continue;
    if (int64_t v = number_before(line, " bytes stack frame"); v >= 0) k.stack_bytes = v;
    if (int64_t v = number_before(line, " bytes spill stores"); v >= 0) k.spill_store_bytes = v;
    if (int64_t v = number_before(line, " bytes spill loads"); v >= 0) k.spill_load_bytes = v;
  }
  return out;
}

StackDepth deepest_stack(const std::vector<KernelUsage>& usage,
                         const std::vector<std::string>& entries) {
  bool callees = false;
  for (const KernelUsage& u : usage) callees = callees || u.callee_listed;
  StackDepth d;
  d.callees = callees;
  for (const std::string& e : entries) {
    const KernelUsage* u = nullptr;
    for (const KernelUsage& k : usage)
      if (k.entry == e) u = &k;
    if (!u) {
      d.unknown = d.unknown || callees;
      continue;
    }
    if (u->cumulative_stack_bytes >= 0) {
      d.bytes = std::max(d.bytes, u->cumulative_stack_bytes);
    } else {
      d.bytes = std::max(d.bytes, u->stack_bytes);
      d.unknown = d.unknown || callees;
    }
  }
  return d;
}

}  // namespace solver::generators
