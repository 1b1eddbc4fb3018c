// Content hashes for rules, sources, ledgers and the NVRTC cache (SHA-256 from OpenSSL).
#pragma once
#include <string>
#include <string_view>

namespace solver::rules {

std::string sha256_hex(std::string_view data);  // 64 lowercase hex digits
inline std::string short_hash(std::string_view data) { return sha256_hex(data).substr(0, 16); }

}  // namespace solver::rules
