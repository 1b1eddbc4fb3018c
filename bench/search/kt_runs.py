"""Kernel Tuner's strategies on one exported pool, in its simulation mode, seed by seed.

`tune_kernel(..., cache=FILE, simulation_mode=True)` replays the cache file instead of
compiling and running; the strategy sees only the recorded times. What we need from a run is
the order in which it measured distinct points (a repeat is served from Kernel Tuner's cache
and costs nothing on a GPU either), so the simulation runner's `run` is wrapped to log each
first evaluation. The wrapper also ends a run that has measured every point of the pool, or
that keeps asking only for points it already has (some strategies loop on a tiny, exhausted
space), or that runs past a wall-clock limit: it raises Kernel Tuner's own
`StopCriterionReached`, which the strategies treat as a spent budget.
Needs kernel_tuner (the bench's venv); imported only there.
"""

import contextlib
import io
import random
import signal
import time
import warnings

import numpy as np
from kernel_tuner import tune_kernel
from kernel_tuner.runners import simulation as kt_sim
from kernel_tuner.util import StopCriterionReached

KT_VERSION = "1.5.0"


class _Log:
    order = []
    seen = set()
    valid = set()
    idle = 0
    deadline = 0.0


_orig_run = kt_sim.SimulationRunner.run


def _logged_run(self, parameter_space, tuning_options):
    space = list(parameter_space)
    results = _orig_run(self, space, tuning_options)
    new = False
    for element, result in zip(space, results):
        if result is None:
            continue
        key = ",".join(str(v) for v in element)
        if key in _Log.valid and key not in _Log.seen:
            _Log.seen.add(key)
            _Log.order.append(key)
            new = True
    _Log.idle = 0 if new else _Log.idle + 1
    if len(_Log.seen) >= len(_Log.valid):
        raise StopCriterionReached("every point of the pool measured")
    if _Log.idle > 500:
        raise StopCriterionReached("500 requests without a new point")
    if time.monotonic() > _Log.deadline:
        raise StopCriterionReached("wall-clock limit")
    return results


kt_sim.SimulationRunner.run = _logged_run


class _Alarm(Exception):
    pass


def _on_alarm(signum, frame):
    raise _Alarm()


def run_strategy(pool, cache_path, strategy, seed, budget, wall_s=60.0):
    """Distinct pool keys in the order `strategy` measured them (and an error text or "")."""
    _Log.order, _Log.seen, _Log.idle = [], set(), 0
    _Log.valid = set(pool.cache_key(k) for k in pool.points)
    _Log.deadline = time.monotonic() + wall_s
    random.seed(seed)
    np.random.seed(seed)
    error = ""
    old = signal.signal(signal.SIGALRM, _on_alarm)
    signal.alarm(int(wall_s) + 30)  # a strategy stuck outside the runner
    try:
        with warnings.catch_warnings(), contextlib.redirect_stdout(io.StringIO()):
            warnings.simplefilter("ignore")
            tune_kernel(pool.problem, "// recorded: simulation mode", (1, 1, 1), [],
                        pool.tune_params, restrictions=pool.restriction(), cache=cache_path,
                        simulation_mode=True, strategy=strategy,
                        # brute_force takes no options: it measures the whole space in order
                        strategy_options={} if strategy == "brute_force" else {"max_fevals": budget},
                        quiet=True, lang="CUDA")
    except StopCriterionReached:
        pass
    except _Alarm:
        error = "stuck (alarm)"
    except Exception as e:  # a strategy that cannot run on this pool (too small, ...)
        error = f"{type(e).__name__}: {str(e).splitlines()[0][:120] if str(e) else ''}"
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
    by_cache_key = {pool.cache_key(k): k for k in pool.points}
    order = [by_cache_key[c] for c in _Log.order]
    # A run that measured something before it failed still counts for what it measured.
    if error and order:
        error = ""
    return order, error
