import Foundation
import Testing
@testable import LabelCore

/// Specifiers counted as CoreFoundation counts them (`__CFParseFormatSpec`): `%D %U %O`
/// are `%d %u %o`, `%p %P %n` read a pointer, and a `*` width or precision reads an
/// integer argument before the value. Linux Foundation's `String(format:)` is corelibs
/// CF, the oracle for counts and for what `%D %U %O` and `*` print (never given
/// `%n`, `%p` or `%P`).
@Suite struct CoreFoundationSpecifierTests {
    static func count(_ template: String) -> Int {
        LabelFormatter.argumentCount(of: LocalizedString(template: template))
    }

    static func render(_ template: String, _ arguments: [String]) throws(FormatError) -> String {
        try LabelFormatter.render(LocalizedString(template: template), arguments: arguments, language: "en").value
    }

    static func foundation(_ template: String, _ arguments: [any CVarArg]) -> String {
        String(format: template, locale: Locale(identifier: "en"), arguments: arguments)
    }

    /// Template → the argument numbers CF reads, in order, and their kinds.
    static let reads: [(String, [Int], [FormatSpecifier.Conversion.Kind])] = [
        ("%D", [1], [.integer]), ("%U", [1], [.integer]), ("%O", [1], [.integer]), ("%lD", [1], [.integer]),
        ("%p", [1], [.pointer]), ("%P", [1], [.pascalString]), ("%n", [1], [.writtenCount]),
        ("%*d", [1, 2], [.integer, .integer]), ("%.*f", [1, 2], [.integer, .floatingPoint]),
        ("%*.*f", [1, 2, 3], [.integer, .integer, .floatingPoint]),
        ("%-*@", [1, 2], [.integer, .string]),
        ("%1$*2$d", [2, 1], [.integer, .integer]), ("%*2$d", [2, 1], [.integer, .integer]),
        ("%.*3$f", [3, 1], [.integer, .floatingPoint]), ("%2$*1$.*3$f", [1, 3, 2], [.integer, .integer, .floatingPoint]),
        ("Hallo %D %@", [1, 2], [.integer, .string]), ("%U %O %p %P %n", [1, 2, 3, 4, 5],
                                                          [.integer, .integer, .pointer, .pascalString, .writtenCount]),
    ]

    @Test func eachSpecifierReadsTheArgumentsCoreFoundationReads() {
        for (template, numbers, kinds) in Self.reads {
            let reads = FormatToken.argumentReads(in: template)
            #expect(reads.map(\.number) == numbers, "\(template)")
            #expect(reads.map(\.kind) == kinds, "\(template)")
            let highest = numbers.max() ?? 0
            #expect(Self.count(template) == highest, "\(template)")
            #expect(FormatTokenTable(LocalizedString(template: template)).argumentCount == highest, "\(template)")
        }
    }

    @Test func theTokenTableKeepsStarArguments() throws {
        for template in ["%*d", "%.*f", "%*.*f", "%1$*2$d", "%.*3$f", "a %-*5$.2f b", "%*12d"] {
            let table = FormatTokenTable(LocalizedString(template: template))
            #expect(table.tokens(for: template) == FormatToken.tokens(in: template), "\(template)")
        }
        let specifier = try #require(FormatToken.tokens(in: "%2$*1$.*3$f").first)
        guard case .specifier(let parsed) = specifier else { Issue.record("not a specifier"); return }
        #expect(parsed.widthArgument == .position(1))
        #expect(parsed.precisionArgument == .position(3))
        #expect(parsed.position == 2)
    }

