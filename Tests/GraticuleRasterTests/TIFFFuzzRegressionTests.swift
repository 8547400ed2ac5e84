import Foundation
import GraticuleIO
import Testing

/// Inputs the TIFF fuzz target (Fuzz/FuzzTIFF.swift) once crashed on, replayed through the same
/// steps: each must now end in a thrown error or a result, never a trap.
@Suite struct TIFFFuzzRegressionTests {
    /// Runs the fuzz target's steps on the bytes: every directory, its GeoKeys and spatial
    /// reference, every block.
    static func replay(_ data: Data) {
        guard let file = try? TIFFFile(data: data, name: "fuzz") else { return }
        for i in file.directories.indices {
            guard let image = try? file.image(at: i) else { continue }
            if let geo = try? GeoTIFFGeoreference(directory: image.directory) {
                _ = geo.geoTransform()
                _ = try? geo.spatialReference()
            }
            for r in 0..<min(image.blocksDown, 16) {
                for c in 0..<min(image.blocksAcross, 16) { _ = try? image.decodeBlock(column: c, row: r, plane: 0) }
            }
        }
    }

    /// 2026-11-25, 120 s of fuzzing: a user-defined ellipsoid with a semi-minor axis longer than
    /// its semi-major axis reached `Ellipsoid`'s precondition (now "GeogSemiMinorAxisGeoKey …:
    /// must be finite and at most the semi-major axis").
    @Test func userDefinedEllipsoidWithSemiMinorAboveSemiMajor() throws {
        let data = try #require(Data(base64Encoded: "SUkqAAgAAAASAAABAwABAAAAbwAAAAEBAwABAAAAbwAAAAIBAwABAAAAIAAAAAMBAwABAAAABQAAAAYBAwABAAAAAQAAABEBBAAHAAAAAgEAABUBAwABAAAAAQAAABYBAwABAAAAEgAAABcBBAAHAAAA5gAAABwBAwABAAAAAQAAAD0BAwABAAAAAQAAAFMBAwABAAAAAwAAAA6DDAADAAAAHgEAAIKEDAAGAAAANgEAAK+HAwBAAAAAZgEAALCHDAAGAAAA5gEAALGHAgB4AAAAFgIAAIGkAgAEAAAAbmFuAAAAAADnCQAAtQkAAGoJAAB4CAAA1AcAABkFAAAoAQAAjgIAAHUMAAAqFgAAlB8AAAwoAADgLwAA+TQAAIH6qMyef1ZAgfqozJ5/VkAAAAA6AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAOY1AAAhoBFBRDwAGH9lYUEAAAAAAAAAAAEAAQAAAA8AAAQAAAEAAQABBAAAAQABAAIEsYchAAAAAAgAAAEA/38BCLGHVgAhAAIIAAABAP9/BggAAAEAjiMICAAAAQD/fwkIsIcBAAAAC/////////8KCLCHAQABAA0IsIcBAAIADgiwhwMAAwAADAAAAQD/fwIMAAABAP0+BAwAAAEAKSMAAABAplRYQaj565QdpHJAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAABVVE0gWm9uZSAyNSwgU291dGhlcm4gSGVtaXNwaGVyZXxHQ1MgTmFtZSA9IEdSUyAxOTgwKElVR0csIDE5ODApfERhdHVtID0gdW5rbm93bnxFbGxpcHNvaWQgPSBHUlM4MHxQcmltZW0gPSBHcmVlbndpY2h8fACAAAABghQIiQUAICEIKEIqEFyEQSBHyGwg2QgwQgcQgAQgCQh8EGBPCRABsSVYSVkSVoSVcSVUSVISVMTSbQKZwKazqbgCUwKYwJwSUISCSySBAiEMCUTCnQIWRiEGSHwgQQiggBESyS0qBCSES2BAyjQKmQKxAC0zsADCiSUASVAECzXSBXCSiCS26BXqBXG+3u3wIISVwXZgXZQYjGXW/3jH0LGgDD47KXbAADF5bNwm7ZUAYmBZ3CwIoXKSmCS6fCYa7XzL5G77LM6DM52NwIYQhEQhLQhIQgoQgOQiFQKHQLjgCGQIsQjd4SOQii2OPWGuWim0CSqDu9ufU8AVmfgCVwJ0SWQwIKWUAV4AWD0eK02mO86LQg0QgeVjUIE84APar7sOsgT1tCwzvoEODBtm2LPMs0TQrs0q2wc2C/ABDUNNuxS7CBEC7Lm0bPxMy0LQ9ErLMzCzbJLCcJxJCjAskgQgMhC7WwYvMHRczEHMzCa/oShAmSMiqBN6qDoSQgRDYXJ0ZXNpYW4gKE1ldGVyKeaABHIQPCECo/jqIQ+QANyAD+vYhD0u0gSTwBGEzLMlzwLOzTwTCgSEPgFDrt0q0wJUks5IEJCETyAEjoE/cGIQg6hP+8aSy0GiEQGAErIFRSRwU0aSwbHcHxjD8bQgzLYRbB0NQmzrOxnUbML/ENNMy2sTwjVtSMnVFW1K5S7Q1GdOR60yZNTGFWNA0DYRwy1cSIYAAeH31n75F7sxbE3II6DixhCAWsnivFEo+B5TylsvFvw2RsOgttbbiyWt4jyoBQQ1RBG910prQCms8staMo/rxjKZMCqMxTjEzbs/aqk8MysQgUhwPod6bpmlZeW4O08IRUCU7CHtJaS1AodAuOAIZAixCN3hI5CKLY49Ya5aKbQJKoO7259TwBWZ+AJXAnRJZDAgpZQBXgBYPR4rTaY7zotCDRCB5WNQgTzgA9qvuw6yBPW0LDG+gQ4MG2bYs8yzRBgwAUD3Pb6lge0oQpGt+J4e26SgVHUbfuxOU42y+hZ130B1vd9psYAdr62j7XvNDPJdoAQQiXxQWADVWuwXCw1zlXMm0GK4vxebM7IebVjxtLZFTUU8PG7pXHv/ZI/hh5k3RmyQm5VwcAmVmTRmkN1DNxGG+ew9p3TcXnNkZ8QJngAIJrxAApAADT1uvThGnxOaAksECfIVdpsKoWPVe09pZ7ZoakIWYRN671GhQVerCRtEJFuQuPCTx34smfuZNCb/TZQKf2hBlTJ1WxmRnA+LzjjYGgjUqkzDkotvtVjBF1jPYPL8IERCDhCBQEIFEQgTxCBKEIg+n5ozQF5r9hJEQ6oAJHnweRCd20e26NobM7x5q0Idt1ZqhVORtZhqYl5OVgjqG9r4MfHZKyBHkFhe2xaLCD4FJqhAvicUYE2pqkjBKQCNH/yHXYgdVquKBOIb2/99SrTapInNQ9aRAYAAAAYCDAkxBQAiIQIIXCChDYEEIQQCBAhhCIvEYnFQAgIgADhCI9AoVApHHYRBIEQIdE4RIYEAIQoI5Eo1AoZApUAIfK5bAp7IJTCHBNYRNgBOQAwI5NJXTahJo5RZvHanHJlAqpS45LJJCKZArDMbJZY6P6fUrNa7Zbbdb7hcblc7pdbtd7nB51Q5xH4yAKcAK9QoEkL5SYxCKyAL/Qb/g6DhotiYFMITh1Bipde77nMRPs9Sr/SKVi8Di63gYpAsDga3qY5Y63Y9lWLBV7FWLngbHeN9v+BweFw+Jg6VSstlsHqwBegAuJ/n6Xh9roOlg53O+XH6Vg5LzcphIH4e3Js2AKRr9tMe5RNj79ZXdxgPh9K19dpRvZ97tsOI/8AQDAUBregI"))
        Self.replay(data)
        // Not only no trap: the spatial reference is refused, naming the key.
        let image = try TIFFFile(data: data, name: "fuzz").image(at: 0)
        let geo = try GeoTIFFGeoreference(directory: image.directory)
        #expect { try geo.spatialReference() } throws: { "\($0)".contains("GeogSemiMinorAxisGeoKey") }
    }
}
