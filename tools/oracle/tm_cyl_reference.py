#!/usr/bin/env python3
"""Reference values for the Transverse Mercator, Cassini and cylindrical unit tests.

Everything here comes from PROJ (through pyproj) or from an independent computation (pyproj.Geod
geodesics, the published formulas evaluated directly), never from Graticule. Cases:

  tm-far        pure `+proj=tmerc` (Poder/Engsager, PROJ's default) on WGS 84 and Krassowsky at
                0-35 degrees from the central meridian, all latitudes: the "millimetre up to 35 degrees"
                check of the Krueger series.
  zoned         EPSG:32600 / 32700 (TM Zoned Grid System, which PROJ cannot project): PROJ's plain
                UTM zone CRS EPSG:326zz / 327zz for the zone of the longitude, easting + zz * 10^6.
  lo            EPSG:2046-2055 "Hartebeesthoek94 / LoXX" (TM South Orientated, which PROJ projects):
                the value Esri's k = -1 CRSs ESRI:102480-102489 must give at the same point.
  lo-cape       EPSG:22275-22293 "Cape / LoXX" for ESRI:102470-102479.
  tm-pipeline   ESRI:102060, ESRI:102166, EPSG:29333 by a pure projection pipeline (the sweep's
                values for those include a datum shift / PROJ's rounded Bessel Namibia axis).
  eqc-geod      EPSG:4087 (EPSG 1028, ellipsoidal): y = meridian distance by pyproj.Geod (Karney's
                geodesics), x = a * dlon (standard parallel 0).
  cass-axes     EPSG:8044 / 8045: PROJ's (southing, westing) turned into (easting, northing).
  tcea          `+proj=tcea +lon_0=20 +lat_0=10 +k_0=0.8 +R=6371000` (no CRS uses the method).
  cass-world    ESRI:54028 World_Cassini (WGS 84) within the series' domain (< 30 degrees from the meridian).
  tobler        Tobler 1997 formulas evaluated directly (x = R lam, y = R(phi + phi^3/6 [+ phi^5/24])).

Output: Tests/GraticuleProjectionTests/Fixtures/tm_cyl_reference.csv with columns
    case,crs,lon,lat,x,y
(lon/lat in degrees of the base CRS, x/y in the CRS's unit as Graticule's Transformer returns them).

Usage: pip install pyproj==3.7.2 && python3 tools/oracle/tm_cyl_reference.py
"""

import math
import os
import sys
import warnings

import pyproj
from pyproj import CRS, Geod, Transformer
from oracle_common import write_case_csv

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "Tests", "GraticuleProjectionTests", "Fixtures", "tm_cyl_reference.csv")


def pipeline(proj):
    return Transformer.from_pipeline(
        "+proj=pipeline +step +proj=unitconvert +xy_in=deg +xy_out=rad +step " + proj)


