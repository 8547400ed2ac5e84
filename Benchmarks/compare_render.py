#!/usr/bin/env python3
"""Whole-program map rendering: `graticule render` of a 1024 × 512 PNG of the Natural Earth
1:110m countries beside MapServer 8's `map2img` drawing the same map (same Shapefile, written by
`graticule convert countries110`, same size and extent, countries filled with a 0.5 px border,
anti-aliased, PNG), timed in one hyperfine run per spatial reference; prints the ratio of wall
times and, because a shared machine's load inflates wall times, of CPU times (user + system).

Usage: python3 Benchmarks/compare_render.py [.build/release/graticule] [runs]
Needs: hyperfine, map2img (Debian mapserver-bin 8.0.0), pyproj 3.7.2 (extents, MapServer CRS).
"""
import json, os, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "tools", "oracle"))
import pixel_oracle as po  # noqa: E402
from pixel_oracle_compare import mapserver_crs  # noqa: E402

GRATICULE = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "..", ".build", "release", "graticule")
RUNS = int(sys.argv[2]) if len(sys.argv) > 2 else 20
W, H = 1024, 512
SRS = ["EPSG:4326", "EPSG:3857", "ESRI:54052", "ESRI:102038"]


def main():
    po.GRATICULE = os.path.abspath(GRATICULE)
    work = tempfile.mkdtemp(prefix="graticule-render-bench-")
    shp = os.path.join(work, "ne110.shp")
    subprocess.run([po.GRATICULE, "convert", "countries110", shp], check=True)
    template = open(os.path.join(HERE, "..", "tools", "mapserver", "bench.map.in")).read()
    rows = []
    for code in SRS:
        extent = po.default_extent(code, W, H)
        x0, y0, x1, y1 = extent
        hx, hy = (x1 - x0) / W / 2, (y1 - y0) / H / 2  # MapServer's EXTENT: centres of edge pixels
        mapfile = os.path.join(work, code.replace(":", "_") + ".map")
        text = template
        for k, v in {"@WIDTH@": str(W), "@HEIGHT@": str(H), "@CRS@": mapserver_crs(code), "@DATA@": shp,
                     "@EXTENT@": f"{x0 + hx!r} {y0 + hy!r} {x1 - hx!r} {y1 - hy!r}"}.items():
            text = text.replace(k, v)
        open(mapfile, "w").write(text)
        ours = (f"{po.GRATICULE} render --crs {code} --extent={','.join(repr(v) for v in extent)} "
                f"--width {W} --height {H} --layers countries110 --format png --output {work}/ours.png")
        theirs = f"map2img -m {mapfile} -o {work}/mapserver.png"
        out = os.path.join(work, "hf.json")
        subprocess.run(["hyperfine", "-N", "--warmup", "3", "--runs", str(RUNS), "--export-json", out,
                        "-n", "graticule render", ours, "-n", "map2img", theirs], check=True,
                       stdout=subprocess.DEVNULL)
        res = {r["command"]: r for r in json.load(open(out))["results"]}
        g, m = res["graticule render"], res["map2img"]
        gc, mc = g["user"] + g["system"], m["user"] + m["system"]
        rows.append((code, g["mean"], g["stddev"], m["mean"], m["stddev"], m["mean"] / g["mean"], gc, mc, mc / gc,
                     os.path.getsize(f"{work}/ours.png"), os.path.getsize(f"{work}/mapserver.png")))
    load = os.getloadavg()[0]
    print(f"\n1024 × 512 PNG of Natural Earth 110m countries, whole programs, hyperfine {RUNS} runs "
          f"(wall: mean ± sd; CPU: mean user + system); 1-minute load average at the end {load:.1f}\n")
    print("| spatial reference | graticule render | map2img (MapServer 8.0.0) | map2img / graticule (wall) "
          "| CPU graticule / map2img | ratio (CPU) | PNG bytes (ours / MapServer) |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for code, gm, gs, mm, ms, ratio, gc, mc, cratio, gb, mb in rows:
        print(f"| {code} | {gm * 1e3:.1f} ± {gs * 1e3:.1f} ms | {mm * 1e3:.1f} ± {ms * 1e3:.1f} ms | {ratio:.2f}× "
              f"| {gc * 1e3:.1f} / {mc * 1e3:.1f} ms | {cratio:.2f}× | {gb:,} / {mb:,} |")


if __name__ == "__main__":
    main()
