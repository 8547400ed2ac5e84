#!/usr/bin/env python3
"""Expected distances between geometries, never from Graticule.

Planar: shapely's `distance` (GEOS) for every ordered pair of the geometries of relate.py
(points, lines and areas meeting in every way, and apart).

Geodesic, for geometries in longitude/latitude degrees whose segments are straight in
longitude and latitude (as the data draws them): every segment of both geometries is cut into
SAMPLES equal steps in longitude and latitude, the least WGS 84 geodesic distance between the
two sets of points is found (pyproj's `Geod.inv`, GeographicLib's algorithm), and twice more
the two segments of that pair are sampled as finely around it; 0 when shapely finds that the
two meet (planar in degrees). Sampling can only overestimate the true least distance; with
three levels the step is a 400³th of a segment, far below a millimetre here.

    pip install pyproj==3.7.2 shapely numpy && python3 tools/oracle/distance.py

With `--countries LON LAT KM` it prints instead the countries of Natural Earth's 1:110m layer
(the server's built-in `countries`, read with ogr2ogr) whose geodesic distance from the point is
at most KM kilometres (the route test of DWITHIN):

    python3 tools/oracle/distance.py --countries 2.35 48.85 300
"""
import json, os, sys

import numpy as np
import pyproj
import shapely
from shapely import wkt

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from relate import GEOMETRIES  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "Tests/GraticuleIOTests/Fixtures/distance")
SAMPLES = 400

# Longitude/latitude pairs: a city and countries' outlines at several latitudes, across the
# antimeridian, near a pole, long segments where the frame matters, points inside areas.
GEODESIC = [
    ("POINT (2.3522 48.8566)", "POINT (-0.1276 51.5072)"),                       # Paris, London
    ("POINT (-74.006 40.7128)", "POINT (139.6917 35.6895)"),                     # New York, Tokyo
    ("POINT (179.5 -16.5)", "POINT (-179.5 -16.2)"),                             # across the antimeridian
    ("POINT (2.3522 48.8566)", "LINESTRING (-5 50, 10 52)"),                     # a point and a line north of it
    ("POINT (10 60)", "LINESTRING (0 62, 40 62)"),                               # a long segment at 62°N
    ("POINT (20 70)", "LINESTRING (0 75, 60 75)"),                               # longer, higher
    ("POINT (-60 -60)", "LINESTRING (-100 -50, -20 -50)"),                       # south
    ("POINT (0 0)", "LINESTRING (10 -10, 10 10)"),                               # equator
    ("POINT (179 10)", "LINESTRING (-178 0, -178 20)"),                          # line across the antimeridian from the point
    ("POINT (5 5)", "POLYGON ((0 0, 10 0, 10 10, 0 10, 0 0))"),                  # inside: 0
    ("POINT (15 5)", "POLYGON ((0 0, 10 0, 10 10, 0 10, 0 0))"),
    ("POINT (5 85)", "POLYGON ((-10 80, 30 80, 30 83, -10 83, -10 80))"),        # near the pole
    ("POLYGON ((0 40, 5 40, 5 45, 0 45, 0 40))", "POLYGON ((7 41, 12 41, 12 46, 7 46, 7 41))"),
    ("POLYGON ((0 40, 5 40, 5 45, 0 45, 0 40))", "POLYGON ((4 42, 12 42, 12 46, 4 46, 4 42))"),   # overlap: 0
    ("LINESTRING (-10 30, 10 35)", "LINESTRING (-10 36, 10 38)"),
    ("LINESTRING (-10 30, 10 35)", "LINESTRING (0 20, 1 50)"),                   # crossing: 0
    ("MULTIPOINT ((0 0), (50 50))", "POINT (48 52)"),
    ("MULTILINESTRING ((-30 -30, -20 -25), (100 10, 110 12))", "POINT (105 20)"),
    ("POINT (-73.9857 40.7484)", "POLYGON ((-74.05 40.68, -73.90 40.68, -73.90 40.70, -74.05 40.70, -74.05 40.68))"),  # a few km
    ("POINT (0.001 0.0005)", "LINESTRING (0 0, 0.002 0)"),                       # metres
]

GEOD = pyproj.Geod(ellps="WGS84")

def segments(g):
    """The geometry's segments as (a, b) pairs of (lon, lat); a point as a segment of length 0."""
    segs = []
    for part in (g.geoms if hasattr(g, "geoms") else [g]):
        lines = [part.exterior] + list(part.interiors) if part.geom_type == "Polygon" else [part]
        for line in lines:
            c = np.asarray(line.coords)
            segs += [(c[0], c[0])] if len(c) == 1 else list(zip(c[:-1], c[1:]))
    return segs

