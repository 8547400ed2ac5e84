#!/usr/bin/env python3
"""Generate Graticule's registry (Sources/GraticuleCRS/Resources/registry.sqlite).

Source: the proj.db bundled with pyproj==3.7.2 (PROJ 9.5.1, EPSG v11.022, Esri
definitions of ArcGIS Pro 3.4). The output uses Graticule's own schema (see
SCHEMA below): only what the engine needs, every table keyed by
(authority, code) and indexed for lookup by code and by CRS pair.

Esri projected CRSs that proj.db keeps only as Esri WKT text are parsed here
(with the Esri projection/parameter mapping in esri_mapping.json) into the same
conversion / parameter rows as every other CRS.

The generator is reproducible: the same proj.db gives a byte-identical file
(rows are inserted in sorted order, the file is VACUUMed, no timestamps).

Usage:
    pip install pyproj==3.7.2
    python3 tools/registry/generate.py [--proj-db PATH] [--out PATH]

It prints the counts it wrote and stores, in the `meta` table, both the counts
it wrote and the counts of the source, so the test suite can compare them.
"""

import argparse
import json
import os
import re
import sqlite3
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
DEFAULT_OUT = os.path.join(ROOT, "Sources", "GraticuleCRS", "Resources", "registry.sqlite")

# Authorities kept. IAU_2015 (planetary) and IGNF (French legacy) are left out.
AUTHS = ("EPSG", "ESRI", "OGC", "PROJ", "NKG")
OWN = "GRATICULE"  # authority for objects synthesised while parsing Esri WKT text

SCHEMA = """
CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE unit(auth TEXT, code TEXT, name TEXT NOT NULL, type TEXT NOT NULL,
  factor REAL, proj_name TEXT, deprecated INTEGER NOT NULL,
  PRIMARY KEY(auth, code)) WITHOUT ROWID;
CREATE TABLE ellipsoid(auth TEXT, code TEXT, name TEXT NOT NULL, body TEXT NOT NULL,
  semi_major REAL NOT NULL, inv_flattening REAL, semi_minor REAL,
  unit_auth TEXT NOT NULL, unit_code TEXT NOT NULL, deprecated INTEGER NOT NULL,
  PRIMARY KEY(auth, code)) WITHOUT ROWID;
CREATE TABLE prime_meridian(auth TEXT, code TEXT, name TEXT NOT NULL,
  longitude REAL NOT NULL, unit_auth TEXT NOT NULL, unit_code TEXT NOT NULL,
  deprecated INTEGER NOT NULL, PRIMARY KEY(auth, code)) WITHOUT ROWID;
CREATE TABLE datum(auth TEXT, code TEXT, name TEXT NOT NULL, type TEXT NOT NULL,
  ellipsoid_auth TEXT, ellipsoid_code TEXT, pm_auth TEXT, pm_code TEXT,
  publication_date TEXT, frame_epoch REAL, ensemble_accuracy REAL, anchor TEXT,
  deprecated INTEGER NOT NULL, PRIMARY KEY(auth, code)) WITHOUT ROWID;
CREATE TABLE datum_member(datum_auth TEXT, datum_code TEXT, seq INTEGER,
  member_auth TEXT NOT NULL, member_code TEXT NOT NULL,
  PRIMARY KEY(datum_auth, datum_code, seq)) WITHOUT ROWID;
CREATE TABLE coordinate_system(auth TEXT, code TEXT, type TEXT NOT NULL,
  dimension INTEGER NOT NULL, PRIMARY KEY(auth, code)) WITHOUT ROWID;
CREATE TABLE axis(cs_auth TEXT, cs_code TEXT, seq INTEGER, name TEXT NOT NULL,
  abbrev TEXT NOT NULL, orientation TEXT NOT NULL, unit_auth TEXT, unit_code TEXT,
  PRIMARY KEY(cs_auth, cs_code, seq)) WITHOUT ROWID;
CREATE TABLE crs(auth TEXT, code TEXT, name TEXT NOT NULL, type TEXT NOT NULL,
  cs_auth TEXT, cs_code TEXT, datum_auth TEXT, datum_code TEXT,
  base_auth TEXT, base_code TEXT, conversion_auth TEXT, conversion_code TEXT,
  horizontal_auth TEXT, horizontal_code TEXT, vertical_auth TEXT, vertical_code TEXT,
  deprecated INTEGER NOT NULL, PRIMARY KEY(auth, code)) WITHOUT ROWID;
CREATE INDEX crs_base ON crs(base_auth, base_code);
CREATE INDEX crs_datum ON crs(datum_auth, datum_code);
CREATE INDEX crs_name ON crs(name);
CREATE TABLE conversion(auth TEXT, code TEXT, name TEXT NOT NULL,
  method_auth TEXT, method_code TEXT, method_name TEXT NOT NULL,
  deprecated INTEGER NOT NULL, PRIMARY KEY(auth, code)) WITHOUT ROWID;
CREATE TABLE conversion_param(conversion_auth TEXT, conversion_code TEXT, seq INTEGER,
  param_auth TEXT, param_code TEXT, name TEXT NOT NULL, value REAL NOT NULL,
  unit_auth TEXT, unit_code TEXT,
  PRIMARY KEY(conversion_auth, conversion_code, seq)) WITHOUT ROWID;
CREATE TABLE area(auth TEXT, code TEXT, name TEXT NOT NULL,
  south REAL, north REAL, west REAL, east REAL, PRIMARY KEY(auth, code)) WITHOUT ROWID;
CREATE TABLE usage(object_type TEXT, auth TEXT, code TEXT, seq INTEGER,
  area_auth TEXT NOT NULL, area_code TEXT NOT NULL, scope TEXT,
  PRIMARY KEY(object_type, auth, code, seq)) WITHOUT ROWID;
CREATE TABLE replacement(object_type TEXT, auth TEXT, code TEXT, seq INTEGER,
  replacement_auth TEXT NOT NULL, replacement_code TEXT NOT NULL, source TEXT,
  PRIMARY KEY(object_type, auth, code, seq)) WITHOUT ROWID;
CREATE TABLE alias(object_type TEXT, auth TEXT, code TEXT, seq INTEGER,
  alias TEXT NOT NULL, source TEXT, PRIMARY KEY(object_type, auth, code, seq)) WITHOUT ROWID;
CREATE INDEX alias_name ON alias(alias);
CREATE TABLE operation(auth TEXT, code TEXT, name TEXT NOT NULL, type TEXT NOT NULL,
  method_auth TEXT, method_code TEXT, method_name TEXT,
  source_auth TEXT NOT NULL, source_code TEXT NOT NULL,
  target_auth TEXT NOT NULL, target_code TEXT NOT NULL,
  interpolation_auth TEXT, interpolation_code TEXT,
  accuracy REAL, version TEXT, deprecated INTEGER NOT NULL,
  source_datum_auth TEXT, source_datum_code TEXT, target_datum_auth TEXT, target_datum_code TEXT,
  PRIMARY KEY(auth, code)) WITHOUT ROWID;
CREATE INDEX operation_pair ON operation(source_auth, source_code, target_auth, target_code);
CREATE INDEX operation_target ON operation(target_auth, target_code);
CREATE INDEX operation_datums ON operation(source_datum_auth, source_datum_code, target_datum_auth,
  target_datum_code);
CREATE TABLE operation_param(op_auth TEXT, op_code TEXT, seq INTEGER,
  param_auth TEXT, param_code TEXT, name TEXT NOT NULL, value REAL, text_value TEXT,
  unit_auth TEXT, unit_code TEXT, PRIMARY KEY(op_auth, op_code, seq)) WITHOUT ROWID;
CREATE TABLE operation_step(op_auth TEXT, op_code TEXT, seq INTEGER,
  step_auth TEXT NOT NULL, step_code TEXT NOT NULL, direction TEXT NOT NULL,
  PRIMARY KEY(op_auth, op_code, seq)) WITHOUT ROWID;
CREATE TABLE authority_preference(source_auth TEXT, target_auth TEXT, allowed TEXT NOT NULL,
  PRIMARY KEY(source_auth, target_auth)) WITHOUT ROWID;
CREATE TABLE grid_alternative(original_name TEXT PRIMARY KEY, proj_name TEXT NOT NULL,
  old_proj_name TEXT, format TEXT NOT NULL, proj_method TEXT NOT NULL,
  inverse_direction INTEGER NOT NULL, url TEXT, direct_download INTEGER,
  open_license INTEGER, directory TEXT) WITHOUT ROWID;
CREATE TABLE supersession(object_type TEXT, auth TEXT, code TEXT, seq INTEGER,
  replacement_type TEXT NOT NULL, replacement_auth TEXT NOT NULL, replacement_code TEXT NOT NULL,
  source TEXT, same_source_target INTEGER, PRIMARY KEY(object_type, auth, code, seq)) WITHOUT ROWID;
CREATE TABLE method(auth TEXT, code TEXT, name TEXT NOT NULL, PRIMARY KEY(auth, code)) WITHOUT ROWID;
CREATE TABLE esri_method(esri_name TEXT, alternative INTEGER, method_name TEXT NOT NULL,
  method_code TEXT, PRIMARY KEY(esri_name, alternative)) WITHOUT ROWID;
CREATE TABLE esri_param(esri_name TEXT, alternative INTEGER, seq INTEGER, esri_param TEXT NOT NULL,
  param_name TEXT, param_code TEXT, fixed_value TEXT,
  PRIMARY KEY(esri_name, alternative, seq)) WITHOUT ROWID;
"""

