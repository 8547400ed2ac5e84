#!/usr/bin/env python3
"""Reference values for the Berghaus star (Esri Berghaus_Star, ESRI:102299).

Two independent references:
1. PROJ 9.5.1 (pyproj 3.7.2) `+proj=aeqd +lat_0=90 +lon_0=-52 +ellps=WGS84` for northern
   points: in the hemisphere around the pole the Berghaus star is the ellipsoidal polar azimuthal
   equidistant, rotated counter-clockwise by XY_Plane_Rotation (36 deg).
2. d3-geo-projection 4.0.0 `geoBerghaus().rotate([88, -90]).scale(1).translate([0, 0])
   .center([0, 0])` on the unit sphere, transcribed in Python (berghaus.js `berghausRaw(5)`,
   d3-geo's azimuthalEquidistantRaw and rotation.js, via fuller_airocean.rotate_radians), with
   the y axis turned north: the sphere version of ESRI:102299's layout (see BerghausStar.swift).

3. The WGS 84 geodesic distance from the North Pole (pyproj.Geod, Karney's algorithm) — the
   meridian arc, which the ellipsoidal star keeps as the radius everywhere, star points included.

Output: Tests/GraticuleProjectionTests/Fixtures/berghaus_star.csv with columns
    lon,lat,aeqd_x,aeqd_y,d3_x,d3_y,pole_distance
(aeqd in metres, empty south of the equator; d3 on the unit sphere; distance in metres).

Usage: pip install pyproj==3.7.2 && python3 tools/oracle/berghaus_star.py
"""

import csv
import math
import os
import random
import sys

import pyproj
from pyproj import Transformer

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fuller_airocean import rotate_radians  # noqa: E402  (d3-geo rotation.js transcription)

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "Tests", "GraticuleProjectionTests", "Fixtures", "berghaus_star.csv")
RAD = math.pi / 180


def aeqd_raw(lam, phi):
    """d3-geo azimuthalEquidistantRaw."""
    cx, cy = math.cos(lam), math.cos(phi)
    c = math.acos(max(-1.0, min(1.0, cx * cy)))
    k = c / math.sin(c) if c else 1.0
    return k * cy * math.sin(lam), k * math.sin(phi)


def berghaus_raw(lam, phi, lobes=5):
    """d3-geo-projection berghaus.js berghausRaw(lobes) forward."""
    k = 2 * math.pi / lobes
    x, y = aeqd_raw(lam, phi)
    if abs(lam) > math.pi / 2:
        theta = math.atan2(y, x)
        r = math.hypot(x, y)
        # JS Math.round rounds half up.
        theta0 = k * math.floor((theta - math.pi / 2) / k + 0.5) + math.pi / 2
        theta -= theta0
        alpha = math.atan2(math.sin(theta), 2 - math.cos(theta))
        theta = theta0 + math.asin(math.pi / r * math.sin(alpha)) - alpha
        x, y = r * math.cos(theta), r * math.sin(theta)
    return x, y


def d3_berghaus_aag(lon, lat):
    rot = rotate_radians(88 * RAD, -90 * RAD, 0.0)
    l, p = rot(lon * RAD, lat * RAD)
    x, y = berghaus_raw(l, p)
    # projection transform at scale 1, translate 0, centre 0: (x, -y); turned north: (x, y).
    return x, y


def main():
    if pyproj.__version__ != "3.7.2":
        sys.exit(f"pyproj {pyproj.__version__}: the fixture is pinned to pyproj 3.7.2")
    aeqd = Transformer.from_pipeline(
        "+proj=pipeline +step +proj=unitconvert +xy_in=deg +xy_out=rad "
        "+step +proj=aeqd +lat_0=90 +lon_0=-52 +ellps=WGS84")
    pts = [(float(lon), float(lat)) for lat in range(-85, 90, 10) for lon in range(-175, 180, 10)]
    rnd = random.Random(102299)
    for _ in range(200):
        pts.append((rnd.uniform(-180, 180), math.degrees(math.asin(rnd.uniform(-1, 1)))))
    geod = pyproj.Geod(ellps="WGS84")
    rows = []
    for lon, lat in pts:
        ax = ay = ""
        if lat >= 0:
            x, y = aeqd.transform(lon, lat)
            ax, ay = repr(x), repr(y)
        dx, dy = d3_berghaus_aag(lon, lat)
        _, _, dist = geod.inv(lon, 90.0, lon, lat)
        rows.append([repr(lon), repr(lat), ax, ay, repr(dx), repr(dy), repr(dist)])
    with open(OUT, "w", newline="") as fh:
        fh.write(f"# generator: tools/oracle/berghaus_star.py; pyproj {pyproj.__version__}, PROJ "
                 f"{pyproj.proj_version_str} (aeqd); d3-geo-projection 4.0.0 geoBerghaus().rotate([88, -90]) "
                 "transcribed (unit sphere, y north); pyproj.Geod WGS84 pole distances\n")
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(["lon", "lat", "aeqd_x", "aeqd_y", "d3_x", "d3_y", "pole_distance"])
        w.writerows(rows)
    print(f"{len(rows)} rows -> {OUT}")


if __name__ == "__main__":
    main()
