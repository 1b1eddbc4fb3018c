// One writer per run directory (or per recording file): an exclusive flock(2) on a lock file
// held for the whole life of the writing command. The kernel drops the lock when the process
// dies (SIGKILL included), so there is no stale lock to clean up by hand; the file itself stays
// and carries the holder's pid, command and start time, which a refused writer prints.
// Readers take no lock: every file but the ledger is replaced atomically (rename), and the
// ledger is read up to its last complete record.
#pragma once
#include <string>

namespace solver::engine {

class RunLock {
 public:
  RunLock() = default;
  // Locks `lock_path` (created if absent) without waiting. Throws rules::InputError (exit 2)
  // naming the holder when another process holds it.
  static RunLock acquire(const std::string& lock_path, const std::string& command);
  RunLock(RunLock&& o) noexcept : fd_(o.fd_), path_(std::move(o.path_)) { o.fd_ = -1; }
  RunLock& operator=(RunLock&& o) noexcept;
  RunLock(const RunLock&) = delete;
  RunLock& operator=(const RunLock&) = delete;
  ~RunLock();
  bool held() const { return fd_ >= 0; }
  const std::string& path() const { return path_; }
  void release();

 private:
  int fd_ = -1;
  std::string path_;
};

// "<dir>/.lock": the lock file of a run directory.
std::string run_lock_path(const std::string& run_dir);
// Removes the leftovers of atomic writes cut short by a kill, in `dir` and the folders under it:
// every name rules::is_temp_name recognises (call with the lock held). Returns how many.
int remove_stale_tmp_files(const std::string& dir);

}  // namespace solver::engine
