#include "engine/report/report_glance.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

#include "engine/report/device_block.h"
#include "engine/report/html_escape.h"
#include "engine/report/report_html.h"

namespace solver::engine {

namespace {

std::string esc(const std::string& s) { return html_escape(s); }

std::string fmt(double v, const char* f) {
  char buf[48];
  std::snprintf(buf, sizeof buf, f, v);
  return buf;
}
std::string px(double v) { return fmt(v, "%.1f"); }

// "51.1 TFLOP/s", "820 GFLOP/s", "4.22 TB/s": 3 significant digits, a unit that keeps it short.
std::string rate_label(double per_s, bool flops) {
  const char* u = flops ? "FLOP/s" : "B/s";
  if (per_s >= 1e15) return fmt(per_s / 1e15, "%.3g P") + u;
  if (per_s >= 1e12) return fmt(per_s / 1e12, "%.3g T") + u;
  if (per_s >= 1e9) return fmt(per_s / 1e9, "%.3g G") + u;
  if (per_s >= 1e6) return fmt(per_s / 1e6, "%.3g M") + u;
  return fmt(per_s, "%.3g ") + u;
}

double number(const rules::SignalSet& s, const char* name) {
  const auto* v = std::get_if<double>(&s.get(name));
  return v && std::isfinite(*v) ? *v : 0;
}

struct Log {
  double lo, hi, p0, p1;
  double at(double v) const {
    v = std::clamp(v, lo, hi);
    return p0 + (std::log(v) - std::log(lo)) / (std::log(hi) - std::log(lo)) * (p1 - p0);
  }
};

const char* kOff = "#1f5fa8";
const char* kOn = "#d4531c";
const char* kRoofColors[] = {"#444", "#7a4fa0", "#2b8a8a", "#a0522d", "#888"};

}  // namespace

std::string glance_html(const Summary& s) {
  std::ostringstream h;
  h << "<p class=\"verdict\">" << esc(s.verdict_line()) << "</p>\n";
  const nlohmann::json& d = s.device;
  // One row of columns, so the block stays a strip at the top of the page.
  h << "<table class=\"device\"><caption>device</caption>";
  if (!d.is_object()) {
    h << "<tr><td>not recorded (a run directory from before device blocks)</td></tr>";
  } else {
    const std::pair<const char*, const char*> fields[] = {{"name", "name"},
                                                          {"chip", "chip"},
                                                          {"measured by", "source"},
                                                          {"driver", "driver"},
                                                          {"CUDA", "cuda"},
                                                          {"SMs", "sm_count"},
                                                          {"SM clock", "sm_clock_mhz"},
                                                          {"memory clock", "mem_clock_mhz"},
                                                          {"memory", "memory_gib"},
                                                          {"L2", "l2_mib"},
                                                          {"ECC", "ecc"},
                                                          {"recorded", "recorded_at"}};
    auto value = [&](const char* key) {
      if (!d.contains(key) || d[key].is_null()) return std::string("not recorded");
      std::string unit = std::string(key) == "sm_clock_mhz" || std::string(key) == "mem_clock_mhz"
                             ? " MHz"
                         : std::string(key) == "memory_gib" ? " GiB"
                         : std::string(key) == "l2_mib"     ? " MiB"
                                                            : "";
      return d[key].is_string()    ? d[key].get<std::string>()
             : d[key].is_boolean() ? std::string(d[key].get<bool>() ? "on" : "off")
                                   : fmt(d[key].get<double>(), "%.4g") + unit;
    };
    h << "<tr>";
    for (const auto& [label, key] : fields) h << "<th>" << label << "</th>";
    h << "</tr><tr>";
    for (const auto& [label, key] : fields) {
      std::string v = value(key);
      h << "<td" << (v == "not recorded" ? " class=\"nr\"" : "") << ">" << esc(v) << "</td>";
    }
    h << "</tr>";
  }
  h << "</table>\n";
  return h.str();
}

ProblemWork problem_work(const std::vector<const RoundRecord*>& records) {
  ProblemWork w;
  for (const RoundRecord* r : records) {
    double t = r->incumbent_time_us;
    double gbps = number(r->signals, "achieved_gbps"),
           tflops = number(r->signals, "achieved_tflops");
    if (t <= 0 || gbps <= 0) continue;
    w.bytes = gbps * 1e3 * t;  // 10^9 B/s x 10^-6 s
    w.flops = tflops * 1e6 * t;
    return w;
  }
  return w;
}

std::string roofline_svg(const ProblemSummary& p, const std::vector<const RoundRecord*>& off,
                         const std::vector<const RoundRecord*>& on, const ProblemOracle* pool,
                         const FloorRates* rates) {
  std::vector<const RoundRecord*> all = off;
  all.insert(all.end(), on.begin(), on.end());
  ProblemWork w = problem_work(all);
  if (!w.known()) return "";
  // FLOP/s against FLOP/byte; a problem without FLOPs (a copy) is drawn in bytes per second.
  const bool flops = w.flops > 0;
  const double work = flops ? w.flops : w.bytes;
  const double ai = flops ? w.flops / w.bytes : 1;
  const double bw = rates && rates->dram_gbps > 0 ? rates->dram_gbps * 1e9 : 0;
  struct Roof {
    std::string cls;
    double peak;
  };
  std::vector<Roof> roofs;
  if (rates && flops)
    for (const auto& [cls, tf] : rates->tflops)
      if (tf > 0) roofs.push_back({cls, tf * 1e12});
  std::sort(roofs.begin(), roofs.end(),
            [](const Roof& a, const Roof& b) { return a.peak < b.peak; });
  auto rate = [&](double us) { return us > 0 ? work / (us * 1e-6) : 0; };

  double xlo = ai, xhi = ai;
  for (const auto& r : roofs)
    if (bw > 0) xlo = std::min(xlo, r.peak / bw), xhi = std::max(xhi, r.peak / bw);
  xlo /= 8, xhi *= 8;
  std::vector<double> ys;
  if (pool)
    for (const auto& pt : pool->points)
      if (pt.measured()) ys.push_back(rate(pt.time_us));
  for (const auto* t : {&p.off, &p.on})
    for (auto [r, b] : t->best_by_round) ys.push_back(rate(b));
  for (const auto& r : roofs) ys.push_back(r.peak);
  if (bw > 0) ys.push_back(flops ? bw * xlo : bw);
  ys.erase(std::remove_if(ys.begin(), ys.end(), [](double v) { return !(v > 0); }), ys.end());
  if (ys.empty()) return "";
  double ylo = *std::min_element(ys.begin(), ys.end()) / 2;
  double yhi = *std::max_element(ys.begin(), ys.end()) * 2;

  const double W = 660, H = 300, L = 86, R = 128, T = 34, B = 40;
  Log x{xlo, xhi, L, W - R}, y{ylo, yhi, H - B, T};
  std::ostringstream o;
  o << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << W << "\" height=\"" << H
    << "\" viewBox=\"0 0 " << W << ' ' << H << "\" role=\"img\" class=\"roofline\"><title>"
    << esc(p.problem) << " roofline</title>";
  o << "<text x=\"" << L << "\" y=\"16\" class=\"t\">Roofline"
    << (flops ? "" : " (no FLOPs: bytes per second)") << "</text><text x=\"" << L
    << "\" y=\"29\" class=\"sub\">"
    << esc(flops ? "arithmetic intensity " + fmt(ai, "%.3g") + " FLOP/byte (problem formulas)"
                 : "a copy-like problem: achieved DRAM rate against the bandwidth roof")
    << "</text>";
  o << "<rect x=\"" << L << "\" y=\"" << T << "\" width=\"" << W - L - R << "\" height=\""
    << H - T - B << "\" fill=\"#fcfcfc\" stroke=\"#bbb\"/>";
  for (double v : log_ticks(ylo, yhi))
    o << "<line x1=\"" << L << "\" x2=\"" << W - R << "\" y1=\"" << px(y.at(v)) << "\" y2=\""
      << px(y.at(v)) << "\" stroke=\"#eee\"/><text x=\"" << L - 5 << "\" y=\"" << px(y.at(v) + 4)
      << "\" text-anchor=\"end\">" << esc(rate_label(v, flops)) << "</text>";
  if (flops) {
    for (double v : log_ticks(xlo, xhi))
      o << "<text x=\"" << px(x.at(v)) << "\" y=\"" << H - B + 14 << "\" text-anchor=\"middle\">"
        << fmt(v, "%g") << "</text>";
    o << "<text x=\"" << (L + W - R) / 2 << "\" y=\"" << H - 4
      << "\" text-anchor=\"middle\" class=\"sub\">FLOP per DRAM byte (log)</text>";
  }
  // Roofs: the bandwidth slope up to each class's ridge, then the class's peak; labels on the
  // right, pushed apart so that none overlaps another.
  std::vector<std::pair<double, std::string>> labels;  // (y pixel, text) of each roof
  int k = 0;
  for (const auto& r : roofs) {
    const char* c = kRoofColors[k++ % 5];
    double ridge = bw > 0 ? r.peak / bw : xlo;
    o << "<polyline fill=\"none\" stroke=\"" << c << "\" stroke-width=\"1.6\" points=\"";
    if (bw > 0) o << px(x.at(xlo)) << ',' << px(y.at(bw * xlo)) << ' ';
    o << px(x.at(std::max(ridge, xlo))) << ',' << px(y.at(r.peak)) << ' ' << px(x.at(xhi)) << ','
      << px(y.at(r.peak)) << "\"><title>" << esc(r.cls) << " roof</title></polyline>";
    labels.emplace_back(y.at(r.peak), r.cls + " " + rate_label(r.peak, true));
  }
  if (!flops && bw > 0) {
    o << "<line x1=\"" << L << "\" x2=\"" << W - R << "\" y1=\"" << px(y.at(bw)) << "\" y2=\""
      << px(y.at(bw)) << "\" stroke=\"#444\" stroke-width=\"1.6\"/>";
    labels.emplace_back(y.at(bw), "DRAM " + rate_label(bw, false));
  }
  std::sort(labels.begin(), labels.end());
  for (std::size_t i = 1; i < labels.size(); ++i)
    labels[i].first = std::max(labels[i].first, labels[i - 1].first + 13);
  for (const auto& [ly, text] : labels)
    o << "<text x=\"" << W - R + 5 << "\" y=\"" << px(ly + 4) << "\">" << esc(text) << "</text>";
  if (flops && bw > 0)
    o << "<text x=\"" << px(x.at(xlo) + 6) << "\" y=\"" << px(y.at(bw * xlo * 2.2) - 6)
      << "\" class=\"sub\">DRAM " << esc(rate_label(bw, false)) << "</text>";
  // The problem's intensity, the pool's points on it, and each track's incumbent per round a
  // few pixels either side (OFF left, ON right) so that equal times never hide each other.
  const double cx = x.at(ai);
  o << "<line x1=\"" << px(cx) << "\" x2=\"" << px(cx) << "\" y1=\"" << T << "\" y2=\"" << H - B
    << "\" stroke=\"#bbb\" stroke-dasharray=\"3 3\"/>";
  if (pool)
    for (const auto& pt : pool->points)
      if (pt.measured())
        o << "<circle cx=\"" << px(cx) << "\" cy=\"" << px(y.at(rate(pt.time_us)))
          << "\" r=\"2.5\" fill=\"#bbb\"><title>pool " << esc(pt.key) << ' '
          << esc(time_label(pt.time_us)) << ' ' << esc(pt.precision) << "</title></circle>";
  auto track = [&](const TrackSummary& t, const char* color, double dx, const char* name) {
    if (t.best_by_round.empty()) return;
    o << "<polyline fill=\"none\" stroke=\"" << color << "\" stroke-width=\"1.5\" points=\"";
    for (auto [r, b] : t.best_by_round) o << px(cx + dx) << ',' << px(y.at(rate(b))) << ' ';
    o << "\"/>";
    double prev = -1;
    for (auto [r, b] : t.best_by_round) {
      if (b == prev) continue;
      prev = b;
      bool last = b == t.best_by_round.back().second;
      o << "<circle cx=\"" << px(cx + dx) << "\" cy=\"" << px(y.at(rate(b))) << "\" r=\""
        << (last ? 5.5 : 3.5) << "\" fill=\"" << (last ? color : "#fff") << "\" stroke=\"" << color
        << "\" stroke-width=\"1.5\"><title>" << name << " incumbent after round " << r << ": "
        << esc(time_label(b)) << ", " << esc(rate_label(rate(b), flops)) << "</title></circle>";
    }
  };
  track(p.off, kOff, -7, "OFF");
  track(p.on, kOn, 7, "ON");
  o << "</svg>";
  return o.str();
}

}  // namespace solver::engine
