#include "engine/report_html.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <sstream>

namespace solver::engine {

namespace {

std::string esc(const std::string& s) {
  std::string o;
  for (char c : s) {
    switch (c) {
      case '<': o += "&lt;"; break;
      case '>': o += "&gt;"; break;
      case '&': o += "&amp;"; break;
      case '"': o += "&quot;"; break;
      default: o += c;
    }
  }
  return o;
}

std::string num(double v, const char* f = "%.4g") {
  char buf[40];
  std::snprintf(buf, sizeof buf, f, v);
  return buf;
}

const char* kPalette[] = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b",
                          "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"};

struct Series {
  std::string name, color;
  std::vector<std::pair<double, double>> points;
  bool dashed = false;
};

// A small line plot with axes, ticks and a legend, as inline SVG.
std::string line_plot(const std::string& title, const std::string& xlabel,
                      const std::string& ylabel, const std::vector<Series>& series,
                      bool y_from_zero) {
  const double W = 640, H = 300, L = 70, R = 160, T = 30, B = 45;
  double x0 = INFINITY, x1 = -INFINITY, y0 = INFINITY, y1 = -INFINITY;
  for (const auto& s : series)
    for (auto [x, y] : s.points) {
      x0 = std::min(x0, x), x1 = std::max(x1, x), y0 = std::min(y0, y), y1 = std::max(y1, y);
    }
  std::ostringstream o;
  o << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << W << "\" height=\"" << H
    << "\" viewBox=\"0 0 " << W << ' ' << H << "\" role=\"img\"><title>" << esc(title)
    << "</title>";
  o << "<text x=\"" << L << "\" y=\"18\" class=\"t\">" << esc(title) << "</text>";
  if (!std::isfinite(x0)) {
    o << "<text x=\"" << L << "\" y=\"" << H / 2 << "\">no data</text></svg>";
    return o.str();
  }
  if (y_from_zero) y0 = std::min(0.0, y0);
  if (x1 == x0) x1 = x0 + 1;
  if (y1 == y0) y1 = y0 + (y0 == 0 ? 1 : std::fabs(y0) * 0.1), y0 -= (y1 - y0) * 0.5;
  double pad = (y1 - y0) * 0.05;
  y1 += pad;
  if (!y_from_zero) y0 -= pad;
  auto X = [&](double x) { return L + (x - x0) / (x1 - x0) * (W - L - R); };
  auto Y = [&](double y) { return H - B - (y - y0) / (y1 - y0) * (H - T - B); };
  o << "<rect x=\"" << L << "\" y=\"" << T << "\" width=\"" << W - L - R << "\" height=\""
    << H - T - B << "\" fill=\"none\" stroke=\"#999\"/>";
  for (int i = 0; i <= 4; ++i) {
    double y = y0 + (y1 - y0) * i / 4;
    o << "<line x1=\"" << L << "\" x2=\"" << W - R << "\" y1=\"" << Y(y) << "\" y2=\"" << Y(y)
      << "\" stroke=\"#eee\"/><text x=\"" << L - 6 << "\" y=\"" << Y(y) + 4
      << "\" text-anchor=\"end\">" << num(y, "%.3g") << "</text>";
  }
  int xt = static_cast<int>(std::min(12.0, x1 - x0));
  for (int i = 0; i <= xt; ++i) {
    double x = x0 + (x1 - x0) * i / std::max(1, xt);
    o << "<text x=\"" << X(x) << "\" y=\"" << H - B + 16 << "\" text-anchor=\"middle\">"
      << num(x, "%.0f") << "</text>";
  }
  o << "<text x=\"" << (L + W - R) / 2 << "\" y=\"" << H - 8 << "\" text-anchor=\"middle\">"
    << esc(xlabel) << "</text>";
  o << "<text x=\"14\" y=\"" << (T + H - B) / 2 << "\" transform=\"rotate(-90 14 "
    << (T + H - B) / 2 << ")\" text-anchor=\"middle\">" << esc(ylabel) << "</text>";
  int li = 0;
  for (const auto& s : series) {
    o << "<polyline fill=\"none\" stroke=\"" << s.color << "\" stroke-width=\"2\""
      << (s.dashed ? " stroke-dasharray=\"6 3\"" : "") << " points=\"";
    for (auto [x, y] : s.points) o << num(X(x), "%.1f") << ',' << num(Y(y), "%.1f") << ' ';
    o << "\"/>";
    for (auto [x, y] : s.points)
      o << "<circle cx=\"" << num(X(x), "%.1f") << "\" cy=\"" << num(Y(y), "%.1f")
        << "\" r=\"2.5\" fill=\"" << s.color << "\"/>";
    double ly = T + 10 + 16 * li++;
    o << "<line x1=\"" << W - R + 10 << "\" x2=\"" << W - R + 30 << "\" y1=\"" << ly
      << "\" y2=\"" << ly << "\" stroke=\"" << s.color << "\" stroke-width=\"2\""
      << (s.dashed ? " stroke-dasharray=\"6 3\"" : "") << "/><text x=\"" << W - R + 35
      << "\" y=\"" << ly + 4 << "\">" << esc(s.name.substr(0, 22)) << "</text>";
  }
  o << "</svg>";
  return o.str();
}

// Best-so-far (the incumbent's time) after each round, from round 0 (the seed).
Series best_so_far(const std::vector<RoundRecord>& recs, const std::string& problem,
                   const std::string& track, const char* color, bool dashed) {
  Series s{"evolution " + track, color, {}, dashed};
  double best = 0;
  for (const auto& r : recs) {
    if (r.problem != problem || r.track != track) continue;
    if (s.points.empty() && r.incumbent_time_us > 0) {
      best = r.incumbent_time_us;
      s.points.emplace_back(0, best);
    }
    if (r.outcome == Outcome::Kept && r.candidate_time_us > 0) best = r.candidate_time_us;
    if (best > 0) s.points.emplace_back(r.round, best);
  }
  return s;
}

}  // namespace

