#!/usr/bin/env python3
"""Reference values for the eleven world spatial references of the product (ESRI:102299, 54050,
EPSG:27200, ESRI:102018, 54090, EPSG:32610, ESRI:54024, 54052, 102038, EPSG:3857, 4326).

For each spatial reference, a global grid of points (every 30° of longitude from −165° to 165°,
every 15° of latitude from −75° to 75°, plus the poles' neighbourhood and three cities) is
projected with pyproj from the CRS's own base geographic CRS (no datum shift), and PROJ's
results are projected back. PROJ's refusals are recorded as `error`.

Berghaus Star (ESRI:102299) and Fuller (ESRI:54050) have no PROJ implementation and are not
in this file (their references are in their own tests).

Output: Tests/GraticuleProjectionTests/Fixtures/world_srs.json
Usage:  pip install pyproj==3.7.2 && python3 tools/oracle/world_srs.py
"""
import json
import math
import os
import sys

import pyproj
from pyproj import CRS, Transformer
from oracle_common import forward_and_inverse

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "Tests", "GraticuleProjectionTests", "Fixtures", "world_srs.json")
SRS = ["EPSG:27200", "ESRI:102018", "ESRI:54090", "EPSG:32610", "ESRI:54024", "ESRI:54052", "ESRI:102038",
       "EPSG:3857", "EPSG:4326"]
CITIES = [(-123.0, 45.0), (2.35, 48.85), (139.7, 35.7), (174.78, -41.29), (-72.53, 42.53)]


def grid():
    pts = [(lon, lat) for lat in range(-75, 76, 15) for lon in range(-165, 166, 30)]
    pts += [(0.0, 89.0), (0.0, -89.0), (179.9, -17.0), (-179.9, -17.0)]
    return [(float(x), float(y)) for x, y in pts] + CITIES


def num(v):
    return v if v is not None and math.isfinite(v) else None


def main():
    if pyproj.__version__ != "3.7.2":
        sys.exit(f"pyproj {pyproj.__version__}: the fixture is pinned to pyproj 3.7.2")
    out = []
    for code in SRS:
        crs = CRS.from_user_input(code)
        base = crs.geodetic_crs if crs.is_projected else crs
        fwd = Transformer.from_crs(base, crs, always_xy=True)
        inv = Transformer.from_crs(crs, base, always_xy=True)
        rows = []
        for lon, lat in grid():
            x, y, ilon, ilat = forward_and_inverse(fwd, inv, lon, lat)
            rows.append({"lon": lon, "lat": lat, "x": num(x), "y": num(y), "inv_lon": num(ilon),
                         "inv_lat": num(ilat)})
        out.append({"crs": code, "name": crs.name, "points": rows})
    doc = {"generator": "tools/oracle/world_srs.py", "pyproj": pyproj.__version__, "proj": pyproj.proj_version_str,
           "srs": out}
    with open(OUT, "w") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")
    print(f"{len(out)} spatial references → {OUT}")


if __name__ == "__main__":
    main()
