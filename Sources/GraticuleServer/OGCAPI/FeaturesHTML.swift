import Foundation
import GraticuleGeometry
import Hummingbird

/// The HTML encoding of OGC API - Features (OGC 17-069r4 §7.3.2, conformance class `html`): the
/// pages a browser gets for the landing page, the conformance classes, the collections, a
/// collection, a page of items and one item. Each names its JSON twin (`f=json`, `rel=alternate`)
/// and shows the features on a map: this server's own WMS GetMap in CRS:84 (longitude,
/// latitude) under an SVG of the features' outlines, each a link to its item page. Plain HTML
/// and CSS, no script.
enum FeaturesHTML {
    /// What a request asks for: `f=html` or `f=json` (also `geojson` and the media types), else
    /// the media type its `Accept` header ranks first (HTML only when `text/html` leads, as
    /// browsers send it; `*/*` and clients that list JSON first get JSON).
    static func wantsHTML(_ request: Request, _ query: Query) throws(APIError) -> Bool {
        if let f = query["f"]?.lowercased() {
            switch f {
            case "html", "text/html": return true
            case "json", "geojson", "application/json", "application/geo+json": return false
            default: throw APIError.badParameter("f", f, "json or html")
            }
        }
        guard let accept = request.headers[.accept] else { return false }
        return preferredMediaType(accept) == "text/html"
    }

    /// The media type an `Accept` header ranks first: the highest `q` (default 1), the first
    /// listed among equals; nil for an empty header or one that refuses everything.
    static func preferredMediaType(_ accept: String) -> String? {
        var best: (type: String, q: Double)?
        for item in accept.split(separator: ",") {
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let type = parts.first?.lowercased(), !type.isEmpty else { continue }
            var q = 1.0
            for p in parts.dropFirst() where p.lowercased().hasPrefix("q=") {
                q = Double(p.dropFirst(2)) ?? 0
            }
            if q > 0 && q > (best?.q ?? 0) { best = (type, q) }
        }
        return best?.type
    }

    /// Text for HTML content and attribute values.
    static func escape(_ s: String) -> String { XML.escape(s) }

