#!/usr/bin/env python3
"""Reference images for Graticule's Canvas rasteriser (Tests/GraticuleRenderTests).

Each scene (a list of filled/stroked paths with RGBA colours on a background) is rendered
analytically: the exact area of (shape ∩ pixel square) for every pixel, from shapely/GEOS
(non-zero regions built as valid polygons; strokes as `buffer(width/2, cap_style="flat",
join_style="mitre", mitre_limit=4)`, the SVG miter rule), then Porter–Duff source-over in float
on non-premultiplied RGBA, rounded to 8 bits. The scene description and the raw RGBA bytes are
written to Tests/GraticuleRenderTests/Fixtures/canvas/; the Swift test draws the same scenes with
Canvas and compares within ±2/255 per channel on ≥ 99.9% of the pixels.

References tried and rejected: aggdraw 1.4.1 grows every filled shape by about ¼ px (an edge at
x = 10.3 gets 95% coverage in column 10 instead of 70%); cairo 1.16.0's image backend samples
coverage on a sub-pixel grid (off by up to 12/255 on sloped edges; exact on axis-aligned ones).

Pinned: pip install shapely==2.2.0 numpy   (python 3.11)
Run:    python3 tools/oracle/pixel_oracle_canvas_reference.py
"""
import json, math, os, sys
import numpy as np
import shapely
from shapely.geometry import LinearRing, LineString, Polygon, box
from shapely.ops import unary_union

OUT = os.path.join(os.path.dirname(__file__), "..", "..", "Tests", "GraticuleRenderTests", "Fixtures", "canvas")
W, H = 96, 96


def circle(cx, cy, r, n=96, start=0.0):
    return [(cx + r * math.cos(start + 2 * math.pi * k / n), cy + r * math.sin(start + 2 * math.pi * k / n)) for k in range(n)]


def star(cx, cy, r, points=5):
    # A self-overlapping pentagram (every second vertex): its centre has winding 2.
    return [(cx + r * math.sin(4 * math.pi * k / points), cy - r * math.cos(4 * math.pi * k / points)) for k in range(points)]


def star_outline(cx, cy, r, points=5):
    # The pentagram's non-zero region: the 10-vertex star, inner radius r·cos 72° / cos 36°.
    ri = r * math.cos(2 * math.pi / 5) / math.cos(math.pi / 5)
    return Polygon([(cx + (r if k % 2 == 0 else ri) * math.sin(math.pi * k / points),
                     cy - (r if k % 2 == 0 else ri) * math.cos(math.pi * k / points)) for k in range(2 * points)])


def coast(cx, cy, r, n, seed):
    """A closed ring of n vertices at radii jittered around r: short edges, many sharp turns."""
    rng = np.random.default_rng(seed)
    radii = r * (0.75 + 0.25 * rng.random(n)) + 2.5 * rng.standard_normal(n).clip(-2, 2)
    return [(round(cx + radii[k] * math.cos(2 * math.pi * k / n), 4), round(cy + radii[k] * math.sin(2 * math.pi * k / n), 4)) for k in range(n)]


def zigzag(x0, y0, n, seed):
    """An open polyline going right in steps of 0.4 … 5 px, turning by up to ±175°."""
    rng = np.random.default_rng(seed)
    pts, heading = [(x0, y0)], 0.0
    for _ in range(n):
        heading = (heading + rng.uniform(-3.05, 3.05)) * 0.5
        step = rng.uniform(0.4, 5.0)
        x, y = pts[-1]
        pts.append((round(x + step * math.cos(heading), 4), round(y + step * math.sin(heading), 4)))
    return pts


def spiky(cx, cy, r, n, seed):
    """A closed ring whose every third vertex is a spike (a near-reversal of direction)."""
    rng = np.random.default_rng(seed)
    out = []
    for k in range(n):
        rr = r * (1.6 if k % 3 == 0 else 0.8 + 0.2 * rng.random())
        a = 2 * math.pi * k / n
        out.append((round(cx + rr * math.cos(a), 4), round(cy + rr * math.sin(a), 4)))
    return out


