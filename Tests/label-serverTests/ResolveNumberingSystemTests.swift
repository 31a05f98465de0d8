import Foundation
import Testing
@testable import label_server

/// `label-server resolve` with a `-u-nu-` tag renders its numbering system and never traps.
@Suite struct ResolveNumberingSystemTests {
    static var bundledStore: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Strings").path
    }

    @Test func resolveWithANumberingSystemSucceeds() {
        for tag in ["de-u-nu-latn", "th-TH-u-nu-thai", "hi-IN-u-nu-deva", "fr-u-nu-xxxx", "ar-u-nu-arab", "zh-u-nu-hanidec"] {
            let status = ResolveCommand.run(["coins.count", "--lang", tag, "--count", "1234", "--strings", Self.bundledStore])
            #expect(status == 0, "\(tag)")
        }
    }
}
