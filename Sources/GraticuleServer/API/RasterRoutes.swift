import Foundation
import GraticuleCore
import GraticuleCRS
import GraticuleGeometry
import GraticuleRaster
import Hummingbird

/// `/api/rasters` (the list), `/api/raster/{name}` (details), `/api/raster/{name}/identify`
/// (the cell under a point: raw and scaled values, nodata flags, the cell's footprint) and
/// `/api/raster/{name}/image` (a PNG, or with `format=jpeg` a JPEG over white, of the raster
/// warped to any spatial reference, extent and size, through a colour ramp). Workflow 5.
extension GraticuleServer {
    func addRasterRoutes(to router: Router<BasicRequestContext>) {
        router.get("/api/rasters") { _, _ in
            // A file that cannot be opened does not hide the others: it is listed apart, by name.
            var list: [RasterBody] = [], unavailable: [String: String] = [:]
            for name in state.rasters.names {
                do throws(APIError) { list.append(RasterBody(try state.rasters.raster(name))) } catch { unavailable[name] = error.message }
            }
            return Responses.json(RasterList(rasters: list, unavailable: unavailable))
        }
        router.get("/api/raster/:name") { _, context in
            Responses.json(RasterBody(try state.rasters.raster(context.parameters.get("name") ?? "")))
        }
        router.get("/api/raster/:name/identify") { request, context in
            let query = try Query(request)
            let raster = try state.rasters.raster(context.parameters.get("name") ?? "")
            let x = try query.requiredDouble("x"), y = try query.requiredDouble("y")
            let sr = try state.spatialReference(query["sr"] ?? "EPSG:4326", parameter: "sr")
            let cell = try self.identify(raster, x: x, y: y, sr: sr)
            return Responses.json(IdentifyBody(raster: raster.name, x: x, y: y,
                                               spatialReference: sr.identifier?.description ?? sr.name,
                                               cell: cell.map(CellBody.init)))
        }
        router.get("/api/raster/:name/image") { request, context in
            let query = try Query(request)
            let raster = try state.rasters.raster(context.parameters.get("name") ?? "")
            let sr = try state.spatialReference(query["sr"] ?? "EPSG:3857", parameter: "sr")
            let (width, height) = try self.imageSize(query)
            guard let box = try query.numbers("bbox", count: 4) else {
                throw APIError.missing("bbox", "xmin,ymin,xmax,ymax in the units of sr")
            }
            let extent = try self.extent(box, parameter: "bbox", raw: query["bbox"] ?? "")
            var ramp: ColorRamp?
            if let name = query["ramp"] {
                guard let r = ColorRamp.named(name) else {
                    throw APIError.badParameter("ramp", name, "expected ndvi, grey:MIN,MAX or terrain:MIN,MAX")
                }
                ramp = r
            }
            let resampling = try self.resampling(query)
            let formatName = query["format"] ?? "png"
            guard let format = MapImageFormat(name: formatName) else {
                throw APIError.badParameter("format", formatName, "expected png, png8 or jpeg")
            }
            let chosenRamp = ramp
            let file = try await withDeadline(state.configuration.limits.requestTimeout) {
                try self.rasterFile(raster, sr: sr, extent: extent, width: width, height: height, ramp: chosenRamp,
                                    resampling: resampling, format: format)
            }
            return Responses.bytes(file, contentType: format.mimeType)
        }
    }

    /// The cell under (x, y) given in `sr`; nil outside the raster (or where `sr` cannot reach).
    func identify(_ raster: Raster, x: Double, y: Double, sr: SpatialReference) throws(APIError) -> RasterCell? {
        let op = try state.rasters.operation(raster, from: sr)
        do {
            return try raster.identify(at: Point(x: x, y: y), using: op)
        } catch {
            if case .outOfDomain = error { return nil }
            throw APIError.engine(error, parameter: "x,y")
        }
    }

    /// `width` and `height`, each 1 … the configured maximum (4096 by default).
    func imageSize(_ query: Query, width w: String = "width", height h: String = "height") throws(APIError) -> (Int, Int) {
        let limit = state.configuration.limits.maxImageSize
        return (try query.integer(w, in: 1...limit, default: 256), try query.integer(h, in: 1...limit, default: 256))
    }

    /// An extent from four numbers xmin, ymin, xmax, ymax (min < max).
    func extent(_ box: [Double], parameter: String, raw: String) throws(APIError) -> RasterExtent {
        guard box[0] < box[2], box[1] < box[3] else {
            throw APIError.badParameter(parameter, raw, "expected xmin,ymin,xmax,ymax with xmin < xmax and ymin < ymax")
        }
        return RasterExtent(xMin: box[0], yMin: box[1], xMax: box[2], yMax: box[3])
    }

