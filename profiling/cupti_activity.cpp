// CUPTI activity buffers behind profiling/cupti_activity.h. CUPTI hands buffers back through
// process-wide C callbacks, so the records land in one process-wide store that the single live
// tracer drains.
#include "profiling/cupti_activity.h"

#include <cupti_activity.h>
#include <cupti_result.h>

#include <cstdlib>
#include <mutex>

namespace solver::profiling {
namespace {

constexpr std::size_t kBufferBytes = 8u << 20;  // ~40k kernel records per buffer
constexpr std::size_t kBufferAlign = 8;         // CUPTI requires 8-byte aligned buffers

struct Store {
  std::mutex mutex;
  std::vector<KernelActivity> records;
  std::size_t dropped = 0;
  std::size_t incomplete = 0;
  bool active = false;      // a tracer is alive
  bool registered = false;  // callbacks registered (CUPTI offers no way to unregister)
};

// Leaked on purpose: CUPTI may deliver buffers from its own at-exit flush, after static
// destructors have run.
Store& store() {
  static Store* s = new Store;
  return *s;
}

std::string describe(CUptiResult r) {
  const char* s = nullptr;
  cuptiGetResultString(r, &s);
  return s ? s : "CUPTI error " + std::to_string(int(r));
}

void CUPTIAPI buffer_requested(uint8_t** buffer, size_t* size, size_t* max_records) {
  *buffer = static_cast<uint8_t*>(std::aligned_alloc(kBufferAlign, kBufferBytes));
  *size = *buffer ? kBufferBytes : 0;
  *max_records = 0;
}

KernelActivity convert(const CUpti_ActivityKernel10& k) {
  KernelActivity a;
  a.name = k.name ? k.name : "";
  a.start_ns = k.start;
  a.end_ns = k.end;
  a.correlation_id = k.correlationId;
  a.device_id = k.deviceId;
  a.context_id = k.contextId;
  a.stream_id = k.streamId;
  a.grid[0] = k.gridX, a.grid[1] = k.gridY, a.grid[2] = k.gridZ;
  a.block[0] = k.blockX, a.block[1] = k.blockY, a.block[2] = k.blockZ;
  a.registers_per_thread = k.registersPerThread;
  a.static_shared_bytes = k.staticSharedMemory;
  a.dynamic_shared_bytes = k.dynamicSharedMemory;
  a.local_memory_per_thread = k.localMemoryPerThread;
  a.shared_memory_executed = k.sharedMemoryExecuted;
  return a;
}

void CUPTIAPI buffer_completed(CUcontext, uint32_t, uint8_t* buffer, size_t, size_t valid_size) {
  std::vector<KernelActivity> got;
  std::size_t incomplete = 0;
  CUpti_Activity* record = nullptr;
  while (cuptiActivityGetNextRecord(buffer, valid_size, &record) == CUPTI_SUCCESS) {
    if (record->kind != CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL &&
        record->kind != CUPTI_ACTIVITY_KIND_KERNEL)
      continue;
    KernelActivity a = convert(*reinterpret_cast<const CUpti_ActivityKernel10*>(record));
    if (a.start_ns == 0 || a.end_ns == 0)
      ++incomplete;
    else
      got.push_back(std::move(a));
  }
  std::free(buffer);
  size_t dropped = 0;
  cuptiActivityGetNumDroppedRecords(nullptr, 0, &dropped);
  Store& s = store();
  std::lock_guard<std::mutex> lock(s.mutex);
  if (!s.active) return;
  s.records.insert(s.records.end(), got.begin(), got.end());
  s.incomplete += incomplete;
  s.dropped += dropped;
}

}  // namespace

KernelActivityTracer::KernelActivityTracer() {
  Store& s = store();
  std::lock_guard<std::mutex> lock(s.mutex);
  if (s.active) {
    error_ = "another KernelActivityTracer is alive in this process";
    return;
  }
  if (!s.registered) {
    CUptiResult r = cuptiActivityRegisterCallbacks(buffer_requested, buffer_completed);
    if (r != CUPTI_SUCCESS) {
      error_ = "cuptiActivityRegisterCallbacks failed: " + describe(r);
      return;
    }
    s.registered = true;
  }
  CUptiResult r = cuptiActivityEnable(CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL);
  if (r != CUPTI_SUCCESS) {
    error_ = "cuptiActivityEnable(CONCURRENT_KERNEL) failed: " + describe(r);
    return;
  }
  s.records.clear();
  s.dropped = s.incomplete = 0;
  s.active = true;
  owner_ = true;
}

KernelActivityTracer::~KernelActivityTracer() {
  if (!owner_) return;
  cuptiActivityDisable(CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL);
  cuptiActivityFlushAll(CUPTI_ACTIVITY_FLAG_FLUSH_FORCED);  // hand back CUPTI's buffers now
  Store& s = store();
  std::lock_guard<std::mutex> lock(s.mutex);
  s.active = false;
  s.records.clear();
}

std::vector<KernelActivity> KernelActivityTracer::take() {
  if (!owner_) return {};
  cuptiActivityFlushAll(0);  // delivers every buffer whose records are all complete
  Store& s = store();
  std::lock_guard<std::mutex> lock(s.mutex);
  std::vector<KernelActivity> out;
  out.swap(s.records);
  return out;
}

std::size_t KernelActivityTracer::dropped() const {
  Store& s = store();
  std::lock_guard<std::mutex> lock(s.mutex);
  return s.dropped;
}

std::size_t KernelActivityTracer::incomplete() const {
  Store& s = store();
  std::lock_guard<std::mutex> lock(s.mutex);
  return s.incomplete;
}

double total_duration_us(const std::vector<KernelActivity>& records) {
  double sum = 0;
  for (const auto& r : records) sum += r.duration_us();
  return sum;
}

}  // namespace solver::profiling
