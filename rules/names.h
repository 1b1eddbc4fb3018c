// Names, ids and paths that end up in JSON, YAML and HTML (rule ids, problem, variant and knob
// names, file names in problem folders, --out/--rules paths): valid UTF-8 without control
// characters (NUL included), of bounded length. Checked when the input is loaded, so a name
// that a JSON writer could not encode never reaches a run (issue 27, items 5 and 8).
#pragma once
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace solver::rules {

// Rule ids, hypothesis ids, problem, variant and knob names.
inline constexpr std::size_t kMaxIdBytes = 128;
// Paths given on the command line and file names inside problem folders.
inline constexpr std::size_t kMaxPathBytes = 4096;

// Byte offset of the first byte that is not part of valid UTF-8 (overlong forms, surrogates
// and code points above U+10FFFF are invalid), or nullopt when all of `s` is valid.
std::optional<std::size_t> first_invalid_utf8(std::string_view s);

// Why `s` cannot be a name: empty, longer than `max_bytes`, invalid UTF-8, or holding a
// control character (C0, DEL or C1) or an invisible or text-direction character (zero-width
// space and joiners, direction marks, embeddings, overrides and isolates, soft hyphen, BOM:
// two ids that print the same must be the same id). nullopt when it is fine. The text never quotes the
// offending bytes themselves, only their offset, so it is itself safe to print and encode.
std::optional<std::string> name_problem(std::string_view s, std::size_t max_bytes = kMaxIdBytes);

// Why free text (a rationale, a description, any YAML scalar) cannot be taken: invalid UTF-8 or
// a control character other than tab, newline and carriage return. No length cap.
std::optional<std::string> text_problem(std::string_view s);

// `s` with every byte that name_problem would refuse written as \xNN (an invisible or
// text-direction character as <U+XXXX>), cut to `max_bytes`
// (with "..."): for quoting untrusted text in a message.
std::string printable(std::string_view s, std::size_t max_bytes = 80);

}  // namespace solver::rules
