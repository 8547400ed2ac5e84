#!/usr/bin/env python3
"""Expected DE-9IM matrices and spatial predicates of geometry pairs, never from Graticule:
shapely's `relate` and its predicates (GEOS, planar; the mod-2 boundary rule), for every
ordered pair of the geometries below (points, lines and areas meeting in every way: crossing,
overlapping, touching at a point or along an edge, nested, sharing edges, equal with another
start and orientation, inside a hole, multi-part).

    Tests/GraticuleIOTests/Fixtures/relate/cases.json

The boundary-against-exterior entries of each matrix are checked against GEOS's overlay
(`a.boundary.difference(b)`: a's boundary outside b); where `relate` contradicts it (GEOS 3.14.1
writes F for a multi-line's boundary outside a point that lies on its other end), the entry
from the overlay is kept and the case says so (`geos_relate`).

Coordinates are integers and halves, so that the points on segments are exactly on them in
binary floating point (what is collinear is then not a matter of rounding).

    pip install shapely && python3 tools/oracle/relate.py
"""
import json, os

import shapely
from shapely import wkt

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "Tests/GraticuleIOTests/Fixtures/relate")

GEOMETRIES = [
    # Areas
    "POLYGON ((0 0, 4 0, 4 4, 0 4, 0 0))",
    "POLYGON ((2 2, 6 2, 6 6, 2 6, 2 2))",             # overlaps the first
    "POLYGON ((4 0, 8 0, 8 4, 4 4, 4 0))",             # shares the first's right edge
    "POLYGON ((1 1, 3 1, 3 3, 1 3, 1 1))",             # inside the first
    "POLYGON ((4 4, 0 4, 0 0, 4 0, 4 4))",             # the first, other start and orientation
    "POLYGON ((4 4, 5 4, 5 5, 4 5, 4 4))",             # the first's corner
    "POLYGON ((0 0, 2 0, 2 4, 0 4, 0 0))",             # the first's left half
    "POLYGON ((4 1, 6 1, 6 3, 4 3, 4 1))",             # part of the first's right edge
    "POLYGON ((-2 -2, 10 -2, 10 10, -2 10, -2 -2), (1 1, 7 1, 7 7, 1 7, 1 1))",  # a hole
    "POLYGON ((2 2, 6 2, 6 6, 2 6, 2 2))",
    "MULTIPOLYGON (((10 10, 12 10, 12 12, 10 12, 10 10)), ((0.5 0.5, 1.5 0.5, 1.5 1.5, 0.5 1.5, 0.5 0.5)))",
    "POLYGON ((0 0, 4 0, 2 2, 0 0))",                  # triangle on the first's bottom edge
    # Lines
    "LINESTRING (0 0, 4 4)",                           # the first area's diagonal
    "LINESTRING (0 4, 4 0)",                           # crosses it
    "LINESTRING (2 2, 6 6)",                           # overlaps it
    "LINESTRING (4 4, 6 6)",                           # continues it
    "LINESTRING (1 1, 3 3)",                           # inside it
    "LINESTRING (4 4, 2 2, 0 0)",                      # it again, reversed, an extra vertex
    "LINESTRING (0 2, 2 2)",                           # ends on it
    "LINESTRING (0 0, 4 0, 4 4, 0 4, 0 0)",            # the first area's ring
    "LINESTRING (-1 2, 5 2)",                          # across the first area
    "LINESTRING (4 1, 4 3)",                           # along the first area's right edge
    "LINESTRING (5 5, 7 7)",                           # apart
    "MULTILINESTRING ((0 0, 2 0), (2 0, 2 2), (2 2, 0 0.5))",  # mod-2 ends
    "LINESTRING (1 1, 2 3, 3 1)",
    # Points
    "POINT (2 2)",
    "POINT (4 2)",                                     # on edges
    "POINT (0 0)",                                     # corners and ends
    "POINT (9 9)",
    "POINT (4 4)",
    "POINT (0.5 2)",
    "MULTIPOINT ((1 1), (9 9))",
    "MULTIPOINT ((2 2), (4 4))",
]

def main():
    os.makedirs(OUT, exist_ok=True)
    shapes = [wkt.loads(g) for g in GEOMETRIES]
    cases = []
    def outside(g, other):
        """The dimension of g outside `other` (the closed set), as a DE-9IM character."""
        rest = g.difference(other)
        return "F" if rest.is_empty else str(shapely.get_dimensions(rest))

    for a_text, a in zip(GEOMETRIES, shapes):
        for b_text, b in zip(GEOMETRIES, shapes):
            geos = a.relate(b)
            matrix = list(geos)
            matrix[5] = outside(a.boundary, b)   # a's boundary, b's exterior
            matrix[7] = outside(b.boundary, a)   # a's exterior, b's boundary
            matrix = "".join(matrix)
            case = {"a": a_text, "b": b_text, "relate": matrix}
            if matrix != geos:
                case["geos_relate"] = geos
            cases.append(case)
            case.update({
                "equals": bool(a.equals(b)), "within": bool(a.within(b)), "contains": bool(a.contains(b)),
                "touches": bool(a.touches(b)), "crosses": bool(a.crosses(b)), "overlaps": bool(a.overlaps(b)),
                "intersects": bool(a.intersects(b)), "disjoint": bool(a.disjoint(b)),
            })
    doc = {"generator": f"tools/oracle/relate.py, shapely {shapely.__version__}, GEOS {shapely.geos_version_string}",
           "cases": cases}
    with open(os.path.join(OUT, "cases.json"), "w") as f:
        # One case a line.
        f.write('{"generator": ' + json.dumps(doc["generator"]) + ',\n"cases": [\n')
        f.write(",\n".join(json.dumps(c, ensure_ascii=False) for c in cases))
        f.write("\n]}\n")
    print(len(cases), "cases;", sum("geos_relate" in c for c in cases), "with an entry from the overlay")

if __name__ == "__main__":
    main()
