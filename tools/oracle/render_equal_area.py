#!/usr/bin/env python3
"""Reference areas of every Natural Earth 1:110m country for the renderer's equal-area check:
on the sphere of radius 6,378,137 m (ESRI:54052 Goode Homolosine: PROJ's igh sets es = 0, R = a)
and on the WGS 84 ellipsoid (ESRI:54024 Bonne), with pyproj 3.7.2's Geod (GeographicLib's
PolygonArea: geodesic edges; on the sphere, great-circle edges as the renderer draws them).

Usage: python3 tools/oracle/render_equal_area.py ne_110m_admin_0_countries.shp \
           > Tests/GraticuleRenderTests/Fixtures/equal_area_110m.csv
Rings are read with a pure-Python Shapefile reader; the area of a feature is the sum of its rings'
signed areas with clockwise rings (Natural Earth exteriors) counted positive.
"""
import struct, sys
import pyproj
from pyproj import Geod

from shp_rings import rings

sphere = Geod(a=6378137.0, f=0.0)
wgs84 = Geod(ellps="WGS84")
print("# pyproj %s (PROJ %s) Geod.polygon_area_perimeter per ring, clockwise rings positive" % (pyproj.__version__, pyproj.proj_version_str))
print("# feature,sphere_6378137_m2,wgs84_m2")
for k, shape in enumerate(rings(sys.argv[1])):
    s = e = 0.0
    for r in shape:
        lons, lats = [x for x, _ in r], [y for _, y in r]
        s += -sphere.polygon_area_perimeter(lons, lats)[0]
        e += -wgs84.polygon_area_perimeter(lons, lats)[0]
    print("%d,%.17g,%.17g" % (k, abs(s), abs(e)))
