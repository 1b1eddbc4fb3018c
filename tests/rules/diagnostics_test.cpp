#include "rules/diagnostics.h"
#include "rules/value.h"

#include <doctest/doctest.h>

using namespace solver::rules;

TEST_CASE("SourceLocation and Diagnostic formatting") {
  CHECK(SourceLocation{"r.yaml", 3, 7}.to_string() == "r.yaml:3:7");
  CHECK(SourceLocation{"r.yaml", 3, 0}.to_string() == "r.yaml:3");
  CHECK(SourceLocation{"r.yaml", 0, 7}.to_string() == "r.yaml");  // column alone means nothing
  CHECK(SourceLocation{"", 2, 5}.to_string() == "2:5");
  CHECK(Diagnostic{{"r.yaml", 3, 7}, "bad"}.to_string() == "r.yaml:3:7: error: bad");
  CHECK(Diagnostic{{"", 0, 0}, "bad"}.to_string() == "error: bad");
}

TEST_CASE("Diagnostics collects in order and throws all of them at once") {
  Diagnostics d;
  CHECK_NOTHROW(d.throw_if_any("rules.yaml"));
  d.error({"a.yaml", 1, 2}, "first");
  d.error({"a.yaml", 4, 1}, "second");
  CHECK(d.size() == 2);
  try {
    d.throw_if_any("rules.yaml");
    FAIL("expected InputError");
  } catch (const InputError& e) {
    CHECK(std::string(e.what()) == "rules.yaml: 2 errors");
    REQUIRE(e.diagnostics().size() == 2);
    CHECK(e.format() == "a.yaml:1:2: error: first\na.yaml:4:1: error: second");
  }
  InputError single(Diagnostic{{"b.yaml", 9, 9}, "only"});
  CHECK(single.diagnostics().size() == 1);
  CHECK(std::string(single.what()) == "b.yaml:9:9: error: only");
  CHECK(single.format() == "b.yaml:9:9: error: only");
}

TEST_CASE("format_value") {
  CHECK(format_value(Value{}) == "missing");
  CHECK(format_value(0.563) == "0.563");
  CHECK(format_value(1024.0) == "1024");
  CHECK(format_value(-0.0) == "0");
  CHECK(format_value(1e-5) == "1e-05");
  CHECK(format_value(true) == "true");
  CHECK(format_value(false) == "false");
  CHECK(format_value(std::string("fp32")) == "\"fp32\"");
  CHECK(format_value(std::string("say \"hi\"")) == "'say \"hi\"'");
  CHECK(std::string(to_string(ValueType::Number)) == "number");
  CHECK(std::string(to_string(ValueType::Bool)) == "bool");
  CHECK(std::string(to_string(ValueType::String)) == "string");
}
