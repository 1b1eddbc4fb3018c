#include "generators/external_process.h"

#include <boost/program_options/parsers.hpp>

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>

extern char** environ;

namespace solver::generators {

namespace {

using Clock = std::chrono::steady_clock;

void close_fd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

void set_nonblocking(int fd) { ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK); }

// Appends what is readable; returns false at end of file or on an error.
bool drain(int fd, std::string& into, std::size_t cap, std::size_t* dropped, bool* overflow) {
  char buf[65536];
  for (;;) {
    ssize_t n = ::read(fd, buf, sizeof buf);
    if (n > 0) {
      std::size_t room = into.size() < cap ? cap - into.size() : 0;
      std::size_t keep = std::min<std::size_t>(room, static_cast<std::size_t>(n));
      into.append(buf, keep);
      if (keep < static_cast<std::size_t>(n)) {
        if (dropped) *dropped += static_cast<std::size_t>(n) - keep;
        if (overflow) *overflow = true;
      }
      continue;
    }
    if (n == 0) return false;
    if (errno == EINTR) continue;
    return errno == EAGAIN || errno == EWOULDBLOCK;
  }
}

}  // namespace

std::string ProcessResult::describe() const {
  if (!started) return "did not start: " + start_error;
  if (timed_out)
    return "timed out after " + std::to_string(static_cast<long>(wall_ms)) + " ms (killed)";
  if (stdout_overflow) return "wrote more to stdout than the output cap (killed)";
  if (term_signal)
    return "killed by signal " + std::to_string(term_signal) + " (" + strsignal(term_signal) + ")";
  return "exit " + std::to_string(exit_code);
}

