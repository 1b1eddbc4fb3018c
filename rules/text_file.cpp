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
Outcome<std::string> read_checked(const std::string& path, std::string_view what,
                                  std::size_t max_bytes) {
  const std::string_view name = what;
  // O_NONBLOCK: opening a FIFO with no writer would block; the fstat below refuses it anyway.
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
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

}  // namespace

std::string read_text_file(const std::string& path, std::string_view what, std::size_t max_bytes) {
  auto text = read_checked(path, what, max_bytes);
  if (!text) throw InputError(Diagnostic{SourceLocation(path), text.error().why});
  return std::move(text).value();
}

std::optional<std::string> try_read_text_file(const std::string& path, std::size_t max_bytes) {
  auto text = read_checked(path, "file", max_bytes);
  if (!text) return std::nullopt;
  return std::move(text).value();
}

void write_file_atomically(const std::string& path, std::string_view content) {
  const std::string tmp = temp_name_for(path);  // cleanups recognise it: is_temp_name
  int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) fail("cannot create", tmp, errno);
  std::size_t done = 0;
  while (done < content.size()) {
    ssize_t n = ::write(fd, content.data() + done, content.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      int err = n < 0 ? errno : ENOSPC;
      ::close(fd);
      ::unlink(tmp.c_str());
      fail("cannot write", tmp, err);
    }
    done += static_cast<std::size_t>(n);
  }
  if (::fsync(fd) != 0) {
    int err = errno;
    ::close(fd);
    ::unlink(tmp.c_str());
    fail("cannot sync", tmp, err);
  }
  ::close(fd);
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    int err = errno;
    ::unlink(tmp.c_str());
    fail(cat({"cannot rename ", tmp, " to"}), path, err);
  }
  // The rename is durable once the folder is synced.
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

}  // namespace solver::rules
