#include "rules/yaml_util.h"

#include <doctest/doctest.h>

#include <optional>

using namespace solver::rules;

namespace {
const std::string kFile = "t.yaml";

std::optional<Symbol> test_resolver(std::string_view name) {
  if (name == "dram_frac") return Symbol{0, ValueType::Number};
  if (name == "dtype") return Symbol{1, ValueType::String};
  return std::nullopt;
}
}  // namespace

TEST_CASE("load_yaml_string turns parse errors into located InputError") {
  try {
    load_yaml_string("a: 1\nb: [1, 2\n", kFile);
    FAIL("expected InputError");
  } catch (const InputError& e) {
    REQUIRE(e.diagnostics().size() == 1);
    const Diagnostic& d = e.diagnostics()[0];
    CHECK(d.where.file == kFile);
    CHECK(d.where.line >= 2);  // yaml-cpp reports at or after the unclosed flow sequence
    CHECK(d.where.column >= 1);
    CHECK(d.message.find("invalid YAML") == 0);
  }
}

TEST_CASE("load_yaml_file reports an unreadable file") {
  CHECK_THROWS_AS(load_yaml_file("/nonexistent/definitely/missing.yaml"), InputError);
}

TEST_CASE("location_of is 1-based") {
  YAML::Node root = load_yaml_string("top:\n  key: value\n", kFile);
  SourceLocation loc = location_of(root["top"]["key"], kFile);
  CHECK(loc.line == 2);
  CHECK(loc.column == 8);
  CHECK(loc.to_string() == "t.yaml:2:8");
  YAML::Node missing = root["nope"];
  CHECK(location_of(missing, kFile).line == 0);
}

TEST_CASE("check_keys reports unknown and duplicate keys with a suggestion") {
  // YAML::Load directly: load_yaml_string itself refuses the duplicate (next test case).
  YAML::Node root = YAML::Load("id: r1\nwhen: x\nwhne: y\nbogus_key: 3\nid: r2\n");
  Diagnostics d;
  CHECK_FALSE(check_keys(root, {"id", "when", "priority"}, kFile, d));
  REQUIRE(d.size() == 3);
  CHECK(d.items()[0].to_string() == "t.yaml:3:1: error: unknown key 'whne' (did you mean 'when'?)");
  CHECK(d.items()[1].where.line == 4);
  CHECK(d.items()[1].message.find("expected one of: id when priority") != std::string::npos);
  CHECK(d.items()[2].to_string() == "t.yaml:5:1: error: duplicate key 'id'");

  Diagnostics ok;
  CHECK(check_keys(root, std::vector<std::string>{"id", "when", "whne", "bogus_key"}, kFile, ok) ==
        false);
  CHECK(ok.size() == 1);  // only the duplicate
}

TEST_CASE("typed getters record located errors and never throw") {
  YAML::Node root = load_yaml_string(
      "name: abc\ncount: 12\nneg: -3\nfrac: 1e-3\nflag: true\nlist: [a, b]\n"
      "bad_int: 3.5\nbad_bool: maybe\nmap: {a: 1}\nnothing:\ninf: .inf\n",
      kFile);
  Diagnostics d;
  CHECK(get_string(root, "name", kFile, d) == "abc");
  CHECK(get_int(root, "count", kFile, d) == 12);
  CHECK(get_int(root, "neg", kFile, d) == -3);
  CHECK(get_double(root, "frac", kFile, d) == doctest::Approx(0.001));
  CHECK(get_double(root, "count", kFile, d) == 12.0);
  CHECK(get_bool(root, "flag", kFile, d) == true);
  CHECK(get_string_list(root, "list", kFile, d) == std::vector<std::string>{"a", "b"});
  CHECK(get_string(root, "absent", kFile, d) == std::nullopt);  // optional: silent
  CHECK(get_int(root, "nothing", kFile, d) == std::nullopt);    // null: treated as absent
  CHECK(d.empty());

  CHECK_FALSE(get_int(root, "bad_int", kFile, d));
  CHECK_FALSE(get_bool(root, "bad_bool", kFile, d));
  CHECK_FALSE(get_string(root, "map", kFile, d));
  CHECK_FALSE(get_string_list(root, "name", kFile, d));
  CHECK_FALSE(get_double(root, "inf", kFile, d));
  CHECK_FALSE(get_string(root, "absent", kFile, d, /*required=*/true));
  CHECK_FALSE(get_int(root, "nothing", kFile, d, /*required=*/true));
  REQUIRE(d.size() == 7);
  CHECK(d.items()[0].to_string() ==
        "t.yaml:7:10: error: key 'bad_int' must be an integer, got '3.5'");
  CHECK(d.items()[1].where.line == 8);
  CHECK(d.items()[2].where.line == 9);
  CHECK(d.items()[3].where.line == 1);
  CHECK(d.items()[4].where.line == 11);
  CHECK(d.items()[5].message == "missing required key 'absent'");
  CHECK(d.items()[5].where.line == 1);  // the map's own position
  CHECK(d.items()[6].message == "key 'nothing' has no value");

  Diagnostics none;
  YAML::Node scalar = root["name"];
  CHECK_FALSE(get_string(scalar, "x", kFile, none, true));  // not a map: caller's expect_map
  CHECK(none.empty());
  CHECK_FALSE(expect_map(scalar, "rule", kFile, none));
  CHECK(none.items().at(0).message == "rule must be a map of key: value");
}

TEST_CASE("scalar_text_origin points at the text, past a quote") {
  std::string src = "a: dram_frac > 2\nb: \"dram_frac > 2\"\nc: 'x'\nd: |\n  dtype\n";
  YAML::Node root = load_yaml_string(src, kFile);
  CHECK(scalar_text_origin(root["a"], kFile).column == 4);
  CHECK(scalar_text_origin(root["b"], kFile).column == 5);
  CHECK(scalar_text_origin(root["c"], kFile).column == 5);
  SourceLocation block = scalar_text_origin(root["d"], kFile, src);
  CHECK(block.line == 5);
  CHECK(block.column == 3);
  CHECK(scalar_text_origin(root["b"], kFile, src).column == 5);
}

TEST_CASE("get_expression locates expression errors inside the YAML file") {
  YAML::Node root = load_yaml_string("when: \"dram_frac and 3\"\nok: dram_frac > 0.5\n", kFile);
  Diagnostics d;
  auto ok = get_expression(root, "ok", kFile, test_resolver, d, ValueType::Bool);
  REQUIRE(ok);
  CHECK(d.empty());
  auto bad = get_expression(root, "when", kFile, test_resolver, d, ValueType::Bool);
  CHECK_FALSE(bad);
  REQUIRE(d.size() == 2);
  CHECK(d.items()[0].where.to_string() == "t.yaml:1:8");   // dram_frac
  CHECK(d.items()[1].where.to_string() == "t.yaml:1:22");  // 3
}

TEST_CASE("expression in a block scalar is located on its own line when the source is given") {
  std::string src = "rule:\n  when: |\n    dram_frac > 1 and\n    nope\n";
  YAML::Node root = load_yaml_string(src, kFile);
  Diagnostics d;
  CHECK_FALSE(
      get_expression(root["rule"], "when", kFile, test_resolver, d, ValueType::Bool, false, src));
  REQUIRE(d.size() == 1);
  CHECK(d.items()[0].to_string() == "t.yaml:4:5: error: unknown name 'nope'");
}