# Object kinds of our schema, mapped from proj.db table names.
CRS_TABLES = {"geodetic_crs", "projected_crs", "vertical_crs", "compound_crs"}
OP_TABLES = {"helmert_transformation", "grid_transformation", "other_transformation",
             "concatenated_operation", "conversion"}
DATUM_TABLES = {"geodetic_datum", "vertical_datum"}


def object_type(table):
    if table in CRS_TABLES:
        return "crs"
    if table in OP_TABLES:
        return "operation"
    if table in DATUM_TABLES:
        return "datum"
    return {"unit_of_measure": "unit", "ellipsoid": "ellipsoid", "prime_meridian": "prime_meridian",
            "extent": "area", "celestial_body": "celestial_body"}[table]


def s(v):
    """Codes are stored as text."""
    return None if v is None else str(v)


def find_proj_db():
    try:
        import pyproj  # noqa: F401
        from pyproj.datadir import get_data_dir
    except ImportError:
        sys.exit("pyproj is not installed: pip install pyproj==3.7.2 (or pass --proj-db)")
    import pyproj
    if pyproj.__version__ != "3.7.2":
        print(f"warning: pyproj {pyproj.__version__}, the registry is pinned to 3.7.2", file=sys.stderr)
    return os.path.join(get_data_dir(), "proj.db")


# ---------------------------------------------------------------------------
# Esri WKT1 text (the 172 projected CRSs proj.db stores only as text)

def parse_wkt(text):
    """Minimal WKT1 reader: returns nested [keyword, [args...]] lists."""
    pos = 0
    n = len(text)

    def skip():
        nonlocal pos
        while pos < n and text[pos] in " \t\r\n":
            pos += 1

    def node():
        nonlocal pos
        skip()
        m = re.match(r"[A-Za-z_][A-Za-z0-9_]*", text[pos:])
        if not m:
            raise ValueError(f"keyword expected at {pos}")
        kw = m.group(0)
        pos += len(kw)
        skip()
        if pos >= n or text[pos] not in "[(":
            raise ValueError(f"'[' expected after {kw} at {pos}")
        close = "]" if text[pos] == "[" else ")"
        pos += 1
        args = []
        while True:
            skip()
            c = text[pos]
            if c == '"':
                end = pos + 1
                out = []
                while True:
                    if text[end] == '"':
                        if end + 1 < n and text[end + 1] == '"':
                            out.append('"')
                            end += 2
                            continue
                        break
                    out.append(text[end])
                    end += 1
                args.append("".join(out))
                pos = end + 1
            elif c in "-+.0123456789":
                m = re.match(r"[-+]?[0-9.]+(?:[eE][-+]?[0-9]+)?", text[pos:])
                args.append(float(m.group(0)))
                pos += len(m.group(0))
            else:
                args.append(node())
            skip()
            if text[pos] == ",":
                pos += 1
                continue
            if text[pos] == close:
                pos += 1
                return [kw, args]
            raise ValueError(f"unexpected {text[pos]!r} at {pos}")

    return node()


