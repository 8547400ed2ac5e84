import Foundation
import GraticuleRaster

/// The raster test files and their oracle tables under `Fixtures/rasters` (see
/// tools/oracle/raster/). A missing fixture stops the run: no test may pass on an empty table.
enum RasterFixtures {
    static let root: URL = {
        guard let url = Bundle.module.url(forResource: "rasters", withExtension: nil, subdirectory: "Fixtures") else {
            preconditionFailure("missing test fixtures Fixtures/rasters")
        }
        return url
    }()

    static func url(_ relative: String) -> URL { root.appendingPathComponent(relative) }

    static func open(_ relative: String) throws -> Raster { try Raster(contentsOf: url(relative)) }

    /// One identify table: the query kind, the files it holds for, and its rows.
    struct Table: Sendable, CustomStringConvertible {
        let name: String
        let kind: String
        let files: [String]
        var description: String { name }

        struct Row: Sendable {
            let x: Double, y: Double
            /// nil outside the raster.
            let cell: (column: Int, row: Int)?
            let values: [String]
        }

        var rows: [Row] {
            guard let text = try? String(contentsOf: RasterFixtures.url("identify/\(name)"), encoding: .utf8) else {
                preconditionFailure("missing fixture identify/\(name)")
            }
            return text.split(separator: "\n").compactMap { line -> Row? in
                guard !line.hasPrefix("#") else { return nil }
                let f = line.split(separator: " ").map(String.init)
                guard f.count >= 4, let x = Double(f[0]), let y = Double(f[1]) else { preconditionFailure("bad row \(line)") }
                if f[2] == "-" { return Row(x: x, y: y, cell: nil, values: []) }
                return Row(x: x, y: y, cell: (Int(f[2])!, Int(f[3])!), values: Array(f[4...]))
            }
        }
    }

    nonisolated(unsafe) static let index: [String: Any] = {
        guard let data = try? Data(contentsOf: url("identify/index.json")),
              let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            preconditionFailure("missing fixture identify/index.json")
        }
        return json
    }()

    static let tables: [Table] = {
        let list = index["tables"] as? [[String: Any]] ?? []
        precondition(!list.isEmpty, "identify/index.json lists no tables")
        return list.map { Table(name: $0["table"] as! String, kind: $0["kind"] as! String, files: $0["files"] as! [String]) }
    }()

    /// Mask validity per point (1 valid, 0 masked, "" outside) for files with an internal mask.
    static let masks: [String: [String]] = index["masks"] as? [String: [String]] ?? [:]

    /// gdalinfo -json facts per file.
    nonisolated(unsafe) static let info: [String: [String: Any]] = {
        guard let data = try? Data(contentsOf: url("info.json")),
              let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let files = json["files"] as? [String: Any] else { preconditionFailure("missing fixture info.json") }
        return files.compactMapValues { $0 as? [String: Any] }
    }()

    /// Files GDAL decodes with a codec Graticule reports as unsupported.
    static let unsupportedCodecs: Set<String> = ["JPEG", "WEBP", "LZMA", "LERC", "LERC_DEFLATE", "LERC_ZSTD"]
}