    @Test func upperCaseIntegerConversionsPrintWhatFoundationPrints() throws {
        let templates = ["%D", "%U", "%5D", "%-6U|", "%lD", "%D %d", "%2$D %1$U", "%U %u"]
        for template in templates {
            #expect(try Self.render(template, ["12345", "8", "9"]) == Self.foundation(template, [12345, 8, 9]),
                    "\(template)")
        }
        // A `%D` reads one argument in CF: the `%d` after it reads the second.
        #expect(Self.foundation("%D/%d", [1, 2]) == "1/2")
        #expect(try Self.render("%D/%d", ["1", "2"]) == "1/2")
        // `%O` reads one argument too. CF hands it to the C library, which on Apple
        // platforms prints octal (BSD's `%O` is `%lo`); glibc prints `%O` as written.
        #expect(Self.foundation("%O|%o", [12345, 8]).hasSuffix("|10"))
        #expect(try Self.render("%O|%o", ["12345", "8"]) == "30071|10")
        #expect(try Self.render("%#O", ["8"]) == "010")
    }

    @Test func starWidthsAndPrecisionsPrintWhatFoundationPrints() throws {
        #expect(try Self.render("[%*d]", ["5", "42"]) == Self.foundation("[%*d]", [5, 42]))
        #expect(try Self.render("[%-*d]", ["5", "42"]) == Self.foundation("[%-*d]", [5, 42]))
        // CF writes decimal conversions through ICU, which takes no negative width.
        #expect(try Self.render("[%*d]", ["-5", "42"]) == Self.foundation("[%*d]", [-5, 42]))
        #expect(try Self.render("[%*x]", ["-5", "42"]) == Self.foundation("[%*x]", [-5, 42]))
        #expect(try Self.render("[%.*f]", ["2", "3.14159"]) == Self.foundation("[%.*f]", [2, 3.14159]))
        #expect(try Self.render("[%*.*f]", ["8", "1", "2.25"]) == Self.foundation("[%*.*f]", [8, 1, 2.25]))
        #expect(try Self.render("[%*@]", ["6", "ab"]) == "[    ab]")
    }

    @Test func aStarArgumentOutOfRangeIsATypedError() {
        #expect(throws: FormatError.typeMismatch(argument: 1, expected: FormatError.Expectation.widthOrPrecision.rawValue,
                                                 value: "100000000")) {
            try Self.render("%*d", ["100000000", "1"])
        }
        #expect(throws: FormatError.typeMismatch(argument: 1, expected: FormatError.Expectation.widthOrPrecision.rawValue,
                                                 value: "x")) {
            try Self.render("%*d", ["x", "1"])
        }
        #expect(throws: FormatError.missingArgument(2)) { try Self.render("%*d", ["5"]) }
    }

    @Test func partsOutOfCsOrderAreReadAsCoreFoundationReadsThem() throws {
        // CF reads flags, widths, `.` and lengths in any order: each of these reads an argument.
        for template in ["[%l5d]", "[%5-d]", "[%h-3d]", "[%05-d]"] {
            #expect(Self.count(template) == 1, "\(template)")
            #expect(try Self.render(template, ["42"]) == Self.foundation(template, [42]), "\(template)")
        }
        #expect(try Self.render("[%5.2-f]", ["4.5"]) == Self.foundation("[%5.2-f]", [4.5]))
        // The space flag read late counts like one read first (`%-5 d` is `% -5d`).
        for (reordered, ordered) in [("[%-5 d]", "[% -5d]"), ("[%.2 f]", "[% .2f]")] {
            #expect(Self.count(reordered) == 1)
            #expect(try Self.render(reordered, ["42"]) == Self.render(ordered, ["42"]), "\(reordered)")
        }
        #expect(FormatToken.argumentReads(in: "Hallo %l5D %@").map(\.number) == [1, 2])
        // `%100 kesin` is the invalid sequence `%100 k` (a space is a flag anywhere): it
        // prints `1` and reads nothing.
        #expect(Self.count("%100 kesin") == 0)
        #expect(try Self.render("%100 kesin", ["3"]) == Self.foundation("%100 kesin", [3]))
        #expect(try Self.render("a %5-y b", ["3"]) == Self.foundation("a %5-y b", [3]))
    }

    @Test func pointerAndWriteBackSpecifiersAreRefusedNeverRendered() {
        for template in ["%p", "%P", "%n", "a %d %n", "%2$p"] {
            let arguments = ["1", "2"]
            #expect(throws: FormatError.self, "\(template)") { try Self.render(template, arguments) }
            do {
                _ = try Self.render(template, arguments)
            } catch {
                guard case .unsupportedSpecifier = error else {
                    Issue.record("\(template): \(error)")
                    continue
                }
                #expect(error.argument == nil)
            }
        }
        #expect(FormatToken.forbiddenSpecifier(in: "Hallo %n")?.source == "%n")
        #expect(FormatToken.forbiddenSpecifier(in: "Hallo %D %@") == nil)
    }

    /// Forms CF reads an argument for whatever their numbers: counted as CF counts them.
    static let largeAndKeyedReads: [(String, [Int])] = [
        ("Hallo %1000D %@", [1, 2]), ("Hallo %*9999d %@", [1, 2, 3]), ("Hallo %[x]@ %@", [1, 2]),
        ("%#[key]@ %d", [1, 2]), ("%.1000f %@", [1, 2]), ("%l1000d %@", [1, 2]), ("%127$@", [127]),
    ]

    @Test func formsWithLargeNumbersOrKeysReadWhatCoreFoundationReads() {
        for (template, numbers) in Self.largeAndKeyedReads {
            #expect(FormatToken.argumentReads(in: template).map(\.number) == numbers, "\(template)")
            #expect(Self.count(template) == numbers.max(), "\(template)")
            #expect(FormatTokenTable(LocalizedString(template: template)).argumentCount == numbers.max(), "\(template)")
        }
        // Linux CF: the width 1000 and the ignored 9999 read no argument of their own.
        #expect(Self.foundation("%1000D/%d", [1, 2]).hasSuffix("/2"))
        #expect(Self.foundation("%*9999d/%d", [1, 5, 6]).hasSuffix("/6"))
    }

    /// Template → why it is refused: CF traps (positions above 127, numbers above
    /// INT32_MAX), pads past what is rendered, reads it by platform, or reads a keyed object.
    static let hazards: [(String, FormatSpecifier.Hazard)] = [
        ("Hallo %1000$@ %@", .numberOverflows), ("%128$@", .numberOverflows), ("%2147483648d", .numberOverflows),
        ("%*128$d", .numberOverflows), ("%.2147483648f", .numberOverflows), ("%l2147483648d", .numberOverflows),
        ("%*2147483648d", .numberOverflows), ("%*0$d", .numberOverflows),
        ("Hallo %1000D %@", .numberTooLarge), ("%.1000f", .numberTooLarge), ("%*9999d", .numberTooLarge),
        ("%2147483647d", .numberTooLarge), ("%-1000@", .numberTooLarge),
        ("%'d von %@", .platformDependentFlag), ("%5-'d", .platformDependentFlag), ("%'.2f", .platformDependentFlag),
        ("Hallo %[x]@ %@", .keyedObject), ("%#[key]@", .keyedObject), ("%[a]b@", .keyedObject), ("%[a b]d", .keyedObject),
    ]

    @Test func specifiersCoreFoundationTrapsOnOrReadsByPlatformAreRefusedNeverRendered() throws {
        for (template, hazard) in Self.hazards {
            let forbidden = FormatToken.forbiddenSpecifier(in: template)
            #expect(forbidden?.hazard == hazard, "\(template)")
            let string = LocalizedString(template: template)
            #expect(FormatTokenTable(string).tokens(for: template) == FormatToken.tokens(in: template), "\(template)")
            let arguments = Array(repeating: "1", count: 130)
            do {
                _ = try LabelFormatter.render(string, arguments: arguments, language: "en")
                Issue.record("\(template) rendered")
            } catch {
                guard case .unsupportedSpecifier = error else { Issue.record("\(template): \(error)"); continue }
            }
        }
        for template in ["%127$@", "%999d", "%.999f", "%*999d", "100 %[", "%d%%"] {
            #expect(FormatToken.forbiddenSpecifier(in: template) == nil, "\(template)")
        }
    }

    @Test func digitsAfterAStarWinOverItsArgumentWhichIsStillRead() throws {
        #expect(try Self.render("%*5d|", ["3", "42"]) == "   42|")
        #expect(try Self.render("%*5d|", ["3", "42"]) == Self.foundation("%*5d|", [3, 42]))
        #expect(try Self.render("%.*5f|", ["3", "1.5"]) == Self.foundation("%.*5f|", [3, 1.5]))
        #expect(try Self.render("%*5d|%d", ["3", "42", "7"]) == Self.foundation("%*5d|%d", [3, 42, 7]))
        #expect(FormatTokenTable(LocalizedString(template: "%*5d")).tokens(for: "%*5d") == FormatToken.tokens(in: "%*5d"))
    }

    /// Linux CF prints `%.*f` of -2, 3.14159 as `3.14159` (neither no precision nor 6),
    /// `%.*e` as `0E+00`, and crashes on `%.*g`: a negative precision is refused there.
    @Test func aNegativeStarPrecisionOfAFloatingPointConversionIsRefused() {
        for template in ["%.*f", "%.*e", "%.*g", "%.*E"] {
            #expect(throws: FormatError.self, "\(template)") { try Self.render(template, ["-2", "3.14159"]) }
        }
        #expect((try? Self.render("%.*f", ["2", "3.14159"])) == "3.14")
    }
}
