import Testing
@testable import GraticuleRaster

/// `ColorRamp.named`, which reads a request's `ramp` parameter: `ramp=` and `ramp=:` once
/// trapped the server (an index into an empty split). Anything but a ramp name is nil.
@Suite struct ColorRampNameTests {
    @Test(arguments: ["", ":", "::", ",", "grey", "grey:", "grey:1", "grey:1,", "grey:,1", "grey:1,2,3", "grey:2,1", "grey:1,1",
                      "grey:nan,1", "grey:-inf,1", "grey:0,inf", "grey:-1e308,1e308", "terrain:1e999,2", "ndvi:", "ndvi:0,1",
                      "plasma:0,1", ":0,1", "grey:" + String(repeating: "1", count: 100) + ",2", "grey:\u{0}0,1"])
    func refused(_ text: String) {
        #expect(ColorRamp.named(text) == nil, "\(text.debugDescription)")
    }

    @Test func accepted() {
        #expect(ColorRamp.named("ndvi") == .ndvi)
        #expect(ColorRamp.named("NDVI") == .ndvi)
        #expect(ColorRamp.named("grey:0,255") == .grey(min: 0, max: 255))
        #expect(ColorRamp.named("gray: -5 , 5") == .grey(min: -5, max: 5))
        #expect(ColorRamp.named("terrain:-412,8848") == .terrain(min: -412, max: 8848))
    }
}
