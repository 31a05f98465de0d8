import Foundation
import Testing
@testable import LabelCore

/// A `%` followed by a character that is no conversion, in a store template: the
/// product prints what `String(format:locale:)` prints on this machine (CF drops the
/// sequence and keeps its first character after `%`: `a %y b` → `a y b`, `%5y` → `5`;
/// a sequence cut off by the end of the string prints nothing: `100 %` → `100 `), and
/// such a sequence consumes no argument. Foundation is the oracle, always given three
/// integer arguments so that no template can make it read past them.
@Suite struct InvalidConversionDifferentialTests {
    static let prefixes = ["", "-", "+", " ", "#", "0", "5", "12", "-5", ".2", "5.3", "1$", "2$", "l", "hh", "ll",
                           "-5.3l", "1$5", "q", "z", "t", "j", "L"]
    static let offending = ["y", "k", "Y", "w", "v", "b", "m", "r", "உ", "é", "😀", "\t", "!", "~", "&", "(", "ñ", "\u{301}"]
    static let cutOff = ["%", "100 %", "x%", "%-", "%+", "%#", "%0", "% ", "%l", "%hh", "%ll", "%1$", "%d%", "a %d %"]
    /// Cut off in a width or after `.`: CF's parser reads the next character without a
    /// bounds check (`__CFParseFormatSpec`'s digit loop and `.` case), so Foundation's output
    /// depends on the memory after the string (`%5` gives `5` or nothing from one process
    /// to the next). Pinned to what CF prints when that memory is a terminating NUL.
    static let readPastTheEnd = [("%5", "5"), ("%12", "1"), ("%.", "."), ("a %5", "a 5")]

    static func product(_ template: String) throws -> String {
        try LabelFormatter.render(LocalizedString(template: template), arguments: ["7", "8", "9"], language: "en").value
    }

    static func foundation(_ template: String) -> String {
        String(format: template, locale: Locale(identifier: "en"), arguments: [7, 8, 9] as [any CVarArg])
    }

    static var templates: [String] {
        var all = cutOff + ["a %y b", "%உடன்", "%d %y %d", "a %y %d b", "%y%d", "%ld%y%ld", "%2$d %y %1$d", "%1$y %1$d"]
        for prefix in prefixes {
            for character in offending {
                all.append("<%\(prefix)\(character)> %d")
            }
        }
        return all
    }

    @Test func invalidConversionsPrintWhatFoundationPrints() throws {
        var mismatches: [String] = []
        for template in Self.templates {
            let ours = try Self.product(template)
            let theirs = Self.foundation(template)
            if ours != theirs { mismatches.append("\(template.debugDescription): \(ours.debugDescription) ≠ \(theirs.debugDescription)") }
        }
        #expect(Self.templates.count > 400)
        #expect(mismatches.isEmpty, "\(mismatches.count) of \(Self.templates.count): \(mismatches.prefix(30))")
    }

    @Test func theIssuesTemplates() throws {
        #expect(try Self.product("a %y b") == "a y b")
        #expect(try Self.product("%உடன்") == "உடன்")
        #expect(try Self.product("100 %") == "100 ")
        #expect(try Self.product("%") == "")
        for (template, printed) in Self.readPastTheEnd {
            #expect(try Self.product(template) == printed, "\(template)")
        }
    }

    @Test func anInvalidSequenceConsumesNoArgument() throws {
        #expect(LabelFormatter.argumentCount(of: LocalizedString(template: "a %y %d b")) == 1)
        #expect(LabelFormatter.argumentCount(of: LocalizedString(template: "%5y %1$d")) == 1)
        #expect(LabelFormatter.argumentCount(of: LocalizedString(template: "%y")) == 0)
        #expect(try Self.product("a %y %d b") == Self.foundation("a %y %d b"))
        #expect(FormatTokenTable(LocalizedString(template: "a %y %d b")).argumentCount == 1)
        #expect(FormatTokenTable(LocalizedString(template: "%உடன் %d %y")).argumentCount == 1)
        let tokens = FormatTokenTable(LocalizedString(template: "a %5y %d b"))
        #expect(try LabelFormatter.render(LocalizedString(template: "a %5y %d b"), arguments: ["7"], language: "en",
                                          tokens: tokens).value == Self.foundation("a %5y %d b"))
    }
}
