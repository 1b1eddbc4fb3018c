#include "rules/names.h"

#include <cstdint>
#include <cstdio>

namespace solver::rules {

namespace {

// Length of the valid UTF-8 sequence starting at s[i], or 0 when it is not one.
std::size_t utf8_length(std::string_view s, std::size_t i) {
  const auto b = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned char c = b(i);
  if (c < 0x80) return 1;
  std::size_t n;
  std::uint32_t cp;
  if (c >= 0xC2 && c <= 0xDF) {
    n = 2, cp = c & 0x1F;
  } else if (c >= 0xE0 && c <= 0xEF) {
    n = 3, cp = c & 0x0F;
  } else if (c >= 0xF0 && c <= 0xF4) {
    n = 4, cp = c & 0x07;
  } else {
    return 0;  // a continuation byte, C0/C1 (overlong) or F5..FF
  }
  if (i + n > s.size()) return 0;
  for (std::size_t k = 1; k < n; ++k) {
    if ((b(i + k) & 0xC0) != 0x80) return 0;
    cp = (cp << 6) | (b(i + k) & 0x3F);
  }
  if ((n == 3 && cp < 0x800) || (n == 4 && cp < 0x10000) || cp > 0x10FFFF ||
      (cp >= 0xD800 && cp <= 0xDFFF))
    return 0;  // overlong, beyond Unicode, or a UTF-16 surrogate
  return n;
}

bool is_control(std::string_view s, std::size_t i, std::size_t n) {
  const auto c = static_cast<unsigned char>(s[i]);
  if (n == 1) return c < 0x20 || c == 0x7F;
  // C1 controls U+0080..U+009F are C2 80..C2 9F.
  return n == 2 && c == 0xC2 && static_cast<unsigned char>(s[i + 1]) < 0xA0;
}

// The code point of the valid n-byte UTF-8 sequence at s[i].
std::uint32_t code_point(std::string_view s, std::size_t i, std::size_t n) {
  const auto b = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
  if (n == 1) return b(i);
  std::uint32_t cp = b(i) & (n == 2 ? 0x1F : n == 3 ? 0x0F : 0x07);
  for (std::size_t k = 1; k < n; ++k) cp = (cp << 6) | (b(i + k) & 0x3F);
  return cp;
}

// Characters that print as nothing or reorder the text around them: soft hyphen, Arabic letter
// mark, Mongolian vowel separator, zero-width space/joiners, the direction marks, embeddings
// and overrides, word joiner and invisible operators, the direction isolates, and the byte
// order mark. In a name they make two ids that look the same differ (a rule id and its copy
// with a U+200B pass the duplicate check) or make a name display as another ("Trojan Source").
bool invisible_or_bidi(std::uint32_t cp) {
  return cp == 0xAD || cp == 0x61C || cp == 0x180E || (cp >= 0x200B && cp <= 0x200F) ||
         (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2060 && cp <= 0x2064) ||
         (cp >= 0x2066 && cp <= 0x2069) || cp == 0xFEFF;
}

}  // namespace

std::optional<std::size_t> first_invalid_utf8(std::string_view s) {
  for (std::size_t i = 0; i < s.size();) {
    std::size_t n = utf8_length(s, i);
    if (n == 0) return i;
    i += n;
  }
  return std::nullopt;
}

std::optional<std::string> name_problem(std::string_view s, std::size_t max_bytes) {
  if (s.empty()) return "is empty";
  if (s.size() > max_bytes)
    return "is " + std::to_string(s.size()) + " bytes long (at most " + std::to_string(max_bytes) +
           ")";
  for (std::size_t i = 0; i < s.size();) {
    std::size_t n = utf8_length(s, i);
    if (n == 0) return "is not valid UTF-8 (byte " + std::to_string(i + 1) + ")";
    if (is_control(s, i, n))
      return "holds a control character (byte " + std::to_string(i + 1) + ")";
    if (n > 1 && invisible_or_bidi(code_point(s, i, n))) {
      char cp[16];
      std::snprintf(cp, sizeof cp, "U+%04X", static_cast<unsigned>(code_point(s, i, n)));
      return "holds an invisible or text-direction character (" + std::string(cp) + " at byte " +
             std::to_string(i + 1) + ")";
    }
    i += n;
  }
  return std::nullopt;
}

std::optional<std::string> text_problem(std::string_view s) {
  for (std::size_t i = 0; i < s.size();) {
    std::size_t n = utf8_length(s, i);
    if (n == 0) return "is not valid UTF-8 (byte " + std::to_string(i + 1) + ")";
    const char c = s[i];
    if (is_control(s, i, n) && c != '\t' && c != '\n' && c != '\r')
      return "holds a control character (byte " + std::to_string(i + 1) + ")";
    i += n;
  }
  return std::nullopt;
}

std::string printable(std::string_view s, std::size_t max_bytes) {
  std::string out;
  std::size_t i = 0;
  while (i < s.size() && out.size() < max_bytes) {
    std::size_t n = utf8_length(s, i);
    if (n == 0 || is_control(s, i, n)) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02X", static_cast<unsigned char>(s[i]));
      out += buf;
      i += 1;
    } else if (n > 1 && invisible_or_bidi(code_point(s, i, n))) {
      char buf[16];
      std::snprintf(buf, sizeof buf, "<U+%04X>", static_cast<unsigned>(code_point(s, i, n)));
      out += buf;
      i += n;
    } else {
      out.append(s.substr(i, n));
      i += n;
    }
  }
  if (i < s.size()) out += "...";
  return out;
}

}  // namespace solver::rules
