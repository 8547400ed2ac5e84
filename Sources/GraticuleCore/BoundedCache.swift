import Synchronization

/// A small thread-safe cache that forgets everything when full: simple and bounded, for working
/// sets of a few entries (the spatial-reference pairs a map server or a CLI run uses, built
/// coordinate operations, parsed spatial references).
public final class BoundedCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let storage = Mutex<[Key: Value]>([:])
    /// The most entries kept; inserting one more empties the cache first.
    public let capacity: Int

    public init(capacity: Int) { self.capacity = capacity }

    /// The cached value for `key`, if any.
    public func value(for key: Key) -> Value? { storage.withLock { $0[key] } }

    /// Stores `value` for `key` (emptying the cache first when it is full).
    public func insert(_ value: Value, for key: Key) {
        storage.withLock { s in
            if s.count >= capacity { s.removeAll(keepingCapacity: true) }
            s[key] = value
        }
    }

    /// Entries currently held.
    public var count: Int { storage.withLock { $0.count } }

    /// Forgets every entry.
    public func removeAll() { storage.withLock { $0.removeAll() } }
}
