import Foundation

/// The CSV fixtures of this target (`# generator: …` line, a header, then plain comma-separated
/// records). A missing fixture stops the run: a test must never pass on an empty table.
enum TransformFixtures {
    static func rows(_ name: String) -> [[String]] {
        guard let url = Bundle.module.url(forResource: name, withExtension: "csv", subdirectory: "Fixtures"),
              let text = try? String(contentsOf: url, encoding: .utf8) else {
            preconditionFailure("missing test fixture Fixtures/\(name).csv")
        }
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.dropFirst().map {
            $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        }
    }

    /// Metres between two longitude/latitude points (degrees) a few millimetres apart.
    static func metres(_ lon1: Double, _ lat1: Double, _ lon2: Double, _ lat2: Double) -> Double {
        let r = 6_378_137.0 * Double.pi / 180
        let dx = (lon1 - lon2) * r * cos(lat1 * Double.pi / 180), dy = (lat1 - lat2) * r
        return (dx * dx + dy * dy).squareRoot()
    }
}
