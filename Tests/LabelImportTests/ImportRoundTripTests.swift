import Foundation
import LabelCore
import LabelLint
import MissingKeys
import TestSupport
import Testing
@testable import LabelImport
@testable import LabelServer

@Suite struct ImportRoundTripTests {
    typealias F = ImportFixtures

    /// An XLIFF of the German side of `Strings/app` as Xcode would export it for
    /// translators who changed nothing: `.strings` keys, stringsdict ids, catalog ids.
    static func germanXLIFF(_ app: URL) throws -> Data {
        let english = try StringsFileParser.parse(Data(contentsOf: app.appendingPathComponent("en.lproj/Localizable.strings")), file: "en")
        let german = try StringsFileParser.parse(Data(contentsOf: app.appendingPathComponent("de.lproj/Localizable.strings")), file: "de")
        let strings = english.entries.map { F.Unit(id: $0.key, source: $0.value, target: german.values[$0.key]) }
        let englishPlurals = try PropertyListReader.read(Data(contentsOf: app.appendingPathComponent("en.lproj/Localizable.stringsdict"))).dictionary!
        let germanPlurals = try PropertyListReader.read(Data(contentsOf: app.appendingPathComponent("de.lproj/Localizable.stringsdict"))).dictionary!
        var plurals: [F.Unit] = []
        for key in englishPlurals.keys.sorted() {
            let source = englishPlurals[key]!.dictionary!, target = germanPlurals[key]?.dictionary ?? [:]
            plurals.append(.init(id: "/\(key):dict/NSStringLocalizedFormatKey:dict/:string", source: source["NSStringLocalizedFormatKey"]!.string!,
                                 target: target["NSStringLocalizedFormatKey"]?.string))
            for name in source.keys.sorted() where name != "NSStringLocalizedFormatKey" {
                let variable = target[name]?.dictionary ?? [:]
                for category in PluralCategory.allCases {
                    guard let text = variable[category.rawValue]?.string else { continue }
                    plurals.append(.init(id: "/\(key):dict/\(name):dict/\(category.rawValue):dict/:string",
                                         source: source[name]?.dictionary?[category.rawValue]?.string ?? "", target: text))
                }
            }
        }
        return F.xliff(F.file("App/en.lproj/Localizable.strings", target: "de", strings),
                       F.file("App/en.lproj/Localizable.stringsdict", target: "de", plurals),
                       F.file("App/Accessibility.xcstrings", target: "de", try catalogUnits(app.appendingPathComponent("Accessibility.xcstrings"))))
    }

    /// The German units of a catalog, with Xcode's ids and numbering (`%#@coins@` as `%1$#@coins@`, `%arg` as `%1$lld`).
    static func catalogUnits(_ url: URL) throws -> [F.Unit] {
        let document = try JSONDocument.read(Array(Data(contentsOf: url)))
        guard case .object(let strings)? = document["strings"] else { return [] }
        var units: [F.Unit] = []
        for member in strings {
            guard let german = member.value["localizations"]?["de"] else { continue }
            let english = member.value["localizations"]?["en"].map { texts(member.key, $0) } ?? [:]
            for (id, text) in texts(member.key, german).sorted(by: { $0.key < $1.key }) {
                units.append(.init(id: id, source: english[id] ?? member.key, target: text))
            }
        }
        return units
    }

    /// Unit id → text of one localization, as Xcode exports them.
    static func texts(_ key: String, _ localization: JSONDocument) -> [String: String] {
        var texts: [String: String] = [:]
        if let value = localization["stringUnit"]?["value"]?.stringValue {
            var numbered = value
            if case .object(let substitutions)? = localization["substitutions"] {
                for substitution in substitutions {
                    if case .number(let argument)? = substitution.value["argNum"] {
                        numbered = numbered.replacingOccurrences(of: "%#@\(substitution.key)@", with: "%\(argument)$#@\(substitution.key)@")
                    }
                }
            }
            texts[key] = numbered
        }
        if case .object(let forms)? = localization["variations"]?["plural"] {
            for form in forms { texts["\(key)|==|plural.\(form.key)"] = form.value["stringUnit"]?["value"]?.stringValue }
        }
        if case .object(let substitutions)? = localization["substitutions"] {
            for substitution in substitutions {
                guard case .number(let argument)? = substitution.value["argNum"], let specifier = substitution.value["formatSpecifier"]?.stringValue,
                    case .object(let forms)? = substitution.value["variations"]?["plural"] else { continue }
                for form in forms {
                    texts["\(key)|==|substitutions.\(substitution.key).plural.\(form.key)"] =
                        form.value["stringUnit"]?["value"]?.stringValue?.replacingOccurrences(of: "%arg", with: "%\(argument)$\(specifier)")
                }
            }
        }
        return texts
    }

    /// The catalog without its German localizations, in Xcode's layout.
    static func withoutGerman(_ data: Data) throws -> Data {
        var document = try JSONDocument.read(Array(data))
        guard case .object(var strings)? = document["strings"] else { return data }
        for index in strings.indices {
            guard case .object(var localizations)? = strings[index].value["localizations"] else { continue }
            localizations.removeAll { $0.key == "de" }
            strings[index].value.set("localizations", .object(localizations))
        }
        document.set("strings", .object(strings))
        return Data((document.catalogText() + "\n").utf8)
    }

    @Test func theStoresGermanComesBackByteIdenticalThroughXLIFF() throws {
        let app = F.strings.appendingPathComponent("app")
        let root = try F.bundle([
            "app/en.lproj/Localizable.strings": try Data(contentsOf: app.appendingPathComponent("en.lproj/Localizable.strings")),
            "app/en.lproj/Localizable.stringsdict": try Data(contentsOf: app.appendingPathComponent("en.lproj/Localizable.stringsdict")),
            "app/Accessibility.xcstrings": try Self.withoutGerman(Data(contentsOf: app.appendingPathComponent("Accessibility.xcstrings"))),
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let report = try F.run(try Self.germanXLIFF(app), into: root.appendingPathComponent("app"))
        #expect(!report.isRefused && report.findings.isEmpty, "\(report.findings) \(report.refusals)")
        // Every value the loader reads is the original's.
        let original = try StoreLoader.load(StoreConfiguration(directory: F.strings.path, bundles: ["app"])).catalog
        let imported = try StoreLoader.load(StoreConfiguration(directory: root.path, bundles: ["app"])).catalog
        let german = LanguageTag("de" as String)!
        for table in ["Localizable", "Accessibility"] {
            let expected = original.entries(table: table, language: german).mapValues(\.string)
            #expect(!expected.isEmpty)
            #expect(imported.entries(table: table, language: german).mapValues(\.string) == expected, "\(table)")
        }
        // The catalog is the original byte for byte: other languages, comments and layout untouched.
        #expect(try Data(contentsOf: root.appendingPathComponent("app/Accessibility.xcstrings")) == Data(contentsOf: app.appendingPathComponent("Accessibility.xcstrings")))
        // A second import changes nothing.
        let again = try F.run(try Self.germanXLIFF(app), into: root.appendingPathComponent("app"))
        #expect(again.files.allSatisfy { $0.status == .unchanged })
    }
}
