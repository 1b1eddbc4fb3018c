#include "engine/report/report_html.h"

#include "engine/report/html_escape.h"
#include "engine/report/report_glance.h"
#include "engine/report/report_lines.h"
#include "engine/report/verdict_text.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <set>
#include <sstream>

#include "rules/rule_table.h"

namespace solver::engine {

namespace {

std::string esc(const std::string& s) { return html_escape(s); }

std::string num(double v, const char* f = "%.4g") {
  char buf[48];
  std::snprintf(buf, sizeof buf, f, v);
  return buf;
}

std::string px(double v) { return num(v, "%.1f"); }

// A time with its precision class: "2.42 ms <span class=cls>tf32</span>".
std::string time_cls(double us, const std::string& cls) {
  if (us <= 0) return "-";
  return time_label(us) + (cls.empty() ? "" : " <span class=\"cls\">" + esc(cls) + "</span>");
}

std::string ratio_text(double r) { return r > 0 ? num(r, "%.2f") + "&times;" : "-"; }
std::string pct_text(double p) { return p > 0 ? num(p, p >= 10 ? "%.0f" : "%.1f") + "%" : "-"; }

const char* kOffColor = "#1f5fa8";
const char* kOnColor = "#d4531c";
const char* kOracleColor = "#1a8a3a";
const char* kFloorColor = "#555";
const char* kPalette[] = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd",
                          "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"};

struct LogAxis {
  double lo, hi, p0, p1;  // values -> pixels (p0 at lo, p1 at hi)
  double at(double v) const {
    v = std::clamp(v, lo, hi);
    return p0 + (std::log(v) - std::log(lo)) / (std::log(hi) - std::log(lo)) * (p1 - p0);
  }
};

std::vector<const RoundRecord*> track_records(const std::vector<RoundRecord>& recs,
                                              const std::string& problem,
                                              const std::string& track) {
  std::vector<const RoundRecord*> out;
  for (const auto& r : recs)
    if (r.problem == problem && r.track == track) out.push_back(&r);
  return out;
}

// The candidate's measured time of a round (median of its paired samples), 0 if none.
double candidate_time(const RoundRecord& r) {
  if (r.outcome == Outcome::Kept && r.candidate_time_us > 0) return r.candidate_time_us;
  return r.verdict ? r.verdict->candidate_median_us : 0;
}

const char* outcome_letter(Outcome o) {
  switch (o) {
    case Outcome::Kept:
      return "K";
    case Outcome::Rejected:
      return "R";
    case Outcome::GateFailed:
      return "G";
    case Outcome::NoVariant:
      return "N";
    case Outcome::Stop:
      return "S";
    case Outcome::Converged:
      return "C";
    case Outcome::Refused:
      return "P";
    case Outcome::GeneratorFailed:
      return "X";
    case Outcome::NotRecorded:
      return "U";
  }
  return "?";
}

// One track of one problem: rounds on x, time on a log y shared with the other track.
std::string track_panel(const std::string& label, const char* color, const TrackSummary& t,
                        const std::vector<const RoundRecord*>& recs, const ProblemSummary& p,
                        double ylo, double yhi, int xmax) {
  const double W = 660, H = 300, L = 64, R = 14, T = 46, B = 44;
  LogAxis y{ylo, yhi, H - B, T};
  auto X = [&](double r) { return L + r / std::max(1, xmax) * (W - L - R); };
  std::ostringstream o;
  o << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << W << "\" height=\"" << H
    << "\" viewBox=\"0 0 " << W << ' ' << H << "\" role=\"img\"><title>" << esc(p.problem) << ' '
    << esc(label) << "</title>";
  // Title: where the track ended, against the pool's best and the floor.
  o << "<text x=\"" << L << "\" y=\"16\" class=\"t\" fill=\"" << color << "\">" << esc(label)
    << "</text>";
  std::string end = t.present ? time_label(t.best_us) + " " + t.best_precision : "not run";
  std::string tail;
  if (t.oracle_ratio > 0) tail += " · " + num(t.oracle_ratio, "%.2f") + "× pool best";
  if (t.floor_pct > 0) tail += " · " + pct_text(t.floor_pct) + " of floor";
  if (!t.best_by_round.empty() && t.best_by_round.front().second > yhi)
    tail += " · seed " + time_label(t.best_by_round.front().second) + " (above the axis, ▲)";
  o << "<text x=\"" << L << "\" y=\"35\" class=\"big\">" << esc(end) << "<tspan class=\"sub\">"
    << esc(tail) << "</tspan></text>";
  o << "<rect x=\"" << L << "\" y=\"" << T << "\" width=\"" << W - L - R << "\" height=\""
    << H - T - B << "\" fill=\"#fcfcfc\" stroke=\"#bbb\"/>";
  for (double v : log_ticks(ylo, yhi))
    o << "<line x1=\"" << L << "\" x2=\"" << W - R << "\" y1=\"" << px(y.at(v)) << "\" y2=\""
      << px(y.at(v)) << "\" stroke=\"#e6e6e6\"/><text x=\"" << L - 5 << "\" y=\"" << px(y.at(v) + 4)
      << "\" text-anchor=\"end\">" << esc(time_label(v)) << "</text>";
  for (int r = 0; r <= xmax; ++r)
    o << "<text x=\"" << px(X(r)) << "\" y=\"" << H - B + 14 << "\" text-anchor=\"middle\">" << r
      << "</text>";
  o << "<text x=\"" << (L + W - R) / 2 << "\" y=\"" << H - 2
    << "\" text-anchor=\"middle\" class=\"sub\">round (letters: K kept, R rejected, G gate-failed, "
       "N no-variant, P refused, S stop, C converged)</text>";
  // Floors per class, and the pool's best: the lines across, their labels at the right end,
  // pushed apart so that close values never print over each other.
  struct Label {
    double y;
    std::string text;
    const char* color;
  };
  std::vector<Label> labels;
  for (const auto& [cls, f] : p.floors) {
    if (f <= 0) continue;
    o << "<line x1=\"" << L << "\" x2=\"" << W - R << "\" y1=\"" << px(y.at(f)) << "\" y2=\""
      << px(y.at(f)) << "\" stroke=\"" << kFloorColor << "\" stroke-width=\"1.5\" "
      << "stroke-dasharray=\"7 4\"/>";
    labels.push_back({y.at(f) - 4, "floor " + cls + " " + time_label(f), kFloorColor});
  }
  if (p.oracle_us > 0) {
    o << "<line x1=\"" << L << "\" x2=\"" << W - R << "\" y1=\"" << px(y.at(p.oracle_us))
      << "\" y2=\"" << px(y.at(p.oracle_us)) << "\" stroke=\"" << kOracleColor
      << "\" stroke-width=\"1.5\" stroke-dasharray=\"2 3\"/>";
    labels.push_back({y.at(p.oracle_us) - 4,
                      "pool best " + time_label(p.oracle_us) + " " + p.oracle_precision,
                      kOracleColor});
  }
  std::sort(labels.begin(), labels.end(), [](const Label& a, const Label& b) { return a.y < b.y; });
  for (std::size_t i = 1; i < labels.size(); ++i)
    labels[i].y = std::max(labels[i].y, labels[i - 1].y + 12);
  for (const auto& l : labels)
    o << "<text x=\"" << W - R - 4 << "\" y=\"" << px(l.y) << "\" text-anchor=\"end\" fill=\""
      << l.color << "\">" << esc(l.text) << "</text>";
  if (!t.best_by_round.empty() && t.best_by_round.front().second > yhi)
    o << "<path d=\"M" << px(X(0)) << ' ' << T + 1 << " l5 9 l-10 0 z\" fill=\"" << color << "\"/>";
  // Best so far: a step line.
  if (!t.best_by_round.empty()) {
    o << "<polyline fill=\"none\" stroke=\"" << color << "\" stroke-width=\"3\" points=\"";
    double prev = -1;
    for (auto [r, b] : t.best_by_round) {
      if (prev > 0) o << px(X(r)) << ',' << px(y.at(prev)) << ' ';
      o << px(X(r)) << ',' << px(y.at(b)) << ' ';
      prev = b;
    }
    o << "\"/>";
  }
  // Each round's candidate where it was timed; the outcome letter on top.
  for (const RoundRecord* r : recs) {
    double c = candidate_time(*r);
    double cx = X(r->round);
    if (c > 0) {
      bool kept = r->outcome == Outcome::Kept;
      o << "<circle cx=\"" << px(cx) << "\" cy=\"" << px(y.at(c)) << "\" r=\"" << (kept ? 5 : 4)
        << "\" fill=\"" << (kept ? color : "#fff") << "\" stroke=\""
        << (kept                                ? color
            : r->outcome == Outcome::GateFailed ? "#c33"
                                                : "#888")
        << "\" stroke-width=\"1.5\"><title>r" << r->round << ' ' << esc(r->candidate) << ' '
        << esc(time_label(c)) << ' ' << to_string(r->outcome) << "</title></circle>";
    }
    bool bad = r->outcome == Outcome::GateFailed;
    o << "<text x=\"" << px(cx) << "\" y=\"" << H - B + 26
      << "\" text-anchor=\"middle\" class=\"o\" fill=\""
      << (r->outcome == Outcome::Kept ? color
          : bad                       ? "#c33"
                                      : "#777")
      << "\">" << outcome_letter(r->outcome) << "</text>";
    if (r->outcome == Outcome::Kept && !r->candidate_precision.empty() &&
        !r->incumbent_precision.empty() && r->candidate_precision != r->incumbent_precision)
      o << "<text x=\"" << px(cx + 6) << "\" y=\"" << px(y.at(c) - 8) << "\" class=\"warn\">"
        << esc(r->incumbent_precision + "→" + r->candidate_precision) << "</text>";
  }
  o << "</svg>";
  return o.str();
}

// Where each track ended, on a log axis zoomed to the floors, the pool's best and the two ends.
std::string end_strip(const ProblemSummary& p) {
  std::vector<double> vals;
  for (const auto& [c, f] : p.floors)
    if (f > 0) vals.push_back(f);
  for (double v : {p.oracle_us, p.off.best_us, p.on.best_us})
    if (v > 0) vals.push_back(v);
  if (vals.empty()) return "";
  double lo = *std::min_element(vals.begin(), vals.end()) / 1.3;
  double hi = *std::max_element(vals.begin(), vals.end()) * 1.4;
  const double W = 1334, H = 118, L = 20, R = 20, Y = 62;
  LogAxis x{lo, hi, L, W - R};
  std::ostringstream o;
  o << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << W << "\" height=\"" << H
    << "\" viewBox=\"0 0 " << W << ' ' << H << "\" role=\"img\"><title>" << esc(p.problem)
    << ": where each track ended</title>";
  o << "<line x1=\"" << L << "\" x2=\"" << W - R << "\" y1=\"" << Y << "\" y2=\"" << Y
    << "\" stroke=\"#999\"/>";
  for (double v : log_ticks(lo, hi))
    o << "<line x1=\"" << px(x.at(v)) << "\" x2=\"" << px(x.at(v)) << "\" y1=\"" << Y - 3
      << "\" y2=\"" << Y + 3 << "\" stroke=\"#999\"/><text x=\"" << px(x.at(v)) << "\" y=\""
      << H - 4 << "\" text-anchor=\"middle\" class=\"sub\">" << esc(time_label(v)) << "</text>";
  double last_label_x = -1e9;
  int row = 0;
  for (const auto& [cls, f] : p.floors) {
    if (f <= 0) continue;
    // Floors close together (equal for a memory-bound problem) take the next label row.
    row = x.at(f) - last_label_x < 170 ? row + 1 : 0;
    last_label_x = x.at(f);
    o << "<line x1=\"" << px(x.at(f)) << "\" x2=\"" << px(x.at(f)) << "\" y1=\"10\" y2=\"" << H - 18
      << "\" stroke=\"" << kFloorColor << "\" stroke-dasharray=\"5 3\"/><text x=\""
      << px(x.at(f) + 4) << "\" y=\"" << 20 + 12 * (row % 2) << "\" fill=\"" << kFloorColor
      << "\">floor " << esc(cls) << ' ' << esc(time_label(f)) << "</text>";
  }
  if (p.oracle_us > 0) {
    double cx = x.at(p.oracle_us);
    o << "<path d=\"M" << px(cx) << ' ' << Y - 8 << " l8 8 l-8 8 l-8 -8 z\" fill=\"" << kOracleColor
      << "\"/><text x=\"" << px(cx) << "\" y=\"" << Y + 24 << "\" text-anchor=\"middle\" fill=\""
      << kOracleColor << "\">pool best " << esc(time_label(p.oracle_us) + " " + p.oracle_precision)
      << "</text>";
  }
  // OFF's label above the axis, ON's below, so equal ends never hide each other.
  auto mark = [&](const TrackSummary& t, const char* name, const char* color, bool above) {
    if (!t.present || t.best_us <= 0) return;
    double cx = x.at(t.best_us);
    o << "<circle cx=\"" << px(cx) << "\" cy=\"" << Y << "\" r=\"7\" fill=\"" << color
      << "\" fill-opacity=\"0.85\"/>";
    std::string text = std::string(name) + " " + time_label(t.best_us) + " " + t.best_precision;
    if (t.floor_pct > 0) text += " (" + pct_text(t.floor_pct) + " of floor)";
    o << "<text x=\"" << px(cx) << "\" y=\"" << (above ? Y - 14 : Y + 40)
      << "\" text-anchor=\"middle\" class=\"lbl\" fill=\"" << color << "\">" << esc(text)
      << "</text>";
  };
  mark(p.off, "OFF", kOffColor, true);
  mark(p.on, "ON", kOnColor, false);

  o << "</svg>";
  return o.str();
}

std::string evidence_text(const RoundRecord& r) {
  std::string s;
  for (const auto& [name, v] : r.match.evidence.items()) {
    if (!s.empty()) s += ", ";
    s += name + " = " + (v.is_number_float() ? num(v.get<double>(), "%.3g") : v.dump());
  }
  return s;
}

// The ranking of a round (issue 29): "rule est 42% score 0.21; ..." best first.
std::string ranked_text(const RoundRecord& r) {
  std::string s;
  for (const auto& e : r.match.ranked) {
    if (!s.empty()) s += "; ";
    s += e.value("rule", "?");
    if (e.contains("estimate") && e["estimate"].is_number())
      s += " est " + num(100 * e["estimate"].get<double>(), "%.0f") + "%";
    if (e.contains("evidence") && e["evidence"].is_number() && e["evidence"].get<double>() < 1)
      s += " (near miss " + num(e["evidence"].get<double>(), "%.2f") + ")";
    if (e.contains("score") && e["score"].is_number())
      s += " score " + num(e["score"].get<double>(), "%.3g");
  }
  return s;
}

// Estimate against achievement per rule over the measured candidates of the ON track (the
// evolver's calibration, docs/rules.md): what each rule promised and what it delivered.
std::string calibration_table(const std::vector<RoundRecord>& records) {
  struct Sums {
    int n = 0;
    double est = 0, ach = 0;
  };
  std::map<std::string, Sums> by_rule;
  for (const auto& r : records) {
    if (r.track != "on" || r.credited_rule.empty() || !r.verdict) continue;
    if (r.outcome != Outcome::Kept && r.outcome != Outcome::Rejected) continue;
    if (r.verdict->verdict == Verdict::Ambiguous) continue;
    for (const auto& e : r.match.ranked) {
      if (e.value("rule", "") != r.credited_rule || !e.contains("estimate") ||
          !e["estimate"].is_number())
        continue;
      double ratio = r.verdict->median_ratio;
      Sums& s = by_rule[r.credited_rule];
      s.n += 1;
      s.est += e["estimate"].get<double>();
      s.ach += ratio > 1 ? std::min(1.0, 1 - 1 / ratio) : 0.0;
    }
  }
  if (by_rule.empty())
    return "<p class=\"note\">No measured candidate of a rule ranked with an estimate.</p>\n";
  std::ostringstream o;
  o << "<table><tr><th>rule</th><th>candidates</th><th>mean estimate</th>"
       "<th>mean achieved</th><th>calibration factor</th></tr>";
  for (const auto& [rule, s] : by_rule) {
    rules::Calibration c{s.n, s.est, s.ach};
    o << "<tr><td>" << esc(rule) << "</td><td class=\"n\">" << s.n << "</td><td class=\"n\">"
      << num(100 * s.est / s.n, "%.0f") << "%</td><td class=\"n\">"
      << num(100 * s.ach / s.n, "%.0f") << "%</td><td class=\"n\">" << num(c.factor(), "%.2f")
      << "</td></tr>";
  }
  o << "</table>\n";
  return o.str();
}

// The confidence of every rule that changed over the ON rounds, problem boundaries and the
// evolver's thresholds drawn; the legend is HTML below, so no name is ever cut.
std::string confidence_chart(const std::vector<RoundRecord>& records, const ReportInputs& in) {
  std::map<std::string, std::vector<std::pair<double, double>>> conf;
  std::vector<std::pair<int, std::string>> boundaries;  // (first step, problem)
  int step = 0;
  for (const auto& r : records) {
    if (r.track != "on") continue;
    ++step;
    if (boundaries.empty() || boundaries.back().second != r.problem)
      boundaries.emplace_back(step, r.problem);
    for (const auto& [id, c] : r.confidence) conf[id].emplace_back(step, c);
  }
  if (step == 0) return "<p>No ON track in this run.</p>";
  std::vector<std::pair<std::string, std::vector<std::pair<double, double>>>> shown;
  for (auto& [id, pts] : conf) {
    bool changed = false;
    for (auto& pt : pts) changed |= pt.second != pts.front().second;
    if (changed || id.rfind("proposed_", 0) == 0) shown.emplace_back(id, pts);
  }
  const double W = 1334, H = 330, L = 56, R = 16, T = 34, B = 34;
  auto X = [&](double s) { return L + (s - 0.5) / step * (W - L - R); };
  auto Y = [&](double c) { return H - B - c * (H - T - B); };
  std::ostringstream o;
  o << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << W << "\" height=\"" << H
    << "\" viewBox=\"0 0 " << W << ' ' << H
    << "\" role=\"img\"><title>rule confidence over the "
       "ON rounds</title>";
  o << "<rect x=\"" << L << "\" y=\"" << T << "\" width=\"" << W - L - R << "\" height=\""
    << H - T - B << "\" fill=\"#fcfcfc\" stroke=\"#bbb\"/>";
  for (int i = 0; i <= 4; ++i) {
    double c = i / 4.0;
    o << "<line x1=\"" << L << "\" x2=\"" << W - R << "\" y1=\"" << px(Y(c)) << "\" y2=\""
      << px(Y(c)) << "\" stroke=\"#eee\"/><text x=\"" << L - 5 << "\" y=\"" << px(Y(c) + 4)
      << "\" text-anchor=\"end\">" << num(c, "%.2g") << "</text>";
  }
  for (std::size_t i = 0; i < boundaries.size(); ++i) {
    double bx = X(boundaries[i].first - 0.5);
    int last = i + 1 < boundaries.size() ? boundaries[i + 1].first - 1 : step;
    if (i > 0)
      o << "<line x1=\"" << px(bx) << "\" x2=\"" << px(bx) << "\" y1=\"" << T - 14 << "\" y2=\""
        << H - B << "\" stroke=\"#888\" stroke-width=\"1.2\"/>";
    o << "<text x=\"" << px((bx + X(last + 0.5)) / 2) << "\" y=\"" << T - 6
      << "\" text-anchor=\"middle\" class=\"t\">" << esc(boundaries[i].second) << "</text>";
    for (int s = boundaries[i].first; s <= last; ++s)
      o << "<text x=\"" << px(X(s)) << "\" y=\"" << H - B + 14 << "\" text-anchor=\"middle\" "
        << "class=\"sub\">" << s - boundaries[i].first + 1 << "</text>";
  }
  o << "<text x=\"" << (L + W - R) / 2 << "\" y=\"" << H - 4 << "\" text-anchor=\"middle\" "
    << "class=\"sub\">ON round within each problem (the table carries over, left to right)</text>";
  auto threshold = [&](double c, const char* color, const std::string& text) {
    if (c <= 0 || c >= 1) return;
    o << "<line x1=\"" << L << "\" x2=\"" << W - R << "\" y1=\"" << px(Y(c)) << "\" y2=\""
      << px(Y(c)) << "\" stroke=\"" << color << "\" stroke-width=\"1.5\" stroke-dasharray=\"8 4\"/>"
      << "<text x=\"" << W - R - 4 << "\" y=\"" << px(Y(c) - 4) << "\" text-anchor=\"end\" fill=\""
      << color << "\">" << esc(text) << "</text>";
  };
  threshold(in.promote_above, "#1a8a3a", "promote above " + num(in.promote_above, "%.2g"));
  threshold(in.retire_below, "#c33", "retire below " + num(in.retire_below, "%.2g"));
  std::size_t i = 0;
  for (const auto& [id, pts] : shown) {
    const char* c = kPalette[i % 10];
    bool dashed = i++ >= 10;
    o << "<polyline fill=\"none\" stroke=\"" << c << "\" stroke-width=\"2\""
      << (dashed ? " stroke-dasharray=\"6 3\"" : "") << " points=\"";
    for (auto [s, v] : pts) o << px(X(s)) << ',' << px(Y(v)) << ' ';
    o << "\"><title>" << esc(id) << "</title></polyline>";
  }
  o << "</svg><div class=\"legend\">";
  i = 0;
  for (const auto& [id, pts] : shown) {
    const char* c = kPalette[i % 10];
    bool dashed = i++ >= 10;
    o << "<span><svg width=\"26\" height=\"10\"><line x1=\"1\" x2=\"25\" y1=\"5\" y2=\"5\" "
         "stroke=\""
      << c << "\" stroke-width=\"2\"" << (dashed ? " stroke-dasharray=\"6 3\"" : "") << "/></svg>"
      << esc(id) << "</span>";
  }
  if (shown.empty()) o << "<span>no rule's confidence changed</span>";
  o << "</div>";
  return o.str();
}

}  // namespace

