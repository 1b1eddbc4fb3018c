// A child process spoken to over pipes, one line at a time, under a watchdog. The live backend
// runs the `solver-gpu` worker through it. posix_spawn, no shell: the arguments are passed as
// they are. The child's stderr is drained continuously (so a chatty child never blocks on a
// full pipe) and its tail is kept for fault reports.
#pragma once
#include <sys/types.h>

#include <chrono>
#include <functional>
#include <set>
#include <string>
#include <vector>

namespace solver::engine {

class WorkerProcess {
 public:
  using Clock = std::chrono::steady_clock;

  WorkerProcess() = default;
  ~WorkerProcess();
  WorkerProcess(const WorkerProcess&) = delete;
  WorkerProcess& operator=(const WorkerProcess&) = delete;

  // Starts `argv[0]` with `argv`. Returns "" when started, else why not (an outcome for the
  // caller, e.g. "cannot start /x/solver-gpu: No such file or directory").
  std::string start(const std::vector<std::string>& argv);
  bool running() const { return pid_ > 0; }

  // Writes one line (a newline is appended). False if the child is gone.
  bool write_line(const std::string& line);

  enum class ReadStatus { Line, Timeout, Closed };
  // Reads the next stdout line. `deadline` may be moved by `on_line` callers between calls.
  ReadStatus read_line(Clock::time_point deadline, std::string* line);

  // SIGKILL and reap. Safe to call when not running.
  void kill_now();
  // Waits up to `grace` for the child to exit after its stdout closed; SIGKILL after that.
  // Returns a description of how it ended ("exit status 127", "killed by signal 6 (Aborted)").
  std::string reap(std::chrono::milliseconds grace);
  int exit_code() const { return exit_code_; }      // -1 unless it exited normally
  int term_signal() const { return term_signal_; }  // 0 unless killed by a signal

  // The last `max_bytes` of what the child wrote to stderr (after draining what is pending).
  std::string stderr_tail(std::size_t max_bytes = 4000);

  // Passes each line of the child's stderr that is one of the tool's warnings ("solver:
  // warning: ...", "solver-gpu: warning: ...") to `sink` as it is read, each distinct line once
  // for this object's life (a restarted worker says its warnings again). The tail alone is read
  // only when the child dies, so without this a worker's warning never reached the user: a cache
  // folder refused or no cache key (generators/cache_trust.h) turned the caches off in silence.
  void forward_warnings(std::function<void(const std::string&)> sink);

 private:
  void close_fds();
  void drain_stderr(int timeout_ms);
  void append_stderr(const char* data, std::size_t n);

  pid_t pid_ = -1;
  int in_fd_ = -1, out_fd_ = -1, err_fd_ = -1;
  std::string out_buf_;
  std::string err_tail_;
  std::string err_line_;  // the stderr line being read (forward_warnings)
  std::set<std::string> warned_;
  std::function<void(const std::string&)> warning_sink_;
  int exit_code_ = -1, term_signal_ = 0;
};

}  // namespace solver::engine
