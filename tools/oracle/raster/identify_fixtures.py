#!/usr/bin/env python3
"""Expected identify results for every raster test file, from GDAL's gdallocationinfo.

    python3 tools/oracle/raster/identify_fixtures.py

For each GeoTIFF under Tests/GraticuleRasterTests/Fixtures/rasters/{real,matrix}:
  * 2,000 random points in the raster's own coordinates (5 % margin around the raster, so about
    a tenth fall outside) plus 48 points exactly on cell corners, and
  * 300 random longitude/latitude points over the raster (for files with a spatial reference),
are fed to `gdallocationinfo -xml -geoloc FILE` (resp. `-wgs84`) on standard input; its pixel,
line and band values are recorded. Coordinates are written rounded to about 1e-4 of a cell, and
the rounded text is what both GDAL and the tests read.

Files whose expected tables are identical (the lossless variants of one seed) share one table:
the table is kept once, with the list of the files gdallocationinfo gave it for. Every file is
still run through gdallocationinfo and compared, so each file's expectations come from GDAL on
that file. Lossy (JPEG, WEBP) and unsupported-codec (LZMA, LERC) files are recorded too: the
tests check that Graticule reports them as unsupported.

Int8 files (written by GDAL 3.10, read by GDAL 3.6 as Byte with PIXELTYPE=SIGNEDBYTE): the cells
are gdallocationinfo's, the values rasterio 1.4.4's (GDAL 3.10.3).

Also written: `info.json`, what `gdalinfo -json` says about each file (size, geotransform,
bands, block size, nodata, scale/offset, descriptions, overviews, compression, CRS as WKT2) and,
for files with an internal mask, the mask value at each point (rasterio's dataset_mask).

Needs gdal-bin 3.6.2 and rasterio 1.4.4 (mask values only).
"""
import hashlib, json, math, os, random, subprocess, sys, xml.etree.ElementTree as ET

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
BASE = os.path.join(ROOT, "Tests", "GraticuleRasterTests", "Fixtures", "rasters")
OUT = os.path.join(BASE, "identify")
N_RANDOM, N_WGS84 = 2000, 300

def gdal_version():
    return subprocess.run(["gdalinfo", "--version"], capture_output=True, text=True, check=True).stdout.strip()

def info(path):
    r = subprocess.run(["gdalinfo", "-json", path], capture_output=True, text=True,
                       env=dict(os.environ, GDAL_PAM_ENABLED="NO"))
    return json.loads(r.stdout) if r.returncode == 0 else None

EXACT = """
import json, sys
from osgeo import gdal
gdal.SetConfigOption("GDAL_PAM_ENABLED", "NO")
out = {}
for path in sys.argv[1:]:
    ds = gdal.Open(path)
    out[path] = {"geoTransform": [repr(v) for v in ds.GetGeoTransform(can_return_null=True) or []],
                 "noData": [repr(ds.GetRasterBand(b + 1).GetNoDataValue()) for b in range(ds.RasterCount)]}
print(json.dumps(out))
"""

def exact_values(paths):
    """Geotransforms and nodata values to the last bit (gdalinfo -json rounds them), read with
    Debian's python3-gdal (the same GDAL 3.6.2), which only Debian's /usr/bin/python3 imports."""
    r = subprocess.run(["/usr/bin/python3", "-c", EXACT, *paths], capture_output=True, text=True, check=True)
    return json.loads(r.stdout)

def decimals_for(step):
    return max(0, int(math.ceil(-math.log10(abs(step)))) + 4) if step else 6

