#!/usr/bin/env python3
"""Add smem_inst_frac to recorded signal files made before the signal existed (helper c29b).

The signal is derived from counters every recording already kept in raw_metrics, with the
formula of profiling/signal_derivation.cpp:
  (smsp__inst_executed_op_shared_ld.sum + smsp__inst_executed_op_shared_st.sum
   + smsp__inst_executed_op_ldgsts.sum [0 when absent]) / smsp__inst_executed.sum
A file that already has the signal or lacks one of the counters is left alone (and named).
Nothing else in a file changes: a file whose numbers json does not write back byte for byte
gets the two lines inserted as text, in sorted place, in "signals" and "signal_origin".

usage: scripts/backfill_smem_inst_frac.py DIR...   (each DIR: <kernel>.json signal files)
"""
import glob
import json
import os
import sys

LD = "smsp__inst_executed_op_shared_ld.sum"
ST = "smsp__inst_executed_op_shared_st.sum"
LDGSTS = "smsp__inst_executed_op_ldgsts.sum"
INST = "smsp__inst_executed.sum"


def insert_sorted(d, key, value):
    keys = list(d)
    was_sorted = keys == sorted(keys)
    d[key] = value
    if was_sorted:
        return {k: d[k] for k in sorted(d)}
    return d


def insert_text(text, block, value_text):
    """Insert "smem_inst_frac": value as a line of the top-level object `block`, sorted."""
    lines = text.split("\n")
    start = lines.index(f'  "{block}": {{')
    i = start + 1
    while not lines[i].startswith("  }"):
        key = lines[i].strip().split('"')[1]
        if key > "smem_inst_frac":
            break
        i += 1
    lines.insert(i, f'    "smem_inst_frac": {value_text},')
    return "\n".join(lines)


def main(dirs):
    changed = 0
    for folder in dirs:
        for path in sorted(glob.glob(os.path.join(folder, "*.json"))):
            if path.endswith(".pc.json"):
                continue
            text = open(path).read()
            doc = json.loads(text)
            sig, raw = doc.get("signals", {}), doc.get("raw_metrics", {})
            if "smem_inst_frac" in sig:
                continue
            if LD not in raw or ST not in raw or not raw.get(INST):
                print(f"{path}: no shared-instruction counters, left alone")
                continue
            value = (raw[LD] + raw[ST] + raw.get(LDGSTS, 0.0)) / raw[INST]
            if json.dumps(doc, indent=2) + "\n" != text:
                text = insert_text(text, "signals", json.dumps(value))
                if "signal_origin" in doc:
                    text = insert_text(text, "signal_origin", '"profiled"')
                json.loads(text)  # still JSON
                open(path, "w").write(text)
                changed += 1
                continue
            doc["signals"] = insert_sorted(sig, "smem_inst_frac", value)
            if "signal_origin" in doc:
                doc["signal_origin"] = insert_sorted(doc["signal_origin"], "smem_inst_frac",
                                                     "profiled")
            open(path, "w").write(json.dumps(doc, indent=2) + "\n")
            changed += 1
    print(f"{changed} files given smem_inst_frac")


if __name__ == "__main__":
    main(sys.argv[1:])
