#include "generators/ptxas_info.h"

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
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("ptxas", 0) != 0) continue;
    if (std::size_t at = line.find(kEntry); at != std::string::npos) {
      std::size_t start = at + kEntry.size();
      out.push_back(KernelUsage{line.substr(start, line.find('\'', start) - start)});
      continue;
    }
    if (out.empty()) continue;
    KernelUsage& k = out.back();
    if (int64_t v = number_before(line, " registers");
        v >= 0 && line.find("Used") != std::string::npos) {
      k.registers = static_cast<int>(v);
      if (int64_t s = number_before(line, " bytes smem"); s >= 0) k.static_smem_bytes = s;
    }
    if (int64_t v = number_before(line, " bytes stack frame"); v >= 0) k.stack_bytes = v;
    if (int64_t v = number_before(line, " bytes spill stores"); v >= 0) k.spill_store_bytes = v;
    if (int64_t v = number_before(line, " bytes spill loads"); v >= 0) k.spill_load_bytes = v;
  }
  return out;
}

}  // namespace solver::generators
