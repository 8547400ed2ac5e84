import Foundation
import GraticuleCore
import GraticuleTIFF

/// Reads PROJ GeoTIFF grids (the "Geodetic TIFF Grids" profile of the PROJ-CDN files such as
/// `uk_os_OSTN15_NTv2_OSGBtoETRS.tif`) through the one TIFF reader, `GraticuleTIFF`: classic TIFF
/// or BigTIFF, either byte order; strips or tiles, chunky or planar; every codec and predictor
/// that reader decodes (none, Deflate, LZW, PackBits, ZSTD; predictors 2 and 3); integer or
/// floating-point samples with GDAL scale and offset. Each full-resolution image (IFD) is a
/// subgrid, nested by `parent_grid_name` or by extent; overviews (NewSubfileType 1) and masks are
/// skipped.
///
/// Band meaning comes from GDAL_METADATA: `latitude_offset` / `longitude_offset` (horizontal shift,
/// arc-seconds unless UNITTYPE says degree or radian; a longitude positive west when
/// `positive_value` says so), `geoid_undulation` / `vertical_offset` (metres). Without
/// descriptions, a 1-band grid is vertical and bands 0, 1 of a wider one are latitude, longitude,
/// as PROJ assumes. Georeferencing as GDAL reads it (ModelTiepoint + ModelPixelScale, or a
/// ModelTransformation without rotation); PixelIsArea grids have their nodes at cell centres.
///
/// Everything is checked against the file (by the TIFF reader); a truncated or corrupt file is an
/// `invalidInput` error naming it.
enum GeoTIFFGridReader {
    /// The most samples one grid image may hold (width × height × bands), bounding what a file can
    /// make the reader allocate (2^28 Float samples: 1 GiB).
    static let maximumSamples = 1 << 28

