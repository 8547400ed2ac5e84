import Foundation
@testable import GraticuleServer
import GraticuleCore
import GraticuleRender
import Testing

/// A vector file's `NAME.style.json` (simplestyle-spec 1.1.0 keys), and the files the live
/// server's vector directory styles (tools/oracle/server_vectors.py: overlaps in #d81b60 at
/// opacity 0.5 with a 2 px black outline; squares_3857's style misspells a key, so it keeps the
/// map style's colours).
@Suite struct VectorStyleTests {
    static func parse(_ json: String) throws(GraticuleError) -> FeatureStyle { try VectorStyle.parse(Data(json.utf8)).style }

    @Test func keysReplaceTheMapStyle() throws {
        let s = try Self.parse("{\"fill\": \"#d81b60\", \"fill-opacity\": 0.5, \"stroke\": \"#000\", \"stroke-width\": 2}")
        #expect(s.fill == MapColor(red: 0xD8, green: 0x1B, blue: 0x60, alpha: 128))  // 255 × 0.5, rounded
        #expect(s.stroke == MapColor(red: 0, green: 0, blue: 0) && s.strokeWidth == 2)
        // Keys left out keep the map style's.
        let partial = try Self.parse("{\"stroke-opacity\": 0.2}")
        #expect(partial.fill == MapStyle.standard.featureFill && partial.strokeWidth == MapStyle.standard.featureStrokeWidth)
        #expect(partial.stroke.alpha == 51)
        // An opacity multiplies a colour's own alpha (#rrggbbaa).
        #expect(try Self.parse("{\"fill\": \"#10203080\", \"fill-opacity\": 0.5}").fill == MapColor(red: 0x10, green: 0x20, blue: 0x30, alpha: 64))
        #expect(try Self.parse("{}") == FeatureStyle(.standard))
        // Points: simplestyle's marker keys (sizes as 2, 3 and 5 px radii).
        let marker = try Self.parse("{\"marker-color\": \"#0a0\", \"marker-size\": \"large\"}")
        #expect(marker.pointFill == MapColor(red: 0, green: 0xAA, blue: 0) && marker.pointRadius == 5)
        #expect(marker.scaled(by: 2).pointRadius == 10)
        #expect(try Self.parse("{\"marker-size\": \"small\"}").pointRadius == 2)
    }

    @Test(arguments: [
        ("[1]", "JSON object"), ("not json", "JSON object"), ("{\"fill\": \"red\"}", "fill"), ("{\"fill\": 3}", "fill"),
        ("{\"stroke\": \"#12345\"}", "stroke"), ("{\"fill-opacity\": 1.5}", "fill-opacity"), ("{\"stroke-width\": -1}", "stroke-width"),
        ("{\"stroke-width\": 21}", "stroke-width"), ("{\"stroke-width\": true}", "stroke-width"), ("{\"stroke-widht\": 3}", "stroke-widht"),
        ("{\"marker-color\": \"white\"}", "marker-color"), ("{\"marker-size\": \"huge\"}", "marker-size"),
        ("{\"marker-symbol\": \"rail\"}", "marker-symbol"),
    ])
    func badSidecars(json: String, named: String) {
        #expect {
            _ = try Self.parse(json)
        } throws: { error in
            (error as? GraticuleError)?.description.contains(named) == true
        }
    }

    @Test func sidecarsAreNoLayers() {
        #expect(VectorStyle.isSidecar("overlaps.style.json") && VectorStyle.isSidecar("A.STYLE.JSON"))
        #expect(!VectorStyle.isSidecar("overlaps.json") && !VectorStyle.isSidecar("style.geojson"))
    }

    /// The server draws each file in its own colours (SVG names them), scaled with the pixel
    /// ratio; a file without a usable style keeps the map style's.
    @Test func mapsUseTheFilesStyles() async throws {
        func svg(_ layer: String, dpi: Int = 96) async throws -> String {
            let r = try await LiveServer.request("/wms?SERVICE=WMS&VERSION=1.3.0&REQUEST=GetMap&LAYERS=\(layer)&STYLES="
                + VectorLayerRouteTests.world + "&FORMAT=image/svg%2Bxml&DPI=\(dpi)")
            #expect(r.status == 200, "\(r.text)")
            return r.text
        }
        let overlaps = try await svg("overlaps")
        #expect(overlaps.contains("fill=\"#d81b60\" fill-opacity=\"0.502\" stroke=\"#000000\" stroke-width=\"2\""), "\(overlaps.prefix(600))")
        #expect(try await svg("overlaps", dpi: 192).contains("stroke=\"#000000\" stroke-width=\"4\""))
        let standard = MapStyle.standard
        for layer in ["squares", "squares_3857"] {
            let text = try await svg(layer)
            #expect(text.contains("fill=\"\(standard.featureFill.svgHex)\"") && !text.contains("#ff0000"), "\(layer)")
        }
    }

    @Test func legendUsesTheFilesStyle() throws {
        let style = try Self.parse("{\"fill\": \"#d81b60\", \"fill-opacity\": 0.5, \"stroke\": \"#000\", \"stroke-width\": 2}")
        let swatch = GraticuleServer.legendImage(.swatch(label: "overlaps", features: style), width: 20, height: 20)
        #expect(swatch.pixel(x: 10, y: 10) == SIMD4(0xD8, 0x1B, 0x60, 128))
    }
}
