#!/usr/bin/env python3
"""Reference coordinates for every non-deprecated EPSG + ESRI projected CRS (the sweep fixture).

For each CRS, five points spread over its area of use (the centre and the points at 20 % / 80 %
of the bounding box in each direction) are projected with pyproj from the CRS's own base
geographic CRS (no datum shift, always_xy: longitude/latitude in the base CRS's angular unit,
easting/northing in the CRS's linear unit), and PROJ's projected coordinates are projected back
with PROJ's inverse.

CRSs PROJ cannot project are listed with status `proj-error` and the error text; the tests verify
those by round trip (and against published examples where they exist).

Output: Tests/GraticuleProjectionTests/Fixtures/projection_sweep.csv with the columns
    crs,method,status,lon,lat,x,y,inv_lon,inv_lat
(numbers in Python repr, i.e. shortest round-trip form; empty where PROJ gave no value).

Usage: pip install pyproj==3.7.2 && python3 tools/oracle/projection_sweep.py
"""

import csv
import math
import os
import sys
import warnings

import pyproj
from pyproj import CRS, Transformer
from pyproj.transformer import TransformerGroup
from pyproj.database import query_crs_info
from pyproj.enums import PJType
from oracle_common import forward_and_inverse

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "Tests", "GraticuleProjectionTests", "Fixtures", "projection_sweep.csv")
FRACTIONS = [(0.5, 0.5), (0.2, 0.2), (0.8, 0.2), (0.2, 0.8), (0.8, 0.8)]


def sample_points(area, unit_factor_deg):
    """Points in the base CRS's angular unit (unit_factor_deg = degrees per unit)."""
    west, south, east, north = area.west, area.south, area.east, area.north
    if east < west:  # crosses the antimeridian
        east += 360
    pts = []
    for fx, fy in FRACTIONS:
        lon = west + fx * (east - west)
        if lon > 180:
            lon -= 360
        lat = south + fy * (north - south)
        pts.append((lon / unit_factor_deg, lat / unit_factor_deg))
    return pts


def fmt(v):
    return "" if v is None or not math.isfinite(v) else repr(float(v))


def main():
    if pyproj.__version__ != "3.7.2":
        sys.exit(f"pyproj {pyproj.__version__}: the fixture is pinned to pyproj 3.7.2")
    warnings.simplefilter("ignore")
    infos = []
    for auth in ("EPSG", "ESRI"):
        infos += [i for i in query_crs_info(auth_name=auth, pj_types=[PJType.PROJECTED_CRS], allow_deprecated=False)]
    # query_crs_info lists a few CRSs twice (16 of them, once per usage): one row set per CRS.
    infos = list({(i.auth_name, i.code): i for i in infos}.values())
    infos.sort(key=lambda i: (i.auth_name, int(i.code)))
    rows = []
    n_err = 0
    for info in infos:
        crs_id = f"{info.auth_name}:{info.code}"
        crs = CRS.from_user_input(crs_id)
        method = crs.coordinate_operation.method_name if crs.coordinate_operation else ""
        base = crs.geodetic_crs
        unit_factor_rad = base.axis_info[0].unit_conversion_factor or math.pi / 180
        unit_factor_deg = unit_factor_rad * 180 / math.pi
        area = crs.area_of_use
        if area is None:
            class A:  # whole world
                west, south, east, north = -180.0, -90.0, 180.0, 90.0
            area = A()
        pts = sample_points(area, unit_factor_deg)
        try:
            fwd = Transformer.from_crs(base, crs, always_xy=True)
            inv = Transformer.from_crs(crs, base, always_xy=True)
        except Exception as exc:  # PROJ cannot build the operation
            n_err += 1
            msg = str(exc).replace("\n", " ").replace(",", ";")[:160]
            # Forward-only methods (wag7): PROJ can still run the PROJ string of the CRS forward.
            fwd_only = None
            try:
                proj4 = crs.to_proj4()
                if proj4 and unit_factor_deg == 1.0 and "+units=m" in proj4:
                    fwd_only = Transformer.from_pipeline(
                        "+proj=pipeline +step +proj=unitconvert +xy_in=deg +xy_out=rad +step "
                        + proj4.replace("+type=crs", "").replace("+no_defs", ""))
            except Exception:
                fwd_only = None
            for lon, lat in pts:
                x = y = None
                if fwd_only is not None:
                    try:
                        x, y = fwd_only.transform(lon, lat, errcheck=True)
                    except Exception:
                        x = y = None
                status = "proj-forward-only" if x is not None else "proj-error: " + msg
                rows.append([crs_id, method, status, fmt(lon), fmt(lat), fmt(x), fmt(y), "", ""])
            continue
        try:
            candidates = len(TransformerGroup(base, crs, always_xy=True).transformers)
        except Exception:
            candidates = 1
        if candidates > 1:
            # PROJ inserted a datum step between the CRS and the base it reports (it identified the
            # base as another datum). The reference must be the projection alone: run the CRS's own
            # PROJ string (unit conversion + projection) instead.
            proj4 = crs.to_proj4().replace("+type=crs", "").replace("+no_defs", "")
            proj4 = " ".join(t for t in proj4.split() if not t.startswith(("+towgs84", "+datum", "+nadgrids")))
            pipe = "+proj=pipeline +step +proj=unitconvert +xy_in=deg +xy_out=rad +step " + proj4
            fwd = Transformer.from_pipeline(pipe)
            inv = Transformer.from_pipeline(
                "+proj=pipeline +step +inv " + proj4 + " +step +proj=unitconvert +xy_in=rad +xy_out=deg")
        for lon, lat in pts:
            x, y, ilon, ilat = forward_and_inverse(fwd, inv, lon, lat)
            status = "ok" if x is not None and math.isfinite(x) else "proj-out-of-domain"
            rows.append([crs_id, method, status, fmt(lon), fmt(lat), fmt(x), fmt(y), fmt(ilon), fmt(ilat)])
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, "w", newline="") as f:
        f.write(f"# generator: tools/oracle/projection_sweep.py; pyproj {pyproj.__version__}, "
                f"PROJ {pyproj.proj_version_str}, EPSG {pyproj.database.get_database_metadata('EPSG.VERSION')}\n")
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["crs", "method", "status", "lon", "lat", "x", "y", "inv_lon", "inv_lat"])
        w.writerows(rows)
    n_fwd = len({r[0] for r in rows if r[2] == "proj-forward-only"})
    print(f"{len(infos)} CRSs; PROJ builds no operation for {n_err} ({n_fwd} of them run forward from their "
          f"PROJ string); {len(rows)} rows → {OUT}")


if __name__ == "__main__":
    main()
