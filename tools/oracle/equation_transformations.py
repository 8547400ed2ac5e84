"""Equation-based datum transformations against PROJ: Tests/GraticuleTransformTests/Fixtures/
equation_transformations.csv.

Every registry transformation of the Helmert family (geocentric translations, Position Vector and
Coordinate Frame rotations, their time-dependent and time-specific forms, Molodensky-Badekas,
Molodensky and abridged Molodensky) and of the other equation-based methods Graticule implements
(geographic offsets, geographic 2D with height offsets, longitude rotation) between two geodetic
CRSs is run by PROJ 9.5.1 (pyproj 3.7.2) forcing that single operation (the operation itself,
`proj_create("AUTH:CODE")`, not a CRS-to-CRS search), on three points inside the operation's area
of use. Geocentric-domain operations are wrapped in PROJ's own geodetic <-> geocentric conversion
on the source and target ellipsoids. Time-dependent operations are run once without a coordinate
epoch (PROJ then uses the reference epoch) and once at epoch 2025.5.

Columns: code, lon, lat, h, epoch (empty: none), out_lon, out_lat, out_h, and PROJ's inverse of the
output inv_lon, inv_lat, inv_h (degrees, metres).
PROJ cannot export the time-specific methods (1065, 1066); they are run as PROJ's 7-parameter
`helmert` with the registry's parameters. Molodensky and abridged Molodensky, which no current
registry operation uses, go to Fixtures/molodensky.csv (PROJ's `molodensky` with given parameters).

    python3 tools/oracle/equation_transformations.py
"""
import csv
import math
import os
import sqlite3

import pyproj
from pyproj import Transformer
from pyproj.crs import CoordinateOperation

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "..", "Tests", "GraticuleTransformTests", "Fixtures", "equation_transformations.csv")

HELMERT_METHODS = {
    "9603", "1031", "1035", "9606", "1033", "1037", "9607", "1032", "1038", "1053", "1054", "1055", "1056", "1057",
    "1058", "1065", "1066", "9636", "1034", "1039", "1061", "1062", "1063", "9604", "9605", "1064", "1060"}
OTHER_METHODS = {"9619", "9660", "9618", "9601"}
AUTHS = ("EPSG", "ESRI", "PROJ", "NKG")


