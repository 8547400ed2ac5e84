#!/usr/bin/env python3
"""10,000 malformed requests against a running Graticule server: bad numbers, huge sizes,
unknown CRSs and layers, OGC API Features collections and parameters, path traversal in names, broken percent-encoding, broken and oversized
bodies, wrong methods. Passes when no response is a 5xx (other than 503 for a request that hit
the time limit, counted separately), no connection is refused, and /health answers afterwards.

Usage: tools/wms/malformed.py http://127.0.0.1:8080 [count] [threads]
"""
import http.client, random, sys, threading, time, urllib.parse
from collections import Counter

BASE = sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:8080"
COUNT = int(sys.argv[2]) if len(sys.argv) > 2 else 10000
THREADS = int(sys.argv[3]) if len(sys.argv) > 3 else 8
u = urllib.parse.urlsplit(BASE)

BAD_NUMBERS = ["abc", "nan", "NaN", "inf", "-inf", "1e999", "", " ", "1,2", "0x10", "١٢", "1e-400", "--1", "9" * 400, "%00", "1;2"]
HUGE = ["4097", "99999", "2147483648", "9223372036854775808", "-1", "0", "1e6", "100000000000000000000"]
CRS = ["EPSG:99999", "EPSG:", "EPSG:-1", "ESRI:0", "FOO:1", "CRS:83", "PROJCS[", "+proj=nope", "GEOGCS[\"x\",DATUM[",
       "urn:ogc:def:crs:EPSG::0", "EPSG:4326\x00", "x" * 70000, "EPSG:5703", "{\"type\": \"ProjectedCRS\"", "ESRI:102038"]
NAMES = ["../../etc/passwd", "..%2F..%2Fetc%2Fpasswd", "%2e%2e/%2e%2e/etc/shadow", "/etc/passwd", "ndvi/../../x",
         "C:\\windows\\win.ini", "ndvi\x00.tif", "....//....//etc", "%252e%252e%252f", "con", "~root", "a" * 5000, ""]
ENC = ["%", "%zz", "%C3%28", "%FF%FE", "%00", "%%", "%u1234"]


def served_layers():
    """The layers the server lists (/api/layers), else the built-in ones."""
    try:
        import json
        c = http.client.HTTPConnection(u.hostname, u.port, timeout=30)
        c.request("GET", "/api/layers")
        return [layer["name"] for layer in json.loads(c.getresponse().read())["layers"]]
    except Exception:
        return ["countries", "countries10m", "ndvi"]


LAYERS = served_layers()


def q(params):
    return "&".join(f"{k}={v}" for k, v in params.items())


def pick(xs):
    return random.choice(xs)


def raw(s):
    """The text as it is, except what cannot travel in a request line (spaces, controls, non-ASCII)."""
    return "".join(c if 0x20 < ord(c) < 0x7F else urllib.parse.quote(c, safe="") for c in s)


def enc(s):
    return urllib.parse.quote(s, safe="") if random.random() < 0.7 else raw(s)


def bad_value():
    return enc(pick(BAD_NUMBERS + HUGE + CRS[:3] + NAMES[:3] + ENC))


# CQL2 filters, good and bad: syntax errors, unknown properties, deep nesting, long chains,
# pathological LIKE patterns, bad literals, GeoServer's INCLUDE/EXCLUDE and per-layer lists.
FILTERS = ["name = 'A'", "ADMIN = 'France' AND POP_EST > 1e6", "n >", "colour = 'red'", "(" * 300 + "n = 1" + ")" * 300,
           "n = 1" + " + 1" * 600, "NOT " * 900 + "n = 1", "name LIKE '" + "%_" * 400 + "x'", "'open", "\"\" = 1",
           "S_INTERSECTS(geometry, POLYGON((0 0, 1 0, 1 1)))", "S_INTERSECTS(geometry, BBOX(1,2))",
           "S_INTERSECTS(geometry, POINT(1e308 1e308))", "T_AFTER(n, INTERVAL('2021-01-01', '2020-01-01'))",
           "n = 1e999", "n / 0 = 1", "n ^ 1e308 > 1", "CASEI(name) = ACCENTI(name)", "INCLUDE", "EXCLUDE", ";;;",
           "INCLUDE;name = 'A'", "foo(n) = 1", "n IN ()", "\x00", "\u00e9 = 1"]