def main():
    if pyproj.__version__ != "3.7.2":
        sys.exit(f"pyproj {pyproj.__version__}: the fixture is pinned to pyproj 3.7.2")
    warnings.simplefilter("ignore")
    rows = []

    # tm-far: the label names the ellipsoid; the central meridian is 0, k0 = 0.9996, no false origin.
    for label, ellps in (("WGS84", "+ellps=WGS84"), ("krass", "+ellps=krass")):
        t = pipeline(f"+proj=tmerc +lat_0=0 +lon_0=0 +k=0.9996 +x_0=0 +y_0=0 {ellps}")
        for dl in (0.0, 0.5, 1, 3, 6, 10, 15, 20, 25, 30, 33, 35):
            for lat in (-89.9, -80, -60, -45, -30, -10, 0, 10, 30, 45, 60, 80, 89.9):
                x, y = t.transform(dl, lat)
                rows.append(("tm-far", label, dl, lat, x, y))

    # zoned: zone from the longitude (zone 1 starts at -180), PROJ's UTM CRS of that zone.
    for code, south in ((32600, False), (32700, True)):
        for lon, lat in ((-177.5, 10.0), (-123.4, 47.6), (-3.0, 40.4), (0.0, 42.0), (2.99, 51.2), (3.0, 51.2),
                         (9.19, 45.46), (105.0, 47.0), (179.9, 65.0), (-108.0, 67.2), (108.0, 16.8)):
            if south:
                lat = -lat
            zone = int(math.floor((lon + 180) / 6)) % 60 + 1
            zcrs = (32700 if south else 32600) + zone
            x, y = Transformer.from_crs(4326, zcrs, always_xy=True).transform(lon, lat)
            rows.append(("zoned", f"EPSG:{code}", lon, lat, x + zone * 1e6, y))

    # lo / lo-cape: the south-orientated EPSG CRS of the same zone and datum.
    for esri0, epsg_codes, base in ((102480, range(2046, 2056), 4148), (102470, range(22275, 22295, 2), 4222)):
        for i, epsg in enumerate(epsg_codes):
            lon0 = 15 + 2 * i
            for dlon, lat in ((-0.7, -22.5), (0.0, -29.0), (0.9, -33.8)):
                x, y = Transformer.from_crs(base, epsg, always_xy=True).transform(lon0 + dlon, lat)
                rows.append(("lo" if esri0 == 102480 else "lo-cape", f"ESRI:{esri0 + i}", lon0 + dlon, lat, x, y))

    # tm-pipeline
    for crs, proj, pts in (
            ("ESRI:102060", "+proj=tmerc +lat_0=0 +lon_0=15 +k=0.9999 +x_0=500000 +y_0=-5000000 +ellps=bessel",
             ((14.995, 46.15), (14.026, 45.712), (15.964, 46.588))),
            ("ESRI:102166", "+proj=utm +zone=25 +ellps=intl", ((-31.18, 39.535), (-31.276, 39.394))),
            # EPSG 7046 Bessel Namibia (GLM): a = 6377397.155 German legal metres x 1.0000135965.
            ("EPSG:29333", "+proj=utm +zone=33 +south +a=6377483.865280419 +rf=299.1528128",
             ((12.35, -23.94), (9.884, -27.96), (14.816, -27.96)))):
        t = pipeline(proj)
        for lon, lat in pts:
            x, y = t.transform(lon, lat)
            rows.append(("tm-pipeline", crs, lon, lat, x, y))

    # eqc-geod: EPSG:4087 = WGS 84, standard parallel 0.
    g = Geod(ellps="WGS84")
    for lon, lat in ((-108.0, -54.0), (108.0, 54.0), (-143.9999611505, 71.9993230521), (10.0, 0.0),
                     (0.0, 89.0), (45.0, -89.999)):
        _, _, d = g.inv(0.0, 0.0, 0.0, lat)
        rows.append(("eqc-geod", "EPSG:4087", lon, lat, 6378137.0 * math.radians(lon), math.copysign(d, lat)))

    # cass-axes: PROJ's output is (southing, westing); Graticule's x/y is (easting, northing).
    for code in (8044, 8045):
        crs = CRS.from_epsg(code)
        t = Transformer.from_crs(crs.geodetic_crs, crs, always_xy=True)
        for lon, lat in ((14.45, 48.995), (15.3, 48.026), (31.0, 48.5)):
            s, w = t.transform(lon, lat)
            rows.append(("cass-axes", f"EPSG:{code}", lon, lat, -w, -s))

    # cass-world
    t = Transformer.from_crs(CRS("ESRI:54028").geodetic_crs, "ESRI:54028", always_xy=True)
    for lon, lat in ((5.0, 40.0), (-12.0, -60.0), (29.0, 10.0), (-20.0, 75.0)):
        x, y = t.transform(lon, lat)
        rows.append(("cass-world", "ESRI:54028", lon, lat, x, y))

    # tcea: Transverse Cylindrical Equal Area, spherical, central meridian 20, origin 10, k0 0.8.
    t = pipeline("+proj=tcea +lon_0=20 +lat_0=10 +k_0=0.8 +R=6371000")
    for lon, lat in ((20.0, 10.0), (35.0, 40.0), (-60.0, -30.0), (100.0, 5.0), (20.0, 90.0)):
        x, y = t.transform(lon, lat)
        rows.append(("tcea", "sphere", lon, lat, x, y))

    # tobler: ESRI:54100 / 54101 on WGS 84, radius a.
    a = 6378137.0
    for crs, c5 in (("ESRI:54100", 0.0), ("ESRI:54101", 1.0 / 24)):
        for lon, lat in ((0.0, 0.0), (-108.0, -54.0), (108.0, 54.0), (45.0, 30.0), (179.0, 89.0), (0.0, 90.0)):
            p = math.radians(lat)
            rows.append(("tobler", crs, lon, lat, a * math.radians(lon), a * (p + p ** 3 / 6 + c5 * p ** 5)))

    write_case_csv(OUT, f"# generator: tools/oracle/tm_cyl_reference.py; pyproj {pyproj.__version__}, "
                   f"PROJ {pyproj.proj_version_str}", rows)
    print(f"{len(rows)} rows → {OUT}")


if __name__ == "__main__":
    main()
