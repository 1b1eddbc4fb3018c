// engine/backend/worker_process.h's forward_warnings: a worker's own warnings (a cache folder
// refused, no cache key: generators/cache_trust.h) reach the user as they are said. Before
// review38 the worker's stderr was kept as a tail read only when it died, so the caches turned
// off in silence in every live run.
#include "engine/backend/worker_process.h"

#include <doctest/doctest.h>

#include <string>
#include <vector>

using namespace solver::engine;

TEST_CASE("worker process: the child's warnings are forwarded, each once; other lines are not") {
  WorkerProcess w;
  std::vector<std::string> said;
  w.forward_warnings([&](const std::string& line) { said.push_back(line); });
  const std::string script =
      "printf 'solver: warning: cache folder /tmp/x is not used: it is writable by group or "
      "others (mode 0777); running without it\\n' >&2; "
      "printf 'solver-gpu: input checks read buffers back to the host: x\\n' >&2; "
      "printf 'solver-gpu: warning: the tolerance lint' >&2; sleep 0.05; "
      "printf \"'s verdict not cached in /c\\n\" >&2; "
      "printf 'solver: warning: cache folder /tmp/x is not used: it is writable by group or "
      "others (mode 0777); running without it\\n' >&2; "
      "sleep 0.1; echo ready";
  REQUIRE(w.start({"/bin/sh", "-c", script}) == "");
  std::string line;
  const auto st = w.read_line(WorkerProcess::Clock::now() + std::chrono::seconds(10), &line);
  REQUIRE(st == WorkerProcess::ReadStatus::Line);
  CHECK(line == "ready");
  w.reap(std::chrono::milliseconds(2000));
  REQUIRE(said.size() == 2);
  CHECK(said[0].rfind("solver: warning: cache folder /tmp/x is not used", 0) == 0);
  CHECK(said[1] == "solver-gpu: warning: the tolerance lint's verdict not cached in /c");
  // The tail still holds everything for a fault report.
  CHECK(w.stderr_tail().find("input checks read buffers back") != std::string::npos);
}