def request():
    """One malformed request: (method, path, body, headers)."""
    kind = random.randrange(17)
    if kind == 16:
        # OGC API Features: collections by bad names, items with bad bbox, limit, offset, ids, CRSs.
        c = enc(pick(NAMES + LAYERS))
        p = {"bbox": enc(pick(["5,47,15,55", "1,2,3", "a,b,c,d", "10,0,0,10", "1e999,0,1,1", ""])),
             "limit": pick(HUGE + BAD_NUMBERS + ["10"]), "offset": pick(HUGE + BAD_NUMBERS + ["0"])}
        # Part 2: output and bbox CRSs, good and bad (URIs, CURIEs, 3D, vertical, WKT, junk).
        for name in ("crs", "bbox-crs"):
            if random.random() < 0.5:
                p[name] = enc(pick(CRS + ["http://www.opengis.net/def/crs/EPSG/0/3857", "[EPSG:3035]", "EPSG:4978", "EPSG:5703",
                                          "http://www.opengis.net/def/crs/EPSG/0/", "http://www.opengis.net/def/crs/OGC/1.3/CRS84"]))
        # Part 3 filters: CQL2 text good and bad, languages, filter CRSs.
        if random.random() < 0.4:
            p["filter"] = enc(pick(FILTERS))
            if random.random() < 0.3:
                p["filter-lang"] = enc(pick(["cql2-text", "cql-text", "cql2-json", "", "x" * 300]))
            if random.random() < 0.3:
                p["filter-crs"] = enc(pick(CRS + ["http://www.opengis.net/def/crs/EPSG/0/3857"]))
        # Encodings: f good and bad, and Accept headers of browsers, clients and junk.
        if random.random() < 0.5:
            p["f"] = enc(pick(["html", "json", "xml", "", "text/html", "HTML", "\u00e9"] + NAMES))
        headers = {"Accept": pick(["text/html,application/xhtml+xml,*/*;q=0.8", "application/json", "*/*", "text/html;q=abc",
                                   ";;,,", "text/html;q=0", "x" * 5000])} if random.random() < 0.5 else {}
        return "GET", pick([f"/ogcapi/collections/{c}", f"/ogcapi/collections/{c}/items?" + q(p),
                            f"/ogcapi/collections/{c}/items/{enc(pick(BAD_NUMBERS + HUGE))}?f=" + enc(pick(["html", "json", "x"])),
                            "/ogcapi/" + enc(pick(NAMES)), "/ogcapi?" + q({"f": p.get("f", "html")}),
                            "/ogcapi/conformance?" + q({"f": p.get("f", "html")})]), None, headers
    if kind == 0:
        p = {"from": "EPSG:4326", "to": "EPSG:3857", "x": "1", "y": "2"}
        p[pick(list(p))] = bad_value()
        return "GET", "/api/project?" + q(p), None, {}
    if kind == 1:
        p = {"from": enc(pick(CRS)), "to": enc(pick(CRS)), "x": "1", "y": "2", "transformation": enc(pick(NAMES + CRS)),
             "dataDir": enc(pick(NAMES))}
        return "GET", "/api/project?" + q(p), None, {}
    if kind == 2:
        bodies = [b"", b"{", b"[]", b"null", b'{"points": 5}', b'{"points": [[1]]}', b'{"points": [["a", "b"]]}',
                  b'{"type": "Nope"}', b'{"type": "Point", "coordinates": "x"}', b"[" * 100000, b'{"a":' * 5000,
                  b"\xff\xfe\x00", b'{"type": "FeatureCollection", "features": [{"type": "Feature"}]}',
                  b'{"points": [' + b"[1,2]," * 300000 + b"[1,2]]}", bytes(random.getrandbits(8) for _ in range(2000))]
        return "POST", "/api/project?from=EPSG:4326&to=EPSG:3857", pick(bodies), {"Content-Type": "application/json"}
    if kind == 3:
        return "GET", "/api/sr/" + enc(pick(CRS + NAMES)) + "?format=" + enc(pick(["json", "xml", "wkt9", "", "%zz"])), None, {}
    if kind == 4:
        return "GET", "/api/sr?q=" + enc(pick(CRS + NAMES + ENC)) + "&limit=" + bad_value(), None, {}
    if kind == 5:
        p = {"from": enc(pick(CRS)), "to": "EPSG:3857", "area": enc(pick(["1,2,3", "a,b,c,d", "-200,0,0,0", "0,91,1,92", "1,2,3,4,5"]))}
        return "GET", "/api/transformations?" + q(p), None, {}
    if kind == 6:
        return "GET", "/api/country?" + q({"x": bad_value(), "y": bad_value(), "sr": enc(pick(CRS)), "layer": enc(pick(NAMES))}), None, {}
    if kind == 7:
        return "GET", "/api/country/" + enc(pick(NAMES)) + "?sr=" + enc(pick(CRS)), None, {}
    if kind == 8:
        name = pick(NAMES + ["ndvi"])
        return "GET", f"/api/raster/{enc(name)}/identify?" + q({"x": bad_value(), "y": "1", "sr": enc(pick(CRS))}), None, {}
    if kind == 9:
        p = {"bbox": pick(["0,0,1", "1,1,0,0", "a,b,c,d", "0,0,1e308,1e308", "-1e308,-1e308,1e308,1e308"]),
             "width": pick(HUGE), "height": pick(HUGE + ["10"]), "sr": enc(pick(CRS)), "ramp": enc(pick(["x", "grey:1", "terrain:5,1"]))}
        return "GET", f"/api/raster/{enc(pick(NAMES + ['ndvi']))}/image?" + q(p), None, {}
    if kind == 10:
        p = {"SERVICE": "WMS", "VERSION": pick(["1.3.0", "1.1.1", "9.9", "", "x"]), "REQUEST": pick(["GetMap", "GetFeatureInfo", "GetLegendGraphic", "Nope", ""]),
             "LAYERS": enc(pick(NAMES + ["countries,,", "ndvi," * 40])), "STYLES": enc(pick(["", "x", ",,,"])),
             "CRS": enc(pick(CRS)), "SRS": enc(pick(CRS)), "BBOX": enc(pick(["0,0,1", "a,b,c,d", "1,1,0,0", "", "0,0,1,1"])),
             "WIDTH": pick(HUGE + BAD_NUMBERS), "HEIGHT": pick(HUGE + BAD_NUMBERS),
             "FORMAT": enc(pick(["image/gif", "", "x" * 300, "image/jpeg;;", "image/jpeg", "image/png8", "image/png; mode=8bit;;", "image/svg+xml", "image/svg"])), "LAYER": enc(pick(NAMES)),
             "I": bad_value(), "J": bad_value(), "X": bad_value(), "Y": bad_value(), "QUERY_LAYERS": enc(pick(NAMES)),
             "INFO_FORMAT": enc(pick(["x/y", "", "text/plain\x00"])), "BGCOLOR": enc(pick(["0xZZZZZZ", "red", "0x1"])),
             "EXCEPTIONS": enc(pick(["INIMAGE", "BLANK", "application/vnd.ogc.se_inimage", "pdf", "", "x" * 300])),
             "LEGEND_OPTIONS": enc(pick(["forceLabels:maybe", "forceLabels:on", ";;:", "forceLabels" * 50])),
             "DPI": bad_value(), "MAP_RESOLUTION": bad_value(),
             "FORMAT_OPTIONS": enc(pick(["dpi:", "dpi:1e400", ";;dpi::", "dpi:" + "9" * 300, "dpi:192"]))}
        return "GET", "/wms?" + q(p), None, {}
    if kind == 11:
        # A good GetMap or GetFeatureInfo of a layer the server lists (its vector files too), one
        # parameter spoilt.
        layer = pick(LAYERS)
        p = {"SERVICE": "WMS", "VERSION": "1.3.0", "REQUEST": pick(["GetMap", "GetFeatureInfo"]), "LAYERS": layer, "STYLES": "",
             "CRS": "EPSG:4326", "BBOX": "-8.05,-34.92,-7.95,-34.82" if layer == "ndvi" else "-90,-180,90,180", "WIDTH": "64",
             "HEIGHT": "64", "FORMAT": "image/png", "DPI": "192", "QUERY_LAYERS": layer, "I": "10", "J": "20",
             "INFO_FORMAT": pick(["application/json", "text/plain", "application/vnd.ogc.gml"]), "FEATURE_COUNT": "5"}
        if random.random() < 0.3:
            p["CQL_FILTER"] = enc(pick(FILTERS))
        p[pick(list(p))] = bad_value()
        return "GET", "/wms?" + q(p), None, {"Host": pick(["<script>", "a\"b", "x" * 300, "evil.example:99999"])}
    if kind == 13:
        p = {"SERVICE": pick(["WMTS", "WMS", ""]), "REQUEST": pick(["GetTile", "GetCapabilities", "GetFeatureInfo", "x" * 300]),
             "VERSION": pick(["1.0.0", "2.0", ""]), "LAYER": enc(pick(NAMES)), "STYLE": enc(pick(["default", "", "../x"])),
             "TILEMATRIXSET": enc(pick(["WebMercatorQuad", "GoogleMapsCompatible", "WorldCRS84Quad", "EPSG:4326", ""])),
             "TILEMATRIX": pick(["-1", "22", "23", "99999999999999999999", "a", "3"]), "TILEROW": bad_value(), "TILECOL": bad_value(),
             "FORMAT": enc(pick(["image/png", "image/gif", "image/png8", ""])), "I": bad_value(), "J": bad_value(),
             "INFOFORMAT": enc(pick(["text/plain", "application/json", "x/y", ""]))}
        return "GET", "/wmts?" + q(p), None, {}
    if kind == 14:
        return "GET", "/wmts/1.0.0/" + "/".join(enc(pick(NAMES + ["countries", "default", "WebMercatorQuad", "WorldCRS84Quad", "..", "%2e%2e", "3"]))
                                              for _ in range(pick([6, 8]))) + pick([".png", ".jpg", ".gif", ".json", ".txt", ""]), None, {}
    if kind == 12:
        z = pick(["-1", "23", "99999999999", "a", "1"])
        return "GET", (f"/tiles/{z}/{pick(['0', '-1', '9' * 30, 'x'])}/{pick(['0.png', '0', '..%2f..%2fetc.png', '5.png', '0.jpg', '0.jpg.png', '.jpg', '0@2x.png', '0@9x.png', '0@.png', '0@-1x.jpg', '0@99999999999999999999x.png'])}?layers=" + enc(pick(NAMES + LAYERS))
                       + ("&cql_filter=" + enc(pick(FILTERS)) if random.random() < 0.4 else "")), None, {}
    return pick(["GET", "POST", "PUT", "DELETE"]), pick(["/viewer/" + enc(pick(NAMES)), "/" + pick(ENC), "/api/" + enc(pick(NAMES)),
                                                         "/%2e%2e/%2e%2e/etc/passwd", "/viewer/%2e%2e%2fPackage.swift"]), None, {}


