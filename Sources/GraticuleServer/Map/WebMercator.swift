import Foundation

/// Web Mercator (EPSG:3857) on its sphere of radius 6,378,137 m, in closed form: the boxes the
/// WMS and WMTS capabilities state and the WebMercatorQuad grid.
enum WebMercator {
    /// Half the width of the world in metres (π · 6378137): the square world's edge.
    static let half = 20037508.342789244
    /// The latitude of that edge (degrees): the poles are beyond the map.
    static let maxLatitude = 85.051128779806604

    /// A longitude and latitude (degrees) in metres: x = R·λ, y = R·ln tan(π/4 + φ/2), the
    /// latitude clamped to ±`maxLatitude` and y to ±`half`.
    static func metres(longitude: Double, latitude: Double) -> (x: Double, y: Double) {
        let phi = min(max(latitude, -maxLatitude), maxLatitude) * .pi / 180
        let y = min(max(6378137 * log(tan(.pi / 4 + phi / 2)), -half), half)
        return (longitude / 180 * half, y)
    }
}
