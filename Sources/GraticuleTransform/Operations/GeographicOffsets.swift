import GraticuleCore

/// Constant offsets of geographic coordinates and heights: Geographic2D offsets (EPSG 9619),
/// Geographic3D offsets (9660), Geographic2D with Height Offsets (9618), Longitude rotation
/// (9601) and Vertical Offset (9616), as PROJ's `geogoffset`. Exact and exactly invertible.
public struct GeographicOffsets: DatumOperation, Hashable {
    /// Longitude, latitude (radians) and height (metres) added by the forward operation.
    public var offset: SIMD3<Double>

    public init(longitude: Double = 0, latitude: Double = 0, height: Double = 0) {
        offset = SIMD3(longitude, latitude, height)
    }

    public func forward(_ points: UnsafeMutableBufferPointer<SIMD3<Double>>) {
        for i in points.indices { points[i] += offset }
    }

    public func inverse(_ points: UnsafeMutableBufferPointer<SIMD3<Double>>) {
        for i in points.indices { points[i] -= offset }
    }

    public var projSteps: [String] {
        let arcsec = 1 / Angle.radiansPerArcSecond
        return ["+proj=geogoffset +dlat=\(offset.y * arcsec) +dlon=\(offset.x * arcsec) +dh=\(offset.z)"]
    }
}
