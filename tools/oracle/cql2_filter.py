#!/usr/bin/env python3
"""Expected answers of CQL2 filters (OGC 21-065r2) over a small layer, never from Graticule:

    Tests/GraticuleIOTests/Fixtures/cql2/places.geojson   the layer (written here)
    Tests/GraticuleIOTests/Fixtures/cql2/cases.json        each filter and the ids it keeps

Each case names its reference:
ogr      `ogrinfo -ro -q places.geojson -where W` (GDAL's OGR SQL, the same condition written in
         its syntax: GDAL reads `when` as a Date field, `at` as DateTime, `flag` as Boolean)
sqlite   Python's sqlite3, the rows in a table, `SELECT id FROM places WHERE W`: SQL's three-valued logic,
         which CQL2 keeps (a comparison with a null is unknown, NOT unknown is unknown) and OGR
         SQL does not (GDAL 3.6 takes NOT of a comparison with a null as true); and texts equal
         only in the same case, as in CQL2 (OGR SQL's = ignores case: CASEI is CQL2's way);
         used where a NOT meets nulls or a text equality meets a case variant
shapely  the spatial predicate of that name by shapely on the features' geometries (planar,
         GEOS); ECQL's RELATE by shapely's relate_pattern
geodesic ECQL's DWITHIN / BEYOND: the least WGS 84 geodesic distance from the feature to the
         literal (tools/oracle/distance.py: pyproj's Geod.inv over finely sampled segments)
         against the distance in metres
python   the definition in OGC 21-065r2 computed in Python: CASEI (str.casefold), ACCENTI
         (NFD, combining marks dropped), the temporal functions on intervals (a date is its
         whole day, UTC)

    pip install shapely pyproj==3.7.2 numpy && apt-get install gdal-bin && python3 tools/oracle/cql2_filter.py
"""
import datetime as dt, json, os, re, sqlite3, subprocess, unicodedata

import pyproj
import shapely
import sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from distance import geodesic  # noqa: E402
from shapely.geometry import LineString, Point, Polygon, box, shape

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "Tests/GraticuleIOTests/Fixtures/cql2")

# id, name, pop, area, flag, when, at, kind, geometry
ROWS = [
    (1, "Berlin", 3_600_000, 891.8, True, "2020-01-15", "2020-01-15T10:00:00Z", "capital", Point(13.4, 52.5)),
    (2, "berlin", 1_200, 2.5, False, "2020-06-30", "2020-06-30T23:30:00Z", "village", Point(13.0, 52.0)),
    (3, "Bern", 134_000, 51.6, True, "2020-06-30", "2020-06-30T00:00:00Z", "capital", Point(7.45, 46.95)),
    (4, "Zürich", 421_000, 87.9, False, "2021-02-01", "2021-02-01T08:15:00Z", None, Point(8.54, 47.37)),
    (5, "Zurich", None, 1.0, False, "2019-05-01", "2019-05-01T12:00:00Z", "hamlet", Point(-80.0, 40.0)),
    (6, "São Paulo", 12_300_000, 1521.1, True, "2022-12-31", "2022-12-31T23:59:59Z", None, Point(-46.6, -23.5)),
    (7, "Sao Paulo", 500, 0.3, False, None, None, "village", Point(-10.0, -10.0)),
    (8, "O'Hare", 0, 30.0, False, "2020-01-01", "2020-01-01T00:00:00Z", "airport", Point(-87.9, 41.98)),
    (9, "Paris", 2_100_000, 105.4, True, "2021-07-14", "2021-07-14T09:00:00Z", "capital",
     Polygon([(2.2, 48.8), (2.5, 48.8), (2.5, 48.95), (2.2, 48.95), (2.2, 48.8)])),
    (10, "Lyon", 516_000, 47.9, False, "2020-12-31", "2020-12-31T12:00:00Z", None,
     Polygon([(4.7, 45.7), (4.9, 45.7), (4.9, 45.8), (4.7, 45.8), (4.7, 45.7)])),
    (11, "Rhine", None, 0.0, None, None, None, "river", LineString([(7.6, 47.6), (8.2, 49.0), (6.9, 50.9), (6.0, 51.9)])),
    (12, "Fiji", 900_000, 18_274.0, False, "2020-10-10", "2020-10-10T10:10:10Z", None,
     Polygon([(177.0, -19.0), (179.9, -19.0), (179.9, -16.0), (177.0, -16.0), (177.0, -19.0)])),
    (13, "Taveuni", 19_000, 435.0, False, "2020-10-11", "2020-10-11T00:00:00Z", "island",
     Polygon([(-179.99, -17.0), (-179.8, -17.0), (-179.8, -16.7), (-179.99, -16.7), (-179.99, -17.0)])),
]

