#!/usr/bin/env python3
"""A hostile external generator for the cheat suite (tests/cheats/README.md).

Speaks the external generator protocol (docs/external-generators.md, version 1): reads one
request on stdin and answers, as the "rewrite" of the incumbent, the cheating kernel of the
cheat folder named like the request's problem (<cheats-dir>/<problem>/cheat.cu with the launch
of its `cheat` variant). Run with --generator-first over the cheat folders, the loop then
gates and times each cheat exactly as it does the pool's cheat variant: the same defences
must refuse it with the outcome its `expect` file names.

Usage: cheat_generator.py --cheats-dir tests/cheats
"""
import json
import os
import re
import sys


# The shared kernel library: $SOLVER_KERNELS_DIR, else the source tree's kernels/.
KERNELS_DIR = os.environ.get("SOLVER_KERNELS_DIR") or os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "..", "kernels")

def scalar(text):
    text = text.strip()
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'":
        return text[1:-1]
    return text


def flow_list(text):
    """[a, "b c", 3] -> ["a", "b c", "3"] (no nesting: what the cheat folders use)."""
    inner = text.strip()[1:-1]
    items, cur, quote = [], "", None
    for c in inner:
        if quote:
            cur += c
            if c == quote:
                quote = None
        elif c in "\"'":
            quote = c
            cur += c
        elif c == ",":
            items.append(scalar(cur))
            cur = ""
        else:
            cur += c
    if cur.strip():
        items.append(scalar(cur))
    return items


def value(text):
    text = text.strip()
    return flow_list(text) if text.startswith("[") else scalar(text)


def cheat_variant(problem_yaml):
    """The `- id: cheat` entry of a problem.yaml, as a dict (a small subset of YAML: the
    block mappings, block sequences of mappings and flow lists the cheat folders use)."""
    lines = open(problem_yaml).read().splitlines()
    start = None
    for i, line in enumerate(lines):
        if re.match(r"^\s*- id:\s*cheat\s*$", line):
            start = i
            break
    if start is None:
        raise ValueError(problem_yaml + ": no variant with id cheat")
    indent = len(lines[start]) - len(lines[start].lstrip()) + 2  # keys of the entry
    variant, launches, launch = {"id": "cheat"}, None, None
    for line in lines[start + 1:]:
        if not line.strip() or line.strip().startswith("#"):
            continue
        ind = len(line) - len(line.lstrip())
        if ind < indent:
            break
        body = line.strip()
        if launches is not None and ind > indent:
            if body.startswith("- "):
                launch = {}
                launches.append(launch)
                body = body[2:]
            key, _, rest = body.partition(":")
            launch[key.strip()] = value(rest)
            continue
        key, _, rest = body.partition(":")
        key = key.strip()
        if key == "launches":
            launches = []
            variant["launches"] = launches
        else:
            launches = None
            variant[key] = value(rest)
    return variant


def main():
    args = sys.argv[1:]
    if len(args) != 2 or args[0] != "--cheats-dir":
        print("usage: cheat_generator.py --cheats-dir DIR", file=sys.stderr)
        return 2
    request = json.load(sys.stdin)
    problem = request["problem"]["name"]
    folder = os.path.join(args[1], problem)
    try:
        v = cheat_variant(os.path.join(folder, "problem.yaml"))
        name = v.get("source", "cheat.cu")
        # `kernels:PATH` names a file of the shared kernel library (kernels/README.md).
        path = (os.path.join(KERNELS_DIR, name[len("kernels:"):]) if name.startswith("kernels:")
                else os.path.join(folder, name))
        source = open(path).read()
    except (OSError, ValueError) as e:
        json.dump({"protocol": 1, "status": "decline", "reason": "no cheat for %s: %s" % (problem, e)},
                  sys.stdout)
        return 0
    if "launches" in v:
        launches = v["launches"]
    else:
        launches = [{k: v[k] for k in ("entry", "args", "grid", "block", "smem") if k in v}]
    answer = {
        "protocol": 1,
        "status": "ok",
        "reason": "cheat suite: %s's cheating kernel, offered as a rewrite for %s"
                  % (problem, request["rule"]["hypothesis"]),
        "description": v.get("description", ""),
        "source": source,
        "launches": launches,
    }
    if "precision" in v:
        answer["precision"] = v["precision"]
    if "compile_options" in v:
        answer["compile_options"] = v["compile_options"]
    print("cheat_generator: %s -> %s (%d launches)" % (problem, v.get("source"), len(launches)),
          file=sys.stderr)
    json.dump(answer, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
