// What a C++ preprocessor would take for a file-naming construct in a kernel source, read
// after translation phases 1-3 (trigraphs, line splices, comments, digraphs, raw strings),
// not by the spelling on the page. The include confinement (source_confinement) decides on
// this view, so `%:include`, `# /*c*/ include`, `#inc\<newline>lude` and `??=include` are the
// directives they are, and every `__has_include` probe is seen with its argument.
//
// The view is a superset: where two preprocessors could read a source differently (trigraphs
// on or off with --std=c++11, digit separators, CR as a line end, `\ <newline>`), every
// reading is taken and their findings are merged, so a construct hidden under one reading is
// still seen. Anything that could name a file without being a literal the check can read is
// reported as refused (a macro-named include, a pasted `__has_include`, a splice inside a
// raw string).
#pragma once
#include <string>
#include <vector>

namespace solver::generators {

struct FileReference {
  int line = 0;           // 1-based line of the original text where the construct starts
  std::string construct;  // "include", "include_next", "import", "embed", "__has_include", ...
  char delimiter = 0;     // '"' or '<' for a literal name; 0 when the name is not a literal
  std::string name;       // the literal name between the delimiters
  bool operator==(const FileReference& o) const {
    return line == o.line && construct == o.construct && delimiter == o.delimiter && name == o.name;
  }
};

// A `#define NAME` or `#undef NAME` directive (toolkit_include_macros: a macro a toolkit header
// names its include file through must not be changed by a problem's own files).
struct MacroDirective {
  int line = 0;           // 1-based line of the original text where the directive starts
  std::string directive;  // "define" or "undef"
  std::string name;
  bool operator==(const MacroDirective& o) const {
    return line == o.line && directive == o.directive && name == o.name;
  }
};

struct PreprocessorView {
  std::vector<FileReference> references;              // sorted by line, no duplicates
  std::vector<MacroDirective> macros;                 // sorted by line, no duplicates
  std::vector<std::pair<int, std::string>> refusals;  // (line, why), sorted, no duplicates
};

// Every file-naming construct of `text` under every reading (see above).
PreprocessorView preprocessor_view(const std::string& text);

}  // namespace solver::generators
