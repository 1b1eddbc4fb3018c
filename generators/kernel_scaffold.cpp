#include "generators/kernel_scaffold.h"

#include "generators/host_main_scan.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <map>
#include <set>
#include <sstream>

namespace solver::generators {

namespace {

// One top-level piece of the file: a preprocessor line or a declaration/definition.
struct Chunk {
  std::string text;
  int line = 0;
  bool preprocessor = false;
};

bool ident_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// Whether `word` occurs in `s` as a whole identifier (outside nothing: comments were kept, so
// a word in a comment counts; good enough to sort declarations).
bool has_word(const std::string& s, const std::string& word) {
  for (std::size_t at = s.find(word); at != std::string::npos; at = s.find(word, at + 1)) {
    bool left = at == 0 || !ident_char(s[at - 1]);
    bool right = at + word.size() >= s.size() || !ident_char(s[at + word.size()]);
    if (left && right) return true;
  }
  return false;
}

// The text without comments, string and char literal bodies (for scanning declarations).
std::string code_only(const std::string& s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s.compare(i, 2, "//") == 0) {
      while (i < s.size() && s[i] != '\n') ++i;
      out += '\n';
    } else if (s.compare(i, 2, "/*") == 0) {
      std::size_t e = s.find("*/", i + 2);
      i = e == std::string::npos ? s.size() : e + 1;
      out += ' ';
    } else if (s[i] == '"' || s[i] == '\'') {
      char q = s[i];
      out += q;
      for (++i; i < s.size() && s[i] != q; ++i)
        if (s[i] == '\\') ++i;
      out += q;
    } else {
      out += s[i];
    }
  }
  return out;
}

std::vector<Chunk> split_top_level(const std::string& s) {
  std::vector<Chunk> out;
  Chunk cur;
  int line = 1, depth = 0;
  bool at_line_start = true;
  auto flush = [&] {
    bool blank = std::all_of(cur.text.begin(), cur.text.end(),
                             [](char c) { return std::isspace(static_cast<unsigned char>(c)); });
    if (!blank) out.push_back(cur);
    cur = Chunk{};
  };
  for (std::size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (cur.text.empty() || std::all_of(cur.text.begin(), cur.text.end(), [](char x) {
          return std::isspace(static_cast<unsigned char>(x));
        }))
      cur.line = line;
    if (at_line_start && depth == 0 && c == '#') {
      flush();
      cur.line = line;
      cur.preprocessor = true;
      while (i < s.size()) {  // to the end of the line, through continuations
        if (s[i] == '\n' && (cur.text.empty() || cur.text.back() != '\\')) break;
        if (s[i] == '\n') ++line;
        cur.text += s[i++];
      }
      cur.text += '\n';
      flush();
      ++line;
      at_line_start = true;
      continue;
    }
    if (s.compare(i, 2, "//") == 0) {
      while (i < s.size() && s[i] != '\n') cur.text += s[i++];
      if (i < s.size()) {
        cur.text += '\n';
        ++line;
      }
      at_line_start = true;
      continue;
    }
    if (s.compare(i, 2, "/*") == 0) {
      std::size_t e = s.find("*/", i + 2);
      std::size_t stop = e == std::string::npos ? s.size() : e + 2;
      for (; i < stop; ++i) {
        if (s[i] == '\n') ++line;
        cur.text += s[i];
      }
      --i;
      continue;
    }
    if (c == '"' || c == '\'') {
      cur.text += c;
      for (++i; i < s.size() && s[i] != c; ++i) {
        cur.text += s[i];
        if (s[i] == '\\' && i + 1 < s.size()) cur.text += s[++i];
      }
      if (i < s.size()) cur.text += s[i];
      continue;
    }
    cur.text += c;
    if (c == '\n') {
      ++line;
      at_line_start = true;
      continue;
    }
    if (!std::isspace(static_cast<unsigned char>(c))) at_line_start = false;
    if (c == '{') ++depth;
    if (c == '}' && depth > 0 && --depth == 0) {
      // A type's body ends at its ';'; a function's, a namespace's or an extern block's here.
      std::string head = code_only(cur.text);
      bool type_like = has_word(head.substr(0, head.find('{')), "struct") ||
                       has_word(head.substr(0, head.find('{')), "class") ||
                       has_word(head.substr(0, head.find('{')), "union") ||
                       has_word(head.substr(0, head.find('{')), "enum") ||
                       head.substr(0, head.find('{')).find('=') != std::string::npos;
      if (!type_like) flush();
    }
    if (c == ';' && depth == 0) flush();
  }
  flush();
  return out;
}