# (CQL2 text, reference kind, reference)
CASES = [
    ("name = 'Berlin'", "sqlite", "name = 'Berlin'"),
    ("name <> 'Berlin'", "sqlite", "name <> 'Berlin'"),
    ("pop > 1000000", "ogr", "pop > 1000000"),
    ("pop >= 1000000 AND area < 1000", "ogr", "pop >= 1000000 AND area < 1000"),
    ("pop < 100000 OR flag = TRUE", "ogr", "pop < 100000 OR flag = 1"),
    ("NOT (pop > 1000000)", "sqlite", "NOT (pop > 1000000)"),
    ("kind IS NULL", "ogr", "kind IS NULL"),
    ("kind IS NOT NULL", "ogr", "kind IS NOT NULL"),
    ("name LIKE 'B%'", "ogr", "name LIKE 'B%'"),
    ("name LIKE '_ern'", "ogr", "name LIKE '_ern'"),
    ("name NOT LIKE '%a%'", "ogr", "name NOT LIKE '%a%'"),
    ("name ILIKE 'b%'", "ogr", "name ILIKE 'b%'"),
    ("pop BETWEEN 100000 AND 2100000", "ogr", "pop BETWEEN 100000 AND 2100000"),
    ("pop NOT BETWEEN 100000 AND 2100000", "sqlite", "pop NOT BETWEEN 100000 AND 2100000"),
    ("name IN ('Paris', 'Lyon', 'Nowhere')", "ogr", "name IN ('Paris', 'Lyon', 'Nowhere')"),
    ("name NOT IN ('Paris', 'Lyon')", "ogr", "name NOT IN ('Paris', 'Lyon')"),
    ("when > DATE('2020-06-30')", "ogr", "when > '2020-06-30'"),
    ("when = DATE('2020-06-30')", "ogr", "when = '2020-06-30'"),
    ("when >= '2020-01-01T' AND when < '2021-01-01T'", "ogr", "when >= '2020-01-01' AND when < '2021-01-01'"),
    ("at <= TIMESTAMP('2020-06-30T00:00:00Z')", "ogr", "at <= '2020/06/30 00:00:00'"),
    ("pop * 2 > area * 10000", "ogr", "pop * 2 > area * 10000"),
    ("pop > area", "ogr", "pop > area"),
    ("(pop + 1000) / 1000 >= 134 AND pop - 500 < 1e6", "ogr", "(pop + 1000) / 1000 >= 134 AND pop - 500 < 1000000"),
    ("name = 'O''Hare'", "ogr", "name = 'O''Hare'"),
    ("flag = FALSE AND NOT kind = 'village'", "sqlite", "flag = 0 AND NOT kind = 'village'"),
    ("NOT (kind = 'capital' OR pop < 1000)", "sqlite", "NOT (kind = 'capital' OR pop < 1000)"),
    ("pop IN (0, 500, 19000) OR NOT name IN ('Berlin')", "sqlite", "pop IN (0, 500, 19000) OR NOT name IN ('Berlin')"),
    ("kind = 'capital' OR kind IS NULL AND pop > 500000", "ogr", "kind = 'capital' OR kind IS NULL AND pop > 500000"),
    ("CASEI(name) = CASEI('BERLIN')", "python", lambda r: r["name"].casefold() == "berlin"),
    ("CASEI(name) LIKE CASEI('s%')", "python", lambda r: r["name"].casefold().startswith("s")),
    ("ACCENTI(name) = ACCENTI('Zurich')", "python", lambda r: strip_accents(r["name"]) == "Zurich"),
    ("ACCENTI(CASEI(name)) = ACCENTI(CASEI('SÃO PAULO'))", "python", lambda r: strip_accents(r["name"].casefold()) == "sao paulo"),
    ("S_INTERSECTS(geometry, BBOX(0, 40, 20, 60))", "shapely", box(0, 40, 20, 60)),
    ("S_INTERSECTS(geometry, POLYGON((2 48, 5 48, 5 46, 2 46, 2 48)))", "shapely",
     Polygon([(2, 48), (5, 48), (5, 46), (2, 46), (2, 48)])),
    ("S_INTERSECTS(geometry, POINT(2.3 48.9))", "shapely", Point(2.3, 48.9)),
    ("S_INTERSECTS(geometry, POINT(4.7 45.75))", "shapely", Point(4.7, 45.75)),
    ("S_INTERSECTS(geometry, LINESTRING(7 49, 9 49))", "shapely", LineString([(7, 49), (9, 49)])),
    ("S_INTERSECTS(geometry, MULTIPOINT((13.4 52.5), (0 0)))", "shapely", shapely.MultiPoint([(13.4, 52.5), (0, 0)])),
    ("S_DISJOINT(geometry, BBOX(-20, -30, 20, 60))", "shapely-disjoint", box(-20, -30, 20, 60)),
    ("S_INTERSECTS(geometry, BBOX(170, -20, -170, 0))", "shapely", shapely.union(box(170, -20, 180, 0), box(-180, -20, -170, 0))),
    ("S_INTERSECTS(geometry, BBOX(0, 40, 20, 60)) AND pop > 500000", "python-and", None),
    # The other spatial functions (DE-9IM predicates), by shapely's predicate of that name.
    ("S_WITHIN(geometry, BBOX(0, 40, 20, 60))", "shapely:within", box(0, 40, 20, 60)),
    ("S_WITHIN(geometry, POLYGON((2 48, 5 48, 5 46, 2 46, 2 48)))", "shapely:within",
     Polygon([(2, 48), (5, 48), (5, 46), (2, 46), (2, 48)])),
    ("S_CONTAINS(geometry, POINT(2.3 48.9))", "shapely:contains", Point(2.3, 48.9)),
    ("S_CONTAINS(geometry, POINT(2.2 48.9))", "shapely:contains", Point(2.2, 48.9)),
    ("S_TOUCHES(geometry, POINT(2.2 48.9))", "shapely:touches", Point(2.2, 48.9)),
    ("S_TOUCHES(geometry, LINESTRING(4.9 45, 4.9 46))", "shapely:touches", LineString([(4.9, 45), (4.9, 46)])),
    ("S_CROSSES(geometry, LINESTRING(7 49, 9 49))", "shapely:crosses", LineString([(7, 49), (9, 49)])),
    ("S_CROSSES(geometry, LINESTRING(2 48.9, 3 48.9))", "shapely:crosses", LineString([(2, 48.9), (3, 48.9)])),
    ("S_OVERLAPS(geometry, POLYGON((2.4 48.9, 3 48.9, 3 49, 2.4 49, 2.4 48.9)))", "shapely:overlaps",
     Polygon([(2.4, 48.9), (3, 48.9), (3, 49), (2.4, 49), (2.4, 48.9)])),
    ("S_EQUALS(geometry, POINT(13.4 52.5))", "shapely:equals", Point(13.4, 52.5)),
    ("S_EQUALS(geometry, POLYGON((4.9 45.8, 4.7 45.8, 4.7 45.7, 4.9 45.7, 4.9 45.8)))", "shapely:equals",
     Polygon([(4.9, 45.8), (4.7, 45.8), (4.7, 45.7), (4.9, 45.7), (4.9, 45.8)])),
    ("S_WITHIN(geometry, BBOX(170, -20, -170, 0))", "shapely:within",
     shapely.union(box(170, -20, 180, 0), box(-180, -20, -170, 0))),
    ("NOT S_WITHIN(geometry, BBOX(-20, 30, 20, 60))", "shapely:not within", box(-20, 30, 20, 60)),
    ("S_INTERSECTS(geometry, GEOMETRYCOLLECTION(POINT(2.3 48.9), LINESTRING(7 49, 9 49), POLYGON((-81 39, -79 39, -79 41, -81 41, -81 39))))",
     "shapely:intersects", shapely.GeometryCollection([Point(2.3, 48.9), LineString([(7, 49), (9, 49)]),
                                                        Polygon([(-81, 39), (-79, 39), (-79, 41), (-81, 41), (-81, 39)])])),
    ("S_WITHIN(geometry, GEOMETRYCOLLECTION(POLYGON((0 40, 10 40, 10 50, 0 50, 0 40)), POLYGON((12 50, 15 50, 15 55, 12 55, 12 50))))",
     "shapely:within", shapely.GeometryCollection([Polygon([(0, 40), (10, 40), (10, 50), (0, 50), (0, 40)]),
                                                    Polygon([(12, 50), (15, 50), (15, 55), (12, 55), (12, 50)])])),
    ("S_DISJOINT(geometry, GEOMETRYCOLLECTION EMPTY)", "shapely:disjoint", shapely.GeometryCollection()),
    # ECQL's distance tests (metres on the ellipsoid: the layer is longitude/latitude) and RELATE.
    ("DWITHIN(geometry, POINT(2.35 48.85), 10, kilometers)", "geodesic:within 10000", Point(2.35, 48.85)),
    ("DWITHIN(geometry, POINT(8.0 47.0), 60, kilometers)", "geodesic:within 60000", Point(8.0, 47.0)),
    ("BEYOND(geometry, POINT(13.4 52.5), 70, kilometers)", "geodesic:beyond 70000", Point(13.4, 52.5)),
    ("BEYOND(geometry, POINT(13.4 52.5), 50, kilometers)", "geodesic:beyond 50000", Point(13.4, 52.5)),
    ("DWITHIN(geometry, POINT(-179.9 -17.5), 30, kilometers)", "geodesic:within 30000", Point(-179.9, -17.5)),
    ("DWITHIN(the_geom, LINESTRING(7 49, 9 49), 20, statute miles)", "geodesic:within 32186.88", LineString([(7, 49), (9, 49)])),
    ("dwithin(geometry, POINT(4.8 45.9), 40000, feet)", "geodesic:within 12192", Point(4.8, 45.9)),
    ("NOT DWITHIN(geometry, POINT(-87.9 41.9), 5, nautical miles)", "geodesic:beyond 9260", Point(-87.9, 41.9)),
    ("DWITHIN(geometry, GEOMETRYCOLLECTION(POINT(-46.6 -23.6), LINESTRING(-80 39.9, -79 39.9)), 15, kilometers)",
     "geodesic:within 15000", shapely.GeometryCollection([Point(-46.6, -23.6), LineString([(-80, 39.9), (-79, 39.9)])])),
    ("RELATE(geometry, POLYGON((2 48, 5 48, 5 46, 2 46, 2 48)), T*F**F***)", "shapely:relate T*F**F***",
     Polygon([(2, 48), (5, 48), (5, 46), (2, 46), (2, 48)])),
    ("RELATE(geometry, BBOX(0, 40, 20, 60), 'T********')", "shapely:relate T********", box(0, 40, 20, 60)),
    ("RELATE(geometry, LINESTRING(7 49, 9 49), '0********')", "shapely:relate 0********", LineString([(7, 49), (9, 49)])),
    ("T_AFTER(when, DATE('2020-06-30'))", "python", lambda r: r["when"] is not None and day(r["when"])[0] > day("2020-06-30")[1]),
    ("T_BEFORE(at, TIMESTAMP('2020-06-30T00:00:00Z'))", "python", lambda r: r["at"] is not None and instant(r["at"]) < instant("2020-06-30T00:00:00Z")),
    ("T_INTERSECTS(when, INTERVAL('2020-06-30', '..'))", "python", lambda r: r["when"] is not None and day(r["when"])[1] >= day("2020-06-30")[0]),
    ("T_DURING(at, INTERVAL('2020-01-01T00:00:00Z', '2020-12-31T23:59:59Z'))", "python",
     lambda r: r["at"] is not None and instant("2020-01-01T00:00:00Z") < instant(r["at"]) < instant("2020-12-31T23:59:59Z")),
    ("T_DISJOINT(when, INTERVAL('..', '2020-12-31'))", "python", lambda r: r["when"] is not None and day(r["when"])[0] > day("2020-12-31")[1]),
    ("T_EQUALS(when, DATE('2020-06-30'))", "python", lambda r: r["when"] == "2020-06-30"),
]


