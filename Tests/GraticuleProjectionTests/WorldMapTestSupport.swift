import Foundation
import GraticuleCore
import GraticuleCRS
import GraticuleProjection
import GraticuleTransform

/// Helpers for the world-map projection tests (Peirce, Adams, Fuller, Berghaus, Cube).
enum WorldMapTestSupport {
    /// The projection of a registry CRS and its ellipsoid's semi-major axis.
    static func projection(_ crs: String) throws -> any Projection {
        let sr = try SpatialReference(text: crs)
        guard case let .projected(p)? = sr.definition.horizontal else {
            throw GraticuleError.invalidInput("\(crs) is not projected")
        }
        return try p.makeProjection()
    }

    /// Builds a projection from a method name (any spelling the method table knows) and Esri-named
    /// parameters (degrees for angles).
    static func projection(method: String, ellipsoid: Ellipsoid = .wgs84,
                           _ params: [String: Double], angles: Set<String> = []) throws(GraticuleError) -> any Projection {
        var p = ProjectionParameters(methodName: OperationMethod(name: method).canonical.name)
        for (k, v) in params { p.set(angles.contains(k) ? v * Double.pi / 180 : v, name: k) }
        return try ProjectionCatalog.make(ellipsoid: ellipsoid, parameters: p)
    }

    /// Degrees → projected metres.
    static func forward(_ p: any Projection, _ lon: Double, _ lat: Double) -> SIMD2<Double> {
        p.project(SIMD2(lon, lat) * (Double.pi / 180))
    }

    /// Projected metres → degrees.
    static func inverse(_ p: any Projection, _ x: Double, _ y: Double) -> SIMD2<Double> {
        p.unproject(SIMD2(x, y)) * (180 / Double.pi)
    }

    /// The worst round trip forward → inverse over a grid (degrees): the angular error in degrees
    /// (longitude scaled by cos φ) and the distance in metres between the image and the image of
    /// the inverse; infinity where either direction gives NaN.
    static func worstRoundTrip(_ p: any Projection, latitudes: [Double],
                               longitudes: [Double]) -> (degrees: Double, metres: Double) {
        var worstDeg = 0.0, worstM = 0.0
        for lat in latitudes {
            for lon in longitudes {
                let xy = forward(p, lon, lat)
                let back = inverse(p, xy.x, xy.y)
                let deg = max(abs(dLon(back.x, lon)) * cos(lat * .pi / 180), abs(back.y - lat))
                let metres = len(forward(p, back.x, back.y) - xy)
                worstDeg = worse(worstDeg, deg, back.x.isNaN ? .nan : 0)
                worstM = worse(worstM, metres)
            }
        }
        return (worstDeg, worstM)
    }

    /// Longitude difference in degrees reduced to [−180, 180].
    static func dLon(_ a: Double, _ b: Double) -> Double {
        var d = (a - b).truncatingRemainder(dividingBy: 360)
        if d > 180 { d -= 360 } else if d < -180 { d += 360 }
        return d
    }
}

/// Euclidean length of a 2-vector.
func len(_ v: SIMD2<Double>) -> Double { (v * v).sum().squareRoot() }

/// True when the projection's clip region is the whole globe torn along the antimeridian of its
/// central meridian (the region of most world maps).
func isWorldCut(_ p: any Projection) -> Bool {
    p.clipRegion == .globe(cutAt: p.frame.centralMeridian + .pi)
}

extension ClipRegion {
    /// The radius of the region's one cap (nil unless it is exactly one cap and no seam).
    var capRadius: Double? { caps.count == 1 && seams.isEmpty ? caps[0].radius : nil }
    /// The centre of the region's one cap (lon, lat radians).
    var capCenter: SIMD2<Double>? { caps.count == 1 && seams.isEmpty ? caps[0].center : nil }
}

extension ClipRegion.Seam {
    /// (longitude, south, north) in radians when the seam runs along one meridian, else nil.
    var meridian: (longitude: Double, south: Double, north: Double)? {
        guard let lon = path.first(where: { abs($0.y) < .pi / 2 - 1e-12 })?.x,
              path.allSatisfy({ abs($0.y) >= .pi / 2 - 1e-12 || abs(Angle.normalizeRadians($0.x - lon)) < 1e-12 })
        else { return nil }
        let lats = path.map(\.y)
        return (lon, lats.min()!, lats.max()!)
    }
}
