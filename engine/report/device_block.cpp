#include "engine/report/device_block.h"

#include <algorithm>
#include <cstdio>
#include <vector>

#include "engine/backend/recording.h"
#include "engine/backend/worker_protocol.h"

namespace solver::engine {

using nlohmann::json;

namespace {
json or_null(const std::string& s) { return s.empty() ? json(nullptr) : json(s); }
json or_null(double v) { return v > 0 ? json(v) : json(nullptr); }

// The SM clock the recorded samples were timed at (the median over the variants that say).
double recorded_sm_clock(const Recording& r) {
  std::vector<double> clocks;
  for (const auto& [name, p] : r.problems)
    for (const auto& [key, v] : p.variants)
      if (v.sm_clock_mhz > 0) clocks.push_back(v.sm_clock_mhz);
  if (clocks.empty()) return 0;
  std::nth_element(clocks.begin(), clocks.begin() + clocks.size() / 2, clocks.end());
  return clocks[clocks.size() / 2];
}
}  // namespace

json device_block(const Backend& backend) {
  BackendInfo info = backend.info();
  json d = {{"source", info.kind},
            {"name", or_null(info.device_name)},
            {"chip", or_null(info.chip_id)},
            {"driver", nullptr},
            {"cuda", nullptr},
            {"sm_count", nullptr},
            {"sm_clock_mhz", nullptr},
            {"mem_clock_mhz", nullptr},
            {"memory_gib", nullptr},
            {"l2_mib", nullptr},
            {"ecc", nullptr},
            {"recorded_at", nullptr}};
  if (const DeviceInfo* dev = backend.device()) {
    // The kernel driver's version ("580.95.05"); cuDriverGetVersion gives the CUDA version it
    // supports, which is the "cuda" field (an older worker reports only that).
    d["driver"] = or_null(dev->driver);
    if (dev->driver_version > 0)
      d["cuda"] = std::to_string(dev->driver_version / 1000) + "." +
                  std::to_string(dev->driver_version % 1000 / 10);
    d["ecc"] = dev->ecc < 0 ? json(nullptr) : json(dev->ecc == 1);
    d["pci_bus_id"] = or_null(dev->pci_bus_id);
    d["sm_count"] = dev->sm_count > 0 ? json(dev->sm_count) : json(nullptr);
    d["sm_clock_mhz"] = or_null(dev->sm_clock_mhz);
    d["mem_clock_mhz"] = or_null(dev->mem_clock_mhz);
    d["memory_gib"] = or_null(double(dev->total_mem_bytes) / (1u << 30));
    d["l2_mib"] = or_null(double(dev->l2_bytes) / (1u << 20));
    d["arch"] = or_null(dev->arch);
  }
  if (const Recording* r = backend.recording()) {
    d["driver"] = or_null(r->driver);
    d["cuda"] = or_null(r->cuda);
    d["ecc"] = r->ecc ? json(*r->ecc) : json(nullptr);
    d["recorded_at"] = or_null(r->created);
    d["sm_clock_mhz"] = or_null(recorded_sm_clock(*r));
    d["sm_clock_note"] = "median SM clock the recorded samples were timed at";
  }
  return d;
}

json device_block_of_manifest(const json& manifest) {
  if (manifest.contains("device") && manifest["device"].is_object()) return manifest["device"];
  if (!manifest.contains("backend") || !manifest["backend"].is_object()) return nullptr;
  const json& b = manifest["backend"];
  return json{{"source", b.value("kind", "")},
              {"name", or_null(b.value("device_name", ""))},
              {"chip", or_null(b.value("chip", ""))},
              {"note", or_null(b.value("note", ""))}};
}

std::string device_line(const json& d) {
  if (!d.is_object()) return "device not recorded";
  auto text = [&](const char* key) -> std::string {
    if (!d.contains(key) || d[key].is_null()) return "not recorded";
    if (d[key].is_string()) return d[key].get<std::string>();
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.4g", d[key].get<double>());
    return buf;
  };
  std::string s = text("name") + " (" + text("chip") + ")";
  s += " · driver " + text("driver") + " · CUDA " + text("cuda");
  s += " · SM clock " + (d.value("sm_clock_mhz", json()).is_null() ? std::string("not recorded")
                                                                   : text("sm_clock_mhz") + " MHz");
  s += " · memory " + (d.value("memory_gib", json()).is_null() ? std::string("not recorded")
                                                               : text("memory_gib") + " GiB");
  s += " · ECC " + (d.value("ecc", json()).is_null() ? std::string("not recorded")
                                                     : (d["ecc"].get<bool>() ? "on" : "off"));
  if (!d.value("recorded_at", json()).is_null()) s += " · recorded " + text("recorded_at");
  return s;
}

}  // namespace solver::engine
