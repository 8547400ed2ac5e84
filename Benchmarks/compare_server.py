#!/usr/bin/env python3
"""Map server throughput, Graticule beside MapServer 8 (Debian cgi-mapserver under lighttpd
FastCGI) on the same data and requests, in one run, with wrk on loopback.

    tools/build-release.sh && python3 Benchmarks/compare_server.py [--duration 10]

Data: the built-in Natural Earth 1:110m countries (exported to a Shapefile with
`graticule convert countries110` for MapServer) and the built-in NDVI raster (the same GeoTIFF file).
Requests (WMS 1.3.0):
  A. GetMap countries, EPSG:4326, whole world, 1024 × 512 PNG           (contract ≥ 10× MapServer)
  A1, A2. The same map over 64 views in turn: pans at one scale, and 64 scales (zooms), each
     against the server started with --no-cache (no image cache; the countries projected per
     scale are reused by the pans, not by the zooms) and against MapServer. Both servers draw
     the 1:110m countries (`countries110`, the same layer as Graticule's `countries`) at every
     scale
  B. GetFeatureInfo on the NDVI raster, one cell                        (contract ≥ 10× MapServer)
  C. GetFeatureInfo on countries (vector)
  D. GetMap NDVI, EPSG:3857, 256 × 256 PNG, through Graticule's NDVI colour ramp on both sides
     (MapServer classes generated from `ColorRamp.ndvi`; the run prints how many pixels of the
     two images agree)
  E. GetMap countries as A, as JPEG (quality 85 on both sides; what GDAL's WMS driver asks for)
  F, G. GetMap of the user's own data: Natural Earth 1:10m exported to a Shapefile (547,488
     vertices), served by Graticule from `--vector-dir` and by MapServer as a shapefile layer;
     the whole world (F) and a 20 x 10 degree view of Europe (G), 1024 x 512 PNG
Each with `wrk -t2 -c8 -d<duration>s` against each server after one warming request that must be
a 200 with the right content type (a request a server cannot answer is reported, not timed).
GetMap is measured twice on Graticule's side: as served (a repeated map comes from the image
cache, as WMS clients and tiled viewers repeat requests) and by a second server started with
`--no-cache`, which draws every image afresh (MapServer has no image cache; its row is the same).
Then the soak: 64 connections for 30 s on a rotation of all requests against Graticule, with the
server's resident memory sampled every second (contract: zero non-2xx, memory flat).
Scratch files go to Benchmarks/results/server/ (not in git).
"""
import argparse, os, re, shutil, signal, socket, subprocess, sys, tempfile, threading, time, urllib.request

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
BIN = os.path.join(ROOT, ".build", "release", "graticule")
OUT = os.path.join(ROOT, "Benchmarks", "results", "server")
NDVI = os.path.join(ROOT, "Sources", "GraticuleRaster", "Resources", "ndvi.tif")

MAPFILE = """MAP
  NAME "graticule_compare"
  EXTENT -180 -90 180 90
  SIZE 1024 512
  UNITS DD
  IMAGECOLOR 255 255 255
  PROJECTION "init=epsg:4326" END
  OUTPUTFORMAT NAME "png" DRIVER "AGG/PNG" MIMETYPE "image/png" IMAGEMODE RGBA EXTENSION "png" END
  OUTPUTFORMAT NAME "jpeg" DRIVER "AGG/JPEG" MIMETYPE "image/jpeg" IMAGEMODE RGB EXTENSION "jpg" FORMATOPTION "QUALITY=85" END
  WEB
    METADATA
      "ows_title" "compare"
      "ows_onlineresource" "http://127.0.0.1:{port}/mapserv?"
      "ows_srs" "EPSG:4326 EPSG:3857 CRS:84"
      "ows_enable_request" "*"
      "wms_feature_info_mime_type" "text/plain"
    END
  END
  LAYER
    NAME "countries"
    TYPE POLYGON
    DATA "{shp}"
    PROJECTION "init=epsg:4326" END
    TEMPLATE "ttt"
    METADATA "wms_title" "countries" "gml_include_items" "all" END
    CLASS STYLE COLOR 230 225 205 OUTLINECOLOR 90 90 90 WIDTH 0.5 END END
  END
  LAYER
    NAME "countries110"
    TYPE POLYGON
    DATA "{shp}"
    PROJECTION "init=epsg:4326" END
    TEMPLATE "ttt"
    METADATA "wms_title" "countries110" "gml_include_items" "all" END
    CLASS STYLE COLOR 230 225 205 OUTLINECOLOR 90 90 90 WIDTH 0.5 END END
  END
  LAYER
    NAME "ne10m"
    TYPE POLYGON
    DATA "{shp10m}"
    PROJECTION "init=epsg:4326" END
    TEMPLATE "ttt"
    METADATA "wms_title" "ne10m" "gml_include_items" "all" END
    CLASS STYLE COLOR 230 225 205 OUTLINECOLOR 90 90 90 WIDTH 0.5 END END
  END
  LAYER
    NAME "ndvi"
    TYPE RASTER
    DATA "{ndvi}"
    PROJECTION "init=epsg:31985" END
    TEMPLATE "ttt"
    PROCESSING "SCALE=-1,1"
    PROCESSING "SCALE_BUCKETS=1024"
{ndvi_classes}
    METADATA "wms_title" "ndvi" "gml_include_items" "all" END
  END
END
"""
RAMP = os.path.join(ROOT, "Sources", "GraticuleRaster", "Color", "ColorRamp.swift")


