#!/usr/bin/env python3
"""Reference image of the built-in NDVI raster drawn as a map layer in EPSG:3857.

    python3 tools/oracle/raster/render_layer_fixture.py

`gdalwarp -t_srs EPSG:3857 -te XMIN YMIN XMAX YMAX -ts W H -r near -ovr NONE -et 0.125 -ot Float32
-dstnodata nan` (GDAL 3.6.2, PROJ 9.1.1) warps Sources/GraticuleRaster/Resources/ndvi.tif onto the
map's pixel grid; every value is then coloured here with the NDVI colour ramp (its stops written
out below, the ramp Graticule documents for `ColorRamp.ndvi`: linear in sRGB components between
stops, clamped at the ends, rounded half up; nodata transparent). Output (4-band Byte GeoTIFF,
R G B A, DEFLATE): Tests/GraticuleRenderTests/Fixtures/raster-layer/ndvi_3857.tif, with the view in
its metadata (GDAL_METADATA items VIEW_EXTENT and VIEW_SIZE) and the generator in TIFFTAG_SOFTWARE.
"""
import os, subprocess, sys, tempfile

import numpy as np
from osgeo import gdal

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
NDVI = os.path.join(ROOT, "Sources", "GraticuleRaster", "Resources", "ndvi.tif")
OUT = os.path.join(ROOT, "Tests", "GraticuleRenderTests", "Fixtures", "raster-layer", "ndvi_3857.tif")
# The view: EPSG:3857 metres around the raster (with some margin of nodata), outer pixel edges.
EXTENT = (-3887500.0, -899000.0, -3875500.0, -887000.0)
SIZE = (320, 320)
STOPS = [(-1.0, (5, 24, 82, 255)), (-0.2, (120, 90, 60, 255)), (0.0, (166, 128, 88, 255)),
         (0.1, (215, 200, 150, 255)), (0.2, (220, 230, 120, 255)), (0.3, (166, 217, 106, 255)),
         (0.45, (102, 189, 99, 255)), (0.6, (26, 152, 80, 255)), (0.8, (0, 104, 55, 255)),
         (1.0, (0, 69, 41, 255))]


def ramp(v):
    if np.isnan(v):
        return (0, 0, 0, 0)
    if v <= STOPS[0][0]:
        return STOPS[0][1]
    if v >= STOPS[-1][0]:
        return STOPS[-1][1]
    hi = 1
    while STOPS[hi][0] < v:
        hi += 1
    (a, ca), (b, cb) = STOPS[hi - 1], STOPS[hi]
    t = (v - a) / (b - a)
    return tuple(int(min(255, max(0, ca[k] + (cb[k] - ca[k]) * t + 0.5))) for k in range(4))


def main():
    version = gdal.VersionInfo("--version")
    with tempfile.TemporaryDirectory() as tmp:
        warped = os.path.join(tmp, "w.tif")
        subprocess.run(["gdalwarp", "-q", "-t_srs", "EPSG:3857", "-te", *map(repr, EXTENT), "-ts", str(SIZE[0]), str(SIZE[1]),
                        "-r", "near", "-ovr", "NONE", "-et", "0.125", "-ot", "Float32", "-dstnodata", "nan", NDVI, warped],
                       check=True, env=dict(os.environ, GDAL_PAM_ENABLED="NO"))
        ds = gdal.Open(warped)
        values = ds.GetRasterBand(1).ReadAsArray().astype(np.float64)
        gt, wkt = ds.GetGeoTransform(), ds.GetProjection()
    rgba = np.zeros((4, SIZE[1], SIZE[0]), dtype=np.uint8)
    for j in range(SIZE[1]):
        for i in range(SIZE[0]):
            rgba[:, j, i] = ramp(values[j, i])
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    if os.path.exists(OUT):
        os.remove(OUT)
    out = gdal.GetDriverByName("GTiff").Create(OUT, SIZE[0], SIZE[1], 4, gdal.GDT_Byte,
                                              ["COMPRESS=DEFLATE", "PREDICTOR=2", "PHOTOMETRIC=RGB", "ALPHA=YES"])
    out.SetGeoTransform(gt)
    out.SetProjection(wkt)
    out.SetMetadata({"VIEW_EXTENT": ",".join(repr(v) for v in EXTENT), "VIEW_SIZE": f"{SIZE[0]},{SIZE[1]}",
                     "TIFFTAG_SOFTWARE": f"tools/oracle/raster/render_layer_fixture.py; gdalwarp -r near -ovr NONE "
                                         f"-et 0.125 ({version}) + the NDVI ramp"})
    for b in range(4):
        out.GetRasterBand(b + 1).WriteArray(rgba[b])
    out = None
    nodata = int(np.isnan(values).sum())
    print(f"{OUT}: {SIZE[0]} x {SIZE[1]}, {nodata} nodata pixels, {os.path.getsize(OUT)} bytes")


if __name__ == "__main__":
    sys.exit(main())
