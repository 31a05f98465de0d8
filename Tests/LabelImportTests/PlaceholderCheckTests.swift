import Foundation
import LabelCore
import Testing
@testable import LabelImport

/// Import's placeholder check counts arguments as CoreFoundation does (LabelCore's
/// `FormatToken.argumentReads`): `Hallo %D %@` for `Hello %@` reads two arguments on
/// Apple platforms, so `%@` reads one the caller never passed and the app crashes.
@Suite struct PlaceholderCheckTests {
    typealias F = ImportFixtures

    @Test(arguments: ["Hallo %D %@", "Hallo %U %@", "Hallo %O %@", "Hallo %p %@", "Hallo %P %@", "Hallo %*d",
                      "Hallo %*@", "Hallo %.*@", "%D"])
    func aTargetWithAnExtraCoreFoundationSpecifierIsAMismatch(target: String) {
        #expect(PlaceholderCheck.mismatch(source: "Hello %@", target: target, isPluralVariant: false) != nil)
    }

    @Test func coreFoundationSpellingsOfTheSameConversionAgree() {
        #expect(PlaceholderCheck.mismatch(source: "%d files", target: "%D Dateien", isPluralVariant: false) == nil)
        #expect(PlaceholderCheck.mismatch(source: "%u of %o", target: "%U von %O", isPluralVariant: false) == nil)
        #expect(PlaceholderCheck.mismatch(source: "[%*d]", target: "[%*d]", isPluralVariant: false) == nil)
        #expect(PlaceholderCheck.arguments("%1$*2$d").keys.sorted() == [1, 2])
    }

    @Test func aWriteBackSpecifierIsAlwaysRefused() {
        // Even where the source has the same: no value may hold `%n`.
        #expect(PlaceholderCheck.mismatch(source: "Hello %n", target: "Hallo %n", isPluralVariant: false) != nil)
        #expect(PlaceholderCheck.mismatch(source: "Hello %@", target: "Hallo %@%n", isPluralVariant: false) != nil)
        #expect(PlaceholderCheck.mismatch(source: "%d coins", target: "%n", isPluralVariant: true) != nil)
    }

    @Test func theImportReportsTheCoreFoundationMismatch() throws {
        let english = Data("\"hello\" = \"Hello %@\";\n\"count\" = \"%d\";\n".utf8)
        let bundle = try F.bundle(["en.lproj/Localizable.strings": english])
        let units: [F.Unit] = [
            .init(id: "hello", source: "Hello %@", target: "Hallo %D %@"),
            .init(id: "count", source: "%d", target: "%n"),
        ]
        let report = try F.run(F.xliff(F.file("Localizable.strings", target: "de", units)), into: bundle, dryRun: true)
        #expect(report.findings.map(\.kind) == [.placeholderMismatch, .placeholderMismatch])
    }

    /// CF traps on these, reads them by platform, pads past 999 or reads a keyed object:
    /// refused even where the source has the same.
    @Test(arguments: ["Hallo %1000D %@", "Hallo %[x]@ %@", "Hallo %1000$@ %@", "Hallo %*9999d %@",
                      "Hallo %2147483648d %@", "%'d von %@", "Hallo %#[key]@", "%128$@"])
    func aTargetWithAHazardousSpecifierIsAlwaysRefused(target: String) {
        #expect(PlaceholderCheck.mismatch(source: "Hello %@", target: target, isPluralVariant: false) != nil)
        #expect(PlaceholderCheck.mismatch(source: target, target: target, isPluralVariant: false) != nil)
        #expect(PlaceholderCheck.mismatch(source: target, target: target, isPluralVariant: true) != nil)
    }

    @Test func theImportRefusesHazardousSpecifiers() throws {
        let english = Data("\"k1\" = \"Hello %@\";\n\"k2\" = \"%d von %@\";\n\"k3\" = \"Hello %@\";\n".utf8)
        let bundle = try F.bundle(["en.lproj/Localizable.strings": english])
        let units: [F.Unit] = [
            .init(id: "k1", source: "Hello %@", target: "Hallo %1000D %@"),
            .init(id: "k2", source: "%d von %@", target: "%'d von %@"),
            .init(id: "k3", source: "Hello %@", target: "Hallo %[x]@ %@"),
        ]
        let report = try F.run(F.xliff(F.file("Localizable.strings", target: "de", units)), into: bundle, dryRun: true)
        #expect(report.findings.map(\.kind) == [.placeholderMismatch, .placeholderMismatch, .placeholderMismatch])
    }
}
