#include "engine/backend/json_util.h"

#include "rules/yaml_util.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace solver::engine {

using nlohmann::json;

json parse_json_text(const std::string& text, const std::string& file, int line_offset) {
  try {
    return parse_json_strict(text);
  } catch (const DuplicateKey& e) {
    throw rules::InputError(rules::Diagnostic{{file, line_offset > 0 ? line_offset + 1 : 0, 0},
                                              std::string("invalid JSON: ") + e.what()});
  } catch (const json::parse_error& e) {
    // e.byte is 1-based and points just past the offending character.
    std::size_t at = e.byte == 0 ? 0 : std::min<std::size_t>(e.byte - 1, text.size());
    int line = 1, col = 1;
    for (std::size_t i = 0; i < at; ++i) {
      if (text[i] == '\n')
        ++line, col = 1;
      else
        ++col;
    }
    std::string msg = e.what();
    auto pos = msg.find("syntax error");
    if (pos != std::string::npos) msg = msg.substr(pos);
    throw rules::InputError(
        rules::Diagnostic{{file, line + line_offset, col}, "invalid JSON: " + msg});
  } catch (const json::exception& e) {
    // Valid syntax the parser still refuses, e.g. a number beyond double range ("1e400",
    // out_of_range.406). It carries no position; the message quotes the number.
    throw rules::InputError(rules::Diagnostic{{file, line_offset > 0 ? line_offset + 1 : 0, 0},
                                              std::string("invalid JSON: ") + e.what()});
  }
}

void JsonChecker::error(const std::string& pointer, const std::string& message) {
  diags_.error(rules::SourceLocation{where_, line_, 0},
               pointer.empty() ? message : "at " + pointer + ": " + message);
}

bool JsonChecker::object(const json& j, const std::string& pointer) {
  if (j.is_object()) return true;
  error(pointer.empty() ? "/" : pointer, "expected an object, got " + std::string(j.type_name()));
  return false;
}

namespace {
template <class T, class Pred>
std::optional<T> member(JsonChecker& c, const json& j, const std::string& key, bool required,
                        const std::string& pointer, const char* what, Pred ok) {
  auto it = j.find(key);
  if (it == j.end() || it->is_null()) {
    if (required) c.error(pointer + "/" + key, std::string("missing (") + what + ")");
    return std::nullopt;
  }
  if (!ok(*it)) {
    c.error(pointer + "/" + key, std::string("must be ") + what + ", got " + it->dump());
    return std::nullopt;
  }
  return it->template get<T>();
}
}  // namespace

std::optional<std::string> JsonChecker::string(const json& j, const std::string& key, bool required,
                                               const std::string& pointer) {
  return member<std::string>(*this, j, key, required, pointer, "a string",
                             [](const json& v) { return v.is_string(); });
}
std::optional<double> JsonChecker::number(const json& j, const std::string& key, bool required,
                                          const std::string& pointer) {
  return member<double>(*this, j, key, required, pointer, "a number",
                        [](const json& v) { return v.is_number(); });
}
std::optional<bool> JsonChecker::boolean(const json& j, const std::string& key, bool required,
                                         const std::string& pointer) {
  return member<bool>(*this, j, key, required, pointer, "true or false",
                      [](const json& v) { return v.is_boolean(); });
}

std::optional<int64_t> JsonChecker::integer(const json& j, const std::string& key, int64_t lo,
                                            int64_t hi, bool required, const std::string& pointer) {
  auto it = j.find(key);
  if (it == j.end() || it->is_null()) {
    if (required) error(pointer + "/" + key, "missing (an integer)");
    return std::nullopt;
  }
  bool ok = it->is_number_integer() &&
            !(it->is_number_unsigned() && it->get<uint64_t>() > static_cast<uint64_t>(hi)) &&
            it->get<int64_t>() >= lo && it->get<int64_t>() <= hi;
  if (!ok) {
    error(pointer + "/" + key, "must be an integer in [" + std::to_string(lo) + ", " +
                                   std::to_string(hi) + "], got " + it->dump());
    return std::nullopt;
  }
  return it->get<int64_t>();
}

