// The one JSON parse of every JSON input (signal files, generator answers, generated indexes,
// ledgers, recordings, manifests, worker replies): nlohmann's, but a key given twice in one
// object is refused. nlohmann keeps the last one silently, so an edited or concatenated file
// could hide a value (YAML inputs refuse a repeated key the same way: rules/yaml_util.h).
#pragma once
#include <stdexcept>
#include <string>

#include <nlohmann/json.hpp>

namespace solver::rules {

// Thrown for a repeated key; the message names the key and the object's JSON pointer.
struct DuplicateKey : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Throws nlohmann::json::exception for a syntax error and DuplicateKey for a repeat.
nlohmann::json parse_json_strict(const std::string& text);

}  // namespace solver::rules
