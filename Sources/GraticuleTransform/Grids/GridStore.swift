import Foundation
import GraticuleCore
import GraticuleCRS
import Synchronization

/// Finds and opens datum grid files, and keeps them open.
///
/// A grid an operation names (`OSTN15_NTv2_OSGBtoETRS.gsb`, Esri's `uk/OSTN15_NTv2`,
/// `CHENyx06a.gsb`) is looked for under each search directory, in order, by every name it is
/// known by: the name itself, the PROJ-CDN file and PROJ's older name from the registry's grid
/// alternatives, and for Esri path-style names the path with `.gsb` and the bare file name;
/// each also under `geographic/` and `vertical/` (the ArcGIS Projection Engine data layout).
/// File names are matched case-insensitively when the exact spelling is absent (Debian ships
/// `CHENYX06a.gsb` where the registry says `CHENyx06a.gsb`).
///
/// Search directories: the directories set with `setDataDirectories` (or
/// `TransformationCatalog.dataDirectory`), then the grids embedded in Graticule
/// (`nzgd2kgrid0005.gsb`, `BETA2007.gsb`, `ntf_r93.gsb`). Opened files are memory-mapped and
/// cached by path; the store is safe to use from any number of threads.
public final class GridStore: Sendable {
    /// The process-wide store the catalog uses by default.
    public static let shared = GridStore()

    private struct State {
        var directories: [URL] = []
        var open: [String: GridFile] = [:]
        var listings: [String: [String: String]] = [:]  // dir → lowercased name → real name
        var alternatives: [String: GridAlternative] = [:]
        /// Where each grid name was found (nil: not found), until the directories change.
        var located: [String: URL?] = [:]
    }
    private let state = Mutex(State())

    /// A store searching `directories` (then the embedded grids).
    public init(directories: [URL] = []) {
        state.withLock { $0.directories = directories }
    }

    /// Adds the registry's grid alternatives (original name → PROJ-CDN and older file names).
    public func register(alternatives: [String: GridAlternative]) {
        state.withLock {
            $0.alternatives.merge(alternatives) { a, _ in a }
            $0.located = [:]
        }
    }

    /// The data directories searched before the embedded grids, in order.
    public var dataDirectories: [URL] { state.withLock { $0.directories } }

