#!/usr/bin/env python3
"""Datum transformations, Graticule vs PROJ (pyproj 3.7.2 / PROJ 9.5.1, Debian cs2cs 9.1.1), side by
side in one run:

1. the ranked list of transformations for a registry pair, warm (Graticule's
   TransformationCatalog.transformations vs pyproj's TransformerGroup), and Transformer creation;
2. EPSG:4326 -> EPSG:27700 with the default transformation (OSGB36 to WGS 84 (6), a 7-parameter
   Helmert), 1,000,000 points over Great Britain, one thread, best of 5: Graticule's Transformer
   vs pyproj's Transformer.transform (PROJ picks the operation per point);
3. `graticule project` vs `cs2cs` on the same file of 1,000,000 lon/lat lines into UTM 32N, whole
   programs from standard input to standard output (best of 3 wall-clock runs each).

Usage (from the package root):
    tools/build-release.sh
    python3 Benchmarks/compare_transform.py [--points 1000000]
"""
import argparse
import os
import subprocess
import tempfile
import time
import warnings

import numpy as np
import pyproj
from pyproj import Transformer
from pyproj.transformer import TransformerGroup

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXE = os.path.join(ROOT, ".build", "release", "graticule")


def ranked_lists():
    out = subprocess.run([EXE, "bench", "transformations", "--from", "EPSG:27700", "--to", "EPSG:3857"],
                         capture_output=True, text=True, check=True).stdout.strip()
    warm_us = float(out.split("warm list ")[1].split(" ")[0])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        TransformerGroup("EPSG:27700", "EPSG:3857", always_xy=True)
        best = float("inf")
        for _ in range(20):
            t0 = time.perf_counter()
            TransformerGroup("EPSG:27700", "EPSG:3857", always_xy=True)
            best = min(best, time.perf_counter() - t0)
    print("1. ranked list 27700 -> 3857 (warm)")
    print(f"   Graticule: {out}")
    print(f"   pyproj TransformerGroup: {best * 1e3:.2f} ms (best of 20)")
    print(f"   ratio: {best * 1e6 / warm_us:.0f}x")


def throughput(n):
    rng = np.random.default_rng(27700)
    lon = rng.uniform(-5.5, 1.5, n)
    lat = rng.uniform(50.2, 58.5, n)
    xy = np.ascontiguousarray(np.column_stack([lon, lat]), dtype="<f8")
    with tempfile.TemporaryDirectory() as tmp:
        inp, outp = os.path.join(tmp, "in.bin"), os.path.join(tmp, "out.bin")
        xy.tofile(inp)
        out = subprocess.run([EXE, "bench", "projection", "--from", "EPSG:4326", "--to", "EPSG:27700", "--input", inp,
                              "--output", outp], capture_output=True, text=True, check=True).stdout.strip()
        g_best = float(out.split("best ")[1].split(" ")[0])
        mine = np.fromfile(outp, dtype="<f8").reshape(-1, 2)
    t = Transformer.from_crs("EPSG:4326", "EPSG:27700", always_xy=True)
    best = float("inf")
    for _ in range(5):
        x, y = lon.copy(), lat.copy()
        t0 = time.perf_counter()
        ox, oy = t.transform(x, y)
        best = min(best, time.perf_counter() - t0)
    diff = np.nanmax(np.hypot(mine[:, 0] - ox, mine[:, 1] - oy))
    print(f"2. EPSG:4326 -> EPSG:27700, default transformation, {n:,} points over Great Britain")
    print(f"   Graticule: {g_best:.3f} s ({n / g_best / 1e6:.2f} M points/s)")
    print(f"   PROJ (pyproj Transformer): {best:.3f} s ({n / best / 1e6:.2f} M points/s)")
    print(f"   ratio: {best / g_best:.2f}x; max difference {diff * 1000:.3f} mm")


def whole_program(n):
    rng = np.random.default_rng(32632)
    lon = rng.uniform(6, 12, n)
    lat = rng.uniform(0, 84, n)
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "lonlat.txt")
        with open(path, "w") as f:
            for a, b in zip(lon, lat):
                f.write(f"{a:.8f} {b:.8f}\n")
        runs = {
            "graticule project": [EXE, "project", "--from", "EPSG:4326", "--to", "EPSG:32632"],
            "cs2cs": ["cs2cs", "OGC:CRS84", "EPSG:32632"],
        }
        best = {}
        outs = {}
        for name, cmd in runs.items():
            b = float("inf")
            for _ in range(3):
                with open(path, "rb") as fin, open(os.path.join(tmp, name.replace(" ", "_")), "wb") as fout:
                    t0 = time.perf_counter()
                    subprocess.run(cmd, stdin=fin, stdout=fout, check=True)
                    b = min(b, time.perf_counter() - t0)
            best[name] = b
            with open(os.path.join(tmp, name.replace(" ", "_"))) as f:
                outs[name] = [line.split() for line in f.readlines()[:1000]]
        d = max(abs(float(a[0]) - float(b[0])) + abs(float(a[1]) - float(b[1]))
                for a, b in zip(outs["graticule project"], outs["cs2cs"]))
    print(f"3. {n:,} lon/lat lines -> UTM 32N, whole program, stdin to stdout")
    for name, b in best.items():
        print(f"   {name}: {b:.3f} s")
    print(f"   ratio: {best['cs2cs'] / best['graticule project']:.2f}x; first 1,000 lines agree within "
          f"{d:.3f} m (cs2cs prints 2 decimals)")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--points", type=int, default=1_000_000)
    a = ap.parse_args()
    print(f"pyproj {pyproj.__version__} (PROJ {pyproj.proj_version_str}); cs2cs from Debian proj-bin")
    ranked_lists()
    throughput(a.points)
    whole_program(a.points)


if __name__ == "__main__":
    main()
