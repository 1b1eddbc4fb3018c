// CUPTI range profiler behind profiling/cupti_range_profiler.h. The call sequence follows the
// CUPTI 13 range-profiling sample (auto range, kernel replay): host object -> config image ->
// enable on the context -> counter-data image -> SetConfig -> Start -> launches -> Stop ->
// DecodeData -> per-range EvaluateToGpuValues -> Disable.
#include "profiling/cupti_range_profiler.h"

#include <cupti_activity.h>  // cuptiGetDeviceId
#include <cupti_profiler_host.h>
#include <cupti_profiler_target.h>
#include <cupti_range_profiler.h>
#include <cupti_result.h>
#include <cupti_target.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <exception>
#include <mutex>

#include "rules/outcome.h"

namespace solver::profiling {
namespace {

using Clock = std::chrono::steady_clock;
double ms_since(Clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

// Zero-filled CUPTI parameter block with its size set (what the `T p{SIZE}` idiom means,
// without -Wmissing-field-initializers noise).
template <class T>
T params(std::size_t struct_size) {
  T p{};
  p.structSize = struct_size;
  return p;
}

constexpr const char* kDuration = "gpu__time_duration.sum";

std::string describe(CUptiResult r) {
  const char* name = nullptr;
  const char* message = nullptr;
  cuptiGetResultString(r, &name);
  cuptiGetErrorMessage(r, &message);
  std::string out = name ? name : ("CUPTI error " + std::to_string(int(r)));
  if (message && *message && (!name || std::string(message) != name))
    out += std::string(": ") + message;
  return out;
}

using rules::Failure;
using rules::Outcome;

// A CUPTI call's result as an outcome: "<call> failed: <CUPTI message>" where it failed.
Outcome<> cupti_call(CUptiResult r, const char* call) {
  if (r == CUPTI_SUCCESS) return {};
  return Failure{std::string(call) + " failed: " + describe(r)};
}

// cuptiProfilerInitialize is process-wide; several RangeProfilers share one initialization.
std::mutex g_init_mutex;
int g_init_refs = 0;

Outcome<> acquire_profiler() {
  std::lock_guard<std::mutex> lock(g_init_mutex);
  if (g_init_refs == 0) {
    auto p = params<CUpti_Profiler_Initialize_Params>(CUpti_Profiler_Initialize_Params_STRUCT_SIZE);
    if (auto c = cupti_call(cuptiProfilerInitialize(&p), "cuptiProfilerInitialize"); !c) return c;
  }
  ++g_init_refs;
  return {};
}

void release_profiler() {
  std::lock_guard<std::mutex> lock(g_init_mutex);
  if (--g_init_refs == 0) {
    auto p =
        params<CUpti_Profiler_DeInitialize_Params>(CUpti_Profiler_DeInitialize_Params_STRUCT_SIZE);
    cuptiProfilerDeInitialize(&p);
  }
}

// One host object: a chip's metric tables. ConfigAddMetrics accumulates into the object, so
// each config image is built on a fresh one.
class HostObject {
 public:
  static Outcome<std::unique_ptr<HostObject>> create(const std::string& chip,
                                                     const std::vector<uint8_t>& availability) {
    auto p = params<CUpti_Profiler_Host_Initialize_Params>(
        CUpti_Profiler_Host_Initialize_Params_STRUCT_SIZE);
    p.profilerType = CUPTI_PROFILER_TYPE_RANGE_PROFILER;
    p.pChipName = chip.c_str();
    p.pCounterAvailabilityImage = availability.empty() ? nullptr : availability.data();
    if (auto c = cupti_call(cuptiProfilerHostInitialize(&p), "cuptiProfilerHostInitialize"); !c)
      return c.error();
    return std::unique_ptr<HostObject>(new HostObject(p.pHostObject));
  }
  ~HostObject() {
    auto p = params<CUpti_Profiler_Host_Deinitialize_Params>(
        CUpti_Profiler_Host_Deinitialize_Params_STRUCT_SIZE);
    p.pHostObject = object_;
    cuptiProfilerHostDeinitialize(&p);
  }
  HostObject(const HostObject&) = delete;
  HostObject& operator=(const HostObject&) = delete;
  CUpti_Profiler_Host_Object* get() const { return object_; }

 private:
  explicit HostObject(CUpti_Profiler_Host_Object* object) : object_(object) {}
  CUpti_Profiler_Host_Object* object_;
};

// A config image for one metric list, and the replay passes it takes.
struct ConfigImage {
  std::vector<uint8_t> image;
  std::size_t passes = 0;
};

std::vector<const char*> c_names(const std::vector<std::string>& names) {
  std::vector<const char*> out;
  for (const auto& n : names) out.push_back(n.c_str());
  return out;
}

std::string support_detail(const CUpti_Profiler_DeviceSupported_Params& p) {
  std::string out;
  auto add = [&](const char* what, CUpti_Profiler_Support_Level level) {
    if (level == CUPTI_PROFILER_CONFIGURATION_SUPPORTED) return;
    out += out.empty() ? "" : ", ";
    out += what;
    out += level == CUPTI_PROFILER_CONFIGURATION_DISABLED ? " (disabled)" : " (unsupported)";
  };
  add("architecture", p.architecture);
  add("SLI", p.sli);
  add("vGPU", p.vGpu);
  add("confidential compute", p.confidentialCompute);
  add("CMP", p.cmp);
  add("WSL", p.wsl);
  return out.empty() ? "unknown reason" : out;
}

}  // namespace

struct RangeProfiler::Impl {
  CUcontext ctx = nullptr;
  std::string chip;
  RangeProfilerOptions options;
  std::string init_error;
  std::string device_note;
  ProfileStatus init_status = ProfileStatus::ok;
  bool acquired = false;
  std::vector<uint8_t> availability;
  std::unique_ptr<HostObject> host;  // metric properties and evaluation; null if set_up failed
  std::map<std::string, ConfigImage> configs;  // by metric list

