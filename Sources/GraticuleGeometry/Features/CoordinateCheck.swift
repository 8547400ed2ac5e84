import GraticuleCore
import GraticuleCRS

extension FeatureLayer {
    /// Longitudes a geographic layer may hold, in degrees: one turn either side of the
    /// antimeridian (data in 0 … 360°, or shifted past ±180°, is real; 1,000° is not).
    public static let longitudeLimit = 540.0
    /// Latitudes a geographic layer may hold beyond ±90°, in degrees: the rounding of data
    /// written at the poles.
    public static let latitudeSlack = 1e-6

    /// Checks every vertex where a file enters the engine: x and y finite (an empty point,
    /// NaN by WKB's convention, is no vertex), and in a geographic layer (x/y =
    /// longitude/latitude in the layer's angular unit) |longitude| ≤ 540° and |latitude| ≤ 90°
    /// (plus `latitudeSlack`). Such coordinates are never data: overflowed numbers (`1e999`), or
    /// magnitudes (`9e307`) whose differences overflow in every later computation.
    /// z and m are not checked (NaN is their "no value" in Shapefiles and WKB).
    /// - Parameter source: the file, named in the error.
    /// - Throws: `GraticuleError.invalidInput` naming `source`, the feature (its id, else its
    ///   position from 0) and the coordinate.
    public func checkCoordinates(source: String) throws(GraticuleError) {
        let sr = schema.spatialReference
        let geographic = sr?.isGeographic == true
        // Degrees per unit of the layer's angles (radians, grads); degrees when unknown.
        var perUnit = 1.0
        if geographic, let unit = sr?.unit, unit.kind == .angle, unit.factor > 0 {
            perUnit = unit.factor * 180 / Double.pi
            if abs(perUnit - 1) < 1e-12 { perUnit = 1 }
        }
        let lonLimit = Self.longitudeLimit / perUnit, latLimit = (90 + Self.latitudeSlack) / perUnit
        for (k, feature) in features.enumerated() {
            guard let g = feature.geometry else { continue }
            let bad: SIMD2<Double>?
            switch g {
            case let .point(p): bad = p.isEmpty ? nil : Self.firstBad([p.xy], geographic, lonLimit, latLimit)
            case let .envelope(e):
                bad = e.isEmpty ? nil : Self.firstBad([SIMD2(e.xMin, e.yMin), SIMD2(e.xMax, e.yMax)], geographic, lonLimit, latLimit)
            default: bad = g.coordinates.flatMap { Self.firstBad($0.xy, geographic, lonLimit, latLimit) }
            }
            guard let bad else { continue }
            let which = feature.id.map { "feature id \($0)" } ?? "feature \(k)"
            let what = !(bad.x.isFinite && bad.y.isFinite) ? "a coordinate that is not a finite number"
                : "a coordinate outside longitude ±\(Self.format(lonLimit)), latitude ±\(Self.format(90 / perUnit))"
                + (perUnit == 1 ? "" : " (\(sr?.unit?.name ?? ""))")
            throw .invalidInput("\(source): \(which) (\(g.type.rawValue)) has \(what): (\(bad.x), \(bad.y))")
        }
    }

    private static func firstBad(_ xy: [SIMD2<Double>], _ geographic: Bool, _ lon: Double, _ lat: Double) -> SIMD2<Double>? {
        for p in xy {
            guard p.x.isFinite, p.y.isFinite else { return p }
            if geographic && (abs(p.x) > lon || abs(p.y) > lat) { return p }
        }
        return nil
    }

    private static func format(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
    }
}
