import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Input files read whole (or memory-mapped), with errors that say what the path is and what was
/// expected: `elev: no such file (expected a GeoTIFF file)`, `data: is a directory (expected a
/// Shapefile .shp)`, never Foundation's domain and code.
public enum InputFile {
    /// What is at a path, as far as reading it is concerned.
    public enum Kind: Equatable, Sendable {
        /// Nothing (or a dangling symbolic link).
        case missing
        /// A directory.
        case directory
        /// A regular file (or a link to one) of this many bytes.
        case file(size: Int)
        /// Something else: a device, a socket, a FIFO.
        case other
    }

    /// What `path` is, following symbolic links.
    public static func kind(of path: String) -> Kind {
        var s = stat()
        guard stat(path, &s) == 0 else { return .missing }
        switch s.st_mode & S_IFMT {
        case S_IFDIR: return .directory
        case S_IFREG: return .file(size: Int(s.st_size))
        default: return .other
        }
    }

    /// Checks that `path` is a readable regular file.
    /// - Parameter expected: what the file should be, for the message (`"a GeoTIFF file"`).
    /// - Throws: `GraticuleError.invalidInput` naming the path, what is there instead and `expected`.
    public static func check(_ path: String, expected: String) throws(GraticuleError) {
        switch kind(of: path) {
        case .missing: throw .invalidInput("\(path): no such file (expected \(expected))")
        case .directory: throw .invalidInput("\(path): is a directory (expected \(expected))")
        case .other: throw .invalidInput("\(path): not a regular file (expected \(expected))")
        case .file:
            guard access(path, R_OK) == 0 else {
                throw .invalidInput("\(path): cannot read (\(String(cString: strerror(errno)))) (expected \(expected))")
            }
        }
    }

    /// The bytes of the file at `url`, memory-mapped when `mapped` (the pages are read as they are
    /// touched; the file must not be truncated while the data is in use).
    /// - Parameter expected: what the file should be, for the message (`"a GeoJSON file"`).
    /// - Throws: `GraticuleError.invalidInput` naming the path and what went wrong.
    public static func bytes(_ url: URL, expected: String, mapped: Bool = true) throws(GraticuleError) -> Data {
        let path = url.path
        try check(path, expected: expected)
        do {
            return try Data(contentsOf: url, options: mapped ? .alwaysMapped : [])
        } catch {
            throw .invalidInput("\(path): cannot read (\(reason(error))) (expected \(expected))")
        }
    }

    /// A short reason for a Foundation file error: the POSIX error's text when there is one.
    static func reason(_ error: any Error) -> String {
        let ns = error as NSError
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if ns.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(ns.code))) }
        return "error reading the file"
    }
}