    static func read(_ file: MappedFile, name: String) throws(GraticuleError) -> GridFile {
        func fail(_ why: String) -> GraticuleError { .invalidInput("GeoTIFF grid \(file.path): \(why)") }
        guard let base = file.bytes.baseAddress, file.count > 0 else { throw fail("empty file") }
        // The TIFF reader reads the mapping in place; nothing it returns outlives this call.
        let data = Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: base), count: file.count, deallocator: .none)
        return try withExtendedLifetime(file) { () throws(GraticuleError) -> GridFile in
            let tiff: TIFFFile
            do throws(GraticuleError) { tiff = try TIFFFile(data: data, name: file.path) } catch { throw fail("\(error)") }
            var flat: [(lattice: GridLattice, parent: String)] = []
            var bands = BandState()
            for index in tiff.directories.indices {
                // Overviews and masks are not subgrids: skipped before their layout is checked.
                if let subfile = try? tiff.directories[index].integer(TIFFTag.newSubfileType), subfile & 5 != 0 { continue }
                let image: TIFFImage
                do throws(GraticuleError) { image = try tiff.image(at: index) } catch { throw fail("image \(index): \(error)") }
                if image.isMask { continue }
                do throws(GraticuleError) {
                    flat.append(try lattice(image, name: name, bands: &bands, fail: fail))
                } catch {
                    if case .invalidInput = error { throw error }
                    throw fail("image \(index): \(error)")
                }
            }
            guard !flat.isEmpty else { throw fail("no full-resolution image") }
            // Nesting: by parent_grid_name where it names an image of the file, else by extent (PROJ).
            let names = Set(flat.map(\.lattice.name))
            let byName = flat.filter { !$0.parent.isEmpty && names.contains($0.parent) }
            let rest = flat.filter { $0.parent.isEmpty || !names.contains($0.parent) }.map(\.lattice)
            var lattices = GridFile.nestByExtent(rest)
            if !byName.isEmpty {
                lattices = GridFile.nestByName(lattices.map { ($0, "NONE") } + byName)
            }
            return GridFile(name: name, path: file.path, format: "GTiff", lattices: lattices)
        }
    }

    /// Which bands hold the latitude and longitude offsets, their unit and the longitude's sign. As
    /// in PROJ's reader, what an image states carries over to the following images (subgrids
    /// usually state nothing), and `positive_value` is read only from an image that names its
    /// longitude_offset band.
    struct BandState {
        var lat = 0, lon = 1
        var unit = Angle.radiansPerArcSecond
        var positiveWest = false
    }

    /// One image as a lattice: every block decoded, samples as Float, rows stored south → north.
    static func lattice(_ image: TIFFImage, name: String, bands state: inout BandState,
                        fail: (String) -> GraticuleError) throws(GraticuleError) -> (lattice: GridLattice, parent: String) {
        let index = image.index
        let width = image.width, height = image.height, spp = image.samplesPerPixel
        let (cells, o1) = width.multipliedReportingOverflow(by: height)
        let (samples, o2) = cells.multipliedReportingOverflow(by: spp)
        guard width >= 2, height >= 2, spp <= 16, !o1, !o2, samples <= maximumSamples else {
            throw fail("image \(index): unusable size \(width) × \(height) × \(spp)")
        }
        guard !image.sampleType.isComplex else {
            throw fail("image \(index): complex samples (\(image.sampleType.gdalName)) are not grid values")
        }
        var bands = [[Float]](repeating: [Float](repeating: .nan, count: cells), count: spp)
        let type = image.sampleType
        for plane in 0..<(image.isPlanar ? spp : 1) {
            for by in 0..<image.blocksDown {
                for bx in 0..<image.blocksAcross {
                    // A block the file does not hold (sparse) stays NaN: no shift known there.
                    guard let block = try image.decodeBlock(column: bx, row: by, plane: plane) else { continue }
                    let bw = block.width, s = block.samples
                    let x0 = bx * image.blockWidth, y0 = by * image.blockHeight
                    let columns = min(bw, width - x0), rows = min(block.rows, height - y0)
                    block.bytes.withUnsafeBytes { p in
                        for k in 0..<s {
                            let band = image.isPlanar ? plane : k
                            bands[band].withUnsafeMutableBufferPointer { out in
                                for r in 0..<rows {
                                    // Row 0 of the image is the north edge.
                                    let dst = (height - 1 - (y0 + r)) * width + x0
                                    for c in 0..<columns {
                                        out[dst + c] = Float(type.double(p, index: (r * bw + c) * s + k))
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        // Georeferencing as GDAL reads it; the nodes are the cell centres.
        guard let gt = try GeoTIFFGeoreference(directory: image.directory).geoTransform(), gt.c2 == 0, gt.c4 == 0 else {
            throw fail("image \(index): no georeferencing (ModelTiepoint and ModelPixelScale, or an unrotated ModelTransformation)")
        }
        let sx = gt.c1, sy = -gt.c5
        let x0 = gt.c0 + sx / 2, y0 = gt.c3 - sy / 2
        guard sx > 0, sy > 0, sx.isFinite, sy.isFinite, x0.isFinite, y0.isFinite else {
            throw fail("image \(index): bad georeferencing (scale \(sx), \(sy))")
        }
        // Band meanings from GDAL_METADATA.
        let items = image.gdalMetadata.map { GDALMetadata(xml: $0).items } ?? []
        var bandScale = [Double](repeating: 1, count: spp), bandOffset = [Double](repeating: 0, count: spp)
        var gridName = "", parentName = "", vertical = spp == 1
        var latDescribed = false, lonDescribed = false
        for item in items where item.name.uppercased() == "DESCRIPTION" {
            guard let s = item.sample, s < spp else { continue }
            switch item.value.lowercased() {
            case "latitude_offset": state.lat = s; latDescribed = true
            case "longitude_offset": state.lon = s; lonDescribed = true
            case "geoid_undulation", "vertical_offset": vertical = true; state.lat = s
            default: break
            }
        }
        if !vertical && latDescribed != lonDescribed {
            throw fail("image \(index): a latitude_offset band without a longitude_offset band, or the reverse")
        }
        for item in items {
            let lower = item.value.lowercased()
            switch (item.name.uppercased(), item.role?.lowercased()) {
            case ("UNITTYPE", _):
                guard item.sample == state.lat else { continue }
                state.unit = lower == "degree" ? Angle.radiansPerDegree : lower == "radian" ? 1 : Angle.radiansPerArcSecond
            case ("POSITIVE_VALUE", _):
                if lonDescribed && item.sample == state.lon { state.positiveWest = lower == "west" }
            case (_, "scale"): if let s = item.sample, s < spp, let v = Double(item.value) { bandScale[s] = v }
            case (_, "offset"): if let s = item.sample, s < spp, let v = Double(item.value) { bandOffset[s] = v }
            case ("GRID_NAME", _): gridName = item.value
            case ("PARENT_GRID_NAME", _): parentName = item.value
            case ("TYPE", _): if lower.hasPrefix("vertical") || lower.contains("geographic_to_vertical") { vertical = true }
            default: break
            }
        }
        guard vertical || (state.lat < spp && state.lon < spp && spp >= 2) else {
            throw fail("image \(index): \(spp) band(s), no latitude and longitude offset bands")
        }
        let latBand = state.lat, lonBand = state.lon, westPositive = state.positiveWest
        let unitFactor = [Double](repeating: vertical ? 1 : state.unit, count: spp)
        let noData = image.gdalNoData.flatMap { Float($0.trimmingCharacters(in: .whitespaces)) }
        let r = Angle.radiansPerDegree
        let planesOut: FloatPlanes
        if vertical {
            planesOut = FloatPlanes(planes: [bands[latBand]], scale: [bandScale[latBand]], offset: [bandOffset[latBand]],
                                    noData: noData)
        } else {
            planesOut = FloatPlanes(planes: bands, scale: (0..<spp).map { bandScale[$0] * unitFactor[$0] },
                                    offset: (0..<spp).map { bandOffset[$0] * unitFactor[$0] }, noData: noData)
        }
        var lattice = GridLattice(
            name: gridName.isEmpty ? "\(name)#\(index)" : gridName, west: x0 * r, south: (y0 - Double(height - 1) * sy) * r,
            east: (x0 + Double(width - 1) * sx) * r, north: y0 * r, resX: sx * r, resY: sy * r, columns: width,
            rows: height, nodes: .planes(planesOut))
        lattice.latBand = vertical ? 0 : latBand
        lattice.lonBand = vertical ? 0 : lonBand
        lattice.lonPositiveWest = westPositive
        return (lattice, parentName)
    }
}
