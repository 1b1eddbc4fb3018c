#!/usr/bin/env bash
# The house rules of docs/architecture.md, checked mechanically (issue 10, "Done when"):
#  1. includes: each top-level folder includes only what the design card's module table lets
#     it depend on (rules: nothing; profiling and generators: rules; engine: all three), nothing
#     in engine/backend/ includes the rest of engine/, nothing of engine/
#     outside engine/cli/ includes the CLI, and CUDA, CUPTI and
#     NVRTC headers appear only in engine/backend/gpu/, profiling/cupti_* and generators/nvrtc_*;
#     engine/'s rooms include only the rooms below them (ROOMS: backend < loop < report < run,
#     eval on the loop alone, cli on all), and no C++ file lies in engine/ outside a room;
#  2. links: solver-gpu links no room above the backend (loop, report, run, eval) nor the CLI
#     (solver_engine), read
#     from the link line CMake wrote into the build tree (build.ninja), which lists every static
#     library the executable takes, transitive ones included;
#  3. size: no library holds more than a third of all C++ lines of the four floors, and no file
#     in engine/ is over 500 lines unless LONG_FILES below gives its reason.
# Usage: scripts/house_check.sh [BUILD_DIR [SOURCE_DIR]] (defaults: build/ and the checkout this
# script is in; tests/scripts/house_check_test.sh points both at a synthetic tree). No network,
# no GPU, seconds. Prints one line per check and every violation; exit 0 when all hold, 1 when
# one does not, 2 when it cannot check (no build tree, not configured with Ninja).
set -euo pipefail
root="${2:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}"
build="${1:-$root/build}"
[[ "$build" = /* ]] || build="$PWD/$build"
if [[ ! -f "$build/build.ninja" ]]; then
  echo "house_check: no $build/build.ninja (configure with scripts/setup.sh first)" >&2
  exit 2
fi
exec python3 - "$root" "$build" <<'PY'
import collections, os, re, sys

root, build = sys.argv[1], sys.argv[2]
FLOORS = ["rules", "profiling", "generators", "engine"]
# The module table of the design card (DESIGN.md, "Modules"): what each folder may include.
MAY_INCLUDE = {"rules": {"rules"}, "profiling": {"rules", "profiling"},
               "generators": {"rules", "generators"}, "engine": set(FLOORS)}
# engine/'s rooms (engine/<room>/README.md): what each may include of engine/.
ROOMS = {"backend": {"backend"}, "loop": {"backend", "loop"},
         "report": {"backend", "loop", "report"}, "run": {"backend", "loop", "report", "run"},
         "eval": {"backend", "loop", "eval"},
         "cli": {"backend", "loop", "report", "run", "eval", "cli"}}
# Files of engine/ allowed over 500 lines, each with its reason.
LONG_FILES = {
    "engine/report/report_html.cpp": "one HTML page: its template, style and the writer of each "
                                     "section read top to bottom; split, a reader would jump "
                                     "between files to see one page",
    "engine/backend/gpu/host_data.cpp": "the host definition of the gate's data (draws per "
                                        "dtype, the float64 conversions, the comparison): the "
                                        "device derivation is checked byte for byte against it "
                                        "at worker start, so it is kept as one reference",
    "engine/backend/gpu/derive_source.cpp": "the device derivation's NVRTC source as one string, "
                                            "each kernel beside the host definition it repeats "
                                            "line for line; the self-check and the emulation "
                                            "test compile it whole",
    "engine/backend/gpu/worker.cpp": "the worker's request loop, one short handler per protocol "
                                     "request, read next to docs/gpu-backend.md's list",
    "engine/loop/ledger.cpp": "the ledger's writer and its checking reader, field by field in "
                              "the same order, so a field added to one is seen missing from the "
                              "other on one screen; the format is docs/ledger.md's",
    "engine/backend/gpu/worker.h": "the Worker class: C++ wants every member declared in one "
                                   "class body, each with its contract beside it; the "
                                   "definitions are spread over one *_op.cpp per concept",
}
MAX_LINES = 500
CXX = (".h", ".hpp", ".cpp", ".cc")
INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]', re.M)
GPU_HEADER = re.compile(r"^(cuda|cupti|nvrtc|nvperf|nvtx|cublas|cudaProfiler|generated_cuda)")
failures = []


def rel(path):
    return os.path.relpath(path, root)


def sources():
    for floor in FLOORS:
        for d, _, files in os.walk(os.path.join(root, floor)):
            for f in sorted(files):
                if f.endswith(CXX):
                    yield os.path.join(d, f)


def may_hold_gpu_headers(r):
    name = os.path.basename(r)
    return (r.startswith("engine/backend/gpu/") or
            (r.startswith("profiling/") and name.startswith("cupti_")) or
            (r.startswith("generators/") and name.startswith("nvrtc_")))


# 1. The include graph.
edges = 0
for path in sources():
    r = rel(path)
    floor = r.split("/")[0]
    if floor == "engine" and (r.count("/") < 2 or r.split("/")[1] not in ROOMS):
        failures.append(f"{r}: lies in engine/ outside a room ({', '.join(ROOMS)})")
    text = open(path, encoding="utf-8", errors="replace").read()
    for lineno, (kind, target) in (
            (text.count("\n", 0, m.start()) + 1, m.groups()) for m in INCLUDE.finditer(text)):
        where = f"{r}:{lineno}"
        if kind == "<":
            if GPU_HEADER.match(target) and not may_hold_gpu_headers(r):
                failures.append(f"{where}: includes <{target}> outside the GPU files")
            continue
        # A quoted include names a path from the repository root, else one next to the file.
        first = target.split("/")[0]
        resolved = target if first in FLOORS else os.path.normpath(
            os.path.join(os.path.dirname(r), target))
        to_floor = resolved.split("/")[0]
        if to_floor not in FLOORS:
            continue
        edges += 1
        if to_floor not in MAY_INCLUDE[floor]:
            allowed = ", ".join(sorted(MAY_INCLUDE[floor] - {floor})) or "nothing"
            failures.append(f"{where}: {floor}/ includes {resolved} ({floor}/ may use {allowed})")
        if r.startswith("engine/backend/") and to_floor == "engine" and \
                not resolved.startswith("engine/backend/"):
            failures.append(f"{where}: engine/backend/ includes {resolved} (the rest of engine/)")
        if r.startswith("engine/") and not r.startswith("engine/cli/") and \
                resolved.startswith("engine/cli/"):
            failures.append(f"{where}: the loop includes {resolved} (the CLI)")
        room, to_room = r.split("/")[1], resolved.split("/")[1]
        if floor == "engine" and to_floor == "engine" and room in ROOMS and \
                to_room in ROOMS and to_room not in ROOMS[room]:
            below = ", ".join(sorted(ROOMS[room] - {room})) or "nothing"
            failures.append(f"{where}: engine/{room}/ includes {resolved} "
                            f"(engine/{room}/ may use {below})")
n_inc = len(failures)
print(f"includes: {edges} edges between project files, {n_inc} violation(s)")

# 2. What solver-gpu links (the build statement's LINK_LIBRARIES and its inputs).
ninja = open(os.path.join(build, "build.ninja"), encoding="utf-8").read()
m = re.search(r"^build (\S*solver-gpu): CXX_EXECUTABLE_LINKER\S* (.*?)\n((?:  .*\n)*)", ninja, re.M)
if not m:
    print("links: solver-gpu is not in this build tree (no CUDA toolkit): not checked")
else:
    line = m.group(2) + m.group(3)
    libs = sorted(set(re.findall(r"lib(solver_\w+)\.a", line)))
    bad = [l for l in libs if l in ("solver_loop", "solver_report", "solver_run", "solver_eval",
                                     "solver_engine")]
    for l in bad:
        failures.append(f"solver-gpu links {l} (the loop or the CLI)")
    print(f"links: solver-gpu links {', '.join(libs)}; {len(bad)} violation(s)")

# 3. Lines per library: a .cpp belongs to the target that compiles it (build.ninja), a header
# to the target of the .cpp of the same name, else to the target compiling most of its folder.
owner = {}
for tgt, src in re.findall(r"^build \S*CMakeFiles/([\w.-]+)\.dir/\S+\.o: CXX_COMPILER\S* (\S+)",
                           ninja, re.M):
    src = rel(src) if os.path.isabs(src) else os.path.normpath(src)
    if src.split("/")[0] in FLOORS:
        owner.setdefault(src, tgt)
by_dir = collections.defaultdict(collections.Counter)
for src, tgt in owner.items():
    by_dir[os.path.dirname(src)][tgt] += 1


def lines(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return sum(1 for l in f if l.strip())


per = collections.Counter()
total = 0
for path in sources():
    r = rel(path)
    n = lines(path)
    total += n
    tgt = owner.get(r)
    if tgt is None:
        for ext in (".cpp", ".cc"):
            tgt = tgt or owner.get(os.path.splitext(r)[0] + ext)
    if tgt is None and by_dir.get(os.path.dirname(r)):
        tgt = by_dir[os.path.dirname(r)].most_common(1)[0][0]
    per[tgt or "(no target)"] += n
long_files = 0
for path in sources():
    r = rel(path)
    if r.startswith("engine/"):
        with open(path, encoding="utf-8", errors="replace") as f:
            n = sum(1 for _ in f)
        if n > MAX_LINES:
            long_files += 1
            if r not in LONG_FILES:
                failures.append(f"{r}: {n} lines (over {MAX_LINES}, no reason in LONG_FILES)")
largest = per.most_common(1)[0]
for tgt, n in per.most_common():
    if tgt.startswith("solver_") and 3 * n > total:
        failures.append(f"{tgt} holds {n} of {total} C++ lines, over a third")
shares = ", ".join(f"{t} {100 * n / total:.0f}%" for t, n in per.most_common())
print(f"size: {total} non-blank C++ lines; {shares}; {long_files} file(s) in engine/ over "
      f"{MAX_LINES} lines, {len(LONG_FILES)} with a reason")

for f in failures:
    print(f"house_check: {f}")
print("house_check: " + ("ok" if not failures else f"{len(failures)} violation(s)"))
sys.exit(1 if failures else 0)
PY
