#!/usr/bin/env python3
"""CRS text written by pyproj (PROJ) for CRSs chosen at random: the fixture of the text-format
tests (Tests/GraticuleCRSTests/CRSTextFixtureTests.swift).

For a fixed random sample (seed below) of EPSG and ESRI CRSs -- mostly geographic 2D and
projected, plus a few geographic 3D, geocentric, vertical and compound ones -- it records:

* `CRS.to_wkt("WKT2_2019")` for every CRS,
* `CRS.to_wkt("WKT1_ESRI")` for every CRS PROJ can write as Esri WKT,
* and for every third CRS also `to_wkt("WKT1_GDAL")`, `to_json()` (PROJJSON) and `to_proj4()`
  (where PROJ can write them).

The test parses each string and checks the result is equivalent to the CRS the registry resolves
for the same code, then that export -> parse -> export is stable.

Output: Tests/GraticuleCRSTests/Fixtures/crs_text_pyproj.json
    {"pyproj": ..., "proj": ..., "epsg": ..., "seed": ..., "entries": [{"id", "format", "text"}]}

Usage: pip install pyproj==3.7.2 && python3 tools/oracle/crs_text_fixture.py
"""

import json
import os
import random
import sqlite3
import warnings

import pyproj
from pyproj import CRS
from pyproj.database import query_crs_info
from pyproj.datadir import get_data_dir
from pyproj.enums import PJType

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "Tests", "GraticuleCRSTests", "Fixtures", "crs_text_pyproj.json")
SEED = 20251122

# How many CRSs of each group to draw.
GROUPS = [
    ("EPSG", PJType.PROJECTED_CRS, 330),
    ("EPSG", PJType.GEOGRAPHIC_2D_CRS, 80),
    ("ESRI", PJType.PROJECTED_CRS, 140),
    ("ESRI", PJType.GEOGRAPHIC_2D_CRS, 40),
    ("EPSG", PJType.GEOGRAPHIC_3D_CRS, 6),
    ("EPSG", PJType.GEOCENTRIC_CRS, 6),
    ("EPSG", PJType.VERTICAL_CRS, 6),
    ("EPSG", PJType.COMPOUND_CRS, 6),
]


def main():
    warnings.filterwarnings("ignore")
    rng = random.Random(SEED)
    meta = dict(sqlite3.connect(os.path.join(get_data_dir(), "proj.db")).execute(
        "select key, value from metadata").fetchall())
    entries = []
    index = 0
    for auth, pj_type, count in GROUPS:
        infos = sorted(query_crs_info(auth_name=auth, pj_types=[pj_type], allow_deprecated=False),
                       key=lambda i: int(i.code) if i.code.isdigit() else 0)
        for info in rng.sample(infos, count):
            code = f"{auth}:{info.code}"
            crs = CRS(code)
            formats = [("wkt2", lambda: crs.to_wkt("WKT2_2019")), ("esri", lambda: crs.to_wkt("WKT1_ESRI"))]
            if index % 3 == 0:
                formats += [("wkt1", lambda: crs.to_wkt("WKT1_GDAL")), ("projjson", lambda: crs.to_json()),
                            ("proj", lambda: crs.to_proj4())]
            index += 1
            for fmt, fn in formats:
                try:
                    text = fn()
                except Exception:  # noqa: BLE001 -- PROJ cannot write this CRS in this format
                    continue
                if not text:
                    continue
                entries.append({"id": code, "format": fmt, "text": text})
    doc = {
        "generator": "tools/oracle/crs_text_fixture.py",
        "pyproj": pyproj.__version__,
        "proj": pyproj.proj_version_str,
        "epsg": meta.get("EPSG.VERSION", ""),
        "esri": meta.get("ESRI.VERSION", ""),
        "seed": SEED,
        "entries": entries,
    }
    with open(OUT, "w") as f:
        json.dump(doc, f, indent=0, ensure_ascii=False)
        f.write("\n")
    by_format = {}
    for e in entries:
        by_format[e["format"]] = by_format.get(e["format"], 0) + 1
    print(f"wrote {OUT}: {len(entries)} strings {by_format}")


if __name__ == "__main__":
    main()
