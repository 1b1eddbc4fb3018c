#include "generators/ptx_module_memory.h"

#include <algorithm>
#include <cctype>
#include <string_view>

#include "generators/ptx_scan.h"

namespace solver::generators {

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

bool identifier_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$' || c == '%';
}

// The directives of a module-scope statement's head (".visible .global .align 4 .b8" or, once
// the scan joined them, ".visible.global.align"), linkage ones skipped: the first one that
// names a state space or a function.
std::string_view state_space(std::string_view stmt) {
  std::size_t i = 0;
  // The module's header directives end at their line, not at a ';' (.version 9.0, .target
  // sm_90, .address_size 64, .file 1 "k.cu"): skipped to the statement after them.
  for (const char* d : {".version", ".target", ".address_size", ".file"})
    for (std::size_t at = stmt.find(d); at != std::string_view::npos; at = stmt.find(d, at + 1))
      if (std::size_t eol = stmt.find('\n', at); eol != std::string_view::npos)
        i = std::max(i, eol + 1);
  while (i < stmt.size()) {
    while (i < stmt.size() && std::isspace(static_cast<unsigned char>(stmt[i]))) ++i;
    if (i >= stmt.size() || stmt[i] != '.') return {};
    std::size_t j = i + 1;
    while (j < stmt.size() && identifier_char(stmt[j])) ++j;
    std::string_view word = stmt.substr(i + 1, j - i - 1);
    if (word != "visible" && word != "weak" && word != "extern" && word != "common") return word;
    i = j;
  }
  return {};
}

// A variable's name: the last word before its array bounds or initialiser.
std::string variable_name(std::string_view stmt) {
  std::size_t end = stmt.find_first_of("[=");
  std::string_view head = trim(stmt.substr(0, end));
  std::size_t from = head.size();
  while (from > 0 && identifier_char(head[from - 1])) --from;
  return std::string(head.substr(from));
}

// A function declaration's name: after `.func`, past the return parameters if any.
std::string function_name(std::string_view stmt) {
  std::size_t at = stmt.find(".func");
  if (at == std::string_view::npos) return {};
  std::string_view rest = trim(stmt.substr(at + 5));
  if (!rest.empty() && rest.front() == '(') {
    std::size_t close = rest.find(')');
    if (close == std::string_view::npos) return {};
    rest = trim(rest.substr(close + 1));
  }
  std::size_t n = 0;
  while (n < rest.size() && identifier_char(rest[n])) ++n;
  return std::string(rest.substr(0, n));
}

// The element width of a .global declaration (PtxModuleMemory::global_word_bytes).
int word_bytes(std::string_view stmt) {
  stmt = stmt.substr(0, stmt.find_first_of("[="));
  auto has = [&](std::string_view d) {
    for (std::size_t at = stmt.find(d); at != std::string_view::npos; at = stmt.find(d, at + 1)) {
      const std::size_t end = at + d.size();
      if (end >= stmt.size() || !identifier_char(stmt[end])) return true;
    }
    return false;
  };
  for (const char* d : {".f64", ".b64", ".u64", ".s64"})
    if (has(d)) return 8;
  for (const char* d : {".f16", ".bf16", ".b16", ".u16", ".s16"})
    if (has(d)) return 2;
  if (has(".b8") || has(".u8") || has(".s8")) {
    if (has(".align 8") || has(".align\t8")) return 8;
    if (has(".align 2")) return 2;
  }
  return 4;
}

}  // namespace

PtxModuleMemory scan_ptx_module_memory(const std::string& ptx) {
  PtxModuleMemory out;
  const std::string clean = strip_ptx_comments(ptx);
  std::vector<std::string> scoped;  // .global declared inside function bodies, with widths
  std::vector<int> scoped_bytes;
  auto statement = [&](std::string_view stmt) {
    const std::string_view space = state_space(stmt);
    if (space == "global") {
      std::string name = variable_name(stmt);
      if (!name.empty()) {
        out.globals.push_back(name);
        out.global_word_bytes.push_back(word_bytes(stmt));
        out.global_in_function.push_back(false);
      }
    } else if (space == "func") {
      std::string name = function_name(stmt);
      if (name == "malloc" || name == "free" || name == "__nv_aligned_device_malloc")
        out.heap_calls.push_back(name);
    }
  };
  // Module-scope statements end at ';'; a '{' that follows no '=' opens a function body,
  // skipped to its matching '}' (an initialiser's braces follow '=' and stay in the statement).
  // Inside a body, every piece between ';', '{' and '}' that opens with `.global` declares one
  // (an instruction opens with its opcode: st.global is not a declaration).
  int depth = 0;
  std::size_t from = 0, piece = 0;
  for (std::size_t i = 0; i < clean.size(); ++i) {
    const char c = clean[i];
    if (depth > 0) {
      if (c == ';' || c == '{' || c == '}') {
        std::string_view stmt(clean.data() + piece, i - piece);
        if (state_space(stmt) == "global")
          if (std::string name = variable_name(stmt); !name.empty()) {
            scoped.push_back(std::move(name));
            scoped_bytes.push_back(word_bytes(stmt));
          }
        piece = i + 1;
      }
      if (c == '{') ++depth;
      if (c == '}' && --depth == 0) from = i + 1;
      continue;
    }
    std::string_view cur(clean.data() + from, i - from);
    if (c == ';') {
      statement(cur);
      from = i + 1;
    } else if (c == '{' && cur.find('=') == std::string_view::npos) {
      statement(cur);  // a function header: a definition, not a declaration of the heap's
      depth = 1;
      piece = i + 1;
    }
  }
  for (std::size_t k = 0; k < scoped.size(); ++k)
    if (std::find(scoped.begin(), scoped.begin() + std::ptrdiff_t(k), scoped[k]) ==
        scoped.begin() + std::ptrdiff_t(k)) {
      out.globals.push_back(scoped[k]);
      out.global_word_bytes.push_back(scoped_bytes[k]);
      out.global_in_function.push_back(true);
    }
  return out;
}

std::vector<std::string> module_variables(const std::string& ptx) {
  const std::string clean = strip_ptx_comments(ptx);
  std::vector<std::string> out;
  // Every piece between ';', '{' and '}', at any depth: a declaration is one that opens with
  // its state space (an instruction opens with its opcode, an initialiser's values with none).
  std::size_t from = 0;
  for (std::size_t i = 0; i <= clean.size(); ++i) {
    if (i < clean.size() && clean[i] != ';' && clean[i] != '{' && clean[i] != '}') continue;
    std::string_view piece(clean.data() + from, i - from);
    from = i + 1;
    const std::string_view space = state_space(piece);
    if (space != "global" && space != "const") continue;
    std::string name = variable_name(piece);
    if (!name.empty() && std::find(out.begin(), out.end(), name) == out.end())
      out.push_back(std::move(name));
  }
  return out;
}

std::string heap_refusal(const PtxModuleMemory& m) {
  if (m.heap_calls.empty()) return "";
  std::string names;
  for (const std::string& n : m.heap_calls) names += (names.empty() ? "" : ", ") + n;
  return "device heap use (" + names +
         "): the device heap belongs to the context and outlives every module reload and buffer "
         "reset, so a kernel could carry state from one run to the next there; a variant's memory "
         "is its buffers, its scratch and its module";
}

}  // namespace solver::generators
