// A solver (or any program) started as a child process with its output thrown away, for the
// tests that kill a run part-way (kill_resume_test, shard_merge_test).
#pragma once
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <string>
#include <vector>

namespace solver::test {

// Starts args[0] (a path, not searched on PATH) with the rest as its arguments, stdout and
// stderr on /dev/null. `own_group`: the child leads a process group of its own, so that
// kill(-pid, ...) takes it and every process it starts, as a lost node would.
inline pid_t spawn_quiet(const std::vector<std::string>& args, bool own_group = false) {
  pid_t pid = ::fork();
  if (pid == 0) {
    if (own_group) ::setpgid(0, 0);
    std::vector<char*> argv;
    for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    int devnull = ::open("/dev/null", O_WRONLY);
    ::dup2(devnull, 1);
    ::dup2(devnull, 2);
    ::execv(argv[0], argv.data());
    ::_exit(127);
  }
  if (own_group && pid > 0) ::setpgid(pid, pid);  // either side may run first
  return pid;
}

}  // namespace solver::test
