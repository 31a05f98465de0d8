import Testing

/// Every input kept in `Fuzz/Regressions/scan/` (the scan fuzz target's seeds and
/// findings), replayed through the target's own code (`ScanFuzzCase.swift` is a symlink to
/// the target's file) by ``FuzzReplay``.
@Suite struct ScanFuzzRegressionTests {
    @Test("the scan fuzz target has kept inputs")
    func inputsAreKept() {
        #expect(!FuzzInput.regressions("scan").isEmpty)
    }

    @Test("an input the scan fuzz target keeps runs without a trap or a finding", arguments: FuzzInput.regressions("scan"))
    func replay(_ name: String) async {
        await FuzzReplay.replay("scan", name)
    }
}

/// The case type ``FuzzReplay`` runs in this test target.
typealias FuzzCase = ScanFuzzCase
