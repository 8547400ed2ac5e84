import Foundation
import GraticuleCore
import GraticuleCRS
import GraticuleGeometry
import GraticuleTransform

/// WGS 84 longitude/latitude (the data: Natural Earth, GeoJSON) → longitude/latitude on the map's
/// own datum, both in Greenwich degrees: the default datum transformation from EPSG:4326 to the
/// spatial reference's base geographic CRS, ranked for the spatial reference's area of use
/// (`TransformationCatalog.defaultTransformation`, PROJ 9.5's ranking: what `cs2cs EPSG:4326
/// <crs>` and pyproj's `Transformer.from_crs("EPSG:4326", crs)` apply there). Nil (no shift) when
/// the datums are the same, when only a ballpark is known, or when the transformation cannot be
/// built (a grid file missing: the map is then drawn without the shift).
///
/// Shifts are applied to the change of each vertex only (`x + Δλ` with Δλ wrapped to ±180°), so
/// stitched rings that run past ±180° keep running; a vertex the transformation cannot take
/// (outside its grid) keeps its WGS 84 position, as PROJ falls back to the next operation there.
struct DatumShift: Sendable {
    let transformer: Transformer
    /// The transformation's codes (for cache keys).
    let code: String
    /// Radians per angular unit of the base CRS and its prime meridian (degrees east of Greenwich).
    let radiansPerUnit: Double
    let primeMeridianDegrees: Double

    init?(_ sr: SpatialReference) {
        guard let base = sr.baseGeographic, let g = sr.definition.geodetic, g.kind != .geocentric,
              let wgs84 = try? SpatialReference(authority: "EPSG", code: 4326),
              let registry = try? TransformationCatalog.shared.registry(),
              // No operation touches the CRS or its datum: whether or not the datum is WGS 84's,
              // there is nothing to apply (one indexed query instead of the registry's name index).
              (try? registry.hasOperations(crs: g.identifier, datum: g.datum.identifier)) != false,
              let same = try? registry.isSameDatum(g.datum, wgs84.definition.geodetic!.datum), !same,
              let t = try? TransformationCatalog.shared.defaultTransformation(from: wgs84, to: sr), !t.isBallpark,
              let transformer = try? Transformer(from: wgs84, to: base, transformation: .transformation(t))
        else { return nil }
        self.transformer = transformer
        code = t.code
        let unit = g.coordinateSystem.unit ?? .degree
        radiansPerUnit = unit.kind == .angle ? unit.exactFactor : Angle.radiansPerDegree
        primeMeridianDegrees = g.datum.primeMeridian.longitudeDegrees
    }

    /// Shifts WGS 84 longitude/latitude degrees in place to the map's datum (Greenwich degrees).
    func apply(_ points: inout [SIMD2<Double>]) {
        guard !points.isEmpty else { return }
        var out = points
        out.withUnsafeMutableBufferPointer { transformer.transform($0) }
        let k = radiansPerUnit * Angle.degreesPerRadian
        for i in points.indices {
            let q = out[i]
            guard q.x.isFinite && q.y.isFinite else { continue }
            var dl = (q.x * k + primeMeridianDegrees - points[i].x).truncatingRemainder(dividingBy: 360)
            if dl > 180 { dl -= 360 } else if dl < -180 { dl += 360 }
            points[i] = SIMD2(points[i].x + dl, q.y * k)
        }
    }

    /// The polygon with every vertex shifted.
    func apply(_ polygon: Polygon) -> Polygon {
        var p = polygon
        apply(&p.coordinates.xy)
        return p
    }

    /// One WGS 84 point shifted.
    func apply(lon: Double, lat: Double) -> SIMD2<Double> {
        var p = [SIMD2(lon, lat)]
        apply(&p)
        return p[0]
    }

    /// The WGS 84 point that shifts to `p` (map datum, Greenwich degrees): three fixed-point steps
    /// (datum shifts change by under 1e-6 of themselves per metre: millimetres after two steps).
    func unapply(_ p: SIMD2<Double>) -> SIMD2<Double> {
        var q = p
        for _ in 0..<3 {
            let s = apply(lon: q.x, lat: q.y)
            q += p - s
        }
        return q
    }
}
