/// The key → resource-name mapping of a whole export: one namespace (`R.string`,
/// `R.plurals`), so every table's keys share it.
///
/// Keys are taken in order; a key whose name an earlier key already has is left
/// out with a ``AndroidRefusal/Reason/nameCollision`` naming both keys, never overwritten.
package struct AndroidResourceNames: Sendable {
    package struct Address: Sendable, Hashable {
        package var table: String
        package var key: String
    }

    /// Every converted key's name, per table.
    package private(set) var names: [String: [String: String]] = [:]
    package private(set) var refusals: [AndroidRefusal] = []

    /// Names for `keys` of each table, tables in the given order and keys sorted.
    package init(tables: [(table: String, keys: [String])]) {
        // Local: kept in the value it held every name a second time for the whole export.
        var owner: [String: Address] = [:]
        for (table, keys) in tables {
            var tableNames: [String: String] = [:]
            tableNames.reserveCapacity(keys.count)
            for key in keys.sorted() {
                let name = AndroidResourceName.name(for: key)
                if let first = owner[name] {
                    let other = first.table == table ? "key \"\(first.key)\"" : "key \"\(first.key)\" of table \(first.table)"
                    refusals.append(AndroidRefusal(
                        .error, .nameCollision, table: table, key: key,
                        message: "resource name \(name) is already \(other)'s; left out"))
                    continue
                }
                owner[name] = Address(table: table, key: key)
                tableNames[key] = name
            }
            names[table] = tableNames
        }
    }

    /// The name of a converted key; `nil` when it collided.
    package func name(table: String, key: String) -> String? { names[table]?[key] }
}