    func resampling(_ query: Query) throws(APIError) -> Resampling {
        guard let raw = query["resampling"] else { return .nearest }
        guard let r = Resampling(rawValue: raw.lowercased()) else {
            throw APIError.badParameter("resampling", raw, "expected \(Resampling.allCases.map(\.rawValue).joined(separator: " or "))")
        }
        return r
    }

    /// The raster warped to the view and coloured (the NDVI ramp for NDVI rasters unless another
    /// is given).
    func rasterImage(_ raster: Raster, sr: SpatialReference, extent: RasterExtent, width: Int, height: Int,
                     ramp: ColorRamp?, resampling: Resampling = .nearest) throws(APIError) -> RGBAImage {
        let view = RasterView(spatialReference: sr, extent: extent, width: width, height: height)
        let chosen = ramp ?? ServedLayer.ramp(for: raster)
        return try engine { () throws(GraticuleError) in
            try raster.render(to: view, ramp: chosen, resampling: resampling)
        }
    }

    /// `rasterImage` as a PNG, or a JPEG with the nodata areas white.
    func rasterFile(_ raster: Raster, sr: SpatialReference, extent: RasterExtent, width: Int, height: Int,
                    ramp: ColorRamp?, resampling: Resampling = .nearest, format: MapImageFormat) throws(APIError) -> [UInt8] {
        let image = try rasterImage(raster, sr: sr, extent: extent, width: width, height: height, ramp: ramp,
                                    resampling: resampling)
        return try engine { () throws(GraticuleError) in try format.file(of: image) }
    }
}

/// `/api/rasters`: the rasters, and the files that cannot be opened with why (by name).
struct RasterList: Encodable {
    var rasters: [RasterBody]
    var unavailable: [String: String]
}

/// A raster in JSON: size, bands, type, spatial reference, extent (its own and in degrees).
struct RasterBody: Encodable {
    struct Band: Encodable {
        var index: Int, description: String, dataType: String, noData: Double?, scale: Double, offset: Double
    }
    var name: String
    var width: Int, height: Int
    var bands: [Band]
    var spatialReference: String?
    var extent: [Double]
    var lonLatExtent: [Double]?

    init(_ r: Raster) {
        name = r.name
        width = r.width; height = r.height
        bands = r.bands.map { Band(index: $0.index, description: $0.description, dataType: "\($0.dataType)",
                                   noData: $0.noData.flatMap { $0.isFinite ? $0 : nil }, scale: $0.scale, offset: $0.offset) }
        spatialReference = r.spatialReference.map { $0.identifier?.description ?? $0.name }
        let e = r.extent
        extent = [e.xMin, e.yMin, e.xMax, e.yMax]
        if let sr = r.spatialReference, let wgs = try? SpatialReference(wkid: 4326),
           let op = try? RasterCoordinateOperation(from: sr, to: wgs) {
            // The extent's outline (32 points a side) in degrees.
            var pts: [SIMD2<Double>] = []
            for i in 0...32 {
                let t = Double(i) / 32
                pts += [SIMD2(e.xMin + t * e.width, e.yMin), SIMD2(e.xMin + t * e.width, e.yMax),
                        SIMD2(e.xMin, e.yMin + t * e.height), SIMD2(e.xMax, e.yMin + t * e.height)]
            }
            pts.withUnsafeMutableBufferPointer { op.transform($0) }
            let ll = RasterExtent(pts)
            if ll.xMin.isFinite { lonLatExtent = [ll.xMin, ll.yMin, ll.xMax, ll.yMax] }
        }
    }
}

/// The answer of identify: the point as given and the cell (null outside the raster).
struct IdentifyBody: Encodable {
    var raster: String
    var x: Double, y: Double
    var spatialReference: String
    var cell: CellBody?
    enum Keys: String, CodingKey { case raster, x, y, spatialReference, cell }
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(raster, forKey: .raster)
        try c.encode(x, forKey: .x)
        try c.encode(y, forKey: .y)
        try c.encode(spatialReference, forKey: .spatialReference)
        try c.encode(cell, forKey: .cell)
    }
}

/// One cell: column and row (0-based), raw values as text in the band's type (as
/// `gdallocationinfo` prints them), scaled values (null for nodata), nodata flags, the cell's
/// centre and footprint in the raster's spatial reference, and the transformation used.
struct CellBody: Encodable {
    var column: Int, row: Int
    var values: [String]
    var scaledValues: [Double?]
    var noData: [Bool]
    var pixelType: String
    var location: [Double]
    var footprint: [[Double]]
    var transformation: String?
    var isBallpark: Bool

    init(_ c: RasterCell) {
        column = c.column; row = c.row
        values = c.values.map { $0.text(as: c.dataType) }
        scaledValues = c.scaledValues.map { $0.isFinite ? $0 : nil }
        noData = c.noData
        pixelType = c.pixelType
        location = [c.location.x, c.location.y]
        footprint = c.footprint.map { [$0.x, $0.y] }
        transformation = c.transformationName
        isBallpark = c.isBallpark
    }
}
