#!/usr/bin/env python3
"""The scripted external generator: rewrites a kernel by source transformation.

Speaks the external generator protocol (docs/external-generators.md, version 1): one request
on stdin, one answer on stdout, diagnostics on stderr. It knows two rewrites, both for the
element-wise kernel shape "one element per thread":

    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < COUNT) OUT[i] = EXPR;          // EXPR reads IN[i] of float* inputs, scalars, calls

  vectorize_loads   float4 loads and stores for the first 4*(COUNT/4) elements, the scalar
                    statement for the COUNT % 4 left (the tail), one float4 per thread; the
                    block size of the incumbent is kept.
  tune_block_size   the same kernel with twice the threads per block (half when twice is over
                    1024 or was tried already): the launch's block and the grid's divisor
                    change, a `#define BLOCK` / `__launch_bounds__` of the source with them.

Anything else (another hypothesis, a kernel of another shape) is declined with the reason.
It never judges whether the hypothesis is right: the rules chose it and the measurement
decides whether the rewrite is kept.
"""
import json
import re
import sys

IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def decline(reason):
    print("scripted_generator: decline: " + reason, file=sys.stderr)
    return {"protocol": 1, "status": "decline", "reason": reason}


def find_kernel(source):
    """(name, params text, body text) of the only extern "C" __global__ kernel, or None."""
    heads = list(re.finditer(r'extern\s+"C"\s+__global__\s+void\s+(?:__launch_bounds__\s*\([^)]*\)\s*)?'
                             r"([A-Za-z_]\w*)\s*\(([^)]*)\)\s*\{", source))
    if len(heads) != 1:
        return None
    m = heads[0]
    depth, i = 1, m.end()
    while i < len(source) and depth:
        depth += {"{": 1, "}": -1}.get(source[i], 0)
        i += 1
    if depth:
        return None
    return m.group(1), m.group(2), source[m.end():i - 1], m.start(), i


def parse_params(text):
    """[(type, name)] with type one of 'cfloat*', 'float*', 'int', 'float', or None."""
    out = []
    for p in [x.strip() for x in text.split(",") if x.strip()]:
        m = re.match(r"^(const\s+)?(float|int|long long|double)\s*(\*?)\s*(?:__restrict__\s*)?([A-Za-z_]\w*)$", p)
        if not m:
            return None
        const, base, star, name = m.groups()
        if star:
            if base != "float":
                return None
            out.append(("cfloat*" if const else "float*", name))
        else:
            out.append((base, name))
    return out


def elementwise(source):
    """The pieces of a one-element-per-thread kernel, or (None, why)."""
    k = find_kernel(source)
    if not k:
        return None, "the source is not exactly one extern \"C\" __global__ kernel"
    name, params_text, body, start, end = k
    params = parse_params(params_text)
    if params is None:
        return None, "kernel parameters other than float pointers and int/float scalars"
    lines = [l.strip() for l in body.strip().splitlines() if l.strip() and not l.strip().startswith("//")]
    if len(lines) != 2:
        return None, "the body is not 'index; if (index < count) statement;'"
    m = re.match(r"^const\s+int\s+(\w+)\s*=\s*blockIdx\.x\s*\*\s*blockDim\.x\s*\+\s*threadIdx\.x\s*;$", lines[0])
    if not m:
        return None, "the first statement is not the one-element-per-thread index"
    idx = m.group(1)
    m = re.match(r"^if\s*\(\s*" + idx + r"\s*<\s*(.+?)\)\s*(\w+)\s*\[\s*" + idx + r"\s*\]\s*=\s*(.+);$", lines[1])
    if not m:
        return None, "the second statement is not 'if (i < count) out[i] = expr;'"
    count, out, expr = m.group(1).strip(), m.group(2), m.group(3).strip()
    kinds = dict((n, t) for t, n in params)
    if kinds.get(out) != "float*":
        return None, "the output '%s' is not a float* parameter" % out
    # Every use of the index in the expression must be a load IN[i] of a const float* input.
    inputs = []
    for use in re.finditer(r"(\w+)\s*\[\s*([^\]]+)\]", expr):
        arr, sub = use.group(1), use.group(2).strip()
        if sub != idx or kinds.get(arr) != "cfloat*":
            return None, "'%s' is not a load of a const float* input at the thread's index" % use.group(0)
        if arr not in inputs:
            inputs.append(arr)
    if re.search(r"\b%s\b" % idx, re.sub(r"\w+\s*\[\s*%s\s*\]" % idx, "", expr)):
        return None, "the expression uses the index other than as a load index"
    return {"name": name, "params_text": params_text, "params": params, "idx": idx, "count": count,
            "out": out, "expr": expr, "inputs": inputs, "start": start, "end": end}, None


def count_expression(count, scalars):
    """The element count as a problem expression (names must be scalars), or None."""
    if not re.fullmatch(r"[\w\s\*\+\-/\(\)]+", count):
        return None
    for name in IDENT.findall(count):
        if name not in scalars:
            return None
    return count


