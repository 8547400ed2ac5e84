import Foundation
import GraticuleCore
import Testing
@testable import graticule

/// `project` and `identify` parse numbers in place (`NumberFormat.parse`: runs of eight digits
/// read as one word, Clinger's fast path, `strtod` otherwise). Every number must parse to exactly
/// the Double the standard library parses from the same text (`Double(String)`, an independent
/// parser): leading zeros, long fractions, more than 19 significant digits, exponents, signs, a
/// number that ends the buffer (no byte after it to read a word from).
@Suite struct NumberParsingCLITests {
    static func digits(_ n: Int, _ g: inout SplitMix64) -> String {
        String((0..<n).map { _ in Character(String(Int.random(in: 0...9, using: &g))) })
    }

    /// A number as text in one of several shapes, with magnitude below `limit` when it is a
    /// plain decimal (so that latitudes stay valid).
    static func number(_ g: inout SplitMix64, limit: Int) -> String {
        let sign = Bool.random(using: &g) ? "-" : ""
        let whole = Int.random(in: 0..<limit, using: &g)
        switch Int.random(in: 0..<7, using: &g) {
        case 0: return "\(sign)\(whole).\(digits(Int.random(in: 0...12, using: &g), &g))"
        case 1: return "\(sign)\(String(repeating: "0", count: Int.random(in: 1...12, using: &g)))\(whole).\(digits(Int.random(in: 1...30, using: &g), &g))"
        case 2: return "\(sign)\(whole)"
        case 3: return "\(sign)0.\(String(repeating: "0", count: Int.random(in: 0...9, using: &g)))\(digits(Int.random(in: 1...20, using: &g), &g))"
        case 4: return "\(sign)\(Int.random(in: 1...9, using: &g)).\(digits(Int.random(in: 0...17, using: &g), &g))e\(Int.random(in: -30...1, using: &g))"
        case 5: return "\(sign)\(whole).\(digits(8, &g))"
        default: return "+\(whole).\(digits(16, &g))"
        }
    }

    @Test func parsesNumbersAsTheStandardLibrary() {
        var g = SplitMix64(seed: 2026)
        var mismatches = 0
        for k in 0..<50_000 {
            let text = Self.number(&g, limit: k % 2 == 0 ? 180 : 100_000_000)
            let expected = Double(text)
            // Alone in its buffer (the word reads must stop at its end), and followed by a separator.
            for padded in [text, text + " 1"] {
                let bytes = Array(padded.utf8)
                let got = bytes.withUnsafeBytes { NumberFormat.parse($0, 0, text.utf8.count) }
                if got?.bitPattern != expected?.bitPattern {
                    mismatches += 1
                    if mismatches <= 3 { Issue.record("\(padded.debugDescription): \(String(describing: got)), expected \(String(describing: expected))") }
                }
            }
        }
        #expect(mismatches == 0)
    }

    @Test(arguments: ["", "-", "+", ".", "1.2.3", "1e", "1e+", "--1", "1,5", "12a", "a12", "nan(", "1e99999x"])
    func rejectsWhatIsNotANumber(_ text: String) {
        let bytes = Array(text.utf8)
        let got = bytes.withUnsafeBytes { NumberFormat.parse($0, 0, bytes.count) }
        #expect(got == nil, "\(text.debugDescription) parsed as \(String(describing: got))")
    }
}
