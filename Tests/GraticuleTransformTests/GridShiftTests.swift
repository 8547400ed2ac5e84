import Foundation
import GraticuleCore
import GraticuleCRS
@testable import GraticuleTransform
import Testing

/// NTv2 grid shifts against PROJ's `cct` (Fixtures/grid_shifts.csv from tools/oracle/grid_shifts.py):
/// the embedded grids, Debian's CHENYX06a.gsb (proj-data, /usr/share/proj — installed by .ci/run)
/// and ICSM's A66 National with its 20 nested subgrids; forward and inverse within 1 mm, and
/// points outside every subgrid refused (NaN), never shifted by zero.
@Suite struct GridShiftTests {
    static let rows = TransformFixtures.rows("grid_shifts")

    static func gridURL(_ name: String) throws -> URL {
        switch name {
        case "CHENYX06a.gsb": return URL(fileURLWithPath: "/usr/share/proj/CHENYX06a.gsb")
        case "A66_National_13_09_01.gsb":
            return try #require(Bundle.module.url(forResource: "A66_National_13_09_01", withExtension: "gsb",
                                                  subdirectory: "Fixtures/grids"))
        default:
            return try DataFiles.locate("grids/\(name)", bundle: "Graticule_GraticuleTransform")
        }
    }

    @Test(arguments: ["nzgd2kgrid0005.gsb", "BETA2007.gsb", "ntf_r93.gsb", "CHENYX06a.gsb", "A66_National_13_09_01.gsb"])
    func agreesWithPROJ(_ name: String) throws {
        let url = try GridShiftTests.gridURL(name)
        #expect(FileManager.default.isReadableFile(atPath: url.path),
                "\(url.path) missing: install Debian's proj-data (bash .ci/run does)")
        let grid = try GridStore.read(url: url, name: name)
        let shift = HorizontalGridShift(grids: [grid])
        let rows = GridShiftTests.rows.filter { $0[0] == name }
        #expect(rows.count >= 6)
        for r in rows {
            let lon = Double(r[2])!, lat = Double(r[3])!
            var p = [SIMD3(lon * Angle.radiansPerDegree, lat * Angle.radiansPerDegree, 0)]
            p.withUnsafeMutableBufferPointer { r[1] == "inverse" ? shift.inverse($0) : shift.forward($0) }
            if r[4].isEmpty {
                #expect(p[0].x.isNaN && p[0].y.isNaN, "\(name) \(r[1]) (\(lon), \(lat)) is outside every subgrid")
                continue
            }
            let d = TransformFixtures.metres(p[0].x * Angle.degreesPerRadian, p[0].y * Angle.degreesPerRadian,
                                             Double(r[4])!, Double(r[5])!)
            #expect(d < 1e-3, "\(name) \(r[1]) (\(lon), \(lat)): \(d) m from PROJ")
        }
    }

    @Test func a66HasTwentyNestedSubgrids() throws {
        let grid = try GridStore.read(url: try GridShiftTests.gridURL("A66_National_13_09_01.gsb"), name: "A66")
        func count(_ l: [GridLattice]) -> Int { l.reduce(0) { $0 + 1 + count($1.children) } }
        #expect(count(grid.lattices) == 20)
        #expect(grid.lattices.contains { !$0.children.isEmpty })
        // Melbourne lies in MEL_0601, nested in VIC_0601: the finest subgrid wins.
        let l = try #require(grid.lattice(144.96 * Angle.radiansPerDegree, -37.8 * Angle.radiansPerDegree))
        #expect(l.name == "MEL_0601")
        func all(_ l: [GridLattice]) -> [GridLattice] { l + l.flatMap { all($0.children) } }
        let vic = try #require(all(grid.lattices).first { $0.name == "VIC_0601" })
        #expect(vic.children.contains { $0.name == "MEL_0601" })
    }

    /// Through the catalog, with the data directory: CH1903 → CH1903+ uses CHENyx06a.gsb although
    /// the registry names it CHENyx06a.gsb and Debian ships CHENYX06a.gsb (case-insensitive lookup).
    @Test func chenyx06NameCaseAndDataDirectory() throws {
        let store = GridStore()
        let catalog = TransformationCatalog(registry: try Registry.shared, grids: store)
        let lv03 = try SpatialReference(wkid: 21781), lv95 = try SpatialReference(wkid: 2056)
        #expect(try catalog.rankedTransformations(from: lv03, to: lv95).first?.missingGridFiles == ["CHENyx06a.gsb"])
        try catalog.setDataDirectory(URL(fileURLWithPath: "/usr/share/proj"))
        let first = try #require(try catalog.rankedTransformations(from: lv03, to: lv95).first)
        #expect(first.isUsable && first.transformation.code == "EPSG:15486")
        let t = try Transformer(from: lv03, to: lv95, transformation: .default, catalog: catalog)
        // cs2cs -d 6 EPSG:21781 EPSG:2056 (PROJ 9.1.1, with CHENYX06a.gsb linked as the registry's
        // CHENyx06a.gsb on PROJ_DATA): (600000, 200000) → (2600000.083056, 1200000.066080),
        // (700000, 100000) → (2700000.039787, 1099998.954831).
        let a = try t.transform(x: 600_000, y: 200_000), b = try t.transform(x: 700_000, y: 100_000)
        #expect(abs(a.x - 2_600_000.083056) < 1e-3 && abs(a.y - 1_200_000.066080) < 1e-3, "\(a)")
        #expect(abs(b.x - 2_700_000.039787) < 1e-3 && abs(b.y - 1_099_998.954831) < 1e-3, "\(b)")
        #expect(throws: GraticuleError.self) { try catalog.setDataDirectory(URL(fileURLWithPath: "/nonexistent/dir")) }
    }

    /// A missing grid: the operation is listed unusable with its file named, and asking for it is
    /// an error naming the file; Esri path-style names resolve to the registry's alternatives.
    @Test func missingGridsAndEsriNames() throws {
        let store = GridStore()
        let catalog = TransformationCatalog(registry: try Registry.shared, grids: store)
        _ = try catalog.step(wkid: 108057)
        #expect(store.candidateNames(for: "uk/OSTN15_NTv2").contains("uk_os_OSTN15_NTv2_OSGBtoETRS.tif"))
        #expect(store.candidateNames(for: "uk/OSTN15_NTv2").contains("OSTN15_NTv2_OSGBtoETRS.gsb"))
        #expect(store.candidateNames(for: "portugal/DLX_ETRS89_geo").contains("pt_dgt_DLx_ETRS89_geo.tif"))
        let step = try catalog.step(Identifier("EPSG", "7710"))
        #expect(step.missingGridFiles(in: catalog) == ["OSTN15_NTv2_OSGBtoETRS.gsb"])
        let error = #expect(throws: GraticuleError.self) {
            try Transformer(from: SpatialReference(wkid: 27700), to: SpatialReference(wkid: 3857),
                            transformation: .transformation(GeographicTransformation(step: step)), catalog: catalog)
        }
        #expect("\(error.map { "\($0)" } ?? "")".contains("OSTN15_NTv2_OSGBtoETRS.gsb"))
    }

    /// Grid-based transformation end to end: NZGD49 → NZGD2000 with the embedded grid, as cs2cs.
    @Test func embeddedGridThroughTheCatalog() throws {
        let t = try Transformer(from: SpatialReference(wkid: 4272), to: SpatialReference(wkid: 4167))
        #expect(t.transformation?.gridFileNames == ["nzgd2kgrid0005.gsb"])
        let r = try t.transform(x: 174.78, y: -41.3)
        // cs2cs -d 10 EPSG:4272 EPSG:4167 <<< "-41.3 174.78" (PROJ 9.1.1, Debian grid)
        #expect(TransformFixtures.metres(r.x, r.y, 174.780190320229, -41.298275937065) < 1e-3)
        // Outside the grid: reported, not shifted by zero.
        let error = #expect(throws: GraticuleError.self) { try t.transform(x: 150, y: -30) }
        #expect("\(error.map { "\($0)" } ?? "")".contains("outside the grid nzgd2kgrid0005.gsb"))
    }
}

