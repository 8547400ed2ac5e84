import Foundation
import GraticuleCore
@testable import GraticuleServer
import Testing

/// The bounded caches behind the server's image and attribute caches, and the query decoder that
/// every request goes through.
@Suite struct ServerCacheTests {
    @Test func costBoundForgetsAllWhenFull() {
        let cache = BoundedCache<Int, [UInt8]>(capacity: 100, maxCost: 10)
        cache.insert([1, 2, 3, 4], for: 1, cost: 4)
        cache.insert([5, 6, 7, 8], for: 2, cost: 4)
        #expect(cache.value(for: 1) == [1, 2, 3, 4] && cache.value(for: 2) == [5, 6, 7, 8])
        // 4 + 4 + 4 > 10: the cache starts afresh with the new value only.
        cache.insert([9, 9, 9, 9], for: 3, cost: 4)
        #expect(cache.value(for: 1) == nil && cache.value(for: 2) == nil && cache.value(for: 3) == [9, 9, 9, 9])
        // A value costing more than the whole budget is not kept and evicts nothing.
        cache.insert(Array(repeating: 0, count: 11), for: 4, cost: 11)
        #expect(cache.value(for: 4) == nil && cache.value(for: 3) != nil)
        // A zero budget keeps nothing (`graticule serve --no-cache`).
        let off = BoundedCache<Int, Int>(capacity: 100, maxCost: 0)
        off.insert(1, for: 1, cost: 1)
        #expect(off.value(for: 1) == nil)
    }

    @Test func countBoundForgetsAllWhenFull() {
        let cache = BoundedCache<Int, Int>(capacity: 2)
        cache.insert(10, for: 1); cache.insert(20, for: 2); cache.insert(30, for: 3)
        #expect(cache.value(for: 1) == nil && cache.value(for: 3) == 30)
    }

    @Test(arguments: [
        ("a=1&b=x+y", ["a": "1", "b": "x y"]),
        ("CRS=EPSG%3A4326&BBOX=1%2C2,3,4", ["crs": "EPSG:4326", "bbox": "1,2,3,4"]),
        ("name=%C3%A9t%C3%A9&Name=ignored", ["name": "été"]),
        ("q=%2b%2B&e=", ["q": "++", "e": ""]),
        ("flag&x=1=2", ["flag": "", "x": "1=2"]),
    ])
    func queryDecoding(query: String, expected: [String: String]) throws {
        let q = try Query(query: query)
        for (k, v) in expected { #expect(q[k] == v, "\(k) in \(query)") }
    }

    @Test(arguments: ["a=%zz", "a=%4", "a=%", "%C3=1", "a=%FF%FE"])
    func malformedPercentEncoding(query: String) {
        #expect(throws: APIError.self) { try Query(query: query) }
    }

    @Test(arguments: [(" 12.5 ", 12.5), ("\t-3", -3.0), ("7", 7.0)])
    func numbersAreTrimmed(text: String, value: Double) throws {
        #expect(try Query.number(text, name: "x") == value)
    }
}

/// The image cache must never answer one map with another's image.
@Suite struct ImageCacheRouteTests {
    static let base = "/wms?SERVICE=WMS&VERSION=1.1.1&REQUEST=GetMap&LAYERS=countries&STYLES=&SRS=EPSG:4326&FORMAT=image/png"

    @Test func sameRequestSameImageOtherRequestOtherImage() async throws {
        let first = try await LiveServer.request(Self.base + "&BBOX=-180,-90,180,90&WIDTH=128&HEIGHT=64")
        let again = try await LiveServer.request(Self.base + "&BBOX=-180,-90,180,90&WIDTH=128&HEIGHT=64")
        #expect(first.status == 200 && first.body == again.body)
        for variant in ["&BBOX=-180,-90,180,90&WIDTH=128&HEIGHT=64&BGCOLOR=0x000000",
                        "&BBOX=-180,-90,180,90&WIDTH=128&HEIGHT=64&TRANSPARENT=TRUE",
                        "&BBOX=-180,-90,180,89&WIDTH=128&HEIGHT=64",
                        "&BBOX=-180,-90,180,90&WIDTH=128&HEIGHT=65"] {
            let other = try await LiveServer.request(Self.base + variant)
            #expect(other.status == 200 && other.body != first.body, "\(variant)")
        }
        let mercator = try await LiveServer.request(Self.base.replacingOccurrences(of: "EPSG:4326", with: "EPSG:3857")
            + "&BBOX=-180,-90,180,90&WIDTH=128&HEIGHT=64")
        #expect(mercator.status == 200 && mercator.body != first.body)
    }
}
