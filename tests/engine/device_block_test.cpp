// issue 32: the device block (manifest, summary.json, report, terminal): the kernel driver's
// version, the CUDA version, ECC and the PCI bus id from the worker's hello; from a recording,
// what it recorded; a field nobody recorded is null and reads "not recorded", never a guess.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "engine/backend/gpu/driver_version.h"
#include "engine/backend/recorded_backend.h"
#include "engine/backend/recording.h"
#include "engine/backend/value_json.h"
#include "engine/report/device_block.h"

using namespace solver;
using nlohmann::json;

namespace {

// A live backend as the device block sees one: the worker's DeviceInfo, no recording.
class LiveLike : public engine::RecordedBackend {
 public:
  explicit LiveLike(engine::DeviceInfo d)
      : RecordedBackend(engine::Recording{}), dev_(std::move(d)) {}
  engine::BackendInfo info() const override { return {"live", dev_.chip_id, dev_.name, "", ""}; }
  const engine::DeviceInfo* device() const override { return &dev_; }
  const engine::Recording* recording() const override { return nullptr; }

 private:
  engine::DeviceInfo dev_;
};

engine::DeviceInfo h200() {
  engine::DeviceInfo d;
  d.name = "NVIDIA H200";
  d.chip_id = "h200";
  d.cc_major = 9;
  d.sm_count = 132;
  d.driver_version = 13000;
  d.driver = "580.95.05";
  d.ecc = 1;
  d.pci_bus_id = "0000:19:00.0";
  d.total_mem_bytes = int64_t(141) << 30;
  d.sm_clock_mhz = 1980;
  return d;
}

const std::string kBundled = std::string(SOLVER_SOURCE_DIR) + "/tests/data/recordings/h200.json";

}  // namespace

TEST_CASE(
    "the worker's device info carries driver, ECC and bus id; an older worker's reads unknown") {
  json j = engine::to_json(h200());
  CHECK(j["driver"] == "580.95.05");
  CHECK(j["ecc"] == 1);
  CHECK(j["pci_bus_id"] == "0000:19:00.0");
  engine::DeviceInfo back = engine::device_info_from_json(j, "hello");
  CHECK(back.driver == "580.95.05");
  CHECK(back.ecc == 1);
  CHECK(back.pci_bus_id == "0000:19:00.0");
  for (const char* k : {"driver", "ecc", "pci_bus_id"}) j.erase(k);
  engine::DeviceInfo old = engine::device_info_from_json(j, "hello");
  CHECK(old.driver.empty());
  CHECK(old.ecc == -1);
  j["ecc"] = 2;
  CHECK_THROWS(engine::device_info_from_json(j, "hello"));
}

TEST_CASE("a live device block: kernel driver, CUDA version, ECC on/off, the line says them") {
  LiveLike live(h200());
  json d = engine::device_block(live);
  CHECK(d["driver"] == "580.95.05");
  CHECK(d["cuda"] == "13.0");
  CHECK(d["ecc"] == true);
  CHECK(d["pci_bus_id"] == "0000:19:00.0");
  CHECK(d["source"] == "live");
  std::string line = engine::device_line(d);
  CHECK(line.find("NVIDIA H200 (h200) · driver 580.95.05 · CUDA 13.0 · SM clock 1980 MHz · "
                  "memory 141 GiB · ECC on") == 0);

  engine::DeviceInfo off = h200();
  off.ecc = 0;
  CHECK(engine::device_line(engine::device_block(LiveLike(off))).find("ECC off") !=
        std::string::npos);
  // An older worker: nothing said about the driver or ECC -> not recorded, CUDA still known.
  engine::DeviceInfo old = h200();
  old.driver.clear();
  old.ecc = -1;
  json o = engine::device_block(LiveLike(old));
  CHECK(o["driver"].is_null());
  CHECK(o["ecc"].is_null());
  CHECK(o["cuda"] == "13.0");
  CHECK(engine::device_line(o).find("driver not recorded · CUDA 13.0") != std::string::npos);
  CHECK(engine::device_line(o).find("ECC not recorded") != std::string::npos);
}

TEST_CASE("a recording keeps ECC when recorded and reads 'not recorded' when it was not") {
  engine::Recording r;
  r.chip = "h200";
  r.device_name = "NVIDIA H200";
  r.driver = "580.95.05";
  r.cuda = "13.0";
  CHECK_FALSE(engine::to_json(r).contains("ecc"));  // unknown: not written, bytes unchanged
  r.ecc = false;
  std::string text = engine::dump_recording(r);
  CHECK(text.find("\"ecc\": false") != std::string::npos);
  engine::Recording back = engine::parse_recording(text, "r.json");
  REQUIRE(back.ecc.has_value());
  CHECK(*back.ecc == false);
  json d = engine::device_block(engine::RecordedBackend(back));
  CHECK(d["ecc"] == false);
  CHECK(d["driver"] == "580.95.05");
  CHECK(engine::device_line(d).find("driver 580.95.05 · CUDA 13.0") != std::string::npos);
  CHECK(engine::device_line(d).find("ECC off") != std::string::npos);

  // The bundled recording predates both fields: null, "not recorded", never a default.
  engine::Recording bundled = engine::load_recording(kBundled);
  CHECK_FALSE(bundled.ecc.has_value());
  json b = engine::device_block(engine::RecordedBackend(bundled));
  CHECK(b["ecc"].is_null());
  CHECK(b["driver"].is_null());
  std::string line = engine::device_line(b);
  CHECK(line.find("driver not recorded") != std::string::npos);
  CHECK(line.find("ECC not recorded") != std::string::npos);
  CHECK(line.find("ECC on") == std::string::npos);
  CHECK(line.find("ECC off") == std::string::npos);
  // Its bytes survive a load and a save (no "ecc": null added).
  CHECK_FALSE(engine::to_json(bundled).contains("ecc"));
}

TEST_CASE("the kernel driver's version is read from /proc/driver/nvidia/version's first line") {
  CHECK(gpu::driver_version_from_proc(
            "NVRM version: NVIDIA UNIX x86_64 Kernel Module  580.95.05  Tue Sep 23 09:55:41 UTC "
            "2025\nGCC version:  gcc version 12.2.0 (Debian 12.2.0-14)\n") == "580.95.05");
  CHECK(gpu::driver_version_from_proc("NVRM version: NVIDIA UNIX Open Kernel Module for x86_64  "
                                      "570.124.06  Release Build  (dvs-builder@U16)\n") ==
        "570.124.06");
  CHECK(gpu::driver_version_from_proc("GCC version: gcc version 12.2.0\n").empty());
  CHECK(gpu::driver_version_from_proc("NVRM version: unknown\n12.2.0").empty());
  CHECK(gpu::read_driver_version("/nonexistent/version").empty());
}
