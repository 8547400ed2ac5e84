#!/usr/bin/env python3
"""Reference values for same-datum conversion pipelines (Tests/GraticuleTransformTests).

Pairs of CRSs on the same geodetic datum — geographic ↔ projected, projected ↔ projected, other
units (US survey feet, grads), non-Greenwich prime meridians, north-first axes — with points
given in the source CRS (x/y order: longitude/latitude, easting/northing, as pyproj's
always_xy=True) and PROJ's results.

Output: Tests/GraticuleTransformTests/Fixtures/pipeline_pairs.json
Usage:  pip install pyproj==3.7.2 && python3 tools/oracle/pipeline_pairs.py
"""
import json
import math
import os
import sys

import pyproj
from pyproj import CRS, Transformer

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "Tests", "GraticuleTransformTests", "Fixtures", "pipeline_pairs.json")

# (source, target, lon/lat points on the common datum, expressed in the source CRS by PROJ)
PAIRS = [
    ("EPSG:4326", "EPSG:32632", [(9.0, 45.0), (6.5, 60.0), (11.9, 0.5)]),
    ("EPSG:32632", "EPSG:4326", [(9.0, 45.0), (6.5, 60.0)]),
    ("EPSG:32632", "EPSG:32633", [(12.0, 50.0), (14.9, 70.0)]),  # projected → projected
    ("EPSG:4326", "EPSG:3395", [(-70.0, -33.0), (100.0, 60.0)]),  # World Mercator
    ("ESRI:102100", "EPSG:3857", [(10.0, 50.0)]),  # Esri and EPSG Web Mercator
    ("EPSG:3857", "EPSG:4326", [(-123.0, 45.0), (139.7, 35.7)]),
    ("EPSG:4269", "EPSG:2227", [(-122.4, 37.8), (-121.0, 36.5)]),  # US survey feet
    ("EPSG:2227", "EPSG:26910", [(-122.4, 37.8)]),  # ftUS LCC → metre UTM (both NAD83)
    ("EPSG:4807", "EPSG:27572", [(2.35, 48.85), (-1.5, 43.5)]),  # Paris meridian, grads
    ("EPSG:4284", "EPSG:28413", [(75.0, 50.0), (105.0, 47.0)]),  # north-first axes; Mongolia 30° off CM
    ("EPSG:28418", "EPSG:28413", [(105.0, 47.0)]),
    ("EPSG:4326", "EPSG:4979", [(10.0, 20.0)]),  # geographic 2D → 3D
]


def main():
    if pyproj.__version__ != "3.7.2":
        sys.exit(f"pyproj {pyproj.__version__}: the fixture is pinned to pyproj 3.7.2")
    out = []
    for src, dst, lonlats in PAIRS:
        s = CRS.from_user_input(src)
        geog = s.geodetic_crs if s.is_projected else s
        to_src = Transformer.from_crs(geog, s, always_xy=True)
        t = Transformer.from_crs(s, dst, always_xy=True)
        ops = [o.name for o in t.operations] if t.operations else [t.name]
        rows = []
        for lon, lat in lonlats:
            if s.is_projected:
                x, y = to_src.transform(lon, lat)
            else:
                x, y = lon, lat
                if geog.axis_info[0].unit_name == "grad":
                    x, y = lon / 0.9, lat / 0.9
            ox, oy = t.transform(x, y)
            rows.append({"x": x, "y": y, "out_x": ox, "out_y": oy})
        out.append({"source": src, "target": dst, "proj_operation": " + ".join(ops), "points": rows})
    doc = {"generator": "tools/oracle/pipeline_pairs.py", "pyproj": pyproj.__version__,
           "proj": pyproj.proj_version_str, "pairs": out}
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, "w") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")
    print(f"{len(out)} pairs → {OUT}")
    for p in out:
        print(f"  {p['source']} → {p['target']}: {p['proj_operation']}")


if __name__ == "__main__":
    main()
