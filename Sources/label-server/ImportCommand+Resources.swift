import Foundation
import LabelCore
import LabelImport

extension ImportCommand {
    /// Among several `--resources` folders, the first that holds every table the files
    /// name (`<lang>.lproj/<Table>.strings|.stringsdict` or `<Table>.xcstrings` directly
    /// inside); the first folder when none holds any (new tables go to the app's first
    /// folder). Tables spread over several folders are refused: import each with `--into`.
    static func folder(holding files: [String], among resources: [String]) throws(ArgumentScanner.UsageError) -> String {
        let tables = Set(Importer.readDocuments(files).documents.flatMap { $0.files.map(\.table) })
        let held = resources.map { tablesHeld(by: $0).intersection(tables) }
        if let index = held.firstIndex(where: { $0 == tables }), !tables.isEmpty { return resources[index] }
        if held.allSatisfy(\.isEmpty) { return resources[0] }
        let places = zip(resources, held).filter { !$0.1.isEmpty }.map { "\($0.1.sorted().joined(separator: ", ")) in \($0.0)" }
        throw ArgumentScanner.UsageError(description: "the files' tables are in several --resources folders (\(places.joined(separator: "; "))): import each with --into",
                                         code: "tables-in-several-folders")
    }

    /// The tables a bundle folder holds, by name.
    static func tablesHeld(by folder: String) -> Set<String> {
        var tables: Set<String> = []
        let items = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        for item in items where !item.hasPrefix(".") {
            if let kind = StoreFileKind(fileName: item), kind == .catalog {
                tables.insert(kind.table(ofFileName: item))
            } else if item.hasSuffix(".lproj") {
                for file in (try? FileManager.default.contentsOfDirectory(atPath: folder + "/" + item)) ?? [] {
                    if let kind = StoreFileKind(fileName: file), kind != .catalog { tables.insert(kind.table(ofFileName: file)) }
                }
            }
        }
        return tables
    }
}
