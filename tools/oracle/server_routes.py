"""Expected values of the server's route tests: Tests/GraticuleServerTests/Fixtures/server_routes.json.

PROJ 9.5.1 (pyproj 3.7.2) projects the points the route tests send:
- workflow 1: WGS 84 (105°E, 47°N) into Pulkovo 1942 / Gauss-Kruger zone 13 (EPSG:28413) with
  PROJ's first-ranked operation (TransformerGroup.transformers[0], the catalog's default), with
  the single operation ESRI:108055 forced (proj_create of the operation, then the zone 13
  projection), and with no datum shift (the coordinates taken as Pulkovo 1942 as they are);
- a batch of WGS 84 points into Web Mercator (EPSG:3857) and into British National Grid
  (EPSG:27700, first-ranked operation).

    python3 tools/oracle/server_routes.py
"""
import json
import os

import pyproj
from pyproj import Transformer
from pyproj.crs import CoordinateOperation
from pyproj.transformer import TransformerGroup

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "..", "Tests", "GraticuleServerTests", "Fixtures", "server_routes.json")

ZONE13 = "+proj=tmerc +lat_0=0 +lon_0=75 +k=1 +x_0=13500000 +y_0=0 +ellps=krass"


def strip(pipeline):
    """The steps of an operation's PROJ pipeline without its degree/radian and axis wrappers."""
    steps = pipeline.split("+step")[1:]
    keep = [s.strip() for s in steps if "unitconvert" not in s and "axisswap" not in s]
    return " ".join("+step " + s for s in keep)


def main():
    x, y = 105.0, 47.0
    group = TransformerGroup("EPSG:4326", "EPSG:28413", always_xy=True)
    default = group.transformers[0]
    op = CoordinateOperation.from_authority("ESRI", "108055")
    chosen = Transformer.from_pipeline(
        "+proj=pipeline +step +proj=unitconvert +xy_in=deg +xy_out=rad " + strip(op.to_proj4())
        + " +step " + ZONE13)
    none = Transformer.from_crs("EPSG:4284", "EPSG:28413", always_xy=True)
    batch = [[2.35, 48.85], [-0.1275, 51.5072], [-3.19, 55.95], [0.0, 0.0]]
    to3857 = Transformer.from_crs("EPSG:4326", "EPSG:3857", always_xy=True)
    to27700 = TransformerGroup("EPSG:4326", "EPSG:27700", always_xy=True).transformers[0]
    doc = {
        "generator": f"tools/oracle/server_routes.py, pyproj {pyproj.__version__}, PROJ {pyproj.proj_version_str}",
        "workflow1": {
            "from": "EPSG:4326", "to": "EPSG:28413", "x": x, "y": y,
            "default": {"name": default.description, "xy": list(default.transform(x, y))},
            "chosen": {"transformation": "ESRI:108055", "xy": list(chosen.transform(x, y))},
            "none": {"xy": list(none.transform(x, y))},
        },
        "batch": {
            "points": batch,
            "EPSG:3857": [list(to3857.transform(px, py)) for px, py in batch],
            "EPSG:27700": {"name": to27700.description,
                           "xy": [list(to27700.transform(px, py)) for px, py in batch]},
        },
    }
    with open(OUT, "w") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")
    print(json.dumps(doc, indent=1))


if __name__ == "__main__":
    main()
