// Content hashes for rules, sources, ledgers and the NVRTC cache (SHA-256 from OpenSSL).
#pragma once
#include <string>
#include <string_view>

namespace solver::rules {

std::string sha256_hex(std::string_view data);  // 64 lowercase hex digits
// HMAC-SHA256 of `data` under `key` (OpenSSL), 64 lowercase hex digits: the keyed signature of
// a run directory (engine/run_seal.h).
std::string hmac_sha256_hex(std::string_view key, std::string_view data);
// Compares two strings in time independent of where they differ (for signatures).
bool equal_in_constant_time(std::string_view a, std::string_view b);
inline std::string short_hash(std::string_view data) { return sha256_hex(data).substr(0, 16); }

}  // namespace solver::rules