def locate(path, points, wgs84=False):
    text = "".join(f"{x} {y}\n" for x, y in points)
    args = ["gdallocationinfo", "-xml", "-wgs84" if wgs84 else "-geoloc", path]
    r = subprocess.run(args, input=text, capture_output=True, text=True,
                       env=dict(os.environ, GDAL_PAM_ENABLED="NO"))
    root = ET.fromstring("<R>" + r.stdout + "</R>")
    rows = []
    for rep in root.findall("Report"):
        if rep.find("Alert") is not None or rep.get("pixel") is None:
            rows.append(None)
            continue
        values = []
        ok = True
        for b in rep.findall("BandReport"):
            v = b.find("Value")
            if v is None:
                ok = False
                break
            values.append(v.text.strip())
        rows.append((int(rep.get("pixel")), int(rep.get("line")), values) if ok else ("error",))
    if len(rows) != len(points):
        raise SystemExit(f"{path}: {len(rows)} reports for {len(points)} points; stderr: {r.stderr[:300]}")
    return rows, r.stderr.strip()

def signed_values(path, rows):
    """GDAL 3.6 has no Int8 type: it reads an Int8 file as Byte (PIXELTYPE=SIGNEDBYTE) and
    gdallocationinfo prints the bytes unsigned. The cells gdallocationinfo chose are kept; their
    values are read with rasterio 1.4.4 (GDAL 3.10.3), which reads Int8."""
    import rasterio
    with rasterio.open(path) as ds:
        a = ds.read()
    return [r if r is None or r[0] == "error" else (r[0], r[1], [str(int(a[b, r[1], r[0]])) for b in range(a.shape[0])])
            for r in rows]

def table_text(points, rows):
    lines = []
    for (x, y), row in zip(points, rows):
        if row is None:
            lines.append(f"{x} {y} - -")
        elif row[0] == "error":
            lines.append(f"{x} {y} error")
        else:
            lines.append(f"{x} {y} {row[0]} {row[1]} " + " ".join(row[2]))
    return "\n".join(lines) + "\n"

