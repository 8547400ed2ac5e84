import GraticuleCore
import Testing

/// `NameKey.of` reads ASCII names byte by byte; its key must be the definition's: the name
/// lower-cased, keeping letters (any script), digits and `+`.
@Suite struct NameKeyTests {
    static func definition(_ name: String) -> String {
        String(String.UnicodeScalarView(name.lowercased().unicodeScalars.filter { $0 == "+" || NameKey.isAlphanumeric($0) }))
    }

    @Test(arguments: ["Lambert_Conformal_Conic", "Lambert Conformal Conic (2SP)", "lambert-conformal-conic", "CH1903+",
                      "CH1903", "D_WGS_1984", "WGS 84", "NAD83(CSRS)v7", "Réseau Géodésique Français 1993",
                      "Pulkovo 1942(58)", "", " ", "+", "__", "Ελληνικό", "Mount Dillon", "GDA2020 / MGA zone 55",
                      "Scale factor at natural origin", "Kertau (RSO)", "foot (US)", "ISO 19111 ~ test: 9.5#"])
    func keyIsTheDefinition(_ name: String) {
        #expect(NameKey.of(name) == Self.definition(name))
    }

    @Test func asciiKeys() {
        #expect(NameKey.of("Lambert_Conformal_Conic") == NameKey.of("lambert conformal-conic"))
        #expect(NameKey.of("CH1903+") == "ch1903+")
        #expect(NameKey.of("CH1903+") != NameKey.of("CH1903"))
    }
}
