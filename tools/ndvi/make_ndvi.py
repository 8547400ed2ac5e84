#!/usr/bin/env python3
"""Builds Graticule's embedded NDVI raster (Sources/GraticuleRaster/Resources/ndvi.tif).

    python3 tools/ndvi/make_ndvi.py [L7_ETMs.tif]

Source: the Landsat 7 ETM+ sample `L7_ETMs.tif` of Debian's r-cran-stars 0.6-0-4 package
(`usr/lib/R/site-library/stars/tif/L7_ETMs.tif`; a copy is the test fixture
Tests/GraticuleRasterTests/Fixtures/rasters/real/L7_ETMs.tif, the default input): 349 × 352 cells of
28.5 m over Olinda/Recife, Brazil, SIRGAS 2000 / UTM zone 25S (EPSG:31985), six bands of 8-bit
digital numbers (ETM+ bands 1–5 and 7).

NDVI = (NIR − red) / (NIR + red) with NIR = band 4 and red = band 3 of the file, computed in
float64 from the digital numbers and stored as Float32 (no radiometric calibration: the values
are those of the raw counts, which is what the sample allows). Cells where NIR + red = 0 are
nodata (NaN). Written as a cloud-optimised GeoTIFF (COG driver of rasterio 1.4.4's GDAL 3.10.3):
DEFLATE with the floating-point predictor, 128 × 128 tiles, overviews, band description "NDVI",
the source's georeferencing unchanged.
"""
import os, sys
import numpy as np
import rasterio

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
SRC = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "Tests/GraticuleRasterTests/Fixtures/rasters/real/L7_ETMs.tif")
OUT = os.path.join(ROOT, "Sources/GraticuleRaster/Resources/ndvi.tif")

with rasterio.open(SRC) as src:
    red = src.read(3).astype(np.float64)
    nir = src.read(4).astype(np.float64)
    profile = src.profile
    total = nir + red
    with np.errstate(divide="ignore", invalid="ignore"):
        ndvi = np.where(total > 0, (nir - red) / total, np.nan).astype(np.float32)
    profile.update(driver="COG", dtype="float32", count=1, nodata=float("nan"), compress="DEFLATE",
                   predictor=3, blocksize=128, overview_resampling="average")
    for k in ("blockxsize", "blockysize", "tiled", "interleave", "photometric"):
        profile.pop(k, None)
    with rasterio.Env(GDAL_PAM_ENABLED="NO"):
        with rasterio.open(OUT, "w", **profile) as dst:
            dst.write(ndvi, 1)
            dst.set_band_description(1, "NDVI")
            dst.update_tags(SOURCE="L7_ETMs.tif (r-cran-stars 0.6-0-4), NDVI = (B4 - B3) / (B4 + B3)")
print(f"{OUT}: {ndvi.shape[1]} x {ndvi.shape[0]}, NDVI {np.nanmin(ndvi):.4f} … {np.nanmax(ndvi):.4f}, "
      f"{int(np.isnan(ndvi).sum())} nodata cells, {os.path.getsize(OUT)} bytes")
