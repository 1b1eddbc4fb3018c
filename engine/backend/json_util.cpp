#include "engine/backend/json_util.h"

#include "rules/yaml_util.h"

#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace solver::engine {

using nlohmann::json;

json parse_json_text(const std::string& text, const std::string& file, int line_offset) {
  try {
    return json::parse(text);
  } catch (const json::parse_error& e) {
    // e.byte is 1-based and points just past the offending character.
    std::size_t at = e.byte == 0 ? 0 : std::min<std::size_t>(e.byte - 1, text.size());
    int line = 1, col = 1;
    for (std::size_t i = 0; i < at; ++i) {
      if (text[i] == '\n') ++line, col = 1;
      else ++col;
    }
    std::string msg = e.what();
    auto pos = msg.find("syntax error");
    if (pos != std::string::npos) msg = msg.substr(pos);
    throw rules::InputError(rules::Diagnostic{{file, line + line_offset, col}, "invalid JSON: " + msg});
  } catch (const json::exception& e) {
    // Valid syntax the parser still refuses, e.g. a number beyond double range ("1e400",
    // out_of_range.406). It carries no position; the message quotes the number.
    throw rules::InputError(
        rules::Diagnostic{{file, line_offset > 0 ? line_offset + 1 : 0, 0}, std::string("invalid JSON: ") + e.what()});
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

std::optional<std::string> JsonChecker::string(const json& j, const std::string& key,
                                               bool required, const std::string& pointer) {
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

}  // namespace solver::engine