ProcessResult run_process(const std::vector<std::string>& argv, const std::string& input,
                          const ProcessLimits& limits) {
  ProcessResult r;
  if (argv.empty() || argv[0].empty()) {
    r.start_error = "empty command";
    return r;
  }
  int in[2] = {-1, -1}, out[2] = {-1, -1}, err[2] = {-1, -1};
  if (::pipe2(in, O_CLOEXEC) || ::pipe2(out, O_CLOEXEC) || ::pipe2(err, O_CLOEXEC)) {
    r.start_error = std::string("pipe: ") + std::strerror(errno);
    for (int* p : {in, out, err}) close_fd(p[0]), close_fd(p[1]);
    return r;
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, in[0], 0);
  posix_spawn_file_actions_adddup2(&actions, out[1], 1);
  posix_spawn_file_actions_adddup2(&actions, err[1], 2);
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  // Its own process group, so a timeout kills whatever it started too; default signal
  // dispositions (the parent may ignore SIGPIPE, the child should not inherit that).
  sigset_t defaults;
  sigemptyset(&defaults);
  sigaddset(&defaults, SIGPIPE);
  posix_spawnattr_setsigdefault(&attr, &defaults);
  posix_spawnattr_setpgroup(&attr, 0);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF);
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  auto t0 = Clock::now();
  pid_t pid = -1;
  int rc = ::posix_spawnp(&pid, args[0], &actions, &attr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  close_fd(in[0]);
  close_fd(out[1]);
  close_fd(err[1]);
  if (rc != 0) {
    r.start_error = argv[0] + ": " + std::strerror(rc);
    close_fd(in[1]), close_fd(out[0]), close_fd(err[0]);
    return r;
  }
  r.started = true;
  set_nonblocking(in[1]);
  set_nonblocking(out[0]);
  set_nonblocking(err[0]);
  // A generator that exits without reading its stdin must not take the caller down.
  struct sigaction ignore {
  }, old{};
  ignore.sa_handler = SIG_IGN;
  sigaction(SIGPIPE, &ignore, &old);

  std::size_t written = 0;
  if (input.empty()) close_fd(in[1]);
  const auto deadline = t0 + std::chrono::milliseconds(limits.timeout_ms);
  bool exited = false;
  int status = 0;
  bool kill_group = false;
  while (out[0] >= 0 || err[0] >= 0) {
    auto now = Clock::now();
    if (now >= deadline) {
      r.timed_out = true;
      kill_group = true;
      break;
    }
    pollfd fds[3];
    int n = 0;
    int i_out = -1, i_err = -1, i_in = -1;
    if (out[0] >= 0) fds[i_out = n++] = {out[0], POLLIN, 0};
    if (err[0] >= 0) fds[i_err = n++] = {err[0], POLLIN, 0};
    if (in[1] >= 0) fds[i_in = n++] = {in[1], POLLOUT, 0};
    int wait_ms =
        static_cast<int>(
            std::chrono::duration_cast<std::chrono::milliseconds>(deadline - now).count()) +
        1;
    // Once the child itself has gone, what is left on the pipes is read without waiting: a
    // grandchild holding them open is not waited for.
    if (exited) wait_ms = 0;
    int pr = ::poll(fds, static_cast<nfds_t>(n), std::min(wait_ms, 100));
    if (pr < 0 && errno != EINTR) break;
    if (i_out >= 0 && fds[i_out].revents &&
        !drain(out[0], r.out, limits.max_stdout, nullptr, &r.stdout_overflow))
      close_fd(out[0]);
    if (r.stdout_overflow) {
      kill_group = true;
      break;
    }
    if (i_err >= 0 && fds[i_err].revents &&
        !drain(err[0], r.err, limits.max_stderr, &r.stderr_dropped, nullptr))
      close_fd(err[0]);
    if (i_in >= 0 && (fds[i_in].revents & (POLLOUT | POLLERR | POLLHUP))) {
      ssize_t w = ::write(in[1], input.data() + written, input.size() - written);
      if (w > 0) written += static_cast<std::size_t>(w);
      if ((w < 0 && errno != EAGAIN && errno != EINTR) || written == input.size()) close_fd(in[1]);
    }
    if (!exited && ::waitpid(pid, &status, WNOHANG) == pid) exited = true;
    if (exited && pr == 0) {
      kill_group = true;  // the pipes are quiet and the child is gone
      break;
    }
  }
  // Both pipes closed but the child still running (it closed them itself): it gets what is
  // left of its time, then the same kill.
  while (!exited && !kill_group) {
    if (::waitpid(pid, &status, WNOHANG) == pid) {
      exited = true;
    } else if (Clock::now() >= deadline) {
      r.timed_out = kill_group = true;
    } else {
      ::usleep(2000);
    }
  }
  ::kill(-pid, SIGKILL);  // the group: grandchildren too (harmless when all are gone)
  if (!exited) {
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
  }
  close_fd(in[1]);
  close_fd(out[0]);
  close_fd(err[0]);
  sigaction(SIGPIPE, &old, nullptr);
  r.wall_ms = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
  if (WIFEXITED(status)) r.exit_code = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) r.term_signal = WTERMSIG(status);
  if (r.timed_out || r.stdout_overflow) r.term_signal = r.term_signal ? r.term_signal : SIGKILL;
  return r;
}

rules::Outcome<std::vector<std::string>> split_command(const std::string& text) {
  // Boost.Program_options' split_unix does the splitting (quotes, backslash escapes); it
  // accepts an unterminated quote as if closed, which for a command line is a typo to report.
  char quote = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '\\') {  // split_unix escapes everywhere, inside single quotes too
      ++i;
    } else if (quote ? c == quote : (c == '\'' || c == '"')) {
      quote = quote ? 0 : c;
    }
  }
  if (quote) return rules::Failure{std::string("unterminated ") + quote + " quote"};
  std::vector<std::string> argv;
  try {
    argv = boost::program_options::split_unix(text, " \t\n");
  } catch (const std::exception& e) {  // escaped_list_error: "unknown escape sequence"
    return rules::Failure{std::string("cannot split the command: ") + e.what()};
  }
  if (argv.empty()) return rules::Failure{"empty command"};
  return argv;
}

}  // namespace solver::generators
