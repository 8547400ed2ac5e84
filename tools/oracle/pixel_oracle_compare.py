#!/usr/bin/env python3
"""Side by side: Graticule's `graticule render` and MapServer 8's `map2img`, scored by the pixel
oracle (tools/oracle/pixel_oracle.py) on the same map: Natural Earth countries (the Shapefile
`graticule convert countries110|countries10m` writes), the same size (1000 × 500) and the same
extent (outer pixel edges; `pixel_oracle.py extent`: the map's bounding box padded 2% and
widened to 2:1) in each of the eleven world spatial references of the design.

MapServer: Debian bookworm mapserver-bin 8.0.0 (AGG), mapfile from tools/mapserver/countries.map.in,
the layer's CRS EPSG:4326, the map's CRS as PROJ's own string for it (pyproj 3.7.2); it has no
Berghaus Star or Fuller (PROJ 9 has neither), so those rows read "cannot draw".

Usage: GRATICULE=.build/release/graticule python3 tools/oracle/pixel_oracle_compare.py
           [--data 110m|10m] [--srs CODE,CODE…] [--work DIR] [--json out.json]
"""
import argparse, json, os, subprocess, sys, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pixel_oracle as po  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
TEMPLATE = os.path.join(HERE, "..", "mapserver", "countries.map.in")
FILL = (232, 228, 216)  # MapStyle.standard.countryFill (#e8e4d8)
BACKGROUNDS = [(255, 255, 255), (221, 238, 255)]  # background, sphere (#ddeeff)


def mapserver_crs(code):
    if code.upper().startswith("EPSG:"):
        return "init=epsg:" + code.split(":")[1]
    from pyproj import CRS
    import warnings
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return CRS(code).to_proj4()


def render_mapserver(code, extent, width, height, shp, out, mapfile):
    x0, y0, x1, y1 = extent
    cx, cy = (x1 - x0) / width / 2, (y1 - y0) / height / 2
    text = open(TEMPLATE).read()
    for k, v in {"@WIDTH@": str(width), "@HEIGHT@": str(height), "@CRS@": mapserver_crs(code),
                 "@EXTENT@": f"{x0 + cx!r} {y0 + cy!r} {x1 - cx!r} {y1 - cy!r}", "@DATA@": os.path.abspath(shp)}.items():
        text = text.replace(k, v)
    with open(mapfile, "w") as f:
        f.write(text)
    if os.path.exists(out):
        os.remove(out)
    p = subprocess.run(["map2img", "-m", mapfile, "-o", out], capture_output=True)
    return os.path.exists(out) and p.returncode == 0, p.stderr.decode(errors="replace").strip()


def render_ours(code, extent, width, height, data, out):
    if os.path.exists(out):
        os.remove(out)
    layer = "countries110" if data == "110m" else "countries10m"
    cmd = [po.GRATICULE, "render", "--crs", code, f"--extent={','.join(repr(v) for v in extent)}",
           "--width", str(width), "--height", str(height), "--layers", layer, "--format", "png",
           "--output", out]
    p = subprocess.run(cmd, capture_output=True)
    return os.path.exists(out) and p.returncode == 0, p.stderr.decode(errors="replace").strip()


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", default="110m", choices=["110m", "10m"])
    ap.add_argument("--srs", default=",".join(po.WORLD_SRS))
    ap.add_argument("--width", type=int, default=1000)
    ap.add_argument("--height", type=int, default=500)
    ap.add_argument("--work", default="/tmp/graticule-pixel-oracle")
    ap.add_argument("--json")
    ap.add_argument("--margin", type=int, default=0, help="grow the excluded boundary pixels by this many pixels "
                    "(1 when Graticule draws its default 0.5 px country borders, which can tint a neighbouring pixel)")
    a = ap.parse_args()
    os.makedirs(a.work, exist_ok=True)
    shp = os.path.join(a.work, f"ne{a.data}.shp")
    if not os.path.exists(shp):
        subprocess.run([po.GRATICULE, "convert", "countries110" if a.data == "110m" else "countries10m", shp], check=True)
    rows = []
    for code in a.srs.split(","):
        t = time.time()
        extent = po.default_extent(code, a.width, a.height)
        expected = po.expected_mask(code, extent, a.width, a.height, shp, a.margin)
        row = {"crs": code, "name": po.WORLD_SRS.get(code, ("",))[0], "extent": extent,
               "oracle": "Graticule inverse (graticule project)" if code.upper() in po.PROJ_CANNOT else "PROJ inverse (pyproj 3.7.2)"}
        for who, fn in (("graticule", lambda o: render_ours(code, extent, a.width, a.height, a.data, o)),
                        ("mapserver", lambda o: render_mapserver(code, extent, a.width, a.height, shp, o,
                                                                 os.path.join(a.work, f"{code.replace(':', '_')}.map")))):
            out = os.path.join(a.work, f"{who}-{code.replace(':', '_')}-{a.data}.png")
            if who == "mapserver" and code.upper() in po.PROJ_CANNOT:
                row[who] = {"error": "cannot draw (no such projection in PROJ)"}
                continue
            ok, err = fn(out)
            if not ok:
                row[who] = {"error": err.splitlines()[-1] if err else "no image"}
                continue
            row[who] = po.score(expected, po.rendered_filled(out, [FILL], BACKGROUNDS))
        row["seconds"] = round(time.time() - t, 1)
        rows.append(row)
        print(json.dumps(row), file=sys.stderr)

    def cell(r):
        if "error" in r:
            return r["error"][:38]
        return f"{100 * r['score']:.3f}% ({r['pixels'] - r['right']} wrong)"

    print(f"\nPixel oracle, Natural Earth {a.data}, {a.width} × {a.height} (share of pixels not cut by a boundary "
          "or the map outline whose fill is right)\n")
    print(f"| {'spatial reference':<46} | {'Graticule':<26} | {'MapServer 8.0.0 map2img':<40} |")
    print(f"| {'-' * 46} | {'-' * 26} | {'-' * 40} |")
    for r in rows:
        print(f"| {r['crs'] + ' ' + r['name']:<46} | {cell(r['graticule']):<26} | {cell(r['mapserver']):<40} |")
    if a.json:
        with open(a.json, "w") as f:
            json.dump(rows, f, indent=1)


if __name__ == "__main__":
    main()
