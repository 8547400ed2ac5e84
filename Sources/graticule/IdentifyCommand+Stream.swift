import Foundation
import Graticule
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// _exit(2): the process ends at once, without exit(3)'s atexit handlers and C++ static
/// destructors (0.2 ms; everything is already written straight to the descriptors).
private func endProcess() -> Never { _exit(EXIT_SUCCESS) }

/// `graticule identify RASTER` reading points from standard input: all of it mapped (a file) or
/// read at once (a pipe), cut at line ends into two chunks per core; for text output each chunk
/// is parsed in place (`NumberFormat.parse`, no strings), in batches of 1,024 lines transformed
/// to the raster's spatial reference (with `--crs`), its cells read through its own
/// `RasterCellReader` and printed into its own byte buffer (`ByteWriter`; all of them in one
/// huge-page mapping), and each buffer is written as soon as it and those before it are done
/// (`InOrderWriter`; a pipe on standard output is widened first, `OutputPipe`). When there are
/// many more lines than blocks and the whole image fits the block cache, its blocks are decoded
/// first, concurrently (`Raster.prefetchBlock`). Workers are threads of our own
/// (`WorkerThreads`), each taking the next block, then the next chunk. Nothing is allocated per
/// line.
extension Identify {
    /// One input line: its byte range in the input, and whether it failed to parse as `x y`.
    struct InputLine { var range: Range<Int>; var isBad: Bool }

    /// What one worker produced from a run of whole input lines.
    struct ChunkOutput {
        var lines = 0
        var output: ByteWriter?
        /// Standard-error messages, with line numbers counted from the chunk's first line.
        var messages: [(line: Int, text: String)] = []
    }