counts = Counter()
statuses = Counter()
lock = threading.Lock()
errors = []


def worker(n, seed):
    rnd = random.Random(seed)
    random.seed(seed)
    conn = None
    for _ in range(n):
        method, path, body, headers = request()
        path = raw(path)
        for attempt in range(2):
            try:
                if conn is None:
                    conn = http.client.HTTPConnection(u.hostname, u.port, timeout=60)
                conn.putrequest(method, path, skip_host="Host" in headers, skip_accept_encoding=True)
                for k, v in headers.items():
                    conn.putheader(k, v)
                if body is not None:
                    conn.putheader("Content-Length", str(len(body)))
                conn.endheaders(body)
                r = conn.getresponse()
                r.read()
                with lock:
                    statuses[r.status] += 1
                    if r.status >= 500 and r.status != 503:
                        errors.append(f"{r.status} {method} {path[:200]}")
                if r.getheader("Connection", "").lower() == "close":
                    conn.close(); conn = None
                break
            except (http.client.HTTPException, OSError) as e:
                if conn:
                    conn.close()
                conn = None
                if attempt == 1:
                    with lock:
                        counts["connection errors"] += 1
                        errors.append(f"connection error {type(e).__name__} {method} {path[:120]}")


def main():
    t0 = time.time()
    per = COUNT // THREADS
    threads = [threading.Thread(target=worker, args=(per + (1 if i < COUNT % THREADS else 0), 1000 + i)) for i in range(THREADS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    dt = time.time() - t0
    c = http.client.HTTPConnection(u.hostname, u.port, timeout=10)
    c.request("GET", "/health")
    healthy = c.getresponse().status == 200
    total = sum(statuses.values())
    fives = sum(v for k, v in statuses.items() if k >= 500 and k != 503)
    print(f"{total} malformed requests in {dt:.1f} s: " + ", ".join(f"{k}: {v}" for k, v in sorted(statuses.items())))
    print(f"5xx (not 503): {fives}; 503 (time limit): {statuses.get(503, 0)}; connection errors: {counts['connection errors']}; "
          f"server healthy afterwards: {healthy}")
    for e in errors[:20]:
        print("  " + e)
    sys.exit(0 if fives == 0 and counts["connection errors"] == 0 and healthy and total == COUNT else 1)


if __name__ == "__main__":
    main()
