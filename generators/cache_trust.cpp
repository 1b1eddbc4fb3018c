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
#include <set>
#include <string>

#include "rules/hash.h"
#include "rules/text_file_at.h"

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

// A folder's verdict: the descriptor every entry is read and written through (-1 where the
// folder is refused) and why it is refused.
struct Folder {
  int fd = -1;
  std::string why;
};

// Opens the folder (made 0700 first where absent) and judges the folder it opened (fstat on the
// descriptor), which is then the one used for the process's life: every entry goes through it
// (openat), so the folder checked is the folder used. A path whose link is retargeted, or whose
// parent is renamed, after the check (a fixed name in /tmp made by another user as a link to a
// folder of this user's, then pointed at theirs) redirects nothing.
Folder judge_dir(const std::string& dir) {
  struct stat st {};
  if (::stat(dir.c_str(), &st) != 0) {
    std::error_code ec;
    const fs::path parent = fs::path(dir).parent_path();
    if (!parent.empty()) fs::create_directories(parent, ec);
    if (::mkdir(dir.c_str(), 0700) != 0 && errno != EEXIST)
      return {-1, "it cannot be made (" + std::string(std::strerror(errno)) + ")"};
  }
  const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0)
    return {-1, errno == ENOTDIR
                    ? "it is not a folder"
                    : "it cannot be opened (" + std::string(std::strerror(errno)) + ")"};
  std::string why;
  if (::fstat(fd, &st) != 0)
    why = "it cannot be read";
  else if (!S_ISDIR(st.st_mode))
    why = "it is not a folder";
  else if (st.st_uid != ::geteuid())
    why = "it is owned by uid " + std::to_string(st.st_uid) + ", not by this user (uid " +
          std::to_string(::geteuid()) + ")";
  else if (st.st_mode & (S_IWGRP | S_IWOTH))
    why = "it is writable by group or others (mode " + octal_mode(st.st_mode) + ")";
  if (!why.empty()) {
    ::close(fd);
    return {-1, why};
  }
  return {fd, {}};
}

// The verdict on `dir`, judged once a process (said once on stderr where refused).
const Folder& folder(const std::string& dir) {
  static std::map<std::string, Folder> known;
  std::lock_guard<std::mutex> held(trust_mutex());
  auto it = known.find(dir);
  if (it != known.end()) return it->second;
  Folder f = judge_dir(dir);
  if (!f.why.empty())
    std::fprintf(stderr,
                 "solver: warning: cache folder %s is not used: %s; running without it (name a "
                 "folder of your own with SOLVER_CACHE_DIR or --cache-dir)\n",
                 dir.c_str(), f.why.c_str());
  return known.emplace(dir, std::move(f)).first->second;
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
  if (fd < 0)
    return {std::nullopt, "it cannot be opened (" + std::string(std::strerror(errno)) + ")"};
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
// temporary name, synced, and linked to its name, so two processes agree on one key and a crash
// never leaves a short key behind (one would turn the caches off until removed by hand). "" when
// made (or another process's stands), else why not: the warning says that, not only that the
// file cannot be opened afterwards (an unwritable HOME).
std::string make_key(const std::string& path) {
  auto why = [](const std::string& step) {
    return "it cannot be made (" + step + ": " + std::strerror(errno) + ")";
  };
  std::error_code ec;
  const fs::path parent = fs::path(path).parent_path();
  if (!parent.empty() && !fs::is_directory(parent, ec)) {
    fs::create_directories(parent, ec);
    if (ec) return "it cannot be made (its folder: " + ec.message() + ")";
    ::chmod(parent.c_str(), 0700);  // ~/.config/solver: the key's alone
  }
  unsigned char raw[32];
  FILE* r = std::fopen("/dev/urandom", "rb");
  const bool got = r && std::fread(raw, 1, sizeof raw, r) == sizeof raw;
  if (r) std::fclose(r);
  if (!got) return "it cannot be made (no random bytes from /dev/urandom)";
  static const char* hex = "0123456789abcdef";
  std::string text;
  for (unsigned char c : raw) {
    text += hex[c >> 4];
    text += hex[c & 15];
  }
  text += '\n';
  const std::string tmp = path + ".tmp." + std::to_string(::getpid());
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
  if (fd < 0) return why("create " + tmp);
  const bool wrote = ::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size()) &&
                     ::fsync(fd) == 0;
  std::string failed = wrote ? "" : why("write " + tmp);
  ::close(fd);
  if (wrote && ::link(tmp.c_str(), path.c_str()) != 0 && errno != EEXIST)  // EEXIST: another's
    failed = why("link " + path);
  ::unlink(tmp.c_str());
  return failed;
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
    const std::string unmade = ::lstat(path.c_str(), &st) != 0 ? make_key(path) : "";
    s = read_key(path);
    if (!s.key)
      s.why = "the cache key " + path + " is not used: " + (unmade.empty() ? s.why : unmade);
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
  return folder(dir).why;
}

std::string trusted_cache_dir(const std::string& dir) {
  return cache_dir_refusal(dir).empty() ? dir : std::string();
}

std::optional<std::string> read_cache_entry(const std::string& dir, const std::string& name,
                                            std::size_t max_bytes) {
  if (dir.empty()) return std::nullopt;
  return rules::try_read_text_file_at(folder(dir).fd, name, max_bytes);
}

bool write_cache_entry(const std::string& dir, const std::string& name, std::string_view bytes) {
  if (dir.empty()) return false;
  const int fd = folder(dir).fd;
  if (fd < 0) return false;
  try {
    rules::write_file_atomically_at(fd, name, bytes, 0600);
    return true;
  } catch (const std::runtime_error&) {  // a full disk: a miss next time
    return false;
  }
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

void say_cache_entry_ignored(const std::string& cache, const std::string& path,
                             const std::string& why, const std::string& instead) {
  static std::mutex m;
  static std::set<std::string> said;
  {
    std::lock_guard<std::mutex> lock(m);
    if (!said.insert(cache).second) return;
  }
  std::fprintf(stderr, "solver: warning: %s entry %s ignored (%s); %s\n", cache.c_str(),
               path.c_str(), why.c_str(), instead.c_str());
}

}  // namespace solver::generators
