#include "rules/text_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <initializer_list>
#include <stdexcept>

#include "rules/diagnostics.h"
#include "rules/outcome.h"
#include "rules/temp_name.h"
#include "rules/text_file_at.h"

namespace solver::rules {

namespace {

// Messages are appended piece by piece: `"lit" + std::string + ...` chains trip GCC 12's
// -Wrestrict false positive (GCC bug 105651).
std::string cat(std::initializer_list<std::string_view> parts) {
  std::string out;
  for (auto p : parts) out += p;
  return out;
}

// "16 MiB", or "1000 bytes" where the cap is no whole number of MiB.
std::string limit_text(std::size_t max_bytes) {
  constexpr std::size_t kMiB = std::size_t(1) << 20;
  if (max_bytes % kMiB == 0) return std::to_string(max_bytes / kMiB) + " MiB";
  return std::to_string(max_bytes) + " bytes";
}

// Reads through one descriptor that was checked with fstat, so the file checked is the file
// read (no check-then-open race with a FIFO swapped in).
Outcome<std::string> read_checked(int dir_fd, const std::string& path, std::string_view what,
                                  std::size_t max_bytes, int extra_flags = 0) {
  const std::string_view name = what;
  // O_NONBLOCK: opening a FIFO with no writer would block; the fstat below refuses it anyway.
  int fd = ::openat(dir_fd, path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | extra_flags);
  if (fd < 0) return Failure{cat({"cannot read the ", name, ": ", std::strerror(errno)})};
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd);
    return Failure{
        cat({"the ", name,
             S_ISDIR(st.st_mode) ? " is a folder, not a file" : " is not a regular file"})};
  }
  if (static_cast<std::size_t>(st.st_size) > max_bytes) {
    ::close(fd);
    return Failure{
        cat({"the ", name, " is ", std::to_string(st.st_size), " bytes, larger than the ",
             limit_text(max_bytes), " an input file may be"})};
  }
  std::string out;
  out.reserve(static_cast<std::size_t>(st.st_size));
  char buf[1 << 16];
  for (;;) {
    ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      Failure why{cat({"cannot read the ", name, ": ", std::strerror(errno)})};
      ::close(fd);
      return why;
    }
    if (n == 0) break;
    out.append(buf, static_cast<std::size_t>(n));
    if (out.size() > max_bytes) {  // grew while being read
      ::close(fd);
      return Failure{cat({"the ", name, " grew larger than the ", limit_text(max_bytes),
                          " an input file may be while being read"})};
    }
  }
  ::close(fd);
  return out;
}

[[noreturn]] void fail(const std::string& step, const std::string& path, int err) {
  throw std::runtime_error(cat({step, " ", path, ": ", std::strerror(err)}));
}

// The temporary file, made new: O_EXCL|O_NOFOLLOW, so a link planted at the predictable name
// (temp_name_for: path, pid, counter) is never followed to truncate the file it points at. A
// leftover of a killed process that had this pid is removed once and the open tried again.
int create_temp(int dir_fd, const std::string& tmp, unsigned mode) {
  const int flags = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC;
  int fd = ::openat(dir_fd, tmp.c_str(), flags, static_cast<mode_t>(mode));
  if (fd < 0 && errno == EEXIST && ::unlinkat(dir_fd, tmp.c_str(), 0) == 0)
    fd = ::openat(dir_fd, tmp.c_str(), flags, static_cast<mode_t>(mode));
  if (fd < 0) fail("cannot create", tmp, errno);
  return fd;
}

// write_file_atomically's steps relative to `dir_fd` (AT_FDCWD for a path); `sync_fd` is the
// folder synced after the rename (-1: `path`'s parent, opened here).
void write_atomically(int dir_fd, const std::string& path, std::string_view content, unsigned mode,
                      int sync_fd) {
  const std::string tmp = temp_name_for(path);  // cleanups recognise it: is_temp_name
  int fd = create_temp(dir_fd, tmp, mode);
  std::size_t done = 0;
  while (done < content.size()) {
    ssize_t n = ::write(fd, content.data() + done, content.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      int err = n < 0 ? errno : ENOSPC;
      ::close(fd);
      ::unlinkat(dir_fd, tmp.c_str(), 0);
      fail("cannot write", tmp, err);
    }
    done += static_cast<std::size_t>(n);
  }
  if (::fsync(fd) != 0) {
    int err = errno;
    ::close(fd);
    ::unlinkat(dir_fd, tmp.c_str(), 0);
    fail("cannot sync", tmp, err);
  }
  ::close(fd);
  if (::renameat(dir_fd, tmp.c_str(), dir_fd, path.c_str()) != 0) {
    int err = errno;
    ::unlinkat(dir_fd, tmp.c_str(), 0);
    fail(cat({"cannot rename ", tmp, " to"}), path, err);
  }
  // The rename is durable once the folder is synced.
  if (sync_fd >= 0) {
    ::fsync(sync_fd);
    return;
  }
  const std::size_t slash = path.rfind('/');
  const std::string dir = slash == std::string::npos ? std::string(".")
                          : slash == 0               ? std::string("/")
                                                     : path.substr(0, slash);
  int dfd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dfd >= 0) {
    ::fsync(dfd);
    ::close(dfd);
  }
}

bool one_component(const std::string& name) {
  return !name.empty() && name != "." && name != ".." && name.find('/') == std::string::npos;
}

}  // namespace

std::string read_text_file(const std::string& path, std::string_view what, std::size_t max_bytes) {
  auto text = read_checked(AT_FDCWD, path, what, max_bytes);
  if (!text) throw InputError(Diagnostic{SourceLocation(path), text.error().why});
  return std::move(text).value();
}

std::optional<std::string> try_read_text_file(const std::string& path, std::size_t max_bytes) {
  auto text = read_checked(AT_FDCWD, path, "file", max_bytes);
  if (!text) return std::nullopt;
  return std::move(text).value();
}

void write_file_atomically(const std::string& path, std::string_view content) {
  write_atomically(AT_FDCWD, path, content, 0644, -1);
}

std::optional<std::string> try_read_text_file_at(int dir_fd, const std::string& name,
                                                 std::size_t max_bytes) {
  if (dir_fd < 0 || !one_component(name)) return std::nullopt;
  auto text = read_checked(dir_fd, name, "file", max_bytes, O_NOFOLLOW);
  if (!text) return std::nullopt;
  return std::move(text).value();
}

void write_file_atomically_at(int dir_fd, const std::string& name, std::string_view content,
                              unsigned mode) {
  if (dir_fd < 0 || !one_component(name)) fail("cannot write", name, EINVAL);
  write_atomically(dir_fd, name, content, mode, dir_fd);
}

}  // namespace solver::rules
