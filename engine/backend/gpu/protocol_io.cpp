#include "engine/backend/gpu/protocol_io.h"

#include <unistd.h>

#include <cerrno>
#include <cstdio>

#include "engine/backend/worker_protocol.h"

namespace solver::gpu {
namespace {
int g_protocol_fd = 1;
}

void protocol_io_init() {
  std::fflush(stdout);
  int fd = dup(1);
  if (fd >= 0) {
    g_protocol_fd = fd;
    dup2(2, 1);
  }
}

void send_line(const std::string& line) {
  std::string data = line + "\n";
  size_t done = 0;
  while (done < data.size()) {
    ssize_t n = write(g_protocol_fd, data.data() + done, data.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) _exit(4);  // the backend is gone: nothing left to serve
    done += size_t(n);
  }
}

void beat(const std::string& phase, int64_t budget_ms) {
  send_line(engine::encode_beat({phase, budget_ms}));
}

}  // namespace solver::gpu
