"""Ranked transformation lists from PROJ 9.5.1 (pyproj 3.7.2 TransformerGroup, EPSG v11.022):
Tests/GraticuleTransformTests/Fixtures/transformation_lists.json.

For each (source, target[, area of interest]) pair: the descriptions of the instantiable
transformers in PROJ's order, and the names of the operations PROJ lists as unavailable (missing
grids). pyproj partitions PROJ's sorted list into these two lists; its TransformerGroup sorts
without regard to grid availability (the best operation may be unavailable: "Best transformation
is not available due to missing Grid").

    python3 tools/oracle/transformation_lists.py
"""
import json
import os
import time
import warnings

import pyproj
from pyproj.transformer import AreaOfInterest, TransformerGroup

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "..", "Tests", "GraticuleTransformTests", "Fixtures", "transformation_lists.json")

PAIRS = [
    ("EPSG:27700", "EPSG:3857", None),
    ("EPSG:27700", "EPSG:3857", (-1.0, 51.0, 0.5, 52.0)),
    ("EPSG:27700", "EPSG:3857", (-6.0, 56.0, -3.0, 58.0)),
    ("EPSG:4326", "EPSG:28413", None),
    ("EPSG:4326", "EPSG:28413", (104.9, 46.9, 105.1, 47.1)),
    ("EPSG:4326", "EPSG:27700", None),
    ("EPSG:4202", "EPSG:4283", None),
    ("EPSG:4202", "EPSG:4283", (144.5, -38.5, 145.5, -37.5)),
    ("EPSG:4230", "EPSG:4326", None),
    ("EPSG:4230", "EPSG:4326", (2.0, 41.0, 3.0, 42.0)),
    ("EPSG:4314", "EPSG:4258", None),
    ("EPSG:21781", "EPSG:2056", None),
    ("EPSG:4149", "EPSG:4150", None),
    ("EPSG:4272", "EPSG:4167", None),
    ("EPSG:4275", "EPSG:4171", None),
    ("EPSG:4326", "EPSG:2193", None),
    ("EPSG:4283", "EPSG:7844", None),
    ("EPSG:4267", "EPSG:4269", (-100.0, 40.0, -99.0, 41.0)),
    ("EPSG:4326", "EPSG:32631", None),
]


def main():
    out = []
    for src, dst, aoi in PAIRS:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            kw = {"always_xy": True}
            if aoi:
                kw["area_of_interest"] = AreaOfInterest(*aoi)
            g = TransformerGroup(src, dst, **kw)
        out.append({"source": src, "target": dst, "area": list(aoi) if aoi else None,
                    "transformers": [t.description for t in g.transformers],
                    "accuracies": [t.accuracy for t in g.transformers],
                    "unavailable": [o.name for o in g.unavailable_operations]})
    with open(OUT, "w") as f:
        json.dump({"generator": "tools/oracle/transformation_lists.py", "pyproj": pyproj.__version__,
                   "proj": pyproj.proj_version_str, "pairs": out}, f, indent=1)
        f.write("\n")
    print(f"{len(out)} pairs -> {OUT}")


if __name__ == "__main__":
    main()
