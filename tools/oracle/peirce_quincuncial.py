#!/usr/bin/env python3
"""Reference values for Peirce quincuncial (ESRI:54090 square, ESRI:54091 diamond) from PROJ.

For a 15° grid over the whole globe plus 200 pseudo-random points (fixed seed), projects
WGS 84 longitude/latitude into ESRI:54090 and ESRI:54091 with pyproj (PROJ `+proj=peirce_q`
on a sphere of radius a) and records PROJ's forward result.

Output: Tests/GraticuleProjectionTests/Fixtures/peirce_quincuncial.csv with the columns
    crs,lon,lat,x,y
(numbers in Python repr; empty x/y where PROJ gave no value).

Usage: pip install pyproj==3.7.2 && python3 tools/oracle/peirce_quincuncial.py
"""

import csv
import math
import os
import random
import sys

import pyproj
from pyproj import Transformer

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "Tests", "GraticuleProjectionTests", "Fixtures", "peirce_quincuncial.csv")


def points():
    pts = []
    for lat in range(-90, 91, 15):
        for lon in range(-180, 181, 15):
            pts.append((float(lon), float(lat)))
    rnd = random.Random(54090)
    for _ in range(200):
        pts.append((rnd.uniform(-180, 180), math.degrees(math.asin(rnd.uniform(-1, 1)))))
    return pts


def main():
    if pyproj.__version__ != "3.7.2":
        sys.exit(f"pyproj {pyproj.__version__}: the fixture is pinned to pyproj 3.7.2")
    rows = []
    for crs in ("ESRI:54090", "ESRI:54091"):
        t = Transformer.from_crs("EPSG:4326", crs, always_xy=True)
        for lon, lat in points():
            try:
                x, y = t.transform(lon, lat, errcheck=True)
            except Exception:
                x = y = None
            f = lambda v: "" if v is None or not math.isfinite(v) else repr(float(v))
            rows.append([crs, repr(lon), repr(lat), f(x), f(y)])
    with open(OUT, "w", newline="") as fh:
        fh.write(f"# generator: tools/oracle/peirce_quincuncial.py; pyproj {pyproj.__version__}, "
                 f"PROJ {pyproj.proj_version_str}\n")
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(["crs", "lon", "lat", "x", "y"])
        w.writerows(rows)
    print(f"{len(rows)} rows -> {OUT}")


if __name__ == "__main__":
    main()
