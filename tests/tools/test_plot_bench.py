#!/usr/bin/env python3
"""Transcript test of tools/plot-bench on a hand-made dstu-bench/1 fixture.

    test_plot_bench.py PATH/TO/plot-bench

Runs the tool on bench-fixture.json (beside this script) into a temporary directory and
checks: the expected PNGs and no others, each a valid PNG; the --summary ratios against
values computed by hand from the fixture's medians (004's per curve, beside the thesis's); two machines merged as two series;
bad input (and a --figures file that is not the published figures' data) exits 2 with one
line on stderr and writes no PNG.
Exit 77 (SKIPPED in ctest) when no Python interpreter here has matplotlib.
Python 3 standard library only.
"""
import json
import os
import struct
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURE = os.path.join(HERE, "bench-fixture.json")
SKIP = 77
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
EXPECTED_PNGS = {"speedup.png", "vs_ratio.png", "batch.png", "comba.png", "multi-request-004.png", "published-000.png",
                 "published-001.png", "published-002.png"}
CPU = "Intel(R) Core(TM) i5-8250U CPU @ 1.60GHz"

# By hand from the fixture's medians (min and max would give other numbers).
EXPECTED = {
    ("speedup", "dstu163", "sign"): 13.0 / 10.0,  # presignature_sequential_comb where present
    ("speedup", "dstu163", "verify"): 40.0 / 25.0,
    ("speedup", "dstu163", "verify_batch"): 41.0 / 22.0,
    ("speedup", "dstu257", "sign"): 30.0 / 20.0,
    ("speedup", "dstu257", "verify_batch"): 98.0 / 52.0,
    ("speedup", "dstu431", "verify"): 280.0 / 160.0,
    ("vs_ratio", "dstu163", "sequential"): 40.0 / 13.0,
    ("vs_ratio", "dstu257", "sequential"): 96.0 / 30.0,  # else presignature
    ("vs_ratio", "dstu257", "parallel"): 60.0 / 20.0,
    ("vs_ratio", "dstu431", "full"): 290.0 / 84.0,
    ("comba", "128", "Comba 2x"): 3300.0 / 2000.0,
    ("comba", "8", "Comba Mx"): 24.0 / 1500.0,
    # 004 ([Al-Otaibi 2019]): sequential / method per curve, r and u; the thesis's u = 2 from its Table 5.5.
    ("multi_request_004", "brainpoolP160r1 (prime, 160-bit key) r=4", "per_request, u=2"): 0.25 / 0.125,
    ("multi_request_004", "brainpoolP160r1 (prime, 160-bit key) r=4", "postcomputation_10, u=2"): 0.25 / 0.2,
    ("multi_request_004", "brainpoolP160r1 (prime, 160-bit key) r=4", "per_request, u=1"): 0.25 / 0.26,
    ("multi_request_004", "brainpoolP160r1 (prime, 160-bit key) r=16", "per_request, u=2"): 1.0 / 0.5,
    ("multi_request_004", "dstu163 (binary, 160-bit key) r=4", "per_request, u=2"): 0.066 / 0.03,
    ("multi_request_004", "brainpoolP160r1 (prime, 160-bit key) r=4", "per_request, thesis u=2"): 0.125 / 0.069,
    ("multi_request_004", "brainpoolP160r1 (prime, 160-bit key) r=16", "per_request, thesis u=2"): 0.495 / 0.233,
    ("multi_request_004", "dstu163 (binary, 160-bit key) r=4", "postcomputation_10, thesis u=2"): None,
}
# The fixture's published figures ([Parallel DSTU 4145] Tables 1 and 3: s and ms), in the records'
# units; the two sizes of Table 1 are separate rows.
EXPECTED_PUBLISHED = {"000:T3 sign curve=dstu163": 783.699, "000:T3 verify curve=dstu163": 2421.31,
                      "000:T3 v_over_s curve=dstu163": 3.09, "000:T1 powmod_sequential bits=1024": 46.6112,
                      "000:T1 powmod_sequential bits=2048": 349.978}
