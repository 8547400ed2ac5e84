#!/usr/bin/env python3
"""Projection throughput, Graticule vs PROJ (pyproj 3.7.2 / PROJ 9.5.1), side by side in one run.

Both run single-threaded on the same 1,000,000 points (the same binary file of float64 x,y pairs),
best of 5; the script prints points/s for each and the ratio, and checks that the two outputs
agree (max difference).

Usage (from the package root):
    tools/build-release.sh
    pip install pyproj==3.7.2 numpy
    python3 Benchmarks/compare_projection.py [--points 1000000]
"""
import argparse
import os
import subprocess
import sys
import tempfile
import time

import numpy as np
import pyproj
from pyproj import Transformer

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXE = os.path.join(ROOT, ".build", "release", "graticule")

# (label, source, target, lon range, lat range) — inputs are generated in the source CRS.
CASES = [
    ("4326 -> 32632 (UTM 32N) forward", "EPSG:4326", "EPSG:32632", (6, 12), (0, 84)),
    ("32632 -> 4326 (UTM 32N) inverse", "EPSG:32632", "EPSG:4326", (6, 12), (0, 84)),
    ("4326 -> 3857 (Web Mercator)", "EPSG:4326", "EPSG:3857", (-180, 180), (-85, 85)),
    # WGS 84 → RGF93 v1 is a null transformation in PROJ (EPSG:1671, all parameters 0), so PROJ's
    # 4326 → 2154 pipeline is unit conversion + LCC; 4171 (RGF93 v1 geographic) → 2154 is the same
    # pipeline without a datum step on both sides, which Graticule can run before datum
    # transformations land.
    ("4171 -> 2154 (Lambert 93, LCC)", "EPSG:4171", "EPSG:2154", (-5, 10), (41, 52)),
]


def points(n, lon, lat, source, rng):
    x = rng.uniform(lon[0], lon[1], n)
    y = rng.uniform(lat[0], lat[1], n)
    if source not in ("EPSG:4326", "EPSG:4171"):  # generate lon/lat, then express them in the source CRS with PROJ
        x, y = Transformer.from_crs("EPSG:4326", source, always_xy=True).transform(x, y)
    return np.ascontiguousarray(np.column_stack([x, y]), dtype="<f8")


def time_proj(src, dst, xy, repeat=5):
    t = Transformer.from_crs(src, dst, always_xy=True)
    best, out = float("inf"), None
    for _ in range(repeat):
        x, y = xy[:, 0].copy(), xy[:, 1].copy()
        t0 = time.perf_counter()
        ox, oy = t.transform(x, y)
        best = min(best, time.perf_counter() - t0)
        out = (ox, oy)
    return best, np.column_stack(out)


def time_graticule(src, dst, path, out_path, repeat=5):
    r = subprocess.run([EXE, "bench", "projection", "--from", src, "--to", dst, "--input", path,
                        "--output", out_path, "--repeat", str(repeat)], capture_output=True, text=True)
    if r.returncode != 0:
        return None, r.stderr.strip()
    best = float(r.stdout.split(" best ")[1].split()[0])
    return best, np.fromfile(out_path, dtype="<f8").reshape(-1, 2)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--points", type=int, default=1_000_000)
    args = ap.parse_args()
    if not os.path.exists(EXE):
        sys.exit("build first: swift build -c release")
    rng = np.random.default_rng(20261122)
    print(f"pyproj {pyproj.__version__} / PROJ {pyproj.proj_version_str}; {args.points:,} points, one thread, best of 5")
    print(f"{'case':<34} {'PROJ M pt/s':>12} {'Graticule M pt/s':>17} {'ratio':>7} {'max |diff|':>12}")
    with tempfile.TemporaryDirectory() as tmp:
        for label, src, dst, lon, lat in CASES:
            xy = points(args.points, lon, lat, src, rng)
            path, out_path = os.path.join(tmp, "in.bin"), os.path.join(tmp, "out.bin")
            xy.tofile(path)
            tp, op = time_proj(src, dst, xy)
            tg, og = time_graticule(src, dst, path, out_path)
            if tg is None:
                print(f"{label:<34} {args.points / tp / 1e6:>12.2f} {'error: ' + og}")
                continue
            diff = np.nanmax(np.abs(op - og))
            print(f"{label:<34} {args.points / tp / 1e6:>12.2f} {args.points / tg / 1e6:>17.2f} "
                  f"{tp / tg:>6.2f}x {diff:>12.3g}")


if __name__ == "__main__":
    main()
