#include "generators/ptx_run_together.h"

#include <cctype>

namespace solver::generators {

namespace {

bool ident_char(char c, bool first) {
  return std::isalpha(static_cast<unsigned char>(c)) || c == '_' || c == '$' || c == '%' ||
         (!first && std::isdigit(static_cast<unsigned char>(c)));
}

}  // namespace

bool starts_with_label(std::string_view raw) {
  std::size_t i = 0;
  while (i < raw.size() &&
         (std::isspace(static_cast<unsigned char>(raw[i])) || raw[i] == '{' || raw[i] == '}'))
    ++i;
  const std::size_t start = i;
  while (i < raw.size() && ident_char(raw[i], i == start)) ++i;
  if (i == start) return false;
  while (i < raw.size() && std::isspace(static_cast<unsigned char>(raw[i]))) ++i;
  return i < raw.size() && raw[i] == ':' && (i + 1 == raw.size() || raw[i + 1] != ':');
}

void RunTogether::entry() {
  ++block_;
  label_pending_ = false;
  writes_.clear();
}

void RunTogether::statement(std::string_view raw, const taint::Insn* in) {
  // A label anywhere before the statement's own text starts a block (a label may stand alone,
  // before a directive, or head the statement it names).
  std::string_view rest = raw;
  while (starts_with_label(rest)) {
    label_pending_ = true;
    rest.remove_prefix(rest.find(':') + 1);
  }
  if (!in) return;
  if (label_pending_) ++block_, label_pending_ = false;
  std::string g;
  if (!in->text.empty() && in->text.front() == '@' && !in->srcs.empty()) {
    const bool neg = in->text.find('!') < in->text.find(in->srcs.front());
    g = (neg ? "!" : "") + in->srcs.front() + "#" + std::to_string(writes_[in->srcs.front()]);
  }
  std::string at;
  if (in->kind != taint::Kind::Other && in->kind != taint::Kind::ParamLoad) {
    for (const auto& r : in->addr) at += r + "#" + std::to_string(writes_[r]) + ",";
    for (const auto& y : in->addr_syms) at += y + ",";
  }
  block_of_.push_back(block_);
  guard_.push_back(std::move(g));
  address_.push_back(std::move(at));
  for (const auto& d : in->dests) ++writes_[d];
  const std::string_view head = in->parts.empty() ? std::string_view() : in->parts.front();
  // A call ends a block too: the callee may exit or trap, and a store after it then never runs.
  if (head == "bra" || head == "brx" || head == "ret" || head == "exit" || head == "trap" ||
      head == "brkpt" || head == "call")
    ++block_;
}

bool RunTogether::together(long a, long b) const {
  if (a < 0 || b < 0 || std::size_t(a) >= block_of_.size() || std::size_t(b) >= block_of_.size())
    return false;
  if (block_of_[std::size_t(a)] != block_of_[std::size_t(b)]) return false;
  const std::string& gb = guard_[std::size_t(b)];
  return gb.empty() || gb == guard_[std::size_t(a)];
}

std::string RunTogether::run_key(long i, bool guarded, bool beside) const {
  const auto k = std::size_t(i);
  return std::to_string(block_of_[k]) + "|" + (guarded ? guard_[k] : std::string()) +
         (beside ? "|" + address_[k] : std::string());
}

bool RunTogether::beside(long a, long b) const {
  return together(a, b) && !address_[std::size_t(a)].empty() &&
         address_[std::size_t(a)] == address_[std::size_t(b)];
}

}  // namespace solver::generators