def child(nodeval, kw):
    for a in nodeval[1]:
        if isinstance(a, list) and a[0].upper() == kw:
            return a
    return None


def children(nodeval, kw):
    return [a for a in nodeval[1] if isinstance(a, list) and a[0].upper() == kw]


class EsriMapper:
    def __init__(self, mapping):
        self.by_name = {}
        for m in mapping:
            self.by_name.setdefault(m["esri"].lower(), []).append(m)

    def pick(self, esri_name, params, ellipsoid_is_sphere):
        """Choose the mapping alternative as PROJ's Esri WKT import does."""
        alts = self.by_name.get(esri_name.lower())
        if not alts:
            return None
        names = {k.lower() for k in params}

        def fits(alt):
            # Parameters with a fixed value (Option, X_Scale, ...) select the alternative.
            lower = {k.lower(): v for k, v in params.items()}
            for p in alt["params"]:
                if p["name"] is None and p["value"] is not None and p["esri"].lower() in lower:
                    if float(lower[p["esri"].lower()]) != float(p["value"]):
                        return False
            return {p["esri"].lower() for p in alt["params"]} >= names

        if esri_name.lower() == "plate_carree":
            return alts[1] if ellipsoid_is_sphere else alts[0]
        if esri_name.lower() == "lambert_conformal_conic":
            if "standard_parallel_2" not in names:
                return alts[0]
            k = next((params[k] for k in params if k.lower() == "scale_factor"), 1.0)
            return alts[2] if k == 1.0 else alts[3]
        for alt in alts:
            if fits(alt):
                return alt
        return alts[0]


def step_directions(ops, steps, crs_datums):
    """Adds the direction ('forward' or 'reverse') in which each step of a concatenated operation
    is applied, found as PROJ's ConcatenatedOperation::fixSteps does: a step runs forward when its
    source is where the previous step ended (the same CRS, else a CRS on the same datum) and in
    reverse when its target is. Conversion steps (no CRSs in the database) run forward."""
    by_key = {(op[0], op[1]): op for op in ops}
    out = []
    current = {}
    for st in sorted(steps, key=lambda t: (t[0], t[1], t[2])):
        concat = by_key[(st[0], st[1])]
        key = (st[0], st[1])
        prev = current.get(key, (concat[7], concat[8]))
        step = by_key.get((st[3], st[4]))
        direction = "forward"
        if step is not None:
            src, dst = (step[7], step[8]), (step[9], step[10])
            if src == prev:
                direction, prev = "forward", dst
            elif dst == prev:
                direction, prev = "reverse", src
            elif crs_datums(src) == crs_datums(prev):
                direction, prev = "forward", dst
            elif crs_datums(dst) == crs_datums(prev):
                direction, prev = "reverse", src
            else:
                prev = dst
        current[key] = prev
        out.append(st + (direction,))
    return out


# ---------------------------------------------------------------------------