SCENES = {
    # Fractional-edged rectangle and a slanted triangle, opaque.
    "polygons": {"background": [255, 255, 255, 255], "ops": [
        {"op": "fill", "color": [20, 90, 200, 255], "subpaths": [[(10.3, 12.7), (60.6, 12.7), (60.6, 40.2), (10.3, 40.2)]]},
        {"op": "fill", "color": [200, 40, 40, 255], "subpaths": [[(5.5, 90.25), (47.9, 50.1), (91.3, 80.8)]]},
    ]},
    # Circles (many-sided polygons) with alpha over each other.
    "circles": {"background": [250, 250, 240, 255], "ops": [
        {"op": "fill", "color": [0, 120, 0, 255], "subpaths": [circle(40.2, 44.7, 30.3)]},
        {"op": "fill", "color": [220, 30, 160, 128], "subpaths": [circle(60.9, 52.1, 25.55, 64, 0.3)]},
    ]},
    # Non-zero winding: pentagram centre filled; a square with an opposite-wound hole; same-wound
    # overlapping squares stay one colour.
    "winding": {"background": [255, 255, 255, 255], "ops": [
        {"op": "fill", "color": [30, 30, 30, 255], "subpaths": [star(30.5, 32.25, 26.7)], "region": star_outline(30.5, 32.25, 26.7)},
        {"op": "fill", "color": [0, 80, 160, 255], "subpaths": [
            [(55.2, 50.5), (92.4, 50.5), (92.4, 92.6), (55.2, 92.6)],
            [(64.7, 60.3), (64.7, 80.9), (82.1, 80.9), (82.1, 60.3)]]},
        {"op": "fill", "color": [160, 60, 0, 200], "subpaths": [
            [(4.5, 60.5), (34.5, 60.5), (34.5, 90.5), (4.5, 90.5)],
            [(20.25, 70.75), (45.75, 70.75), (45.75, 94.25), (20.25, 94.25)]]},
    ]},
    # Shapes reaching past every canvas edge (exact clipping).
    "clipped": {"background": [240, 240, 255, 255], "ops": [
        {"op": "fill", "color": [60, 60, 200, 255], "subpaths": [[(-30.4, 20.3), (50.7, -12.2), (130.1, 70.9), (40.6, 140.4)]]},
        {"op": "fill", "color": [250, 200, 0, 160], "subpaths": [circle(96.0, 0.0, 40.5)]},
    ]},
    # Strokes: open polylines with miter joins (angles under the limit), a closed triangle,
    # a thin line.
    "strokes": {"background": [255, 255, 255, 255], "ops": [
        {"op": "stroke", "color": [0, 0, 0, 255], "width": 3.0, "subpaths": [[(8.5, 10.2), (50.3, 14.7), (88.9, 40.1)]]},
        {"op": "stroke", "color": [200, 0, 0, 255], "width": 4.5, "closed": True, "subpaths": [[(15.2, 50.3), (70.8, 55.9), (40.1, 88.4)]]},
        {"op": "stroke", "color": [0, 100, 0, 255], "width": 1.0, "subpaths": [[(5.0, 30.5), (90.0, 34.25)]]},
    ]},
    # Thin strokes as a map draws them: a jagged coastline-like ring filled and outlined 0.5 px
    # wide, an open zig-zag 1 px wide with turns past the miter limit (bevels) and hairpins, and a
    # ring with spikes (near-reversals) 0.75 px wide.
    "thin-strokes": {"background": [221, 238, 255, 255], "ops": [
        {"op": "fill", "color": [232, 228, 216, 255], "subpaths": [coast(48.3, 30.1, 24.6, 160, seed=7)]},
        {"op": "stroke", "color": [102, 102, 102, 255], "width": 0.5, "closed": True, "pieces": True, "subpaths": [coast(48.3, 30.1, 24.6, 160, seed=7)]},
        {"op": "stroke", "color": [20, 20, 120, 255], "width": 1.0, "pieces": True, "subpaths": [zigzag(4.2, 62.7, 40, seed=3)]},
        {"op": "stroke", "color": [150, 30, 30, 220], "width": 0.75, "closed": True, "pieces": True, "subpaths": [spiky(70.4, 75.3, 16.2, 48, seed=5)]},
    ]},
}


