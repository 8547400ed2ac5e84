import Foundation
import GraticuleCore
import GraticuleCRS
import GraticuleGeometry
import GraticuleProjection
import GraticuleTransform

/// How a spatial reference draws the sphere: its projection kernel (plate carrée in the CRS's
/// angular unit for a geographic CRS), prime meridian, units and axes, and the region of the
/// sphere it draws (`ClipRegion`).
///
/// Frame: longitudes and latitudes in radians from the base CRS's prime meridian (what
/// `Projection.project` and `ClipRegion` take). Data in WGS 84 longitude/latitude degrees goes
/// through the default datum transformation from EPSG:4326 to the CRS's datum first
/// (`datumShift`: PROJ's rule, what cs2cs shows; none on the same datum or when only a ballpark
/// is known).
struct MapProjection: Sendable {
    /// The kernel; nil for a geographic CRS (x = λ, y = φ in its angular unit).
    let projection: (any Projection)?
    /// Map units per radian (geographic CRSs) — unused for projected ones.
    let unitsPerRadian: Double
    /// Metres per map unit (projected CRSs).
    let metresPerUnit: Double
    /// Prime meridian of the base CRS, degrees east of Greenwich.
    let primeMeridianDegrees: Double
    let axes: AxisMap
    /// The region of the sphere the map draws.
    let region: ClipRegion
    /// Semi-major axis of the ellipsoid, metres.
    let semiMajorAxis: Double
    /// Approximate metres on the ground per map unit (for levels of detail).
    let groundMetresPerUnit: Double
    /// WGS 84 → the CRS's datum (nil: none needed or none known).
    let datumShift: DatumShift?

    init(_ sr: SpatialReference) throws(GraticuleError) {
        guard let horizontal = sr.definition.horizontal else {
            throw .unsupported("\(sr) is not a horizontal CRS: cannot draw a map in it")
        }
        switch horizontal {
        case let .projected(p):
            let projection = try p.makeProjection()
            self.projection = projection
            let unit = p.coordinateSystem.unit ?? .metre
            metresPerUnit = unit.exactFactor
            unitsPerRadian = 1
            primeMeridianDegrees = p.base.datum.primeMeridian.longitudeDegrees
            axes = AxisMap(from: projection.outputAxes, to: p.coordinateSystem)
            region = projection.clipRegion
            semiMajorAxis = projection.frame.ellipsoid.semiMajorAxis
            groundMetresPerUnit = metresPerUnit
        case let .geodetic(g):
            guard g.kind != .geocentric else { throw .unsupported("geocentric CRS \(sr): cannot draw a map in it") }
            projection = nil
            let unit = g.coordinateSystem.unit ?? .degree
            let radiansPerUnit = unit.kind == .angle ? unit.exactFactor : Angle.radiansPerDegree
            unitsPerRadian = 1 / radiansPerUnit
            metresPerUnit = 1
            primeMeridianDegrees = g.datum.primeMeridian.longitudeDegrees
            axes = .identity
            region = .globe(cutAt: .pi)
            semiMajorAxis = g.datum.ellipsoid.semiMajorAxis
            groundMetresPerUnit = radiansPerUnit * semiMajorAxis
        default:
            throw .unsupported("\(sr) is not a horizontal CRS: cannot draw a map in it")
        }
        datumShift = DatumShift(sr)
    }

    private static let cache = BoundedCache<SpatialReference, MapProjection>(capacity: 64)

    /// The map projection of `sr`, built once per process (the kernel, its region and the datum
    /// transformation the catalog ranks first: a few hundred microseconds that every map, tile and
    /// hit test in that spatial reference would otherwise pay again).
    static func cached(_ sr: SpatialReference) throws(GraticuleError) -> MapProjection {
        if let hit = cache.value(for: sr) { return hit }
        let built = try MapProjection(sr)
        cache.insert(built, for: sr)
        return built
    }

    static func clearCache() { cache.removeAll() }

    /// WGS 84 geometry shifted to the CRS's datum (Greenwich degrees; itself when no shift applies).
    func shifted(_ polygon: Polygon) -> Polygon { datumShift?.apply(polygon) ?? polygon }

    /// WGS 84 points shifted to the CRS's datum (Greenwich degrees).
    func shift(_ points: inout [SIMD2<Double>]) { datumShift?.apply(&points) }

    /// Frame longitude/latitude (radians) → map x/y in the CRS's units; NaN outside the domain.
    @inline(__always)
    func forward(_ ll: SIMD2<Double>) -> SIMD2<Double> {
        guard let projection else {
            var lon = ll.x
            if lon < -.pi || lon > .pi { lon = Angle.normalizeRadians(lon) }
            return SIMD2(lon, ll.y) * unitsPerRadian
        }
        let xy = projection.project(ll)
        return axes.apply(xy / metresPerUnit)
    }

    /// `forward` on a buffer in place (frame radians → map units): one call into the kernel's
    /// batch loop (paired SIMD kernels where the method has them) instead of one per point.
    func forward(_ points: UnsafeMutableBufferPointer<SIMD2<Double>>) {
        guard let projection else {
            for i in points.indices { points[i] = forward(points[i]) }
            return
        }
        projection.forward(points, inputScale: 1, longitudeOffset: 0, outputScale: 1 / metresPerUnit)
        if !axes.isIdentity { for i in points.indices { points[i] = axes.apply(points[i]) } }
    }

    /// Map x/y in the CRS's units → frame longitude/latitude (radians); NaN outside the domain.
    func inverse(_ xy: SIMD2<Double>) -> SIMD2<Double> {
        guard let projection else {
            let ll = xy / unitsPerRadian
            guard abs(ll.y) <= .pi / 2, abs(ll.x) <= .pi else { return SIMD2(.nan, .nan) }
            return ll
        }
        return projection.unproject(axes.unapply(xy) * metresPerUnit)
    }

    /// WGS 84 (Greenwich) longitude/latitude degrees → frame radians (datum shift included).
    func frame(lon: Double, lat: Double) -> SIMD2<Double> {
        let p = datumShift?.apply(lon: lon, lat: lat) ?? SIMD2(lon, lat)
        return SIMD2(p.x - primeMeridianDegrees, p.y) * Angle.radiansPerDegree
    }

    /// Frame radians → WGS 84 (Greenwich) longitude/latitude degrees (longitude in [−180, 180];
    /// the datum shift undone).
    func greenwich(_ ll: SIMD2<Double>) -> SIMD2<Double> {
        var p = SIMD2(ll.x * Angle.degreesPerRadian + primeMeridianDegrees, ll.y * Angle.degreesPerRadian)
        if let datumShift { p = datumShift.unapply(p) }
        var lon = p.x.truncatingRemainder(dividingBy: 360)
        if lon > 180 { lon -= 360 } else if lon < -180 { lon += 360 }
        return SIMD2(lon, p.y)
    }
}
