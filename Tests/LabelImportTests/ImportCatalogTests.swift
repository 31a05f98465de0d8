import Foundation
import LabelCore
import Testing
@testable import LabelImport

@Suite struct ImportCatalogTests {
    typealias F = ImportFixtures

    private let catalog = """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "%lld files in %@" : {
              "localizations" : {
                "en" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "%#@files@ in %@"
                  },
                  "substitutions" : {
                    "files" : {
                      "argNum" : 1,
                      "formatSpecifier" : "lld",
                      "variations" : {
                        "plural" : {
                          "one" : {
                            "stringUnit" : {
                              "state" : "translated",
                              "value" : "%arg file"
                            }
                          },
                          "other" : {
                            "stringUnit" : {
                              "state" : "translated",
                              "value" : "%arg files"
                            }
                          }
                        }
                      }
                    }
                  }
                }
              }
            },
            "Hello" : {
              "comment" : "Greeting \\/ \\u00e9",
              "localizations" : {
                "fr" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "Bonjour"
                  }
                }
              }
            },
            "Tap" : {
              "localizations" : {
                "en" : {
                  "variations" : {
                    "device" : {
                      "iphone" : {
                        "stringUnit" : {
                          "state" : "translated",
                          "value" : "Tap"
                        }
                      },
                      "mac" : {
                        "stringUnit" : {
                          "state" : "translated",
                          "value" : "Click"
                        }
                      }
                    }
                  }
                }
              }
            },
            "coins" : {
              "localizations" : {
                "en" : {
                  "variations" : {
                    "plural" : {
                      "one" : {
                        "stringUnit" : {
                          "state" : "translated",
                          "value" : "%lld coin"
                        }
                      },
                      "other" : {
                        "stringUnit" : {
                          "state" : "translated",
                          "value" : "%lld coins"
                        }
                      }
                    }
                  }
                }
              }
            },
            "empty" : {

            }
          },
          "version" : "1.0"
        }
        """

    @Test func writesEveryCatalogIDFormIntoTheLanguageOnly() throws {
        let bundle = try F.bundle(["Localizable.xcstrings": Data(catalog.utf8)])
        let report = try F.run(F.xliff(F.file("App/Localizable.xcstrings", target: "ru", [
            .init(id: "Hello", source: "Hello", target: "Привет", state: "needs-review-translation"),
            .init(id: "coins|==|plural.one", source: "%lld coin", target: "%lld монета"),
            .init(id: "coins|==|plural.other", source: "%lld coins", target: "%lld монеты"),
            .init(id: "Tap|==|device.iphone", source: "Tap", target: "Коснитесь"),
            .init(id: "%lld files in %@", source: "%1$#@files@ in %2$@", target: "%1$#@files@ в %2$@"),
            .init(id: "%lld files in %@|==|substitutions.files.plural.few", source: "%1$lld files", target: "%1$lld файла"),
        ])), into: bundle)
        let written = try #require(F.text(bundle, "Localizable.xcstrings"))
        var document = try JSONDocument.read(Array(written.utf8))
        let ru = { (key: String) in document["strings"]?[key]?["localizations"]?["ru"] }
        #expect(ru("Hello")?["stringUnit"] == .object([.init(key: "state", value: .string("needs_review")), .init(key: "value", value: .string("Привет"))]))
        #expect(ru("coins")?["variations"]?["plural"]?["other"]?["stringUnit"]?["value"]?.stringValue == "%lld монеты")
        #expect(ru("Tap")?["variations"]?["device"]?["iphone"]?["stringUnit"]?["value"]?.stringValue == "Коснитесь")
        // Xcode's numbering undone: `%1$#@files@` back to `%#@files@`, `%1$lld` back to `%arg`.
        #expect(ru("%lld files in %@")?["stringUnit"]?["value"]?.stringValue == "%#@files@ в %2$@")
        let files = ru("%lld files in %@")?["substitutions"]?["files"]
        #expect(files?["argNum"] == .number("1") && files?["formatSpecifier"]?.stringValue == "lld")
        #expect(files?["variations"]?["plural"]?["few"]?["stringUnit"]?["value"]?.stringValue == "%arg файла")
        // Russian needs one, few, many, other: what was not translated is reported, not copied from English.
        let missing = report.files[0].outputs[0].missingCategories
        #expect(missing == [.init(key: "coins", categories: [.few, .many]), .init(key: "%lld files in %@", categories: [.one, .many, .other])])
        // Removing ru gives back the file byte for byte: other languages, escapes, empty objects and layout kept.
        if case .object(var strings)? = document["strings"] {
            for index in strings.indices {
                if case .object(var members) = strings[index].value["localizations"] ?? .null {
                    members.removeAll { $0.key == "ru" }
                    strings[index].value.set("localizations", .object(members))
                }
            }
            document.set("strings", .object(strings))
        }
        #expect(document.catalogText() == catalog)
        #expect(try StringCatalogParser.parse(Data(written.utf8), file: "c").localizations["ru"]?["coins"]?.variables.first?.value.variants[.one] == "%lld монета")
    }

