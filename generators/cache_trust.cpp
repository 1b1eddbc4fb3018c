// Whom the caches on disk believe (cache_trust.h): the folder's owner and mode, the key file, the
// entries' HMAC seal.
#include "generators/cache_trust.h"

#include <fcntl.h>
#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <map>
#include <mutex>
#include <string>

#include "rules/hash.h"

namespace solver::generators {

namespace fs = std::filesystem;

namespace {

std::mutex& trust_mutex() {
  static std::mutex m;
  return m;
}

std::string octal_mode(mode_t m) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%04o", static_cast<unsigned>(m & 07777));
  return buf;
}

// Why a folder cannot be used, "" where it can (absent: made 0700 first).
std::string judge_dir(const std::string& dir) {
  struct stat st {};
  if (::stat(dir.c_str(), &st) != 0) {
    std::error_code ec;
    const fs::path parent = fs::path(dir).parent_path();
    if (!parent.empty()) fs::create_directories(parent, ec);
    if (::mkdir(dir.c_str(), 0700) != 0 && errno != EEXIST)
      return "it cannot be made (" + std::string(std::strerror(errno)) + ")";
    if (::stat(dir.c_str(), &st) != 0) return "it cannot be read";
  }
  if (!S_ISDIR(st.st_mode)) return "it is not a folder";
  if (st.st_uid != ::geteuid())
    return "it is owned by uid " + std::to_string(st.st_uid) + ", not by this user (uid " +
           std::to_string(::geteuid()) + ")";
  if (st.st_mode & (S_IWGRP | S_IWOTH))
    return "it is writable by group or others (mode " + octal_mode(st.st_mode) + ")";
  return {};
}

struct KeyState {
  std::optional<std::string> key;
  std::string why;  // where there is none
};

std::string home_dir() {
  if (const char* h = std::getenv("HOME"); h && *h) return h;
  if (const passwd* pw = ::getpwuid(::geteuid()); pw && pw->pw_dir && *pw->pw_dir)
    return pw->pw_dir;
  return {};
}

// The key file's text (64 hex digits), or why there is none. Refused unless a regular file of
// this user's, unreadable by group and others.
KeyState read_key(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0) return {std::nullopt, "it cannot be opened (" + std::string(std::strerror(errno)) + ")"};
  struct stat st {};
  std::string text(128, '\0');
  ssize_t n = -1;
  if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode)) n = ::read(fd, text.data(), text.size());
  ::close(fd);
  if (!S_ISREG(st.st_mode)) return {std::nullopt, "it is not a regular file"};
  if (st.st_uid != ::geteuid()) return {std::nullopt, "it is not this user's"};
  if (st.st_mode & 077)
    return {std::nullopt, "group or others may read or write it (mode " + octal_mode(st.st_mode) +
                              "; chmod 600)"};
  text.resize(n > 0 ? static_cast<std::size_t>(n) : 0);
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
  if (text.size() != 64 || text.find_first_not_of("0123456789abcdef") != std::string::npos)
    return {std::nullopt, "it is not 64 hex digits"};
  return {text, {}};
}

// Makes the key file (0600, 32 random bytes as hex) where it is absent: written under a
// temporary name and linked to its name, so two processes agree on one key.
void make_key(const std::string& path) {
  std::error_code ec;
  fs::create_directories(fs::path(path).parent_path(), ec);
  unsigned char raw[32];
  FILE* r = std::fopen("/dev/urandom", "rb");
  const bool got = r && std::fread(raw, 1, sizeof raw, r) == sizeof raw;
  if (r) std::fclose(r);
  if (!got) return;
  static const char* hex = "0123456789abcdef";
  std::string text;
  for (unsigned char c : raw) {
    text += hex[c >> 4];
    text += hex[c & 15];
  }
  text += '\n';
  const std::string tmp = path + ".tmp." + std::to_string(::getpid());
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (fd < 0) return;
  const bool wrote = ::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
  ::close(fd);
  if (wrote) (void)::link(tmp.c_str(), path.c_str());  // EEXIST: another process's key stands
  ::unlink(tmp.c_str());
}

const KeyState& user_key() {
  static std::map<std::string, KeyState> known;  // by path (a test may name another)
  const std::string path = cache_key_path();
  auto it = known.find(path);
  if (it != known.end()) return it->second;
  KeyState s;
  if (path.empty()) {
    s.why = "no key file can be named (SOLVER_CACHE_KEY, XDG_CONFIG_HOME and HOME unset)";
  } else {
    struct stat st {};
    if (::lstat(path.c_str(), &st) != 0) make_key(path);
    s = read_key(path);
    if (!s.key) s.why = "the cache key " + path + " is not used: " + s.why;
  }
  if (!s.key)
    std::fprintf(stderr, "solver: warning: %s; running without the caches on disk\n",
                 s.why.c_str());
  return known.emplace(path, s).first->second;
}

}  // namespace

std::string cache_key_path() {
  if (const char* k = std::getenv("SOLVER_CACHE_KEY"); k && *k) return k;
  if (const char* x = std::getenv("XDG_CONFIG_HOME"); x && *x)
    return (fs::path(x) / "solver" / "cache.key").string();
  const std::string home = home_dir();
  if (home.empty()) return {};
  return (fs::path(home) / ".config" / "solver" / "cache.key").string();
}

std::string cache_dir_refusal(const std::string& dir) {
  if (dir.empty()) return "no folder";
  static std::map<std::string, std::string> known;  // one stat a folder a process
  std::lock_guard<std::mutex> held(trust_mutex());
  auto it = known.find(dir);
  if (it != known.end()) return it->second;
  const std::string why = judge_dir(dir);
  if (!why.empty())
    std::fprintf(stderr,
                 "solver: warning: cache folder %s is not used: %s; running without it (name a "
                 "folder of your own with SOLVER_CACHE_DIR or --cache-dir)\n",
                 dir.c_str(), why.c_str());
  return known.emplace(dir, why).first->second;
}

std::string trusted_cache_dir(const std::string& dir) {
  return cache_dir_refusal(dir).empty() ? dir : std::string();
}

std::optional<std::string> cache_seal(std::string_view data) {
  std::lock_guard<std::mutex> held(trust_mutex());
  const KeyState& k = user_key();
  if (!k.key) return std::nullopt;
  return rules::hmac_sha256_hex(*k.key, data);
}

bool cache_seal_matches(std::string_view data, std::string_view seal) {
  const std::optional<std::string> want = cache_seal(data);
  return want && rules::equal_in_constant_time(*want, seal);
}

}  // namespace solver::generators
