import Foundation
@testable import GraticuleServer
import GraticuleRaster
import Testing

/// WMS GetLegendGraphic: the route (sizes, formats, ServiceExceptions), the capabilities'
/// LegendURLs, and the legends' pixels against the colours they stand for (the NDVI ramp's end
/// stops, −1 → (5, 24, 82) and 1 → (0, 69, 41); the map style's country fill E8E4D8 and border 666666).
@Suite struct LegendGraphicTests {
    static func close(_ a: SIMD4<UInt8>, _ b: (Int, Int, Int), within d: Int) -> Bool {
        abs(Int(a.x) - b.0) <= d && abs(Int(a.y) - b.1) <= d && abs(Int(a.z) - b.2) <= d && a.w == 255
    }

    @Test func rampBarRunsFromHighToLow() {
        let bar = GraticuleServer.legendImage(.ramp(.ndvi), width: 20, height: 100)
        #expect(bar.width == 20 && bar.height == 100)
        // Row 0 shows 0.99, the last row −0.99: the ramp's ends within a level or two.
        #expect(Self.close(bar.pixel(x: 10, y: 0), (0, 69, 41), within: 2), "\(bar.pixel(x: 10, y: 0))")
        #expect(Self.close(bar.pixel(x: 10, y: 99), (5, 24, 82), within: 2), "\(bar.pixel(x: 10, y: 99))")
        #expect(bar.pixel(x: 0, y: 40) == bar.pixel(x: 19, y: 40))
        let wide = GraticuleServer.legendImage(.ramp(.ndvi), width: 100, height: 20)
        #expect(Self.close(wide.pixel(x: 0, y: 10), (5, 24, 82), within: 2) && Self.close(wide.pixel(x: 99, y: 10), (0, 69, 41), within: 2))
    }

    @Test func swatchIsFillInsideBorder() {
        let swatch = GraticuleServer.legendImage(.swatch, width: 20, height: 20)
        #expect(Self.close(swatch.pixel(x: 10, y: 10), (0xE8, 0xE4, 0xD8), within: 0))
        #expect(swatch.pixel(x: 0, y: 0).w == 0)  // transparent around the box
        #expect(Self.close(swatch.pixel(x: 2, y: 10), (0x66, 0x66, 0x66), within: 0), "\(swatch.pixel(x: 2, y: 10))")
    }

    @Test func route() async throws {
        let base = "/wms?SERVICE=WMS&REQUEST=GetLegendGraphic&VERSION=1.3.0"
        let countries = try await LiveServer.request(base + "&LAYER=countries&FORMAT=image/png")
        #expect(countries.status == 200 && countries.contentType == "image/png")
        #expect(pngSize(countries.body)! == (20, 20))
        let ndvi = try await LiveServer.request(base + "&LAYER=ndvi&FORMAT=image/jpeg&WIDTH=120&HEIGHT=16&STYLE=default")
        #expect(ndvi.status == 200 && ndvi.contentType == "image/jpeg")
        #expect(jpegSize(ndvi.body)! == (120, 16))
        for (query, code) in [("", "MissingParameterValue"), ("&LAYER=nope", "LayerNotDefined"),
                              ("&LAYER=ndvi&STYLE=fancy", "StyleNotDefined"), ("&LAYER=ndvi&FORMAT=image/gif", "InvalidFormat"),
                              ("&LAYER=ndvi&WIDTH=0", "InvalidParameterValue"), ("&LAYER=ndvi&HEIGHT=513", "InvalidParameterValue")] {
            let r = try await LiveServer.request(base + query)
            #expect(r.status == 400 && r.text.contains("<ServiceException code=\"\(code)\">"), "\(query): \(r.text.prefix(300))")
        }
    }

    @Test func capabilitiesNameTheLegends() async throws {
        let v13 = try await LiveServer.request("/wms?SERVICE=WMS&REQUEST=GetCapabilities&VERSION=1.3.0")
        #expect(v13.text.contains("xmlns:sld=\"http://www.opengis.net/sld\""))
        #expect(v13.text.contains("<sld:GetLegendGraphic><Format>image/png</Format><Format>image/jpeg</Format>"))
        #expect(v13.text.contains("<LegendURL width=\"20\" height=\"100\"><Format>image/png</Format>"))
        #expect(v13.text.contains("REQUEST=GetLegendGraphic&amp;VERSION=1.3.0&amp;FORMAT=image/png&amp;LAYER=ndvi\""))
        let v11 = try await LiveServer.request("/wms?SERVICE=WMS&REQUEST=GetCapabilities&VERSION=1.1.1")
        #expect(v11.text.contains("<LegendURL width=\"20\" height=\"20\">") && !v11.text.contains("sld:"))
    }
}
