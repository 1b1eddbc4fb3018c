#include "profiling/sass_deps.h"

#include <algorithm>
#include <regex>
#include <set>
#include <sstream>

namespace solver::profiling {
namespace {

// Opcodes (their first dot-separated part) that write no register operand.
const std::set<std::string>& no_dest_opcodes() {
  static const std::set<std::string> s = {
      "ST",      "STG",    "STS",      "STL",       "STSM",    "RED",     "REDG",
      "BAR",     "BRA",    "BRX",      "JMP",       "EXIT",    "RET",     "CALL",
      "MEMBAR",  "FENCE",  "WARPSYNC", "BSSY",      "BSYNC",   "NOP",     "YIELD",
      "DEPBAR",  "ERRBAR", "CCTL",     "SYNCS",     "UTMASTG", "UBLKCP",  "WARPGROUP",
      "ARRIVES", "BPT",    "KILL",     "NANOSLEEP", "UTMAPF",  "UTMACCTL"};
  return s;
}
const std::set<std::string>& branch_opcodes() {
  static const std::set<std::string> s = {"BRA", "BRX", "JMP", "EXIT", "RET", "CALL", "KILL"};
  return s;
}

std::string head(const std::string& opcode) { return opcode.substr(0, opcode.find('.')); }

// The opcodes whose result a stall reason waits on (nullptr: any).
const std::set<std::string>* producer_kind(const std::string& reason) {
  static const std::set<std::string> global = {"LDG", "LDL", "LD",   "ATOM", "ATOMG",
                                               "TEX", "TLD", "TLD4", "SULD", "LDGSTS"};
  static const std::set<std::string> mio = {"LDS", "LDSM", "ATOMS", "MUFU", "SHFL", "S2R", "REDUX"};
  static const std::set<std::string> mma = {"HGMMA", "WGMMA", "GMMA", "HMMA", "IMMA"};
  if (reason == "long_scoreboard" || reason == "lg_throttle" || reason == "tex_throttle")
    return &global;
  if (reason == "short_scoreboard" || reason == "mio_throttle") return &mio;
  if (reason == "gmma" || reason == "math_pipe_throttle") return &mma;
  return nullptr;
}

// How many consecutive registers an operand of `opcode` spans: from a .64/.128 on the operand
// itself, else from the opcode's width suffix (LDG.E.128 writes four).
int opcode_width(const std::string& opcode) {
  if (opcode.find(".128") != std::string::npos) return 4;
  if (opcode.find(".64") != std::string::npos || opcode.find(".WIDE") != std::string::npos)
    return 2;
  return 1;
}

// Registers named in `operand` ("desc[UR4][R2.64+0x10]" -> UR4, UR5?, R2, R3), widened by
// `width` where the operand carries no suffix of its own (a destination of a wide load).
void registers(const std::string& operand, int width, std::vector<std::string>& out) {
  static const std::regex reg(R"((^|[^A-Za-z0-9_])(U?R|U?P)([0-9]+)(\.64|\.128)?)");
  for (std::sregex_iterator it(operand.begin(), operand.end(), reg), end; it != end; ++it) {
    std::string kind = (*it)[2];
    int n = std::stoi((*it)[3]);
    int w = (*it)[4].matched ? ((*it)[4] == ".64" ? 2 : 4) : width;
    if (kind == "R" && n == 255) continue;  // RZ is spelled RZ, but be safe
    for (int k = 0; k < (kind.back() == 'R' ? w : 1); ++k)
      out.push_back(kind + std::to_string(n + k));
  }
}

std::vector<std::string> split_operands(const std::string& s) {
  std::vector<std::string> out;
  int depth = 0;
  std::string cur;
  for (char c : s) {
    if (c == '[' || c == '(' || c == '{') ++depth;
    if (c == ']' || c == ')' || c == '}') --depth;
    if (c == ',' && depth == 0) {
      out.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  if (cur.find_first_not_of(' ') != std::string::npos) out.push_back(cur);
  for (auto& o : out) {
    size_t b = o.find_first_not_of(' '), e = o.find_last_not_of(' ');
    o = b == std::string::npos ? "" : o.substr(b, e - b + 1);
  }
  return out;
}

// The function a header line opens: "Function : name" (cuobjdump) or ".text.name:" (nvdisasm).
std::optional<std::string> function_header(const std::string& line) {
  size_t at = line.find("Function : ");
  if (at != std::string::npos) {
    std::string name = line.substr(at + 11);
    while (!name.empty() && (name.back() == ' ' || name.back() == '\r')) name.pop_back();
    return name;
  }
  at = line.find(".text.");
  size_t colon = line.find(':', at);
  if (at != std::string::npos && colon != std::string::npos && line.find("/*") == std::string::npos)
    return line.substr(at + 6, colon - at - 6);
  return std::nullopt;
}

}  // namespace

std::vector<SassInstr> parse_sass(const std::string& sass, const std::string& function) {
  static const std::regex instr(R"(/\*([0-9a-fA-F]+)\*/\s+(@!?U?P[0-9T]+\s+)?([^;]*);)");
  static const std::regex label(R"(^\s*\.?L[A-Za-z_0-9]*:)");
  bool filtered = sass.find("Function : " + function) != std::string::npos ||
                  sass.find(".text." + function + ":") != std::string::npos;
  bool inside = !filtered;
  bool pending_label = true;  // the function's first instruction starts a block
  std::vector<SassInstr> out;
  std::istringstream lines(sass);
  for (std::string line; std::getline(lines, line);) {
    if (auto name = function_header(line)) {
      if (filtered) {
        if (inside && *name != function && !out.empty()) break;
        inside = *name == function;
        pending_label = true;
      }
      continue;
    }
    if (!inside) continue;
    if (std::regex_search(line, label)) {
      pending_label = true;
      continue;
    }
    std::smatch m;
    if (!std::regex_search(line, m, instr)) continue;
    SassInstr in;
    in.pc = std::stoull(m[1].str(), nullptr, 16);
    in.text = m[3].str();
    while (!in.text.empty() && in.text.back() == ' ') in.text.pop_back();
    size_t sp = in.text.find(' ');
    in.opcode = in.text.substr(0, sp);
    std::vector<std::string> ops =
        sp == std::string::npos ? std::vector<std::string>{} : split_operands(in.text.substr(sp));
    std::string h = head(in.opcode);
    bool has_dest = !ops.empty() && !no_dest_opcodes().count(h);
    for (size_t i = 0; i < ops.size(); ++i) {
      if (i == 0 && has_dest)
        registers(ops[i], opcode_width(in.opcode), in.dests);
      else
        registers(ops[i], 1, in.srcs);
    }
    if (m[2].matched) registers(m[2].str(), 1, in.srcs);  // the guard predicate is read too
    in.branch = branch_opcodes().count(h) > 0;
    in.block_start = pending_label;
    pending_label = false;
    out.push_back(std::move(in));
  }
  return out;
}

std::optional<size_t> find_producer(const std::vector<SassInstr>& instrs, size_t at,
                                    const std::string& reason) {
  if (at >= instrs.size() || instrs[at].block_start) return std::nullopt;
  std::set<std::string> open(instrs[at].srcs.begin(), instrs[at].srcs.end());
  std::vector<size_t> writers;  // nearest first
  for (size_t i = at; i-- > 0 && !open.empty();) {
    const SassInstr& in = instrs[i];
    if (in.branch) break;
    bool writes = false;
    for (const auto& d : in.dests) writes = open.erase(d) > 0 || writes;
    if (writes) writers.push_back(i);
    if (in.block_start) break;
  }
  if (writers.empty()) return std::nullopt;
  const std::set<std::string>* kind = producer_kind(reason);
  if (kind)
    for (size_t i : writers)
      if (kind->count(head(instrs[i].opcode))) return i;
  return writers.front();
}

std::vector<StallCause> stall_causes(const std::vector<SassInstr>& instrs,
                                     const std::vector<PcRecord>& pcs, const Locate& locate,
                                     size_t keep) {
  struct Hot {
    const PcRecord* pc;
    uint64_t stalled;
  };
  std::vector<Hot> hot;
  for (const auto& pc : pcs) {
    uint64_t n = 0;
    for (const auto& [reason, s] : pc.stalls)
      if (reason != "selected") n += s;
    if (n > 0) hot.push_back({&pc, n});
  }
  std::stable_sort(hot.begin(), hot.end(),
                   [](const Hot& a, const Hot& b) { return a.stalled > b.stalled; });
  std::vector<StallCause> out;
  for (const Hot& h : hot) {
    if (out.size() >= keep) break;
    auto at = std::find_if(instrs.begin(), instrs.end(),
                           [&](const SassInstr& in) { return in.pc == h.pc->pc_offset; });
    if (at == instrs.end()) continue;
    StallCause c;
    c.pc_offset = h.pc->pc_offset;
    c.instruction = at->text;
    c.samples = h.stalled;
    uint64_t most = 0;
    for (const auto& [reason, s] : h.pc->stalls)
      if (reason != "selected" && s > most) most = s, c.reason = reason;
    if (auto p = find_producer(instrs, size_t(at - instrs.begin()), c.reason)) {
      c.producer_pc = instrs[*p].pc;
      c.producer = instrs[*p].text;
      if (locate) {
        LineRef r = locate(h.pc->function, c.producer_pc);
        if (!r.file.empty() && r.line > 0)
          c.producer_where =
              r.file.substr(r.file.find_last_of('/') + 1) + ":" + std::to_string(r.line);
      }
    }
    out.push_back(std::move(c));
  }
  return out;
}

}  // namespace solver::profiling
