import GzipCoding
import Foundation
import HTTP1
import HTTPServer
import Testing
@testable import LabelCore
@testable import LabelServer

/// `GET /labels?format=stringsdict`: the table's plurals as an Apple `.stringsdict`,
/// checked with Foundation's own property-list reader and read back with the
/// store's reader into the strings the JSON bundle serves.
@Suite struct StringsDictBundleTests {
    let service: LabelService
    let catalog: Catalog

    init() throws {
        let holder = try LabelTestServer.catalog.get()
        service = LabelService(catalog: holder)
        catalog = holder.state.catalog
    }

    func get(_ target: String, _ headers: HTTPHeaders = [:]) -> HTTPResponse {
        service.respond(to: HTTPRequest(method: .get, target: target, headers: headers))
    }

    @Test func theStringsDictIsAPropertyListOfApplesPluralRules() throws {
        let response = get("/labels?lang=de&format=stringsdict")
        #expect(response.status == .ok)
        #expect(response.headers.first(.contentType) == "application/x-plist; charset=utf-8")
        let plist = try PropertyListSerialization.propertyList(from: Data(response.body), format: nil)
        let root = try #require(plist as? [String: [String: Any]])
        let coins = try #require(root["coins.count"])
        #expect(coins["NSStringLocalizedFormatKey"] as? String == "%#@coins@")
        let variable = try #require(coins["coins"] as? [String: String])
        #expect(variable == ["NSStringFormatSpecTypeKey": "NSStringPluralRuleType", "NSStringFormatValueTypeKey": "d",
                             "one": "%d Münze", "other": "%d Münzen"])
        #expect(root["control.close.label"] == nil)   // not a plural: in format=strings
    }

    /// Every table in every language: `format=strings` and `format=stringsdict` hold
    /// exactly the JSON bundle's keys between them, and read back (Foundation decodes the
    /// plist; the store's own readers give the entries) as the strings the server resolved.
    @Test func stringsAndStringsDictReadBackAsTheResolvedTable() throws {
        var plurals = 0
        for table in catalog.tables {
            for language in catalog.languages(table: table) {
                let query = "/labels?lang=\(language.rawValue)&table=\(table)"
                let json = try #require(try JSONSerialization.jsonObject(with: Data(get(query).body)) as? [String: Any])
                let labels = try #require(json["labels"] as? [String: String])
                let stringsBody = Data(get(query + "&format=strings").body)
                let plistBody = Data(get(query + "&format=stringsdict").body)
                #expect(try PropertyListSerialization.propertyList(from: plistBody, format: nil) is [String: Any])
                let strings = try StringsFileParser.parse(stringsBody, file: "\(table).strings")
                let dictionary = try StringsDictParser.parse(plistBody, file: "\(table).stringsdict")
                #expect(strings.warnings.isEmpty && dictionary.warnings.isEmpty, "\(query)")
                #expect(Set(strings.values.keys).isDisjoint(with: dictionary.entries.keys), "\(query)")
                #expect(Set(strings.values.keys).union(dictionary.entries.keys) == Set(labels.keys), "\(query)")
                let resolved = try #require(ResolvedTable(catalog: catalog, table: table,
                                                          chain: LabelResolver(catalog: catalog).chain(preferred: [language])))
                for item in resolved.items {
                    let string = item.entry.string
                    if string.isPlural {
                        plurals += 1
                        #expect(dictionary.entries[item.key] == Self.asWritten(string), "\(query) \(item.key)")
                    } else {
                        #expect(strings.values[item.key] == string.template, "\(query) \(item.key)")
                    }
                }
            }
        }
        #expect(plurals > 20)
    }

    /// What a `.stringsdict` can say of a string: a String Catalog's `argNum` becomes
    /// a positional `%N$#@name@`.
    static func asWritten(_ string: LocalizedString) -> LocalizedString {
        var variables = string.variables
        for name in variables.keys { variables[name]!.argumentNumber = nil }
        for (name, variable) in string.variables {
            for category in variable.variants.keys {
                variables[name]!.variants[category] = StringsDictFileWriter.positional(variable.variants[category]!, string.variables)
            }
        }
        return LocalizedString(template: StringsDictFileWriter.positional(string.template, string.variables), variables: variables)
    }

    @Test func theStringsDictHasETag304AndGzipAsTheOtherFormats() throws {
        let plain = get("/labels?lang=ru&format=stringsdict")
        let etag = try #require(plain.headers.first(.eTag))
        #expect(etag != get("/labels?lang=ru&format=strings").headers.first(.eTag))
        #expect(get("/labels?lang=ru&format=stringsdict", ["If-None-Match": etag]).status == .notModified)
        let zipped = get("/labels?lang=ru&format=stringsdict", ["Accept-Encoding": "gzip"])
        #expect(zipped.headers.first(.contentEncoding) == "gzip")
        #expect(try Gzip.decompress(zipped.body) == plain.body)
        #expect(get("/labels?lang=ru&format=stringsdict", ["If-None-Match": zipped.headers.first(.eTag)!]).status == .notModified)
        // Built once: the second request hands out the first one's bytes.
        let again = get("/labels?lang=ru&format=stringsdict").body
        #expect(again.withUnsafeBufferPointer { $0.baseAddress } == plain.body.withUnsafeBufferPointer { $0.baseAddress })
    }

    @Test func controlsAndMarkupInTextAreEscapedAndReadBack() throws {
        let string = LocalizedString(template: "%#@n@ <&> \r\u{1}", variables: [
            "n": PluralVariable(valueType: "d", variants: [.one: "a\tb\nc", .other: "%d ]]> &amp;"]),
        ])
        let data = Data(StringsDictFileWriter.document([(key: "k<&>", string: string)]).utf8)
        #expect(try PropertyListSerialization.propertyList(from: data, format: nil) is [String: Any])
        let parsed = try StringsDictParser.parse(data, file: "t.stringsdict")
        #expect(parsed.entries == ["k<&>": string])
    }
}