def strip_accents(s):
    return "".join(c for c in unicodedata.normalize("NFD", s) if unicodedata.category(c) != "Mn")


def day(s):
    d = dt.datetime.fromisoformat(s).replace(tzinfo=dt.timezone.utc).timestamp()
    return d, d + 86_399.999


def instant(s):
    return dt.datetime.fromisoformat(s.replace("Z", "+00:00")).timestamp()


def main():
    os.makedirs(OUT, exist_ok=True)
    path = os.path.join(OUT, "places.geojson")
    keys = ["id", "name", "pop", "area", "flag", "when", "at", "kind"]
    rows = [dict(zip(keys, r[:8]), geometry=r[8]) for r in ROWS]
    with open(path, "w") as f:
        json.dump({"type": "FeatureCollection", "features": [
            {"type": "Feature", "properties": {k: r[k] for k in keys}, "geometry": shapely.geometry.mapping(r["geometry"])}
            for r in rows]}, f, indent=1, ensure_ascii=False)
    db = sqlite3.connect(":memory:")
    db.execute("CREATE TABLE places (id INTEGER, name TEXT, pop INTEGER, area REAL, flag INTEGER, \"when\" TEXT, at TEXT, kind TEXT)")
    db.executemany("INSERT INTO places VALUES (?, ?, ?, ?, ?, ?, ?, ?)", [tuple(r[k] for k in keys) for r in rows])
    gdal = subprocess.run(["gdalinfo", "--version"], capture_output=True, text=True).stdout.strip()
    out = {"generator": "tools/oracle/cql2_filter.py", "gdal": gdal, "sqlite": sqlite3.sqlite_version, "shapely": shapely.__version__,
           "pyproj": pyproj.__version__, "cases": []}
    for text, kind, ref in CASES:
        if kind == "ogr":
            run = subprocess.run(["ogrinfo", "-ro", "-q", path, "places", "-where", ref], capture_output=True, text=True, check=True)
            ids = sorted(int(v) for v in re.findall(r"^\s+id \(Integer\) = (\d+)$", run.stdout, re.M))
            reference = f"ogrinfo -where \"{ref}\""
        elif kind == "sqlite":
            ids = [i for (i,) in db.execute(f"SELECT id FROM places WHERE {ref} ORDER BY id")]
            reference = f"sqlite3 {sqlite3.sqlite_version}: SELECT id FROM places WHERE {ref}"
        elif kind == "python":
            ids = [r["id"] for r in rows if ref(r)]
            reference = "python (the definition)"
        elif kind in ("shapely", "shapely-disjoint"):
            disjoint = kind == "shapely-disjoint"
            ids = [r["id"] for r in rows if r["geometry"].intersects(ref) != disjoint]
            reference = f"shapely {'disjoint' if disjoint else 'intersects'} {ref.wkt}"
        elif kind.startswith("geodesic:"):
            test, metres = kind.split(":")[1].split()
            members = list(ref.geoms) if ref.geom_type == "GeometryCollection" else [ref]
            near = {r["id"]: min(geodesic(r["geometry"], m) for m in members) <= float(metres) for r in rows}
            ids = [i for i, n in near.items() if n == (test == "within")]
            reference = f"pyproj geodesic distance {'<=' if test == 'within' else '>'} {metres} m from {ref.wkt}"
        elif kind.startswith("shapely:relate "):
            pattern = kind.split()[-1]
            ids = [r["id"] for r in rows if r["geometry"].relate_pattern(ref, pattern)]
            reference = f"shapely relate_pattern {pattern} {ref.wkt}"
        elif kind.startswith("shapely:"):
            negated, predicate = kind.startswith("shapely:not "), kind.split()[-1].split(":")[-1]
            ids = [r["id"] for r in rows if getattr(r["geometry"], predicate)(ref) != negated]
            reference = f"shapely {'not ' if negated else ''}{predicate} {ref.wkt}"
        else:  # the spatial case above and pop > 500000, both by shapely / Python
            ids = [r["id"] for r in rows if r["geometry"].intersects(box(0, 40, 20, 60)) and (r["pop"] or 0) > 500000]
            reference = "shapely intersects and python pop > 500000"
        out["cases"].append({"cql2": text, "ids": ids, "reference": reference})
    with open(os.path.join(OUT, "cases.json"), "w") as f:
        json.dump(out, f, indent=1, ensure_ascii=False)
        f.write("\n")
    print(f"{len(out['cases'])} cases, {len(rows)} features")


if __name__ == "__main__":
    main()
