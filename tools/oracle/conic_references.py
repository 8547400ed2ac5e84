#!/usr/bin/env python3
"""PROJ reference values for the conic projection tests that the sweep does not cover.

- `nzmg`: EPSG:4272 (NZGD49) -> EPSG:27200 (NZMG), e.g. Wellington, and PROJ's inverse.
- `world_bonne`: EPSG:4326 -> ESRI:54024 World_Bonne (the product's world map), incl. poles
  and both sides of the antimeridian.
- `bonne_south`: EPSG:5017 (Bonne (South Orientated), which PROJ cannot project) checked through
  its definition in IOGP GN 7-2 (method 9828): W = FE - x, S = FN - y, where (x, y) is PROJ's
  north-orientated `+proj=bonne` with the CRS's parameters and ellipsoid. The rows hold
  (S, W), the CRS's own axis order.
- `lcc_west`: Lambert Conic Conformal (West Orientated) CRSs (which PROJ cannot project)
  checked through GN 7-2 (method 9826): W = FE - x, N = FN + y, where (x, y) is PROJ's
  `+proj=lcc` (1SP) with the CRS's parameters and ellipsoid. The rows hold (W, N).

Output: Tests/GraticuleProjectionTests/Fixtures/conic_references.csv with the columns
    case,crs,lon,lat,x,y
(lon/lat in the CRS's base geographic CRS, degrees; x/y metres in the CRS's own axis
directions, in the order Graticule's x/y API gives them; numbers in Python repr).

Usage: pip install pyproj==3.7.2 && python3 tools/oracle/conic_references.py
"""

import math
import os

import pyproj
from pyproj import CRS, Transformer
from oracle_common import write_case_csv

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "Tests", "GraticuleProjectionTests", "Fixtures", "conic_references.csv")


def conversion_params(code):
    """Parameter values (degrees / metres / unity) of a projected CRS's conversion, by EPSG code."""
    crs = CRS.from_epsg(code)
    values = {}
    for p in crs.coordinate_operation.params:
        scale = p.unit_conversion_factor * 180 / math.pi if p.unit_category == "angular" else p.unit_conversion_factor
        values[int(p.code)] = p.value * scale  # degrees, metres, unity
    ell = crs.ellipsoid
    return crs, values, ell


def ellps_args(ell):
    return f"+a={ell.semi_major_metre!r} +rf={ell.inverse_flattening!r}"


def main():
    rows = []

    t = Transformer.from_crs("EPSG:4272", "EPSG:27200", always_xy=True)
    for lon, lat in [(174.78, -41.29), (172.5, -43.5), (176.2, -38.1), (168.35, -46.4), (173.0, -35.0)]:
        x, y = t.transform(lon, lat)
        rows.append(("nzmg", "EPSG:27200", lon, lat, x, y))

    t = Transformer.from_crs("EPSG:4326", "ESRI:54024", always_xy=True)
    for lon, lat in [(-123, 45), (2.35, 48.85), (139.7, 35.7), (0, 0), (179.9, -17), (-179.9, -17),
                     (0, 90), (0, -90), (180, 0), (-180, 0), (90, -60)]:
        x, y = t.transform(lon, lat)
        rows.append(("world_bonne", "ESRI:54024", lon, lat, x, y))

    # Bonne (South Orientated): the north-orientated Bonne of the same parameters.
    for code, points in [(5017, [(-8.5, 40.0), (-9.0, 38.7), (-7.0, 41.5), (-8.1319061111, 39.6666666667)])]:
        crs, v, ell = conversion_params(code)
        lat0, lon0 = v[8801], v[8802]
        bonne = f"+proj=bonne +lat_1={lat0!r} +lon_0={lon0!r} {ellps_args(ell)} +units=m"
        geog = f"+proj=longlat {ellps_args(ell)}"
        t = Transformer.from_crs(geog, bonne, always_xy=True)
        for lon, lat in points:
            x, y = t.transform(lon, lat)
            rows.append(("bonne_south", f"EPSG:{code}", lon, lat, v[8807] - y, v[8806] - x))

    # LCC (West Orientated): LCC 1SP of the same parameters.
    for code, points in [(2296, [(-37.835, 65.715), (-38.45, 65.598)]),
                         (3052, [(-19.02, 64.965), (-22.404, 63.99)]),
                         (3144, [(-6.91, 61.87), (-7.258, 61.546)]),
                         (2307, [(-46.62, 61.37)])]:
        crs, v, ell = conversion_params(code)
        lat0, lon0, k0 = v[8801], v[8802], v[8805]
        lcc = (f"+proj=lcc +lat_1={lat0!r} +lat_0={lat0!r} +lon_0={lon0!r} +k_0={k0!r} "
               f"{ellps_args(ell)} +units=m")
        geog = f"+proj=longlat {ellps_args(ell)}"
        t = Transformer.from_crs(geog, lcc, always_xy=True)
        for lon, lat in points:
            x, y = t.transform(lon, lat)
            rows.append(("lcc_west", f"EPSG:{code}", lon, lat, v[8806] - x, v[8807] + y))

    write_case_csv(OUT, f"# generator: tools/oracle/conic_references.py; pyproj {pyproj.__version__}, "
                   f"PROJ {pyproj.proj_version_str}, EPSG {pyproj.database.get_database_metadata('EPSG.VERSION')}",
                   rows)
    print(f"{len(rows)} rows -> {OUT}")


if __name__ == "__main__":
    main()
