import Testing
@testable import GraticuleCore

@Suite struct DiagnosticsTests {
    @Test func countsPerKindAndKeepsTheFirstMessage() {
        var d = Diagnostics()
        #expect(d.isEmpty && d.lines.isEmpty)
        d.record(.geometryCut, "features cut at the projection's edge", subject: "RUS")
        d.record(.geometryCut, "another message", subject: "FJI")
        d.record(.geometryCut, "again", subject: "RUS")
        d.record(.ballparkTransformation, "no transformation known", count: 5)
        #expect(d.count(.geometryCut) == 3)
        #expect(d.count(.ballparkTransformation) == 5)
        #expect(d.count(.missingGrid) == 0)
        #expect(d.lines == [
            "warning: no transformation known (5 times)",
            "warning: features cut at the projection's edge (3 times: RUS, FJI)",
        ])
    }

    @Test func mergeAddsCountsAndSubjects() {
        var a = Diagnostics(), b = Diagnostics()
        a.record(.featureDropped, "left out", subject: "ATA")
        b.record(.featureDropped, "dropped", subject: "ATF", count: 2)
        b.record(.missingGrid, "grid missing", subject: "egm96_15.gtx")
        a.merge(b)
        #expect(a.count(.featureDropped) == 3)
        #expect(a.entries[.featureDropped]?.subjects == ["ATA", "ATF"])
        #expect(a.entries[.featureDropped]?.message == "left out")
        #expect(a.count(.missingGrid) == 1)
        let log = DiagnosticsLog()
        log.merge(a)
        log.record(.missingGrid, "x", subject: "egm96_15.gtx")
        #expect(log.snapshot.count(.missingGrid) == 2)
        #expect(log.snapshot.entries[.missingGrid]?.subjects == ["egm96_15.gtx"])
    }

    @Test func subjectsAreBounded() {
        var d = Diagnostics()
        for i in 0..<100 { d.record(.geometryCut, "cut", subject: "F\(i)") }
        #expect(d.entries[.geometryCut]?.subjects.count == Diagnostics.subjectLimit)
        #expect(d.lines[0].hasSuffix(", …)"))
    }
}
