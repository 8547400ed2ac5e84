import Foundation
import GraticuleCRS
import GraticuleCore
import GraticuleIO
import GraticuleRaster
import Testing

/// What Raster reports about each test file against what `gdalinfo -json` (GDAL 3.6.2) says:
/// size, geotransform, spatial reference, band types, block sizes, nodata, scale and offset,
/// descriptions, colour interpretation and tables, overviews, masks, compression, interleave.
@Suite struct InfoOracleTests {
    static let files = RasterFixtures.info.keys.sorted()

    @Test(arguments: files)
    func matchesGdalinfo(_ file: String) throws {
        let expected = try #require(RasterFixtures.info[file])
        let raster = try RasterFixtures.open(file)
        let size = expected["size"] as! [Int]
        #expect(raster.width == size[0] && raster.height == size[1])
        // Text, parsed here (Foundation's JSON numbers are not always correctly rounded).
        if let gt = (expected["geoTransform"] as? [String])?.compactMap(Double.init) {
            let c = raster.geoTransform
            #expect([c.c0, c.c1, c.c2, c.c3, c.c4, c.c5] == gt, "\(file): geotransform \(c) vs GDAL \(gt)")
            #expect(raster.isGeoreferenced)
        } else {
            #expect(!raster.isGeoreferenced)
        }
        let structure = expected["imageStructure"] as? [String: String] ?? [:]
        #expect(raster.layout.compressionName == (structure["COMPRESSION"] ?? "NONE"), "\(file)")
        #expect(raster.layout.interleave == (structure["INTERLEAVE"] ?? "PIXEL") || raster.bands.count == 1)
        #expect(raster.layout.isCOG == (structure["LAYOUT"] == "COG"))
        if let p = structure["PREDICTOR"] { #expect(String(raster.layout.predictor) == p) }
        let metadata = expected["metadata"] as? [String: String] ?? [:]
        #expect(raster.metadata.first { $0.name == "AREA_OR_POINT" }?.value == metadata["AREA_OR_POINT"], "\(file)")

        let bands = expected["bands"] as! [[String: Any]]
        #expect(raster.bands.count == bands.count)
        for (b, e) in zip(raster.bands, bands) {
            #expect(b.dataType.gdalName == (e["type"] as! String) || (b.dataType == .int8 && e["type"] as? String == "Byte"),
                    "\(file) band \(b.index): \(b.dataType.gdalName) vs \(e["type"]!)")
            let block = e["block"] as! [Int]
            #expect([raster.layout.blockWidth, raster.layout.blockHeight] == block, "\(file): block")
            if let text = e["noDataValue"] as? String {
                let v = try #require(Double(text))
                #expect(v.isNaN ? b.noData?.isNaN == true : b.noData == v, "\(file): nodata \(String(describing: b.noData)) vs \(text)")
            } else {
                #expect(b.noData == nil, "\(file): nodata \(String(describing: b.noData)) where GDAL has none")
            }
            #expect(b.description == (e["description"] as? String ?? ""), "\(file): description")
            #expect(b.scale == (e["scale"] as? Double ?? 1) && b.offset == (e["offset"] as? Double ?? 0))
            #expect(b.colorInterpretation == (e["colorInterpretation"] as? String), "\(file) band \(b.index): \(b.colorInterpretation)")
            #expect(b.colorTable?.count == e["colorTable"] as? Int, "\(file): colour table")
            let overviews = (e["overviews"] as? [[String: Any]] ?? []).map { $0["size"] as! [Int] }
            #expect(raster.overviews.map { [$0.width, $0.height] } == overviews, "\(file): overviews")
            let mask = (e["mask"] as? [String: Any])?["flags"] as? [String]
            #expect(raster.hasMask == (mask == ["PER_DATASET"]))
        }

        // Spatial reference: equivalent to GDAL's.
        if let wkt = expected["wkt"] as? String, !wkt.isEmpty {
            let gdal = try SpatialReference(text: wkt)
            let ours = try #require(raster.spatialReference, "\(file): no spatial reference (\(raster.spatialReferenceProblem ?? ""))")
            // A BOUNDCRS (olinda's GeogTOWGS84GeoKey 0,0,0): PROJ writes the abridged transformation's
            // scale difference as the factor 1, which Graticule's WKT reader keeps as 1 ppm, so the
            // TOWGS84 comparison is left out for these (datum names and figures still compared).
            let options: CRSEquivalenceOptions = wkt.hasPrefix("BOUNDCRS") ? .ignoreDatumIdentity : []
            #expect(try ours.isEquivalent(to: gdal, options: options), "\(file): \(ours) vs GDAL \(gdal)")
            if wkt.hasPrefix("BOUNDCRS") {
                #expect(ours.datum?.towgs84 == [0, 0, 0] && ours.datum?.name == gdal.datum?.name)
            }
        } else {
            #expect(raster.spatialReference == nil)
        }
    }
}
