#!/usr/bin/env python3
"""Reference warps from GDAL's gdalwarp for the raster warp tests.

    python3 tools/oracle/raster/warp_fixtures.py

For each case, `gdalwarp -t_srs TARGET -r near -ovr NONE -et 0.125 -ot Float32 -dstnodata nan`
(GDAL 3.6.2, PROJ 9.1.1) writes the warped raster with the extent and size gdalwarp chooses itself;
the tests give Graticule the same extent and size and compare pixel by pixel (NaN = no data in
both). One case is repeated with `-r bilinear`. Output: Tests/GraticuleRasterTests/Fixtures/
rasters/warp/<case>.tif (DEFLATE, floating-point predictor) and warp/index.json.
"""
import json, os, subprocess

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
FIX = os.path.join(ROOT, "Tests", "GraticuleRasterTests", "Fixtures", "rasters")
OUT = os.path.join(FIX, "warp")
NDVI = os.path.join(ROOT, "Sources", "GraticuleRaster", "Resources", "ndvi.tif")

# (case, source, target, resampling, output width: None = gdalwarp's own choice, else -ts WIDTH 0
# to keep the fixture small; the output then samples the full-resolution source more sparsely)
CASES = [
    ("ndvi_3857", NDVI, "EPSG:3857", "near", 240),
    ("ndvi_4326", NDVI, "EPSG:4326", "near", 240),
    ("ndvi_54024", NDVI, "ESRI:54024", "near", 200),
    ("elev_3857", os.path.join(FIX, "real/elev.tif"), "EPSG:3857", "near", None),
    ("elev_54024", os.path.join(FIX, "real/elev.tif"), "ESRI:54024", "near", None),
    ("elev_32631", os.path.join(FIX, "real/elev.tif"), "EPSG:32631", "near", None),
    ("srtm90_3857", os.path.join(FIX, "real/srtm90_crop_cog.tif"), "EPSG:3857", "near", 360),
    ("srtm90_54024", os.path.join(FIX, "real/srtm90_crop_cog.tif"), "ESRI:54024", "near", 300),
    ("co_elevation_3857", os.path.join(FIX, "real/co_elevation_crop_cog.tif"), "EPSG:3857", "near", None),
    ("geomatrix_4326", os.path.join(FIX, "real/geomatrix.tif"), "EPSG:4326", "near", None),
    ("lc_3857", os.path.join(FIX, "real/lc.tif"), "EPSG:3857", "near", None),
    # bilinear with an output finer than the source (gdalwarp's 4-sample kernel; zoomed out it widens it)
    ("elev_3857_bilinear", os.path.join(FIX, "real/elev.tif"), "EPSG:3857", "bilinear", 200),
    ("elev_54024_bilinear", os.path.join(FIX, "real/elev.tif"), "ESRI:54024", "bilinear", 160),
]

def main():
    version = subprocess.run(["gdalinfo", "--version"], capture_output=True, text=True).stdout.strip()
    os.makedirs(OUT, exist_ok=True)
    index = []
    for name, src, srs, method, width in CASES:
        dst = os.path.join(OUT, name + ".tif")
        if os.path.exists(dst):
            os.remove(dst)
        subprocess.run(["gdalwarp", "-q", "-t_srs", srs, "-r", method, "-ovr", "NONE", "-et", "0.125",
                        "-ot", "Float32", "-dstnodata", "nan", "-co", "COMPRESS=DEFLATE", "-co", "PREDICTOR=3"]
                       + (["-ts", str(width), "0"] if width else []) + [src, dst], check=True, env=dict(os.environ, GDAL_PAM_ENABLED="NO"))
        info = json.loads(subprocess.run(["gdalinfo", "-json", dst], capture_output=True, text=True).stdout)
        # The geotransform to the last bit, from Debian's python3-gdal.
        gt = subprocess.run(["/usr/bin/python3", "-c",
                             "import sys; from osgeo import gdal; print(' '.join(repr(v) for v in gdal.Open(sys.argv[1]).GetGeoTransform()))",
                             dst], capture_output=True, text=True, check=True).stdout.split()
        w, h = info["size"]
        index.append({"case": name, "source": os.path.relpath(src, ROOT), "target": srs, "resampling": method,
                      "size": [w, h], "geoTransform": gt})
        print(f"{name}: {w} x {h}, {os.path.getsize(dst)} bytes")
    with open(os.path.join(OUT, "index.json"), "w") as fh:
        json.dump({"generator": f"gdalwarp -r near|bilinear -ovr NONE -et 0.125 -ot Float32 -dstnodata nan ({version}); "
                                "tools/oracle/raster/warp_fixtures.py", "cases": index}, fh, indent=1)

if __name__ == "__main__":
    main()
