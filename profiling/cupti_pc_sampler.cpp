#include "profiling/cupti_pc_sampler.h"

#include <cupti.h>
#include <cupti_pcsampling.h>

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <map>
#include <thread>

namespace solver::profiling {
namespace {

std::string failure(const char* call, CUptiResult r) {
  const char* name = nullptr;
  cuptiGetResultString(r, &name);
  std::string out = std::string(call) + ": " + (name ? name : "CUPTI error " + std::to_string(r));
  if (r == CUPTI_ERROR_INSUFFICIENT_PRIVILEGES)
    out += " (profiling is restricted to admin users: NVreg_RestrictProfilingToAdminUsers=1)";
  return out;
}

// PCs one GetData round reads; a kernel with more distinct sampled PCs takes more rounds.
constexpr size_t kPcsPerRound = 4096;

}  // namespace

struct PcSampler::State {
  std::vector<uint32_t> reason_index;
  std::map<uint32_t, std::string> reason_name;  // CUPTI index -> short name
  CUpti_PCSamplingData data{};
  std::vector<CUpti_PCSamplingPCData> pcs;
  std::vector<std::vector<CUpti_PCSamplingStallReason>> stalls;
};

PcSampler::PcSampler(void* cu_context, int period_log2) : ctx_(cu_context) {
  if (!ctx_) {
    init_error_ = "no CUDA context";
    return;
  }
  CUcontext ctx = static_cast<CUcontext>(ctx_);
  CUpti_PCSamplingEnableParams enable{};
  enable.size = CUpti_PCSamplingEnableParamsSize;
  enable.ctx = ctx;
  if (CUptiResult r = cuptiPCSamplingEnable(&enable); r != CUPTI_SUCCESS) {
    init_error_ = failure("cuptiPCSamplingEnable", r);
    return;
  }
  enabled_ = true;
  state_ = new State;
  size_t count = 0;
  CUpti_PCSamplingGetNumStallReasonsParams num{};
  num.size = CUpti_PCSamplingGetNumStallReasonsParamsSize;
  num.ctx = ctx;
  num.numStallReasons = &count;
  if (CUptiResult r = cuptiPCSamplingGetNumStallReasons(&num); r != CUPTI_SUCCESS) {
    init_error_ = failure("cuptiPCSamplingGetNumStallReasons", r);
    return;
  }
  std::vector<std::vector<char>> names(count, std::vector<char>(CUPTI_STALL_REASON_STRING_SIZE));
  std::vector<char*> name_ptrs(count);
  for (size_t i = 0; i < count; ++i) name_ptrs[i] = names[i].data();
  state_->reason_index.assign(count, 0);
  CUpti_PCSamplingGetStallReasonsParams reasons{};
  reasons.size = CUpti_PCSamplingGetStallReasonsParamsSize;
  reasons.ctx = ctx;
  reasons.numStallReasons = count;
  reasons.stallReasonIndex = state_->reason_index.data();
  reasons.stallReasons = name_ptrs.data();
  if (CUptiResult r = cuptiPCSamplingGetStallReasons(&reasons); r != CUPTI_SUCCESS) {
    init_error_ = failure("cuptiPCSamplingGetStallReasons", r);
    return;
  }
  for (size_t i = 0; i < count; ++i)
    state_->reason_name[state_->reason_index[i]] = stall_reason_name(names[i].data());

  state_->pcs.assign(kPcsPerRound, CUpti_PCSamplingPCData{});
  state_->stalls.assign(kPcsPerRound, std::vector<CUpti_PCSamplingStallReason>(count));
  for (size_t i = 0; i < kPcsPerRound; ++i) {
    state_->pcs[i].size = sizeof(CUpti_PCSamplingPCData);
    state_->pcs[i].stallReason = state_->stalls[i].data();
  }
  state_->data.size = sizeof(CUpti_PCSamplingData);
  state_->data.collectNumPcs = kPcsPerRound;
  state_->data.pPcData = state_->pcs.data();

  std::vector<CUpti_PCSamplingConfigurationInfo> cfg(6);
  cfg[0].attributeType = CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_STALL_REASON;
  cfg[0].attributeData.stallReasonData.stallReasonCount = count;
  cfg[0].attributeData.stallReasonData.pStallReasonIndex = state_->reason_index.data();
  cfg[1].attributeType = CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_SAMPLING_PERIOD;
  cfg[1].attributeData.samplingPeriodData.samplingPeriod = uint32_t(period_log2);
  cfg[2].attributeType = CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_SAMPLING_DATA_BUFFER;
  cfg[2].attributeData.samplingDataBufferData.samplingDataBuffer = &state_->data;
  cfg[3].attributeType = CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_ENABLE_START_STOP_CONTROL;
  cfg[3].attributeData.enableStartStopControlData.enableStartStopControl = 1;
  cfg[4].attributeType = CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_COLLECTION_MODE;
  cfg[4].attributeData.collectionModeData.collectionMode =
      CUPTI_PC_SAMPLING_COLLECTION_MODE_CONTINUOUS;
  // 64 MiB of device memory instead of the default 512: one ~ms run at the chosen period fills
  // a few MiB (the period is picked for ~50,000 samples).
  cfg[5].attributeType = CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_HARDWARE_BUFFER_SIZE;
  cfg[5].attributeData.hardwareBufferSizeData.hardwareBufferSize = size_t(64) << 20;
  CUpti_PCSamplingConfigurationInfoParams set{};
  set.size = CUpti_PCSamplingConfigurationInfoParamsSize;
  set.ctx = ctx;
  set.numAttributes = cfg.size();
  set.pPCSamplingConfigurationInfo = cfg.data();
  if (CUptiResult r = cuptiPCSamplingSetConfigurationAttribute(&set); r != CUPTI_SUCCESS) {
    init_error_ = failure("cuptiPCSamplingSetConfigurationAttribute", r);
    for (const auto& c : cfg)
      if (c.attributeStatus != CUPTI_SUCCESS)
        init_error_ += "; attribute " + std::to_string(int(c.attributeType)) + ": " +
                       failure("status", c.attributeStatus);
  }
}

PcSampler::~PcSampler() {
  if (enabled_) {
    CUpti_PCSamplingDisableParams disable{};
    disable.size = CUpti_PCSamplingDisableParamsSize;
    disable.ctx = static_cast<CUcontext>(ctx_);
    cuptiPCSamplingDisable(&disable);
  }
  delete state_;
}

namespace {

// One cuptiPCSamplingGetData into `data` (the configured buffer); false on an error.
bool get_data(CUcontext ctx, CUpti_PCSamplingData& data, std::string* error) {
  data.totalNumPcs = data.remainingNumPcs = 0;
  data.totalSamples = data.droppedSamples = 0;
  CUpti_PCSamplingGetDataParams get{};
  get.size = CUpti_PCSamplingGetDataParamsSize;
  get.ctx = ctx;
  get.pcSamplingData = &data;
  if (CUptiResult r = cuptiPCSamplingGetData(&get); r != CUPTI_SUCCESS) {
    if (error) *error = failure("cuptiPCSamplingGetData", r);
    return false;
  }
  return true;
}

}  // namespace

PcSampler::Samples PcSampler::sample(const std::function<void()>& run, const std::string& want) {
  Samples out;
  if (!init_error_.empty()) {
    out.error = init_error_;
    return out;
  }
  CUcontext ctx = static_cast<CUcontext>(ctx_);
  CUpti_PCSamplingData& data = state_->data;
  // Records of earlier ranges can still be pending here: measured on the H200, a kernel's
  // session returned the samples of functions sampled several kernels before (and none of its
  // own), across cuptiPCSamplingDisable/Enable. Everything pending before Start is read and
  // discarded, so what comes after Stop is this range's.
  for (int round = 0; round < 256; ++round) {
    if (!get_data(ctx, data, nullptr)) break;  // nothing to drain, or not allowed yet
    out.stale_samples += data.totalSamples;
    if (data.totalNumPcs == 0 && data.remainingNumPcs == 0) break;
  }
  data.totalNumPcs = data.remainingNumPcs = 0;
  data.totalSamples = data.droppedSamples = 0;
  CUpti_PCSamplingStartParams start{};
  start.size = CUpti_PCSamplingStartParamsSize;
  start.ctx = ctx;
  if (CUptiResult r = cuptiPCSamplingStart(&start); r != CUPTI_SUCCESS) {
    out.error = failure("cuptiPCSamplingStart", r);
    return out;
  }
  try {
    run();
  } catch (const std::exception& e) {
    out.error = std::string("the sampled run failed: ") + e.what();
  }
  CUpti_PCSamplingStopParams stop{};
  stop.size = CUpti_PCSamplingStopParamsSize;
  stop.ctx = ctx;
  if (CUptiResult r = cuptiPCSamplingStop(&stop); r != CUPTI_SUCCESS && out.error.empty())
    out.error = failure("cuptiPCSamplingStop", r);
  if (!out.error.empty()) return out;
  // Stop may leave records in the configured buffer; GetData flushes the rest, a round of at
  // most kPcsPerRound PCs at a time, until CUPTI says none remain. The records can come later
  // than Stop: while none of `want` has been seen, empty rounds are polled again (1 ms apart, at
  // most kLatePolls times) before the range is taken as it is.
  constexpr int kLatePolls = 40;
  bool seen = want.empty();
  int late = 0;
  for (bool first = true;; first = false) {
    for (size_t i = 0; i < data.totalNumPcs; ++i) {
      const CUpti_PCSamplingPCData& pc = data.pPcData[i];
      PcRecord rec;
      rec.function = pc.functionName ? pc.functionName : "";
      rec.pc_offset = pc.pcOffset;
      rec.cubin_crc = pc.cubinCrc;
      rec.function_index = pc.functionIndex;
      for (size_t k = 0; k < pc.stallReasonCount; ++k) {
        const CUpti_PCSamplingStallReason& s = pc.stallReason[k];
        auto name = state_->reason_name.find(s.pcSamplingStallReasonIndex);
        rec.stalls[name == state_->reason_name.end()
                       ? "reason_" + std::to_string(s.pcSamplingStallReasonIndex)
                       : name->second] += s.samples;
        out.total_samples += s.samples;
      }
      if (!seen && rec.function == want && !rec.stalls.empty()) seen = true;
      out.pcs.push_back(std::move(rec));
    }
    out.dropped_samples += data.droppedSamples;
    out.hardware_buffer_full = out.hardware_buffer_full || data.hardwareBufferFull;
    const bool drained = !first && data.totalNumPcs == 0 && data.remainingNumPcs == 0;
    if (drained) {
      if (seen || late >= kLatePolls) break;
      ++late;
      ++out.late_polls;
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    if (!get_data(ctx, data, &out.error)) return out;
  }
  return out;
}

uint64_t cubin_crc(const std::string& cubin) {
  CUpti_GetCubinCrcParams p{};
  p.size = CUpti_GetCubinCrcParamsSize;
  p.cubinSize = cubin.size();
  p.cubin = cubin.data();
  return cuptiGetCubinCrc(&p) == CUPTI_SUCCESS ? p.cubinCrc : 0;
}

LineRef sass_to_source(const std::string& cubin, const std::string& function, uint64_t pc_offset) {
  CUpti_GetSassToSourceCorrelationParams p{};
  p.size = CUpti_GetSassToSourceCorrelationParamsSize;
  p.cubin = cubin.data();
  p.cubinSize = cubin.size();
  p.functionName = function.c_str();
  p.pcOffset = pc_offset;
  LineRef out;
  if (cuptiGetSassToSourceCorrelation(&p) == CUPTI_SUCCESS && p.fileName && p.lineNumber > 0) {
    out.file = p.fileName;
    out.line = int(p.lineNumber);
  }
  // CUPTI allocates both strings; the caller frees them (cupti_pcsampling.h).
  std::free(p.fileName);
  std::free(p.dirName);
  return out;
}

}  // namespace solver::profiling
