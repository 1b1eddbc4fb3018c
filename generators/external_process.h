// Runs an external program (a user's code generator) as a child process, without a shell:
// argv[0] is looked up on PATH, the program gets one document on stdin and answers on stdout.
// Everything it can do wrong is a value in the result, never an exception or a hang of the
// caller: it may not start, run past its wall-clock limit (its whole process group is killed),
// print more than the cap, crash, or leave grandchildren holding the pipes (killed with it).
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "rules/outcome.h"

namespace solver::generators {

struct ProcessLimits {
  int timeout_ms = 60000;              // wall clock, start to exit
  std::size_t max_stdout = 4u << 20;   // more than this: killed, `stdout_overflow`
  std::size_t max_stderr = 16u << 10;  // kept; the rest is counted and dropped
};

struct ProcessResult {
  bool started = false;
  std::string start_error;  // why it did not start (no such program, not executable)
  int exit_code = -1;       // when it exited normally
  int term_signal = 0;      // when a signal ended it (SIGKILL after a timeout too)
  bool timed_out = false;
  bool stdout_overflow = false;
  std::size_t stderr_dropped = 0;  // bytes of stderr past the cap
  std::string out, err;
  double wall_ms = 0;
  bool clean_exit() const {
    return started && !timed_out && !stdout_overflow && term_signal == 0 && exit_code == 0;
  }
  // One line: "exit 0", "killed by signal 11", "timed out after 2000 ms", ...
  std::string describe() const;
};

// Starts argv (argv[0] searched on PATH when it has no '/'), writes `input` to its stdin and
// closes it, collects stdout and stderr until it exits, and waits for it. The child runs in a
// process group of its own, which is killed on a timeout or an overflow and after it exits.
ProcessResult run_process(const std::vector<std::string>& argv, const std::string& input,
                          const ProcessLimits& limits);

// Splits a command line the way a user writes it on one line ("python3 gen.py --x 'a b'"):
// whitespace separates words, single and double quotes group, backslash escapes one
// character (also inside quotes: boost::program_options::split_unix does the splitting; an
// empty quoted word is dropped). No variables, globs or pipes: the result is the argv, not a
// shell's input. Fails for an unterminated quote, an unknown escape or an empty command.
rules::Outcome<std::vector<std::string>> split_command(const std::string& text);

}  // namespace solver::generators
