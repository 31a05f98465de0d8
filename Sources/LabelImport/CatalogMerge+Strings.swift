import LabelCore

extension CatalogMerge {
    /// A catalog's `strings` object while a merge changes it: a key's member is found
    /// through an index and changed in place, and new keys are inserted all at once at
    /// the end, so a merge costs the catalog's keys plus the units, not their product.
    struct Strings {
        private var members: [JSONDocument.Member]
        /// The first member of each key (as ``JSONDocument/subscript(_:)`` finds it).
        private var positions: [String: Int] = [:]
        /// Keys the catalog lacks, in the order the import first names them.
        private var added: [JSONDocument.Member] = []
        private var addedPositions: [String: Int] = [:]

        /// `strings` as read (anything but an object counts as an empty one, as
        /// ``JSONDocument/set(_:_:)`` makes it).
        init(_ strings: JSONDocument?) {
            if case .object(let members)? = strings { self.members = members } else { members = [] }
            for (index, member) in members.enumerated() where positions[member.key] == nil { positions[member.key] = index }
        }

        /// The key's value (an empty object when the catalog lacks it), changed by `body`.
        mutating func update(_ key: String, _ body: (inout JSONDocument) -> Void) {
            if let index = positions[key] {
                var value = members[index].value
                // An unchanged value keeps its source text, as `set` keeps it.
                members[index].value = .null
                let before = value
                body(&value)
                members[index].value = value == before ? before : value
            } else if let index = addedPositions[key] {
                body(&added[index].value)
            } else {
                var value = JSONDocument.object([])
                body(&value)
                addedPositions[key] = added.count
                added.append(JSONDocument.Member(key: key, value: value))
            }
        }

        /// The object: each new key before the first existing key greater than it (as
        /// ``JSONDocument/set(_:_:)`` inserts one), new keys sharing a place sorted.
        var document: JSONDocument {
            guard !added.isEmpty else { return .object(members) }
            // greatest[i]: the greatest key among members[0...i]; the first member greater
            // than a key is the first i whose running maximum is, found by bisection.
            var greatest: [String] = []
            greatest.reserveCapacity(members.count)
            for member in members { greatest.append(max(greatest.last ?? member.key, member.key)) }
            func place(_ key: String) -> Int {
                var low = 0, high = greatest.count
                while low < high {
                    let middle = (low + high) / 2
                    if greatest[middle] > key { high = middle } else { low = middle + 1 }
                }
                return low
            }
            let inserted = added.map { (place: place($0.key), member: $0) }
                .sorted { $0.place != $1.place ? $0.place < $1.place : $0.member.key < $1.member.key }
            var result: [JSONDocument.Member] = []
            result.reserveCapacity(members.count + added.count)
            var next = 0
            for (index, member) in members.enumerated() {
                while next < inserted.count, inserted[next].place == index {
                    result.append(inserted[next].member)
                    next += 1
                }
                result.append(member)
            }
            result += inserted[next...].map(\.member)
            return .object(result)
        }
    }
}
