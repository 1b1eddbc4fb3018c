"""One recorded pool as a Kernel Tuner search space and simulation cache.

The pool is what solver itself enumerates for the problem on the recording's chip (the
`oracle.json` of a recorded `solver ablate` run: every variant at every knob point its
constraints admit, with its status and its time: the recording's profile median,
engine/loop/oracle.cpp), measured by the recording (`tests/data/recordings/*.json`,
engine/backend/recording.h). Kernel Tuner wants one flat space of named parameters, so:

- `variant` is a parameter: the pool's variant ids, numbered 0.. in file order;
- every knob name of any variant is a parameter whose values are the union of that name's
  values; a variant that lacks the knob pins it to the smallest value (a conditional parameter
  in a flat space, the usual encoding);
- the restriction admits exactly the pool's points (what the problem's constraints and the
  chip's limits let through, as solver computed them); the cartesian points it refuses are the
  constraint failures Kernel Tuner never measures;
- a point whose gate failed in the recording is in the cache as Kernel Tuner's own error
  configs (`CompilationFailedConfig` for a compile error, `RuntimeFailedConfig` otherwise): a
  measurement that found no valid kernel, as Kernel Tuner records a failed run.

The cache follows Kernel Tuner's documented format (kernel_tuner.util.process_cache): a header
(`device_name`, `kernel_name`, `problem_size`, `tune_params_keys`, `tune_params`, `objective`)
and `cache`, keyed by the parameter values joined with commas in `tune_params_keys` order.
Times are in milliseconds, as Kernel Tuner's `time`; `times` holds the recorded samples.
Written with the standard library only, so it runs before Kernel Tuner is installed.
"""

import json
import re

KEY_RE = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*)(?:\[(.*)\])?$")


def parse_key(key):
    """'knob[BK=128,BM=64]' -> ('knob', {'BK': 128, 'BM': 64}); 'naive' -> ('naive', {})."""
    m = KEY_RE.match(key)
    if not m:
        raise ValueError(f"not a variant key: {key!r}")
    knobs = {}
    if m.group(2):
        for part in m.group(2).split(","):
            name, _, value = part.partition("=")
            knobs[name] = int(value)
    return m.group(1), knobs


class Pool:
    """A problem's pool: points (variant key -> status/time), and its Kernel Tuner encoding."""

    def __init__(self, problem, oracle_pool, recorded):
        self.problem = problem
        self.rec_all = recorded  # variant key -> the recording's measurements
        self.points = {}  # key -> {"status": str, "time_us": float|None, "gate": str}
        self.invalid = []  # keys solver refuses on the chip (never measured by either side)
        for pt in oracle_pool["points"]:
            key = pt["key"]
            status = pt.get("status", "")
            if status.startswith("invalid"):
                self.invalid.append(key)
                continue
            rv = recorded.get(key)
            gate = (rv or {}).get("gate", {}).get("status", "not_recorded")
            # The time solver's oracle holds the point to (the recorded profile's unprofiled
            # median, engine/loop/oracle.cpp): one truth for both sides.
            t = pt.get("time_us") if status == "measured" and pt.get("time_us") else None
            self.points[key] = {"gate": gate, "time_us": t, "rec": rv or {}}
        times = [p["time_us"] for p in self.points.values() if p["time_us"]]
        if not times:
            raise ValueError(f"{problem}: no point of the pool has a recorded time")
        self.best_us = min(times)
        self.best_key = min((p["time_us"], k) for k, p in self.points.items() if p["time_us"])[1]
        self._encode()

    def _encode(self):
        variants = []
        knob_values = {}
        for key in self.points:
            vid, knobs = parse_key(key)
            if vid not in variants:
                variants.append(vid)
            for n, v in knobs.items():
                knob_values.setdefault(n, set()).add(v)
        self.variants = variants
        self.tune_params = {"variant": list(range(len(variants)))}
        for n, vals in knob_values.items():
            self.tune_params[n] = sorted(vals)
        self.by_config = {}  # config tuple (tune_params order) -> key
        for key in self.points:
            self.by_config[self.config_of(key)] = key

    def config_of(self, key):
        vid, knobs = parse_key(key)
        cfg = [self.variants.index(vid)]
        for n, vals in list(self.tune_params.items())[1:]:
            cfg.append(knobs.get(n, vals[0]))
        return tuple(cfg)

    def cache_key(self, key):
        return ",".join(str(v) for v in self.config_of(key))

    def space_size(self):
        n = 1
        for vals in self.tune_params.values():
            n *= len(vals)
        return n

    def cache_doc(self, device_name):
        cache = {}
        for key, p in self.points.items():
            entry = dict(zip(self.tune_params, self.config_of(key)))
            gate = p["rec"].get("gate", {})
            phases = gate.get("phases_ms", {})
            if p["time_us"] is not None:
                samples = [s / 1000.0 for s in p["rec"].get("samples_us", [])]
                entry["time"] = p["time_us"] / 1000.0
                entry["times"] = samples
            else:
                failed = "CompilationFailedConfig" if p["gate"] == "compile_error" else "RuntimeFailedConfig"
                entry["time"] = failed
            # What a Kernel Tuner run would have paid for this point (ms): the compile the
            # recording's gate measured, one verification run, its 7 default iterations.
            t_ms = (p["time_us"] or 0) / 1000.0
            entry["compile_time"] = phases.get("compile", 0.0)
            entry["verification_time"] = t_ms
            entry["benchmark_time"] = 7 * t_ms
            entry["solver_key"] = key
            cache[self.cache_key(key)] = entry
        return {
            "device_name": device_name,
            "kernel_name": self.problem,
            "problem_size": [1, 1, 1],
            "tune_params_keys": list(self.tune_params),
            "tune_params": self.tune_params,
            "objective": "time",
            "cache": cache,
        }

    def space_doc(self):
        """The search space beside the cache: what each parameter means and which points exist."""
        return {
            "problem": self.problem,
            "tune_params": self.tune_params,
            "variant_names": self.variants,
            "placeholder": "a variant without a knob pins it to the knob's smallest value",
            "cartesian_points": self.space_size(),
            "pool_points": len(self.points),
            "invalid_on_chip": self.invalid,
            "valid_configs": {self.cache_key(k): k for k in self.points},
            "best": {"key": self.best_key, "time_us": self.best_us},
        }

    def write(self, cache_path, space_path, device_name):
        with open(cache_path, "w") as f:
            json.dump(self.cache_doc(device_name), f, indent=1, sort_keys=False)
            f.write("\n")
        with open(space_path, "w") as f:
            json.dump(self.space_doc(), f, indent=1)
            f.write("\n")

    def restriction(self):
        """Kernel Tuner's monolithic restriction: a parameter dict -> admitted?"""
        names = list(self.tune_params)
        allowed = set(self.by_config)

        def admitted(p):
            # Kernel Tuner calls a one-argument restriction of a one-parameter space with the
            # value itself, not a dict.
            if not isinstance(p, dict):
                p = {names[0]: p}
            return tuple(p[n] for n in names) in allowed

        return admitted
