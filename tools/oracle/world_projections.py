#!/usr/bin/env python3
"""Reference coordinates for the world projections over the whole globe (the world fixture).

The projection sweep checks each CRS at five points of its area of use; this fixture checks every
world projection on a global grid (poles, ±180°, the equator, points next to the lobe seams and
transition latitudes of the homolosine), on a sphere and on WGS 84, against PROJ 9.5.1 through
pyproj 3.7.2. Each case runs a PROJ pipeline `unitconvert (deg → rad) + <operation>` forward, then
PROJ's inverse of PROJ's result where PROJ has an inverse.

Hammer-Aitoff (ESRI:53044/54044) has no PROJ mapping ("cannot be converted to a PROJ string"); it is
the Hammer projection, so its cases run `+proj=hammer` (W = 0.5, M = 1 by default) on the same
figures. Van der Grinten on an ellipsoid runs with `+R_A`, as PROJ's Esri mapping of ESRI:54029 does.

Output: Tests/GraticuleProjectionTests/Fixtures/world_projections.csv with the columns
    case,method,params,a,rf,proj,lon,lat,x,y,inv_lon,inv_lat
`method` is the registry method name the Swift test builds the projection from; `params` lists
`key=value` pairs separated by `;` where a numeric key is an EPSG parameter code with an angle in
degrees and any other key is an Esri parameter name with a unitless value; `a`/`rf` give the
figure (rf 0 = sphere). Numbers are Python repr (shortest round trip); empty where PROJ gave none.

Usage: pip install pyproj==3.7.2 && python3 tools/oracle/world_projections.py
"""

import csv
import math
import os
import sys
import warnings

import pyproj
from pyproj import Transformer
from pyproj.enums import TransformDirection

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "Tests", "GraticuleProjectionTests", "Fixtures", "world_projections.csv")

WGS84 = (6378137.0, 298.257223563)
S6371 = (6371000.0, 0.0)
S6371007 = (6371007.0, 0.0)
S63710087 = (6371008.7714, 0.0)


def fig(f):
    a, rf = f
    return f"+R={a!r}" if rf == 0 else "+ellps=WGS84"


# case, registry method name, params, figure, PROJ operation (without the figure)
CASES = [
    ("sinu-sphere", "Sinusoidal", "", S6371, "+proj=sinu"),
    ("sinu-wgs84-africa", "Sinusoidal", "8802=15", WGS84, "+proj=sinu +lon_0=15"),
    ("moll-sphere", "Mollweide", "", S6371, "+proj=moll"),
    ("moll-wgs84", "Mollweide", "", WGS84, "+proj=moll"),
    ("eck1-sphere", "Eckert I", "", S6371, "+proj=eck1"),
    ("eck2-sphere", "Eckert II", "", S6371, "+proj=eck2"),
    ("eck3-sphere", "Eckert III", "", S6371, "+proj=eck3"),
    ("eck4-sphere", "Eckert IV", "", S6371, "+proj=eck4"),
    ("eck5-sphere", "Eckert V", "", S6371, "+proj=eck5"),
    ("eck6-wgs84", "Eckert VI", "", WGS84, "+proj=eck6"),
    ("wink1-sphere", "Winkel I", "8823=50.4597762521898", S6371, "+proj=wink1 +lat_ts=50.4597762521898"),
    ("wink2-sphere", "Winkel II", "8823=50.4597762521898", S6371, "+proj=wink2 +lat_1=50.4597762521898"),
    ("wintri-wgs84", "Winkel Tripel", "8823=50.467", WGS84, "+proj=wintri +lat_1=50.467"),
    ("wintri-default", "Winkel Tripel", "", S6371, "+proj=wintri"),
    ("robin-sphere", "Robinson", "", S6371, "+proj=robin"),
    ("natearth-sphere", "Natural Earth", "", S63710087, "+proj=natearth"),
    ("natearth2-sphere", "Natural Earth II", "", S63710087, "+proj=natearth2"),
    ("patterson-wgs84", "Patterson", "", WGS84, "+proj=patterson"),
    ("wag4-sphere", "Wagner IV", "", S6371007, "+proj=wag4"),
    ("wag5-sphere", "Wagner V", "", S63710087, "+proj=wag5"),
    ("wag7-sphere", "Wagner VII", "", S6371007, "+proj=wag7"),
    ("qua_aut-sphere", "Quartic Authalic", "", S6371, "+proj=qua_aut"),
    ("loxim-sphere", "Loximuthal", "8801=40", S6371, "+proj=loxim +lat_1=40"),
    ("loxim-wgs84-cm", "Loximuthal", "8801=-20;8802=100", WGS84, "+proj=loxim +lat_1=-20 +lon_0=100"),
    ("aitoff-sphere", "Aitoff", "", S6371, "+proj=aitoff"),
    ("hammer-sphere", "Hammer_Aitoff", "", S6371, "+proj=hammer"),
    ("hammer-wgs84", "Hammer_Aitoff", "", WGS84, "+proj=hammer"),
    ("mbtfpq-sphere", "Flat Polar Quartic", "", S6371, "+proj=mbtfpq"),
    ("crast-sphere", "Craster Parabolic", "", S6371, "+proj=crast"),
    ("vandg-sphere", "Van Der Grinten", "", S6371, "+proj=vandg"),
    ("vandg-wgs84", "Van Der Grinten", "", WGS84, "+proj=vandg +R_A"),
    ("eqearth-wgs84-150", "Equal Earth", "8802=150", WGS84, "+proj=eqearth +lon_0=150"),
    ("eqearth-sphere", "Equal Earth", "", S63710087, "+proj=eqearth"),
    ("goode-wgs84", "Goode Homolosine", "Option=0", WGS84, "+proj=goode"),
    ("igh-wgs84", "Interrupted Goode Homolosine", "", WGS84, "+proj=igh"),
    ("igh-option", "Goode Homolosine", "Option=1", WGS84, "+proj=igh"),
    ("igh_o-wgs84", "Interrupted Goode Homolosine Ocean", "8802=-160", WGS84, "+proj=igh_o +lon_0=-160"),
    ("igh_o-option", "Goode Homolosine", "Option=2", WGS84, "+proj=igh_o"),
]

