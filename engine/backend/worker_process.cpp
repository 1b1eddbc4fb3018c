#include "engine/backend/worker_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <thread>

extern char** environ;

namespace solver::engine {
namespace {

constexpr std::size_t kStderrKeep = 64 * 1024;

void set_cloexec(int fd) { fcntl(fd, F_SETFD, fcntl(fd, F_GETFD) | FD_CLOEXEC); }

int remaining_ms(WorkerProcess::Clock::time_point deadline) {
  auto left =
      std::chrono::duration_cast<std::chrono::milliseconds>(deadline - WorkerProcess::Clock::now());
  if (left.count() <= 0) return 0;
  return left.count() > 1000000 ? 1000000 : int(left.count());
}

}  // namespace

WorkerProcess::~WorkerProcess() { kill_now(); }

std::string WorkerProcess::start(const std::vector<std::string>& argv) {
  kill_now();
  out_buf_.clear();
  err_tail_.clear();
  err_line_.clear();
  exit_code_ = -1;
  term_signal_ = 0;
  int in[2], out[2], err[2];
  if (pipe(in) != 0) return std::string("pipe: ") + std::strerror(errno);
  if (pipe(out) != 0) {
    close(in[0]);
    close(in[1]);
    return std::string("pipe: ") + std::strerror(errno);
  }
  if (pipe(err) != 0) {
    close(in[0]);
    close(in[1]);
    close(out[0]);
    close(out[1]);
    return std::string("pipe: ") + std::strerror(errno);
  }
  // Our ends must not leak into the child (or into later children).
  set_cloexec(in[1]);
  set_cloexec(out[0]);
  set_cloexec(err[0]);

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, in[0], 0);
  posix_spawn_file_actions_adddup2(&actions, out[1], 1);
  posix_spawn_file_actions_adddup2(&actions, err[1], 2);
  posix_spawn_file_actions_addclose(&actions, in[0]);
  posix_spawn_file_actions_addclose(&actions, out[1]);
  posix_spawn_file_actions_addclose(&actions, err[1]);

  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid = -1;
  int rc = posix_spawn(&pid, args[0], &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  close(in[0]);
  close(out[1]);
  close(err[1]);
  if (rc != 0) {
    close(in[1]);
    close(out[0]);
    close(err[0]);
    return "cannot start " + argv[0] + ": " + std::strerror(rc);
  }
  pid_ = pid;
  in_fd_ = in[1];
  out_fd_ = out[0];
  err_fd_ = err[0];
  fcntl(out_fd_, F_SETFL, fcntl(out_fd_, F_GETFL) | O_NONBLOCK);
  fcntl(err_fd_, F_SETFL, fcntl(err_fd_, F_GETFL) | O_NONBLOCK);
  return "";
}

bool WorkerProcess::write_line(const std::string& line) {
  if (in_fd_ < 0) return false;
  std::string data = line + "\n";
  // A dead reader would raise SIGPIPE and take the loop down with it: ignore it for the write.
  struct sigaction ignore {
  }, old{};
  ignore.sa_handler = SIG_IGN;
  sigaction(SIGPIPE, &ignore, &old);
  std::size_t done = 0;
  bool ok = true;
  while (done < data.size()) {
    ssize_t n = ::write(in_fd_, data.data() + done, data.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      ok = false;
      break;
    }
    done += std::size_t(n);
  }
  sigaction(SIGPIPE, &old, nullptr);
  return ok;
}

void WorkerProcess::append_stderr(const char* data, std::size_t n) {
  err_tail_.append(data, n);
  if (err_tail_.size() > kStderrKeep) err_tail_.erase(0, err_tail_.size() - kStderrKeep);
  if (!warning_sink_) return;
  err_line_.append(data, n);
  for (std::size_t nl; (nl = err_line_.find('\n')) != std::string::npos;) {
    const std::string line = err_line_.substr(0, nl);
    err_line_.erase(0, nl + 1);
    const bool warning =
        line.rfind("solver: warning:", 0) == 0 || line.rfind("solver-gpu: warning:", 0) == 0;
    if (warning && warned_.insert(line).second) warning_sink_(line);
  }
  if (err_line_.size() > kStderrKeep) err_line_.clear();  // no line that long is a warning
}

void WorkerProcess::forward_warnings(std::function<void(const std::string&)> sink) {
  warning_sink_ = std::move(sink);
}

WorkerProcess::ReadStatus WorkerProcess::read_line(Clock::time_point deadline, std::string* line) {
  for (;;) {
    auto nl = out_buf_.find('\n');
    if (nl != std::string::npos) {
      *line = out_buf_.substr(0, nl);
      out_buf_.erase(0, nl + 1);
      return ReadStatus::Line;
    }
    if (out_fd_ < 0) return ReadStatus::Closed;
    pollfd fds[2] = {{out_fd_, POLLIN, 0}, {err_fd_, POLLIN, 0}};
    int nfds = err_fd_ >= 0 ? 2 : 1;
    int wait = remaining_ms(deadline);
    int rc = poll(fds, nfds, wait);
    if (rc < 0 && errno == EINTR) continue;
    if (rc == 0) {
      if (Clock::now() >= deadline) return ReadStatus::Timeout;
      continue;
    }
    char buf[65536];
    if (nfds == 2 && (fds[1].revents & (POLLIN | POLLHUP | POLLERR))) {
      ssize_t n = ::read(err_fd_, buf, sizeof buf);
      if (n > 0)
        append_stderr(buf, std::size_t(n));
      else if (n == 0) {
        close(err_fd_);
        err_fd_ = -1;
      }
    }
    if (fds[0].revents & (POLLIN | POLLHUP | POLLERR)) {
      ssize_t n = ::read(out_fd_, buf, sizeof buf);
      if (n > 0)
        out_buf_.append(buf, std::size_t(n));
      else if (n == 0 || (errno != EAGAIN && errno != EINTR)) {
        close(out_fd_);
        out_fd_ = -1;
        if (!out_buf_.empty()) {  // a last line without its newline still counts
          *line = out_buf_;
          out_buf_.clear();
          return ReadStatus::Line;
        }
        return ReadStatus::Closed;
      }
    }
  }
}

void WorkerProcess::drain_stderr(int timeout_ms) {
  auto deadline = Clock::now() + std::chrono::milliseconds(timeout_ms);
  while (err_fd_ >= 0) {
    pollfd fd{err_fd_, POLLIN, 0};
    int rc = poll(&fd, 1, remaining_ms(deadline));
    if (rc <= 0) return;
    char buf[65536];
    ssize_t n = ::read(err_fd_, buf, sizeof buf);
    if (n > 0)
      append_stderr(buf, std::size_t(n));
    else if (n == 0 || (errno != EAGAIN && errno != EINTR)) {
      close(err_fd_);
      err_fd_ = -1;
    }
  }
}

std::string WorkerProcess::stderr_tail(std::size_t max_bytes) {
  drain_stderr(0);
  if (err_tail_.size() <= max_bytes) return err_tail_;
  return err_tail_.substr(err_tail_.size() - max_bytes);
}

void WorkerProcess::close_fds() {
  for (int* fd : {&in_fd_, &out_fd_, &err_fd_})
    if (*fd >= 0) {
      close(*fd);
      *fd = -1;
    }
}

std::string WorkerProcess::reap(std::chrono::milliseconds grace) {
  if (pid_ <= 0) return "not running";
  if (in_fd_ >= 0) {
    close(in_fd_);
    in_fd_ = -1;
  }  // EOF on stdin tells a live worker to stop
  drain_stderr(int(grace.count()));
  int status = 0;
  auto deadline = Clock::now() + grace;
  pid_t r = 0;
  while ((r = waitpid(pid_, &status, WNOHANG)) == 0 && Clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  if (r == 0) {
    ::kill(pid_, SIGKILL);
    r = waitpid(pid_, &status, 0);
  }
  pid_ = -1;
  drain_stderr(0);
  close_fds();
  if (r < 0) return "lost track of the worker";
  if (WIFEXITED(status)) {
    exit_code_ = WEXITSTATUS(status);
    return "exit status " + std::to_string(exit_code_);
  }
  if (WIFSIGNALED(status)) {
    term_signal_ = WTERMSIG(status);
    const char* name = strsignal(term_signal_);
    return "killed by signal " + std::to_string(term_signal_) + " (" + (name ? name : "?") + ")";
  }
  return "ended";
}

void WorkerProcess::kill_now() {
  if (pid_ <= 0) {
    close_fds();
    return;
  }
  ::kill(pid_, SIGKILL);
  int status = 0;
  waitpid(pid_, &status, 0);
  if (WIFSIGNALED(status)) term_signal_ = WTERMSIG(status);
  pid_ = -1;
  drain_stderr(0);
  close_fds();
}

}  // namespace solver::engine