std::string trim(std::string s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.pop_back();
  std::size_t b = 0;
  while (b < s.size() && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
  return s.substr(b);
}

struct DtypeOf {
  const char* c_type;
  const char* dtype;
  int width;
};
constexpr DtypeOf kTypes[] = {
    {"float", "f32", 1},        {"float2", "f32", 2},
    {"float4", "f32", 4},       {"double", "f64", 1},
    {"double2", "f64", 2},      {"__half", "f16", 1},
    {"half", "f16", 1},         {"__half2", "f16", 2},
    {"half2", "f16", 2},        {"__nv_bfloat16", "bf16", 1},
    {"nv_bfloat16", "bf16", 1}, {"__nv_bfloat162", "bf16", 2},
    {"int", "i32", 1},          {"int2", "i32", 2},
    {"int4", "i32", 4},         {"int32_t", "i32", 1},
    {"unsigned", "u32", 1},     {"uint32_t", "u32", 1},
    {"uint", "u32", 1},         {"int64_t", "i64", 1},
    {"long long", "i64", 1},    {"uint64_t", "u64", 1},
    {"size_t", "u64", 1},       {"unsigned long long", "u64", 1},
    {"unsigned int", "u32", 1},
};

KernelParam parse_param(const std::string& raw) {
  KernelParam p;
  std::string t = trim(raw);
  if (auto eq = t.find('='); eq != std::string::npos)
    t = trim(t.substr(0, eq));  // default argument
  std::size_t end = t.size();
  while (end > 0 && (t[end - 1] == ']' || t[end - 1] == '[')) --end;  // float x[]
  bool array = end != t.size();
  t = t.substr(0, end);
  std::size_t b = t.size();
  while (b > 0 && ident_char(t[b - 1])) --b;
  p.name = t.substr(b);
  p.type = trim(t.substr(0, b));
  if (p.type.empty()) std::swap(p.type, p.name);  // unnamed parameter
  p.pointer = p.type.find('*') != std::string::npos || array;
  std::string base = p.type.substr(0, p.type.find('*'));
  p.is_const = p.pointer && has_word(base, "const");
  std::string words;
  std::istringstream in(base);
  for (std::string w; in >> w;)
    if (w != "const" && w != "__restrict__" && w != "__restrict" && w != "volatile" &&
        w != "struct" && w != "signed")
      words += (words.empty() ? "" : " ") + w;
  for (const auto& k : kTypes)
    if (words == k.c_type) p.dtype = k.dtype, p.vector_width = k.width;
  if (words == "long" || words == "long int") p.dtype = "i64";
  return p;
}

// `__global__ ... name(params)` of a kernel chunk.
bool parse_kernel(const Chunk& c, ScannedKernel& k) {
  std::string s = code_only(c.text);
  std::size_t g = s.find("__global__");
  if (g == std::string::npos) return false;
  k.is_template = has_word(s.substr(0, g), "template");
  // The name: the identifier before the first '(' after __global__ that is not a macro call.
  std::size_t at = g + 10;
  while (true) {
    std::size_t open = s.find('(', at);
    if (open == std::string::npos) return false;
    std::size_t e = open;
    while (e > 0 && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
    std::size_t b = e;
    while (b > 0 && ident_char(s[b - 1])) --b;
    std::string name = s.substr(b, e - b);
    int depth = 0;
    std::size_t close = open;
    for (; close < s.size(); ++close) {
      if (s[close] == '(')
        ++depth;
      else if (s[close] == ')' && --depth == 0)
        break;
    }
    if (name == "__launch_bounds__" || name == "__maxnreg__" || name == "__cluster_dims__" ||
        name.empty()) {
      at = close + 1;
      continue;
    }
    k.name = name;
    std::string params = s.substr(open + 1, close - open - 1);
    std::vector<std::string> parts;
    std::string part;
    int d = 0;
    for (char ch : params) {
      if (ch == '<' || ch == '(') ++d;
      if (ch == '>' || ch == ')') --d;
      if (ch == ',' && d == 0) {
        parts.push_back(part);
        part.clear();
      } else {
        part += ch;
      }
    }
    if (!trim(part).empty() && trim(part) != "void") parts.push_back(part);
    for (const auto& p : parts) k.params.push_back(parse_param(p));
    // The line of `__global__`, not of a comment above it that shares the chunk.
    // (c.line is the line of the chunk's first non-blank character.)
    std::size_t at_text = c.text.find("__global__");
    std::size_t first = c.text.find_first_not_of(" \t\r\n");
    if (at_text != std::string::npos && first != std::string::npos && first < at_text)
      k.line = c.line + int(std::count(c.text.begin() + std::ptrdiff_t(first),
                                       c.text.begin() + std::ptrdiff_t(at_text), '\n'));
    else
      k.line = c.line;
    return true;
  }
}

// What to do with an `#include <h>` in a file compiled by NVRTC.
std::string include_replacement(const std::string& header, bool* dropped) {
  static const std::map<std::string, std::string> kMap = {{"cmath", "cuda/std/cmath"},
                                                          {"math.h", "cuda/std/cmath"},
                                                          {"cfloat", "cuda/std/limits"},
                                                          {"float.h", "cuda/std/limits"},
                                                          {"climits", "cuda/std/climits"},
                                                          {"limits.h", "cuda/std/climits"},
                                                          {"limits", "cuda/std/limits"},
                                                          {"cassert", "cuda/std/cassert"},
                                                          {"assert.h", "cuda/std/cassert"},
                                                          {"cstdint", "cuda/std/cstdint"},
                                                          {"stdint.h", "cuda/std/cstdint"},
                                                          {"cstddef", "cuda/std/cstddef"},
                                                          {"type_traits", "cuda/std/type_traits"},
                                                          {"utility", "cuda/std/utility"},
                                                          {"array", "cuda/std/array"}};
  static const std::set<std::string> kDevice = {
      "cooperative_groups.h", "cuda_fp16.h",     "cuda_bf16.h",      "mma.h",
      "math_constants.h",     "cuda_pipeline.h", "cuda_awbarrier.h", "cuda_fp8.h",
      "crt/math_functions.h"};
  *dropped = false;
  if (auto it = kMap.find(header); it != kMap.end()) return it->second;
  if (kDevice.count(header) || header.rfind("cooperative_groups/", 0) == 0 ||
      header.rfind("cuda/", 0) == 0 || header.rfind("cub/", 0) == 0)
    return header;
  *dropped = true;  // host headers: <cstdio>, <vector>, <cuda_runtime.h>, ...
  return "";
}

std::string yaml_quote(const std::string& s) {
  bool plain = !s.empty() && std::all_of(s.begin(), s.end(), [](char c) {
    return ident_char(c) || c == '*' || c == ' ' || c == '+';
  });
  return plain ? s : "\"" + s + "\"";
}

}  // namespace

KernelFileScan scan_kernel_file(const std::string& text) {
  KernelFileScan out;
  std::ostringstream dev;
  for (const Chunk& c : split_top_level(text)) {
    std::string code = trim(code_only(c.text));
    if (c.preprocessor) {
      std::string t = trim(c.text);
      std::istringstream in(t.substr(1));
      std::string word;
      in >> word;
      if (word == "include") {
        std::size_t open = t.find_first_of("<\"");
        std::size_t close = open == std::string::npos ? open : t.find_first_of(">\"", open + 1);
        if (open != std::string::npos && close != std::string::npos && t[open] == '<') {
          std::string h = t.substr(open + 1, close - open - 1);
          bool dropped = false;
          std::string rep = include_replacement(h, &dropped);
          if (dropped) {
            out.dropped.push_back("#include <" + h + "> (line " + std::to_string(c.line) + ")");
            dev << "// solver: dropped #include <" << h << "> (host code)\n";
          } else if (rep != h) {
            dev << "#include <" << rep << ">  // solver: NVRTC's <" << h << ">\n";
          } else {
            dev << c.text;
          }
          continue;
        }
      } else if (word == "define") {
        std::string name, value;
        in >> name >> value;
        std::string rest;
        std::getline(in, rest);
        bool is_int = !value.empty() && trim(rest).empty() && name.find('(') == std::string::npos &&
                      std::all_of(value.begin(), value.end(), [](char ch) {
                        return std::isdigit(static_cast<unsigned char>(ch));
                      });
        if (is_int) {
          // Overridable, so a knob of the same name (-DNAME=v) sets it.
          out.int_defines.emplace_back(name, value);
          dev << "#ifndef " << name << "\n" << c.text << "#endif\n";
          continue;
        }
      }
      dev << c.text;
      continue;
    }
    if (code.empty()) {  // a comment between declarations
      dev << c.text;
      continue;
    }
    bool device = has_word(code, "__device__") || has_word(code, "__constant__") ||
                  has_word(code, "__shared__") || has_word(code, "__managed__");
    if (has_word(code, "__global__")) {
      ScannedKernel k;
      if (parse_kernel(c, k)) out.kernels.push_back(k);
      std::string t = c.text;
      // C linkage, so the variant's entry is the name as written (templates cannot have it).
      if (!k.is_template && !has_word(code.substr(0, code.find("__global__")), "extern") &&
          !k.name.empty()) {
        std::size_t g = t.find("__global__");
        t.insert(g, "extern \"C\" ");
      }
      dev << t;
      if (t.back() != '\n') dev << '\n';
      continue;
    }
    std::string head = code.substr(0, code.find_first_of("{("));
    bool type_or_alias = has_word(head, "struct") || has_word(head, "class") ||
                         has_word(head, "union") || has_word(head, "enum") ||
                         has_word(head, "typedef") || has_word(head, "using") ||
                         (has_word(head, "namespace") && code.find('=') != std::string::npos) ||
                         has_word(head, "constexpr") || has_word(head, "static_assert");
    bool is_namespace_block = has_word(head, "namespace") && !type_or_alias;
    if (device || type_or_alias || (is_namespace_block && has_word(code, "__global__"))) {
      dev << c.text;
      if (c.text.back() != '\n') dev << '\n';
      continue;
    }
    // Host code (main, error checks, timing helpers, host globals): not NVRTC's business.
    std::string what = head;
    std::size_t paren = code.find('(');
    if (paren != std::string::npos && paren == head.size()) {
      std::size_t e = paren;
      while (e > 0 && std::isspace(static_cast<unsigned char>(code[e - 1]))) --e;
      std::size_t b = e;
      while (b > 0 && ident_char(code[b - 1])) --b;
      what = code.substr(b, e - b);
    }
    what = trim(what.substr(0, 40));
    out.host_source += code + "\n";
    out.dropped.push_back(what + " (line " + std::to_string(c.line) + ")");
    dev << "// solver: dropped host code '" << what << "' (line " << c.line << ")\n";
  }
  out.device_source = dev.str();
  return out;
}

ScaffoldFiles scaffold_problem(const std::string& name, const std::string& origin,
                               const KernelFileScan& scan) {
  ScaffoldFiles f;
  std::vector<const ScannedKernel*> usable;
  for (const auto& k : scan.kernels) {
    if (k.is_template) {
      f.todos.push_back("kernel '" + k.name +
                        "' is a template: instantiate it in kernels.cu "
                        "(template __global__ void " +
                        k.name +
                        "<...>(...);) and add a variant "
                        "whose entry is the mangled name (`solver problems check` names it)");
      continue;
    }
    usable.push_back(&k);
  }
  if (usable.empty()) {
    f.todos.push_back(origin + " defines no non-template __global__ function");
    return f;
  }
  // Buffers and scalars: the seed's parameter names; a later kernel with the same sequence
  // of parameter kinds maps onto them by position, otherwise by name, otherwise it adds its own.
  struct Arg {
    std::string name;
    KernelParam p;
  };
  std::vector<Arg> args;
  auto kinds = [](const ScannedKernel& k) {
    std::string s;
    for (const auto& p : k.params) s += (p.pointer ? "*" : "") + p.dtype + ",";
    return s;
  };
  auto find_arg = [&](const std::string& n) {
    return std::find_if(args.begin(), args.end(), [&](const Arg& a) { return a.name == n; });
  };
  std::vector<std::vector<std::string>> kernel_args;
  const ScannedKernel& seed = *usable.front();
  for (const ScannedKernel* k : usable) {
    std::vector<std::string> names;
    bool positional = k != &seed && kinds(*k) == kinds(seed);
    for (std::size_t i = 0; i < k->params.size(); ++i) {
      const KernelParam& p = k->params[i];
      std::string n = positional ? seed.params[i].name : p.name;
      auto it = find_arg(n);
      if (it != args.end() && (it->p.pointer != p.pointer || it->p.dtype != p.dtype)) {
        n = n + "_" + k->name;  // same name, another type: its own argument
        it = find_arg(n);
      }
      if (it == args.end())
        args.push_back({n, p});
      else if (!p.is_const)
        it->p.is_const = false;  // written by some version: an output
      names.push_back(n);
    }
    kernel_args.push_back(names);
  }
  std::string size_scalar;
  for (const auto& a : args)
    if (!a.p.pointer &&
        (a.p.dtype == "i32" || a.p.dtype == "u32" || a.p.dtype == "i64" || a.p.dtype == "u64")) {
      size_scalar = a.name;
      break;
    }
  bool added_n = false;
  if (size_scalar.empty()) {
    size_scalar = "N";
    added_n = true;
  }
  // What main says: scalar values, allocation sizes, launches (host_main_scan.h).
  HostFacts host = scan_host_code(scan.host_source);
  for (const auto& [n, v] : scan.int_defines) host.int_values.emplace(n, v);
  std::map<std::string, std::string> rename;        // main's name -> the problem's scalar
  std::map<std::string, std::string> scalar_value;  // problem scalar -> value from main
  std::map<std::string, std::string> buffer_count;  // problem buffer -> main's element count
  auto is_number = [](const std::string& t) {
    return !t.empty() && t.find_first_not_of("0123456789.eEfFuUlL+-") == std::string::npos &&
           std::isdigit(static_cast<unsigned char>(t[0]));
  };
  for (std::size_t i = 0; i < usable.size(); ++i) {
    const HostLaunch* l = host.launch_of(usable[i]->name);
    if (!l) continue;
    for (std::size_t j = 0; j < l->args.size() && j < usable[i]->params.size(); ++j) {
      const std::string& a = l->args[j];
      const std::string& arg_name = kernel_args[i][j];
      if (usable[i]->params[j].pointer) {
        if (auto c = host.alloc_elements.find(a); c != host.alloc_elements.end())
          buffer_count.emplace(arg_name, c->second);
        continue;
      }
      if (is_number(a)) {
        std::string v = a;
        while (!v.empty() && std::strchr("fFuUlL", v.back())) v.pop_back();  // 2.0f, 256u
        scalar_value.emplace(arg_name, v);
      } else if (a.find_first_not_of(
                     "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_0123456789") ==
                 std::string::npos) {
        rename.emplace(a, arg_name);
        if (auto v = host.int_values.find(a); v != host.int_values.end())
          scalar_value.emplace(arg_name, v->second);
      }
    }
  }
  auto from_main = [&](const std::string& c_expr) {
    return translate_host_expr(c_expr, rename, host);
  };
  std::set<std::string> precisions{"fp32"};
  std::ostringstream y;
  y << "# Drafted by `solver problems new " << name << " --from " << origin << "`.\n"
    << "# Every TODO is something only you can say; `solver problems check " << name
    << " --compile-only` checks the rest.\n"
    << "version: 1\nname: " << name << "\n"
    << "description: \"TODO: what the kernels compute (from " << origin << ")\"\n"
    << "scalars:\n";
  if (added_n)
    y << "  N: 1048576  # TODO: the problem size the buffer shapes use (no kernel takes one)\n";
  for (const auto& a : args) {
    if (a.p.pointer) continue;
    std::string dt = a.p.dtype.empty() ? "i32" : a.p.dtype;
    bool integral = dt[0] == 'i' || dt[0] == 'u';
    auto known = scalar_value.find(a.name);
    y << "  " << a.name << ": {value: "
      << (known != scalar_value.end() ? known->second
          : integral                  ? "1048576"
                                      : "1.0")
      << ", dtype: " << (dt == "f16" || dt == "bf16" ? "f32" : dt) << "}  # "
      << (known != scalar_value.end() ? "from main; check" : "TODO: the value") << " (parameter '"
      << a.p.type << " " << a.p.name << "')\n";
    if (a.p.dtype.empty())
      f.todos.push_back("scalar '" + a.name + "' has type '" + a.p.type +
                        "': no dtype maps it; check the i32 guess");
  }
  y << "buffers:\n";
  std::string bytes_terms;
  for (const auto& a : args) {
    if (!a.p.pointer) continue;
    std::string dt = a.p.dtype.empty() ? "f32" : a.p.dtype;
    if (dt == "f16") precisions.insert("fp16");
    if (dt == "bf16") precisions.insert("bf16");
    std::string count = size_scalar;
    bool counted = false;
    if (auto c = buffer_count.find(a.name); c != buffer_count.end())
      if (std::string t = from_main(c->second); !t.empty()) count = t, counted = true;
    std::string shape =
        a.p.vector_width > 1 && !counted ? count + " * " + std::to_string(a.p.vector_width) : count;
    y << "  " << a.name << ": {dtype: " << dt << ", shape: [" << yaml_quote(shape)
      << "], role: " << (a.p.is_const ? "in" : "out") << "}  # TODO: shape; "
      << (a.p.is_const ? "init (default uniform [-1, 1))" : "out, inout (read too) or scratch?")
      << "\n";
    if (a.p.dtype.empty())
      f.todos.push_back("buffer '" + a.name + "' has type '" + a.p.type +
                        "': no dtype maps it; f32 is a guess");
    bytes_terms += std::string(bytes_terms.empty() ? "" : " + ") +
                   std::to_string((counted ? 1 : a.p.vector_width) *
                                  (dt == "f64" || dt == "i64" || dt == "u64" ? 8
                                   : dt == "f16" || dt == "bf16"             ? 2
                                                                             : 4)) +
                   "*(" + count + ")";
  }
  y << "# flops and bytes set the roofline floor AND the arith_intensity signal rules read:\n"
    << "# count what the operation must do, not what one version does.\n"
    << "flops: " << size_scalar << "  # TODO: floating-point operations of one run\n"
    << "bytes: " << yaml_quote(bytes_terms.empty() ? size_scalar : bytes_terms)
    << "  # TODO: bytes the operation must move at least\n"
    << "tolerance:\n";
  for (const auto& p : precisions)
    y << "  " << p << ": {rtol: " << (p == "fp32" ? "1.0e-4" : "1.0e-2")
      << ", atol: " << (p == "fp32" ? "1.0e-5" : "1.0e-3")
      << "}  # TODO: what the operation can promise\n";
  // The reference: the seed's arguments, float64 outputs, a body to write.
  std::ostringstream ref;
  ref << "// TODO: the float64 reference of " << name
      << ", written for clarity, not speed: one thread\n"
      << "// per output element is fine. It reads the same inputs and writes every `out`/`inout`\n"
      << "// buffer as double (the gate compares each version against it).\n"
      << "extern \"C\" __global__ void reference(";
  std::vector<std::string> ref_args;
  for (std::size_t i = 0; i < seed.params.size(); ++i) {
    const Arg& a = *find_arg(kernel_args.front()[i]);
    std::string t =
        a.p.pointer
            ? (a.p.is_const ? "const " + std::string(a.p.dtype == "f64" ? "double" : "float") + "*"
                            : std::string("double*"))
            // A scalar is passed as its dtype (4 bytes for f32): the reference takes it as
            // the kernels do, or every argument after it would be read from the wrong bytes.
            : (a.p.dtype == "f64"                                                ? "double"
               : a.p.dtype == "f32" || a.p.dtype == "f16" || a.p.dtype == "bf16" ? "float"
               : a.p.dtype == "i64"                                              ? "long long"
               : a.p.dtype == "u64" ? "unsigned long long"
               : a.p.dtype == "u32" ? "unsigned int"
                                    : "int");
    if (a.p.pointer && a.p.is_const && a.p.dtype != "f32" && a.p.dtype != "f64")
      t = "const void*  /* TODO: " + a.p.type + " */";
    ref << (i ? ", " : "") << t << " " << a.name;
    ref_args.push_back(a.name);
  }
  ref << ") {\n  // TODO: compute the outputs in double. Until then the gate fails every "
         "version.\n}\n";
  f.reference_cu = ref.str();
  auto list = [](const std::vector<std::string>& v) {
    std::string s;
    for (const auto& x : v) s += (s.empty() ? "" : ", ") + x;
    return "[" + s + "]";
  };
  // A version's launch from main where it translates, else one thread per element of N.
  auto launch_yaml = [&](const ScannedKernel& k, const std::string& indent, bool flow) {
    std::string grid = "[\"ceil_div(" + size_scalar + ", 256)\"]", block = "[256]";
    std::string note = "TODO: this version's launch";
    if (const HostLaunch* l = host.launch_of(k.name)) {
      auto dims = [&](const std::vector<std::string>& parts) {
        std::string s;
        for (const auto& c : parts) {
          std::string t = from_main(c);
          if (t.empty()) return std::string();
          s += (s.empty() ? "" : ", ") + ("\"" + t + "\"");
        }
        return "[" + s + "]";
      };
      std::string g = dims(l->grid), b = dims(l->block);
      if (!g.empty() && !b.empty())
        grid = g, block = b, note = "from main: " + l->text.substr(0, l->text.find(">>>") + 3);
      else
        note = "TODO: main launches it as " + l->text.substr(0, l->text.find(">>>") + 3) +
               " (not translated)";
    }
    if (flow) return "grid: " + grid + ", block: " + block + "}  # " + note;
    return indent + "grid: " + grid + "  # " + note + "\n" + indent + "block: " + block + "\n";
  };
  y << "reference: {source: reference.cu, entry: reference, args: " << list(ref_args) << ", "
    << launch_yaml(seed, "", true) << " (the seed's: TODO check it covers every output)\n";
  y << "seed: " << seed.name << "\nvariants:\n";
  for (std::size_t i = 0; i < usable.size(); ++i) {
    const ScannedKernel& k = *usable[i];
    y << "  - id: " << k.name << "\n    source: kernels.cu\n    entry: " << k.name << "\n"
      << "    args: " << list(kernel_args[i]) << "\n"
      << launch_yaml(k, "    ", false);
    if (i == 0) {
      y << "    description: the seed (line " << k.line << " of " << origin << ")\n";
    } else {
      y << "    description: line " << k.line << " of " << origin << "\n"
        << "    parent: " << seed.name << "  # TODO: the version this one rewrites\n"
        << "    applies: []  # TODO: the hypotheses it answers (`solver hypotheses` lists them)\n";
    }
  }
  for (const auto& [n, v] : scan.int_defines)
    y << "# TODO: " << n << " is #defined to " << v
      << " (overridable now): to sweep it, add to a variant\n"
      << "#   knobs: {" << n << ": {values: [...], default: " << v << "}}\n";
  f.problem_yaml = y.str();
  f.kernels_cu = "// Device code of " + origin +
                 " (solver problems new): host code dropped, libc\n"
                 "// headers replaced by NVRTC's, kernels given C linkage.\n" +
                 scan.device_source;
  f.todos.push_back(
      "problem.yaml: sizes (scalars, shapes), roles of written buffers, launches, flops/bytes, "
      "tolerances");
  f.todos.push_back("reference.cu: the float64 reference");
  if (usable.size() > 1)
    f.todos.push_back(
        "problem.yaml: parent and applies of each version (the lint names the unreachable ones)");
  return f;
}

}  // namespace solver::generators
