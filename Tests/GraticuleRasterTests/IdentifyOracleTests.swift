import Foundation
import GraticuleCRS
import GraticuleCore
import GraticuleGeometry
import GraticuleIO
import GraticuleRaster
import Testing

/// Identify against gdallocationinfo (GDAL 3.6.2) on every file of the variant matrix and the real
/// files: the same cell for every point, the same value in every band (bit for bit for lossless
/// files; gdallocationinfo prints doubles with 15 significant digits, so Float64 values are
/// compared to that precision and Float32 ones exactly after rounding to Float32).
@Suite struct IdentifyOracleTests {
    @Test(arguments: RasterFixtures.tables)
    func agreesWithGdallocationinfo(_ table: RasterFixtures.Table) throws {
        let rows = table.rows
        #expect(rows.count >= 300)
        let wgs84 = try SpatialReference(wkid: 4326)
        for file in table.files {
            let raster = try RasterFixtures.open(file)
            if RasterFixtures.unsupportedCodecs.contains(raster.layout.compression.name) {
                // Graticule does not decode this codec: every inside point must say so clearly.
                let inside = rows.first { $0.cell != nil }!
                #expect(throws: GraticuleError.self) {
                    _ = try raster.identify(at: Point(x: inside.x, y: inside.y), spatialReference: table.kind == "wgs84" ? wgs84 : nil)
                }
                do {
                    _ = try raster.identify(at: Point(x: inside.x, y: inside.y), spatialReference: table.kind == "wgs84" ? wgs84 : nil)
                } catch {
                    #expect(error.description.contains(raster.layout.compression.name), "\(file): \(error)")
                }
                continue
            }
            let operation = try raster.coordinateOperation(from: table.kind == "wgs84" ? wgs84 : nil)
            let mask = RasterFixtures.masks[file]
            var mismatches = 0
            for (i, row) in rows.enumerated() {
                let cell = try raster.identify(at: Point(x: row.x, y: row.y), using: operation)
                guard let expected = row.cell else {
                    if cell != nil { mismatches += 1 }
                    #expect(cell == nil, "\(file) (\(row.x), \(row.y)): GDAL says outside, Graticule cell \(cell!.column), \(cell!.row)")
                    continue
                }
                guard let cell else {
                    mismatches += 1
                    Issue.record("\(file) (\(row.x), \(row.y)): GDAL cell \(expected), Graticule outside")
                    continue
                }
                if cell.column != expected.column || cell.row != expected.row {
                    mismatches += 1
                    Issue.record("\(file) (\(row.x), \(row.y)): GDAL cell \(expected), Graticule \(cell.column), \(cell.row)")
                    continue
                }
                #expect(cell.values.count == row.values.count)
                for (b, text) in row.values.enumerated() where b < cell.values.count {
                    if !IdentifyOracleTests.same(cell.values[b], text, type: raster.dataType) {
                        mismatches += 1
                        Issue.record("\(file) cell \(expected) band \(b): GDAL \(text), Graticule \(cell.values[b])")
                    }
                    // nodata flag: the band's nodata value, or the internal mask.
                    let masked = mask.map { $0[i] == "0" } ?? false
                    let band = raster.bands[b]
                    #expect(cell.noData[b] == (masked || band.isNoData(cell.values[b].doubleValue)))
                }
                if mismatches > 20 { break }
            }
            #expect(mismatches == 0, "\(file): \(mismatches) mismatches")
        }
    }

    /// gdallocationinfo's text of a value (`%.15g`, complex as `re+imi`) against ours.
    static func same(_ value: RasterValue, _ text: String, type: RasterDataType) -> Bool {
        switch value {
        case let .integer(v): return Int64(text) == v
        case let .unsigned(v): return UInt64(text) == v
        case let .float(v): return sameFloat(v, text, single: type == .float32)
        case let .complex(re, im):
            guard text.hasSuffix("i") else { return false }
            let body = text.dropLast()
            guard let split = body.dropFirst().lastIndex(where: { $0 == "+" || $0 == "-" }) else { return false }
            return sameFloat(re, String(body[..<split]), single: type == .cfloat32 || type == .cint16)
                && sameFloat(im, String(body[split...]), single: type == .cfloat32 || type == .cint16)
        }
    }

    static func sameFloat(_ v: Double, _ text: String, single: Bool) -> Bool {
        let lower = text.lowercased()
        if lower.contains("nan") { return v.isNaN }
        guard let e = Double(text) else { return false }
        if single { return Float(e) == Float(v) }
        if e == v { return true }
        return abs(e - v) <= 5e-15 * abs(e)  // %.15g rounding
    }
}