def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--proj-db", default=None)
    ap.add_argument("--out", default=DEFAULT_OUT)
    args = ap.parse_args()
    src_path = args.proj_db or find_proj_db()
    src = sqlite3.connect(f"file:{src_path}?mode=ro", uri=True)
    src.row_factory = sqlite3.Row
    meta_src = dict(src.execute("select key, value from metadata").fetchall())

    if os.path.exists(args.out):
        os.remove(args.out)
    os.makedirs(os.path.dirname(args.out), exist_ok=True)
    out = sqlite3.connect(args.out)
    out.executescript(SCHEMA)
    auth_in = "(" + ",".join(f"'{a}'" for a in AUTHS) + ")"

    def q(sql, *p):
        return src.execute(sql, p).fetchall()

    def ins(table, rows):
        rows = sorted(rows, key=lambda r: tuple("" if v is None else str(v) for v in r))
        if not rows:
            return 0
        ph = ",".join("?" * len(rows[0]))
        out.executemany(f"insert into {table} values ({ph})", rows)
        return len(rows)

    counts = {}
    source_counts = {}

    # units
    rows = [(r["auth_name"], s(r["code"]), r["name"], r["type"], r["conv_factor"], r["proj_short_name"],
             r["deprecated"]) for r in q(f"select * from unit_of_measure where auth_name in {auth_in}")]
    extra_units = {}  # synthesised length units for Esri WKT text (e.g. 150_Kilometers)

    # ellipsoids
    ell = [(r["auth_name"], s(r["code"]), r["name"], r["celestial_body_code"], r["semi_major_axis"],
            r["inv_flattening"], r["semi_minor_axis"], r["uom_auth_name"], s(r["uom_code"]), r["deprecated"])
           for r in q(f"select * from ellipsoid where auth_name in {auth_in}")]
    counts["ellipsoid"] = ins("ellipsoid", ell)
    source_counts["ellipsoid"] = q(f"select count(*) from ellipsoid where auth_name in {auth_in}")[0][0]

    pm = [(r["auth_name"], s(r["code"]), r["name"], r["longitude"], r["uom_auth_name"], s(r["uom_code"]),
           r["deprecated"]) for r in q(f"select * from prime_meridian where auth_name in {auth_in}")]
    counts["prime_meridian"] = ins("prime_meridian", pm)
    source_counts["prime_meridian"] = q(f"select count(*) from prime_meridian where auth_name in {auth_in}")[0][0]

    # datums (geodetic and vertical) and ensemble members
    dat = [(r["auth_name"], s(r["code"]), r["name"], "geodetic", r["ellipsoid_auth_name"], s(r["ellipsoid_code"]),
            r["prime_meridian_auth_name"], s(r["prime_meridian_code"]), r["publication_date"],
            r["frame_reference_epoch"], r["ensemble_accuracy"], r["anchor"], r["deprecated"])
           for r in q(f"select * from geodetic_datum where auth_name in {auth_in}")]
    dat += [(r["auth_name"], s(r["code"]), r["name"], "vertical", None, None, None, None, r["publication_date"],
             r["frame_reference_epoch"], r["ensemble_accuracy"], r["anchor"], r["deprecated"])
            for r in q(f"select * from vertical_datum where auth_name in {auth_in}")]
    counts["datum"] = ins("datum", dat)
    source_counts["datum"] = q(f"select (select count(*) from geodetic_datum where auth_name in {auth_in}) + "
                               f"(select count(*) from vertical_datum where auth_name in {auth_in})")[0][0]
    mem = [(r["ensemble_auth_name"], s(r["ensemble_code"]), r["sequence"], r["member_auth_name"], s(r["member_code"]))
           for r in q(f"select * from geodetic_datum_ensemble_member where ensemble_auth_name in {auth_in}")]
    mem += [(r["ensemble_auth_name"], s(r["ensemble_code"]), r["sequence"], r["member_auth_name"],
             s(r["member_code"]))
            for r in q(f"select * from vertical_datum_ensemble_member where ensemble_auth_name in {auth_in}")]
    counts["datum_member"] = ins("datum_member", mem)

    # coordinate systems and axes (all: they are referenced across authorities)
    cs_rows = [(r["auth_name"], s(r["code"]), r["type"], r["dimension"]) for r in q("select * from coordinate_system")]
    # Axes are numbered 1, 2, 3 in coordinate-system order (proj.db's PROJ:ENh repeats order 2).
    axis_rows, axis_seq = [], {}
    for r in q("select * from axis order by coordinate_system_auth_name, coordinate_system_code, "
               "coordinate_system_order, code"):
        key = (r["coordinate_system_auth_name"], s(r["coordinate_system_code"]))
        axis_seq[key] = axis_seq.get(key, 0) + 1
        axis_rows.append(key + (axis_seq[key], r["name"], r["abbrev"], r["orientation"], r["uom_auth_name"],
                                s(r["uom_code"])))

    # CRSs
    crs_rows = []
    for r in q(f"select * from geodetic_crs where auth_name in {auth_in}"):
        crs_rows.append((r["auth_name"], s(r["code"]), r["name"], r["type"], r["coordinate_system_auth_name"],
                         s(r["coordinate_system_code"]), r["datum_auth_name"], s(r["datum_code"]),
                         None, None, None, None, None, None, None, None, r["deprecated"]))
    for r in q(f"select * from vertical_crs where auth_name in {auth_in}"):
        crs_rows.append((r["auth_name"], s(r["code"]), r["name"], "vertical", r["coordinate_system_auth_name"],
                         s(r["coordinate_system_code"]), r["datum_auth_name"], s(r["datum_code"]),
                         None, None, None, None, None, None, None, None, r["deprecated"]))
    for r in q(f"select * from compound_crs where auth_name in {auth_in}"):
        crs_rows.append((r["auth_name"], s(r["code"]), r["name"], "compound", None, None, None, None,
                         None, None, None, None, r["horiz_crs_auth_name"], s(r["horiz_crs_code"]),
                         r["vertical_crs_auth_name"], s(r["vertical_crs_code"]), r["deprecated"]))

    conv_rows = []
    conv_params = []
    for r in q(f"select * from conversion_table where auth_name in {auth_in}"):
        mname = q("select name from conversion_method where auth_name = ? and code = ?",
                  r["method_auth_name"], r["method_code"])
        conv_rows.append((r["auth_name"], s(r["code"]), r["name"], r["method_auth_name"], s(r["method_code"]),
                          mname[0][0] if mname else "", r["deprecated"]))
        for i in range(1, 8):
            if r[f"param{i}_code"] is None:
                continue
            pname = q("select name from conversion_param where auth_name = ? and code = ?",
                      r[f"param{i}_auth_name"], r[f"param{i}_code"])
            conv_params.append((r["auth_name"], s(r["code"]), i, r[f"param{i}_auth_name"], s(r[f"param{i}_code"]),
                                pname[0][0] if pname else "", r[f"param{i}_value"], r[f"param{i}_uom_auth_name"],
                                s(r[f"param{i}_uom_code"])))

    # Esri text definitions → conversion rows
    mapper = EsriMapper(json.load(open(os.path.join(HERE, "esri_mapping.json"))))
    # Esri GEOGCS names resolve as PROJ's Esri WKT import does: an EPSG geographic CRS whose Esri
    # alias is the name first (non-deprecated before deprecated), then an exact name.
    geodetic_by_name = {}
    for r in q("select a.alt_name, a.auth_name, a.code from alias_name a join geodetic_crs g "
               "on g.auth_name = a.auth_name and g.code = a.code where a.table_name = 'geodetic_crs' "
               "and a.source = 'ESRI' and g.type = 'geographic 2D' order by g.deprecated, a.auth_name, a.code"):
        geodetic_by_name.setdefault(r["alt_name"], (r["auth_name"], s(r["code"])))
    for r in q(f"select auth_name, code, name, deprecated from geodetic_crs where auth_name in ('EPSG','ESRI') "
               f"and type = 'geographic 2D' order by deprecated, auth_name = 'ESRI', code"):
        geodetic_by_name.setdefault(r["name"], (r["auth_name"], s(r["code"])))
    sphere_ellipsoids = {(r[0], s(r[1])) for r in q("select auth_name, code from ellipsoid where inv_flattening = 0 "
                                                    "or semi_minor_axis = semi_major_axis")}
    crs_ellipsoid = {}
    for r in q("select g.auth_name, g.code, d.ellipsoid_auth_name, d.ellipsoid_code from geodetic_crs g "
               "join geodetic_datum d on d.auth_name = g.datum_auth_name and d.code = g.datum_code"):
        crs_ellipsoid[(r[0], s(r[1]))] = (r[2], s(r[3]))
    ellipsoid_values = {}
    for r in q("select e.auth_name, e.code, e.semi_major_axis * u.conv_factor, e.inv_flattening, "
               "e.semi_minor_axis * u.conv_factor from ellipsoid e join unit_of_measure u "
               "on u.auth_name = e.uom_auth_name and u.code = e.uom_code"):
        a, rf, b = r[2], r[3], r[4]
        if rf is None:
            rf = 0.0 if b == a else a / (a - b)
        ellipsoid_values[(r[0], s(r[1]))] = (a, rf)
    geodetic_rows = {(r["auth_name"], s(r["code"])): r for r in q("select * from geodetic_crs")}
    datum_rows = {(r["auth_name"], s(r["code"])): r for r in q("select * from geodetic_datum")}
    extra_ellipsoids, extra_datums = [], []
    units_by_factor = {}
    for r in q("select auth_name, code, name, conv_factor from unit_of_measure where type = 'length' "
               "and auth_name = 'EPSG' and deprecated = 0 order by code in (9001, 9002, 9003) desc, code"):
        units_by_factor.setdefault(r["conv_factor"], (r["auth_name"], s(r["code"])))
    cs_by_unit = {}
    for r in q("select a.coordinate_system_auth_name, a.coordinate_system_code, a.uom_auth_name, a.uom_code, "
               "a.orientation, a.coordinate_system_order from axis a join coordinate_system c on "
               "c.auth_name = a.coordinate_system_auth_name and c.code = a.coordinate_system_code "
               "where c.type = 'Cartesian' and c.dimension = 2 and c.auth_name = 'EPSG' order by 1, 2, 6"):
        cs_by_unit.setdefault((r[0], s(r[1])), []).append((r[4], (r[2], s(r[3]))))
    en_cs_by_unit = {}
    for key, axes in sorted(cs_by_unit.items(), key=lambda kv: int(kv[0][1])):
        if [a[0] for a in axes] == ["east", "north"] and axes[0][1] == axes[1][1]:
            en_cs_by_unit.setdefault(axes[0][1], key)

    unparsed = []
    for r in q(f"select * from projected_crs where auth_name in {auth_in} order by auth_name, code"):
        base_auth, base_code = r["geodetic_crs_auth_name"], s(r["geodetic_crs_code"])
        cs_auth, cs_code = r["coordinate_system_auth_name"], s(r["coordinate_system_code"])
        conv_auth, conv_code = r["conversion_auth_name"], s(r["conversion_code"])
        if r["text_definition"] is not None:
            wkt = parse_wkt(r["text_definition"])
            geog = child(wkt, "GEOGCS")
            gname = geog[1][0]
            if gname not in geodetic_by_name:
                unparsed.append((r["code"], f"GEOGCS {gname} not in registry"))
                continue
            base_auth, base_code = geodetic_by_name[gname]
            spheroid = child(child(geog, "DATUM"), "SPHEROID")[1]
            reg_a, reg_rf = ellipsoid_values[crs_ellipsoid[(base_auth, base_code)]]
            wkt_a, wkt_rf = spheroid[1], spheroid[2]
            proj_name = child(wkt, "PROJECTION")[1][0]
            if (abs(wkt_a - reg_a) > 1e-9 * reg_a or abs(wkt_rf - reg_rf) > 1e-12 * max(reg_rf, 1)) \
                    and proj_name != "Mercator_Auxiliary_Sphere":
                # The text's spheroid differs from the registry GCS of that name (rounded 1/f):
                # keep the text's figure, as PROJ does, on a copy of the datum and GCS.
                code = s(r["code"])
                g = geodetic_rows[(base_auth, base_code)]
                d = datum_rows[(g["datum_auth_name"], s(g["datum_code"]))]
                extra_ellipsoids.append((OWN, f"ESRI:{code}", spheroid[0].replace("_", " "), "EARTH", wkt_a,
                                         wkt_rf, None, "EPSG", "9001", 0))
                extra_datums.append((OWN, f"ESRI:{code}", d["name"], "geodetic", OWN, f"ESRI:{code}",
                                     d["prime_meridian_auth_name"], s(d["prime_meridian_code"]),
                                     d["publication_date"], d["frame_reference_epoch"], d["ensemble_accuracy"],
                                     d["anchor"], 0))
                crs_rows.append((OWN, f"ESRI:{code}", g["name"], "geographic 2D", g["coordinate_system_auth_name"],
                                 s(g["coordinate_system_code"]), OWN, f"ESRI:{code}", None, None, None, None,
                                 None, None, None, None, 0))
                base_auth, base_code = OWN, f"ESRI:{code}"
                crs_ellipsoid[(base_auth, base_code)] = (OWN, f"ESRI:{code}")
            unit = [a for a in wkt[1] if isinstance(a, list) and a[0].upper() == "UNIT"][-1]
            factor = unit[1][1]
            uid = next((u for f, u in units_by_factor.items() if abs(f - factor) <= 1e-12 * factor), None)
            if uid is None:
                uid = (OWN, f"length:{unit[1][0]}")
                extra_units[uid] = (OWN, uid[1], unit[1][0].replace("_", " "), "length", factor, None, 0)
            cs = en_cs_by_unit.get(uid)
            if cs is None:
                cs = (OWN, f"EN:{uid[0]}:{uid[1]}")
                cs_rows.append((cs[0], cs[1], "Cartesian", 2))
                axis_rows.append((cs[0], cs[1], 1, "Easting", "E", "east", uid[0], uid[1]))
                axis_rows.append((cs[0], cs[1], 2, "Northing", "N", "north", uid[0], uid[1]))
                en_cs_by_unit[uid] = cs
            cs_auth, cs_code = cs
            proj = child(wkt, "PROJECTION")[1][0]
            params = {p[1][0]: p[1][1] for p in children(wkt, "PARAMETER")}
            ell = crs_ellipsoid.get((base_auth, base_code))
            alt = mapper.pick(proj, params, ell in sphere_ellipsoids or
                              (ell and ell[0] == OWN and any(e[0:2] == ell and e[5] == 0 for e in extra_ellipsoids)))
            lat0 = next((v for k, v in params.items() if k.lower() == "latitude_of_origin"), None)
            if proj.lower() == "stereographic" and lat0 is not None and abs(lat0) == 90:
                # PROJ reads Esri's polar Stereographic as Polar Stereographic (variant A) with the
                # polar axes of EPSG CS 1026 (north pole) or 1027 (south pole).
                alt = next(m for m in mapper.by_name["polar_stereographic_variant_a"])
                if uid == ("EPSG", "9001"):
                    cs_auth, cs_code = ("EPSG", "1026") if lat0 > 0 else ("EPSG", "1027")
            conv_auth, conv_code = r["auth_name"], s(r["code"])
            seq = 0
            if alt is None:
                # A method PROJ has no mapping for (Fuller, Cube, Berghaus_Star, ...):
                # keep Esri's names; the projection engine knows them.
                conv_rows.append((conv_auth, conv_code, "unnamed", "ESRI", proj, proj, r["deprecated"]))
                for pname, value in params.items():
                    seq += 1
                    u = ("EPSG", "9001") if pname.lower() in ("false_easting", "false_northing", "height") \
                        else ("EPSG", "9102") if pname.lower() not in ("scale_factor", "option", "x_scale",
                                                                       "y_scale", "auxiliary_sphere_type") \
                        else ("EPSG", "9201")
                    if u == ("EPSG", "9001") and uid != ("EPSG", "9001"):
                        u = uid
                    conv_params.append((conv_auth, conv_code, seq, None, None, pname, value, u[0], u[1]))
            else:
                conv_rows.append((conv_auth, conv_code, "unnamed", "EPSG" if alt["epsg"] else "PROJ",
                                  s(alt["epsg"]) if alt["epsg"] else alt["name"], alt["name"], r["deprecated"]))
                for p in alt["params"]:
                    key = next((k for k in params if k.lower() == p["esri"].lower()), None)
                    if p["name"] is None:
                        continue  # fixed selector (Option, X_Scale, ...) or ignored parameter
                    if key is None and not p["fixed"]:
                        continue
                    # A parameter the Esri method fixes (Behrmann's 30° standard parallel) is written out.
                    value = params[key] if key is not None else float(p["value"])
                    seq += 1
                    pe = p["esri"].lower()
                    if pe in ("false_easting", "false_northing", "height"):
                        u = uid
                    elif pe in ("scale_factor",):
                        u = ("EPSG", "9201")
                    else:
                        u = ("EPSG", "9102")
                    conv_params.append((conv_auth, conv_code, seq, "EPSG" if p["epsg"] else None,
                                        s(p["epsg"]) if p["epsg"] else None, p["name"], value, u[0], u[1]))
                if alt["epsg"] == 1028 and not any(p["epsg"] == 8823 and
                                                   any(k.lower() == p["esri"].lower() for k in params)
                                                   for p in alt["params"]):
                    # EPSG's Equidistant Cylindrical has a standard parallel; Plate_Carree implies 0.
                    seq += 1
                    conv_params.append((conv_auth, conv_code, seq, "EPSG", "8823",
                                        "Latitude of 1st standard parallel", 0.0, "EPSG", "9102"))
        crs_rows.append((r["auth_name"], s(r["code"]), r["name"], "projected", cs_auth, cs_code, None, None,
                         base_auth, base_code, conv_auth, conv_code, None, None, None, None, r["deprecated"]))
    if unparsed:
        for code, why in unparsed:
            print(f"error: ESRI:{code}: {why}", file=sys.stderr)
        sys.exit(1)

    rows += list(extra_units.values())
    counts["synthesized.ellipsoid"] = ins("ellipsoid", extra_ellipsoids)
    counts["synthesized.datum"] = ins("datum", extra_datums)
    counts["unit"] = ins("unit", rows)
    counts["coordinate_system"] = ins("coordinate_system", cs_rows)
    counts["axis"] = ins("axis", axis_rows)
    counts["crs"] = ins("crs", crs_rows)
    counts["conversion"] = ins("conversion", conv_rows)
    counts["conversion_param"] = ins("conversion_param", conv_params)
    for kind, table, extra in [("geographic 2D", "geodetic_crs", "and type = 'geographic 2D'"),
                               ("geographic 3D", "geodetic_crs", "and type = 'geographic 3D'"),
                               ("geocentric", "geodetic_crs", "and type = 'geocentric'"),
                               ("projected", "projected_crs", ""), ("vertical", "vertical_crs", ""),
                               ("compound", "compound_crs", "")]:
        for auth in AUTHS:
            for dep in (0, 1):
                n = q(f"select count(*) from {table} where auth_name = ? and deprecated = ? {extra}", auth, dep)[0][0]
                if n:
                    source_counts[f"crs.{auth}.{kind}.{'deprecated' if dep else 'current'}"] = n
                    counts[f"crs.{auth}.{kind}.{'deprecated' if dep else 'current'}"] = out.execute(
                        "select count(*) from crs where auth = ? and type = ? and deprecated = ?",
                        (auth, kind, dep)).fetchone()[0]

    # methods (conversion and transformation)
    meth = {(r["auth_name"], s(r["code"])): r["name"] for r in q("select * from conversion_method")}
    for r in q("select distinct method_auth_name, method_code, method_name from grid_transformation "
               "union select distinct method_auth_name, method_code, method_name from other_transformation"):
        meth.setdefault((r[0], s(r[1])), r[2])
    helmert_methods = {(r[0], s(r[1])) for r in q("select distinct method_auth_name, method_code "
                                                   "from helmert_transformation_table")}
    for r in q("select auth_name, code, name from coordinate_operation_method"):
        meth.setdefault((r[0], s(r[1])), r[2])
    counts["method"] = ins("method", [(a, c, n) for (a, c), n in meth.items()])

    # areas and usages
    area_rows = [(r["auth_name"], s(r["code"]), r["name"], r["south_lat"], r["north_lat"], r["west_lon"],
                  r["east_lon"]) for r in q("select * from extent")]
    counts["area"] = ins("area", area_rows)
    scope = {(r["auth_name"], s(r["code"])): r["scope"] for r in q("select * from scope")}
    usage_rows = []
    seqs = {}
    for r in q(f"select * from usage where object_auth_name in {auth_in} order by object_table_name, "
               f"object_auth_name, object_code, extent_auth_name, extent_code"):
        ot = object_type(r["object_table_name"])
        key = (ot, r["object_auth_name"], s(r["object_code"]))
        seqs[key] = seqs.get(key, 0) + 1
        usage_rows.append(key + (seqs[key], r["extent_auth_name"], s(r["extent_code"]),
                                 scope.get((r["scope_auth_name"], s(r["scope_code"])))))
    counts["usage"] = ins("usage", usage_rows)

    # deprecation replacements, aliases, supersessions
    rep, seqs = [], {}
    for r in q(f"select * from deprecation where deprecated_auth_name in {auth_in} order by 1, 2, 3, 4, 5"):
        key = (object_type(r["table_name"]), r["deprecated_auth_name"], s(r["deprecated_code"]))
        seqs[key] = seqs.get(key, 0) + 1
        rep.append(key + (seqs[key], r["replacement_auth_name"], s(r["replacement_code"]), r["source"]))
    counts["replacement"] = ins("replacement", rep)
    al, seqs = [], {}
    for r in q(f"select * from alias_name where auth_name in {auth_in} order by 1, 2, 3, 4"):
        key = (object_type(r["table_name"]), r["auth_name"], s(r["code"]))
        seqs[key] = seqs.get(key, 0) + 1
        al.append(key + (seqs[key], r["alt_name"], r["source"]))
    counts["alias"] = ins("alias", al)
    sup, seqs = [], {}
    for r in q(f"select * from supersession where superseded_auth_name in {auth_in} order by 1, 2, 3, 4, 5, 6"):
        key = (object_type(r["superseded_table_name"]), r["superseded_auth_name"], s(r["superseded_code"]))
        seqs[key] = seqs.get(key, 0) + 1
        sup.append(key + (seqs[key], object_type(r["replacement_table_name"]), r["replacement_auth_name"],
                          s(r["replacement_code"]), r["source"], r["same_source_target_crs"]))
    counts["supersession"] = ins("supersession", sup)

    # The geodetic (or vertical) datum of each CRS, so that operations can be looked up by datum:
    # ESRI:108055 goes to ESRI:104135 GCS_MSK_1942 while EPSG:28413's base is EPSG:4284, both on
    # datum EPSG:6284. Projected CRSs answer their base's datum, compound CRSs their horizontal one's.
    crs_index = {(r[0], r[1]): r for r in crs_rows}

    def crs_datums(key, depth=0):
        r = crs_index.get((key[0], key[1]))
        if r is None or depth > 3:
            return (None, None)
        if r[3] == "projected":
            return crs_datums((r[8], r[9]), depth + 1)
        if r[3] == "compound":
            return crs_datums((r[12], r[13]), depth + 1)
        return (r[6], r[7])

    # transformations
    ops, params, steps = [], [], []
    unit_names = {(r[0], s(r[1])): r[2] for r in q("select auth_name, code, name from unit_of_measure")}
    helmert_fields = [("tx", "8605", "X-axis translation", "translation"),
                      ("ty", "8606", "Y-axis translation", "translation"),
                      ("tz", "8607", "Z-axis translation", "translation"),
                      ("rx", "8608", "X-axis rotation", "rotation"),
                      ("ry", "8609", "Y-axis rotation", "rotation"),
                      ("rz", "8610", "Z-axis rotation", "rotation"),
                      ("scale_difference", "8611", "Scale difference", "scale_difference"),
                      ("rate_tx", "1040", "Rate of change of X-axis translation", "rate_translation"),
                      ("rate_ty", "1041", "Rate of change of Y-axis translation", "rate_translation"),
                      ("rate_tz", "1042", "Rate of change of Z-axis translation", "rate_translation"),
                      ("rate_rx", "1043", "Rate of change of X-axis rotation", "rate_rotation"),
                      ("rate_ry", "1044", "Rate of change of Y-axis rotation", "rate_rotation"),
                      ("rate_rz", "1045", "Rate of change of Z-axis rotation", "rate_rotation"),
                      ("rate_scale_difference", "1046", "Rate of change of Scale difference",
                       "rate_scale_difference"),
                      ("epoch", "1047", "Parameter reference epoch", "epoch"),
                      ("px", "8667", "Ordinate 1 of evaluation point", "pivot"),
                      ("py", "8668", "Ordinate 2 of evaluation point", "pivot"),
                      ("pz", "8669", "Ordinate 3 of evaluation point", "pivot")]
    for r in q(f"select * from helmert_transformation_table where auth_name in {auth_in}"):
        key = (r["auth_name"], s(r["code"]))
        ops.append(key + (r["name"], "helmert", r["method_auth_name"], s(r["method_code"]),
                          meth.get((r["method_auth_name"], s(r["method_code"])), ""),
                          r["source_crs_auth_name"], s(r["source_crs_code"]), r["target_crs_auth_name"],
                          s(r["target_crs_code"]), None, None, r["accuracy"], r["operation_version"],
                          r["deprecated"]))
        seq = 0
        for col, code, name, uom in helmert_fields:
            if r[col] is None:
                continue
            seq += 1
            ua, uc = r[f"{uom}_uom_auth_name"], s(r[f"{uom}_uom_code"])
            params.append(key + (seq, "EPSG", code, name, r[col], None, ua, uc))
    for r in q(f"select * from grid_transformation where auth_name in {auth_in}"):
        key = (r["auth_name"], s(r["code"]))
        ops.append(key + (r["name"], "grid", r["method_auth_name"], s(r["method_code"]), r["method_name"],
                          r["source_crs_auth_name"], s(r["source_crs_code"]), r["target_crs_auth_name"],
                          s(r["target_crs_code"]), r["interpolation_crs_auth_name"],
                          s(r["interpolation_crs_code"]), r["accuracy"], r["operation_version"], r["deprecated"]))
        params.append(key + (1, r["grid_param_auth_name"], s(r["grid_param_code"]), r["grid_param_name"], None,
                             r["grid_name"], None, None))
        if r["grid2_name"] is not None:
            params.append(key + (2, r["grid2_param_auth_name"], s(r["grid2_param_code"]), r["grid2_param_name"],
                                 None, r["grid2_name"], None, None))
    for r in q(f"select * from other_transformation where auth_name in {auth_in}"):
        key = (r["auth_name"], s(r["code"]))
        ops.append(key + (r["name"], "other", r["method_auth_name"], s(r["method_code"]), r["method_name"],
                          r["source_crs_auth_name"], s(r["source_crs_code"]), r["target_crs_auth_name"],
                          s(r["target_crs_code"]), r["interpolation_crs_auth_name"],
                          s(r["interpolation_crs_code"]), r["accuracy"], r["operation_version"], r["deprecated"]))
        for i in range(1, 8):
            if r[f"param{i}_code"] is None:
                continue
            params.append(key + (i, r[f"param{i}_auth_name"], s(r[f"param{i}_code"]), r[f"param{i}_name"],
                                 r[f"param{i}_value"], None, r[f"param{i}_uom_auth_name"],
                                 s(r[f"param{i}_uom_code"])))
    for r in q(f"select * from concatenated_operation where auth_name in {auth_in}"):
        key = (r["auth_name"], s(r["code"]))
        ops.append(key + (r["name"], "concatenated", None, None, None, r["source_crs_auth_name"],
                          s(r["source_crs_code"]), r["target_crs_auth_name"], s(r["target_crs_code"]), None, None,
                          r["accuracy"], r["operation_version"], r["deprecated"]))
        for st in q("select * from concatenated_operation_step where operation_auth_name = ? "
                    "and operation_code = ? order by step_number", r["auth_name"], r["code"]):
            steps.append(key + (st["step_number"], st["step_auth_name"], s(st["step_code"])))
    ops = [op + crs_datums(op[7:9]) + crs_datums(op[9:11]) for op in ops]
    steps = step_directions(ops, steps, crs_datums)
    counts["operation"] = ins("operation", ops)
    counts["operation_param"] = ins("operation_param", params)
    counts["operation_step"] = ins("operation_step", steps)
    for t, tab in [("helmert", "helmert_transformation_table"), ("grid", "grid_transformation"),
                   ("other", "other_transformation"), ("concatenated", "concatenated_operation")]:
        source_counts[f"operation.{t}"] = q(f"select count(*) from {tab} where auth_name in {auth_in}")[0][0]
        counts[f"operation.{t}"] = out.execute("select count(*) from operation where type = ?", (t,)).fetchone()[0]
    del helmert_methods

    pref = [(r["source_auth_name"], r["target_auth_name"], r["allowed_authorities"])
            for r in q("select * from authority_to_authority_preference")]
    counts["authority_preference"] = ins("authority_preference", pref)
    source_counts["authority_preference"] = len(pref)

    ga = [(r["original_grid_name"], r["proj_grid_name"], r["old_proj_grid_name"], r["proj_grid_format"],
           r["proj_method"], r["inverse_direction"], r["url"], r["direct_download"], r["open_license"],
           r["directory"]) for r in q("select * from grid_alternatives")]
    counts["grid_alternative"] = ins("grid_alternative", ga)
    source_counts["grid_alternative"] = len(ga)

    # Esri method mapping (used by the Esri WKT reader and writer)
    em, ep = [], []
    alt_index = {}
    for m in json.load(open(os.path.join(HERE, "esri_mapping.json"))):
        i = alt_index.get(m["esri"], 0) + 1
        alt_index[m["esri"]] = i
        em.append((m["esri"], i, m["name"], s(m["epsg"]) if m["epsg"] else None))
        for j, p in enumerate(m["params"], 1):
            ep.append((m["esri"], i, j, p["esri"], p["name"], s(p["epsg"]) if p["epsg"] else None,
                       p["value"] if (p["name"] is None or p["fixed"]) else None))
    counts["esri_method"] = ins("esri_method", em)
    counts["esri_param"] = ins("esri_param", ep)

    meta = [("source.proj_version", meta_src.get("PROJ.VERSION", "")),
            ("source.epsg_version", meta_src.get("EPSG.VERSION", "")),
            ("source.epsg_date", meta_src.get("EPSG.DATE", "")),
            ("source.esri_version", meta_src.get("ESRI.VERSION", "")),
            ("source.esri_date", meta_src.get("ESRI.DATE", "")),
            ("source.generator", "tools/registry/generate.py (pyproj 3.7.2 proj.db)"),
            ("authorities", ",".join(AUTHS))]
    meta += [(f"count.{k}", str(v)) for k, v in counts.items()]
    meta += [(f"source_count.{k}", str(v)) for k, v in source_counts.items()]
    ins("meta", meta)
    out.commit()
    out.execute("VACUUM")
    out.close()
    width = max(len(k) for k in counts)
    for k in sorted(counts):
        src_n = source_counts.get(k)
        print(f"{k:<{width}}  {counts[k]:>7}" + (f"  (source {src_n})" if src_n is not None else ""))
    print(f"wrote {args.out} ({os.path.getsize(args.out):,} bytes)")


if __name__ == "__main__":
    main()