def main():
    db = sqlite3.connect(os.path.join(pyproj.datadir.get_data_dir(), "proj.db"))
    rows = []
    ops = []
    for table, methods in (("helmert_transformation", HELMERT_METHODS), ("other_transformation", OTHER_METHODS)):
        for auth, code, method, deprecated, sa, sc, ta, tc in db.execute(
                f"select auth_name, code, method_code, deprecated, source_crs_auth_name, source_crs_code, "
                f"target_crs_auth_name, target_crs_code from {table} where auth_name in "
                f"('EPSG','ESRI','PROJ','NKG') order by auth_name, cast(code as integer), code"):
            if str(method) not in methods:
                continue
            # Deprecated operations only where the method has no other (Molodensky, abridged Molodensky).
            if deprecated and str(method) not in ("9604", "9605", "1060", "1064"):
                continue
            if sa not in AUTHS or ta not in AUTHS:
                continue  # IGNF CRSs are not in Graticule's registry
            ops.append((auth, str(code), str(method), (sa, str(sc)), (ta, str(tc))))
    skipped = 0
    for auth, code, method, sid, tid in ops:
        try:
            op = CoordinateOperation.from_authority(auth, code)
            src, dst = pyproj.CRS.from_authority(*sid), pyproj.CRS.from_authority(*tid)
        except Exception:
            skipped += 1
            continue
        if src is None or dst is None or src.ellipsoid is None or dst.ellipsoid is None:
            skipped += 1
            continue
        area = op.area_of_use
        if area is None:
            skipped += 1
            continue
        w, s, e, n = area.west, area.south, area.east, area.north
        if e < w:
            e += 360
        points = []
        for fx, fy in ((0.5, 0.5), (0.25, 0.7), (0.8, 0.3)):
            lon = w + (e - w) * fx
            if lon > 180:
                lon -= 360
            points.append((round(lon, 6), round(s + (n - s) * fy, 6)))
        try:
            pipeline = build_pipeline(op, src, dst, db, auth, code, method)
            t = Transformer.from_pipeline(pipeline)
        except Exception:
            skipped += 1
            continue
        epochs = [None]
        if method in ("1053", "1054", "1055", "1056", "1057", "1058"):
            epochs.append(2025.5)
        for epoch in epochs:
            for i, (lon, lat) in enumerate(points):
                h = 100.0 * i
                try:
                    if epoch is None:
                        x, y, z = t.transform(lon, lat, h, errcheck=True)
                    else:
                        x, y, z, _ = t.transform(lon, lat, h, epoch, errcheck=True)
                except Exception:
                    continue
                if not all(math.isfinite(v) for v in (x, y, z)):
                    continue
                # PROJ's inverse of the result (the transposed rotation for Helmert: not an exact inverse).
                try:
                    if epoch is None:
                        ix, iy, iz = t.transform(x, y, z, errcheck=True, direction="INVERSE")
                    else:
                        ix, iy, iz, _ = t.transform(x, y, z, epoch, errcheck=True, direction="INVERSE")
                except Exception:
                    continue
                rows.append([f"{auth}:{code}", lon, lat, h, "" if epoch is None else epoch, x, y, z, ix, iy, iz])
    with open(OUT, "w", newline="") as f:
        f.write(f"# generator: tools/oracle/equation_transformations.py, pyproj {pyproj.__version__}, "
                f"PROJ {pyproj.proj_version_str}, {len(ops) - skipped} operations\n")
        wr = csv.writer(f, lineterminator="\n")
        wr.writerow(["code", "lon", "lat", "h", "epoch", "out_lon", "out_lat", "out_h", "inv_lon", "inv_lat", "inv_h"])
        for r in rows:
            wr.writerow([r[0], repr(r[1]), repr(r[2]), repr(r[3]), r[4] if r[4] == "" else repr(r[4])]
                        + [repr(v) for v in r[5:]])
    print(f"{len(ops) - skipped} operations, {skipped} skipped, {len(rows)} rows -> {OUT}")


def ellps(crs):
    e = crs.ellipsoid
    if e.inverse_flattening == 0 or e.semi_major_metre == e.semi_minor_metre:
        return f"+R={e.semi_major_metre!r}"
    return f"+a={e.semi_major_metre!r} +rf={e.inverse_flattening!r}"


def time_specific_body(db, auth, code, method, src, dst):
    """PROJ cannot export the time-specific Helmert methods (1065, 1066): they are the 7-parameter
    transformation at a fixed epoch, so PROJ's `helmert` is run with the registry's parameters."""
    r = db.execute("select tx, ty, tz, rx, ry, rz, scale_difference, translation_uom_code, rotation_uom_code, "
                   "scale_difference_uom_code from helmert_transformation where auth_name = ? and code = ?",
                   (auth, code)).fetchone()
    t_factor = {9001: 1.0, 1025: 0.001, 1033: 0.01}[r[7]]
    r_factor = {9104: 1.0, 1031: 0.001}[r[8]]
    s_factor = {9202: 1.0, 1028: 0.001}[r[9]]
    conv = "position_vector" if method == "1065" else "coordinate_frame"
    return (f"+step +proj=helmert +x={r[0] * t_factor!r} +y={r[1] * t_factor!r} +z={r[2] * t_factor!r} "
            f"+rx={r[3] * r_factor!r} +ry={r[4] * r_factor!r} +rz={r[5] * r_factor!r} +s={r[6] * s_factor!r} "
            f"+convention={conv}")


