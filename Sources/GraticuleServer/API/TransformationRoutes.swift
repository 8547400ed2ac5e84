import Foundation
import GraticuleCore
import GraticuleCRS
import GraticuleTransform
import Hummingbird

/// `/api/transformations`: the ranked datum transformations between two spatial references,
/// optionally for an area of interest, each flagged usable or missing grid files (named), with
/// the data directory's status. `/api/data-directories`: the grid directories the server may use.
extension GraticuleServer {
    func addTransformationRoutes(to router: Router<BasicRequestContext>) {
        router.get("/api/transformations") { request, _ in
            let query = try Query(request)
            let source = try state.spatialReference(try query.required("from", "the source spatial reference"), parameter: "from")
            let target = try state.spatialReference(try query.required("to", "the target spatial reference"), parameter: "to")
            var aoi: AreaOfUse?
            if let box = try query.numbers("area", count: 4) {
                guard (-180...180).contains(box[0]), (-180...180).contains(box[2]), (-90...90).contains(box[1]),
                      (-90...90).contains(box[3]), box[1] <= box[3] else {
                    throw APIError.badParameter("area", query["area"]!, "expected west,south,east,north in degrees "
                                                + "(longitudes −180…180, latitudes −90…90, south ≤ north)")
                }
                aoi = AreaOfUse(name: "area of interest", west: box[0], south: box[1], east: box[2], north: box[3])
            }
            let (dir, catalog) = try state.dataDirectory(query)
            let ranked = try engine { () throws(GraticuleError) in
                try catalog.rankedTransformations(from: source, to: target, areaOfInterest: aoi)
            }
            return Responses.json(ListBody(report: TransformationReport(ranked: ranked, source: source, target: target),
                                           areaOfInterest: aoi.map(AreaBody.init),
                                           dataDirectory: state.directoryCatalogs.first { $0.id == dir }.map(DataDirectoryStatus.init)))
        }
        router.get("/api/data-directories") { _, _ in
            Responses.json(DirectoriesBody(
                directories: state.directoryCatalogs.map(DataDirectoryStatus.init),
                defaultDirectory: state.directoryCatalogs.first?.id,
                embeddedGrids: DataDirectoryStatus.embeddedGrids()))
        }
    }

    /// The report's members, then the area of interest and the data directory.
    struct ListBody: Encodable {
        var report: TransformationReport
        var areaOfInterest: AreaBody?
        var dataDirectory: DataDirectoryStatus?
        enum Keys: String, CodingKey { case areaOfInterest, dataDirectory }
        func encode(to encoder: any Encoder) throws {
            try report.encode(to: encoder)
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(areaOfInterest, forKey: .areaOfInterest)
            try c.encode(dataDirectory, forKey: .dataDirectory)
        }
    }

    struct DirectoriesBody: Encodable {
        var directories: [DataDirectoryStatus]
        var defaultDirectory: String?
        var embeddedGrids: [String]
    }
}

/// What a data directory holds: its identifier (`dataDir=`; never its path), whether it exists
/// and is readable, and the grid files in it and in its `geographic/` and `vertical/`
/// subdirectories (ArcGIS's Projection Engine layout).
struct DataDirectoryStatus: Encodable {
    var id: String
    var exists: Bool
    var readable: Bool
    var gridFiles: [String]

    static let gridExtensions: Set<String> = ["gsb", "gtx", "tif", "tiff", "las", "los", "byn", "gri", "bin"]

    init(_ entry: (id: String, directory: URL, catalog: TransformationCatalog)) {
        let (id, directory) = (entry.id, entry.directory)
        self.id = id
        let path = directory.path
        var isDir: ObjCBool = false
        exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDir) && isDir.boolValue
        readable = exists && FileManager.default.isReadableFile(atPath: path)
        gridFiles = readable ? DataDirectoryStatus.grids(in: directory) : []
    }

    /// Grid files directly in `directory` and in its `geographic/` and `vertical/` subdirectories
    /// (at most 1,000 names, sorted).
    static func grids(in directory: URL) -> [String] {
        var names: [String] = []
        for sub in ["", "geographic", "vertical"] {
            let dir = sub.isEmpty ? directory : directory.appendingPathComponent(sub)
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
            for e in entries where gridExtensions.contains((e as NSString).pathExtension.lowercased()) {
                names.append(sub.isEmpty ? e : "\(sub)/\(e)")
                if names.count >= 1000 { return names.sorted() }
            }
        }
        return names.sorted()
    }

    /// The grids shipped inside Graticule (always searched, after the data directory).
    static func embeddedGrids() -> [String] {
        guard let dir = try? DataFiles.locate("grids", bundle: "Graticule_GraticuleTransform") else { return [] }
        return grids(in: dir)
    }
}
