#include "engine/backend/gpu/driver_version.h"

#include <cctype>
#include <fstream>
#include <sstream>

namespace solver::gpu {

namespace {
bool version_word(std::string_view w) {
  if (w.empty() || !std::isdigit(static_cast<unsigned char>(w.front())) ||
      !std::isdigit(static_cast<unsigned char>(w.back())) || w.find('.') == std::string_view::npos)
    return false;
  for (char c : w)
    if (!std::isdigit(static_cast<unsigned char>(c)) && c != '.') return false;
  return true;
}
}  // namespace

std::string driver_version_from_proc(std::string_view text) {
  std::size_t at = text.find("NVRM version:");
  if (at == std::string_view::npos) return "";
  std::string_view line = text.substr(at);
  line = line.substr(0, line.find('\n'));
  std::istringstream words{std::string(line)};
  for (std::string w; words >> w;)
    if (version_word(w)) return w;
  return "";
}

std::string read_driver_version(const std::string& path) {
  std::ifstream in(path);
  if (!in) return "";
  std::string head(4096, '\0');
  in.read(head.data(), static_cast<std::streamsize>(head.size()));
  head.resize(static_cast<std::size_t>(in.gcount()));
  return driver_version_from_proc(head);
}

}  // namespace solver::gpu
