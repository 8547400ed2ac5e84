#!/usr/bin/env python3
"""Reference definitions of CRSs resolved by code, for Tests/GraticuleCRSTests.

Picks CRSs at random (fixed seed) across EPSG and ESRI geographic 2D/3D and projected CRSs
(non-deprecated), plus the product's named CRSs, and records how pyproj 3.7.2 (PROJ 9.5.1,
EPSG v11.022) resolves each: ellipsoid (a in metres, 1/f), prime meridian (degrees), datum name,
unit conversion factor of the first axis, axis directions, and for projected CRSs the method
(name, EPSG code) and every parameter (name, EPSG code, value in SI units: radians, metres,
unity).

Output: Tests/GraticuleCRSTests/Fixtures/crs_by_code.json
Usage:  pip install pyproj==3.7.2 && python3 tools/oracle/crs_by_code.py
"""

import json
import math
import os
import random
import sys

import pyproj
from pyproj import CRS
from pyproj.database import query_crs_info
from pyproj.enums import PJType

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "Tests", "GraticuleCRSTests", "Fixtures", "crs_by_code.json")
NAMED = ["EPSG:4326", "EPSG:3857", "EPSG:28413", "EPSG:32610", "EPSG:27700", "EPSG:27200", "ESRI:102299",
         "ESRI:54050", "ESRI:102018", "ESRI:54090", "ESRI:54024", "ESRI:54052", "ESRI:102038", "ESRI:104135",
         "EPSG:4807", "EPSG:2154", "EPSG:32632", "EPSG:5514", "EPSG:2065", "EPSG:22300"]
PER_KIND = {("EPSG", PJType.GEOGRAPHIC_2D_CRS): 80, ("EPSG", PJType.GEOGRAPHIC_3D_CRS): 30,
            ("EPSG", PJType.PROJECTED_CRS): 300, ("ESRI", PJType.GEOGRAPHIC_2D_CRS): 60,
            ("ESRI", PJType.PROJECTED_CRS): 150}


def code_or_none(code):
    return None if not code or code == "undefined" else code


def describe(code):
    crs = CRS.from_user_input(code)
    ell = crs.ellipsoid
    pm = crs.prime_meridian
    out = {
        "id": code,
        "name": crs.name,
        "type": crs.type_name,
        "ellipsoid": {"name": ell.name, "a": ell.semi_major_metre, "rf": ell.inverse_flattening},
        "primeMeridianDegrees": pm.longitude * pm.unit_conversion_factor * 180 / math.pi,
        "datum": crs.datum.name,
        "unitFactor": crs.axis_info[0].unit_conversion_factor,
        "axes": [a.direction for a in crs.axis_info],
    }
    op = crs.coordinate_operation
    if op is not None and crs.is_projected:
        out["method"] = {"name": op.method_name, "code": code_or_none(op.method_code)}
        out["parameters"] = [
            {"name": p.name, "code": code_or_none(p.code),
             "value": p.value * (p.unit_conversion_factor if p.unit_conversion_factor else 1.0)}
            for p in op.params
        ]
    return out


def main():
    if pyproj.__version__ != "3.7.2":
        sys.exit(f"pyproj {pyproj.__version__}: the fixture is pinned to pyproj 3.7.2")
    rng = random.Random(20261122)
    codes = list(NAMED)
    for (auth, kind), n in PER_KIND.items():
        pool = sorted(f"{i.auth_name}:{i.code}" for i in
                      query_crs_info(auth_name=auth, pj_types=[kind], allow_deprecated=False))
        codes += rng.sample(pool, min(n, len(pool)))
    seen, entries = set(), []
    for c in codes:
        if c in seen:
            continue
        seen.add(c)
        entries.append(describe(c))
    doc = {
        "generator": "tools/oracle/crs_by_code.py",
        "pyproj": pyproj.__version__,
        "proj": pyproj.proj_version_str,
        "epsg": pyproj.database.get_database_metadata("EPSG.VERSION"),
        "esri": pyproj.database.get_database_metadata("ESRI.VERSION"),
        "crs": entries,
    }
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, "w") as f:
        json.dump(doc, f, indent=1, sort_keys=True)
        f.write("\n")
    print(f"{len(entries)} CRSs → {OUT}")


if __name__ == "__main__":
    main()
