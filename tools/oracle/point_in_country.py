#!/usr/bin/env python3
"""Point-in-country oracle for Graticule's spherical containment (GraticuleGeometryTests).

Points: 100,000 uniform on the sphere plus 6,000 in boxes around the antimeridian and the poles
(Fiji, Chukotka, Antarctica, the Arctic), from the SplitMix64 generator seeded with 20240917 —
the same sequence the Swift test regenerates (see `OraclePoints` in the test), so only the
answers are stored.

Truth: shapely 2 (GEOS) planar containment on the Natural Earth 110m v4.1.0 shapefile (read with a
pure-Python reader) after densifying every edge along its great circle every 0.05°, so a planar test
in lon/lat approximates containment with great-circle edges to ~1e-6°; a country contains a point
when an odd number of its rings do. Points within 1e-3° of a densified boundary are marked `edge`
and skipped by the test.

Usage: python3 tools/oracle/point_in_country.py NE110.shp > Tests/GraticuleGeometryTests/Fixtures/point_in_country_110m.csv
"""
import math, struct, sys
import numpy as np
import shapely
from shapely import Polygon, Point, STRtree

SEED = 20240917
MASK = (1 << 64) - 1

def splitmix(state):
    state = (state + 0x9E3779B97F4A7C15) & MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return state, z ^ (z >> 31)

def points():
    s = SEED
    def unit():
        nonlocal s
        s, v = splitmix(s)
        return (v >> 11) * (1.0 / (1 << 53))
    out = []
    for _ in range(100_000):
        lon = unit() * 360 - 180
        lat = math.degrees(math.asin(unit() * 2 - 1))
        out.append((lon, lat))
    boxes = [(176, 180, -22, -12), (-180, -177, -22, -12), (-180, -168, 62, 72), (170, 180, 62, 72),
             (-180, 180, -90, -60), (-180, 180, 75, 90)]
    for (x0, x1, y0, y1) in boxes:
        for _ in range(1000):
            out.append((x0 + unit() * (x1 - x0), y0 + unit() * (y1 - y0)))
    return out

def read_dbf_field(path, field):
    data = open(path, "rb").read()
    nrec, hlen, rlen = struct.unpack("<IHH", data[4:12])
    off, pos, found = 32, 1, None
    while data[off] != 0x0D:
        name = data[off:off + 11].split(b"\0")[0].decode()
        width = data[off + 16]
        if name == field:
            found = (pos, width)
        pos += width
        off += 32
    p, w = found
    return [data[hlen + i * rlen + p: hlen + i * rlen + p + w].decode().strip() for i in range(nrec)]

from shp_rings import rings

def read_rings(path):
    return list(rings(path))

def unit_vec(lon, lat):
    lo, la = math.radians(lon), math.radians(lat)
    return np.array([math.cos(la) * math.cos(lo), math.cos(la) * math.sin(lo), math.sin(la)])

def densify(ring, step=0.05):
    out = [ring[0]]
    for (x0, y0), (x1, y1) in zip(ring, ring[1:]):
        n = int(max(abs(x1 - x0), abs(y1 - y0)) / step)
        if n > 0 and abs(abs(y0) - 90) > 1e-12 and abs(abs(y1) - 90) > 1e-12 and x0 != x1:
            a, b = unit_vec(x0, y0), unit_vec(x1, y1)
            omega = math.acos(max(-1, min(1, float(a @ b))))
            for k in range(1, n + 1):
                t = k / (n + 1)
                v = (math.sin((1 - t) * omega) * a + math.sin(t * omega) * b) / math.sin(omega)
                lon = math.degrees(math.atan2(v[1], v[0]))
                # stay on the same side of ±180 as the edge (NE edges never cross it)
                if abs(lon - x0) > 180:
                    lon += 360 if lon < x0 else -360
                out.append((lon, math.degrees(math.asin(max(-1, min(1, v[2]))))))
        out.append((x1, y1))
    return out

def main():
    shp = sys.argv[1]
    codes = read_dbf_field(shp[:-4] + ".dbf", "ADM0_A3")
    rings, owners = [], []
    for k, shape in enumerate(read_rings(shp)):
        for ring in shape:
            rings.append(Polygon(densify(ring)))
            owners.append(k)
    tree = STRtree(rings)
    bounds = [r.exterior for r in rings]
    pts = points()
    print("# point_in_country oracle: shapely %s (GEOS %s), NE 110m v4.1.0, great-circle densified 0.05 deg; "
          "points: SplitMix64 seed %d, 100000 uniform + 6000 in antimeridian/polar boxes; "
          "columns: index,ADM0_A3 (edge = within 1e-3 deg of a boundary; points in no country omitted)"
          % (shapely.__version__, shapely.geos_version_string, SEED))
    for i, (lon, lat) in enumerate(pts):
        p = Point(lon, lat)
        inside = {}
        edge = False
        for j in tree.query(p.buffer(1e-3)):
            if bounds[j].distance(p) < 1e-3:
                edge = True
            if rings[j].contains(p):
                inside[owners[j]] = not inside.get(owners[j], False)
        hits = [codes[k] for k, v in inside.items() if v]
        if edge:
            print("%d,edge" % i)
        elif hits:
            assert len(hits) == 1, (i, hits)
            print("%d,%s" % (i, hits[0]))

main()