def vectorize(req):
    inc = req["incumbent"]
    if len(inc["launches"]) != 1:
        return decline("vectorize_loads: the incumbent has %d launches, not one" % len(inc["launches"]))
    k, why = elementwise(inc["source"])
    if not k:
        return decline("vectorize_loads: " + why)
    count = count_expression(k["count"], req["problem"]["scalars"])
    if count is None:
        return decline("vectorize_loads: the bound '%s' is not an expression over the problem's scalars" % k["count"])
    launch = inc["launches"][0]
    block = launch["block_values"][0]
    if launch["block_values"][1] != 1 or launch["block_values"][2] != 1:
        return decline("vectorize_loads: the incumbent's block is not one-dimensional")
    lanes = []
    for c in "xyzw":
        e = k["expr"]
        for a in k["inputs"]:
            e = re.sub(r"\b%s\s*\[\s*%s\s*\]" % (a, k["idx"]), "%s4.%s" % (a, c), e)
        lanes.append("    %s4.%s = %s;" % (k["out"], c, e))
    loads = "\n".join("    const float4 %s4 = reinterpret_cast<const float4*>(%s)[t];" % (a, a) for a in k["inputs"])
    name = k["name"] + "_float4"
    src = """// Generated by generators/external/scripted_generator.py for vectorize_loads from %(orig)s:
// 128-bit loads and stores, one float4 per thread, for the first 4*(count/4) elements; the
// scalar statement for the count %% 4 elements left (cudaMalloc'd buffers are 256-byte
// aligned, so the float4 casts of the buffer starts are safe).
extern "C" __global__ void %(name)s(%(params)s) {
  const long long count = (long long)(%(count)s);
  const long long n4 = count / 4;
  const long long t = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (t < n4) {
%(loads)s
    float4 %(out)s4;
%(lanes)s
    reinterpret_cast<float4*>(%(out)s)[t] = %(out)s4;
  }
  if (t < count - n4 * 4) {
    const long long %(idx)s = n4 * 4 + t;
    %(out)s[%(idx)s] = %(expr)s;
  }
}
""" % {"orig": k["name"], "name": name, "params": k["params_text"], "count": k["count"], "loads": loads,
       "out": k["out"], "lanes": "\n".join(lanes), "idx": k["idx"], "expr": k["expr"]}
    return {
        "protocol": 1, "status": "ok",
        "reason": "float4 loads/stores with a scalar tail (%s per thread block, as the incumbent)" % block,
        "description": "one float4 per thread, scalar tail for count %% 4, from %s" % inc["key"],
        "source": src,
        "precision": inc["precision"],
        "launches": [{"entry": name, "args": launch["args"],
                      "grid": ["ceil_div(ceil_div(%s, 4), %d)" % (count, block)], "block": [block]}],
    }


def tune_block(req):
    inc = req["incumbent"]
    if len(inc["launches"]) != 1:
        return decline("tune_block_size: the incumbent has %d launches, not one" % len(inc["launches"]))
    launch = inc["launches"][0]
    bv = launch["block_values"]
    if bv[1] != 1 or bv[2] != 1:
        return decline("tune_block_size: the incumbent's block is not one-dimensional")
    block = bv[0]
    grid = launch["grid"]
    if len(grid) != 1 or len(re.findall(r"\b%d\b" % block, grid[0])) != 1:
        return decline("tune_block_size: the grid '%s' does not divide by the block size %d once"
                       % (" x ".join(grid), block))
    tried = set()
    for p in req.get("previous_attempts", []):
        m = re.search(r"^block (\d+)", p.get("reason", ""))
        if m:
            tried.add(int(m.group(1)))
    options = [b for b in (block * 2, block // 2) if 32 <= b <= 1024 and b not in tried]
    if not options:
        return decline("tune_block_size: %d and %d threads per block were tried" % (block * 2, block // 2))
    new = options[0]
    src = inc["source"]
    # A source that fixes its block size says so in a define or launch bounds: rewrite those.
    src = re.sub(r"(#define\s+BLOCK\s+)%d\b" % block, r"\g<1>%d" % new, src)
    src = re.sub(r"__launch_bounds__\(\s*%d\s*\)" % block, "__launch_bounds__(%d)" % new, src)
    for knob, value in inc.get("defines", {}).items():  # knobs become constants
        src = "#define %s %d\n" % (knob, value) + src
    new_grid = re.sub(r"\b%d\b" % block, str(new), grid[0])
    for knob, value in inc.get("defines", {}).items():
        new_grid = re.sub(r"\b%s\b" % knob, str(value), new_grid)
    return {
        "protocol": 1, "status": "ok",
        "reason": "block %d (from %d threads per block)" % (new, block),
        "description": "%s with %d threads per block" % (inc["key"], new),
        "source": "// Generated by generators/external/scripted_generator.py for tune_block_size:\n"
                  "// %s with %d threads per block instead of %d.\n" % (inc["key"], new, block) + src,
        "precision": inc["precision"],
        "compile_options": inc.get("compile_options", []),
        "launches": [{"entry": launch["entry"], "args": launch["args"], "grid": [new_grid],
                      "block": [new], "smem": launch.get("smem", "")}],
    }


REWRITES = {"vectorize_loads": vectorize, "tune_block_size": tune_block}


def main():
    try:
        req = json.load(sys.stdin)
    except ValueError as e:
        print("scripted_generator: the request is not JSON: %s" % e, file=sys.stderr)
        return 2
    if req.get("protocol") != 1:
        json.dump(decline("protocol %r is not 1" % req.get("protocol")), sys.stdout)
        return 0
    hyp = req["rule"]["hypothesis"]
    rewrite = REWRITES.get(hyp)
    if not rewrite:
        answer = decline("no scripted rewrite for %s (known: %s)" % (hyp, ", ".join(sorted(REWRITES))))
    else:
        answer = rewrite(req)
        if answer["status"] == "ok":
            print("scripted_generator: %s on %s: %s" % (hyp, req["incumbent"]["key"], answer["reason"]),
                  file=sys.stderr)
    json.dump(answer, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
