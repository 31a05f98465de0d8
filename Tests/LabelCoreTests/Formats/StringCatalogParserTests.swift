import Foundation
import Testing
import LabelCore

/// `.xcstrings` reading, against the real catalogs of the corpus and small inline ones.
struct StringCatalogParserTests {
    static let corpusFiles = [
        "owncloud-ios-app/ownCloud File Provider/Localizable.xcstrings",
        "xcstrings-tool/Tests/XCStringsToolTests/__Fixtures__/Localizable.xcstrings",
        "xcstrings-tool/Tests/XCStringsToolTests/__Fixtures__/FormatSpecifiers.xcstrings",
    ]
    static let ownCloud = corpusFiles[0]
    static let tool = corpusFiles[1]
    static let formatSpecifiers = corpusFiles[2]

    // MARK: Corpus

    @Test func theTestCoversEveryCatalogThatExpectedJSONDescribes() throws {
        let described = try TestStores.expectedCorpusFiles().filter { ($0.value["kind"] as? String) == "xcstrings" }.keys
        #expect(Set(described) == Set(Self.corpusFiles))
    }

    @Test(arguments: corpusFiles)
    func corpusCatalogHasTheExpectedLanguageVersionAndKeys(_ path: String) throws {
        let expected = try #require(try TestStores.expectedCorpusFiles()[path])
        let catalog = try StringCatalogParser.parse(try TestStores.corpusData(path), file: path)
        #expect(catalog.sourceLanguage == expected["sourceLanguage"] as? String)
        #expect(catalog.version == expected["version"] as? String)
        let source = try #require(catalog.localizations[catalog.sourceLanguage])
        #expect(source.count == expected["entries"] as? Int)
        #expect(Set(source.keys) == Set(try #require(expected["keys"] as? [String])))
        #expect(catalog.warnings.isEmpty, "\(catalog.warnings)")
    }

    @Test func ownCloudHasFifteenLocalesIncludingGermanAndSimplifiedChinese() throws {
        let catalog = try StringCatalogParser.parse(try TestStores.corpusData(Self.ownCloud), file: Self.ownCloud)
        #expect(catalog.localizations.count == 15)
        #expect(catalog.localizations["de"]?["Authorization failed"] == LocalizedString(template: "Autorisierung fehlgeschlagen."))
        #expect(catalog.localizations["zh-Hans"]?["Authorization failed"] != nil)
        #expect(catalog.localizations["de"]?["Log into your account %@ in the app for more details."]?.isPlural == false)
        #expect(catalog.states.isEmpty)
    }

