#!/usr/bin/env python3
"""High-precision reference values where PROJ 9.5.1's world projections are not accurate.

The world fixture (world_projections.py) compares Graticule with PROJ over a global grid. At a few
grid points PROJ itself is off by more than the 1 mm tolerance, because an iteration stops early
or a formula cancels:

- Eckert IV at φ = ±89.999°: PROJ's Newton loop (6 iterations) does not converge and PROJ returns
  the pole's coordinates (up to 200 m off in x).
- Winkel II at φ = ±89.999°: PROJ's loop (10 iterations) does not converge and PROJ sets θ = ±π/2
  (7 km off in x at λ = 180°).
- Mollweide and the homolosine at and next to the poles: PROJ's loop stops at |Δ| < 1e-7 with 2θ
  short of π, so the pole is not a point (x up to 112 m off) and at φ = ±89.999° x is 0.47 mm off.
- Van der Grinten at φ = ±1e-6°: PROJ's formula for y cancels (it returns 0 or wrong values).

For those points this script evaluates the published formulas (Snyder 1987, USGS PP 1395: Eckert
IV eqs. 32-1 to 32-3, Mollweide eqs. 31-1 to 31-4, Van der Grinten eqs. 29-1 to 29-6; Winkel II
as in PROJ's wink2 with Mollweide's θ; Goode's homolosine as in PROJ's goode/igh/igh_o) in
50-digit arithmetic with mpmath, independently of the Swift code, solving the auxiliary-angle
equations by bisection on a bracket ((0, π/2) or (0, π)) that excludes the mirror root.

Output: Tests/GraticuleProjectionTests/Fixtures/world_highprecision.csv with the columns
    case,lon,lat,x,y
where `case` names a case of world_projections.csv (same figure and parameters).

Usage: pip install mpmath==1.3.0 && python3 tools/oracle/world_highprecision.py
"""

import csv
import os
import sys

import mpmath
from mpmath import mp, mpf, pi, sin, cos, sqrt

mp.dps = 50
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "Tests", "GraticuleProjectionTests", "Fixtures", "world_highprecision.csv")
LONS = ["-180.0", "-179.9", "-150.0", "-108.0", "-60.0", "-20.0", "-0.5", "0.0", "0.5", "30.0", "80.0",
        "108.0", "140.0", "179.9", "180.0"]
D = pi / 180
A_WGS84 = mpf(6378137)


def rad(s):
    return mpf(s) * D


def bisect(f, lo, hi):
    """The root of f in [lo, hi] (f(lo) ≤ 0 ≤ f(hi)) by 200 bisections (≈ 1e-60)."""
    for _ in range(200):
        mid = (lo + hi) / 2
        if f(mid) <= 0:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def moll_theta(phi):
    """θ with 2θ + sin 2θ = π sin φ."""
    if abs(abs(phi) - pi / 2) < mpf(10) ** -40:
        return pi / 2 if phi > 0 else -pi / 2
    k = pi * sin(phi)
    lo, hi = (mpf(0), pi) if phi > 0 else (-pi, mpf(0))
    t = bisect(lambda t: t + sin(t) - k, lo, hi)
    return t / 2


def moll(lam, phi):
    th = moll_theta(phi)
    return 2 * sqrt(2) / pi * lam * cos(th), sqrt(2) * sin(th)


def eck4(lam, phi):
    k = (2 + pi / 2) * sin(phi)
    lo, hi = (mpf(0), pi / 2) if phi > 0 else (-pi / 2, mpf(0))
    th = bisect(lambda t: t + sin(t) * cos(t) + 2 * sin(t) - k, lo, hi)
    return 2 / sqrt(pi * (4 + pi)) * lam * (1 + cos(th)), 2 * sqrt(pi / (4 + pi)) * sin(th)


def wink2(lam, phi, phi1):
    th = moll_theta(phi)
    return lam * (cos(th) + cos(phi1)) / 2, pi / 4 * sin(th) + phi / 2


