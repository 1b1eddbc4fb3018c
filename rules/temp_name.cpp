#include "rules/temp_name.h"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cctype>

namespace solver::rules {

namespace {
constexpr std::string_view kMark = ".tmp";

bool all_digits(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) {
    return std::isdigit(static_cast<unsigned char>(c));
  });
}
}  // namespace

std::string temp_name_for(const std::string& path) {
  static std::atomic<unsigned> counter{0};
  return path + std::string(kMark) + "." + std::to_string(::getpid()) + "." +
         std::to_string(counter++);
}

bool is_temp_name(std::string_view name) {
  // The older form: "<name>.tmp".
  if (name.size() > kMark.size() && name.substr(name.size() - kMark.size()) == kMark) return true;
  // "<name>.tmp.<pid>.<n>"
  std::size_t last = name.rfind('.');
  if (last == std::string_view::npos || !all_digits(name.substr(last + 1))) return false;
  std::size_t pid = name.rfind('.', last - 1);
  if (pid == std::string_view::npos || pid == 0 ||
      !all_digits(name.substr(pid + 1, last - pid - 1)))
    return false;
  return pid > kMark.size() && name.substr(pid - kMark.size(), kMark.size()) == kMark;
}

}  // namespace solver::rules
