#if canImport(Glibc)
import Glibc
#endif

/// The C allocator's settings for serving maps.
enum AllocatorTuning {
    /// Keeps freed memory in glibc's arenas instead of returning it to the kernel after every
    /// request. A map allocates and frees a few hundred kB in blocks above glibc's adaptive
    /// thresholds (its tokens, its PNG bytes); with the defaults, a worker thread's arena shrinks
    /// after each request (`madvise`) and the next request faults the pages back in. Blocks below 32 MiB come from the
    /// arenas, and an arena keeps up to 64 MiB free at its top, so memory stays at its working
    /// peak rather than growing (the soak test of `Benchmarks/compare_server.py` measures it).
    /// A no-op where the C library is not glibc.
    static func keepFreedMemory() {
        #if canImport(Glibc)
        // mallopt is not in Swift's Glibc module (malloc.h); looked up by name, with glibc's
        // values of M_TRIM_THRESHOLD (-1) and M_MMAP_THRESHOLD (-3).
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
        _ = mallopt(-1, 64 << 20)
        _ = mallopt(-3, 32 << 20)
        #endif
    }
}
