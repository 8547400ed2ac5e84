import Foundation
import GraticuleCore
import GraticuleGeometry

/// What lies under a pixel of a map.
public struct MapHit: Sendable, Hashable {
    /// WGS 84 (Greenwich) longitude and latitude, degrees.
    public var longitude: Double
    public var latitude: Double
    /// The map point in the spatial reference's units (x/y).
    public var mapX: Double
    public var mapY: Double
    /// The country under the point (Natural Earth `ADM0_A3` and `ADMIN`), nil over the sea.
    public var countryCode: String?
    public var countryName: String?
    /// Index of the country's feature in the countries layer, nil over the sea.
    public var featureIndex: Int?
}

extension MapRenderer {
    /// Largest distance (pixels) between a pixel and the image of its inverse-projected point for
    /// the pixel to count as on the map.
    public static let hitTolerance = 0.5

    /// The point of the sphere under a pixel and the country there.
    ///
    /// The pixel (continuous, y down) becomes a map point, then longitude/latitude by the inverse
    /// projection; the point is accepted only when it lies in the region the projection draws and
    /// projects back within half a pixel (this rejects the gaps between lobes, the far side of a
    /// globe and anything beyond the outline). The country comes from the spherical index of the
    /// countries layer the map draws (1:110m, or 1:10m when zoomed in).
    /// - Returns: nil off the map; a hit with nil country over the sea.
    public func hitTest(pixelX: Double, pixelY: Double) -> MapHit? {
        guard pixelX.isFinite, pixelY.isFinite else { return nil }
        let xy = view.map(SIMD2(pixelX, pixelY))
        let ll = projection.inverse(xy)
        guard ll.x.isFinite, ll.y.isFinite, clipper.contains(UnitSphere.vector(ll)) else { return nil }
        let back = view.pixel(projection.forward(ll))
        let d = back - SIMD2(pixelX, pixelY)
        guard (d * d).sum() <= MapRenderer.hitTolerance * MapRenderer.hitTolerance else { return nil }
        let g = projection.greenwich(ll)
        var hit = MapHit(longitude: g.x, latitude: g.y, mapX: xy.x, mapY: xy.y)
        let resolution = layers.lazy.compactMap { if case let .countries(r) = $0 { return r } else { return nil } }.first
        if let layer = try? NaturalEarth.layer(named: countriesLayerName(resolution ?? .automatic)),
           let i = layer.index.firstContaining(lon: g.x, lat: g.y) {
            let schema = layer.layer.schema
            hit.featureIndex = i
            hit.countryCode = layer.layer.features[i].value("ADM0_A3", in: schema)?.stringValue
            hit.countryName = layer.layer.features[i].value("ADMIN", in: schema)?.stringValue
        }
        return hit
    }
}
