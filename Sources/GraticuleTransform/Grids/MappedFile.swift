import Foundation
import GraticuleCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A read-only memory map of a grid file: pages are read by the operating system when a point
/// first touches them, so opening a large grid costs nothing until it is used, and the mapping
/// can be shared by any number of threads.
final class MappedFile: @unchecked Sendable {
    /// The file's path, for error messages.
    let path: String
    let bytes: UnsafeRawBufferPointer

    init(path: String) throws(GraticuleError) {
        self.path = path
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else {
            throw .invalidInput("grid file \(path) cannot be opened: \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else {
            throw .invalidInput("grid file \(path) cannot be read: \(String(cString: strerror(errno)))")
        }
        let size = Int(st.st_size)
        guard size > 0 else { throw .invalidInput("grid file \(path) is empty") }
        guard let base = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), base != MAP_FAILED else {
            throw .invalidInput("grid file \(path) cannot be mapped: \(String(cString: strerror(errno)))")
        }
        bytes = UnsafeRawBufferPointer(start: base, count: size)
        isHeap = false
    }

    /// A file held in memory (tests, embedded data).
    init(path: String, data: [UInt8]) {
        self.path = path
        let p = UnsafeMutableRawBufferPointer.allocate(byteCount: max(data.count, 1), alignment: 16)
        p.copyBytes(from: data)
        bytes = UnsafeRawBufferPointer(start: p.baseAddress, count: data.count)
        isHeap = true
    }

    private let isHeap: Bool

    deinit {
        if isHeap {
            UnsafeMutableRawPointer(mutating: bytes.baseAddress!).deallocate()
        } else if let base = bytes.baseAddress {
            munmap(UnsafeMutableRawPointer(mutating: base), bytes.count)
        }
    }

    var count: Int { bytes.count }

    /// Bytes [offset, offset + n) exist.
    @inline(__always) func has(_ offset: Int, _ n: Int) -> Bool { offset >= 0 && n >= 0 && offset <= count - n }

    @inline(__always) func uint32(at o: Int, bigEndian: Bool) -> UInt32 {
        let v = bytes.loadUnaligned(fromByteOffset: o, as: UInt32.self)
        return bigEndian ? UInt32(bigEndian: v) : UInt32(littleEndian: v)
    }

    @inline(__always) func int32(at o: Int, bigEndian: Bool) -> Int32 {
        Int32(bitPattern: uint32(at: o, bigEndian: bigEndian))
    }

    @inline(__always) func float32(at o: Int, bigEndian: Bool) -> Float {
        Float(bitPattern: uint32(at: o, bigEndian: bigEndian))
    }

    @inline(__always) func float64(at o: Int, bigEndian: Bool) -> Double {
        let v = bytes.loadUnaligned(fromByteOffset: o, as: UInt64.self)
        return Double(bitPattern: bigEndian ? UInt64(bigEndian: v) : UInt64(littleEndian: v))
    }

    /// ASCII text of bytes [o, o + n), trailing blanks and NULs removed.
    func ascii(at o: Int, _ n: Int) -> String {
        guard has(o, n) else { return "" }
        var s = String(decoding: bytes[o..<o + n].map { $0 < 32 || $0 > 126 ? 32 : $0 }, as: UTF8.self)
        while s.last == " " { s.removeLast() }
        return s
    }
}
