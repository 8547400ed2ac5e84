import Foundation
import GraticuleCore
import Synchronization

/// What writing an output may do to what is already at its path (ogr2ogr's habits).
public struct OutputOptions: Sendable, Hashable {
    /// Replace an existing output (a GeoPackage: the layer of the same name, keeping the others).
    public var overwrite: Bool
    /// A GeoPackage: add the features to the layer of the same name.
    public var append: Bool
    /// Write to the file a symbolic link at the output path names; without it such a path is refused.
    public var followSymlinks: Bool

    public init(overwrite: Bool = false, append: Bool = false, followSymlinks: Bool = false) {
        self.overwrite = overwrite
        self.append = append
        self.followSymlinks = followSymlinks
    }
}

/// Output files written whole or not at all: each is written to a temporary file in its
/// target's directory (`.NAME.graticule-PID-N`, created exclusively, with the permissions of the
/// file it replaces), flushed to disk and renamed over the target only when complete. A write
/// that fails removes its temporary file; a process killed mid-write leaves the target as it was
/// (and a temporary file, removed by the next write beside it once its process is gone).
///
/// Several files that make one dataset (a Shapefile's parts) are committed as a set: their
/// temporary files are complete before a journal naming them is put in place, the renames
/// follow, then the journal goes. A process killed among the renames leaves the journal, and
/// the next Graticule command that reads or writes the dataset completes the renames first
/// (`completePendingSet`), as SQLite replays a hot journal: no reader through Graticule sees a mix.
public enum OutputFile {
    /// Whether anything (a file, a directory, a link, even a dangling one) is at `path`.
    public static func exists(_ path: String) -> Bool {
        var st = stat()
        return lstat(path, &st) == 0
    }

    static func isSymbolicLink(_ path: String) -> Bool {
        var st = stat()
        return lstat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFLNK
    }