# Figures per machine or build ([Parallel Comba]'s CPUs, ms per million products = ns; its 0 left
# out; [Crypto Library Slides]' x86 and x64 builds, flat and nested), keyed by row and series.
EXPECTED_PUBLISHED_SERIES = {
    ("001:T1 mul_comba bits=1024", "published (Intel Dual Core T2130)"): 702.0,
    ("001:T1 mul_comba bits=1024", "published (AMD A8-3510 MX)"): 452.0,
    ("002:#3 sign curve=dstu257", "published (x86, Intel Core i7-6700HQ (4 cores, 8 threads, 2.6 GHz))"): 610.0,
    ("002:#3 sign curve=dstu257", "published (x64, Intel Core i7-6700HQ (4 cores, 8 threads, 2.6 GHz))"): 390.0,
    ("002:#2 gost34311", "published (x86, Intel Core i7-6700HQ (4 cores, 8 threads, 2.6 GHz))"): 34.41,
    ("002:#2 gost34311", "published (x64, Intel Core i7-6700HQ (4 cores, 8 threads, 2.6 GHz))"): 34.87,
    # 002's #1 rows apart by cipher, its #2 HMAC rows flat, its #9 on the iPhone (ms in us).
    ("002:#1 ecb_encrypt cipher=kalyna256-256", "published (x86, Intel Core i7-6700HQ (4 cores, 8 threads, 2.6 GHz))"):
        78.93,
    ("002:#1 ecb_encrypt cipher=aes128", "published (x64, Intel Core i7-6700HQ (4 cores, 8 threads, 2.6 GHz))"): 2282.95,
    ("002:#2 hmac-sha256", "published (x64, Intel Core i7-6700HQ (4 cores, 8 threads, 2.6 GHz))"): 153.186,
    ("002:#9 encrypt cipher=aes256", "published (Apple A5 (ARM Cortex-A9), iPhone 4S)"): 36000.0,
}


class Check:
    def __init__(self):
        self.failed = 0

    def __call__(self, ok, what, detail=""):
        print(("ok    " if ok else "FAIL  ") + what + ("" if ok or not detail else "\n      " + detail))
        self.failed += not ok
        return ok


def interpreter_with_matplotlib():
    """This interpreter, or Debian's /usr/bin/python3 (python3-matplotlib), if it imports matplotlib."""
    for exe in dict.fromkeys([sys.executable, "/usr/bin/python3"]):
        if os.access(exe, os.X_OK) and subprocess.run([exe, "-c", "import matplotlib"],
                                                      capture_output=True).returncode == 0:
            return exe
    return None


def png_size(path):
    """(width, height) from the IHDR chunk, or None if the file is not a PNG."""
    with open(path, "rb") as f:
        head = f.read(24)
    if len(head) < 24 or head[:8] != PNG_MAGIC or head[12:16] != b"IHDR":
        return None
    return struct.unpack(">II", head[16:24])


def check_run_on_fixture(check, run, out):
    with open(FIXTURE) as f:
        r = run(["-o", out, "--summary", "-"], stdin=f.read())
    check(r.returncode == 0, "fixture on stdin: exit 0", r.stderr)
    pngs = set(os.listdir(out)) if os.path.isdir(out) else set()
    check(pngs == EXPECTED_PNGS, "fixture: exactly the expected charts", f"got {sorted(pngs)}")
    for name in sorted(pngs & EXPECTED_PNGS):
        size = png_size(os.path.join(out, name))
        check(size is not None and min(size) > 0 and os.path.getsize(os.path.join(out, name)) > 1000,
              f"{name} is a valid PNG", f"IHDR {size}")
    return [line.split("\t") for line in r.stdout.splitlines()]


def check_summary(check, rows):
    check(all(len(row) == 5 for row in rows), "summary: five tab-separated fields a line")
    got = {(row[0], row[2], row[3]): float(row[4]) for row in rows if len(row) == 5}
    for key, want in EXPECTED.items():
        if want is None:  # a series the fixture gives no row for
            check(key not in got, f"summary {' '.join(key)} absent", f"got {got.get(key)}")
            continue
        check(key in got and abs(got[key] - want) <= 1e-3 * want, f"summary {' '.join(key)} = {want:.4g}",
              f"got {got.get(key)}")
    rows_004 = [row for row in rows if row[0] == "multi_request_004"]
    check(len(rows_004) == 9, "summary: 004's timed rows only (no model, speed-up or sequential series)",
          f"{len(rows_004)} rows")
    panels = list(dict.fromkeys(row[2].rsplit(" r=", 1)[0] for row in rows_004))
    check(panels == ["brainpoolP160r1 (prime, 160-bit key)", "dstu163 (binary, 160-bit key)"],
          "summary: 004's panels by key size, the thesis's Brainpool curve first", " | ".join(panels))
    published = {row[2].split(" (")[0]: float(row[4]) for row in rows if len(row) == 5 and row[0] == "published"}
    for key, want in EXPECTED_PUBLISHED.items():
        check(abs(published.get(key, 0) - want) <= 1e-3 * want, f"summary published {key} = {want:.4g}",
              f"got {published.get(key)}")
    series = {(row[2].split(" (")[0], row[3].rsplit(" [", 1)[0]): float(row[4])
              for row in rows if len(row) == 5 and row[0] == "published"}
    for key, want in EXPECTED_PUBLISHED_SERIES.items():
        check(abs(series.get(key, 0) - want) <= 1e-3 * want, f"summary published {key[0]} {key[1]} = {want:.4g}",
              f"got {series.get(key)}")
    check(not any(k[0].startswith("001:T1") and "i7-2600" in k[1] for k in series),
          "summary: a published 0 (below the source's resolution) is not a figure")
    check({row[1] for row in rows} == {CPU}, "summary: one series labelled by cpu_model")
    curves = [row[2] for row in rows if row[0] == "speedup"]
    check(curves == sorted(curves, key=lambda c: int(c[4:])), "summary: curves ordered by m",
          " ".join(curves))