    /// Sets the data directories (searched in order before the embedded grids).
    /// - Throws: `invalidInput` naming a directory that does not exist or cannot be read.
    public func setDataDirectories(_ dirs: [URL]) throws(GraticuleError) {
        for d in dirs {
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: d.path, isDirectory: &isDir), isDir.boolValue,
                  FileManager.default.isReadableFile(atPath: d.path) else {
                throw .invalidInput("data directory \(d.path) does not exist or cannot be read")
            }
        }
        state.withLock {
            $0.directories = dirs
            $0.listings = [:]
            $0.located = [:]
        }
    }

    /// The names a grid is known by, most specific first.
    public func candidateNames(for name: String) -> [String] {
        var names: [String] = [name]
        if let alt = state.withLock({ $0.alternatives[name] }) {
            names.append(alt.projName)
            if let old = alt.oldProjName { names.append(old) }
        }
        let base = (name as NSString).lastPathComponent
        if name.contains("/") {
            // Esri path names: "uk/OSTN15_NTv2" is uk/OSTN15_NTv2.gsb under the PE data directory.
            if (name as NSString).pathExtension.isEmpty {
                names.append(name + ".gsb")
                names.append(base + ".gsb")
            }
            names.append(base)
        }
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }
    }

    /// The path of a grid file, nil when none of its names is found. Answers are remembered until
    /// the data directories change (a file added to a directory afterwards is seen after
    /// `setDataDirectories` or `refresh()`).
    public func locate(_ name: String) -> URL? {
        if let hit = state.withLock({ $0.located[name] }) { return hit }
        let url = search(name)
        state.withLock { $0.located[name] = url }
        return url
    }

    /// Forgets which grids were found where (after files were added to or removed from a data directory).
    public func refresh() {
        state.withLock {
            $0.located = [:]
            $0.listings = [:]
        }
    }

    private func search(_ name: String) -> URL? {
        let names = candidateNames(for: name)
        let dirs = dataDirectories + GridStore.embeddedDirectories
        for dir in dirs {
            for sub in ["", "geographic", "vertical"] {
                let d = sub.isEmpty ? dir : dir.appendingPathComponent(sub, isDirectory: true)
                for n in names {
                    let url = d.appendingPathComponent(n)
                    if FileManager.default.isReadableFile(atPath: url.path) { return url }
                    if let real = caseInsensitive(n, in: d) { return real }
                }
            }
        }
        return nil
    }

    /// True when the grid can be found.
    public func isAvailable(_ name: String) -> Bool { locate(name) != nil }

    /// The directories of the embedded grids (Graticule's own data files).
    static let embeddedDirectories: [URL] = {
        if let url = try? DataFiles.locate("grids/ntf_r93.gsb", bundle: "Graticule_GraticuleTransform") {
            return [url.deletingLastPathComponent()]
        }
        return []
    }()

    private func caseInsensitive(_ name: String, in dir: URL) -> URL? {
        let sub = (name as NSString).deletingLastPathComponent
        let file = (name as NSString).lastPathComponent
        let d = sub.isEmpty ? dir : dir.appendingPathComponent(sub, isDirectory: true)
        let key = d.path
        let listing: [String: String] = state.withLock { s in
            if let l = s.listings[key] { return l }
            var l: [String: String] = [:]
            for f in (try? FileManager.default.contentsOfDirectory(atPath: key)) ?? [] { l[f.lowercased()] = f }
            s.listings[key] = l
            return l
        }
        guard let real = listing[file.lowercased()] else { return nil }
        let url = d.appendingPathComponent(real)
        return FileManager.default.isReadableFile(atPath: url.path) ? url : nil
    }

    /// Opens (or returns the cached) grid file.
    /// - Throws: `invalidInput` naming the grid when it cannot be found, or naming the file and
    ///   the fault when it cannot be read (truncated, corrupt, unsupported format).
    func open(_ name: String) throws(GraticuleError) -> GridFile {
        guard let url = locate(name) else {
            let dirs = (dataDirectories + GridStore.embeddedDirectories).map(\.path)
            throw .invalidInput("grid \(name) not found (looked for \(candidateNames(for: name).joined(separator: ", ")) "
                                + "in \(dirs.isEmpty ? "no data directory" : dirs.joined(separator: ", ")))")
        }
        if let hit = state.withLock({ $0.open[url.path] }) { return hit }
        let grid = try GridStore.read(url: url, name: name)
        state.withLock { $0.open[url.path] = grid }
        return grid
    }

    /// Reads a grid file by its format (from the extension, else the content).
    static func read(url: URL, name: String) throws(GraticuleError) -> GridFile {
        let ext = url.pathExtension.lowercased()
        if ext == "las" || ext == "los" {
            return try NADCONReader.read(url: url, name: name)
        }
        let file = try MappedFile(path: url.path)
        return try read(file, name: name, extension: ext)
    }

    static func read(_ file: MappedFile, name: String, extension ext: String) throws(GraticuleError) -> GridFile {
        if file.has(0, 8), file.ascii(at: 0, 8) == "NUM_OREC" { return try NTv2Reader.read(file, name: name) }
        if file.has(0, 4) {
            let b = file.bytes
            if (b[0] == 0x49 && b[1] == 0x49) || (b[0] == 0x4D && b[1] == 0x4D) {
                return try GeoTIFFGridReader.read(file, name: name)
            }
        }
        if ext == "gtx" { return try GTXReader.read(file, name: name) }
        throw .invalidInput("grid file \(file.path): unknown format (not NTv2, GeoTIFF, GTX or NADCON)")
    }
}