def ndvi_classes():
    """MapServer classes drawing Graticule's NDVI ramp (`ColorRamp.ndvi`, read from its source):
    one COLORRANGE class per pair of stops, the end colours beyond them. Without them MapServer
    scales the float values to bytes and draws a black square, which costs it far less than the
    ramp. SCALE_BUCKETS=1024 lets MapServer classify 1024 buckets of the range instead of every
    pixel, its fast path; 95 % of its pixels are then within 2 levels of Graticule's."""
    source = open(RAMP).read()
    block = source[source.index("public static let ndvi"):]
    block = block[:block.index("])")]
    stops = [(v, f"{r} {g} {b}") for v, r, g, b in re.findall(r"Stop\(([-0-9.]+), SIMD4\((\d+), (\d+), (\d+), \d+\)\)", block)]
    if len(stops) < 2:
        sys.exit(f"no NDVI ramp found in {RAMP}")
    lines = [f'    CLASS EXPRESSION ([pixel] < {stops[0][0]}) STYLE COLOR {stops[0][1]} END END']
    for (a, ca), (b, cb) in zip(stops, stops[1:]):
        lines.append(f'    CLASS EXPRESSION ([pixel] >= {a} AND [pixel] < {b}) STYLE COLORRANGE {ca} {cb} DATARANGE {a} {b} END END')
    lines.append(f'    CLASS EXPRESSION ([pixel] >= {stops[-1][0]}) STYLE COLOR {stops[-1][1]} END END')
    return "\n".join(lines)

LIGHTTPD = """server.document-root = "{root}"
server.port = {port}
server.bind = "127.0.0.1"
server.modules = ("mod_fastcgi")
server.errorlog = "{root}/lighttpd.err"
fastcgi.server = ( "/mapserv" => ((
    "bin-path" => "/usr/lib/cgi-bin/mapserv",
    "socket" => "{root}/mapserv.sock",
    "max-procs" => 2,
    "check-local" => "disable",
    "bin-environment" => ( "MAPSERVER_CONFIG_FILE" => "{root}/mapserver.conf", "MS_MAPFILE" => "{root}/compare.map" )
)))
"""

CONFIG = """CONFIG
  ENV
    MS_MAP_PATTERN "."
    MS_MAPFILE "{root}/compare.map"
  END
END
"""


def free_port():
    s = socket.socket(); s.bind(("127.0.0.1", 0)); p = s.getsockname()[1]; s.close(); return p


def wait_url(url, timeout=60):
    t0 = time.time()
    while time.time() - t0 < timeout:
        try:
            urllib.request.urlopen(url, timeout=5).read(); return True
        except Exception:
            time.sleep(0.3)
    return False


def fetch(url):
    try:
        r = urllib.request.urlopen(url, timeout=60)
        return r.status, r.headers.get("Content-Type", ""), r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.headers.get("Content-Type", ""), e.read()
    except Exception as e:
        return 0, "", str(e).encode()


def same_image(query, gr_base, ms_base):
    """Prints how many pixels of the two servers' images of a request agree (within 2 levels
    per channel), so that a row compares the same drawing."""
    try:
        import io
        import numpy as np
        from PIL import Image
    except ImportError:
        print("(numpy or Pillow missing: the servers' images are not compared)")
        return
    images = []
    for base in (gr_base, ms_base):
        status, _, body = fetch(base + query)
        if status != 200:
            print(f"(image comparison: HTTP {status} from {base})")
            return
        images.append(np.asarray(Image.open(io.BytesIO(body)).convert("RGBA")).astype(int))
    if images[0].shape != images[1].shape:
        print(f"(image comparison: sizes {images[0].shape} and {images[1].shape})")
        return
    close = (np.abs(images[0] - images[1]).max(axis=-1) <= 2).mean()
    print(f"NDVI GetMap: {close * 100:.1f} % of the pixels of the two servers' images within 2 levels\n")


