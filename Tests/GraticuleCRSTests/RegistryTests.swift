import GraticuleCore
import GraticuleCRS
import Testing

@Suite struct RegistryTests {
    let registry = try! Registry.shared

    /// The generator recorded the counts of its source (proj.db of pyproj 3.7.2) next to the counts
    /// it wrote; every kind of object must have been carried over.
    @Test func countsMatchTheSource() throws {
        let meta = try registry.metadata()
        #expect(meta["source.proj_version"] == "9.5.1")
        #expect(meta["source.epsg_version"] == "v11.022")
        #expect(meta["source.esri_version"] == "ArcGIS Pro 3.4")
        let sourceKeys = meta.keys.filter { $0.hasPrefix("source_count.") }
        #expect(sourceKeys.count > 20)
        for key in sourceKeys {
            let kind = String(key.dropFirst("source_count.".count))
            #expect(meta["count.\(kind)"] == meta[key], "\(kind): wrote \(meta["count.\(kind)"] ?? "-"), source \(meta[key]!)")
        }
    }

    /// The counts the issue states for PROJ 9.5.1 / EPSG v11.022.
    @Test func projectedCRSCountsAreThoseOfTheSource() throws {
        func current(_ authority: String, _ type: Registry.CRSType) throws -> Int {
            try registry.crsIdentifiers(types: [type]).filter { $0.id.authority == authority && !$0.deprecated }.count
        }
        #expect(try current("EPSG", .projected) == 5275)
        #expect(try current("ESRI", .projected) == 1065)
        #expect(try current("EPSG", .geographic2D) == 585)
    }

    /// Every geographic and projected CRS of EPSG and ESRI (deprecated ones too) resolves by code.
    @Test func everyGeographicAndProjectedCRSResolves() throws {
        let ids = try registry.crsIdentifiers(types: [.geographic2D, .geographic3D, .projected])
            .filter { $0.id.authority == "EPSG" || $0.id.authority == "ESRI" }
        #expect(ids.count == 5275 + 361 + 1065 + 1151 + 585 + 78 + 219 + 32 + 242 + 183 + 10 + 1)
        var failures: [String] = []
        for (id, deprecated) in ids {
            do {
                let sr = try SpatialReference(authority: id.authority, code: id.code)
                if sr.isDeprecated != deprecated { failures.append("\(id): deprecation flag") }
                if sr.identifier != id { failures.append("\(id): identifier") }
                if sr.isProjected != (sr.definition.projected != nil) { failures.append("\(id): kind") }
                if sr.ellipsoid == nil { failures.append("\(id): no ellipsoid") }
            } catch {
                failures.append("\(id): \(error)")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) failures: \(failures.prefix(20))")
    }

    @Test func bareWKIDsResolveAsArcGISDoes() throws {
        #expect(try SpatialReference(wkid: 4326).identifier == Identifier("EPSG", 4326))
        #expect(try SpatialReference(wkid: 102100).identifier == Identifier("ESRI", 102100))
        #expect(try SpatialReference(wkid: 54050).identifier == Identifier("ESRI", 54050))
        #expect(try SpatialReference(wkid: 102100).latestWKID == 3857)
        #expect(try SpatialReference(wkid: 3857).latestWKID == 3857)
    }

    @Test func unknownCodesNameTheCode() {
        #expect(throws: GraticuleError.unknownCode(authority: "", code: "99999")) { try SpatialReference(wkid: 99999) }
        #expect(throws: GraticuleError.unknownCode(authority: "EPSG", code: "1")) {
            try SpatialReference(authority: "EPSG", code: 1)
        }
        #expect("\(GraticuleError.unknownCode(authority: "", code: "99999"))" == "unknown WKID 99999")
    }

    @Test func deprecatedCodeReportsItsReplacement() throws {
        // EPSG:3785 "Popular Visualisation CRS / Mercator" was replaced by EPSG:3857.
        let sr = try SpatialReference(authority: "EPSG", code: 3785)
        #expect(sr.isDeprecated)
        #expect(sr.replacedBy.contains(Identifier("EPSG", 3857)))
        #expect(sr.latestWKID == 3857)
    }

    @Test func propertiesOfTheMongoliaWorkflowCRS() throws {
        let sr = try SpatialReference(wkid: 28413)
        #expect(sr.name == "Pulkovo 1942 / Gauss-Kruger zone 13")
        #expect(sr.isProjected && !sr.isGeographic)
        #expect(sr.ellipsoid?.semiMajorAxis == 6_378_245)
        #expect(sr.ellipsoid?.inverseFlattening == 298.3)
        #expect(sr.baseGeographic?.wkid == 4284)
        #expect(sr.axes.map(\.direction) == ["north", "east"])
        #expect(sr.unit == .metre)
        let area = try #require(sr.areaOfUse)
        #expect(area.west == 72 && area.east == 78)
        #expect(!sr.isPannable)
        #expect(try SpatialReference(wkid: 3857).isPannable)
        #expect(try SpatialReference(wkid: 4326).isPannable)
    }
}