    /// The path to write for `path`: `path` itself, or (with `followSymlinks`) the file its
    /// chain of symbolic links ends at.
    /// - Throws: `GraticuleError.invalidInput` when `path` is a symbolic link and
    ///   `followSymlinks` is not given, when it is a directory, or when something is there and
    ///   `mayExist` is false (the message names `--overwrite`).
    public static func destination(_ path: String, options: OutputOptions, mayExist: Bool? = nil) throws(GraticuleError) -> String {
        var target = path
        if isSymbolicLink(path) {
            guard options.followSymlinks else {
                throw .invalidInput("\(path.clipped()): is a symbolic link; not written through unless --follow-symlinks is given")
            }
            target = try resolved(path)
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: target, isDirectory: &isDirectory), isDirectory.boolValue {
            throw .invalidInput("\(path.clipped()): is a directory")
        }
        if exists(target) && !(mayExist ?? options.overwrite) {
            throw .invalidInput("\(path.clipped()): exists; give --overwrite to replace it")
        }
        let dir = (target as NSString).deletingLastPathComponent
        var d: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dir.isEmpty ? "." : dir, isDirectory: &d), d.boolValue else {
            throw .invalidInput("\(path.clipped()): no such directory \(dir.clipped())")
        }
        return target
    }

    /// The file a chain of symbolic links ends at (at most 40 links, as the kernel allows).
    static func resolved(_ path: String) throws(GraticuleError) -> String {
        var p = path
        for _ in 0 ..< 40 {
            guard isSymbolicLink(p) else { return p }
            guard let next = try? FileManager.default.destinationOfSymbolicLink(atPath: p) else {
                throw .invalidInput("\(path.clipped()): cannot read the symbolic link")
            }
            p = next.hasPrefix("/") ? next : ((p as NSString).deletingLastPathComponent as NSString).appendingPathComponent(next)
        }
        throw .invalidInput("\(path.clipped()): too many levels of symbolic links")
    }

    private static let counter = Mutex(0)

    /// A new empty file beside `target` for its next version: created exclusively (never
    /// following a link), with the permissions of the file at `target` when there is one.
    /// Temporary files of processes that are gone, left beside `target` by a kill, are removed.
    public static func temporary(beside target: String) throws(GraticuleError) -> String {
        let url = URL(fileURLWithPath: target)
        let dir = url.deletingLastPathComponent().path
        let prefix = ".\(url.lastPathComponent).graticule-"
        removeStale(in: dir, prefix: prefix)
        var mode: mode_t = 0o666
        var st = stat()
        if stat(target, &st) == 0 { mode = st.st_mode & 0o7777 }
        for _ in 0 ..< 100 {
            let n = counter.withLock { c in c += 1; return c }
            let path = (dir as NSString).appendingPathComponent("\(prefix)\(getpid())-\(n)")
            let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
            if fd >= 0 {
                // The umask narrowed a replaced file's mode: set it as it was.
                if st.st_mode != 0 { _ = fchmod(fd, mode) }
                close(fd)
                return path
            }
            if errno != EEXIST { break }
        }
        throw .invalidInput("\(target.clipped()): cannot create a temporary file in \(dir.clipped()) (\(String(cString: strerror(errno))))")
    }

    /// Removes `prefix`PID-N files whose process is no longer running.
    private static func removeStale(in dir: String, prefix: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir.isEmpty ? "." : dir) else { return }
        for name in names where name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count)
            guard let dash = rest.firstIndex(of: "-"), let pid = Int32(rest[..<dash]), pid != getpid() else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH {
                unlink((dir as NSString).appendingPathComponent(name))
            }
        }
    }

    /// Writes `bytes` into the (temporary) file at `path`, replacing its contents.
    public static func writeBytes(_ bytes: [UInt8], to path: String) throws(GraticuleError) {
        let fd = open(path, O_WRONLY | O_TRUNC | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { throw .invalidInput("\(path.clipped()): cannot write (\(String(cString: strerror(errno))))") }
        defer { close(fd) }
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { systemWrite(fd, $0.baseAddress! + offset, bytes.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                throw .invalidInput("\(path.clipped()): cannot write (\(String(cString: strerror(errno))))")
            }
            offset += n
        }
    }

    /// Flushes the file at `path` to disk.
    static func sync(_ path: String) throws(GraticuleError) {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { throw .invalidInput("\(path.clipped()): cannot open to flush (\(String(cString: strerror(errno))))") }
        defer { close(fd) }
        guard fsync(fd) == 0 else { throw .invalidInput("\(path.clipped()): cannot flush to disk (\(String(cString: strerror(errno))))") }
    }

    /// Flushes a directory's entries (the renames in it) to disk; best effort.
    static func syncDirectory(of path: String) {
        let dir = (path as NSString).deletingLastPathComponent
        let fd = open(dir.isEmpty ? "." : dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        _ = fsync(fd)
        close(fd)
    }

    /// Flushes the complete `temporary` file and renames it over `target`.
    public static func commit(_ temporary: String, to target: String) throws(GraticuleError) {
        try sync(temporary)
        guard rename(temporary, target) == 0 else {
            let reason = String(cString: strerror(errno))
            discard(temporary)
            throw .invalidInput("\(target.clipped()): cannot replace (\(reason))")
        }
        syncDirectory(of: target)
    }

    /// Removes a temporary file that will not be committed.
    public static func discard(_ temporary: String) { unlink(temporary) }

    /// Writes `bytes` to `path` whole or not at all (`destination`, `temporary`, `commit`).
    public static func write(_ bytes: [UInt8], to path: String, options: OutputOptions) throws(GraticuleError) {
        let target = try destination(path, options: options)
        let temp = try temporary(beside: target)
        do { try writeBytes(bytes, to: temp) } catch { discard(temp); throw error }
        try commit(temp, to: target)
    }

    /// Commits a set of complete temporary files over their targets and removes the files
    /// `removing` (parts of the replaced dataset that the new one does not have), through the
    /// journal at `journal` (see the type's description).
    public static func commitSet(_ moves: [(temporary: String, target: String)], removing: [String],
                                 journal: String) throws(GraticuleError) {
        for m in moves { try sync(m.temporary) }
        var text = ""
        for m in moves { text += "\(m.temporary)\t\(m.target)\n" }
        for r in removing { text += "-\t\(r)\n" }
        let journalTemp = try temporary(beside: journal)
        do {
            try writeBytes(Array(text.utf8), to: journalTemp)
            try commit(journalTemp, to: journal)
        } catch {
            discard(journalTemp)
            for m in moves { discard(m.temporary) }
            throw error
        }
        completePendingSet(journal: journal)
    }

    /// Completes the set commit recorded at `journal`, if one is pending: renames the temporary
    /// files still there over their targets, removes the files to remove, removes the journal.
    /// Does nothing when there is no journal (or the directory cannot be written).
    public static func completePendingSet(journal: String) {
        guard let data = FileManager.default.contents(atPath: journal), let text = String(data: data, encoding: .utf8) else { return }
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "\t", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { continue }
            if parts[0] == "-" {
                unlink(parts[1])
            } else if exists(parts[0]) {
                _ = rename(parts[0], parts[1])
            }
        }
        syncDirectory(of: journal)
        unlink(journal)
        syncDirectory(of: journal)
    }
}

/// The system's write(2) (the name `write` inside `OutputFile` is its own method).
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int { write(fd, buffer, count) }