def wrk(url, duration, conns=8, threads=2, script=None):
    args = ["wrk", f"-t{threads}", f"-c{conns}", f"-d{duration}s", "--latency", "--timeout", "30s"]
    if script:
        args += ["-s", script]
    out = subprocess.run(args + [url], capture_output=True, text=True, timeout=duration + 60).stdout
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    non2xx = int(m.group(1)) if (m := re.search(r"Non-2xx or 3xx responses:\s+(\d+)", out)) else 0
    errs = re.search(r"Socket errors: (.*)", out)
    lat = dict(re.findall(r"\s+(50|99)%\s+([\d.]+\w+)", out))
    total = int(re.search(r"(\d+) requests in", out).group(1))
    return {"rps": rps, "non2xx": non2xx, "p50": lat.get("50", "?"), "p99": lat.get("99", "?"), "total": total,
            "socket": errs.group(1) if errs else "none"}


def print_row(name, row):
    """One line of the table: Graticule's and MapServer's wrk results and their ratio."""
    g, m = row.get("gr"), row.get("ms")
    fmt = lambda r: (f"{r['rps']:16.1f} {r['p50']:>8} {r['p99']:>8}" if r else f"{'n/a':>16} {'':>8} {'':>8}")
    ratio = f"{g['rps'] / m['rps']:6.1f}×" if g and m else "   n/a"
    print(f"{name:48} {fmt(g)} {fmt(m)} {ratio}")
    for who, r in (("Graticule", g), ("MapServer", m)):
        if r and (r["non2xx"] or r["socket"] != "none"):
            print(f"   {who}: {r['non2xx']} non-2xx, socket errors {r['socket']}")


def rotation_script(path, base_url, queries):
    """A wrk Lua script that sends the queries (appended to base_url's path) in turn."""
    prefix = "/" + base_url.split("/", 3)[3]
    with open(path, "w") as f:
        f.write("local paths = {" + ",".join('"' + prefix + q + '"' for q in queries) + "}\nlocal i = 0\n"
                "request = function()\n  i = i % #paths + 1\n  return wrk.format(\"GET\", paths[i])\nend\n")
    return path


def world_views(kind, n=64, seed=12345):
    """n WMS 1.3.0 EPSG:4326 BBOX values (lat,lon order) of 1024 x 512 maps: 'pans' at one scale
    (a quarter of the world, 0.176 deg per pixel, corners drawn from a seeded generator) or 'zooms'
    (n scales from the whole world to 1/24 of it, centres drawn likewise)."""
    import random
    rng = random.Random(seed)
    out = []
    for k in range(n):
        if kind == "pans":
            w = 180.0
        else:
            w = 360.0 / (1 + 23 * k / (n - 1))
        h = w / 2
        lon0 = rng.uniform(-180, 180 - w) if w < 360 else -180.0
        lat0 = rng.uniform(-90, 90 - h) if h < 180 else -90.0
        out.append(f"{lat0:.6f},{lon0:.6f},{lat0 + h:.6f},{lon0 + w:.6f}")
    return out


def rss_kib(pid):
    try:
        with open(f"/proc/{pid}/status") as f:
            return int(re.search(r"VmRSS:\s+(\d+)", f.read()).group(1))
    except Exception:
        return 0


