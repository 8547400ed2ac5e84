#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Memory for a large buffer that is filled once, soon after it is made (decoded raster blocks,
/// a command's whole output): mapped in 2 MiB-aligned whole huge pages and marked for
/// transparent huge pages (`madvise(MADV_HUGEPAGE)`, which Linux honours in its default
/// "madvise" mode), so that filling it takes one page fault per 2 MiB instead of one per 4 KiB.
///
/// Below 1 MiB, or where the mapping fails, or off Linux, it is ordinary heap memory. Not zeroed on purpose:
/// callers write before they read (fresh mappings read as zeros anyway).
public struct HugePageBuffer: @unchecked Sendable {
    /// The usable bytes (at least the count asked for).
    public let bytes: UnsafeMutableRawBufferPointer
    /// The whole mapping (nil: heap memory).
    private let mapping: UnsafeMutableRawBufferPointer?

    /// 2 MiB, the x86-64 and arm64 (4 KiB granule) huge page.
    public static let hugePageSize = 2 << 20

    /// A buffer of at least `byteCount` bytes (≥ 0), 16-byte aligned.
    public init(byteCount: Int) {
        let count = max(byteCount, 1)
        #if os(Linux)
        if count >= Self.hugePageSize / 2,
           let mapped = Self.mapAligned((count + Self.hugePageSize - 1) / Self.hugePageSize * Self.hugePageSize) {
            mapping = mapped
            bytes = mapped
            return
        }
        #endif
        mapping = nil
        bytes = .allocate(byteCount: count, alignment: 16)
    }

    /// Returns the memory (the buffer must not be used after).
    public func deallocate() {
        if let mapping { munmap(mapping.baseAddress, mapping.count) } else { bytes.deallocate() }
    }

    #if os(Linux)
    /// `size` bytes (a multiple of the huge page) at a huge-page boundary, marked for huge pages.
    private static func mapAligned(_ size: Int) -> UnsafeMutableRawBufferPointer? {
        let span = size + hugePageSize
        guard let raw = mmap(nil, span, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
              raw != MAP_FAILED else { return nil }
        let address = Int(bitPattern: raw)
        let aligned = (address + hugePageSize - 1) & ~(hugePageSize - 1)
        // Unmap the slack before and after the aligned run.
        if aligned > address { munmap(raw, aligned - address) }
        let tail = address + span - (aligned + size)
        if tail > 0 { munmap(UnsafeMutableRawPointer(bitPattern: aligned + size), tail) }
        let base = UnsafeMutableRawPointer(bitPattern: aligned)!
        _ = madvise(base, size, MADV_HUGEPAGE)
        return UnsafeMutableRawBufferPointer(start: base, count: size)
    }
    #endif
}
