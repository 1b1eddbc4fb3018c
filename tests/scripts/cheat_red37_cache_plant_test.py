#!/usr/bin/env python3
"""Red team 37 on the host, after fix37 (generators/cache_trust.h): a planted PTX scan fact is
never believed, and a cache folder others may write is not used.

`solver problems check --compile-only` on tests/cheats/redteam37_planted_scan_facts with a fresh
cache folder refuses the child (precision_mismatch: FP32 arithmetic stored under fp64) and stores
its fp32_arith_to_buffers facts. Then, as another user would, every such fact is rewritten to 0,
whole and consistent, sealed with HMAC-SHA256 under a key of the planter's own (the engine's
format, cache_trust.h; on main 6c04f217 an unkeyed sha256 digest, which the check believed: the
child passed). Checked: the same command still refuses the child and says the entry was ignored;
the planted entries alone, copied into an empty folder beforehand, do not pass it either; the
folder made group- and world-writable is not used (said once) and the child is still refused;
the control (the honest FP64 tiles with the same padding) passes on the planted folder.

Usage: cheat_red37_cache_plant_test.py SOLVER (run from the repository root). Exit 77 (skip)
without NVRTC. Seconds: four compiles of a ~120 KB PTX module.
"""
import glob
import hashlib
import hmac
import json
import os
import re
import shutil
import stat
import subprocess
import sys
import tempfile

SOLVER = sys.argv[1]
CHEAT = "redteam37_planted_scan_facts"
CONTROL = "control_redteam37_large_ptx_dgemm"


def check(cache, problem, key):
    env = dict(os.environ, SOLVER_CACHE_KEY=key)
    env.pop("SOLVER_CACHE_DIR", None)
    r = subprocess.run([SOLVER, "problems", "check", "--compile-only", "--cache-dir", cache,
                        "--problems-dir", "tests/cheats", problem],
                       capture_output=True, text=True, env=env, timeout=300)
    return r.stdout + r.stderr


def refused(out):
    return "storing results of" in out and "FP32 arithmetic" in out


def failed(out):
    m = re.search(r"(\d+) failed", out)
    return int(m.group(1)) if m else -1


def part(s):
    return "%d:%s" % (len(s.encode()), s)


def plant(cache, attacker_key):
    """Every fp32_arith_to_buffers fact rewritten to 0, sealed under the attacker's key."""
    n = 0
    for p in glob.glob(os.path.join(cache, "*.facts.json")):
        e = json.load(open(p))
        if e.get("site") != "fp32_arith_to_buffers":
            continue
        e["value"] = 0
        text = "solver-ptx-facts\n" + part(e["key"]) + part(e["site"]) + part("0")
        e["seal"] = hmac.new(attacker_key, text.encode(), hashlib.sha256).hexdigest()
        with open(p + ".tmp", "w") as f:
            f.write(json.dumps(e) + "\n")
        os.replace(p + ".tmp", p)
        n += 1
    return n


def main():
    tmp = tempfile.mkdtemp(prefix="red37_plant_")
    try:
        key = os.path.join(tmp, "keys", "mine.key")
        cache = os.path.join(tmp, "cache")
        out = check(cache, CHEAT, key)
        if "NVRTC library not found" in out:
            print("skip: no NVRTC on this machine")
            return 77
        assert refused(out), "clean folder: the child must be refused\n" + out
        assert os.stat(key).st_mode & 0o077 == 0, "the key file is the user's alone"
        assert stat.S_IMODE(os.stat(cache).st_mode) == 0o700, "the folder is made 0700"
        n = plant(cache, os.urandom(32))
        assert n >= 1, "the check stored no fp32_arith_to_buffers fact to plant over"
        print("planted %d fact(s) under another key" % n)
        out = check(cache, CHEAT, key)
        assert refused(out), "planted: the child must still be refused\n" + out
        assert "ignored" in out, "planted: the ignored entry is said on stderr\n" + out
        # Planted beforehand: the facts alone in a folder of the user's, no compile in it.
        early = os.path.join(tmp, "early")
        os.makedirs(early, mode=0o700)
        for p in glob.glob(os.path.join(cache, "*.facts.json")):
            shutil.copy(p, early)
        out = check(early, CHEAT, key)
        assert refused(out), "planted beforehand: the child must be refused\n" + out
        # The control stays honest on the planted folder.
        out = check(cache, CONTROL, key)
        assert failed(out) == 0 and not refused(out), "the control must pass\n" + out
        # A folder others may write is not used at all.
        os.chmod(cache, 0o777)
        out = check(cache, CHEAT, key)
        assert "is not used" in out and "writable by group or others" in out, out
        assert refused(out), "shared folder: the child must be refused\n" + out
        print("ok: refused after the plant, refused when planted beforehand, the control passes,"
              " a world-writable folder is not used")
        return 0
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
