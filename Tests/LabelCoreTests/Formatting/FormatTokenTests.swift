import TestSupport
import Testing
import LabelCore

@Suite struct FormatTokenTests {
    private func specifiers(_ string: String) -> [FormatSpecifier] {
        FormatToken.tokens(in: string).compactMap {
            if case .specifier(let specifier) = $0 { specifier } else { nil }
        }
    }

    @Test func plainTextIsOneLiteral() {
        #expect(FormatToken.tokens(in: "Schatzkiste") == [.literal("Schatzkiste")])
        #expect(FormatToken.tokens(in: "") == [])
    }

    @Test func doublePercentDecodesIntoTheSurroundingLiteral() {
        #expect(FormatToken.tokens(in: "Test 50%% off") == [.literal("Test 50% off")])
    }

    @Test func everyAppleConversionIsRecognised() {
        let conversions = specifiers("%@ %d %i %u %ld %lld %f %.2f %e %g %x %o %c %s %X %E %G %a %C %S %F")
            .map(\.conversion.rawValue)
        #expect(String(conversions) == "@diuddffegxocsXEGaCSF")
    }

    @Test func positionFlagsWidthPrecisionAndLengthAreRead() {
        let specifier = specifiers("%2$-08.3lld")[0]
        #expect(specifier.position == 2)
        #expect(specifier.flags == [.leftAlign, .zeroPad])
        #expect(specifier.width == 8)
        #expect(specifier.precision == 3)
        #expect(specifier.length == .ll)
        #expect(specifier.conversion == .decimal)
        #expect(specifier.source == "%2$-08.3lld")
    }

    @Test func leadingZeroIsAFlagNotAPosition() {
        let specifier = specifiers("%05d")[0]
        #expect(specifier.position == nil)
        #expect(specifier.flags == .zeroPad)
        #expect(specifier.width == 5)
    }

    @Test func allLengthModifiersAreRead() {
        let lengths = specifiers("%hhd %hd %ld %lld %qd %Lf %zd %td %jd").compactMap(\.length)
        #expect(lengths == [.hh, .h, .l, .ll, .q, .L, .z, .t, .j])
    }

    @Test func spaceFlagMakesFiftyPercentOffAnOctalConversionAsInCF() {
        let tokens = FormatToken.tokens(in: "Test 50% off")
        #expect(tokens.count == 3)
        guard case .specifier(let specifier) = tokens[1] else {
            Issue.record("expected a specifier, got \(tokens)")
            return
        }
        #expect(specifier.source == "% o")
        #expect(specifier.flags == .space)
        #expect(specifier.conversion == .octal)
        #expect(tokens[2] == .literal("ff"))
    }

    @Test func substitutionsAreReadWithAndWithoutPosition() {
        #expect(
            FormatToken.tokens(in: "%#@got@ von %#@max@") == [
                .substitution(FormatSubstitution(position: nil, name: "got", source: "%#@got@")),
                .literal(" von "),
                .substitution(FormatSubstitution(position: nil, name: "max", source: "%#@max@")),
            ])
        #expect(
            FormatToken.tokens(in: "%1$#@passwords@") == [
                .substitution(FormatSubstitution(position: 1, name: "passwords", source: "%1$#@passwords@"))
            ])
    }

    @Test func coreFoundationWidthBeforeHashIsNotAPosition() {
        #expect(
            FormatToken.tokens(in: "%1#@count@") == [
                .substitution(FormatSubstitution(position: nil, name: "count", source: "%1#@count@"))
            ])
    }

    @Test func adjacentSubstitutionsAreSeparate() {
        let names = FormatToken.tokens(in: "%#@names@%#@count_mutual@").compactMap {
            if case .substitution(let substitution) = $0 { substitution.name } else { nil }
        }
        #expect(names == ["names", "count_mutual"])
    }

    @Test func incompleteSpecifiersAreInvalidAndKeepTheirText() {
        #expect(FormatToken.tokens(in: "100%") == [.literal("100"), .invalid("%")])
        // The character that is no conversion ends the sequence, as CF reads it.
        #expect(FormatToken.tokens(in: "%k") == [.invalid("%k")])
        // CF's `*` width is read from an argument: `%*d` is one specifier reading two
        // (CoreFoundationSpecifierTests); `*` with no conversion after it is invalid.
        #expect(FormatToken.tokens(in: "%*k") == [.invalid("%*k")])
        #expect(FormatToken.tokens(in: "%1$") == [.invalid("%1$")])
        #expect(FormatToken.tokens(in: "%#@ x@") == [.invalid("%#"), .literal("@ x@")])
        #expect(FormatToken.tokens(in: "%#@unterminated") == [.invalid("%#"), .literal("@unterminated")])
        #expect(FormatToken.tokens(in: "%0$d") == [.invalid("%0$"), .literal("d")])
    }

    @Test func hugeWidthsAndPositionsAreSpecifiersWithAHazard() {
        // CF reads them (or traps): specifiers, refused through their hazard.
        #expect(specifiers("%1000d").map(\.hazard) == [.numberTooLarge])
        #expect(specifiers("%99999999999999999999999$d").map(\.hazard) == [.numberOverflows])
        #expect(specifiers("%99999999999999999999999d").map(\.hazard) == [.numberOverflows])
        #expect(specifiers("%999d")[0].width == 999)
        #expect(specifiers("%999d")[0].hazard == nil)
    }

    @Test func percentBeforeNonASCIITextStaysIntact() {
        let tokens = FormatToken.tokens(in: "%é %€d")
        #expect(tokens.map(\.source).joined() == "%é %€d")
        #expect(tokens == [.invalid("%é"), .literal(" "), .invalid("%€"), .literal("d")])
    }

    @Test func sourcesConcatenateToTheInput() {
        let input = "Gefolgt von %1$@ und %ld, 100%% sicher: %#@x@ %5.2f%"
        #expect(FormatToken.tokens(in: input).map(\.source).joined() == input)
    }

    @Test func randomInputNeverCrashesAndRoundTrips() {
        var generator = SeededGenerator(seed: 0x5EED)
        let alphabet = Array("%%%$#@@.0123456789-+ 'lhqLzjtdiuoxXfFeEgGaAcCsSkä€😀\n")
        for _ in 0..<3000 {
            let length = Int(generator.next() % 24)
            let input = String((0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
            let tokens = FormatToken.tokens(in: input)
            #expect(tokens.map(\.source).joined() == input)
            let variables = ["x": PluralVariable(valueType: "d", variants: [.one: input, .other: "%d " + input])]
            for template in [input, "%#@x@ " + input] {
                let string = LocalizedString(template: template, variables: variables)
                _ = LabelFormatter.argumentCount(of: string)
                _ = try? LabelFormatter.render(string, arguments: ["1", "-2.5", "abc", "0"], language: "de")
            }
        }
    }
}

/// A small seeded generator so the fuzz test is reproducible.
