/// Coordinates given on the command line after a command's other arguments (`project … x y [z]`,
/// `identify RASTER x y`), declared `@Argument(parsing: .allUnrecognized)` so that negative
/// numbers need no `--`, as cs2cs and gdallocationinfo take them.
enum CoordinateArguments {
    /// The numbers of `arguments` (a `--` separator is skipped).
    /// - Parameter counts: the numbers of values accepted, e.g. `[2, 3]` for `x y [z]`.
    /// - Parameter usage: what is expected, for the message (`"x y [z]"`).
    /// - Throws: `CLIError` naming an unknown option, a value that is not a number, or a wrong count.
    static func numbers(_ arguments: [String], counts: Set<Int>, usage: String) throws -> [Double] {
        var numbers: [Double] = []
        for a in arguments where a != "--" {
            guard let v = Double(a) else {
                throw CLIError(message: a.hasPrefix("--") ? "unknown option \(a)" : "\(a) is not a number (expected \(usage))")
            }
            numbers.append(v)
        }
        guard counts.contains(numbers.count) else {
            throw CLIError(message: "expected \(usage), got \(numbers.count) number\(numbers.count == 1 ? "" : "s")")
        }
        return numbers
    }
}
