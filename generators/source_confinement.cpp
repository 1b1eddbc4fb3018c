#include "generators/source_confinement.h"

#include "generators/kernel_library.h"
#include "generators/preprocessor_view.h"
#include "generators/toolkit_include_macros.h"
#include "rules/diagnostics.h"
#include "rules/text_file.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <set>
#include <sstream>

namespace solver::generators {

namespace fs = std::filesystem;

namespace {

bool within(const fs::path& p, const fs::path& root) {
  auto r = std::mismatch(root.begin(), root.end(), p.begin(), p.end());
  return r.first == root.end();
}

bool has_dotdot(const fs::path& p) {
  return std::any_of(p.begin(), p.end(), [](const fs::path& c) { return c == ".."; });
}

bool starts_with(const std::string& s, const char* prefix) { return s.rfind(prefix, 0) == 0; }

// What an include folder's entry is, where it is not a regular file (`own`: the entry itself;
// `target`: through a link).
std::string not_a_regular_file(const fs::file_status& own, const fs::file_status& target) {
  const bool link = fs::is_symlink(own);
  const fs::file_status& s = link ? target : own;
  const char* what = fs::is_fifo(s)             ? "a FIFO"
                     : fs::is_socket(s)         ? "a socket"
                     : fs::is_character_file(s) ? "a character device"
                     : fs::is_block_file(s)     ? "a block device"
                     : fs::is_directory(s)      ? "a folder"
                     : !fs::exists(s)           ? "nothing (a dangling link)"
                                                : "not a regular file";
  return link ? std::string("a link to ") + what : std::string(what);
}

// NVRTC options that change code generation or macros only: none reads a file.
constexpr const char* kFlags[] = {"--use_fast_math",
                                  "-use_fast_math",
                                  "-lineinfo",
                                  "--generate-line-info",
                                  "--extra-device-vectorization",
                                  "-extra-device-vectorization",
                                  "--restrict",
                                  "-restrict",
                                  "--device-as-default-execution-space",
                                  "-default-device",
                                  "-G",
                                  "--device-debug",
                                  "--relocatable-device-code=false",
                                  "-rdc=false",
                                  "-w",
                                  "--disable-warnings"};
constexpr const char* kValued[] = {"-D",
                                   "--define-macro=",
                                   "-U",
                                   "--undefine-macro=",
                                   "--std=",
                                   "-std=",
                                   "--gpu-architecture=",
                                   "-arch=",
                                   "--fmad=",
                                   "-fmad=",
                                   "--ftz=",
                                   "-ftz=",
                                   "--prec-div=",
                                   "-prec-div=",
                                   "--prec-sqrt=",
                                   "-prec-sqrt=",
                                   "--maxrregcount=",
                                   "-maxrregcount=",
                                   "--dopt=",
                                   "-dopt="};

}  // namespace

std::optional<std::string> toolkit_macro_refusal(const std::string& name, const std::string& verb) {
  const auto& macros = toolkit_include_macros();
  auto it = macros.names.find(name);
  if (it == macros.names.end()) return std::nullopt;
  return verb + " '" + name + "', a macro a toolkit header's computed include expands (" +
         it->second +
         "): it could make NVRTC read a file outside the problem folder (rename the macro)";
}

rules::Outcome<std::string> confine_compile_option(const std::string& o, const std::string& dir) {
  using rules::Failure;
  for (const char* f : kFlags)
    if (o == f) return o;
  // A macro given on the command line is source the include check never reads: `-DP=
  // __has_include("/etc/passwd")` with `#if P`, or `-DH=__has_include` with `#if H("...")`,
  // probe any path while the kernel source names no probe (red team round 2). Its definition is
  // read as the preprocessor would read `#define NAME VALUE`: no file probe or include, and no
  // identifier the view refuses (one that could be pasted into a probe).
  for (const char* d : {"-D", "--define-macro="}) {
    if (!starts_with(o, d)) continue;
    std::string body = o.substr(std::string(d).size());
    if (auto eq = body.find('='); eq != std::string::npos) body[eq] = ' ';
    const PreprocessorView view = preprocessor_view("#define " + body + "\n");
    if (!view.refusals.empty() || !view.references.empty())
      return Failure{"compile option '" + o +
                     "' defines a macro that names a file probe or include (" +
                     (view.refusals.empty() ? "__has_include" : view.refusals[0].second) +
                     "): the include confinement reads only the problem's own files"};
  }
  // A macro a toolkit header names its include file through (toolkit_include_macros.h):
  // defined or undefined on the command line, it chooses the file NVRTC opens (red team 33).
  for (const char* d : {"-D", "--define-macro=", "-U", "--undefine-macro="}) {
    if (!starts_with(o, d)) continue;
    std::string body = o.substr(std::string(d).size());
    std::size_t b = body.find_first_not_of(" \t");
    std::size_t e = b == std::string::npos ? b : body.find_first_of(" \t=(", b);
    const std::string name =
        b == std::string::npos ? "" : body.substr(b, e == std::string::npos ? e : e - b);
    if (auto why =
            toolkit_macro_refusal(name, d[1] == 'U' || d[2] == 'u' ? "undefines" : "defines"))
      return Failure{"compile option '" + o + "' " + *why};
    break;
  }
  for (const char* p : kValued)
    if (starts_with(o, p) && o.size() > std::string(p).size()) return o;
  std::string path;
  if (starts_with(o, "--include-path="))
    path = o.substr(15);
  else if (starts_with(o, "-I"))
    path = o.substr(2);
  else {
    return Failure{
        "compile option '" + o +
        "' is not allowed (allowed: -D/-U macros, -I folders inside "
        "the problem folder, --std, --fmad, --ftz, --prec-div, --prec-sqrt, --use_fast_math, "
        "-lineinfo, --maxrregcount, --extra-device-vectorization, --restrict)"};
  }
  fs::path rel(path);
  if (path.empty() || rel.is_absolute() || has_dotdot(rel)) {
    return Failure{"include folder '" + path +
                   "' must be a relative path inside the problem folder (no '..')"};
  }
  std::error_code ec;
  fs::path root = fs::weakly_canonical(dir, ec);
  fs::path full = fs::weakly_canonical(fs::path(dir) / rel, ec);  // resolves symlinks too
  if (ec || !within(full, root) || !fs::is_directory(full, ec)) {
    return Failure{"include folder '" + path + "' is not a folder inside the problem folder"};
  }
  return "-I" + full.string();
}

std::vector<std::string> default_include_dirs(const std::string& problem_dir) {
  std::vector<std::string> out;
  std::error_code ec;
  const fs::path root = fs::weakly_canonical(problem_dir, ec);
  for (const fs::path& d : {root / "include", root.parent_path() / "include"}) {
    fs::path c = fs::weakly_canonical(d, ec);
    // A link that points elsewhere does not widen what kernels may read.
    if (!ec && fs::is_directory(c, ec) &&
        (within(c, root) || within(c, root.parent_path() / "include")))
      out.push_back(c.string());
  }
  return out;
}

std::vector<std::string> check_includes(const std::string& dir, const std::string& source,
                                        const std::vector<std::string>& include_dirs,
                                        std::vector<std::string>* headers) {
  std::vector<std::string> out;
  std::error_code ec;
  const fs::path root = fs::weakly_canonical(dir, ec);
  // The shared include folder next to the problem folders is readable too, and so is the
  // kernel library (kernel_library.h): only what a problem's `kernels:` folders or a kernels:
  // source reach is ever looked up there.
  std::vector<fs::path> roots{root};
  for (const auto& d : default_include_dirs(dir))
    if (!within(fs::path(d), root)) roots.emplace_back(d);
  const fs::path library = fs::weakly_canonical(kernel_library_dir(), ec);
  const bool have_library = !ec && fs::is_directory(library, ec);
  if (have_library) roots.push_back(library);
  auto allowed = [&](const fs::path& p) {
    return std::any_of(roots.begin(), roots.end(), [&](const fs::path& r) { return within(p, r); });
  };
  std::vector<std::string> dirs = include_dirs;
  for (const auto& d : default_include_dirs(dir))
    if (std::find(dirs.begin(), dirs.end(), d) == dirs.end()) dirs.push_back(d);
  const fs::path source_file = fs::weakly_canonical(fs::path(dir) / source, ec);
  std::set<fs::path> seen;
  std::map<fs::path, fs::path> parent;  // who first included a header (the chain a refusal names)
  std::vector<std::pair<fs::path, int>> todo;
  // Every file in the problem's include folders (its own and the shared one, not the kernel
  // library) is read too: a toolkit header's `#include <cstddef>` finds one there that the
  // source never names, and its directives are NVRTC's as much as the source's.
  // Red team 35: every file NVRTC could open through an include folder is read or the problem
  // is refused. A folder named twice is walked once; an entry that resolves outside the allowed
  // roots (a link to the harness's own headers, found by a toolkit header's `<version>`) is
  // refused, not skipped; and where the walk would stop at its bound it refuses instead.
  std::set<fs::path> walked_dirs, walked_files;
  bool walk_cut = false;
  for (const auto& d : dirs) {
    const fs::path base = fs::weakly_canonical(d, ec);
    if (ec || (have_library && within(base, library)) || !walked_dirs.insert(base).second) continue;
    fs::recursive_directory_iterator it(base, fs::directory_options::skip_permission_denied, ec);
    for (; !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
      std::error_code e2;
      // Red team 37: what is not a folder (walked into) or a regular file (read below) is
      // refused, never skipped: NVRTC's open of a FIFO blocks (bytes from outside the folder
      // reach the compile once someone writes to it), a device or socket is no source, and a
      // link to a folder is not walked (the iterator does not follow it) yet NVRTC would open
      // files through it. Decided on the entry's type (lstat, then stat through a link): nothing
      // is opened here.
      const fs::file_status own = it->symlink_status(e2);
      if (!e2 && fs::is_directory(own)) continue;
      std::error_code e3;
      const fs::file_status target = it->status(e3);
      if (e2 || e3 || !fs::is_regular_file(target)) {
        // Named as listed (fs::relative would follow the link to where it points).
        const fs::path rel = it->path().lexically_relative(root);
        out.push_back((rel.empty() ? it->path() : rel).generic_string() + ": " +
                      not_a_regular_file(own, target) +
                      " in an include folder: NVRTC could open it through the folder (a FIFO "
                      "blocks the compile and brings bytes from outside); only folders and "
                      "regular files may be there");
        continue;
      }
      const fs::path f = fs::weakly_canonical(it->path(), e2);
      if (e2) continue;
      if (!allowed(f)) {
        std::error_code e3;
        out.push_back(fs::relative(it->path(), root, e3).generic_string() +
                      ": a file in an include folder that resolves outside the problem folder (" +
                      f.generic_string() +
                      "): NVRTC could open it through the folder, and nothing checks it");
        continue;
      }
      if (!walked_files.insert(f).second) continue;
      if (walked_files.size() > kMaxIncludeFolderFiles) {
        walk_cut = true;
        break;
      }
      // A name spelled as the standard library spells its headers (no extension: `version`,
      // `cstdint`) is one a toolkit header asks for: where NVRTC's own folders lack it, NVRTC
      // opens this file for the source without the source naming it (red team 37's strace of
      // NVRTC 13.0: `version` and `cstdint`). It is a dependency (depth 1: hashed into the
      // compile key, header_digest), not only checked.
      const bool std_spelled = fs::relative(f, base, e2).extension().empty();
      todo.emplace_back(f, std_spelled ? 1 : -1);
    }
    if (walk_cut) break;
  }
  if (walk_cut)
    out.push_back(source + ": the include folders hold more than " +
                  std::to_string(kMaxIncludeFolderFiles) +
                  " files: past what is checked (every file NVRTC could open there is read)");
  todo.emplace_back(source_file, 0);
  while (!todo.empty() && seen.size() < 256) {
    auto [file, depth] = todo.back();
    todo.pop_back();
    if (!allowed(file) || !seen.insert(file).second) continue;  // never read what is outside
    // A file reached only from the include-folder walk (depth < 0) is checked, not a dependency.
    if (headers && file != source_file && depth >= 0) headers->push_back(file.string());
    std::string label = within(file, root) ? fs::relative(file, root, ec).generic_string()
                        : have_library && within(file, library)
                            ? kLibraryPrefix + fs::relative(file, library, ec).generic_string()
                            : file.generic_string();
    // Through the one checked reader: a FIFO would block an ifstream forever, /dev/zero never
    // ends; kernel sources and headers are capped (kMaxKernelSourceBytes).
    std::string text;
    try {
      text = rules::read_text_file(file.string(), "kernel source", kMaxKernelSourceBytes);
    } catch (const rules::InputError& e) {
      // A source that is no regular file is the loader's to report (check_source).
      if (file == source_file && !fs::is_regular_file(file, ec)) continue;
      const auto& d = e.diagnostics();
      out.push_back(label + ": " + (d.empty() ? std::string("cannot be read") : d[0].message));
      continue;
    }
    // Decided on what a preprocessor would read (splices, comments, digraphs, trigraphs, raw
    // strings), not on the spelling: preprocessor_view.
    const PreprocessorView view = preprocessor_view(text);
    for (const auto& [line, why] : view.refusals)
      out.push_back(label + ":" + std::to_string(line) + ": " + why);
    for (const MacroDirective& m : view.macros)
      if (auto why = toolkit_macro_refusal(m.name, "#" + m.directive))
        out.push_back(label + ":" + std::to_string(m.line) + ": " + *why);
    for (const FileReference& ref : view.references) {
      const std::string& word = ref.construct;
      const bool probe = word.rfind("__has_", 0) == 0;
      const std::string spelled = probe ? word : "#" + word;
      auto bad = [&](const std::string& why) {
        out.push_back(label + ":" + std::to_string(ref.line) + ": " + why);
      };
      if (ref.delimiter == 0) {
        bad(spelled +
            " names its file through a macro: it cannot be checked to stay inside the "
            "problem folder");
        continue;
      }
      const std::string& name = ref.name;
      fs::path p(name);
      if (name.empty() || p.is_absolute() || has_dotdot(p)) {
        bad(spelled + " of '" + name +
            "' leaves the problem folder (absolute paths and '..' "
            "are refused)");
        continue;
      }
      std::vector<fs::path> bases;
      if (word == "include_next") {
        // NVRTC goes on from the folder after the one this file was found in (red team 37: the
        // check resolved it to this file again, and the file NVRTC compiles was neither read
        // as a dependency nor hashed); from a file in no include folder, as #include.
        // A folder named again later is passed over (it would find this file again).
        std::optional<fs::path> in;
        std::size_t from = 0;
        for (std::size_t i = 0; i < dirs.size(); ++i)
          if (within(file, fs::weakly_canonical(dirs[i], ec))) {
            in = fs::weakly_canonical(dirs[i], ec);
            from = i + 1;
            break;
          }
        for (std::size_t i = from; i < dirs.size(); ++i)
          if (!in || fs::weakly_canonical(dirs[i], ec) != *in) bases.emplace_back(dirs[i]);
      } else {
        if (ref.delimiter == '"') bases.push_back(file.parent_path());
        for (const auto& d : dirs) bases.emplace_back(d);
      }
      bool found = false;
      for (const auto& b : bases) {
        fs::path cand = fs::weakly_canonical(b / p, ec);
        if (!ec && fs::is_regular_file(cand, ec)) {
          if (!allowed(cand)) {
            bad(spelled + " of '" + name + "' resolves outside the problem folder (a symlink?)");
          } else if (!probe && std::abs(depth) >= kMaxIncludeDepth) {
            // Red team 34: the walk stops here, so the bound refuses (as the 256-file bound
            // does): a header NVRTC would read and nothing checked, nor hashed (header_digest).
            std::string chain = name;
            int steps = 0;  // first-inclusion links; the cap only guards a malformed map
            for (fs::path at = file; steps++ < 4 * kMaxIncludeDepth; at = parent[at]) {
              chain = (within(at, root) ? fs::relative(at, root, ec).generic_string()
                                        : at.generic_string()) +
                      " -> " + chain;
              if (!parent.count(at)) break;
            }
            bad(spelled + " of '" + name + "' is more than " + std::to_string(kMaxIncludeDepth) +
                " levels of local includes deep, past what is checked and hashed: " + chain);
          } else if (!probe) {
            if (cand != source_file) parent.emplace(cand, file);
            todo.emplace_back(cand, depth < 0 ? depth - 1 : depth + 1);
          }
          found = true;
          break;
        }
      }
      // <name> not in a local folder is the toolkit's header. A quoted name that is not in
      // the folder would be looked up elsewhere (NVRTC's working directory): refused, and a
      // probe of one too, so __has_include answers only about the problem's own files.
      if (!found && ref.delimiter == '"') {
        if (probe)
          bad(word + "(\"" + name +
              "\") probes a name that is not a file in the problem folder (probes answer "
              "only inside it; toolkit headers are probed as <" +
              name + ">)");
        else
          bad("#" + word + " \"" + name +
              "\" is not a file in the problem folder (toolkit headers are "
              "included as <" +
              name + ">)");
      }
    }
  }
  if (!todo.empty() && seen.size() >= 256)
    out.push_back(source + ": more than 256 local headers and include-folder files to check");
  if (headers) std::sort(headers->begin(), headers->end());
  return out;
}

}  // namespace solver::generators