    /// A whole page: its title, where it sits (links from the landing page down), the body, and
    /// its JSON twin.
    static func page(title: String, trail: [(String, String)], body: String, json: String) -> Response {
        var s = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(escape(title)) – Graticule OGC API Features</title>
            <link rel="alternate" type="application/json" href="\(escape(json))">
            <style>
            body{font:15px/1.45 system-ui,sans-serif;margin:1.5em auto;max-width:60em;padding:0 1em;color:#222}
            nav{font-size:13px;color:#666}nav a{color:#36c}a{color:#36c}h1{font-size:1.5em;margin:.4em 0}
            table{border-collapse:collapse;margin:.8em 0;font-size:14px}th,td{border-bottom:1px solid #ddd;padding:3px 8px;text-align:left;vertical-align:top}
            th{background:#f4f6f8}figure{margin:1em 0}svg{max-width:100%;height:auto;border:1px solid #ccc;background:#dde8f3}
            svg path.f{fill:#d81b60;fill-opacity:.35;stroke:#d81b60;stroke-width:1.5}svg a:hover path.f{fill-opacity:.6}
            svg circle.f{fill:#d81b60;stroke:#fff}.alt{font-size:13px;color:#666}code{font-size:13px}
            </style></head><body>
            <nav>
            """
        s += trail.map { "<a href=\"\(escape($0.1))\">\(escape($0.0))</a>" }.joined(separator: " / ")
        s += "</nav>\n<h1>\(escape(title))</h1>\n" + body
        s += "\n<p class=\"alt\">This page as <a href=\"\(escape(json))\">JSON</a>.</p>\n</body></html>\n"
        return Responses.text(s, contentType: "text/html; charset=utf-8")
    }

    /// West, south, east, north as text.
    static func extentText(_ extent: [Double]) -> String { extent.map { String(format: "%g", $0) }.joined(separator: ", ") }

    /// A list of links.
    static func links(_ items: [(title: String, href: String, note: String)]) -> String {
        "<ul>\n" + items.map { "<li><a href=\"\(escape($0.href))\">\(escape($0.title))</a>"
            + ($0.note.isEmpty ? "" : " – \(escape($0.note))") + "</li>\n" }.joined() + "</ul>\n"
    }

    /// The field that names a feature: the first of `NAME`, `ADMIN`, `name`, `title`, … found
    /// (any case), else the first text field.
    static func nameField(_ schema: LayerSchema) -> Int? {
        for wanted in ["name", "admin", "name_en", "title", "label"] {
            if let i = schema.fields.firstIndex(where: { $0.name.lowercased() == wanted }) { return i }
        }
        return schema.fields.firstIndex { $0.type == .string }
    }

    /// One feature's label: the value of its layer's name field (`nameField`), else
    /// "Feature <id>".
    static func label(_ feature: Feature, id: Int64, nameField: Int?) -> String {
        if let i = nameField, !text(feature, i).isEmpty { return text(feature, i) }
        return "Feature \(id)"
    }

    /// A feature's value of field `i` as text (empty when it has none).
    static func text(_ feature: Feature, _ i: Int) -> String {
        i < feature.attributes.count ? feature.attributes[i].description : ""
    }

    /// A table of features: id (a link to the item), then up to `columns` fields (the name field
    /// first).
    static func table(_ rows: [(feature: Feature, id: Int64, href: String)], schema: LayerSchema, columns: Int = 6) -> String {
        var fields = Array(schema.fields.indices)
        if let n = nameField(schema) { fields.removeAll { $0 == n }; fields.insert(n, at: 0) }
        fields = Array(fields.prefix(columns))
        var s = "<table><tr><th>id</th>" + fields.map { "<th>\(escape(schema.fields[$0].name))</th>" }.joined() + "</tr>\n"
        for r in rows {
            s += "<tr><td><a href=\"\(escape(r.href))\">\(r.id)</a></td>"
            s += fields.map { "<td>\(escape(text(r.feature, $0)))</td>" }.joined()
            s += "</tr>\n"
        }
        return s + "</table>\n"
    }

    /// A feature's properties, every field.
    static func properties(_ feature: Feature, schema: LayerSchema) -> String {
        "<table>\n" + schema.fields.indices.map { i in
            "<tr><th>\(escape(schema.fields[i].name))</th><td>\(escape(text(feature, i)))</td></tr>\n"
        }.joined() + "</table>\n"
    }

    /// A map: WMS layers `layers` over a longitude/latitude box around `shapes` (the whole
    /// `fallback` box when they have no extent), the shapes drawn over it, each a link with its
    /// title. The box gets a margin and the shape of the image (square pixels, plate carrée),
    /// within the world.
    static func map(base: String, layers: String, shapes: [(geometry: Geometry, title: String, href: String)],
                    fallback: [Double]) -> String {
        var (w, s, e, n) = (Double.infinity, Double.infinity, -Double.infinity, -Double.infinity)
        for shape in shapes {
            let x = shape.geometry.extent
            guard !x.isEmpty, x.xMin.isFinite, x.yMin.isFinite, x.xMax.isFinite, x.yMax.isFinite else { continue }
            (w, s, e, n) = (min(w, x.xMin), min(s, x.yMin), max(e, x.xMax), max(n, x.yMax))
        }
        if !(w <= e && s <= n) { (w, s, e, n) = (fallback[0], fallback[1], fallback[2], fallback[3]) }
        let margin = max(0.5, 0.05 * max(e - w, n - s))
        (w, s, e, n) = (w - margin, s - margin, e + margin, n + margin)
        // The image's shape: between 3:1 and 1:1, the box widened to match it.
        let width = 720.0
        let aspect = min(3, max(1, (e - w) / (n - s)))
        let height = (width / aspect).rounded()
        let (cx, cy) = ((w + e) / 2, (s + n) / 2)
        let halfW = max(e - w, (n - s) * aspect) / 2, halfH = halfW / aspect
        (w, e, s, n) = (cx - halfW, cx + halfW, cy - halfH, cy + halfH)
        // Within the world: moved in, and shrunk only if larger than it.
        if e - w > 360 { (w, e) = (-180, 180) } else if w < -180 { (w, e) = (-180, -180 + (e - w)) } else if e > 180 { (w, e) = (180 - (e - w), 180) }
        if n - s > 180 { (s, n) = (-90, 90) } else if s < -90 { (s, n) = (-90, -90 + (n - s)) } else if n > 90 { (s, n) = (90 - (n - s), 90) }
        let bbox = [w, s, e, n].map { String(format: "%.6f", $0) }.joined(separator: ",")
        let src = "\(base)/wms?SERVICE=WMS&VERSION=1.3.0&REQUEST=GetMap&LAYERS=\(layers)&STYLES=&CRS=CRS:84&BBOX=\(bbox)"
            + "&WIDTH=\(Int(width))&HEIGHT=\(Int(height))&FORMAT=image/png&TRANSPARENT=TRUE"
        func pixel(_ p: SIMD2<Double>) -> SIMD2<Double> { SIMD2((p.x - w) / (e - w) * width, (n - p.y) / (n - s) * height) }
        func px(_ p: SIMD2<Double>) -> String {
            let q = pixel(p)
            return String(format: "%.1f %.1f", q.x, q.y)
        }
        var svg = "<figure><svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" "
            + "width=\"\(Int(width))\" height=\"\(Int(height))\" role=\"img\">\n"
            + "<image href=\"\(escape(src))\" width=\"\(Int(width))\" height=\"\(Int(height))\"/>\n"
        let minStep = 0.5 * (e - w) / width  // vertices closer than half a pixel to the last one drawn are left out
        for shape in shapes {
            var d = ""
            var dots: [SIMD2<Double>] = []
            switch shape.geometry {
            case let .point(p) where !p.isEmpty: dots.append(SIMD2(p.x, p.y))
            case let .multipoint(m): dots = m.coordinates.xy
            case let .polygon(g): d = path(g.coordinates, closed: true, minStep: minStep, px)
            case let .polyline(g): d = path(g.coordinates, closed: false, minStep: minStep, px)
            case let .envelope(x) where !x.isEmpty:
                d = path(CoordinateParts(parts: [[SIMD2(x.xMin, x.yMin), SIMD2(x.xMax, x.yMin), SIMD2(x.xMax, x.yMax),
                                                  SIMD2(x.xMin, x.yMax)]]), closed: true, minStep: minStep, px)
            default: break
            }
            guard !d.isEmpty || !dots.isEmpty else { continue }
            svg += "<a href=\"\(escape(shape.href))\"><title>\(escape(shape.title))</title>"
            if !d.isEmpty { svg += "<path class=\"f\" fill-rule=\"evenodd\" d=\"\(d)\"/>" }
            for p in dots.prefix(10_000) {
                let q = pixel(p)
                svg += String(format: "<circle class=\"f\" r=\"4\" cx=\"%.1f\" cy=\"%.1f\"/>", q.x, q.y)
            }
            svg += "</a>\n"
        }
        return svg + "</svg><figcaption class=\"alt\">Longitude \(String(format: "%.2f", w))° to \(String(format: "%.2f", e))°, "
            + "latitude \(String(format: "%.2f", s))° to \(String(format: "%.2f", n))° (this server's WMS, CRS:84).</figcaption></figure>\n"
    }

    /// SVG path data for parts (rings closed with `Z`).
    private static func path(_ c: CoordinateParts, closed: Bool, minStep: Double, _ px: (SIMD2<Double>) -> String) -> String {
        var d = ""
        for part in c.parts where part.count >= 2 {
            var last = part.first!
            d += "M" + px(last)
            for p in part.dropFirst() where abs(p.x - last.x) + abs(p.y - last.y) >= minStep || p == part.last! {
                d += "L" + px(p)
                last = p
            }
            if closed { d += "Z" }
        }
        return d
    }
}
