import Foundation
import Glibc
import HTTP1
import Testing
import LabelCore
import LabelServer

/// An I/O error while reading the store is a load failure, never "fewer strings":
/// at start a clear error naming the path, at reload 422 with the previous catalog kept.
@Suite struct StoreReadFailureTests {
    static let admin: HTTPHeaders = ["Authorization": "Bearer s3cret"]

    /// Reloads through the admin route and checks that the old German strings still serve.
    static func expectReloadRefused(_ service: LabelService, metrics: Metrics, naming path: String) {
        let response = service.respond(to: OperationsTests.request(.post, "/admin/reload", admin))
        #expect(response.status.code == 422)
        let body = String(decoding: response.body, as: UTF8.self)
        #expect(body.contains(#""error":"reload_failed""#))
        #expect(body.contains(path), "the error names \(path): \(body)")
        let label = String(decoding: service.respond(to: OperationsTests.request(.get, "/labels/control.back.label?lang=de")).body,
                           as: UTF8.self)
        #expect(label.contains("Zurück zur vorherigen Seite"))
        let text = metrics.render(.init(strings: 0, files: 0, tables: 0, languages: 0, bundles: 0, loadTimestamp: 0))
        #expect(text.contains("label_server_reloads_total{result=\"failure\"} 1"))
        #expect(text.contains("label_server_last_reload_success 0"))
    }

    static func replaceWithDanglingLink(_ url: URL) throws {
        try FileManager.default.removeItem(at: url)
        try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: url.path + ".gone")
    }

    @Test func aDanglingSymlinkInPlaceOfALanguageFolderFailsTheReload() throws {
        let store = try OperationsTests.copyOfBundledStore()
        defer { try? FileManager.default.removeItem(at: store) }
        let (service, _, metrics) = try OperationsTests.service(store: store)
        try Self.replaceWithDanglingLink(store.appendingPathComponent("app/de.lproj"))
        Self.expectReloadRefused(service, metrics: metrics, naming: "app/de.lproj")
    }

    @Test func aDanglingSymlinkInPlaceOfALanguageFolderFailsTheStart() throws {
        let store = try OperationsTests.copyOfBundledStore()
        defer { try? FileManager.default.removeItem(at: store) }
        try Self.replaceWithDanglingLink(store.appendingPathComponent("framework/fr.lproj"))
        #expect {
            try StoreLoader.load(StoreConfiguration(directory: store.path))
        } throws: { error in
            "\(error)".contains("framework/fr.lproj: cannot list the language folder: dangling symbolic link")
        }
    }

    @Test func aLanguageFolderThatIsAFileFailsTheLoad() throws {
        let store = try OperationsTests.copyOfBundledStore()
        defer { try? FileManager.default.removeItem(at: store) }
        let folder = store.appendingPathComponent("framework/pl.lproj")
        try FileManager.default.removeItem(at: folder)
        try Data("not a folder".utf8).write(to: folder)
        #expect {
            try StoreLoader.load(StoreConfiguration(directory: store.path))
        } throws: { error in
            "\(error)".contains("framework/pl.lproj: cannot list the language folder")
        }
    }

    @Test func aBundleFolderThatServedBeforeAndIsGoneFailsTheReload() throws {
        let store = try OperationsTests.copyOfBundledStore()
        defer { try? FileManager.default.removeItem(at: store) }
        let (service, _, metrics) = try OperationsTests.service(store: store)
        try FileManager.default.moveItem(at: store.appendingPathComponent("framework"),
                                         to: store.appendingPathComponent("framework.old"))
        Self.expectReloadRefused(service, metrics: metrics, naming: "framework")
    }

    @Test func bothBundleFoldersGoneFailsTheReloadInsteadOfServingKeys() throws {
        let store = try OperationsTests.copyOfBundledStore()
        defer { try? FileManager.default.removeItem(at: store) }
        let (service, _, metrics) = try OperationsTests.service(store: store)
        for bundle in ["app", "framework"] {
            try FileManager.default.removeItem(at: store.appendingPathComponent(bundle))
        }
        Self.expectReloadRefused(service, metrics: metrics, naming: "framework")
    }

    @Test func aStoreWithNoBundleFolderAtAllFailsTheStart() throws {
        let store = FileManager.default.temporaryDirectory.appendingPathComponent("empty-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: store, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: store) }
        #expect {
            try StoreLoader.load(StoreConfiguration(directory: store.path))
        } throws: { error in
            "\(error)".contains("none of the bundle folders (app, framework) exists")
        }
    }

    @Test func aBundleMissingAtFirstStartIsOnlyAWarning() throws {
        let store = try OperationsTests.copyOfBundledStore()
        defer { try? FileManager.default.removeItem(at: store) }
        let loaded = try StoreLoader.load(StoreConfiguration(directory: store.path, bundles: ["app", "plugins"]))
        #expect(loaded.bundleFolders == ["app"])
        #expect(loaded.warnings.contains { $0.message.contains("bundle folder not found") })
    }

    /// Root reads a mode-000 folder anyway, so this only runs unprivileged; the
    /// same errno path is what the dangling-link and EMFILE tests exercise.
    @Test(.enabled(if: getuid() != 0, "root bypasses permission bits"))
    func anUnreadableLanguageFolderFailsTheReload() throws {
        let store = try OperationsTests.copyOfBundledStore()
        defer { try? FileManager.default.removeItem(at: store) }
        let (service, _, metrics) = try OperationsTests.service(store: store)
        let folder = store.appendingPathComponent("app/de.lproj")
        chmod(folder.path, 0)
        defer { chmod(folder.path, 0o755) }
        Self.expectReloadRefused(service, metrics: metrics, naming: "app/de.lproj")
    }
}
