import Dispatch
import GraticuleIO
import Synchronization

/// A decoded block shared between readers (immutable once made).
final class DecodedBlock: @unchecked Sendable {
    /// nil for a block the file does not hold (sparse): read as nodata, or 0.
    let block: TIFFBlock?
    /// The first of the block's bytes (nil for a sparse block): the storage of `block.bytes`,
    /// which this object owns and never mutates, so the address holds for the object's lifetime.
    /// Readers that keep the object index cells through it without reference counting or
    /// closures per cell.
    let base: UnsafeRawPointer?
    init(_ block: TIFFBlock?) {
        self.block = block
        base = block.flatMap { b in b.bytes.isEmpty ? nil : b.bytes.withUnsafeBytes { $0.baseAddress } }
    }
    var byteCount: Int { block?.bytes.count ?? 0 }
}

/// A bounded cache of decoded blocks, least recently used out first, safe to use from several
/// threads (a mutex guards the table; decoding happens outside it).
final class BlockCache: Sendable {
    struct Key: Hashable {
        let image: Int
        let block: Int
    }
    struct Entry {
        let value: DecodedBlock
        var lastUse: UInt64
    }
    struct State {
        var entries: [Key: Entry] = [:]
        var bytes = 0
        var clock: UInt64 = 0
        /// Blocks being decoded now, with the threads waiting for them.
        var inFlight: [Key: Decoding] = [:]
    }

    /// A block one thread is decoding; others that want it wait for it instead of decoding it
    /// again (readers of many cells in parallel — `graticule identify` on several cores, a map
    /// server warping one raster for concurrent requests — ask for the same blocks at once).
    final class Decoding: @unchecked Sendable {
        /// Guarded by the cache's mutex.
        var waiters = 0
        let done = DispatchSemaphore(value: 0)
    }

    /// What `claim` found: the block, or the right to decode it, or someone else decoding it.
    enum Claim {
        case cached(DecodedBlock)
        case decode
        case wait(Decoding)
    }

    /// The cached block, or the right to decode it (the caller must then call `finish`), or the
    /// decoding another thread is doing (wait on it, then ask again).
    func claim(_ key: Key) -> Claim {
        state.withLock { s in
            if var e = s.entries[key] {
                s.clock &+= 1
                e.lastUse = s.clock
                s.entries[key] = e
                return .cached(e.value)
            }
            if let d = s.inFlight[key] {
                d.waiters += 1
                return .wait(d)
            }
            s.inFlight[key] = Decoding()
            return .decode
        }
    }

    /// Ends a decoding claimed with `claim` (after `put` when it succeeded): its waiters wake.
    func finish(_ key: Key) {
        let (d, n) = state.withLock { s -> (Decoding?, Int) in
            let d = s.inFlight.removeValue(forKey: key)
            return (d, d?.waiters ?? 0)
        }
        for _ in 0..<n { d?.done.signal() }
    }
    /// The most bytes of decoded blocks kept.
    let capacity: Int
    private let state = Mutex(State())

    init(capacity: Int) { self.capacity = capacity }

    func get(_ key: Key) -> DecodedBlock? {
        state.withLock { s in
            guard var e = s.entries[key] else { return nil }
            s.clock &+= 1
            e.lastUse = s.clock
            s.entries[key] = e
            return e.value
        }
    }

    func put(_ key: Key, _ value: DecodedBlock) {
        state.withLock { s in
            s.clock &+= 1
            if let old = s.entries[key] { s.bytes -= old.value.byteCount }
            s.entries[key] = Entry(value: value, lastUse: s.clock)
            s.bytes += value.byteCount
            while s.bytes > capacity && s.entries.count > 1 {
                guard let victim = s.entries.min(by: { $0.value.lastUse < $1.value.lastUse }) else { break }
                if victim.key == key { break }
                s.bytes -= victim.value.value.byteCount
                s.entries[victim.key] = nil
            }
        }
    }

    /// Bytes of decoded blocks currently held, and the number of blocks.
    var usage: (bytes: Int, blocks: Int) { state.withLock { ($0.bytes, $0.entries.count) } }
}
