import Foundation
import LabelCore

/// `--pseudo-locales on|off`: serve, resolve and `export android` compute `en-XA` and
/// `ar-XB` from the development language (docs/pseudo-locales.md). From the flag, then
/// `LABEL_SERVER_PSEUDO_LOCALES`, then the command's configuration-file section; on by default.
enum PseudoLocaleOption {
    static let flag = "--pseudo-locales"
    static let variable = "LABEL_SERVER_PSEUDO_LOCALES"
    static let defaultValue = "on"
    static let meaning = "serve en-XA and ar-XB, computed from the development language: on or off"
    static let help = "  --pseudo-locales X  \(meaning) (\(variable), default: \(defaultValue))"

    /// Sets `configuration.pseudoLocales` from the scanner.
    static func apply(_ scanner: ArgumentScanner, to configuration: inout StoreConfiguration,
                      environment: [String: String] = ProcessInfo.processInfo.environment) throws(ArgumentScanner.UsageError) {
        switch scanner.value(flag, variable: variable, in: environment) ?? defaultValue {
        case "on": configuration.pseudoLocales = true
        case "off": configuration.pseudoLocales = false
        default: throw .init(description: "\(flag) must be on or off")
        }
    }
}