std::string time_label(double us) {
  char buf[48];
  auto fmt = [&](double v, const char* unit) {
    // 3 significant digits, trailing zeros dropped; %.3g never prints an exponent here
    // because v is kept within [1, 1000) by the unit choice (or below 1 µs).
    std::snprintf(buf, sizeof buf, "%.3g %s", v, unit);
    return std::string(buf);
  };
  if (us <= 0 || !std::isfinite(us)) return "-";
  // Rounded to 3 significant digits first, so 999.7 µs reads "1 ms", not "1e+03 µs".
  std::snprintf(buf, sizeof buf, "%.3g", us);
  us = std::strtod(buf, nullptr);
  if (us >= 1e6) return fmt(us / 1e6, "s");
  if (us >= 1e3) return fmt(us / 1e3, "ms");
  if (us >= 1) return fmt(us, "µs");
  return fmt(us * 1e3, "ns");
}

std::vector<double> log_ticks(double lo, double hi) {
  std::vector<double> out;
  if (!(lo > 0) || !(hi > lo)) return out;
  for (const auto& steps :
       {std::vector<double>{1}, std::vector<double>{1, 2, 5},
        std::vector<double>{1, 1.5, 2, 3, 5, 7},
        std::vector<double>{1, 1.2, 1.4, 1.6, 1.8, 2, 2.5, 3, 3.5, 4, 5, 6, 7, 8, 9}}) {
    out.clear();
    for (int k = static_cast<int>(std::floor(std::log10(lo))); k <= std::ceil(std::log10(hi)); ++k)
      for (double m : steps) {
        double v = m * std::pow(10.0, k);
        if (v >= lo * 0.9999 && v <= hi * 1.0001) out.push_back(v);
      }
    if (out.size() >= 4) break;
  }
  // Too many labels on a wide range: thin to at most 9.
  while (out.size() > 9) {
    std::vector<double> thin;
    for (std::size_t i = 0; i < out.size(); i += 2) thin.push_back(out[i]);
    out = thin;
  }
  return out;
}

