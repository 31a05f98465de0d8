import LabelScan
import Testing

/// The development-language text a call gives when the table lacks its key: scan's XLIFF
/// `<source>` for a key the store does not have.
@Suite struct ScanDefaultValueTests {
    @Test func theValueOrDefaultValueLiteralOfACallIsKept() {
        let sites = scanSites("""
            let a = NSLocalizedString("a", tableName: "Settings", bundle: .main, value: "Apple", comment: "first")
            let b = String(localized: "b", defaultValue: "Banana", table: "Other", comment: "second")
            let c = LocalizedStringResource("c", defaultValue: "Cherry")
            let d = Bundle.main.localizedString(forKey: "d", value: "Date", table: nil)
            let e = NSLocalizedString("e", value: "", comment: "")
            let f = NSLocalizedString("f", value: "Fig \\(count)", comment: "")
            Text("g")
            """)
        #expect(sites.map(\.key) == ["a", "b", "c", "d", "e", "f", "g"])
        // An empty value is none (Foundation answers the key); an interpolated one is not a literal.
        #expect(sites.map(\.defaultValue) == ["Apple", "Banana", "Cherry", "Date", nil, nil, nil])
    }

    @Test func objectiveCsDefaultValueIsItsFourthArgument() {
        let sites = scanSites(#"NSString *s = NSLocalizedStringWithDefaultValue(@"k", @"Table", bundle, @"Default", @"c");"#, language: .objectiveC)
        #expect(sites.map(\.defaultValue) == ["Default"])
    }
}