std::optional<uint64_t> JsonChecker::unsigned_integer(const json& j, const std::string& key,
                                                      bool required, const std::string& pointer) {
  auto it = j.find(key);
  if (it == j.end() || it->is_null()) {
    if (required) error(pointer + "/" + key, "missing (a non-negative integer)");
    return std::nullopt;
  }
  if (it->is_number_unsigned()) return it->get<uint64_t>();
  if (it->is_number_integer() && it->get<int64_t>() >= 0) return it->get<int64_t>();
  error(pointer + "/" + key, "must be a non-negative integer, got " + it->dump());
  return std::nullopt;
}

std::optional<double> JsonChecker::measured(const json& j, const std::string& key,
                                            const std::string& pointer) {
  auto it = j.find(key);
  if (it == j.end()) return std::nullopt;
  if (it->is_null()) return std::nan("");
  if (it->is_number()) return it->get<double>();
  error(pointer + "/" + key, "must be a number or null, got " + it->dump());
  return std::nullopt;
}

std::vector<double> JsonChecker::measured_list(const json& j, const std::string& key,
                                               const std::string& pointer) {
  std::vector<double> out;
  auto it = j.find(key);
  if (it == j.end() || it->is_null()) return out;
  if (!it->is_array()) {
    error(pointer + "/" + key, "must be a list of numbers, got " + it->dump());
    return out;
  }
  for (std::size_t i = 0; i < it->size(); ++i) {
    const json& x = (*it)[i];
    if (x.is_null())
      out.push_back(std::nan(""));
    else if (x.is_number())
      out.push_back(x.get<double>());
    else
      error(pointer + "/" + key + "/" + std::to_string(i),
            "must be a number or null, got " + x.dump());
  }
  return out;
}

std::map<std::string, double> JsonChecker::measured_map(const json& j, const std::string& key,
                                                        const std::string& pointer) {
  std::map<std::string, double> out;
  auto it = j.find(key);
  if (it == j.end() || it->is_null()) return out;
  if (!it->is_object()) {
    error(pointer + "/" + key, "must be an object of name -> number, got " + it->dump());
    return out;
  }
  for (const auto& [k, v] : it->items()) {
    if (v.is_null())
      out[k] = std::nan("");
    else if (v.is_number())
      out[k] = v.get<double>();
    else
      error(pointer + "/" + key + "/" + k, "must be a number or null, got " + v.dump());
  }
  return out;
}

std::vector<std::string> JsonChecker::strings(const json& j, const std::string& key,
                                              const std::string& pointer) {
  std::vector<std::string> out;
  auto it = j.find(key);
  if (it == j.end() || it->is_null()) return out;
  if (!it->is_array()) {
    error(pointer + "/" + key, "must be a list of strings, got " + it->dump());
    return out;
  }
  for (const auto& x : *it) {
    if (x.is_string())
      out.push_back(x.get<std::string>());
    else
      error(pointer + "/" + key, "must be a list of strings, got " + x.dump());
  }
  return out;
}

std::map<std::string, std::string> JsonChecker::string_map(const json& j, const std::string& key,
                                                           const std::string& pointer) {
  std::map<std::string, std::string> out;
  auto it = j.find(key);
  if (it == j.end() || it->is_null()) return out;
  if (!it->is_object()) {
    error(pointer + "/" + key, "must be an object of name -> string, got " + it->dump());
    return out;
  }
  for (const auto& [k, v] : it->items()) {
    if (v.is_string())
      out[k] = v.get<std::string>();
    else
      error(pointer + "/" + key + "/" + k, "must be a string, got " + v.dump());
  }
  return out;
}

std::vector<uint64_t> JsonChecker::unsigned_list(const json& j, const std::string& key,
                                                 const std::string& pointer) {
  std::vector<uint64_t> out;
  auto it = j.find(key);
  if (it == j.end() || it->is_null()) return out;
  if (!it->is_array()) {
    error(pointer + "/" + key, "must be a list of integers");
    return out;
  }
  for (const auto& s : *it) {
    if (s.is_number_unsigned())
      out.push_back(s.get<uint64_t>());
    else if (s.is_number_integer() && s.get<int64_t>() >= 0)
      out.push_back(s.get<int64_t>());
    else
      error(pointer + "/" + key, "seed " + s.dump() + " is not a non-negative integer");
  }
  return out;
}

}  // namespace solver::engine