  void set_up(std::string chip_name);
  MetricInfo info(const std::string& name);
  Outcome<const ConfigImage*> config_for(const std::vector<std::string>& names);
  void collect(const std::vector<std::string>& names, const std::vector<uint8_t>& config,
               const std::function<void()>& launch_once, MetricValues* out);
};

void RangeProfiler::Impl::set_up(std::string chip_name) {
  auto failed = [&](ProfileStatus s, std::string why) {
    init_status = s;
    init_error = std::move(why);
  };
  if (ctx) {
    if (auto c = acquire_profiler(); !c) return failed(ProfileStatus::cupti_error, c.error().why);
    acquired = true;
    uint32_t device = 0;
    if (auto c = cupti_call(cuptiGetDeviceId(ctx, &device), "cuptiGetDeviceId"); !c)
      return failed(ProfileStatus::cupti_error, c.error().why);
    auto sup = params<CUpti_Profiler_DeviceSupported_Params>(
        CUpti_Profiler_DeviceSupported_Params_STRUCT_SIZE);
    sup.cuDevice = CUdevice(device);
    sup.api = CUPTI_PROFILER_RANGE_PROFILING;
    if (auto c = cupti_call(cuptiProfilerDeviceSupported(&sup), "cuptiProfilerDeviceSupported"); !c)
      return failed(ProfileStatus::cupti_error, c.error().why);
    // Advisory only: a VM may report a level CUPTI then does not enforce, so the verdict of
    // cuptiRangeProfilerEnable decides, and this note explains its failure.
    if (sup.isSupported != CUPTI_PROFILER_CONFIGURATION_SUPPORTED)
      device_note = "cuptiProfilerDeviceSupported reports device " + std::to_string(device) +
                    " not supported: " + support_detail(sup);
    if (chip_name.empty()) {
      auto p = params<CUpti_Device_GetChipName_Params>(CUpti_Device_GetChipName_Params_STRUCT_SIZE);
      p.deviceIndex = device;
      if (auto c = cupti_call(cuptiDeviceGetChipName(&p), "cuptiDeviceGetChipName"); !c)
        return failed(ProfileStatus::cupti_error, c.error().why);
      chip_name = p.pChipName;
    }
    // The availability image tells the scheduler which counters this device exposes (MIG,
    // driver limits). Without it CUPTI assumes the full chip; not fatal.
    auto a = params<CUpti_Profiler_GetCounterAvailability_Params>(
        CUpti_Profiler_GetCounterAvailability_Params_STRUCT_SIZE);
    a.ctx = ctx;
    if (cuptiProfilerGetCounterAvailability(&a) == CUPTI_SUCCESS &&
        a.counterAvailabilityImageSize > 0) {
      availability.resize(a.counterAvailabilityImageSize);
      a.pCounterAvailabilityImage = availability.data();
      if (cuptiProfilerGetCounterAvailability(&a) != CUPTI_SUCCESS) availability.clear();
    }
  } else if (chip_name.empty()) {
    return failed(ProfileStatus::no_context,
                  "no CUDA context and no chip name: nothing to profile or check against");
  }
  chip = chip_name;
  auto created = HostObject::create(chip, availability);
  if (!created && !availability.empty()) {  // retry the way the CUPTI sample does it
    availability.clear();
    created = HostObject::create(chip, availability);
  }
  if (!created)
    return failed(ProfileStatus::cupti_error, created.error().why + " (chip " + chip + ")");
  host = std::move(created).value();
}

MetricInfo RangeProfiler::Impl::info(const std::string& name) {
  MetricInfo m;
  m.name = name;
  auto p = params<CUpti_Profiler_Host_GetMetricProperties_Params>(
      CUpti_Profiler_Host_GetMetricProperties_Params_STRUCT_SIZE);
  p.pHostObject = host->get();
  p.pMetricName = name.c_str();
  if (cuptiProfilerHostGetMetricProperties(&p) != CUPTI_SUCCESS) return m;
  m.valid = true;
  m.is_counter = p.metricType == CUPTI_METRIC_TYPE_COUNTER;
  m.unit = p.pDimUnit ? p.pDimUnit : "";
  m.hw_unit = p.pHwUnit ? p.pHwUnit : "";
  m.description = p.pDescription ? p.pDescription : "";
  return m;
}

Outcome<const ConfigImage*> RangeProfiler::Impl::config_for(const std::vector<std::string>& names) {
  std::string key;
  for (const auto& n : names) key += n + ";";
  auto it = configs.find(key);
  if (it == configs.end()) {
    auto created = HostObject::create(chip, availability);
    if (!created) return created.error();
    const HostObject& h = **created;
    auto cn = c_names(names);
    auto add = params<CUpti_Profiler_Host_ConfigAddMetrics_Params>(
        CUpti_Profiler_Host_ConfigAddMetrics_Params_STRUCT_SIZE);
    add.pHostObject = h.get();
    add.ppMetricNames = cn.data();
    add.numMetrics = cn.size();
    if (auto c = cupti_call(cuptiProfilerHostConfigAddMetrics(&add),
                            "cuptiProfilerHostConfigAddMetrics");
        !c)
      return c.error();
    auto size = params<CUpti_Profiler_Host_GetConfigImageSize_Params>(
        CUpti_Profiler_Host_GetConfigImageSize_Params_STRUCT_SIZE);
    size.pHostObject = h.get();
    if (auto c = cupti_call(cuptiProfilerHostGetConfigImageSize(&size),
                            "cuptiProfilerHostGetConfigImageSize");
        !c)
      return c.error();
    std::vector<uint8_t> config(size.configImageSize);
    auto get = params<CUpti_Profiler_Host_GetConfigImage_Params>(
        CUpti_Profiler_Host_GetConfigImage_Params_STRUCT_SIZE);
    get.pHostObject = h.get();
    get.configImageSize = config.size();
    get.pConfigImage = config.data();
    if (auto c =
            cupti_call(cuptiProfilerHostGetConfigImage(&get), "cuptiProfilerHostGetConfigImage");
        !c)
      return c.error();
    auto np = params<CUpti_Profiler_Host_GetNumOfPasses_Params>(
        CUpti_Profiler_Host_GetNumOfPasses_Params_STRUCT_SIZE);
    np.configImageSize = config.size();
    np.pConfigImage = config.data();
    if (auto c =
            cupti_call(cuptiProfilerHostGetNumOfPasses(&np), "cuptiProfilerHostGetNumOfPasses");
        !c)
      return c.error();
    it = configs.emplace(key, ConfigImage{std::move(config), np.numOfPasses}).first;
  }
  return &it->second;
}

// Enable .. Disable around one launch: the profiler object exists only while collecting.
void RangeProfiler::Impl::collect(const std::vector<std::string>& names,
                                  const std::vector<uint8_t>& config,
                                  const std::function<void()>& launch_once, MetricValues* out) {
  auto fail = [&](ProfileStatus s, std::string why) {
    out->status = s;
    out->error = std::move(why);
  };
  const auto t0 = Clock::now();
  auto en =
      params<CUpti_RangeProfiler_Enable_Params>(CUpti_RangeProfiler_Enable_Params_STRUCT_SIZE);
  en.ctx = ctx;
  if (auto c = cupti_call(cuptiRangeProfilerEnable(&en), "cuptiRangeProfilerEnable"); !c) {
    if (device_note.empty()) return fail(ProfileStatus::cupti_error, c.error().why);
    return fail(ProfileStatus::unsupported_device, c.error().why + " (" + device_note + ")");
  }
  CUpti_RangeProfiler_Object* object = en.pRangeProfilerObject;
  struct Disable {
    CUpti_RangeProfiler_Object* o;
    ~Disable() {
      auto p = params<CUpti_RangeProfiler_Disable_Params>(
          CUpti_RangeProfiler_Disable_Params_STRUCT_SIZE);
      p.pRangeProfilerObject = o;
      cuptiRangeProfilerDisable(&p);
    }
  } disable{object};

  auto cn = c_names(names);
  auto sz = params<CUpti_RangeProfiler_GetCounterDataSize_Params>(
      CUpti_RangeProfiler_GetCounterDataSize_Params_STRUCT_SIZE);
  sz.pRangeProfilerObject = object;
  sz.pMetricNames = cn.data();
  sz.numMetrics = cn.size();
  sz.maxNumOfRanges = options.max_kernels;
  sz.maxNumRangeTreeNodes = uint32_t(options.max_kernels);
  if (auto c = cupti_call(cuptiRangeProfilerGetCounterDataSize(&sz),
                          "cuptiRangeProfilerGetCounterDataSize");
      !c)
    return fail(ProfileStatus::cupti_error, c.error().why);
  std::vector<uint8_t> counter_data(sz.counterDataSize);
  auto ci = params<CUpti_RangeProfiler_CounterDataImage_Initialize_Params>(
      CUpti_RangeProfiler_CounterDataImage_Initialize_Params_STRUCT_SIZE);
  ci.pRangeProfilerObject = object;
  ci.counterDataSize = counter_data.size();
  ci.pCounterData = counter_data.data();
  if (auto c = cupti_call(cuptiRangeProfilerCounterDataImageInitialize(&ci),
                          "cuptiRangeProfilerCounterDataImageInitialize");
      !c)
    return fail(ProfileStatus::cupti_error, c.error().why);

  auto sc = params<CUpti_RangeProfiler_SetConfig_Params>(
      CUpti_RangeProfiler_SetConfig_Params_STRUCT_SIZE);
  sc.pRangeProfilerObject = object;
  sc.configSize = config.size();
  sc.pConfig = config.data();
  sc.counterDataImageSize = counter_data.size();
  sc.pCounterDataImage = counter_data.data();
  sc.range = CUPTI_AutoRange;
  sc.replayMode = CUPTI_KernelReplay;
  sc.maxRangesPerPass = options.max_kernels;
  sc.numNestingLevels = 1;  // auto range: one level
  sc.minNestingLevel = 1;
  sc.passIndex = 0;
  sc.targetNestingLevel = 0;  // as in the CUPTI auto-range sample; worked on the H200
  if (auto c = cupti_call(cuptiRangeProfilerSetConfig(&sc), "cuptiRangeProfilerSetConfig"); !c)
    return fail(ProfileStatus::cupti_error, c.error().why);
  out->setup_ms = ms_since(t0);

  const auto t1 = Clock::now();
  auto st = params<CUpti_RangeProfiler_Start_Params>(CUpti_RangeProfiler_Start_Params_STRUCT_SIZE);
  st.pRangeProfilerObject = object;
  if (auto c = cupti_call(cuptiRangeProfilerStart(&st), "cuptiRangeProfilerStart"); !c)
    return fail(ProfileStatus::cupti_error, c.error().why);
  std::string launch_error;
  try {
    launch_once();
  } catch (const std::exception& e) {
    launch_error = e.what();
  } catch (...) {
    launch_error = "unknown exception";
  }
  auto sp = params<CUpti_RangeProfiler_Stop_Params>(CUpti_RangeProfiler_Stop_Params_STRUCT_SIZE);
  sp.pRangeProfilerObject = object;
  const CUptiResult stop = cuptiRangeProfilerStop(&sp);
  out->launch_ms = ms_since(t1);
  if (!launch_error.empty()) {
    return fail(ProfileStatus::launch_failed, "launch failed: " + launch_error);
  }
  if (auto c = cupti_call(stop, "cuptiRangeProfilerStop"); !c)
    return fail(ProfileStatus::cupti_error, c.error().why);

  const auto t2 = Clock::now();
  auto dd = params<CUpti_RangeProfiler_DecodeData_Params>(
      CUpti_RangeProfiler_DecodeData_Params_STRUCT_SIZE);
  dd.pRangeProfilerObject = object;
  if (auto c = cupti_call(cuptiRangeProfilerDecodeData(&dd), "cuptiRangeProfilerDecodeData"); !c)
    return fail(ProfileStatus::cupti_error, c.error().why);
  out->ranges_dropped = dd.numOfRangeDropped;
  auto di = params<CUpti_RangeProfiler_GetCounterDataInfo_Params>(
      CUpti_RangeProfiler_GetCounterDataInfo_Params_STRUCT_SIZE);
  di.pCounterDataImage = counter_data.data();
  di.counterDataImageSize = counter_data.size();
  if (auto c = cupti_call(cuptiRangeProfilerGetCounterDataInfo(&di),
                          "cuptiRangeProfilerGetCounterDataInfo");
      !c)
    return fail(ProfileStatus::cupti_error, c.error().why);
  if (di.numTotalRanges == 0) {
    return fail(ProfileStatus::no_kernels,
                "no kernel ran on the profiled context during launch_once");
  }
  std::vector<double> values(names.size());
  for (std::size_t r = 0; r < di.numTotalRanges; ++r) {
    KernelMetrics k;
    k.index = r;
    auto ri = params<CUpti_RangeProfiler_CounterData_GetRangeInfo_Params>(
        CUpti_RangeProfiler_CounterData_GetRangeInfo_Params_STRUCT_SIZE);
    ri.pCounterDataImage = counter_data.data();
    ri.counterDataImageSize = counter_data.size();
    ri.rangeIndex = r;
    ri.rangeDelimiter = "/";
    // The name's storage belongs to CUPTI (the header does not hand it over): copied, not freed.
    if (cuptiRangeProfilerCounterDataGetRangeInfo(&ri) == CUPTI_SUCCESS && ri.rangeName)
      k.range_name = ri.rangeName;
    auto ev = params<CUpti_Profiler_Host_EvaluateToGpuValues_Params>(
        CUpti_Profiler_Host_EvaluateToGpuValues_Params_STRUCT_SIZE);
    ev.pHostObject = host->get();
    ev.pCounterDataImage = counter_data.data();
    ev.counterDataImageSize = counter_data.size();
    ev.rangeIndex = r;
    ev.ppMetricNames = cn.data();
    ev.numMetrics = cn.size();
    ev.pMetricValues = values.data();
    if (auto c = cupti_call(cuptiProfilerHostEvaluateToGpuValues(&ev),
                            "cuptiProfilerHostEvaluateToGpuValues");
        !c)
      return fail(ProfileStatus::cupti_error, c.error().why);
    for (std::size_t i = 0; i < names.size(); ++i) k.values[names[i]] = values[i];
    out->kernels.push_back(std::move(k));
  }
  out->decode_ms = ms_since(t2);
}

RangeProfiler::RangeProfiler(void* cu_context, std::string chip_name, RangeProfilerOptions options)
    : impl_(std::make_unique<Impl>()) {
  impl_->ctx = static_cast<CUcontext>(cu_context);
  impl_->options = options;
  if (impl_->options.max_kernels == 0) impl_->options.max_kernels = 1;
  impl_->set_up(std::move(chip_name));
}

RangeProfiler::~RangeProfiler() {
  impl_->host.reset();
  if (impl_->acquired) release_profiler();
}

const std::string& RangeProfiler::chip() const { return impl_->chip; }
const std::string& RangeProfiler::init_error() const { return impl_->init_error; }
const std::string& RangeProfiler::device_note() const { return impl_->device_note; }

MetricCapabilities RangeProfiler::check(const std::vector<std::string>& metrics) {
  MetricCapabilities caps;
  caps.chip = impl_->chip;
  if (!impl_->host || !impl_->host->get()) {
    caps.status = impl_->init_status;
    caps.error = impl_->init_error;
    return caps;
  }
  std::vector<std::string> valid;
  for (const auto& name : metrics) {
    caps.metrics.push_back(impl_->info(name));
    if (caps.metrics.back().valid) {
      if (std::find(valid.begin(), valid.end(), name) == valid.end()) valid.push_back(name);
    } else {
      caps.invalid.push_back(name);
    }
  }
  if (!caps.invalid.empty()) caps.status = ProfileStatus::invalid_metrics;
  if (valid.empty()) {
    if (metrics.empty()) caps.status = ProfileStatus::no_metrics;
    return caps;
  }
  if (auto config = impl_->config_for(valid)) {
    caps.passes = (*config)->passes;
  } else {
    caps.status = ProfileStatus::cupti_error;
    caps.error = config.error().why;
  }
  return caps;
}

MetricValues RangeProfiler::profile(const std::vector<std::string>& metrics,
                                    const std::function<void()>& launch_once) {
  const auto t0 = Clock::now();
  MetricValues out;
  auto finish = [&](ProfileStatus s, std::string error) {
    if (out.status == ProfileStatus::ok) out.status = s;
    if (out.error.empty()) out.error = std::move(error);
    out.collection_ms = ms_since(t0);
    return out;
  };
  if (impl_->init_status != ProfileStatus::ok) return finish(impl_->init_status, impl_->init_error);
  if (!impl_->ctx)
    return finish(ProfileStatus::no_context, "profiler was built without a CUDA context");
  if (metrics.empty()) return finish(ProfileStatus::no_metrics, "no metrics requested");

  std::vector<std::string> names;
  std::map<std::string, bool> is_counter;
  for (const auto& name : metrics) {
    if (is_counter.count(name)) continue;
    MetricInfo m = impl_->info(name);
    if (!m.valid) out.invalid.push_back(name);
    is_counter[name] = m.is_counter;
    names.push_back(name);
  }
  if (!out.invalid.empty()) {
    std::string list;
    for (const auto& n : out.invalid) list += (list.empty() ? "" : ", ") + n;
    return finish(ProfileStatus::invalid_metrics, "not a metric on " + impl_->chip + ": " + list);
  }
  if (!is_counter.count(kDuration)) {
    names.push_back(kDuration);
    is_counter[kDuration] = true;
  }

  auto config = impl_->config_for(names);
  if (!config) return finish(ProfileStatus::cupti_error, config.error().why);
  out.passes = (*config)->passes;
  impl_->collect(names, (*config)->image, launch_once, &out);
  if (!out.ok()) return finish(out.status, "");

  std::vector<double> weights;
  for (const auto& k : out.kernels) weights.push_back(k.values.at(kDuration));
  out.values = aggregate_kernels(out.kernels, is_counter, weights);
  return finish(ProfileStatus::ok, "");
}

}  // namespace solver::profiling
