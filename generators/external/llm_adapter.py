#!/usr/bin/env python3
"""An external generator that hands the rewrite to a large language model.

Speaks the external generator protocol (docs/external-generators.md, version 1) on its own
stdin/stdout, and talks to a model through an OpenAI-style chat-completions interface, either

  --endpoint URL --model NAME [--api-key-env VAR]
        POSTs {"model", "messages", "temperature"} to URL (e.g.
        https://api.example.com/v1/chat/completions) with "Authorization: Bearer $VAR", or
  --chat-command "CMD ARGS..."
        runs CMD (split like a shell word list, no shell) with the same JSON document on its
        stdin and reads a chat-completions response ({"choices":[{"message":{"content":...}}]})
        or the bare reply text from its stdout: any local model runner or wrapper script.

The model is told the problem, the incumbent's source and launch, the hypothesis the rules
chose and why, the evidence, the chip and the previous attempts, and is asked for one
```cuda block (the whole new source) and one ```json block ({"launches": [...], "precision":
..., "reason": ...}). The model only writes code: whether the hypothesis was right is decided
by the measurement, and whether the code is correct by the gate. A reply without both blocks
is a decline with the reason, so the loop records it and goes on.

Not exercised against a real model in this repository (no network); the offline test drives it
with --chat-command and a canned reply.
"""
import json
import os
import re
import shlex
import subprocess
import sys
import urllib.request

SYSTEM = (
    "You rewrite one CUDA kernel to apply one optimisation hypothesis. Keep the computation "
    "exactly the same (the result is checked element by element against a float64 reference, "
    "on several input sets, with NaN-poisoned outputs; inputs must not be written). Keep the "
    "kernel parameters to the buffers and scalars named in the request, extern \"C\", no host "
    "code. Answer with exactly one ```cuda block holding the whole new source and one ```json "
    "block {\"launches\": [{\"entry\", \"args\", \"grid\", \"block\", \"smem\"}], \"precision\", "
    "\"reason\"}, where grid, block and smem are expressions over the problem's scalars "
    "(ceil_div(a, b) is available).")


def prompt(req):
    inc, rule = req["incumbent"], req["rule"]
    ev = "\n".join("  %s = %s %s" % (e["signal"], e["value"], e.get("unit", "")) for e in rule["evidence"])
    prev = "\n".join("  round %d: %s %s (%s)" % (p["round"], p["variant"], p["outcome"], p["detail"])
                     for p in req.get("previous_attempts", [])) or "  none"
    return "\n".join([
        "Problem: %s: %s" % (req["problem"]["name"], req["problem"]["description"]),
        "Scalars: " + json.dumps(req["problem"]["scalars"]),
        "Buffers: " + json.dumps(req["problem"]["buffers"]),
        "Tolerance by precision class: " + json.dumps(req["problem"]["tolerance"]),
        "Chip: %s (%s), capabilities: %s" % (req["chip"]["name"], req["chip"]["arch"],
                                           ", ".join(req["chip"]["capabilities"])),
        "Hypothesis to apply: %s: %s" % (rule["hypothesis"], req["hypothesis"].get("meaning", "")),
        "Why the rules chose it (%s): %s" % (rule["id"], rule["rationale"]),
        "Evidence:\n" + ev,
        "Incumbent %s (precision %s, %.1f us), compiled with defines %s, launches:\n%s"
        % (inc["key"], inc["precision"], inc["time_us"], json.dumps(inc["defines"]),
           json.dumps(inc["launches"], indent=1)),
        "```cuda\n" + inc["source"] + "\n```",
        "Previous attempts for this hypothesis:\n" + prev,
        "Source size limit: %d bytes." % req["limits"]["max_source_bytes"],
    ])


def ask(args, messages, timeout):
    body = {"model": args.get("model", ""), "messages": messages, "temperature": 0.2}
    if "chat-command" in args:
        out = subprocess.run(shlex.split(args["chat-command"]), input=json.dumps(body),
                             capture_output=True, text=True, timeout=timeout)
        if out.returncode != 0:
            raise RuntimeError("chat command exit %d: %s" % (out.returncode, out.stderr[-500:]))
        text = out.stdout
    else:
        headers = {"Content-Type": "application/json"}
        key = os.environ.get(args.get("api-key-env", "OPENAI_API_KEY"), "")
        if key:
            headers["Authorization"] = "Bearer " + key
        r = urllib.request.Request(args["endpoint"], data=json.dumps(body).encode(), headers=headers)
        with urllib.request.urlopen(r, timeout=timeout) as resp:
            text = resp.read().decode()
    try:
        return json.loads(text)["choices"][0]["message"]["content"]
    except (ValueError, KeyError, IndexError, TypeError):
        return text


def answer_from(reply, req):
    code = re.findall(r"```(?:cuda|cpp|c\+\+|cu)\s*\n(.*?)```", reply, re.S)
    meta = re.findall(r"```json\s*\n(.*?)```", reply, re.S)
    if len(code) != 1 or len(meta) != 1:
        return {"protocol": 1, "status": "decline",
                "reason": "the model's reply has %d cuda and %d json blocks, not one each" % (len(code), len(meta))}
    try:
        m = json.loads(meta[0])
    except ValueError as e:
        return {"protocol": 1, "status": "decline", "reason": "the model's json block does not parse: %s" % e}
    return {"protocol": 1, "status": "ok", "reason": str(m.get("reason", "model rewrite"))[:300],
            "description": "LLM rewrite for " + req["rule"]["hypothesis"], "source": code[0],
            "precision": m.get("precision", req["incumbent"]["precision"]),
            "launches": m.get("launches", [])}


def main():
    argv, args = sys.argv[1:], {}
    while argv:
        k = argv.pop(0)
        if not k.startswith("--") or not argv:
            print(__doc__, file=sys.stderr)
            return 2
        args[k[2:]] = argv.pop(0)
    if "chat-command" not in args and "endpoint" not in args:
        print("llm_adapter: give --endpoint URL --model NAME or --chat-command CMD", file=sys.stderr)
        return 2
    req = json.load(sys.stdin)
    # Leave the loop's own timeout a margin: a model that is too slow is a decline, not a kill.
    timeout = max(1.0, req["limits"]["timeout_ms"] / 1000.0 - 2.0)
    messages = [{"role": "system", "content": SYSTEM}, {"role": "user", "content": prompt(req)}]
    try:
        reply = ask(args, messages, timeout)
    except Exception as e:  # the model is unreachable or broke: say so, let the loop go on
        json.dump({"protocol": 1, "status": "decline", "reason": "the model did not answer: %s" % e}, sys.stdout)
        return 0
    json.dump(answer_from(reply, req), sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
