#!/usr/bin/env python3
"""Expected answers of OGC API - Features Part 2 (coordinate reference systems) for the server
tests, from pyproj (PROJ) and shapely, never from Graticule:

    Tests/GraticuleServerTests/Fixtures/ogcapi_crs.json

features  squares.geojson's features (tools/oracle/server_vectors.py: square A, point P, line L)
          in several output CRSs, each coordinate pair in the CRS's authority axis order
          (pyproj.Transformer.from_crs("OGC:CRS84", crs), always_xy=False: EPSG:4326 latitude
          first, EPSG:3035 northing first) with PROJ's default operation
bboxes    a bbox given in a bbox-crs (its axis order), and the names of the features that meet
          it: the bbox taken to CRS84 by pyproj's transform_bounds (outline densified, 64 points
          a side), then shapely's intersects against each feature

    pip install pyproj==3.7.2 shapely && python3 tools/oracle/ogcapi_crs.py
"""
import json, os

import pyproj
import shapely
from shapely.geometry import box, shape

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
VECTORS = os.path.join(ROOT, "Tests/GraticuleServerTests/Fixtures/vectors/squares.geojson")
OUT = os.path.join(ROOT, "Tests/GraticuleServerTests/Fixtures/ogcapi_crs.json")

CRSS = ["EPSG:3857", "EPSG:4326", "EPSG:3035", "EPSG:32631", "ESRI:54030"]


def uri(code):
    auth, number = code.split(":")
    return f"http://www.opengis.net/def/crs/{auth}/0/{number}"


def main():
    features = json.load(open(VECTORS))["features"]
    out = {"generator": "tools/oracle/ogcapi_crs.py", "pyproj": pyproj.__version__, "proj": pyproj.proj_version_str,
           "shapely": shapely.__version__, "features": [], "bboxes": []}
    for code in CRSS:
        t = pyproj.Transformer.from_crs("OGC:CRS84", code)
        for fid, f in enumerate(features):
            g = f["geometry"]
            pts = g["coordinates"][0] if g["type"] == "Polygon" else g["coordinates"] if g["type"] == "LineString" else [g["coordinates"]]
            xy = [list(t.transform(lon, lat)) for lon, lat in pts]
            out["features"].append({"crs": uri(code), "fid": fid, "name": f["properties"]["name"], "type": g["type"],
                                    "coordinates": xy})
    shapes = [(f["properties"]["name"], shape(f["geometry"])) for f in features]
    cases = [
        # A box in Web Mercator metres around 2..5°E, 2..5°N: inside square A only.
        ("EPSG:3857", (2, 2, 5, 5)),
        # Latitude first: 5..15°N, 15..25°E meets square B only.
        ("EPSG:4326", (5, 15, 15, 25)),
        # UTM 31N around 1..10°E, 1..10°N meets A (and B along their shared side at 10°E).
        ("EPSG:32631", (1, 1, 10, 10)),
        # Robinson around the point P (30°W, 20°N) and the line L (40..20°W, 20°S).
        ("ESRI:54030", (-45, -25, -15, 25)),
    ]
    for code, (a, b, c, d) in cases:
        # The bbox in the CRS's axis order: made from lon/lat corners (4326 already lat/lon).
        t = pyproj.Transformer.from_crs("OGC:CRS84", code)
        if code == "EPSG:4326":
            bbox = [a, b, c, d]
        else:
            x0, y0 = t.transform(a, b)
            x1, y1 = t.transform(c, d)
            bbox = [min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)]
        back = pyproj.Transformer.from_crs(code, "OGC:CRS84")
        w, s, e, n = back.transform_bounds(*bbox, densify_pts=64)
        lonlat = box(w, s, e, n)
        names = sorted(name for name, g in shapes if g.intersects(lonlat))
        out["bboxes"].append({"bboxCrs": uri(code), "bbox": bbox, "names": names})
    with open(OUT, "w") as f:
        json.dump(out, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
