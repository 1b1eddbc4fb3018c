#include "generators/host_main_scan.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <regex>
#include <set>

namespace solver::generators {

namespace {

std::string trim(std::string s) {
  auto sp = [](unsigned char c) { return std::isspace(c); };
  while (!s.empty() && sp(s.back())) s.pop_back();
  std::size_t b = 0;
  while (b < s.size() && sp(s[b])) ++b;
  return s.substr(b);
}

// Splits on commas outside parentheses / braces.
std::vector<std::string> split_args(const std::string& s) {
  std::vector<std::string> out;
  int depth = 0;
  std::string cur;
  for (char c : s) {
    if (c == '(' || c == '{' || c == '[') ++depth;
    if (c == ')' || c == '}' || c == ']') --depth;
    if (c == ',' && depth == 0) {
      out.push_back(trim(cur));
      cur.clear();
    } else {
      cur += c;
    }
  }
  if (!trim(cur).empty()) out.push_back(trim(cur));
  return out;
}

// A dim3 expression or variable as its components: "dim3(a, b)" -> {a, b}; "v" -> dim3s[v];
// anything else -> {itself}.
std::vector<std::string> components(const std::string& e, const HostFacts& f) {
  std::string t = trim(e);
  static const std::regex ctor(R"(^dim3\s*[({](.*)[)}]$)");
  std::smatch m;
  if (std::regex_match(t, m, ctor)) return split_args(m[1]);
  if (auto it = f.dim3s.find(t); it != f.dim3s.end()) return it->second;
  return {t};
}

}  // namespace

const HostLaunch* HostFacts::launch_of(const std::string& kernel) const {
  for (const auto& l : launches)
    if (l.kernel == kernel) return &l;
  return nullptr;
}

HostFacts scan_host_code(const std::string& host) {
  HostFacts f;
  static const std::regex int_decl(
      R"(\b(?:const\s+|constexpr\s+|static\s+)*(?:int|long|long\s+long|size_t|unsigned|)"
      R"(unsigned\s+int|int64_t|int32_t|uint32_t|uint64_t)\s+(\w+)\s*=\s*(\d+)[uUlL]*\s*;)");
  static const std::regex define(R"(#\s*define\s+(\w+)\s+\(?(\d+)\)?\s*\n)");
  static const std::regex dim3_decl(R"(\bdim3\s+(\w+)\s*(?:=\s*dim3\s*)?[({]([^;]*)[)}]\s*;)");
  static const std::regex alloc(
      R"(cudaMalloc(?:Managed)?\s*\(\s*(?:\(\s*void\s*\*\s*\*\s*\)\s*)?&\s*(\w+)\s*,\s*([^;]*)\)\s*;)");
  static const std::regex launch(R"(\b(\w+)\s*<<<([^;]*?)>>>\s*\(([^;]*)\)\s*;)");
  std::smatch m;
  for (auto it = std::sregex_iterator(host.begin(), host.end(), define);
       it != std::sregex_iterator(); ++it)
    f.int_values[(*it)[1]] = (*it)[2];
  for (auto it = std::sregex_iterator(host.begin(), host.end(), int_decl);
       it != std::sregex_iterator(); ++it)
    f.int_values.emplace((*it)[1], (*it)[2]);
  for (auto it = std::sregex_iterator(host.begin(), host.end(), dim3_decl);
       it != std::sregex_iterator(); ++it)
    f.dim3s[(*it)[1]] = split_args((*it)[2]);
  for (auto it = std::sregex_iterator(host.begin(), host.end(), alloc);
       it != std::sregex_iterator(); ++it) {
    // "M * K * sizeof(float)" -> "M * K": the element count.
    std::string bytes = trim((*it)[2]);
    static const std::regex sz(R"(\s*\*?\s*sizeof\s*\([^)]*\)\s*\*?\s*)");
    std::string count = trim(std::regex_replace(bytes, sz, " "));
    if (bytes.find("sizeof") != std::string::npos && !count.empty())
      f.alloc_elements[(*it)[1]] = count;
  }
  for (auto it = std::sregex_iterator(host.begin(), host.end(), launch);
       it != std::sregex_iterator(); ++it) {
    HostLaunch l;
    l.kernel = (*it)[1];
    l.text = trim((*it)[0]);
    auto cfg = split_args((*it)[2]);
    if (cfg.size() < 2) continue;
    l.grid = components(cfg[0], f);
    l.block = components(cfg[1], f);
    l.args = split_args((*it)[3]);
    f.launches.push_back(std::move(l));
  }
  return f;
}

std::string translate_host_expr(const std::string& expr,
                                const std::map<std::string, std::string>& rename,
                                const HostFacts& facts) {
  static const std::set<std::string> functions{"min", "max", "ceil_div", "floor", "ceil", "abs"};
  static const std::regex cast(R"(\(\s*(?:int|unsigned|size_t|long|unsigned int)\s*\))");
  std::string e = std::regex_replace(trim(expr), cast, "");
  std::string out;
  for (std::size_t i = 0; i < e.size();) {
    if (std::isalpha(static_cast<unsigned char>(e[i])) || e[i] == '_') {
      std::size_t j = i;
      while (j < e.size() && (std::isalnum(static_cast<unsigned char>(e[j])) || e[j] == '_')) ++j;
      std::string name = e.substr(i, j - i);
      if (auto r = rename.find(name); r != rename.end())
        out += r->second;
      else if (auto v = facts.int_values.find(name); v != facts.int_values.end())
        out += v->second;
      else if (functions.count(name))
        out += name;
      else
        return "";  // a name the problem does not know
      i = j;
    } else if (std::isdigit(static_cast<unsigned char>(e[i]))) {
      std::size_t j = i;
      while (j < e.size() && std::isdigit(static_cast<unsigned char>(e[j]))) ++j;
      out += e.substr(i, j - i);
      while (j < e.size() && std::strchr("uUlL", e[j]) && e[j] != '\0') ++j;  // 256u
      i = j;
    } else if (std::strchr("+-*/() ", e[i])) {
      out += e[i++];
    } else {
      return "";  // member access, ternaries...: left to the user
    }
  }
  if (out.find('/') != std::string::npos) out = "floor(" + out + ")";  // C integer division
  return out;
}

}  // namespace solver::generators