    func streamStandardInput(_ r: Raster, operation: RasterCoordinateOperation?) throws {
        let input = InputBytes(fd: 0)
        if json {
            var (points, lines) = Self.parsePoints(input.bytes, 0..<input.bytes.count)
            let original = operation != nil ? points : []
            if let operation { points.withUnsafeMutableBufferPointer { operation.transform($0) } }
            jsonLines(r, input: input.bytes, points: points, original: original, lines: lines, operation: operation)
            return
        }
        nonisolated(unsafe) let bytes = input.bytes
        // Chunks of at least 64 KB (about 3,500 lines), two per core, taken by whichever worker
        // is free (each chunk has its own reader and output buffer).
        let workers = min(8, max(1, ProcessInfo.processInfo.activeProcessorCount), max(1, bytes.count >> 17))
        let ranges = Self.lineChunks(bytes, count: min(2 * workers, max(1, bytes.count >> 16)))
        let blocks = r.fullResolutionBlockCount
        let prefetch = bytes.count / 16 >= 16 * blocks && blocks <= 4096 && r.fullResolutionFitsCache ? blocks : 0
        var outputs = [ChunkOutput](repeating: ChunkOutput(), count: ranges.count)
        // The chunks' output buffers side by side in one mapping of huge pages (about the input's
        // size: 0.4 ms of page faults fewer per 2 MB; the process ends without freeing it).
        let outputStart = ranges.reduce(into: [0]) { starts, range in starts.append(starts.last! + range.count + 4096) }
        nonisolated(unsafe) let outputMemory = HugePageBuffer(byteCount: outputStart.last!).bytes
        OutputPipe.widen(1, toHold: outputStart.last!)
        outputs.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let all = buffer
            let blockJobs = JobCounter(), chunkJobs = JobCounter()
            let writer = InOrderWriter(count: ranges.count)
            // Every worker decodes blocks until none is left, then works through chunks; a chunk
            // that needs a block another worker is still decoding waits for it (BlockCache).
            WorkerThreads.run(count: workers) { _ in
                while case let b = blockJobs.take(), b < prefetch { r.prefetchBlock(b) }
                while case let i = chunkJobs.take(), i < ranges.count {
                    var out = ByteWriter.inMemory(using: UnsafeMutableRawBufferPointer(
                        rebasing: outputMemory[outputStart[i] ..< outputStart[i + 1]]))
                    all[i] = textLines(r, input: bytes, range: ranges[i], operation: operation, into: &out)
                    all[i].output = out
                    writer.finished(i) { k in all[k] }
                }
            }
        }
        // Everything is written (straight to the descriptors, nothing buffered): the process ends
        // here instead of freeing the output buffers, the mapped input and the decoded blocks one
        // by one (about a millisecond for 100,000 lines, a tenth of the run); the system takes
        // the memory back at once.
        withExtendedLifetime(input) { endProcess() }
    }

    /// Writes chunks' outputs in input order as soon as they and every chunk before them are
    /// done (a reader of standard output gets the first lines while later chunks are worked on).
    final class InOrderWriter: Sendable {
        private struct State {
            var done: [Bool]
            var next = 0
            /// Lines in the chunks written so far (for the line numbers of messages).
            var firstLine = 0
        }
        private let state: Mutex<State>
        init(count: Int) { state = Mutex(State(done: Array(repeating: false, count: count))) }

        /// Chunk `index` is done; writes it and the done chunks after it if every chunk before
        /// it has been written (`chunk` gives a chunk's output).
        func finished(_ index: Int, chunk: (Int) -> ChunkOutput) {
            state.withLock { s in
                s.done[index] = true
                while s.next < s.done.count && s.done[s.next] {
                    let c = chunk(s.next)
                    c.output?.write(to: 1)
                    if !c.messages.isEmpty {
                        let first = s.firstLine
                        let text = c.messages.map { "line \(first + $0.line): \($0.text)\n" }.joined()
                        FileHandle.standardError.write(Data(text.utf8))
                    }
                    s.firstLine += c.lines
                    s.next += 1
                }
            }
        }
    }

    /// `count` byte ranges covering `input`, each ending after a newline (or at the end).
    static func lineChunks(_ input: UnsafeRawBufferPointer, count: Int) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = 0
        for k in 1...count {
            var end = k == count ? input.count : max(start, input.count * k / count)
            while end < input.count && end > 0 && input[end - 1] != 0x0A { end += 1 }
            if end > start { ranges.append(start..<end) }
            start = end
        }
        return ranges.isEmpty ? [0..<0] : ranges
    }

    /// `PIXEL LINE VALUE…` per line of `range` (whole lines), `nodata` for a nodata band,
    /// `outside`, `error`, parsed and transformed in batches of 1,024 lines. Each batch reads
    /// all its cells first and prints them after: the reads of one batch do not depend on each
    /// other, so their cache misses overlap (random points over a raster's decoded blocks miss
    /// the cache at nearly every read; read between parsing and printing, they waited in turn).
    func textLines(_ r: Raster, input: UnsafeRawBufferPointer, range: Range<Int>, operation: RasterCoordinateOperation?,
                   into out: inout ByteWriter) -> ChunkOutput {
        var result = ChunkOutput()
        let reader = r.cellReader()
        let bandCount = r.bands.count
        let type = r.dataType
        let single = type == .float32
        let batch = LineBatch(capacity: 1024, bands: bandCount)
        defer { batch.deallocate() }
        var next = range.lowerBound
        while next < range.upperBound {
            let (count, after) = Self.parseLines(input, from: next, to: range.upperBound, into: batch)
            next = after
            let points = UnsafeMutableBufferPointer(rebasing: batch.points[0..<count])
            if let operation { operation.transform(points) }
            // Read every cell of the batch.
            for i in 0..<count {
                if batch.lines[i].isBad { batch.cells[i] = .bad; continue }
                guard let (column, row) = r.cellIndex(x: points[i].x, y: points[i].y) else { batch.cells[i] = .outside; continue }
                do {
                    let valid = try reader.isValid(column: column, row: row)
                    for b in 0..<bandCount { batch.values[i * bandCount + b] = try reader.value(band: b, column: column, row: row) }
                    batch.cells[i] = .cell(column: column, row: row, valid: valid)
                } catch {
                    // A block that cannot be decoded: the line becomes `error`.
                    batch.cells[i] = .error
                    result.messages.append((result.lines + i + 1, error.description))
                }
            }
            // Print them.
            for i in 0..<count {
                switch batch.cells[i] {
                case .bad:
                    result.messages.append((result.lines + i + 1, Self.badLine(input, batch.lines[i])))
                    out.bytes("error\n")
                case .outside: out.bytes("outside\n")
                case .error: out.bytes("error\n")
                case let .cell(column, row, valid):
                    out.integer(column)
                    out.byte(0x20)
                    out.integer(row)
                    for b in 0..<bandCount {
                        let v = batch.values[i * bandCount + b]
                        if !valid || reader.isNoData(v, band: b) { out.bytes(" nodata"); continue }
                        out.byte(0x20)
                        Self.write(v, single: single, type: type, into: &out)
                    }
                    out.byte(0x0A)
                }
            }
            result.lines += count
        }
        // Messages in line order (a bad line's is added when printed, a read error's when read).
        result.messages.sort { $0.line < $1.line }
        return result
    }

    /// A value as `RasterValue.text(as:)` prints it (integers in decimal; floating-point values
    /// that are whole numbers below 10^15 as integers, others in shortest round-trip form, Float32
    /// cells as Float32), without building a String except for complex values.
    @inline(__always)
    static func write(_ v: RasterValue, single: Bool, type: RasterDataType, into out: inout ByteWriter) {
        switch v {
        case let .integer(i): out.signed(i)
        case let .unsigned(u): out.unsigned(u)
        case let .float(d):
            if d.isNaN {
                out.bytes("nan")
            } else if d.isInfinite {
                out.bytes(d < 0 ? "-inf" : "inf")
            } else if d == d.rounded(), abs(d) < 1e15 {
                out.signed(Int64(d))
            } else if single {
                out.float(Float(d))
            } else {
                out.number(d)
            }
        case .complex: out.bytes(v.text(as: type).utf8)
        }
    }

    /// One JSON object per line: the cell's attributes, nodata flags and extents.
    func jsonLines(_ r: Raster, input: UnsafeRawBufferPointer, points: [SIMD2<Double>], original: [SIMD2<Double>], lines: [InputLine],
                   operation: RasterCoordinateOperation?) {
        var out = ByteWriter(fd: 1)
        defer { out.flush(); out.deallocate() }
        for i in points.indices {
            if lines[i].isBad {
                FileHandle.standardError.write(Data("line \(i + 1): \(Self.badLine(input, lines[i]))\n".utf8))
                out.bytes("{\"error\":\"expected x y\"}\n")
                continue
            }
            let p = points[i]
            do {
                let cell = try r.identify(at: Point(x: p.x, y: p.y), using: nil)
                let given = operation == nil ? p : original[i]
                var j = Self.json(cell, x: given.x, y: given.y, raster: r)
                if let operation, let cell, case var .object(members) = j {
                    members.append(("extent", Self.extent(Self.requestedExtent(cell, operation))))
                    j = .object(members)
                }
                out.bytes(j.render().utf8)
                out.byte(0x0A)
            } catch {
                FileHandle.standardError.write(Data("line \(i + 1): \(error)\n".utf8))
                out.bytes("{\"error\":\(JSONText.string(error.description).render())}\n".utf8)
            }
        }
    }

    /// The standard-error message for a line that is not `x y`.
    static func badLine(_ input: UnsafeRawBufferPointer, _ line: InputLine) -> String {
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: input[line.range]), as: UTF8.self)
        return "expected x y, got \(text.debugDescription)"
    }

    /// Parses every line of `range` (see `parseLines`).
    static func parsePoints(_ input: UnsafeRawBufferPointer, _ range: Range<Int>) -> ([SIMD2<Double>], [InputLine]) {
        var points: [SIMD2<Double>] = [], lines: [InputLine] = []
        let batch = LineBatch(capacity: 1024)
        defer { batch.deallocate() }
        var next = range.lowerBound
        while next < range.upperBound {
            let (count, after) = parseLines(input, from: next, to: range.upperBound, into: batch)
            points += batch.points[0..<count]
            lines += batch.lines[0..<count]
            next = after
        }
        return (points, lines)
    }

    /// Fixed buffers for a batch of parsed lines and their cells (written in place: no growth or
    /// uniqueness checks per line).
    struct LineBatch {
        let points: UnsafeMutableBufferPointer<SIMD2<Double>>
        let lines: UnsafeMutableBufferPointer<InputLine>
        /// What each line's point fell on (text output only).
        let cells: UnsafeMutableBufferPointer<BatchCell>
        /// The cells' values, `bands` per line (text output only).
        let values: UnsafeMutableBufferPointer<RasterValue>

        init(capacity: Int, bands: Int = 0) {
            points = .allocate(capacity: capacity)
            lines = .allocate(capacity: capacity)
            cells = .allocate(capacity: bands > 0 ? capacity : 0)
            values = .allocate(capacity: capacity * bands)
        }

        func deallocate() {
            points.deallocate()
            lines.deallocate()
            cells.deallocate()
            values.deallocate()
        }
    }

    /// What a line's point fell on: a cell (column, row, valid under the mask), off the raster,
    /// a line that is not `x y`, or a block that could not be decoded.
    enum BatchCell {
        case cell(column: Int, row: Int, valid: Bool)
        case outside, bad, error
    }

    /// Parses lines of `x y` (separated by blanks, tabs or a comma; CR ignored) from bytes
    /// [from, to), as many as `batch` holds, each number parsed in place in one pass
    /// (`NumberFormat.scan`: Clinger's fast path, `strtod` otherwise); a line that is not exactly
    /// two numbers is (NaN, NaN) and flagged. Returns the lines parsed and where the next starts.
    static func parseLines(_ b: UnsafeRawBufferPointer, from: Int, to n: Int, into batch: LineBatch) -> (count: Int, next: Int) {
        var i = from, parsed = 0
        let limit = batch.points.count
        while i < n && parsed < limit {
            let end = memchr(b.baseAddress! + i, 0x0A, n - i).map { b.baseAddress!.distance(to: UnsafeRawPointer($0)) } ?? n
            var values = (0.0, 0.0), count = 0
            var k = i, ok = true
            while k < end {
                if NumberFormat.isSeparator(b[k]) { k += 1; continue }
                guard count < 2 else { ok = false; break }
                let (value, e) = NumberFormat.scan(b, k, end)
                guard let v = value else { ok = false; break }
                if count == 0 { values.0 = v } else { values.1 = v }
                count += 1
                k = e
            }
            ok = ok && count == 2
            batch.points[parsed] = ok ? SIMD2(values.0, values.1) : SIMD2(.nan, .nan)
            batch.lines[parsed] = InputLine(range: i..<end, isBad: !ok)
            parsed += 1
            i = end + 1
        }
        return (parsed, i)
    }
}