def vandg(lam, phi):
    s = abs(2 * phi / pi)
    c = sqrt(1 - s * s)
    aa = abs(pi / lam - lam / pi) / 2
    g = c / (s + c - 1)
    p = g * (2 / s - 1)
    q = aa * aa + g
    p2, a2 = p * p, aa * aa
    x = pi * (aa * (g - p2) + sqrt(a2 * (g - p2) ** 2 - (p2 + a2) * (g * g - p2))) / (p2 + a2)
    y = pi * (p * q - aa * sqrt((a2 + 1) * (p2 + a2) - q * q)) / (p2 + a2)
    return (x if lam > 0 else -x), (y if phi > 0 else -y)


def homolosine_polar(lam, phi, kind, lon0):
    """The Mollweide part of the homolosine (|φ| beyond the transition): x = λc + x_moll(λ − λc),
    y = y_moll ± shift, λc the centre of the point's lobe (a seam belongs to the western lobe)."""
    rel = lam - lon0
    rel = (rel + pi) % (2 * pi) - pi if abs(rel) > pi + mpf(10) ** -30 else rel
    sign = 1 if phi > 0 else -1
    if kind == "goode":
        centre, shift = mpf(0), -mpf("0.05280")
    else:
        b = (40 + mpf(44) / 60 + mpf("11.8") / 3600) * D
        shift = b - moll(0, b)[1]
        if kind == "igh":
            north, south = [(-40, -100), (180, 30)], [(-100, -160), (-20, -60), (80, 20), (180, 140)]
        else:
            north, south = [(-90, -140), (60, -10), (180, 130)], [(-60, -110), (90, 20), (180, 150)]
        centre = next(c for east, c in (north if phi > 0 else south) if rel <= east * D + mpf(10) ** -30) * D
    x, y = moll(rel - centre, phi)
    return centre + x, y + sign * shift


def main():
    if mpmath.__version__ != "1.3.0":
        sys.exit(f"mpmath {mpmath.__version__}: the fixture is pinned to mpmath 1.3.0")
    rows = []
    for lat in ("-89.999", "89.999"):
        for lon in LONS:
            x, y = eck4(rad(lon), rad(lat))
            rows.append(("eck4-sphere", lon, lat, x * 6371000, y * 6371000))
            x, y = wink2(rad(lon), rad(lat), rad("50.4597762521898"))
            rows.append(("wink2-sphere", lon, lat, x * 6371000, y * 6371000))
    for lat in ("-1e-06", "1e-06"):
        for lon in LONS:
            if lon == "0.0":
                continue
            x, y = vandg(rad(lon), rad(lat))
            rows.append(("vandg-sphere", lon, lat, x * 6371000, y * 6371000))
            es = 1 / mpf("298.257223563") * (2 - 1 / mpf("298.257223563"))
            ra = A_WGS84 * (1 - es * (mpf(1) / 6 + es * (mpf(17) / 360 + es * mpf(67) / 3024)))
            rows.append(("vandg-wgs84", lon, lat, x * ra, y * ra))
    for lat in ("-90.0", "-89.999", "89.999", "90.0"):
        for lon in LONS:
            x, y = moll(rad(lon), rad(lat))
            rows.append(("moll-sphere", lon, lat, x * 6371000, y * 6371000))
            rows.append(("moll-wgs84", lon, lat, x * A_WGS84, y * A_WGS84))
            for case, kind, lon0 in (("goode-wgs84", "goode", 0), ("igh-wgs84", "igh", 0), ("igh-option", "igh", 0),
                                     ("igh_o-wgs84", "igh_o", -160), ("igh_o-option", "igh_o", 0)):
                x, y = homolosine_polar(rad(lon), rad(lat), kind, rad(lon0))
                rows.append((case, lon, lat, x * A_WGS84, y * A_WGS84))
    with open(OUT, "w", newline="") as f:
        f.write(f"# generator: tools/oracle/world_highprecision.py; mpmath {mpmath.__version__}, 50 digits\n")
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["case", "lon", "lat", "x", "y"])
        for case, lon, lat, x, y in rows:
            w.writerow([case, lon, lat, mpmath.nstr(x, 20, min_fixed=-30, max_fixed=30),
                        mpmath.nstr(y, 20, min_fixed=-30, max_fixed=30)])
    print(f"{len(rows)} rows -> {os.path.relpath(OUT, ROOT)}")


if __name__ == "__main__":
    main()
