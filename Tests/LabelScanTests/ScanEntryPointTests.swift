import Foundation
import LabelCore
import Testing
@testable import LabelScan

/// `Scan.run`: the store, the sites and the join in one call, and the typed errors
/// of a store that cannot be read.
@Suite struct ScanEntryPointTests {
    @Test func withoutAStoreEveryKeyIsListedAndNoneIsMissing() throws {
        var options = Scan.Options()
        options.paths = [fixture("SeedApp/Sources")]
        let report = try Scan.run(options)
        #expect(report.files > 0 && !report.keys.isEmpty && report.languages.isEmpty && !report.hasMissing)
        #expect(report.catalog.languages.isEmpty)
    }

    @Test func resourcesJoinAndTheirWarningsComeBeforeTheSources() throws {
        let folder = try resourcesWithOneKeyTwice()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(#"Text("same")"#.utf8).write(to: folder.appendingPathComponent("A.swift"))
        try Data([0x22, 0xFF, 0x22]).write(to: folder.appendingPathComponent("Latin1.swift"))
        var options = Scan.Options()
        options.paths = [folder.path]
        options.store = .resources([folder.path], developmentLanguage: LanguageTag("en"))
        let report = try Scan.run(options)
        #expect(report.warnings.map(\.code) == [.duplicateKey, .sourceNotUTF8])
        #expect(report.keys.map(\.key) == ["same"] && !report.hasMissing && report.isIncomplete)
    }

    @Test func resourcesThatAreNotAFolderThrowWithThePath() throws {
        var options = Scan.Options()
        options.paths = [fixture("SeedApp/Sources")]
        options.store = .resources(["/no/such/folder"], developmentLanguage: nil)
        #expect(throws: ScanError(.resourcesNotAFolder(path: "/no/such/folder"))) { try Scan.run(options) }
        #expect(ScanError(.resourcesNotAFolder(path: "/no/such/folder")).code == "resources-not-a-folder")
        #expect(ScanError(.resourcesNotAFolder(path: "/no/such/folder")).description == "--resources /no/such/folder: not a folder")
    }

    @Test func aLayoutThatCannotBeListedThrowsTheLoadersProblems() throws {
        var options = Scan.Options()
        options.paths = [fixture("SeedApp/Sources")]
        options.store = .layout(StoreConfiguration(directory: "/no/such/store", bundles: ["app"]))
        do {
            _ = try Scan.run(options)
            Issue.record("a store folder that does not exist was read")
        } catch {
            #expect(error.code == "store-unreadable")
            guard case .storeUnreadable(let problems) = error.reason else { return }
            #expect(!problems.isEmpty && error.description == problems.map { "\($0.file): \($0.message)" }.joined(separator: "; "))
        }
    }
}
