@testable import GraticuleCRS
import GraticuleCore
import Testing

@Suite struct DebugTests {
    @Test func debug() throws {
        for id in ["ESRI:102237", "ESRI:53037"] {
            let sr = try SpatialReference(text: id)
            print(sr.definition.projected!.conversion)
            let t = try sr.export("wkt1")
            print(t)
            print(try SpatialReference(text: t).definition.projected!.conversion)
        }
        let e = CRSTextFixture.shared.entries.first { $0.id == "EPSG:27561" && $0.format == "wkt1" }!
        print(e.text)
        let p = try SpatialReference(text: e.text)
        print(p.definition.geodetic!.datum)
        print(try SpatialReference(text: "EPSG:27561").definition.geodetic!.datum)
    }
}
