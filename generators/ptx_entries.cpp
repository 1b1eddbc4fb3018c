#include "generators/ptx_entries.h"

#include "generators/ptx_inline_calls.h"
#include "generators/ptx_scan.h"

namespace solver::generators {
namespace {

std::vector<std::string> param_names(std::string_view clean, std::size_t entry_at) {
  auto open = clean.find('(', entry_at), close = clean.find(')', entry_at);
  auto brace = clean.find('{', entry_at);
  if (open == std::string_view::npos || close == std::string_view::npos || open > brace) return {};
  return ptx_decl_names(clean.substr(open + 1, close - open - 1));
}

}  // namespace

std::vector<PtxEntry> ptx_entries(std::string_view all) {
  std::vector<PtxEntry> entries;
  for (std::size_t from = 0; (from = all.find(".entry", from)) != std::string_view::npos;) {
    std::size_t name_at = all.find_first_not_of(" \t\r\n", from + 6);
    from += 6;
    if (name_at == std::string_view::npos) break;
    std::string name(all.substr(name_at, all.find_first_of(" \t\r\n(", name_at) - name_at));
    PtxEntry e{name, ptx_entry_body(all, name), param_names(all, name_at), nullptr};
    if (e.body.find("call") != std::string_view::npos) {
      std::string view = inline_calls(all, e.body, e.names);
      if (view != e.body) {
        e.inlined = std::make_shared<const std::string>(std::move(view));
        e.body = *e.inlined;
      }
    }
    entries.push_back(std::move(e));
  }
  return entries;
}

}  // namespace solver::generators
