import Foundation
import Synchronization

/// Finds Graticule's embedded data files (the registry, Natural Earth layers, the NDVI raster,
/// datum grids) on disk, without SwiftPM's generated `Bundle.module` accessor, which stops the
/// process when the bundle is not where the build left it (an installed binary).
///
/// A file `name` shipped by a target is looked for, in this order:
/// 1. `$GRATICULE_DATA/name` when the environment variable `GRATICULE_DATA` names a directory;
/// 2. `<executable dir>/graticule-data/name`;
/// 3. `<executable dir>/../share/graticule/name` (an install prefix: `/usr/local/bin/graticule`
///    reads `/usr/local/share/graticule/`);
/// 4. the target's SwiftPM resource bundle next to the executable:
///    `<executable dir>/<bundle>.resources/name` (Linux) or `<bundle>.bundle/…` (Apple platforms),
///    which is where `swift build`, `swift run` and `swift test` put it.
///
/// When the executable is a symbolic link, the directories of both the link and its target are
/// searched. The first readable file wins.
public enum DataFiles {
    /// The environment variable naming a directory searched before any other.
    public static let environmentVariable = "GRATICULE_DATA"

    /// The directories searched for a target's bundle, in order (existing or not).
    /// - Parameter bundle: SwiftPM's bundle name, `<package>_<target>` (e.g. `Graticule_GraticuleCRS`).
    public static func searchDirectories(bundle: String) -> [URL] {
        var dirs: [URL] = []
        if let env = getenv(environmentVariable).map({ String(cString: $0) }), !env.isEmpty {
            dirs.append(URL(fileURLWithPath: env, isDirectory: true))
        }
        for exeDir in executableDirectoriesOnce {
            dirs.append(exeDir.appendingPathComponent("graticule-data", isDirectory: true))
            dirs.append(exeDir.deletingLastPathComponent()
                .appendingPathComponent("share", isDirectory: true)
                .appendingPathComponent("graticule", isDirectory: true))
            dirs.append(exeDir.appendingPathComponent("\(bundle).resources", isDirectory: true))
            dirs.append(exeDir.appendingPathComponent("\(bundle).bundle", isDirectory: true))
            dirs.append(exeDir.appendingPathComponent("\(bundle).bundle/Contents/Resources", isDirectory: true))
        }
        var seen = Set<String>()
        return dirs.filter { seen.insert($0.standardizedFileURL.path).inserted }
    }

    /// The location of an embedded data file.
    /// - Parameters:
    ///   - name: the file name, possibly with a subdirectory (`grids/ntf_r93.gsb`).
    ///   - bundle: SwiftPM's resource bundle of the target that ships it (`Graticule_GraticuleCRS`).
    /// - Throws: `invalidInput` naming the file and every path searched when none is readable.
    public static func locate(_ name: String, bundle: String) throws(GraticuleError) -> URL {
        let dirs = searchPaths(bundle: bundle)
        for dir in dirs {
            let path = dir + "/" + name
            if access(path, R_OK) == 0 { return URL(fileURLWithPath: path) }
        }
        let searched = dirs.map { $0 + "/" + name }.joined(separator: ", ")
        throw .invalidInput("data file \(name) not found; searched \(searched) "
                            + "(set \(environmentVariable) to the directory that holds it)")
    }

    /// `searchDirectories(bundle:)` as paths, kept per bundle for the process (the environment
    /// variable is read each time: it may change).
    static func searchPaths(bundle: String) -> [String] {
        let env = getenv(environmentVariable).map { String(cString: $0) } ?? ""
        let key = env + "\u{0}" + bundle
        if let hit = pathCache.withLock({ $0[key] }) { return hit }
        let paths = searchDirectories(bundle: bundle).map(\.path)
        pathCache.withLock { $0[key] = paths }
        return paths
    }

    private static let pathCache = Mutex<[String: [String]]>([:])

    /// `executableDirectories()`, worked out once per process (every data file looked up asks).
    static let executableDirectoriesOnce: [URL] = executableDirectories()

    /// The directories of the running executable: the path as invoked and, when that is a link,
    /// the resolved one; for a test bundle (`….xctest/Contents/MacOS/x`), the bundle's directory.
    static func executableDirectories() -> [URL] {
        var paths: [String] = []
        #if os(Linux)
        if let resolved = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            paths.append(resolved)
        }
        #endif
        if let exe = Bundle.main.executableURL?.path { paths.append(exe) }
        if let arg0 = CommandLine.arguments.first, arg0.contains("/") {
            let absolute = arg0.hasPrefix("/") ? arg0 : FileManager.default.currentDirectoryPath + "/" + arg0
            paths.append(absolute)
            paths.append(URL(fileURLWithPath: absolute).resolvingSymlinksInPath().path)
        }
        var dirs: [URL] = []
        for path in paths {
            var dir = URL(fileURLWithPath: path).deletingLastPathComponent()
            // Inside an Apple test bundle: X.xctest/Contents/MacOS → the directory holding X.xctest.
            if dir.path.hasSuffix(".xctest/Contents/MacOS") {
                dir = dir.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            }
            dirs.append(dir.standardizedFileURL)
        }
        return dirs
    }
}