LONS = [-180.0, -179.9, -150.0, -108.0, -60.0, -20.0, -0.5, 0.0, 0.5, 30.0, 80.0, 108.0, 140.0, 179.9, 180.0]
LATS = [-90.0, -89.999, -85.0, -70.0, -54.0, -40.8, -30.0, -10.0, -1e-6, 0.0, 1e-6, 10.0, 30.0, 40.7,
        54.0, 70.0, 85.0, 89.999, 90.0]
# Next to the homolosine's seams (land, ocean; relative to lon_0) and its transition latitudes
# (40°44′ for goode, 40°44′11.8″ for igh), plus the points (−123, 45), (2.35, 48.85), (139.7, 35.7).
SEAM_LONS = [-100.0001, -99.9999, -90.0001, -89.9999, -60.0001, -59.9999, -40.0001, -39.9999, -20.0001,
             -19.9999, 59.9999, 60.0001, 79.9999, 80.0001, 89.9999, 90.0001]
SEAM_LATS = [-75.0, -50.0, -40.73, -40.74, 40.73, 40.7366, 40.7367, 40.74, 50.0, 75.0]
GOLDEN = [(-123.0, 45.0), (2.35, 48.85), (139.7, 35.7), (179.9, -17.0), (-179.9, -17.0)]


def points(case):
    pts = [(lon, lat) for lat in LATS for lon in LONS]
    if case.startswith(("goode", "igh")):
        pts += [(lon, lat) for lat in SEAM_LATS for lon in SEAM_LONS] + GOLDEN
    return pts


def fmt(v):
    return "" if v is None or not math.isfinite(v) else repr(float(v))


def main():
    if pyproj.__version__ != "3.7.2":
        sys.exit(f"pyproj {pyproj.__version__}: the fixture is pinned to pyproj 3.7.2")
    warnings.simplefilter("ignore")
    rows = []
    for case, method, params, figure, op in CASES:
        proj = f"{op} {fig(figure)}"
        t = Transformer.from_pipeline(
            f"+proj=pipeline +step +proj=unitconvert +xy_in=deg +xy_out=rad +step {proj}")
        for lon, lat in points(case):
            x, y = t.transform(lon, lat, errcheck=False)
            ilon = ilat = None
            if math.isfinite(x) and math.isfinite(y) and t.has_inverse:
                try:
                    ilon, ilat = t.transform(x, y, direction=TransformDirection.INVERSE, errcheck=True)
                except pyproj.exceptions.ProjError:
                    ilon = ilat = None
            rows.append([case, method, params, repr(figure[0]), repr(figure[1]), proj, repr(lon), repr(lat),
                         fmt(x), fmt(y), fmt(ilon), fmt(ilat)])
    with open(OUT, "w", newline="") as f:
        f.write(f"# generator: tools/oracle/world_projections.py; pyproj {pyproj.__version__}, "
                f"PROJ {pyproj.proj_version_str}\n")
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["case", "method", "params", "a", "rf", "proj", "lon", "lat", "x", "y", "inv_lon", "inv_lat"])
        w.writerows(rows)
    print(f"{len(rows)} rows, {len(CASES)} cases -> {os.path.relpath(OUT, ROOT)}")


if __name__ == "__main__":
    main()