def build_pipeline(op, src, dst, db, auth, code, method):
    """Longitude, latitude (degrees, Greenwich), ellipsoidal height -> the same on the target
    datum, through PROJ's pipeline of the single operation in the operation's own CRSs."""
    for crs in (src, dst):
        if not crs.is_geocentric:
            pm = crs.prime_meridian
            if pm is not None and abs(pm.longitude) > 0:
                raise ValueError("non-Greenwich prime meridian")
            if crs.axis_info[0].unit_name not in ("degree",):
                raise ValueError("angular unit " + crs.axis_info[0].unit_name)
    body = op.to_proj4() if method not in ("1065", "1066") else time_specific_body(db, auth, code, method, src, dst)
    if body is None:
        raise ValueError("PROJ cannot export the operation")
    parts = []
    if src.is_geocentric:
        parts += ["+step +proj=unitconvert +xy_in=deg +xy_out=rad", f"+step +proj=cart {ellps(src)}"]
    elif axis_order_lat_first(src):
        parts.append("+step +proj=axisswap +order=2,1")
    if body.startswith("+proj=pipeline "):
        parts.append(body[len("+proj=pipeline "):])
    elif body.startswith("+step "):
        parts.append(body)
    else:
        parts.append("+step " + body)
    if dst.is_geocentric:
        parts += [f"+step +inv +proj=cart {ellps(dst)}", "+step +proj=unitconvert +xy_in=rad +xy_out=deg"]
    elif axis_order_lat_first(dst):
        parts.append("+step +proj=axisswap +order=2,1")
    return "+proj=pipeline " + " ".join(parts)


def axis_order_lat_first(crs):
    axes = crs.axis_info
    return len(axes) >= 2 and axes[0].direction.lower() == "north"


def molodensky():
    """Molodensky and abridged Molodensky (EPSG 9604, 9605; no current registry operation uses
    them) with PROJ's `molodensky` on EPSG Guidance Note 7-2's example parameters (WGS 84 →
    ED50: dX 84.87, dY 96.49, dZ 116.95 m) and on Bessel → WGS 84 style values."""
    out = os.path.join(os.path.dirname(OUT), "molodensky.csv")
    cases = [(6378137.0, 298.257223563, 6378388.0, 297.0, 84.87, 96.49, 116.95),
             (6377397.155, 299.1528128, 6378137.0, 298.257223563, 582.0, 105.0, 414.0)]
    with open(out, "w", newline="") as f:
        f.write(f"# generator: tools/oracle/equation_transformations.py, pyproj {pyproj.__version__}, "
                f"PROJ {pyproj.proj_version_str} +proj=molodensky\n")
        wr = csv.writer(f, lineterminator="\n")
        wr.writerow(["abridged", "src_a", "src_rf", "dst_a", "dst_rf", "dx", "dy", "dz", "lon", "lat", "h",
                     "out_lon", "out_lat", "out_h"])
        for a1, rf1, a2, rf2, dx, dy, dz in cases:
            da = a2 - a1
            df = 1 / rf2 - 1 / rf1
            for abridged in (0, 1):
                t = Transformer.from_pipeline(
                    f"+proj=pipeline +step +proj=unitconvert +xy_in=deg +xy_out=rad +step +proj=molodensky "
                    f"+a={a1!r} +rf={rf1!r} +dx={dx!r} +dy={dy!r} +dz={dz!r} +da={da!r} +df={df!r}"
                    + (" +abridged" if abridged else "") + " +step +proj=unitconvert +xy_in=rad +xy_out=deg")
                for lon, lat, h in ((2.12955, 53.80939, 73.0), (-60.0, -30.0, 0.0), (120.0, 10.0, 500.0),
                                    (10.0, 80.0, 0.0)):
                    x, y, z = t.transform(lon, lat, h)
                    wr.writerow([abridged, repr(a1), repr(rf1), repr(a2), repr(rf2), repr(dx), repr(dy), repr(dz),
                                 repr(lon), repr(lat), repr(h), repr(x), repr(y), repr(z)])
    print(f"molodensky -> {out}")


if __name__ == "__main__":
    main()
    molodensky()
