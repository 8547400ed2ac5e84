import Foundation
import GraticuleCore
import Testing

/// `trimmingWhitespace` against Foundation's `trimmingCharacters(in: .whitespacesAndNewlines)`,
/// the call it replaces.
struct StringTrimmingTests {
    @Test(arguments: ["", " ", "\t\n", "abc", "  EPSG:4326 ", "\n-32768\r\n", " a b ", "\u{00A0}nan\u{3000}", "é ", " \u{1680}x\u{2029}"])
    func sameAsFoundation(_ text: String) {
        #expect(text.trimmingWhitespace == text.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(Substring(text).trimmingWhitespace == text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Every scalar of the Basic Multilingual Plane around a word: trimmed exactly when Foundation
    /// trims it, but for U+200B zero width space (not White_Space in Unicode; Foundation trims it).
    @Test func everyBMPScalar() {
        var differ: [UInt32] = []
        for v in UInt32(0)...0xFFFF {
            guard let u = Unicode.Scalar(v) else { continue }
            let text = "\(Character(u))x\(Character(u))"
            if text.trimmingWhitespace != text.trimmingCharacters(in: .whitespacesAndNewlines) { differ.append(v) }
        }
        #expect(differ == [0x200B], "differ at \(differ.prefix(20).map { String($0, radix: 16) })")
    }
}