def main():
    version = gdal_version()
    os.makedirs(OUT, exist_ok=True)
    for f in os.listdir(OUT):
        os.remove(os.path.join(OUT, f))
    files = []
    for sub in ("real", "matrix"):
        for f in sorted(os.listdir(os.path.join(BASE, sub))):
            if f.endswith(".tif"):
                files.append(f"{sub}/{f}")
    tables = {}   # hash -> (name, text, [files])
    infos = {}
    masks = {}
    for rel in files:
        path = os.path.join(BASE, rel)
        meta = info(path)
        infos[rel] = meta
        if meta is None:
            continue
        w, h = meta["size"]
        gt = meta.get("geoTransform", [0, 1, 0, 0, 0, 1])
        rng = random.Random(f"{w}x{h} {gt}")  # one point set per grid: lossless variants share tables
        d = decimals_for(min(abs(v) for v in (gt[1], gt[2], gt[4], gt[5]) if v) if any((gt[1], gt[2], gt[4], gt[5])) else 1)
        pts = []
        for _ in range(N_RANDOM):
            p, l = rng.uniform(-0.05 * w, 1.05 * w), rng.uniform(-0.05 * h, 1.05 * h)
            pts.append((round(gt[0] + p * gt[1] + l * gt[2], d), round(gt[3] + p * gt[4] + l * gt[5], d)))
        for _ in range(48):  # cell corners, computed in double as GDAL's forward transform does
            p, l = rng.randint(0, w), rng.randint(0, h)
            pts.append((gt[0] + p * gt[1] + l * gt[2], gt[3] + p * gt[4] + l * gt[5]))
        rows, err = locate(path, pts)
        signed_byte = any(b.get("metadata", {}).get("IMAGE_STRUCTURE", {}).get("PIXELTYPE") == "SIGNEDBYTE"
                          for b in meta.get("bands", []))
        if signed_byte:
            rows = signed_values(path, rows)
        kinds = [("own", pts, rows)]
        if meta.get("coordinateSystem", {}).get("wkt") and "wgs84Extent" in meta:
            ring = meta["wgs84Extent"]["coordinates"][0]
            lons, lats = [c[0] for c in ring], [c[1] for c in ring]
            x0, x1, y0, y1 = min(lons), max(lons), min(lats), max(lats)
            mx, my = 0.05 * (x1 - x0), 0.05 * (y1 - y0)
            gpts = [(round(rng.uniform(x0 - mx, x1 + mx), 8), round(rng.uniform(y0 - my, y1 + my), 8)) for _ in range(N_WGS84)]
            grows, _ = locate(path, gpts, wgs84=True)
            if signed_byte:
                grows = signed_values(path, grows)
            kinds.append(("wgs84", gpts, grows))
        for kind, p, r in kinds:
            text = table_text(p, r)
            key = hashlib.sha256((kind + text).encode()).hexdigest()
            if key not in tables:
                name = os.path.splitext(os.path.basename(rel))[0] + ("" if kind == "own" else "_wgs84")
                tables[key] = (name, kind, text, [])
            tables[key][3].append(rel)
        if any(b.get("mask", {}).get("flags") == ["PER_DATASET"] for b in meta.get("bands", [])):
            import rasterio
            with rasterio.open(path) as ds:
                m = ds.dataset_mask()
            masks[rel] = ["" if r is None or r[0] == "error" else str(int(m[r[1], r[0]] != 0)) for r in rows]
        print(f"{rel}: {sum(r is not None for r in rows)} inside of {len(rows)}" + (f" ({err[:80]})" if err else ""))
    index = []
    for key, (name, kind, text, rels) in sorted(tables.items(), key=lambda kv: kv[1][0]):
        fname = f"{name}.txt"
        n = 2
        while os.path.exists(os.path.join(OUT, fname)):
            fname = f"{name}_{n}.txt"; n += 1
        with open(os.path.join(OUT, fname), "w") as fh:
            fh.write(f"# gdallocationinfo -xml {'-wgs84' if kind == 'wgs84' else '-geoloc'} ({version}); "
                     f"generated by tools/oracle/raster/identify_fixtures.py\n")
            fh.write("# files: " + " ".join(rels) + "\n")
            if "int8" in name:
                fh.write("# values: rasterio 1.4.4 (GDAL 3.10.3) at gdallocationinfo's cells (GDAL 3.6 reads Int8 as Byte)\n")
            fh.write("# x y pixel line value… ('- -' outside the raster)\n")
            fh.write(text)
        index.append({"table": fname, "kind": kind, "files": rels})
    with open(os.path.join(OUT, "index.json"), "w") as fh:
        json.dump({"generator": f"tools/oracle/raster/identify_fixtures.py, {version}", "tables": index,
                   "masks": masks}, fh, indent=1)
    exact = exact_values([os.path.join(BASE, rel) for rel in infos if infos[rel] is not None])
    keep = {}
    for rel, m in infos.items():
        if m is None:
            keep[rel] = None
            continue
        e = exact[os.path.join(BASE, rel)]
        for b, nd in zip(m.get("bands", []), e["noData"]):
            if nd != "None":
                b["noDataValue"] = nd  # repr text: 'nan', '-32768.0', '-3.4028230607370965e+38'
        keep[rel] = {
            # as text: Foundation's JSON parser does not round every double correctly
            "size": m["size"], "geoTransform": e["geoTransform"] or None,
            "wkt": m.get("coordinateSystem", {}).get("wkt"),
            "metadata": m.get("metadata", {}).get("", {}),
            "imageStructure": m.get("metadata", {}).get("IMAGE_STRUCTURE", {}),
            "bands": [{k: b.get(k) for k in ("band", "block", "type", "noDataValue", "description", "scale", "offset",
                                              "colorInterpretation", "overviews", "mask")} | {
                          "colorTable": len(b["colorTable"]["entries"]) if "colorTable" in b else None}
                      for b in m.get("bands", [])],
        }
    with open(os.path.join(BASE, "info.json"), "w") as fh:
        json.dump({"generator": f"gdalinfo -json ({version}); tools/oracle/raster/identify_fixtures.py", "files": keep},
                  fh, indent=1, sort_keys=True)
    total = sum(os.path.getsize(os.path.join(OUT, f)) for f in os.listdir(OUT))
    print(f"{len(index)} tables, {total} bytes")

if __name__ == "__main__":
    main()
