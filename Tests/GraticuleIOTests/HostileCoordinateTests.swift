import Foundation
import Testing
@testable import GraticuleIO
import GraticuleCore
import GraticuleGeometry

/// Files whose coordinates no computation can use are refused where they enter
/// (`VectorDataset.read` → `FeatureLayer.checkCoordinates`), with the file and the feature named:
/// a polygon at ±9e307 once loaded into a server and trapped every GetFeatureInfo over it.
@Suite struct HostileCoordinateTests {
    @Test(arguments: [
        ("huge_coordinates.geojson", "feature id 1 (polygon)", "outside longitude ±540, latitude ±90: (-9e+307, -9e+307)"),
        // The JSON reader refuses a number that overflows a double where it reads it.
        ("overflowing_number.geojson", "offset 124", "number out of range"),
        ("latitude_91.geojson", "feature id 0 (polyline)", "latitude ±90: (10.0, 91.0)"),
    ])
    func refusedWithFileAndFeatureNamed(file: String, feature: String, reason: String) throws {
        let path = try fixture("hostile/\(file)").path
        let error = try #require(throws: GraticuleError.self) { try VectorDataset.read(path) }
        let message = error.description
        #expect(message.contains(path), "\(message)")
        #expect(message.contains(feature), "\(message)")
        #expect(message.contains(reason), "\(message)")
    }

    /// A projected layer has no longitude/latitude bounds: large finite coordinates are read
    /// (a projection's inverse decides what they mean).
    @Test func projectedLargeFiniteCoordinatesAreRead() throws {
        let layer = try VectorDataset.read(try fixture("hostile/projected_large.geojson").path)
        #expect(layer.features.count == 1)
    }

    /// An empty point is NaN by WKB's convention, not a bad coordinate.
    @Test func emptyPointsPass() throws {
        let layer = FeatureLayer(name: "e", schema: LayerSchema(fields: [], geometryType: .point),
                                 features: [Feature(geometry: .point(Point(x: .nan, y: .nan)), attributes: [])])
        try layer.checkCoordinates(source: "e")
    }
}
