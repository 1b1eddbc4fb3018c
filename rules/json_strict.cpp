#include "rules/json_strict.h"

#include <algorithm>
#include <vector>

namespace solver::rules {

using nlohmann::json;

json parse_json_strict(const std::string& text) {
  // One frame per open object or array; an object's frame holds the keys seen so far and its
  // path (for the message: the repeated key is named with where it stands).
  struct Frame {
    bool object;
    std::vector<std::string> keys;
    std::string path;
  };
  std::vector<Frame> stack;
  std::string pending_key;
  auto child_path = [&] {
    if (stack.empty()) return std::string();
    return stack.back().path + "/" + (stack.back().object ? pending_key : "-");
  };
  json::parser_callback_t check = [&](int, json::parse_event_t event, json& parsed) {
    switch (event) {
      case json::parse_event_t::object_start:
      case json::parse_event_t::array_start:
        stack.push_back(Frame{event == json::parse_event_t::object_start, {}, child_path()});
        break;
      case json::parse_event_t::object_end:
      case json::parse_event_t::array_end:
        if (!stack.empty()) stack.pop_back();
        break;
      case json::parse_event_t::key: {
        pending_key = parsed.get<std::string>();
        auto& keys = stack.back().keys;
        if (std::find(keys.begin(), keys.end(), pending_key) != keys.end())
          throw DuplicateKey("duplicate key '" + pending_key + "' in the object at " +
                             (stack.back().path.empty() ? "/" : stack.back().path));
        keys.push_back(pending_key);
        break;
      }
      case json::parse_event_t::value:
        break;
    }
    return true;
  };
  return json::parse(text, check);
}

}  // namespace solver::rules