def main():
    global BIN
    ap = argparse.ArgumentParser()
    ap.add_argument("--duration", type=int, default=10)
    ap.add_argument("--soak", type=int, default=30)
    ap.add_argument("--binary", default=BIN, help="the graticule binary (default .build/release/graticule)")
    a = ap.parse_args()
    BIN = os.path.abspath(a.binary)
    if not os.path.exists(BIN):
        sys.exit("build first: swift build -c release --product graticule")
    for tool in ("wrk", "lighttpd", "/usr/lib/cgi-bin/mapserv"):
        if not shutil.which(tool) and not os.path.exists(tool):
            sys.exit(f"{tool} missing: apt-get install wrk lighttpd cgi-mapserver mapserver-bin")
    os.makedirs(OUT, exist_ok=True)
    root = tempfile.mkdtemp(dir=OUT)
    shp = os.path.join(root, "countries110.shp")
    subprocess.run([BIN, "convert", "countries110", shp], check=True, capture_output=True)
    vectors = os.path.join(root, "vectors")
    os.makedirs(vectors)
    shp10m = os.path.join(vectors, "ne10m.shp")
    subprocess.run([BIN, "convert", "countries10m", shp10m], check=True, capture_output=True)
    ms_port, gr_port, nc_port = free_port(), free_port(), free_port()
    with open(os.path.join(root, "compare.map"), "w") as f:
        f.write(MAPFILE.replace("{port}", str(ms_port)).replace("{shp}", shp).replace("{shp10m}", shp10m).replace("{ndvi}", NDVI)
                .replace("{ndvi_classes}", ndvi_classes()))
    with open(os.path.join(root, "mapserver.conf"), "w") as f:
        f.write(CONFIG.replace("{root}", root))
    with open(os.path.join(root, "lighttpd.conf"), "w") as f:
        f.write(LIGHTTPD.replace("{root}", root).replace("{port}", str(ms_port)))
    ms = subprocess.Popen(["lighttpd", "-D", "-f", os.path.join(root, "lighttpd.conf")], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    gr = subprocess.Popen([BIN, "serve", "--port", str(gr_port), "--vector-dir", vectors], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    nc = subprocess.Popen([BIN, "serve", "--port", str(nc_port), "--no-cache", "--vector-dir", vectors], stdout=subprocess.DEVNULL,
                          stderr=subprocess.DEVNULL)
    try:
        ms_base = f"http://127.0.0.1:{ms_port}/mapserv?map={root}/compare.map&"
        gr_base = f"http://127.0.0.1:{gr_port}/wms?"
        nc_base = f"http://127.0.0.1:{nc_port}/wms?"
        if not wait_url(f"http://127.0.0.1:{gr_port}/health") or not wait_url(f"http://127.0.0.1:{nc_port}/health") or not wait_url(ms_base + "SERVICE=WMS&REQUEST=GetCapabilities"):
            sys.exit("a server did not start")
        print(subprocess.run(["mapserv", "-v"], capture_output=True, text=True).stdout.strip().split(" OUTPUT")[0],
              "(lighttpd FastCGI, 2 processes) vs graticule serve (release)")
        print(f"load average {os.getloadavg()[0]:.1f} (2 cores shared with other builds and with wrk)\n")
        w = "SERVICE=WMS&VERSION=1.3.0&STYLES=&"
        requests = {
            "A GetMap countries 4326 1024x512": (w + "REQUEST=GetMap&LAYERS=countries&CRS=EPSG:4326&BBOX=-90,-180,90,180"
                                                 "&WIDTH=1024&HEIGHT=512&FORMAT=image/png", "image/png"),
            "B GetFeatureInfo ndvi": (w + "REQUEST=GetFeatureInfo&LAYERS=ndvi&QUERY_LAYERS=ndvi&CRS=EPSG:4326"
                                      "&BBOX=-8.05,-34.92,-7.95,-34.82&WIDTH=256&HEIGHT=256&I=128&J=128&INFO_FORMAT=text/plain"
                                      "&FEATURE_COUNT=1", "text/plain"),
            "C GetFeatureInfo countries": (w + "REQUEST=GetFeatureInfo&LAYERS=countries&QUERY_LAYERS=countries&CRS=EPSG:4326"
                                           "&BBOX=-90,-180,90,180&WIDTH=512&HEIGHT=256&I=270&J=60&INFO_FORMAT=text/plain"
                                           "&FEATURE_COUNT=1", "text/plain"),
            "D GetMap ndvi 3857 256x256": (w + "REQUEST=GetMap&LAYERS=ndvi&CRS=EPSG:3857&BBOX=-3886900,-898500,-3876900,-888500"
                                           "&WIDTH=256&HEIGHT=256&FORMAT=image/png", "image/png"),
            "E GetMap countries 4326 1024x512 JPEG": (w + "REQUEST=GetMap&LAYERS=countries&CRS=EPSG:4326&BBOX=-90,-180,90,180"
                                                      "&WIDTH=1024&HEIGHT=512&FORMAT=image/jpeg", "image/jpeg"),
            "F GetMap user Shapefile 10m world": (w + "REQUEST=GetMap&LAYERS=ne10m&CRS=EPSG:4326&BBOX=-90,-180,90,180"
                                                  "&WIDTH=1024&HEIGHT=512&FORMAT=image/png", "image/png"),
            "G GetMap user Shapefile 10m Europe": (w + "REQUEST=GetMap&LAYERS=ne10m&CRS=EPSG:4326&BBOX=40,0,50,20"
                                                   "&WIDTH=1024&HEIGHT=512&FORMAT=image/png", "image/png"),
        }
        same_image(requests["D GetMap ndvi 3857 256x256"][0], gr_base, ms_base)
        print(f"{'request':48} {'Graticule req/s':>16} {'p50':>8} {'p99':>8} {'MapServer req/s':>16} {'p50':>8} {'p99':>8} {'ratio':>7}")
        usable = []
        rows = []
        for name, (query, ctype) in requests.items():
            rows.append((name, query, ctype, gr_base))
            if "GetMap" in name:
                rows.append((name.split(" ", 1)[0] + "0" + name[len(name.split(" ", 1)[0]):] + " --no-cache", query, ctype, nc_base))
        for name, query, ctype, base_g in rows:
            row = {}
            for who, base in (("gr", base_g), ("ms", ms_base)):
                status, got, body = fetch(base + query)
                if status != 200 or not got.startswith(ctype):
                    row[who] = None
                    print(f"   {name}: {'Graticule' if who == 'gr' else 'MapServer'} answered {status} {got}: {body[:160]!r}")
                    continue
                row[who] = wrk(base + query, a.duration)
            if row.get("gr") and base_g == gr_base:
                usable.append(gr_base + query)
            print_row(name, row)

        # Distinct views in turn: pans at one scale, then zooms, on the no-cache server.
        for label, kind in (("A1 GetMap countries, 64 pans --no-cache", "pans"), ("A2 GetMap countries, 64 zooms --no-cache", "zooms")):
            queries = [w + "REQUEST=GetMap&LAYERS=countries110&CRS=EPSG:4326&BBOX=" + b + "&WIDTH=1024&HEIGHT=512&FORMAT=image/png"
                       for b in world_views(kind)]
            row = {}
            for who, base in (("gr", nc_base), ("ms", ms_base)):
                bad = [q for q in queries[:4] if (r := fetch(base + q))[0] != 200 or not r[1].startswith("image/png")]
                if bad:
                    row[who] = None
                    print(f"   {label}: {'Graticule' if who == 'gr' else 'MapServer'} refused {bad[0]}")
                    continue
                script_path = rotation_script(os.path.join(root, f"{kind}-{who}.lua"), base, queries)
                row[who] = wrk(base.split("?")[0].rsplit("/", 1)[0] + "/", a.duration, script=script_path)
            print_row(label, row)

        # Soak: 64 connections, all usable requests in rotation, memory sampled each second.
        script = rotation_script(os.path.join(root, "rotate.lua"), f"http://127.0.0.1:{gr_port}/",
                                 [u.split(f"127.0.0.1:{gr_port}/", 1)[1] for u in usable])
        samples = []
        stop = threading.Event()

        def sample():
            while not stop.is_set():
                samples.append(rss_kib(gr.pid)); time.sleep(1)
        t = threading.Thread(target=sample); t.start()
        r = wrk(f"http://127.0.0.1:{gr_port}/", a.soak, conns=64, script=script)
        stop.set(); t.join()
        third = max(1, len(samples) // 3)
        first, last = sum(samples[:third]) / third, sum(samples[-third:]) / third
        print(f"\nsoak: 64 connections × {a.soak} s over {len(usable)} requests in rotation: {r['total']} requests, "
              f"{r['rps']:.1f} req/s, p50 {r['p50']}, p99 {r['p99']}, non-2xx {r['non2xx']}, socket errors {r['socket']}")
        print(f"memory (RSS): first third {first / 1024:.1f} MiB, last third {last / 1024:.1f} MiB, max {max(samples) / 1024:.1f} MiB "
              f"({'flat' if last <= first * 1.1 + 4096 else 'GROWING'})")
    finally:
        for p in (gr, nc, ms):
            p.send_signal(signal.SIGTERM)
        # lighttpd's FastCGI processes (mapserv) are detached from it and outlive it: stop the
        # ones whose environment names this run's mapfile.
        for pid in subprocess.run(["pgrep", "-f", "/usr/lib/cgi-bin/mapserv"], capture_output=True, text=True).stdout.split():
            try:
                if root.encode() in open(f"/proc/{pid}/environ", "rb").read():
                    os.kill(int(pid), signal.SIGTERM)
            except (OSError, ValueError):
                pass
        for p in (gr, nc, ms):
            try:
                p.wait(timeout=10)
            except subprocess.TimeoutExpired:
                p.kill()


if __name__ == "__main__":
    main()
