// The JSON of the backend's value types: one encoder and one strict decoder per type, shared by
// the wire (worker_protocol.h), the recording (recording.h) and the ledger (engine/loop/ledger.h),
// so the three cannot disagree on what a field means. docs/gpu-backend.md ("JSON of the value
// types") states the policy these implement:
//  - JSON has no NaN/Inf. A non-finite double is written as null. Read back, null is NaN in a
//    field that can be "not measured" (an error bound, a time, a clock, a metric, a phase), and
//    refused where a number is required (an integer, a count, a seed, a confidence).
//  - A missing optional key takes the field's default (records written before the field); a
//    missing required key is an error naming the key and the record.
//  - A value of the wrong type, an unknown enum name or signal name is an error, never a
//    default: every decoder throws rules::InputError naming `where` (a "file:line" or
//    "file: /json/pointer" label) and the JSON pointer of the value.
#pragma once
#include <string>

#include <nlohmann/json.hpp>

#include "engine/backend/backend.h"
#include "rules/signals.h"

namespace solver::engine {

struct DeviceInfo;  // worker_protocol.h
struct Ceilings;    // worker_protocol.h

nlohmann::json to_json(const VariantRef& v);
VariantRef variant_ref_from_json(const nlohmann::json& j, const std::string& where = "variant");
nlohmann::json to_json(const GateResult& g);
GateResult gate_result_from_json(const nlohmann::json& j, const std::string& where = "gate");
nlohmann::json to_json(const rules::SignalSet& s);
// A null signal is a missing one (absent from the set), never NaN or zero.
rules::SignalSet signal_set_from_json(const nlohmann::json& j,
                                      const std::string& where = "signals");
nlohmann::json to_json(const ProfileResult& p);
ProfileResult profile_result_from_json(const nlohmann::json& j,
                                       const std::string& where = "profile");
nlohmann::json to_json(const PairSamples& p);
PairSamples pair_samples_from_json(const nlohmann::json& j, const std::string& where = "pairs");
nlohmann::json to_json(const TimeSamples& t);
TimeSamples time_samples_from_json(const nlohmann::json& j, const std::string& where = "time");
nlohmann::json to_json(const DeviceInfo& d);
DeviceInfo device_info_from_json(const nlohmann::json& j, const std::string& where = "device");
nlohmann::json to_json(const Ceilings& c);
Ceilings ceilings_from_json(const nlohmann::json& j, const std::string& where = "ceilings");

// The non-finite policy for one double: null where it is not finite.
nlohmann::json json_number(double v);

}  // namespace solver::engine