def stroke_pieces(sub, width, closed, limit=4.0):
    """A stroke by its definition (SVG, butt caps): the union of one rectangle per edge and, at
    every vertex between two edges, the miter join (a bevel beyond the miter limit)."""
    hw = width / 2
    pts = [p for i, p in enumerate(sub) if i == 0 or p != sub[i - 1]]
    if closed and pts[0] == pts[-1]:
        pts.pop()
    n = len(pts)
    edges = [(pts[i], pts[(i + 1) % n]) for i in range(n if closed else n - 1)]
    pieces = []
    for (ax, ay), (bx, by) in edges:
        length = math.hypot(bx - ax, by - ay)
        nx, ny = -(by - ay) / length * hw, (bx - ax) / length * hw
        pieces.append(Polygon([(ax + nx, ay + ny), (bx + nx, by + ny), (bx - nx, by - ny), (ax - nx, ay - ny)]))
    joins = range(n) if closed else range(1, n - 1)
    for v in joins:
        (px, py), (vx, vy), (qx, qy) = pts[v - 1], pts[v], pts[(v + 1) % n]
        l1, l2 = math.hypot(vx - px, vy - py), math.hypot(qx - vx, qy - vy)
        d1x, d1y, d2x, d2y = (vx - px) / l1, (vy - py) / l1, (qx - vx) / l2, (qy - vy) / l2
        cross, dot = d1x * d2y - d1y * d2x, d1x * d2x + d1y * d2y
        if abs(cross) < 1e-12:
            continue
        side = -1.0 if cross > 0 else 1.0  # the outer side of the turn
        ax, ay = vx - d1y * hw * side, vy + d1x * hw * side
        bx, by = vx - d2y * hw * side, vy + d2x * hw * side
        if 1 + dot > 1e-12 and 2 / (1 + dot) <= limit * limit:
            k = 1 / (1 + dot)
            mx, my = vx + (ax - vx + bx - vx) * k, vy + (ay - vy + by - vy) * k
            pieces.append(Polygon([(vx, vy), (ax, ay), (mx, my), (bx, by)]).buffer(0))
        else:
            pieces.append(Polygon([(vx, vy), (ax, ay), (bx, by)]).buffer(0))
    return unary_union(pieces)


def region(op):
    """The exact region an op paints, as a valid shapely geometry."""
    if "region" in op:
        return op["region"]
    subs = op["subpaths"]
    if op["op"] == "stroke" and op.get("pieces"):
        return unary_union([stroke_pieces(sub, op["width"], op.get("closed", False)) for sub in subs])
    if op["op"] == "stroke":
        lines = [LinearRing(sub) if op.get("closed") else LineString(sub) for sub in subs]
        return unary_union([l.buffer(op["width"] / 2, cap_style="flat", join_style="mitre", mitre_limit=4.0) for l in lines])
    if len(subs) == 2 and Polygon(subs[0]).contains(Polygon(subs[1])):
        return Polygon(subs[0], [subs[1]])  # an opposite-wound hole
    return unary_union([Polygon(sub) for sub in subs])  # same-wound parts: their union


def draw(scene):
    img = np.zeros((H, W, 4))
    img[:, :] = np.array(scene["background"], dtype=float) / 255
    boxes = np.array([[box(x, y, x + 1, y + 1) for x in range(W)] for y in range(H)])
    for op in scene["ops"]:
        cov = shapely.area(shapely.intersection(boxes, region(op)))
        src = np.array(op["color"], dtype=float) / 255
        sa = src[3] * cov
        da = img[:, :, 3]
        keep = da * (1 - sa)
        oa = sa + keep
        with np.errstate(invalid="ignore", divide="ignore"):
            for ch in range(3):
                img[:, :, ch] = np.where(oa > 0, (src[ch] * sa + img[:, :, ch] * keep) / oa, 0)
        img[:, :, 3] = oa
    return np.clip(np.floor(img * 255 + 0.5), 0, 255).astype(np.uint8).tobytes()


def main():
    os.makedirs(OUT, exist_ok=True)
    index = {"generator": "tools/oracle/pixel_oracle_canvas_reference.py",
             "reference": f"exact pixel coverage by shapely {shapely.__version__} (GEOS {shapely.geos_version_string}), numpy {np.__version__}, Python {sys.version.split()[0]}",
             "width": W, "height": H, "scenes": []}
    for name, scene in SCENES.items():
        rgba = draw(scene)
        with open(os.path.join(OUT, name + ".rgba"), "wb") as f:
            f.write(rgba)
        index["scenes"].append({"name": name, "background": scene["background"],
                                "ops": [{**{k: v for k, v in op.items() if k not in ("region", "pieces")}, "subpaths": [[[round(x, 6), round(y, 6)] for x, y in sub] for sub in op["subpaths"]]}
                                        for op in scene["ops"]]})
    with open(os.path.join(OUT, "scenes.json"), "w") as f:
        json.dump(index, f, indent=1)
    print("wrote", len(SCENES), "scenes to", os.path.normpath(OUT))


if __name__ == "__main__":
    main()
