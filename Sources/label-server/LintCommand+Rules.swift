import Foundation
import LabelCore
import LabelLint

extension LintCommand {
    /// The largest `--rules` or `--baseline` file read, in bytes.
    static let maximumInputBytes = 32 << 20

    /// The rules object of `--rules FILE`, else `configured` (`lint.rules` of
    /// `label-server.json`), then each `--rule ID=SEVERITY` on top: flag over file.
    static func ruleSettings(_ scanner: ArgumentScanner, configured: JSONDocument? = nil)
        throws(ArgumentScanner.UsageError) -> LintRuleSettings {
        var document = configured
        if let path = scanner.value("--rules") {
            let bytes = try input(path, flag: "--rules")
            do {
                document = try JSONDocument.read(bytes)
            } catch {
                throw ArgumentScanner.UsageError(description: "--rules \(path): not JSON: \(error.reason) at byte \(error.offset)")
            }
        }
        var settings = LintRuleSettings()
        do throws(LintRuleSettings.Error) {
            if let document { settings = try LintRuleSettings(document) }
            for flag in scanner.all("--rule") { try settings.set(flag: flag) }
        } catch {
            throw ArgumentScanner.UsageError(description: error.description)
        }
        return settings
    }

    /// The bytes of a file a flag names, at most ``maximumInputBytes``.
    static func input(_ path: String, flag: String) throws(ArgumentScanner.UsageError) -> [UInt8] {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw ArgumentScanner.UsageError(description: "\(flag) \(path): \(String(cString: strerror(errno)))")
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw ArgumentScanner.UsageError(description: "\(flag) \(path): not a regular file")
        }
        guard Int(info.st_size) <= maximumInputBytes else {
            throw ArgumentScanner.UsageError(description: "\(flag) \(path): \(info.st_size) bytes; the limit is \(maximumInputBytes)")
        }
        do {
            return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw ArgumentScanner.UsageError(description: "\(flag) \(path): cannot read: \(error.localizedDescription)")
        }
    }
}
