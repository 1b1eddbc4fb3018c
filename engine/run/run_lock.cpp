#include "engine/run/run_lock.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include "engine/run/run_dir.h"
#include "rules/diagnostics.h"
#include "rules/temp_name.h"

namespace solver::engine {

namespace fs = std::filesystem;

namespace {

std::string read_all(int fd) {
  std::string out;
  char buf[512];
  if (::lseek(fd, 0, SEEK_SET) < 0) return out;
  ssize_t n;
  while ((n = ::read(fd, buf, sizeof buf)) > 0 && out.size() < 4096) out.append(buf, n);
  while (!out.empty() && (out.back() == '\n' || out.back() == '\0')) out.pop_back();
  return out;
}

}  // namespace

std::string run_lock_path(const std::string& run_dir) { return run_dir + "/.lock"; }

RunLock RunLock::acquire(const std::string& lock_path, const std::string& command) {
  int fd = ::open(lock_path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0644);
  if (fd < 0)
    throw rules::InputError(rules::Diagnostic{
        {lock_path, 0, 0}, std::string("cannot open the lock file: ") + std::strerror(errno)});
  if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    int e = errno;
    std::string holder = read_all(fd);
    ::close(fd);
    if (e == EWOULDBLOCK)
      throw rules::InputError(rules::Diagnostic{
          {lock_path, 0, 0},
          "another solver is writing here (" + (holder.empty() ? "holder unknown" : holder) +
              "); wait for it to finish, or use another directory"});
    throw rules::InputError(
        rules::Diagnostic{{lock_path, 0, 0}, std::string("cannot lock: ") + std::strerror(e)});
  }
  // Who holds it, for the next one that is refused.
  std::string who = "pid " + std::to_string(::getpid()) + ", started " + utc_now_iso() +
                    ", command: " + command + "\n";
  if (::ftruncate(fd, 0) == 0) {
    ::lseek(fd, 0, SEEK_SET);
    ssize_t ignored = ::write(fd, who.data(), who.size());
    (void)ignored;
  }
  RunLock l;
  l.fd_ = fd;
  l.path_ = lock_path;
  return l;
}

RunLock& RunLock::operator=(RunLock&& o) noexcept {
  if (this != &o) {
    release();
    fd_ = o.fd_;
    path_ = std::move(o.path_);
    o.fd_ = -1;
  }
  return *this;
}

RunLock::~RunLock() { release(); }

void RunLock::release() {
  if (fd_ >= 0) ::close(fd_);  // closing the descriptor drops the flock
  fd_ = -1;
}

int remove_stale_tmp_files(const std::string& dir) {
  int n = 0;
  std::error_code ec;
  // The run directory and the folders the tool writes in it (evolved/, generated/...); links
  // are not followed, so nothing outside the run is touched.
  for (auto it = fs::recursive_directory_iterator(dir, ec);
       !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    if (it.depth() > 8) it.disable_recursion_pending();
    const std::string name = it->path().filename().string();
    if (rules::is_temp_name(name) && it->is_regular_file(ec) && !it->is_symlink(ec) &&
        fs::remove(it->path(), ec))
      ++n;
  }
  return n;
}

}  // namespace solver::engine
