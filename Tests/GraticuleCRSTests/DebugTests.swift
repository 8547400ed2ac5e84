@testable import GraticuleCRS
import GraticuleCore
import Testing

@Suite struct DebugTests {
    @Test func debug() throws {
        let sr = try SpatialReference(text: "EPSG:32744")
        let c = sr.definition.projected!.conversion
        for p in c.parameters { print(p.name, p.value, p.siValue, p.normalizedValue, p.unit as Any) }
        print(Conversion.utmName(c) as Any)
    }
}