def samples(segs, ranges):
    """Points of each segment at SAMPLES + 1 parameters in its range, with their (segment, t)."""
    pts, where = [], []
    for k, ((a, b), (t0, t1)) in enumerate(zip(segs, ranges)):
        t = np.linspace(t0, t1, SAMPLES + 1)
        pts.append(a + (b - a) * t[:, None])
        where += [(k, x) for x in t]
    return np.vstack(pts), where

def nearest(pa, pb):
    """The least distance between the two sets and its pair of indices (looping over the smaller)."""
    if len(pa) > len(pb):
        d, j, i = nearest(pb, pa)
        return d, i, j
    best, bi, bj = np.inf, 0, 0
    for i, (lon, lat) in enumerate(pa):
        _, _, d = GEOD.inv(np.full(len(pb), lon), np.full(len(pb), lat), pb[:, 0], pb[:, 1])
        j = int(d.argmin())
        if d[j] < best:
            best, bi, bj = float(d[j]), i, j
    return best, bi, bj

def geodesic(a, b):
    """Coarse samples of every segment, then twice finer ones around the nearest pair."""
    if a.intersects(b):
        return 0.0
    sa, sb = segments(a), segments(b)
    pa, wa = samples(sa, [(0, 1)] * len(sa))
    pb, wb = samples(sb, [(0, 1)] * len(sb))
    best, i, j = nearest(pa, pb)
    step = 1.0 / SAMPLES
    for _ in range(2):
        (ka, ta), (kb, tb) = wa[i], wb[j]
        pa, wa = samples([sa[ka]], [(max(ta - step, 0), min(ta + step, 1))])
        pb, wb = samples([sb[kb]], [(max(tb - step, 0), min(tb + step, 1))])
        wa = [(ka, t) for _, t in wa]
        wb = [(kb, t) for _, t in wb]
        d, i, j = nearest(pa, pb)
        best = min(best, d)
        step *= 2.0 / SAMPLES
    return best

def main():
    os.makedirs(OUT, exist_ok=True)
    shapes = [wkt.loads(g) for g in GEOMETRIES]
    planar = [{"a": at, "b": bt, "distance": float(a.distance(b))}
              for at, a in zip(GEOMETRIES, shapes) for bt, b in zip(GEOMETRIES, shapes)]
    geodesic_cases = [{"a": at, "b": bt, "metres": round(geodesic(wkt.loads(at), wkt.loads(bt)), 4)} for at, bt in GEODESIC]
    gen = (f"tools/oracle/distance.py, shapely {shapely.__version__}, GEOS {shapely.geos_version_string}, "
           f"pyproj {pyproj.__version__} (PROJ {pyproj.proj_version_str}), WGS 84, {SAMPLES} samples a segment")
    with open(os.path.join(OUT, "cases.json"), "w") as f:
        f.write('{"generator": ' + json.dumps(gen) + ',\n"planar": [\n')
        f.write(",\n".join(json.dumps(c) for c in planar))
        f.write('\n],\n"geodesic": [\n')
        f.write(",\n".join(json.dumps(c) for c in geodesic_cases))
        f.write("\n]}\n")
    print(len(planar), "planar pairs,", len(geodesic_cases), "geodesic pairs")
    for c in geodesic_cases:
        print(f"{c['metres']:16.4f}  {c['a']} × {c['b']}")

def countries_within(lon, lat, km):
    import subprocess, tempfile
    from shapely.geometry import Point, shape
    shp = os.path.join(ROOT, "Tests/GraticuleIOTests/Fixtures/ne_110m_admin_0_countries.shp")
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "countries.geojson")
        subprocess.run(["ogr2ogr", "-f", "GeoJSON", out, shp], check=True)
        features = json.load(open(out))["features"]
    p = Point(lon, lat)
    near = []
    for f in features:
        g = shape(f["geometry"])
        # Over 20° away in the plane of degrees: far beyond the distances asked for here.
        if g.distance(p) > 20:
            continue
        d = geodesic(g, p)
        if d <= km * 1000:
            near.append((round(d / 1000, 1), f["properties"]["ADMIN"]))
    print(sorted(near))

if __name__ == "__main__":
    if sys.argv[1:2] == ["--countries"]:
        countries_within(*map(float, sys.argv[2:5]))
    else:
        main()
