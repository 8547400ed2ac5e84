import Foundation
import GraticuleCore
import GraticuleCRS
import GraticuleRaster
import Synchronization

/// The rasters a server offers: the built-in ones (`ndvi`) and the GeoTIFF files directly inside
/// the configured raster directories, addressed by file name without extension. A request names
/// a raster only by one of these names, so no request reaches any other file (no paths, no `..`).
/// Rasters are opened on first use and kept (their block caches are bounded).
final class RasterCatalog: Sendable {
    /// Name → file (nil: built-in).
    let files: [String: URL?]
    private let opened = Mutex<[String: Raster]>([:])
    private let operations = BoundedCache<OperationKey, OperationBox>(capacity: 256)

    init(directories: [URL]) {
        var files: [String: URL?] = [:]
        for name in Raster.builtInNames.keys { files[name] = .some(nil) }
        for dir in directories {
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
            for e in entries.sorted() {
                let ext = (e as NSString).pathExtension.lowercased()
                guard ext == "tif" || ext == "tiff" else { continue }
                let name = (e as NSString).deletingPathExtension
                guard RasterCatalog.isValidName(name), files[name] == nil else { continue }
                files[name] = dir.appendingPathComponent(e)
            }
        }
        self.files = files
    }

    /// Names a request may use: letters, digits, `_`, `-`, `.` (not leading), at most 100 bytes.
    static func isValidName(_ name: String) -> Bool {
        guard !name.isEmpty, name.utf8.count <= 100, name.first != "." else { return false }
        return name.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) && $0.isASCII || "_-.".unicodeScalars.contains($0) }
    }

    var names: [String] { files.keys.sorted() }

    /// The raster named `name`, opened once.
    func raster(_ name: String) throws(APIError) -> Raster {
        if let hit = opened.withLock({ $0[name] }) { return hit }
        guard let entry = files[name] else {
            throw APIError(.notFound, "no raster \(APIError.quoted(name)); rasters: \(names.joined(separator: ", "))")
        }
        let raster: Raster
        do {
            if let url = entry { raster = try Raster(contentsOf: url) } else { raster = try Raster.builtIn(named: name) }
        } catch {
            // The reader's message names the file by path: the client gets its name only.
            var message = error.description
            if let url = entry {
                message = message.replacingOccurrences(of: url.path, with: url.lastPathComponent)
                    .replacingOccurrences(of: url.deletingLastPathComponent().path + "/", with: "")
            }
            throw APIError(.internalServerError, "raster \(name) cannot be opened: \(message.clipped())")
        }
        return opened.withLock { o in
            if let existing = o[name] { return existing }
            o[name] = raster
            return raster
        }
    }

    /// The operation from `sr` to the raster's spatial reference (nil: none needed), kept per pair.
    func operation(_ raster: Raster, from sr: SpatialReference?) throws(APIError) -> RasterCoordinateOperation? {
        guard let sr else { return nil }
        let key = OperationKey(raster: raster.name, sr: sr)
        if let hit = operations.value(for: key) { return hit.operation }
        let op = try engine("sr") { () throws(GraticuleError) in try raster.coordinateOperation(from: sr) }
        operations.insert(OperationBox(operation: op), for: key)
        return op
    }

    struct OperationKey: Hashable, Sendable { var raster: String; var sr: SpatialReference }
    struct OperationBox: Sendable { var operation: RasterCoordinateOperation? }
}