def check_merge(check, run, tmp):
    with open(FIXTURE) as f:
        doc = json.load(f)
    doc["context"]["cpu_model"] = "AMD EPYC 7B13"
    other = os.path.join(tmp, "other.json")
    with open(other, "w") as f:
        json.dump(doc, f)
    r = run(["-o", os.path.join(tmp, "merged"), "--summary", FIXTURE, other])
    labels = {line.split("\t")[1] for line in r.stdout.splitlines()}
    check(r.returncode == 0 and labels == {CPU, "AMD EPYC 7B13"}, "two machines: two series",
          f"exit {r.returncode}, labels {labels}")


def check_bad_input(check, run, tmp):
    cases = {
        "not-json": "{ this is not json",
        "wrong-schema": json.dumps({"schema": "dstu-bench/0", "context": {}, "results": []}),
        "no-plottable-data": json.dumps({"schema": "dstu-bench/1", "context": {"cpu_model": "x", "threads": 1},
                                         "results": [{"suite": "ec", "name": "ladder", "params": {"curve": "dstu163"},
                                                      "threads": 1, "unit": "us", "min": 1, "median": 1, "max": 1,
                                                      "iterations": 1}]}),
        "record-without-median": json.dumps({"schema": "dstu-bench/1", "context": {},
                                             "results": [{"suite": "mp", "name": "mul_comba"}]}),
    }
    for name, text in cases.items():
        path, out = os.path.join(tmp, name + ".json"), os.path.join(tmp, "out-" + name)
        with open(path, "w") as f:
            f.write(text)
        r = run(["-o", out, path])
        lines = r.stderr.splitlines()
        check(r.returncode == 2 and len(lines) == 1 and lines[0].startswith("plot-bench: error: ") and not r.stdout,
              f"{name}: exit 2, one-line error", f"exit {r.returncode}, stderr {r.stderr!r}")
        pngs = [p for p in os.listdir(out) if p.endswith(".png")] if os.path.isdir(out) else []
        check(not pngs, f"{name}: no PNG written", " ".join(pngs))


def check_figures_option(check, run, tmp):
    """--figures names the published figures' data file: one that cannot be read is an error
    (the default one, when absent, is not: the charts then name the sources by number)."""
    for name, text in {"no-such-figures.json": None, "not-figures.json": "[1, 2]"}.items():
        path, out = os.path.join(tmp, name), os.path.join(tmp, "out-" + name)
        if text is not None:
            with open(path, "w") as f:
                f.write(text)
        r = run(["-o", out, "--figures", path, FIXTURE])
        lines = r.stderr.splitlines()
        check(r.returncode == 2 and len(lines) == 1 and name in lines[0], f"--figures {name}: exit 2, one-line error",
              f"exit {r.returncode}, stderr {r.stderr!r}")


def main(argv):
    if len(argv) != 2:
        print("usage: test_plot_bench.py PATH/TO/plot-bench", file=sys.stderr)
        return 2
    tool = argv[1]
    python = interpreter_with_matplotlib()
    if python is None:
        print("SKIPPED: matplotlib not found (Debian: apt-get install python3-matplotlib)")
        return SKIP
    check = Check()
    check(os.access(tool, os.X_OK), "tools/plot-bench is executable")

    def run(args, stdin=""):
        return subprocess.run([python, tool] + args, input=stdin, capture_output=True, text=True, timeout=120)

    with tempfile.TemporaryDirectory(prefix="plot-bench-") as tmp:
        check_summary(check, check_run_on_fixture(check, run, os.path.join(tmp, "out")))
        check_merge(check, run, tmp)
        check_bad_input(check, run, tmp)
        check_figures_option(check, run, tmp)
    print(f"{check.failed} failed" if check.failed else "all passed")
    return 1 if check.failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
