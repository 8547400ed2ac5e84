import GraticuleCore

/// Writes a `MapScene` as an SVG 1.1 document: a background rectangle, then one `<g>` per layer
/// run, one `<path>` per item (countries carry `id` = ADM0_A3 and a `<title>`), coordinates in
/// pixels with 0.1 px precision, fills with the non-zero rule.
struct SVGWriter {
    private var out: [UInt8] = []

    static func document(_ scene: MapScene, labels: [PlacedLabel] = [], font: BitmapFont = .fixed6x13) -> String {
        var w = SVGWriter()
        w.out.reserveCapacity(64 + scene.items.reduce(0) { $0 + $1.pointCount * 14 })
        w.text("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        w.text("<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"\(scene.width)\" height=\"\(scene.height)\" ")
        w.text("viewBox=\"0 0 \(scene.width) \(scene.height)\">\n")
        if scene.background.alpha > 0 {
            w.text("<rect width=\"100%\" height=\"100%\"")
            w.paint("fill", scene.background)
            w.text("/>\n")
        }
        var openLayer: String?
        for item in scene.items {
            if item.layer != openLayer {
                if openLayer != nil { w.text("</g>\n") }
                w.text("<g class=\"\(item.layer)\">\n")
                openLayer = item.layer
            }
            w.path(item)
        }
        if openLayer != nil { w.text("</g>\n") }
        if !labels.isEmpty { w.labels(labels, font: font) }
        w.text("</svg>\n")
        return String(decoding: w.out, as: UTF8.self)
    }

    private mutating func path(_ item: MapScene.Item) {
        text("<path")
        if let id = item.id { text(" id=\""); escaped(id); text("\"") }
        text(" d=\"")
        for p in item.paths {
            guard let first = p.first else { continue }
            out.append(UInt8(ascii: "M"))
            point(first)
            for q in p.dropFirst() {
                out.append(UInt8(ascii: "L"))
                point(q)
            }
            if item.closed { out.append(UInt8(ascii: "Z")) }
        }
        text("\"")
        if let fill = item.fill { paint("fill", fill) } else { text(" fill=\"none\"") }
        if let stroke = item.stroke, item.strokeWidth > 0 {
            paint("stroke", stroke)
            text(" stroke-width=\"")
            number(item.strokeWidth, decimals: 2)
            text("\" stroke-linejoin=\"round\"")
        }
        if let title = item.title {
            text("><title>")
            escaped(title)
            text("</title></path>\n")
        } else {
            text("/>\n")
        }
    }

    /// Labels as `<text>`, each centred on the box its text has in the bitmap font it was
    /// placed with, in a monospace font of 11 px per bit of that font's scale over a white halo
    /// (a stroke painted under the glyphs).
    private mutating func labels(_ labels: [PlacedLabel], font: BitmapFont) {
        text("<g class=\"labels\" font-family=\"monospace\" font-size=\"\(11 * font.scale)\" text-anchor=\"middle\" ")
        text("dominant-baseline=\"central\" stroke=\"#ffffff\" stroke-opacity=\"0.9\" stroke-width=\"\(2 * font.scale)\" ")
        text("stroke-linejoin=\"round\" paint-order=\"stroke\">\n")
        for label in labels {
            text("<text x=\"")
            number(Double(label.x) + Double(font.width(of: label.text)) / 2, decimals: 1)
            text("\" y=\"")
            number(Double(label.y) + Double(font.cellHeight) / 2, decimals: 1)
            text("\"")
            paint("fill", MapColor(red: label.color.x, green: label.color.y, blue: label.color.z, alpha: label.color.w))
            text(">")
            escaped(label.text)
            text("</text>\n")
        }
        text("</g>\n")
    }

    private mutating func paint(_ attribute: String, _ c: MapColor) {
        text(" \(attribute)=\"\(c.svgHex)\"")
        if c.alpha < 255 {
            text(" \(attribute)-opacity=\"")
            number(c.opacity, decimals: 3)
            text("\"")
        }
    }

    private mutating func text(_ s: String) { out.append(contentsOf: s.utf8) }

    private mutating func escaped(_ s: String) {
        for b in s.utf8 {
            switch b {
            case UInt8(ascii: "&"): text("&amp;")
            case UInt8(ascii: "<"): text("&lt;")
            case UInt8(ascii: ">"): text("&gt;")
            case UInt8(ascii: "\""): text("&quot;")
            default: out.append(b)
            }
        }
    }

    @inline(__always) private mutating func point(_ p: SIMD2<Double>) {
        number(p.x, decimals: 1)
        out.append(UInt8(ascii: ","))
        number(p.y, decimals: 1)
    }

    /// A number with at most `decimals` decimals (trailing zeros dropped), without `String`.
    private mutating func number(_ v: Double, decimals: Int) {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        guard v.isFinite, abs(v) < 1e15 / scale else {
            out.append(UInt8(ascii: "0"))
            return
        }
        var n = Int64((v * scale).rounded())
        if n < 0 {
            out.append(UInt8(ascii: "-"))
            n = -n
        }
        let unit = Int64(scale)
        integer(n / unit)
        var frac = n % unit
        guard frac != 0 else { return }
        out.append(UInt8(ascii: "."))
        var digits = decimals
        while frac % 10 == 0 && digits > 0 {
            frac /= 10
            digits -= 1
        }
        var div = Int64(1)
        for _ in 1..<max(1, digits) { div *= 10 }
        while div > 0 {
            out.append(UInt8(ascii: "0") + UInt8((frac / div) % 10))
            div /= 10
        }
    }

    private mutating func integer(_ n: Int64) {
        if n >= 10 { integer(n / 10) }
        out.append(UInt8(ascii: "0") + UInt8(n % 10))
    }
}

extension MapRenderer {
    /// The map as an SVG document (UTF-8 text): layers as `<g class="…">` groups in painting
    /// order, countries as `<path id="ADM0_A3">` with a `<title>` holding the country's name.
    public func svg() throws(GraticuleError) -> String { SVGWriter.document(try scene(pairingEdges: false)) }

    /// A scene (from `scene()`) as an SVG document, with labels over it (`<g class="labels">`),
    /// placed with `font`.
    public static func svg(of scene: MapScene, labels: [PlacedLabel] = [], font: BitmapFont = .fixed6x13) -> String {
        SVGWriter.document(scene, labels: labels, font: font)
    }
}
