#!/usr/bin/env python3
"""The rasteriser beside Skia's: the same world map's paths painted by `Canvas` (in process,
`graticule bench render --format png`: the paint stage, best of N) and by Skia's CPU raster
backend (skia-python, best of N), on one 1024 × 512 RGBA canvas each: every country filled and
outlined with a 0.5 px anti-aliased stroke, the sphere filled and outlined, in painting order.

Skia gets the paths as `graticule render --format svg` writes them (pixels, 0.1 px precision),
built once outside the timing; its time is one `clear` and a `drawPath` per fill and per stroke.
Python's cost per `drawPath` call is measured on empty paths and taken off (the "net" column).
Skia's PNG encoder (zlib) is timed too, beside our encode stage.

Usage: python3 Benchmarks/compare_paint.py [--binary PATH] [--repeat N] [--crs A,B,...]
Needs: skia-python (pip install skia-python==144.1).
"""
import argparse, os, re, subprocess, tempfile, time

import skia

HERE = os.path.dirname(os.path.abspath(__file__))


def colour(text):
    if text is None or text == "none":
        return None
    m = re.fullmatch(r"#([0-9a-fA-F]{6})", text)
    if not m:
        raise ValueError(f"colour {text!r}")
    v = int(m.group(1), 16)
    return skia.Color(v >> 16, v >> 8 & 255, v & 255)


def scene(binary, crs, width, height):
    """(skia.Path, fill colour or None, stroke colour or None, stroke width) per SVG path."""
    with tempfile.TemporaryDirectory() as work:
        svg = os.path.join(work, "map.svg")
        subprocess.run([binary, "render", "--crs", crs, "--width", str(width), "--height", str(height),
                        "--layers", "countries110,outline", "--format", "svg", "--output", svg], check=True)
        text = open(svg).read()
    items = []
    for element in re.findall(r"<path [^>]*>", text):
        attributes = dict(re.findall(r'([\w-]+)="([^"]*)"', element))
        path = skia.Path()
        for sub in re.findall(r"M[^MZ]*Z?", attributes["d"]):
            points = [tuple(map(float, p.split(","))) for p in re.findall(r"[-\d.e]+,[-\d.e]+", sub)]
            if not points:
                continue
            path.moveTo(*points[0])
            for p in points[1:]:
                path.lineTo(*p)
            if sub.endswith("Z"):
                path.close()
        items.append((path, colour(attributes.get("fill")), colour(attributes.get("stroke")),
                      float(attributes.get("stroke-width", "0"))))
    return items


def best(f, repeat):
    t = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        f()
        t = min(t, time.perf_counter() - start)
    return t * 1e3


def skia_times(items, width, height, repeat):
    surface = skia.Surface(width, height)
    canvas = surface.getCanvas()
    calls = []
    for path, fill, stroke, sw in items:
        if fill is not None:
            calls.append((path, skia.Paint(AntiAlias=True, Color=fill, Style=skia.Paint.kFill_Style)))
        if stroke is not None and sw > 0:
            calls.append((path, skia.Paint(AntiAlias=True, Color=stroke, Style=skia.Paint.kStroke_Style,
                                           StrokeWidth=sw, StrokeJoin=skia.Paint.kRound_Join)))

    def paint():
        canvas.clear(skia.ColorWHITE)
        for path, p in calls:
            canvas.drawPath(path, p)

    empty = [(skia.Path(), p) for _, p in calls]

    def overhead():
        canvas.clear(skia.ColorWHITE)
        for path, p in empty:
            canvas.drawPath(path, p)

    total = best(paint, repeat)
    calls_only = best(overhead, repeat)
    paint()
    image = surface.makeImageSnapshot()
    png = best(lambda: image.encodeToData(skia.EncodedImageFormat.kPNG, 100), max(5, repeat // 10))
    size = len(bytes(image.encodeToData(skia.EncodedImageFormat.kPNG, 100)))
    return total, calls_only, png, size, len(calls)


def ours(binary, crs, width, height, repeat):
    out = subprocess.run([binary, "bench", "render", "--format", "png", "--crs", crs, "--width", str(width),
                          "--height", str(height), "--repeat", str(repeat)], check=True, capture_output=True,
                         text=True).stdout
    for line in out.splitlines():
        fields = line.split()
        if fields and fields[0] == crs:
            # crs, cold, warm, bytes, scene, paint, encode
            return float(fields[5]), float(fields[6]), int(fields[3])
    raise RuntimeError(f"no row for {crs} in:\n{out}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=os.path.join(HERE, "..", ".build-static", "release", "graticule"))
    parser.add_argument("--repeat", type=int, default=200)
    parser.add_argument("--crs", default="EPSG:4326,EPSG:3857,ESRI:54030,ESRI:102038")
    parser.add_argument("--width", type=int, default=1024)
    parser.add_argument("--height", type=int, default=512)
    a = parser.parse_args()
    binary = os.path.abspath(a.binary)
    print(f"skia-python {skia.__version__} vs graticule bench render; {a.width} × {a.height}, best of {a.repeat}; "
          f"load average {os.getloadavg()[0]:.1f}\n")
    print("| spatial reference | draws | Canvas paint | Skia paint (net of Python calls) | Skia / Canvas "
          "| our PNG | Skia PNG (zlib) | bytes ours / Skia |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for crs in a.crs.split(","):
        items = scene(binary, crs, a.width, a.height)
        total, calls_only, png, size, draws = skia_times(items, a.width, a.height, a.repeat)
        paint, encode, our_bytes = ours(binary, crs, a.width, a.height, a.repeat)
        net = total - calls_only
        print(f"| {crs} | {draws} | {paint:.2f} ms | {total:.2f} ms ({net:.2f}) | {net / paint:.2f}× "
              f"| {encode:.2f} ms | {png:.2f} ms | {our_bytes:,} / {size:,} |")


if __name__ == "__main__":
    main()
