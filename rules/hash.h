// Content hashes for rules, sources, ledgers and the NVRTC cache (SHA-256 from OpenSSL).
#pragma once
#include <string>
#include <string_view>

namespace solver::rules {

std::string sha256_hex(std::string_view data);  // 64 lowercase hex digits
inline std::string short_hash(std::string_view data) { return sha256_hex(data).substr(0, 16); }
// HMAC-SHA256 of `data` under `key` (64 lowercase hex digits): the cache entries' seal
// (generators/cache_trust.h).
std::string hmac_sha256_hex(std::string_view key, std::string_view data);
// Whether two texts are equal, in time that does not depend on where they differ.
bool equal_in_constant_time(std::string_view a, std::string_view b);

}  // namespace solver::rules
