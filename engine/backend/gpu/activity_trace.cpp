#include "engine/backend/gpu/activity_trace.h"

#include <cupti.h>

#include <algorithm>
#include <cstdlib>
#include <mutex>
#include <stdexcept>

namespace solver::gpu {
namespace {

constexpr size_t kBufferBytes = 8 * 1024 * 1024;
std::mutex g_mutex;
std::vector<KernelRecord> g_records;
size_t g_dropped = 0;

void check(CUptiResult rc, const char* call) {
  if (rc == CUPTI_SUCCESS) return;
  const char* text = nullptr;
  cuptiGetResultString(rc, &text);
  throw std::runtime_error(std::string(call) + ": " + (text ? text : "CUPTI error"));
}

void CUPTIAPI buffer_requested(uint8_t** buffer, size_t* size, size_t* max_records) {
  *buffer = static_cast<uint8_t*>(std::aligned_alloc(8, kBufferBytes));
  *size = kBufferBytes;
  *max_records = 0;
}

void CUPTIAPI buffer_completed(CUcontext, uint32_t, uint8_t* buffer, size_t, size_t valid) {
  CUpti_Activity* record = nullptr;
  std::lock_guard<std::mutex> lock(g_mutex);
  while (cuptiActivityGetNextRecord(buffer, valid, &record) == CUPTI_SUCCESS) {
    if (record->kind != CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL &&
        record->kind != CUPTI_ACTIVITY_KIND_KERNEL)
      continue;
    auto* k = reinterpret_cast<CUpti_ActivityKernel10*>(record);
    g_records.push_back({k->start, k->end, k->correlationId, k->name ? k->name : ""});
  }
  size_t dropped = 0;
  if (cuptiActivityGetNumDroppedRecords(nullptr, 0, &dropped) == CUPTI_SUCCESS)
    g_dropped += dropped;
  std::free(buffer);
}

}  // namespace

ActivityTrace::ActivityTrace() {
  check(cuptiActivityRegisterCallbacks(buffer_requested, buffer_completed),
        "cuptiActivityRegisterCallbacks");
}

ActivityTrace& ActivityTrace::instance() {
  static ActivityTrace trace;
  return trace;
}

void ActivityTrace::start() {
  {
    std::lock_guard<std::mutex> lock(g_mutex);
    g_records.clear();
    g_dropped = 0;
  }
  check(cuptiActivityEnable(CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL), "cuptiActivityEnable");
}

std::vector<KernelRecord> ActivityTrace::stop() {
  check(cuptiActivityFlushAll(CUPTI_ACTIVITY_FLAG_FLUSH_FORCED), "cuptiActivityFlushAll");
  check(cuptiActivityDisable(CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL), "cuptiActivityDisable");
  std::lock_guard<std::mutex> lock(g_mutex);
  std::vector<KernelRecord> out;
  out.swap(g_records);
  std::sort(out.begin(), out.end(),
            [](const KernelRecord& a, const KernelRecord& b) { return a.start_ns < b.start_ns; });
  if (g_dropped)
    throw std::runtime_error("CUPTI dropped " + std::to_string(g_dropped) + " activity records");
  return out;
}

}  // namespace solver::gpu
