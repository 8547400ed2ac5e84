#!/usr/bin/env python3
"""Reference for ESRI:54098 (Esri Adams_Square_II on WGS 84, all angles 0) at (108°, 54°).

Graticule's model: the conformal latitude χ (Snyder 1987 eq. 3-1, computed here in closed form),
then PROJ's `adams_ws2` on the sphere of radius a, scaled by √2 (Esri's Scale_Factor √½ against
PROJ's √2 frame). Prints x, y for AdamsSquareIITests.sphereIsAdamsWS2. pyproj 3.7.2 / PROJ 9.5.1.
"""
import math
import sys

import pyproj
from pyproj import Transformer

if pyproj.__version__ != "3.7.2":
    sys.exit(f"pyproj {pyproj.__version__}: pinned to pyproj 3.7.2")
a, f = 6378137.0, 1 / 298.257223563
e = math.sqrt(f * (2 - f))
phi = math.radians(54)
chi = 2 * math.atan(math.tan(math.pi / 4 + phi / 2) * ((1 - e * math.sin(phi)) / (1 + e * math.sin(phi))) ** (e / 2)) \
    - math.pi / 2
t = Transformer.from_pipeline(f"+proj=pipeline +step +proj=unitconvert +xy_in=deg +xy_out=rad "
                              f"+step +proj=adams_ws2 +R={a!r}")
x, y = t.transform(108, math.degrees(chi))
print(f"pyproj {pyproj.__version__}, PROJ {pyproj.proj_version_str}: chi = {math.degrees(chi)!r}°, "
      f"x = {x * math.sqrt(2)!r}, y = {y * math.sqrt(2)!r}")
