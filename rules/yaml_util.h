// Small helpers every YAML loader (rules.yaml, chips.yaml, problem.yaml) shares, so that all
// of them report bad input the same way: every problem of a file collected as a located
// Diagnostic (file:line:column, 1-based), never a yaml-cpp exception escaping to the user.
//
// Getters follow one convention: they look up `key` in the map `node`, record a diagnostic
// (and return nullopt) when the key is required but absent, or present with the wrong type;
// an absent optional key, or one with an explicit null value (`key:` or `key: ~`), returns
// nullopt silently. They never throw. A `node` that is not a map yields nullopt without a
// diagnostic: check it once with expect_map().
#pragma once
#include <cstddef>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <yaml-cpp/yaml.h>

#include "rules/diagnostics.h"
#include "rules/expression.h"

namespace solver::rules {

// The largest YAML input (rules, chips, problem.yaml) read.
inline constexpr std::size_t kMaxYamlBytes = std::size_t{16} << 20;

// Reads and parses a YAML file. Every map must hold each key once and the file one document:
// both are refused with a located error (the duplicate names the first key's line). The text
// must be valid UTF-8 without control characters (tab, newline and CR aside), and so must every
// scalar after its escapes are resolved (`"\0"` is a NUL): refused at the first offending byte. Throws
// InputError (located) if the file cannot be read or is not valid YAML. If `source` is given it
// receives the file's text (for scalar_text_origin).
YAML::Node load_yaml_file(const std::string& path, std::string* source = nullptr);
// Same for text held in memory; `file` is the name used in diagnostics.
YAML::Node load_yaml_string(std::string_view text, const std::string& file);

// Where a node starts (yaml-cpp's 0-based Mark made 1-based). Unknown (0:0) for an invalid
// or synthesised node.
SourceLocation location_of(const YAML::Node& node, const std::string& file);

// Where the first character of a scalar's *text* is, so that an expression error points at
// the offending token: origin + token column - 1. yaml-cpp marks a quoted scalar at its
// quote, so one column is added for quoted scalars.
// Limitations: without `source` a block scalar (`|` / `>`) cannot be told from a quoted one
// (yaml-cpp tags both "!"); pass the file text to get the first line of a block scalar right.
// For a scalar folded over several lines (plain multi-line, `>` or `|`) columns are exact
// only on its first line; errors further on are reported as if the text were one line.
SourceLocation scalar_text_origin(const YAML::Node& scalar, const std::string& file);
SourceLocation scalar_text_origin(const YAML::Node& scalar, const std::string& file,
                                  std::string_view source);

// Records an error unless `node` is a map. `what` names it in the message ("rule", "chip").
bool expect_map(const YAML::Node& node, std::string_view what, const std::string& file,
                Diagnostics& diags);
bool expect_sequence(const YAML::Node& node, std::string_view what, const std::string& file,
                     Diagnostics& diags);

// Reports every key of map `node` not in `allowed` (with a "did you mean" hint when one is
// close) and every duplicated key. Returns true if all keys were fine.
bool check_keys(const YAML::Node& node, std::initializer_list<std::string_view> allowed,
                const std::string& file, Diagnostics& diags);
bool check_keys(const YAML::Node& node, const std::vector<std::string>& allowed,
                const std::string& file, Diagnostics& diags);

std::optional<std::string> get_string(const YAML::Node& node, std::string_view key,
                                      const std::string& file, Diagnostics& diags,
                                      bool required = false);
// A name or id (rule id, variant id, problem name): a string that is valid UTF-8 without control
// characters and at most kMaxIdBytes long (rules/names.h), or a located error naming `what`.
std::optional<std::string> get_id(const YAML::Node& node, std::string_view key,
                                  const std::string& file, Diagnostics& diags,
                                  std::string_view what, bool required = false);
// An integer scalar ("64", "-3"; not "3.5", not "1e3").
std::optional<long long> get_int(const YAML::Node& node, std::string_view key,
                                 const std::string& file, Diagnostics& diags,
                                 bool required = false);
// A finite number ("0.5", "1e-3", "64"; not ".inf", not ".nan").
std::optional<double> get_double(const YAML::Node& node, std::string_view key,
                                 const std::string& file, Diagnostics& diags,
                                 bool required = false);
// "true"/"false" (and YAML 1.1's yes/no/on/off, as yaml-cpp reads them).
std::optional<bool> get_bool(const YAML::Node& node, std::string_view key, const std::string& file,
                             Diagnostics& diags, bool required = false);
// A sequence of scalars (`[a, b]` or a block list). A single scalar is an error, not a list.
std::optional<std::vector<std::string>> get_string_list(const YAML::Node& node,
                                                        std::string_view key,
                                                        const std::string& file, Diagnostics& diags,
                                                        bool required = false);

// Parses the scalar at `key` as an expression, errors located inside the YAML file. A number
// or boolean written in YAML (`when: true`, `size: 1024`) is parsed as expression text too.
// `source` (the file's text, optional) makes block scalars (`when: |`) locate exactly.
std::optional<Expression> get_expression(const YAML::Node& node, std::string_view key,
                                         const std::string& file, const Resolver& resolve,
                                         Diagnostics& diags,
                                         std::optional<ValueType> expect = std::nullopt,
                                         bool required = false, std::string_view source = {});
// Same for a scalar node already in hand (e.g. an element of a `shape: [M, K]` list).
std::optional<Expression> parse_scalar_expression(const YAML::Node& scalar, const std::string& file,
                                                  const Resolver& resolve, Diagnostics& diags,
                                                  std::optional<ValueType> expect = std::nullopt,
                                                  std::string_view source = {});

}  // namespace solver::rules
