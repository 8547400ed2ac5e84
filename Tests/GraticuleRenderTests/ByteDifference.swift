/// How many bytes of two equally long images differ, and by how much at most: the measure of
/// "the same pixels up to the last bit of a coverage's rounding" (banded against one-pass paints).
func byteDifference(_ a: [UInt8], _ b: [UInt8]) -> (differ: Int, worst: Int) {
    precondition(a.count == b.count, "images of \(a.count) and \(b.count) bytes")
    var differ = 0, worst = 0
    for k in a.indices where a[k] != b[k] {
        differ += 1
        worst = max(worst, abs(Int(a[k]) - Int(b[k])))
    }
    return (differ, worst)
}
