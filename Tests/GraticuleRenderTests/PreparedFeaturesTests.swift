import GraticuleCore
import GraticuleCRS
import GraticuleGeometry
@testable import GraticuleRender
import Testing

/// A vector layer prepared once (`MapLayer.preparedFeatures`) draws its polygons the countries'
/// way (clipped once per region, projected and paired once per scale) and its lines and points
/// as `features` does.
@Suite struct PreparedFeaturesTests {
    /// The Natural Earth 1:110m features, prepared as any user layer is, give the built-in
    /// countries' scene: the same rings, points and paint groups, in items of the layer's name;
    /// with the feature colours set to the countries', the same PNG.
    @Test(arguments: ["EPSG:4326", "EPSG:3857", "ESRI:54030"])
    func naturalEarthAsAUserLayerDrawsAsTheCountries(_ crs: String) throws {
        let sr = try SpatialReference(text: crs)
        let mine = BuiltInLayer(name: "mine", layer: try NaturalEarth.layer(named: "countries110").layer, provenance: "test")
        var style = MapStyle.standard
        (style.featureFill, style.featureStroke, style.featureStrokeWidth) = (style.countryFill, style.countryStroke, style.countryStrokeWidth)
        let builtIn = try MapRenderer(spatialReference: sr, width: 800, height: 400, layers: [.countries(.low)], style: style).scene()
        let user = try MapRenderer(spatialReference: sr, width: 800, height: 400, layers: [.preparedFeatures(mine)], style: style).scene()
        ProjectedCountriesTests.compare(builtIn, user, crs)
        #expect(user.items.allSatisfy { $0.layer == "mine" })
        // In the standard style the same rings take the feature colours.
        let standard = try MapRenderer(spatialReference: sr, width: 800, height: 400, layers: [.preparedFeatures(mine)]).scene()
        #expect(standard.items.allSatisfy { $0.fill == MapStyle.standard.featureFill && $0.stroke == MapStyle.standard.featureStroke })
        #expect(zip(builtIn.items, user.items).allSatisfy { $0.edgeSkips?.flags == $1.edgeSkips?.flags })
        #expect(try MapRenderer.png(of: builtIn) == MapRenderer.png(of: user))
    }

    /// Lines and points of a prepared layer are drawn as `features` draws them.
    @Test func linesAndPointsAreKept() throws {
        let schema = LayerSchema(fields: [], geometryType: .unknown, spatialReference: try SpatialReference(text: "EPSG:4326"))
        let features = [
            Feature(geometry: .polygon(Polygon(rings: [[SIMD2(1, 1), SIMD2(1, 10), SIMD2(10, 10), SIMD2(10, 1)]])), attributes: []),
            Feature(geometry: .polyline(Polyline(paths: [[SIMD2(-40, -20), SIMD2(-20, -20)]])), attributes: []),
            Feature(geometry: .point(Point(x: -30, y: 20)), attributes: []),
        ]
        let layer = FeatureLayer(name: "mixed", schema: schema, features: features)
        let sr = try SpatialReference(text: "EPSG:4326")
        let prepared = try MapRenderer(spatialReference: sr, width: 512, height: 256,
                                       layers: [.preparedFeatures(BuiltInLayer(name: "mixed", layer: layer, provenance: ""))]).scene()
        let plain = try MapRenderer(spatialReference: sr, width: 512, height: 256, layers: [.features(layer)]).scene()
        #expect(prepared.items.map(\.layer) == ["mixed", "mixed", "points"])
        #expect(plain.items.map(\.layer) == ["mixed", "mixed", "points"])
        ProjectedCountriesTests.compare(plain, prepared, "mixed")
        // A layer's own style colours its polygons and lines (lines at least 1 px), not the
        // layers after it; the margin of the view grows with its width.
        let own = FeatureStyle(fill: MapColor(red: 200, green: 0, blue: 0, alpha: 100), stroke: .black, strokeWidth: 3,
                               pointFill: MapColor(red: 0, green: 170, blue: 0), pointRadius: 5)
        let styled = try MapRenderer(spatialReference: sr, width: 512, height: 256,
                                     layers: [.preparedFeatures(BuiltInLayer(name: "mixed", layer: layer, provenance: ""), style: own),
                                              .features(layer)]).scene()
        #expect(styled.items.map(\.layer) == ["mixed", "mixed", "points", "mixed", "mixed", "points"])
        #expect(styled.items[0].fill == own.fill && styled.items[0].stroke == .black && styled.items[0].strokeWidth == 3)
        #expect(styled.items[1].fill == nil && styled.items[1].stroke == .black && styled.items[1].strokeWidth == 3)
        #expect(styled.items[3].fill == MapStyle.standard.featureFill && styled.items[4].stroke == MapStyle.standard.featureStroke)
        // Its points: a dot of its colour and radius (the unstyled layer's: the map style's).
        let dot = styled.items[2].paths[0].map(\.x), plainDot = styled.items[5].paths[0].map(\.x)
        #expect(styled.items[2].fill == own.pointFill && abs(dot.max()! - dot.min()! - 10) < 1e-9)
        #expect(styled.items[5].fill == MapStyle.standard.pointFill && abs(plainDot.max()! - plainDot.min()! - 2 * MapStyle.standard.pointRadius) < 1e-9)
    }
}