    /// A table the bundle keeps as a String Catalog, exported as a `.stringsdict` <file>:
    /// a device variant goes to the catalog's device variations; a width variant, which a
    /// catalog cannot hold, is skipped with its reason while the rest imports.
    @Test func stringsdictDeviceVariantsGoToACatalogAndWidthVariantsAreSkipped() throws {
        let bundle = try F.bundle(["Localizable.xcstrings": Data(catalog.utf8)])
        let width = "/Tap:dict/NSStringVariableWidthRuleType:dict/20:dict/:string"
        let report = try F.run(F.xliff(F.file("Localizable.stringsdict", target: "ru", [
            .init(id: "/Tap:dict/NSStringDeviceSpecificRuleType:dict/mac:dict/:string", source: "Click", target: "Щёлкните"),
            .init(id: width, source: "Tap", target: "Тап"),
        ])), into: bundle)
        #expect(!report.isRefused)
        #expect(report.files[0].skipped == [.init(id: width, reason: .widthVariantInCatalog)])
        let document = try JSONDocument.read(Array(try #require(F.text(bundle, "Localizable.xcstrings")).utf8))
        let mac = document["strings"]?["Tap"]?["localizations"]?["ru"]?["variations"]?["device"]?["mac"]
        #expect(mac?["stringUnit"]?["value"]?.stringValue == "Щёлкните")
    }

    @Test func theStoreCatalogIsRewrittenByteForByte() throws {
        let data = try Data(contentsOf: F.strings.appendingPathComponent("app/Accessibility.xcstrings"))
        let document = try JSONDocument.read(Array(data))
        #expect(Array((document.catalogText() + "\n").utf8) == Array(data))
    }

    @Test func aMissingCatalogIsRefusedAndNothingIsWritten() throws {
        let bundle = try F.bundle([:])
        let report = try F.run(F.xliff(F.file("Localizable.xcstrings", target: "de", [.init(id: "a", source: "a", target: "b")])), into: bundle)
        #expect(report.isRefused)
        #expect(report.refusals.map(\.reason) == [.catalogMissing(path: "Localizable.xcstrings")])
        #expect(report.refusals.map(\.code) == ["catalog-missing"])
    }

    @Test func anImportOfWhatIsThereChangesNothing() throws {
        let bundle = try F.bundle(["Localizable.xcstrings": Data(catalog.utf8)])
        let report = try F.run(F.xliff(F.file("Localizable.xcstrings", target: "fr", [.init(id: "Hello", source: "Hello", target: "Bonjour")])), into: bundle)
        #expect(report.files[0].status == .unchanged)
        #expect(F.text(bundle, "Localizable.xcstrings") == catalog)
    }

    /// Regression (found by the geteduroam oracle): every language of one run goes into
    /// the one catalog file; each output used to start from the file on disk and only
    /// the first language's bytes were kept.
    @Test func severalLanguagesOfOneRunAllReachTheCatalog() throws {
        let bundle = try F.bundle(["Localizable.xcstrings": Data(catalog.utf8)])
        let report = try F.run(F.xliff(F.file("Localizable.xcstrings", target: "de", [.init(id: "Hello", source: "Hello", target: "Hallo")]),
                                       F.file("Localizable.xcstrings", target: "it", [.init(id: "Hello", source: "Hello", target: "Ciao")])),
                               into: bundle)
        #expect(report.files.map(\.status) == [.written, .written])
        let document = try JSONDocument.read(Array(try Data(contentsOf: bundle.appendingPathComponent("Localizable.xcstrings"))))
        let hello = document["strings"]?["Hello"]?["localizations"]
        #expect(hello?["de"]?["stringUnit"]?["value"]?.stringValue == "Hallo")
        #expect(hello?["it"]?["stringUnit"]?["value"]?.stringValue == "Ciao")
        #expect(hello?["fr"]?["stringUnit"]?["value"]?.stringValue == "Bonjour")
    }
}