/// Standard input's bytes: the file mapped into memory when standard input is a regular file
/// (no copy), else everything read until its end.
final class InputBytes: @unchecked Sendable {
    /// Immutable after init.
    let bytes: UnsafeRawBufferPointer
    private let mapping: (base: UnsafeMutableRawPointer, length: Int)?

    init(fd: Int32) {
        var st = stat()
        if fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG, st.st_size > 0 {
            let offset = Int(lseek(fd, 0, SEEK_CUR))
            let length = Int(st.st_size)
            if offset >= 0, offset < length, let base = mmap(nil, length, PROT_READ, MAP_PRIVATE, fd, 0),
               base != MAP_FAILED {
                mapping = (base, length)
                bytes = UnsafeRawBufferPointer(start: base + offset, count: length - offset)
                _ = lseek(fd, off_t(length), SEEK_SET)
                return
            }
        }
        mapping = nil
        var capacity = 1 << 16, n = 0
        var buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
        while true {
            if n == capacity {
                let bigger = UnsafeMutableRawPointer.allocate(byteCount: capacity * 2, alignment: 16)
                bigger.copyMemory(from: buffer, byteCount: n)
                buffer.deallocate()
                buffer = bigger
                capacity *= 2
            }
            let got = read(fd, buffer + n, capacity - n)
            if got < 0 && errno == EINTR { continue }
            if got <= 0 { break }
            n += got
        }
        bytes = UnsafeRawBufferPointer(start: buffer, count: n)
    }

    deinit {
        if let mapping {
            munmap(mapping.base, mapping.length)
        } else {
            bytes.baseAddress.map { UnsafeMutableRawPointer(mutating: $0).deallocate() }
        }
    }
}
