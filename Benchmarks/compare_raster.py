#!/usr/bin/env python3
"""Raster benchmarks, Graticule beside GDAL 3.6.2 in one run.

    tools/build-release.sh && python3 Benchmarks/compare_raster.py [--points 100000] [--binary PATH]

1. Warm identify (`graticule bench raster`): microseconds per Raster.identify call with the
   blocks already decoded, points in the raster's CRS and in EPSG:4326 (contract: < 20 µs).
2. Whole programs from standard input: `graticule identify RASTER < points` against
   `gdallocationinfo -valonly -geoloc RASTER < points` on the same 100,000 random points over
   the tiled Deflate COG crop of srtm90.tif; best of 3 each, the ratio, and a check that both
   print the same value for every point (contract: Graticule ≥ 10× faster).
3. Decoding every tile of a Deflate tiled Float32 GeoTIFF (3,600 × 2,400, 256 × 256 tiles, made
   with gdal_translate from the srtm90 crop, with and without the floating-point predictor):
   `graticule bench raster FILE --decode` (a fresh TIFFFile each repetition, every block decoded)
   against GDAL's `Band.ReadRaster()` of the whole band on a freshly opened dataset (Debian's
   python3-gdal, the same GDAL 3.6.2, whose libtiff inflates with libdeflate); best of 5 each
   (contract: Graticule at least as fast).
Scratch files go to Benchmarks/results/ (not in git).
"""
import argparse, os, random, subprocess, sys, time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
BIN = os.path.join(ROOT, ".build", "release", "graticule")
FIX = os.path.join(ROOT, "Tests", "GraticuleRasterTests", "Fixtures", "rasters", "real")
OUT = os.path.join(ROOT, "Benchmarks", "results")

def run(args, stdin=None):
    with open(stdin, "rb") if stdin else open(os.devnull, "rb") as f:
        t0 = time.perf_counter()
        r = subprocess.run(args, stdin=f, capture_output=True)
        return time.perf_counter() - t0, r

def best(n, args, stdin=None):
    times, last = [], None
    for _ in range(n):
        t, last = run(args, stdin)
        if last.returncode != 0:
            sys.exit(f"{' '.join(args)} failed: {last.stderr.decode()[:300]}")
        times.append(t)
    return min(times), last

def main():
    global BIN
    ap = argparse.ArgumentParser()
    ap.add_argument("--points", type=int, default=100_000)
    ap.add_argument("--binary", default=BIN, help="the graticule binary (default .build/release/graticule)")
    a = ap.parse_args()
    BIN = a.binary
    if not os.path.exists(BIN):
        sys.exit("build first: swift build -c release")
    os.makedirs(OUT, exist_ok=True)
    print(subprocess.run(["gdalinfo", "--version"], capture_output=True, text=True).stdout.strip())
    print(f"load average {os.getloadavg()[0]:.1f} (2-core machine shared with other builds)\n")

    # 1. warm identify
    print("1. warm identify (graticule bench raster)")
    for args in (["real/elev.tif"], ["real/srtm90_crop_cog.tif"], ["real/L7_ETMs.tif", "--crs", "EPSG:4326"],
                 ["ndvi", "--crs", "EPSG:3857"]):
        path = args[0] if args[0] == "ndvi" else os.path.join(FIX, os.path.basename(args[0]))
        out = subprocess.run([BIN, "bench", "raster", path] + args[1:], capture_output=True, text=True, check=True).stdout.strip()
        print(f"   {args[0]} {' '.join(args[1:])}: {out}")

    # 2. identify from standard input vs gdallocationinfo
    raster = os.path.join(FIX, "srtm90_crop_cog.tif")
    gt_text = subprocess.run(["/usr/bin/python3", "-c",
        "import sys; from osgeo import gdal; d=gdal.Open(sys.argv[1]); print(*d.GetGeoTransform(), d.RasterXSize, d.RasterYSize)",
        raster], capture_output=True, text=True, check=True).stdout.split()
    gt, w, h = [float(v) for v in gt_text[:6]], int(gt_text[6]), int(gt_text[7])
    rng = random.Random(11)
    pts = os.path.join(OUT, "identify_points.txt")
    with open(pts, "w") as f:
        for _ in range(a.points):
            p, l = rng.uniform(0, w), rng.uniform(0, h)
            f.write(f"{gt[0] + p * gt[1] + l * gt[2]:.7f} {gt[3] + p * gt[4] + l * gt[5]:.7f}\n")
    print(f"\n2. {a.points:,} points from standard input, {os.path.basename(raster)} (best of 3, whole programs)")
    tg, rg = best(3, [BIN, "identify", raster], pts)
    td, rd = best(3, ["gdallocationinfo", "-valonly", "-geoloc", raster], pts)
    ours = [line.split()[2] if len(line.split()) > 2 else "" for line in rg.stdout.decode().splitlines()]
    theirs = rd.stdout.decode().splitlines()
    same = sum(1 for x, y in zip(ours, theirs) if x == y)
    print(f"   graticule identify      {tg:8.3f} s  ({a.points / tg:,.0f} points/s)")
    print(f"   gdallocationinfo        {td:8.3f} s  ({a.points / td:,.0f} points/s)")
    print(f"   ratio {td / tg:.1f}×; values equal on {same:,} of {len(theirs):,} lines")

    # 3. Deflate tiled Float32 decode
    print("\n3. decoding a Deflate tiled Float32 GeoTIFF (3600 × 2400, 256² tiles), best of 5")
    for pred in ("1", "3"):
        f32 = os.path.join(OUT, f"decode_f32_deflate_pred{pred}.tif")
        if not os.path.exists(f32):
            subprocess.run(["gdal_translate", "-q", "-ot", "Float32", "-outsize", "400%", "400%", "-r", "nearest",
                            "-co", "TILED=YES", "-co", "BLOCKXSIZE=256", "-co", "BLOCKYSIZE=256",
                            "-co", "COMPRESS=DEFLATE", "-co", f"PREDICTOR={pred}", raster, f32], check=True)
        ours = subprocess.run([BIN, "bench", "raster", f32, "--decode", "--repeat", "5"], capture_output=True, text=True,
                              check=True).stdout.strip()
        t_ours = float(ours.split()[2])
        gdal = subprocess.run(["/usr/bin/python3", "-c", """
import sys, time
from osgeo import gdal
best = 1e9
for _ in range(5):
    t0 = time.perf_counter()
    ds = gdal.Open(sys.argv[1]); data = ds.GetRasterBand(1).ReadRaster(); ds = None
    best = min(best, time.perf_counter() - t0)
print(best)
""", f32], capture_output=True, text=True, check=True).stdout.strip()
        t_gdal = float(gdal)
        mb = os.path.getsize(f32) / 1e6
        print(f"   predictor {pred} ({mb:.1f} MB file): graticule {t_ours:.4f} s, GDAL {t_gdal:.4f} s, "
              f"GDAL/Graticule {t_gdal / t_ours:.2f}×")

if __name__ == "__main__":
    main()