std::string render_report_html(const Summary& summary, const std::vector<RoundRecord>& records,
                               const nlohmann::json& manifest) {
  std::ostringstream h;
  h << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>solver ablation "
       "report</title><style>"
       "body{font:14px/1.4 system-ui,sans-serif;margin:2em;max-width:1100px;color:#222}"
       "table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:3px 7px;"
       "text-align:left;vertical-align:top}th{background:#f4f4f4}svg{font-size:11px}"
       "svg .t{font-weight:bold;font-size:13px}.kept{color:#2a7}.bad{color:#c33}"
       "code{background:#f6f6f6}</style></head><body>\n";
  h << "<h1>solver ablation report</h1>\n<p><b>" << esc(summary.backend_line) << "</b></p>\n";
  h << "<table>";
  for (const char* k : {"command", "version", "chip", "seed", "rules_hash", "recording",
                        "started", "finished"})
    if (manifest.contains(k))
      h << "<tr><th>" << k << "</th><td><code>"
        << esc(manifest[k].is_string() ? manifest[k].get<std::string>() : manifest[k].dump())
        << "</code></td></tr>";
  h << "</table>\n<h2>Summary</h2>\n<table><tr><th>problem</th><th>seed</th><th>best OFF</th>"
       "<th>best ON</th><th>rounds to best OFF / ON</th><th>OFF/ON</th><th>retired</th>"
       "<th>proposed</th><th>verdict</th></tr>";
  for (const auto& p : summary.problems) {
    h << "<tr><td>" << esc(p.problem) << "</td><td>" << num(p.off.present ? p.off.seed_us : p.on.seed_us)
      << " us</td><td>" << num(p.off.best_us) << " us<br><code>" << esc(p.off.best_variant)
      << "</code></td><td>" << num(p.on.best_us) << " us<br><code>" << esc(p.on.best_variant)
      << "</code></td><td>" << p.off.rounds_to_best << " / " << p.on.rounds_to_best << "</td><td>"
      << num(p.off_on_ratio, "%.3f") << "</td><td>" << p.retirements.size() << "</td><td>"
      << p.proposals.size() << "</td><td>" << esc(p.verdict) << "</td></tr>";
  }
  h << "</table>\n";

  h << "<h2>Best time so far, per round</h2>\n";
  for (const auto& p : summary.problems) {
    std::vector<Series> series{best_so_far(records, p.problem, "off", kPalette[0], true),
                               best_so_far(records, p.problem, "on", kPalette[1], false)};
    h << "<div>" << line_plot(p.problem + ": best time (us) after each round", "round", "us", series, true)
      << "</div>\n";
  }

  // Confidence of every rule that changed, over the ON track's rounds (all problems, in order).
  std::map<std::string, std::vector<std::pair<double, double>>> conf;
  int step = 0;
  std::vector<std::string> step_labels;
  for (const auto& r : records) {
    if (r.track != "on") continue;
    ++step;
    step_labels.push_back(r.problem + " r" + std::to_string(r.round));
    for (const auto& [id, c] : r.confidence) conf[id].emplace_back(step, c);
  }
  std::vector<Series> cs;
  for (auto& [id, pts] : conf) {
    bool changed = false;
    for (auto& pt : pts) changed |= pt.second != pts.front().second;
    if (!changed && id.rfind("proposed_", 0) != 0) continue;
    cs.push_back(Series{id, kPalette[cs.size() % 10], pts, cs.size() >= 10});
  }
  h << "<h2>Rule confidence over the ON track</h2>\n<div>"
    << line_plot("confidence of the rules that changed", "ON round (all problems in order)",
                 "confidence", cs, true)
    << "</div>\n";
  if (!step_labels.empty()) {
    h << "<p>ON rounds: ";
    for (std::size_t i = 0; i < step_labels.size(); ++i)
      h << (i ? ", " : "") << (i + 1) << " = " << esc(step_labels[i]);
    h << "</p>\n";
  }

  h << "<h2>Evolution events</h2>\n<table><tr><th>problem</th><th>round</th><th>event</th>"
       "<th>rule</th><th>confidence</th><th>detail</th></tr>";
  for (const auto& r : records)
    for (const auto& e : r.evolution)
      h << "<tr><td>" << esc(r.problem) << "</td><td>" << r.round << "</td><td>" << esc(e.kind)
        << "</td><td>" << esc(e.rule) << "</td><td>" << num(e.before, "%.2f") << " &rarr; "
        << num(e.after, "%.2f") << "</td><td>" << esc(e.detail) << "</td></tr>";
  h << "</table>\n";

  h << "<h2>Every round</h2>\n<table><tr><th>problem</th><th>track</th><th>round</th>"
       "<th>incumbent</th><th>fired rule</th><th>hypothesis</th><th>candidate</th>"
       "<th>outcome</th><th>median ratio</th><th>detail</th></tr>";
  for (const auto& r : records) {
    bool good = r.outcome == Outcome::Kept;
    h << "<tr><td>" << esc(r.problem) << "</td><td>" << r.track << "</td><td>" << r.round
      << "</td><td><code>" << esc(r.incumbent) << "</code></td><td>" << esc(r.match.fired)
      << "</td><td>" << esc(r.hypothesis) << (r.explored ? " (explored)" : "")
      << "</td><td><code>" << esc(r.candidate) << "</code></td><td class=\""
      << (good ? "kept" : (r.outcome == Outcome::GateFailed ? "bad" : "")) << "\">"
      << to_string(r.outcome) << "</td><td>"
      << (r.verdict ? num(r.verdict->median_ratio, "%.3f") : std::string("-")) << "</td><td>"
      << esc(r.detail.substr(0, 200)) << "</td></tr>";
  }
  h << "</table>\n</body></html>\n";
  return h.str();
}

}  // namespace solver::engine
