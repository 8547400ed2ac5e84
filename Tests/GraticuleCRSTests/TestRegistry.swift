@testable import GraticuleCRS

/// The shared registry and its name index, for tests that call internal functions taking them.
enum TestRegistry {
    static let shared = try! Registry.shared
    static let names = try! shared.names()
}
