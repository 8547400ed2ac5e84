#!/usr/bin/env python3
"""Geodesic area and perimeter of every Natural Earth 110m country with pyproj 3.7.2's Geod
(WGS 84; GeographicLib's PolygonArea), for GeometryEngine.geodeticArea / geodeticLength.

Usage: python3 tools/oracle/geodesic_area.py NE110.shp > Tests/GraticuleIOTests/Fixtures/geodesic_area_110m.csv
Rings are read with a pure-Python Shapefile reader; each ring's signed area is summed in absolute
value (|exterior| - |holes| as grouped by winding: clockwise exteriors).
"""
import struct, sys
import pyproj
from pyproj import Geod

from shp_rings import rings

geod = Geod(ellps="WGS84")
print("# pyproj %s (PROJ %s) Geod(ellps=WGS84).polygon_area_perimeter per ring; feature,area_m2,perimeter_m" % (pyproj.__version__, pyproj.proj_version_str))
for k, shape in enumerate(rings(sys.argv[1])):
    area = perim = 0.0
    for r in shape:
        a, p = geod.polygon_area_perimeter([x for x, _ in r], [y for _, y in r])
        # clockwise (negative pyproj area) rings are exteriors
        area += -a
        perim += p
    print("%d,%.17g,%.17g" % (k, abs(area), perim))