    @Test func topLevelPluralVariationsBecomeTheSyntheticPluralVariable() throws {
        let catalog = try StringCatalogParser.parse(try TestStores.corpusData(Self.tool), file: Self.tool)
        let plural = try #require(catalog.localizations["en"]?["myPlural"])
        #expect(plural.template == "%#@__plural@")
        #expect(plural.variables == ["__plural": PluralVariable(
            valueType: "lld", argumentNumber: nil,
            variants: [.one: "I have %lld plural", .other: "I have %lld plurals"])])
    }

    @Test func substitutionsKeepTheirArgumentNumberAndTypeAndRewriteTheArgToken() throws {
        let catalog = try StringCatalogParser.parse(try TestStores.corpusData(Self.tool), file: Self.tool)
        let substitute = try #require(catalog.localizations["en"]?["mySubstitute"])
        #expect(substitute.template == "%lld: People liked %#@count@ posts")
        #expect(substitute.variables == ["count": PluralVariable(
            valueType: "lld", argumentNumber: 2, variants: [.one: "%lld", .other: "%lld"])])
        #expect(catalog.states["en"]?["mySubstitute"] == "needs_review")
    }

    @Test func deviceVariationsWithoutAnIPhoneVariantServeOther() throws {
        let catalog = try StringCatalogParser.parse(try TestStores.corpusData(Self.tool), file: Self.tool)
        #expect(catalog.localizations["en"]?["myDeviceVariant"] == LocalizedString(template: "Multiplatform Original"))
        // The served `other` variant is translated; the unserved ipad one needing review does not count.
        #expect(catalog.states["en"]?["myDeviceVariant"] == nil)
    }

    @Test func keysWithoutLocalizationsAreTheirOwnSourceValue() throws {
        let catalog = try StringCatalogParser.parse(try TestStores.corpusData(Self.tool), file: Self.tool)
        #expect(catalog.localizations["en"]?["Empty"] == LocalizedString(template: "Empty"))
        #expect(catalog.localizations["en"]?["Empty.Comment"] == LocalizedString(template: "Empty.Comment"))
        #expect(catalog.localizations["en"]?["continue"] == LocalizedString(template: "Continue"))
        #expect(catalog.localizations.keys.sorted() == ["en"])
    }

    @Test func formatSpecifierValuesAreKeptVerbatim() throws {
        let catalog = try StringCatalogParser.parse(try TestStores.corpusData(Self.formatSpecifiers), file: Self.formatSpecifiers)
        let english = try #require(catalog.localizations["en"])
        #expect(english["percentage"]?.template == "Test %")
        #expect(english["percentage_escaped_space_o"]?.template == "Test 50%% off")
        #expect(english["f_precision"]?.template == "Test %.2f")
        #expect(english.values.allSatisfy { !$0.isPlural })
    }

    // MARK: Synthetic catalogs

    @Test func deviceVariationsPreferTheIPhoneAndMayHoldPluralVariations() throws {
        let catalog = try parse(#"""
            "k" : { "localizations" : { "de" : { "variations" : { "device" : {
              "ipad" : { "stringUnit" : { "state" : "translated", "value" : "iPad" } },
              "iphone" : { "variations" : { "plural" : {
                "one" : { "stringUnit" : { "state" : "translated", "value" : "%d Datei" } },
                "other" : { "stringUnit" : { "state" : "new", "value" : "%d Dateien" } }
              } } }
            } } } } }
            """#)
        let value = try #require(catalog.localizations["de"]?["k"])
        #expect(value.template == "%#@__plural@")
        #expect(value.variables["__plural"] == PluralVariable(valueType: "d", variants: [.one: "%d Datei", .other: "%d Dateien"]))
        #expect(catalog.states["de"]?["k"] == "new")
        // The source language has no value, so the key stands in.
        #expect(catalog.localizations["en"]?["k"] == LocalizedString(template: "k"))
    }

    @Test func pluralVariationsReadTheArgumentOfTheirFirstNumericSpecifier() throws {
        let catalog = try parse(#"""
            "k" : { "localizations" : { "en" : { "variations" : { "plural" : {
              "one" : { "stringUnit" : { "state" : "translated", "value" : "%@ has one file" } },
              "other" : { "stringUnit" : { "state" : "translated", "value" : "%@ has %.1f files" } }
            } } } } }
            """#)
        let variable = try #require(catalog.localizations["en"]?["k"]?.variables["__plural"])
        #expect(variable.valueType == "f")
        #expect(variable.argumentNumber == 2)
    }

    @Test func argTokenRewritingLeavesEscapedPercentSignsAlone() throws {
        let catalog = try parse(#"""
            "k" : { "localizations" : { "en" : {
              "stringUnit" : { "state" : "translated", "value" : "%#@n@" },
              "substitutions" : { "n" : { "argNum" : 1, "formatSpecifier" : "%ld", "variations" : { "plural" : {
                "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg files, 100%%arg" } }
              } } } }
            } } }
            """#)
        let variable = try #require(catalog.localizations["en"]?["k"]?.variables["n"])
        #expect(variable == PluralVariable(valueType: "ld", argumentNumber: 1, variants: [.other: "%ld files, 100%%arg"]))
    }

    @Test func shouldTranslateFalseIsServedOnlyInTheLanguagesThatHaveIt() throws {
        let catalog = try parse(#"""
            "Brand" : { "shouldTranslate" : false, "localizations" : { "en" : {
              "stringUnit" : { "state" : "translated", "value" : "Label Server" } } } },
            "Hello" : { "localizations" : { "de" : { "stringUnit" : { "state" : "translated", "value" : "Hallo" } } } }
            """#)
        #expect(catalog.localizations["en"]?["Brand"]?.template == "Label Server")
        #expect(catalog.localizations["de"]?["Brand"] == nil)
        #expect(catalog.localizations["de"]?["Hello"]?.template == "Hallo")
    }

    @Test func undefinedSubstitutionsAndValuelessUnitsAreWarnedAboutAtTheirKeys() throws {
        let catalog = try parse(#"""
            "a" : { "localizations" : { "en" : { "stringUnit" : { "state" : "translated", "value" : "%#@missing@" } } } },
            "b" : { "localizations" : { "de" : { "stringUnit" : { "state" : "new" } } } }
            """#)
        #expect(catalog.localizations["en"]?["a"]?.template == "%#@missing@")
        #expect(catalog.localizations["de"]?["b"] == nil)
        #expect(catalog.warnings.count == 2)
        #expect(catalog.warnings.map(\.location.line) == [4, 5])
        #expect(catalog.warnings.first?.message.contains("%#@missing@") == true)
        #expect(catalog.warnings.last?.message.hasPrefix("\"b\" (de)") == true)
    }

    // MARK: Errors

    @Test func malformedJSONIsAnErrorWithLineAndColumn() {
        let text = "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : { \"ä\" : , }\n}"
        #expect {
            try StringCatalogParser.parse(Data(text.utf8), file: "Broken.xcstrings")
        } throws: { error in
            guard let error = error as? StoreFileError, case .invalidJSON = error.reason else { return false }
            return error.location == SourceLocation(file: "Broken.xcstrings", line: 3, column: 23)
        }
    }

    @Test func truncatedJSONIsAnErrorAtTheEnd() {
        let text = "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {"
        #expect {
            try StringCatalogParser.parse(Data(text.utf8), file: "Cut.xcstrings")
        } throws: { error in
            guard let error = error as? StoreFileError, case .invalidJSON = error.reason else { return false }
            return error.location.line == 3
        }
    }

    @Test func aValueOfTheWrongTypeIsAnErrorNamingItsPathAndKey() {
        let text = #"""
            {
              "sourceLanguage" : "en",
              "version" : "1.0",
              "strings" : {
                "my.key" : { "localizations" : { "en" : {
                  "stringUnit" : { "state" : "translated", "value" : 42 } } } }
              }
            }
            """#
        #expect(throws: StoreFileError(
            location: SourceLocation(file: "T.xcstrings", line: 6, column: 48),
            reason: .unexpectedType(path: #"strings["my.key"].localizations.en.stringUnit.value"#, expected: "a string"))
        ) {
            try StringCatalogParser.parse(Data(text.utf8), file: "T.xcstrings")
        }
    }

    @Test func aCatalogWithoutSourceLanguageIsAnError() {
        #expect(throws: StoreFileError(location: SourceLocation(file: "T.xcstrings", line: 1, column: 1),
                                       reason: .missingField(path: "sourceLanguage"))) {
            try StringCatalogParser.parse(Data(#"{ "version" : "1.0", "strings" : {} }"#.utf8), file: "T.xcstrings")
        }
    }

    @Test func aTopLevelArrayIsAnError() {
        #expect(throws: StoreFileError(location: SourceLocation(file: "T.xcstrings", line: 1, column: 1),
                                       reason: .unexpectedType(path: "the top level", expected: "an object"))) {
            try StringCatalogParser.parse(Data("[]".utf8), file: "T.xcstrings")
        }
    }

    @Test func invalidEscapesInIgnoredFieldsStillRejectTheFile() {
        let text = #"{ "sourceLanguage" : "en", "version" : "1.0", "strings" : { "k" : { "comment" : "\q" } } }"#
        #expect(throws: StoreFileError.self) { try StringCatalogParser.parse(Data(text.utf8), file: "T.xcstrings") }
    }

    // MARK: Helpers

    /// Parses `strings` as the inside of an English catalog's `strings` object, starting on line 4.
    private func parse(_ strings: String) throws -> StringCatalog {
        let text = """
            {
              "sourceLanguage" : "en",
              "strings" : {
            \(strings)
              },
              "version" : "1.0"
            }
            """
        return try StringCatalogParser.parse(Data(text.utf8), file: "test.xcstrings")
    }
}