std::string render_report_html(const Summary& summary, const std::vector<RoundRecord>& records,
                               const nlohmann::json& manifest, const ReportInputs& inputs) {
  std::ostringstream h;
  h << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>solver ablation "
       "report</title><style>"
       "body{font:14px/1.45 system-ui,sans-serif;margin:1.5em;max-width:1360px;color:#222}"
       "table{border-collapse:collapse;margin:.6em 0}td,th{border:1px solid #ccc;padding:3px 7px;"
       "text-align:left;vertical-align:top}table.sum td,table.sum "
       "th{white-space:nowrap;font-size:12px;"
       "padding:2px 5px}"
       "table.sum th{white-space:nowrap}th{background:#f4f4f4}svg{font-size:11px;"
       "font-family:system-ui,sans-serif}svg .t{font-weight:bold;font-size:13px}"
       "svg .big{font-size:16px;font-weight:600}svg "
       ".sub{font-size:11px;fill:#666;font-weight:normal}"
       "svg .o{font-size:10px;font-weight:bold}svg .lbl{font-size:13px;font-weight:600}"
       "svg .warn{font-size:10px;fill:#b00;font-weight:bold}"
       ".row{display:flex;gap:14px;flex-wrap:wrap}.legend{display:flex;flex-wrap:wrap;gap:4px 16px;"
       "margin:4px 0 12px}.legend span{white-space:nowrap}.cls{font-size:11px;background:#eef;"
       "border:1px solid #ccd;border-radius:3px;padding:0 3px;color:#335}"
       ".chg{color:#b00;font-weight:bold}.kept{color:#2a7}.bad{color:#c33}td.n{text-align:right;"
       "white-space:nowrap}code{background:#f6f6f6}pre.diff{background:#fafafa;border:1px solid "
       "#ddd;"
       "padding:6px;font-size:12px;overflow-x:auto}.add{color:#1a7a30;background:#eaffea}"
       ".del{color:#a01010;background:#ffecec}.skip{color:#999}h3{margin:1.2em 0 .2em}"
       "p.note{color:#555;margin:.2em 0}.endline{margin:2px 0 0 "
       "20px;font-size:14px}"
       // At a glance (report_glance.h); the summary wraps variant names instead of widening.
       "p.verdict{font-size:20px;font-weight:600;margin:.3em 0}table.device "
       "caption{text-align:left;"
       "font-weight:600}table.device{font-size:12px}table.device td.nr{color:#999}"
       "td code{overflow-wrap:anywhere}table.sum code{white-space:normal;word-break:break-all}"
       "table.sum td{white-space:normal;max-width:13em}table.sum td.n{white-space:normal}"
       "details>summary{cursor:pointer;font-weight:600}.rl{font-size:12px;color:#555;"
       "max-width:260px;align-self:center}</style></head><body>\n";
  h << "<h1>solver ablation report</h1>\n<p><b>" << esc(summary.backend_line) << "</b></p>\n";
  h << glance_html(summary);
  h << "<p class=\"note\">OFF track policy: <b>" << esc(summary.off_policy) << "</b> ("
    << (summary.off_policy == "best-static"
            ? "the fired rules in rank order; the first whose hypothesis has an untried variant "
              "is measured; no learning, no exploration"
            : "the top fired rule only, repeated until patience ends the track: the GPU-Solver "
              "seed's semantics")
    << "). Precision policy: <b>" << esc(summary.precision) << "</b>"
    << (summary.precision == "same" ? " (candidates of another class than the seed's are refused)"
                                    : " (any class may be kept; every time below shows its class)")
    << ". Pool's best: "
    << (summary.oracle_source.empty() ? "not known (a live run without --oracle)"
                                      : esc(summary.oracle_source))
    << ". Floors (bytes ÷ bandwidth, FLOPs ÷ the class's peak rate): "
    << (summary.floor_source.empty() ? "-" : esc(summary.floor_source)) << ".</p>\n";
  h << "<table>";
  for (const char* k :
       {"command", "version", "chip", "seed", "rules_hash", "recording", "started", "finished"})
    if (manifest.contains(k))
      h << "<tr><th>" << k << "</th><td><code>"
        << esc(manifest[k].is_string() ? manifest[k].get<std::string>() : manifest[k].dump())
        << "</code></td></tr>";
  h << "</table>\n<h2>Summary</h2>\n<p class=\"note\">&times; pool best: the track's best over the "
       "pool's best point. "
       "&le;2%: the round its best so far first came within 2% of the pool's best (r0: the "
       "seed). % floor: the floor of the best variant's class over its time.</p>"
       "<table class=\"sum\"><tr><th>problem</th><th>seed</th><th>best OFF</th>"
       "<th>best ON</th><th>pool best</th><th>&times; pool best<br>OFF / ON</th>"
       "<th>&le;2% at<br>OFF / ON</th><th>% floor<br>OFF / ON</th>"
       "<th>to best<br>OFF / ON</th><th>OFF/ON</th><th>retired /<br>proposed</th></tr>";
  auto within = [](const TrackSummary& t) {
    return t.within_oracle_round >= 0 ? "r" + std::to_string(t.within_oracle_round)
                                      : std::string("never");
  };
  for (const auto& p : summary.problems) {
    const TrackSummary& any = p.off.present ? p.off : p.on;
    h << "<tr><td><b>" << esc(p.problem) << "</b></td><td class=\"n\">"
      << time_cls(any.seed_us, any.seed_precision) << "<br><code>" << esc(any.seed_variant)
      << "</code></td>";
    for (const auto* t : {&p.off, &p.on}) {
      h << "<td class=\"n\">" << time_cls(t->best_us, t->best_precision) << "<br><code>"
        << esc(t->best_variant) << "</code>";
      // The class change, short: the round and the classes (the variants are in the table
      // of every round).
      for (const auto& c : t->class_changes) {
        auto sp = c.find(' ');
        auto open1 = c.find('('), close1 = c.find(')'), open2 = c.rfind('('), close2 = c.rfind(')');
        std::string text = c.substr(0, sp);
        if (open1 != std::string::npos && open2 != open1)
          text += " " + c.substr(open1 + 1, close1 - open1 - 1) + " &rarr; " +
                  c.substr(open2 + 1, close2 - open2 - 1);
        h << "<br><span class=\"chg\" title=\"" << esc(c) << "\">&#9888; class change " << text
          << "</span>";
      }
      h << "</td>";
    }
    h << "<td class=\"n\">" << time_cls(p.oracle_us, p.oracle_precision) << "<br><code>"
      << esc(p.oracle_key) << "</code>"
      << (p.oracle_us > 0 && !p.oracle_complete ? "<br>(pool not all measured)" : "");
    if (p.oracle_any_us > 0)
      h << "<br>any class: " << time_cls(p.oracle_any_us, p.oracle_any_precision) << " <code>"
        << esc(p.oracle_any_key) << "</code>";
    h << "</td><td class=\"n\">" << ratio_text(p.off.oracle_ratio) << " / "
      << ratio_text(p.on.oracle_ratio) << "</td><td>"
      << (p.oracle_us > 0 ? within(p.off) + " / " + within(p.on) : std::string("-")) << "</td><td>"
      << pct_text(p.off.floor_pct) << " / " << pct_text(p.on.floor_pct) << "</td><td>"
      << p.off.rounds_to_best << " / " << p.on.rounds_to_best << "</td><td class=\"n\">"
      << num(p.off_on_ratio, "%.3f") << "</td><td>" << p.retirements.size() << " / "
      << p.proposals.size() << "</td></tr>";
  }
  h << "</table>\n";

  h << "<h2>Per problem: OFF and ON on one log time axis</h2>\n"
       "<p class=\"note\">Thick line: the incumbent (best so far) after each round; circles: each "
       "round's candidate median (filled: kept; red ring: gate failed at timing); dashed grey: the "
       "floor of each precision class; dotted green: the pool's best point.</p>\n";
  for (const auto& p : summary.problems) {
    auto off = track_records(records, p.problem, "off"),
         on = track_records(records, p.problem, "on");
    // The axis spans what the rounds did (candidates, bests after round 0, floors, the pool's
    // best); a seed far above that (matmul's naive kernel, 100x the rest) is drawn clipped at
    // the top with its time written, so the endgame is not squashed into a few pixels.
    std::vector<double> vals;
    double seed = 0;
    for (const auto* t : {&p.off, &p.on})
      for (auto [r, b] : t->best_by_round) {
        if (r == 0)
          seed = std::max(seed, b);
        else
          vals.push_back(b);
      }
    for (const auto* set : {&off, &on})
      for (const RoundRecord* r : *set)
        if (double c = candidate_time(*r); c > 0) vals.push_back(c);
    for (const auto& [c, f] : p.floors)
      if (f > 0) vals.push_back(f);
    if (p.oracle_us > 0) vals.push_back(p.oracle_us);
    h << "<h3 id=\"p-" << esc(p.problem) << "\">" << esc(p.problem) << "</h3>\n";
    // P5 (docs/reliability.md): what the gate could not check for this problem, said once.
    std::vector<std::string> narrowed;
    for (const auto& r : records)
      if (r.problem == p.problem)
        for (const auto& n : r.narrowed_checks)
          if (std::find(narrowed.begin(), narrowed.end(), n) == narrowed.end())
            narrowed.push_back(n);
    if (!narrowed.empty()) {
      h << "<p class=\"note\"><b>Narrowed checks</b> (the gate could not check everything):";
      for (const auto& n : narrowed) h << "<br>" << esc(n);
      h << "</p>\n";
    }
    if (vals.empty()) {
      h << "<p>no timed round</p>\n";
      continue;
    }
    double lo = *std::min_element(vals.begin(), vals.end()) / 1.25;
    double hi = *std::max_element(vals.begin(), vals.end()) * 1.25;
    if (seed > 0 && seed < hi * 4) hi = std::max(hi, seed * 1.15);
    int xmax = std::max({1, p.off.rounds, p.on.rounds});
    h << "<div class=\"row\">"
      << track_panel("OFF (" + summary.off_policy + ")", kOffColor, p.off, off, p, lo, hi, xmax)
      << track_panel("ON (evolution)", kOnColor, p.on, on, p, lo, hi, xmax) << "</div>\n"
      << "<div class=\"endline\"><b>Where each track ended</b> (log axis zoomed to the floors, "
         "the pool's best and the two ends)"
      << (p.off_on_ratio > 0 ? ": <b>OFF / ON = " + num(p.off_on_ratio, "%.2f") + "&times;</b>"
                             : std::string())
      << "</div><div>" << end_strip(p) << "</div>\n";
    const ProblemOracle* pool = nullptr;
    if (inputs.oracle)
      if (auto it = inputs.oracle->problems.find(p.problem); it != inputs.oracle->problems.end())
        pool = &it->second;
    if (std::string rl =
            roofline_svg(p, off, on, pool, inputs.oracle ? &inputs.oracle->rates : nullptr);
        !rl.empty())
      h << "<div class=\"row\">" << rl
        << "<div class=\"rl\">Roofline: the chip's roofs per precision class (DRAM bandwidth, "
           "then the class's peak); <span style=\"color:#1f5fa8\">&#9679; OFF</span> and "
           "<span style=\"color:#d4531c\">&#9679; ON</span> incumbent after each round kept "
           "(filled: the last; drawn a few pixels apart); grey: every point of the pool the "
           "recording measured.</div></div>\n";
    if (!p.verdict.empty()) h << "<p class=\"note\">" << esc(p.verdict) << "</p>\n";
  }

  h << hot_lines_html(records);  // where the incumbents' PC samples say the time goes

  h << "<h2>Rule confidence over the ON track</h2>\n" << confidence_chart(records, inputs) << "\n";

  h << "<h2>Estimated gain against achieved, per rule (ON track)</h2>\n"
    << "<p class=\"note\">Each rule's estimate (the share of kernel time its hypothesis would "
       "remove) at the rounds its candidate was measured, against the share the candidate "
       "removed; the factor (achieved + 0.5) / (estimated + 0.5) scales its rank.</p>\n"
    << calibration_table(records);

  h << "<h2>Evolution events</h2>\n<table><tr><th>problem</th><th>round</th><th>event</th>"
       "<th>rule</th><th>confidence</th><th>detail</th></tr>";
  for (const auto& r : records)
    for (const auto& e : r.evolution)
      h << "<tr><td>" << esc(r.problem) << "</td><td>" << r.round << "</td><td>" << esc(e.kind)
        << "</td><td>" << esc(e.rule) << "</td><td>" << num(e.before, "%.2f") << " &rarr; "
        << num(e.after, "%.2f") << "</td><td>" << esc(e.detail) << "</td></tr>";
  h << "</table>\n";

  if (!inputs.evolved_yaml.empty()) {
    h << "<h2>Rules: input &rarr; evolved (ON track)</h2>\n<details><summary>the YAML diff "
         "(click to open)</summary><pre class=\"diff\">";
    auto diff = line_diff(inputs.rules_yaml, inputs.evolved_yaml);
    // Changed lines with two lines of context; long unchanged stretches are folded.
    std::vector<bool> show(diff.size(), false);
    for (std::size_t i = 0; i < diff.size(); ++i)
      if (diff[i][0] != ' ')
        for (std::size_t k = (i >= 2 ? i - 2 : 0); k <= std::min(diff.size() - 1, i + 2); ++k)
          show[k] = true;
    bool any = false, skipping = false;
    std::size_t last_id = diff.size();  // the latest "- id:" line, to name the rule of a hunk
    for (std::size_t i = 0; i < diff.size(); ++i) {
      if (diff[i].find("- id: ") != std::string::npos) last_id = i;
      if (!show[i]) {
        if (!skipping) h << "<span class=\"skip\">  …</span>\n";
        skipping = true;
        continue;
      }
      if (skipping && last_id < i && !show[last_id])
        h << "<span class=\"skip\">" << esc(diff[last_id]) << "</span>\n";
      skipping = false;
      char c = diff[i][0];
      any |= c != ' ';
      h << (c == '+'   ? "<span class=\"add\">"
            : c == '-' ? "<span class=\"del\">"
                       : "<span>")
        << esc(diff[i]) << "</span>\n";
    }
    if (!any) h << "(the ON track changed nothing in the table)\n";
    h << "</pre></details>\n";
  }

  h << "<h2>Every round</h2>\n<table><tr><th>problem</th><th>track</th><th>round</th>"
       "<th>incumbent</th><th>fired rule</th><th>evidence (signals that fired it)</th>"
       "<th>hypothesis pursued</th><th>candidate</th><th>outcome</th><th>median ratio</th>"
       "<th>detail</th></tr>";
  for (const auto& r : records) {
    bool good = r.outcome == Outcome::Kept;
    bool change = good && !r.candidate_precision.empty() && !r.incumbent_precision.empty() &&
                  r.candidate_precision != r.incumbent_precision;
    std::string how = r.explored ? " (explored)"
                      : (!r.credited_rule.empty() && r.credited_rule != r.match.fired)
                          ? " (next fired rule " + r.credited_rule + ")"
                          : "";
    h << "<tr><td>" << esc(r.problem) << "</td><td>" << r.track << "</td><td>" << r.round
      << "</td><td><code>" << esc(r.incumbent) << "</code><br>"
      << time_cls(r.incumbent_time_us, r.incumbent_precision) << "</td><td>"
      << esc(verdict_text(r.match)) << "</td><td>" << esc(evidence_text(r))
      << (r.match.ranked.empty() ? std::string()
                                 : "<br><small>ranked: " + esc(ranked_text(r)) + "</small>")
      << "</td><td>" << esc(r.hypothesis + how) << "</td><td><code>" << esc(r.candidate)
      << "</code>";
    if (!r.candidate.empty()) h << "<br>" << time_cls(candidate_time(r), r.candidate_precision);
    if (change)
      h << "<br><span class=\"chg\">class " << esc(r.incumbent_precision) << " &rarr; "
        << esc(r.candidate_precision) << "</span>";
    h << "</td><td class=\"" << (good ? "kept" : (r.outcome == Outcome::GateFailed ? "bad" : ""))
      << "\">" << to_string(r.outcome) << "</td><td class=\"n\">"
      << (r.verdict ? num(r.verdict->median_ratio, "%.3f") : std::string("-")) << "</td><td>"
      << esc(r.detail.substr(0, 200)) << "</td></tr>";
  }
  h << "</table>\n</body></html>\n";
  return h.str();
}

}  // namespace solver::engine
