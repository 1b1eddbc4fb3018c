// solver-gpu: the GPU worker. Holds the CUDA context and serves the live backend's requests,
// one JSON line each on stdin, one answer line each on stdout (docs/gpu-backend.md). Started by
// engine/backend/live_backend.cpp; also usable by hand:
//   printf '{"id":1,"op":"hello"}\n' | solver-gpu --serve --problems-root problems --chips
//   rules/chips.yaml
// A sticky CUDA error answers Fault with "fatal":true and ends the process: the context is
// unusable, and the backend starts a fresh worker for the next request.
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <string>

#include "engine/backend/gpu/cuda_driver.h"
#include "engine/backend/gpu/protocol_io.h"
#include "engine/backend/gpu/worker.h"
#include "engine/backend/worker_protocol.h"

using namespace solver;

namespace {

constexpr const char* kUsage =
    "usage: solver-gpu --serve [--problems-root DIR] [--chips FILE] [--cache-dir DIR] "
    "[--timeout-ms N] [--no-lint-cache]\n"
    "Serves newline-delimited JSON requests on stdin (docs/gpu-backend.md).\n";

engine::WorkerResponse fault_answer(const engine::WorkerRequest& r, const std::string& what,
                                    bool fatal) {
  engine::WorkerResponse resp;
  resp.id = r.id;
  resp.fatal = fatal;
  if (r.op == "gate") {
    resp.ok = true;
    engine::GateResult g;
    g.status = engine::GateStatus::Fault;
    g.detail = what + (fatal ? " (sticky: the CUDA context is unusable; the worker exits)" : "");
    resp.gate = g;
  } else if (r.op == "profile") {
    resp.ok = true;
    engine::ProfileResult p;
    p.detail = "fault: " + what;
    resp.profile = p;
  } else if (r.op == "time") {
    resp.ok = true;
    engine::TimeSamples t;
    t.detail = "fault: " + what;
    resp.time = t;
  } else {
    resp.error = "fault: " + what;
  }
  return resp;
}

}  // namespace

int main(int argc, char** argv) {
  gpu::WorkerConfig config;
  bool serve = false;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) {
        std::cerr << "solver-gpu: " << a << " needs a value\n" << kUsage;
        std::exit(2);
      }
      return argv[++i];
    };
    if (a == "--serve")
      serve = true;
    else if (a == "--problems-root")
      config.problems_root = value();
    else if (a == "--chips")
      config.chips_file = value();
    else if (a == "--cache-dir")
      config.cache_dir = value();
    else if (a == "--no-lint-cache")
      config.lint_cache = false;
    else if (a == "--timeout-ms")
      config.timeout_ms = std::atoi(value().c_str());
    else if (a == "--help" || a == "-h") {
      std::cout << kUsage;
      return 0;
    } else {
      std::cerr << "solver-gpu: unknown argument " << a << "\n" << kUsage;
      return 2;
    }
  }
  if (!serve) {
    std::cerr << kUsage;
    return 2;
  }
  gpu::protocol_io_init();

  std::unique_ptr<gpu::Worker> worker;
  std::string startup_error;
  try {
    worker = std::make_unique<gpu::Worker>(config);
  } catch (const std::exception& e) {
    startup_error = std::string("no usable CUDA device: ") + e.what();
  }
  if (worker && !worker->startup_warning().empty())
    std::cerr << "solver-gpu: " << worker->startup_warning() << "\n";

  std::string line;
  while (std::getline(std::cin, line)) {
    if (line.empty()) continue;
    auto req = engine::decode_request(line);
    if (!req) {
      engine::WorkerResponse bad;
      bad.error = req.error().why;
      gpu::send_line(engine::encode_response(bad));
      continue;
    }
    if (req->op == "quit") return 0;
    if (!worker) {
      engine::WorkerResponse resp;
      resp.id = req->id;
      resp.error = startup_error;
      gpu::send_line(engine::encode_response(resp));
      continue;
    }
    try {
      gpu::send_line(engine::encode_response(worker->handle(*req)));
    } catch (const gpu::CudaError& e) {
      bool fatal = e.sticky();
      std::cerr << "solver-gpu: " << e.what() << "\n";
      gpu::send_line(engine::encode_response(fault_answer(*req, e.what(), fatal)));
      if (fatal) std::_Exit(3);  // no destructors: they would call into the broken context
    } catch (const std::exception& e) {
      std::cerr << "solver-gpu: " << e.what() << "\n";
      gpu::send_line(engine::encode_response(fault_answer(*req, e.what(), false)));
    }
  }
  return 0;
}
