// Keyed hashes (HMAC-SHA256 from OpenSSL): the signature of a run directory
// (engine/run/run_seal.h). Beside rules/hash.h, which holds the unkeyed content hashes.
#pragma once
#include <string>
#include <string_view>

namespace solver::rules {

// HMAC-SHA256 of `data` under `key`, 64 lowercase hex digits.
std::string hmac_sha256_hex(std::string_view key, std::string_view data);
// Compares two strings in time independent of where they differ (for signatures).
bool equal_in_constant_time(std::string_view a, std::string_view b);

}  // namespace solver::rules