/// NADCON .las/.los through the NADCON reader (Fixtures/grids/beta2007.las/.los, written by
/// tools/oracle/nadcon_grid.py from BETA2007.gsb's nodes in NOAA's layout and read back by GDAL's
/// LOSLAS driver) against PROJ's `cct` applying BETA2007.gsb: the same shifts within 1 mm.
@Suite struct NADCONGridTests {
    @Test func agreesWithPROJ() throws {
        let las = try #require(Bundle.module.url(forResource: "beta2007", withExtension: "las", subdirectory: "Fixtures/grids"))
        let grid = try GridStore.read(url: las, name: "beta2007.las")
        #expect(grid.format == "NADCON")
        let shift = HorizontalGridShift(grids: [grid])
        let rows = TransformFixtures.rows("nadcon_shifts")
        #expect(rows.count == 12)
        for r in rows {
            let lon = Double(r[1])!, lat = Double(r[2])!
            var p = [SIMD3(lon * Angle.radiansPerDegree, lat * Angle.radiansPerDegree, 0)]
            p.withUnsafeMutableBufferPointer { r[0] == "inverse" ? shift.inverse($0) : shift.forward($0) }
            if r[3].isEmpty {
                #expect(p[0].x.isNaN)
                continue
            }
            let d = TransformFixtures.metres(p[0].x * Angle.degreesPerRadian, p[0].y * Angle.degreesPerRadian,
                                             Double(r[3])!, Double(r[4])!)
            #expect(d < 1e-3, "\(r): \(d) m")
        }
    }
}

/// GTX geoid heights: Debian's egm96_15.gtx (proj-data, /usr/share/proj) against PROJ's `cct`
/// (`+proj=vgridshift +grids=egm96_15.gtx +multiplier=1`, PROJ 9.1.1), across the antimeridian too.
@Suite struct GTXGridTests {
    @Test func egm96AgreesWithPROJ() throws {
        let grid = try GridStore.read(url: URL(fileURLWithPath: "/usr/share/proj/egm96_15.gtx"), name: "egm96_15.gtx")
        let v = VerticalGridShift(grids: [grid], multiplier: 1)
        let cases: [(Double, Double, Double)] = [
            (10, 50, 48.0293502808), (-70, -30, 36.6707992554), (135, 35, 36.3552017212), (0, 0, 17.1615791321),
            (179.9, -60, -46.3125434875), (-179.9, 80, 4.4223830223)]
        for (lon, lat, n) in cases {
            let value = try #require(v.value(lon * Angle.radiansPerDegree, lat * Angle.radiansPerDegree))
            #expect(abs(value - n) < 1e-3, "(\(lon), \(lat)): \(value) vs PROJ \(n)")
        }
        // h → H = h − N (Geographic3D to GravityRelatedHeight) and back.
        let geoid = VerticalGridShift(grids: [grid], multiplier: -1)
        var p = [SIMD3(10 * Angle.radiansPerDegree, 50 * Angle.radiansPerDegree, 100.0)]
        p.withUnsafeMutableBufferPointer { geoid.forward($0) }
        #expect(abs(p[0].z - (100 - 48.0293502808)) < 1e-3)
        p.withUnsafeMutableBufferPointer { geoid.inverse($0) }
        #expect(abs(p[0].z - 100) < 1e-9)
    }
}
