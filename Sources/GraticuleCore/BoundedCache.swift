import Synchronization

/// A small thread-safe cache that forgets everything when full: simple and bounded, for working
/// sets of a few entries (the spatial-reference pairs a map server or a CLI run uses, built
/// coordinate operations, parsed spatial references, drawn map images). Full means `capacity`
/// entries, or, when entries are inserted with a cost (bytes of an image), a total cost above
/// `maxCost`.
public final class BoundedCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct Storage {
        var entries: [Key: Value] = [:]
        var cost = 0
    }
    private let storage = Mutex(Storage())
    /// The most entries kept; inserting one more empties the cache first.
    public let capacity: Int
    /// The largest total cost kept.
    public let maxCost: Int

    public init(capacity: Int, maxCost: Int = .max) {
        self.capacity = capacity
        self.maxCost = maxCost
    }

    /// The cached value for `key`, if any.
    public func value(for key: Key) -> Value? { storage.withLock { $0.entries[key] } }

    /// Keeps `value` (emptying the cache first when it is full); a value costing more than
    /// `maxCost` on its own is not kept.
    public func insert(_ value: Value, for key: Key, cost: Int = 0) {
        guard cost <= maxCost else { return }
        storage.withLock { s in
            if s.entries.count >= capacity || s.cost + cost > maxCost {
                s.entries.removeAll(keepingCapacity: true)
                s.cost = 0
            }
            if s.entries.updateValue(value, forKey: key) == nil { s.cost += cost }
        }
    }

    /// Entries currently held.
    public var count: Int { storage.withLock { $0.entries.count } }

    /// Forgets every entry.
    public func removeAll() { storage.withLock { $0 = Storage() } }
}
