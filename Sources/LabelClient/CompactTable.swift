import Foundation
import LabelCore

/// The cache's compact form of one downloaded bundle: what
/// ``LabelBundleDocument/catalog()`` builds, in length-prefixed binary, so that
/// a launch from the cache reads bytes straight into the catalog, with no JSON
/// parse and no intermediate dictionaries.
///
/// Layout (integers little-endian `UInt32`; a string is its UTF-8 length, then
/// its bytes; an absent string is length `0xFFFF_FFFF`):
///
///     "LCT1"  lang  table  etag  development?
///     places: count, then (bundle, language, folder) each
///     entries: count, then per entry: place index, key, template, variable count,
///              per variable: name, type?, argument (0: none), variant count,
///              per variant: category index (PluralCategory.allCases), text
///
/// Entries are grouped by place, so each catalog layer is filled in one run.
/// ``decode(_:)`` checks every length and index against the bytes: a truncated or
/// edited file throws, never reads out of bounds.
struct CompactTable: Sendable {
    var lang: String
    var table: String
    var etag: String
    var development: String?
    /// The languages of the entries' places: what ``LabelBundleDocument/check(answering:requested:)`` needs.
    var entryLanguages: Set<String>
    var catalog: Catalog

    static let magic = Array("LCT1".utf8)
    private static let absent = UInt32.max
    private static let categories = PluralCategory.allCases

    /// The compact bytes of a decoded, checked bundle.
    static func encode(_ document: LabelBundleDocument) throws(LabelClientError) -> [UInt8] {
        struct Place: Hashable { var source: String; var lang: String }
        var places: [Place: UInt32] = [:]
        var placeList: [Place] = []
        for key in document.entries.keys.sorted() {
            let entry = document.entries[key]!
            let place = Place(source: entry.source, lang: entry.lang)
            if places[place] == nil {
                places[place] = UInt32(placeList.count)
                placeList.append(place)
            }
        }
        var out = Writer()
        out.bytes.reserveCapacity(document.labels.count * 96 + 256)
        out.bytes += magic
        out.string(document.lang)
        out.string(document.table)
        out.string(document.etag)
        out.string(document.development)
        out.integer(placeList.count)
        for place in placeList {
            guard let slash = place.source.lastIndex(of: "/") else { throw .malformedBundle(.invalidSource(key: nil, source: String(place.source.prefix(80)))) }
            out.string(String(place.source[..<slash]))
            out.string(place.lang)
            out.string(String(place.source[place.source.index(after: slash)...]))
        }
        out.integer(document.entries.count)
        let ordered = document.entries.map { (place: places[Place(source: $0.value.source, lang: $0.value.lang)]!, key: $0.key, entry: $0.value) }
            .sorted { ($0.place, $0.key) < ($1.place, $1.key) }
        for (place, key, entry) in ordered {
            guard let template = document.labels[key] else { throw .malformedBundle(.noLabel(key: String(key.prefix(80)))) }
            out.integer(Int(place))
            out.string(key)
            out.string(template)
            let variables = (entry.variables ?? [:]).sorted { $0.key < $1.key }
            out.integer(variables.count)
            for (name, variable) in variables {
                out.string(name)
                out.string(variable.type)
                out.integer(max(variable.arg ?? 0, 0))
                out.integer(variable.variants.count)
                for (category, text) in variable.variants.sorted(by: { $0.key < $1.key }) {
                    guard let index = categories.firstIndex(where: { $0.rawValue == category }) else {
                        throw .malformedBundle(.unknownPluralCategory(key: String(key.prefix(80)), category: String(category.prefix(20))))
                    }
                    out.integer(index)
                    out.string(text)
                }
            }
        }
        return out.bytes
    }

    /// The table and its catalog from compact bytes.
    static func decode(_ data: Data) throws(LabelClientError) -> CompactTable {
        let result: Result<CompactTable, LabelClientError> = data.withUnsafeBytes { raw in
            var reader = Reader(bytes: raw)
            return Result { () throws(LabelClientError) in try decode(&reader) }
        }
        return try result.get()
    }

    private static func decode(_ reader: inout Reader) throws(LabelClientError) -> CompactTable {
        guard reader.bytes.count >= 4, Array(reader.bytes[0..<4]) == magic else { throw .malformedBundle(.notACompactTable) }
        reader.offset = 4
        let lang = try reader.string(), table = try reader.string(), etag = try reader.string()
        let development = try reader.optionalString()
        guard TableName.isValid(table) else { throw .malformedBundle(.invalidTableName) }
        struct LayerKey: Hashable { var bundle: String; var language: LanguageTag }
        var placeLayers: [Int] = []
        var layerKeys: [LayerKey: Int] = [:]
        var layers: [CatalogLayer] = []
        var places: [(bundle: String, language: LanguageTag, folder: String)] = []
        for _ in 0..<(try reader.count()) {
            let bundle = try reader.string(), languageText = try reader.string(), folder = try reader.string()
            guard let language = LanguageTag(languageText) else { throw .malformedBundle(.invalidEntryLanguage(key: nil)) }
            let layerKey = LayerKey(bundle: bundle, language: language)
            if layerKeys[layerKey] == nil {
                layerKeys[layerKey] = layers.count
                layers.append(CatalogLayer(bundle: bundle, language: language, table: table))
            }
            placeLayers.append(layerKeys[layerKey]!)
            places.append((bundle, language, folder))
        }
        var builder = CatalogEntryBuilder()
        for _ in 0..<(try reader.count()) {
            let place = try reader.count()
            guard place < places.count else { throw .malformedBundle(.indexOutOfRange(.place, value: Int(place), offset: reader.offset)) }
            let key = try reader.string(), template = try reader.string()
            var variables: [String: PluralVariable] = [:]
            for _ in 0..<(try reader.count()) {
                let name = try reader.string(), type = try reader.optionalString(), argument = try reader.count()
                var variants: [PluralCategory: String] = [:]
                for _ in 0..<(try reader.count()) {
                    let index = try reader.count()
                    guard index < categories.count else { throw .malformedBundle(.indexOutOfRange(.pluralCategory, value: nil, offset: reader.offset)) }
                    variants[categories[index]] = try reader.string()
                }
                variables[name] = PluralVariable(valueType: type, argumentNumber: argument == 0 ? nil : argument, variants: variants)
            }
            let (bundle, language, folder) = places[place]
            layers[placeLayers[place]].entries[key] = builder.entry(
                string: LocalizedString(template: template, variables: variables), bundle: bundle, language: language, folder: folder)
        }
        guard reader.offset == reader.bytes.count else { throw .malformedBundle(.trailingBytes(reader.bytes.count - reader.offset)) }
        let developmentTag = try development.map { (text: String) throws(LabelClientError) -> LanguageTag in
            guard let tag = LanguageTag(text) else { throw .malformedBundle(.invalidDevelopmentLanguage) }
            return tag
        }
        let catalog = Catalog(bundles: Array(Set(layers.map(\.bundle))).sorted(), developmentLanguage: developmentTag, layers: layers)
        return CompactTable(lang: lang, table: table, etag: etag, development: development,
                            entryLanguages: Set(places.map(\.language.rawValue)), catalog: catalog)
    }

    private struct Writer {
        var bytes: [UInt8] = []

        mutating func integer(_ value: Int) {
            withUnsafeBytes(of: UInt32(clamping: value).littleEndian) { bytes.append(contentsOf: $0) }
        }

        mutating func string(_ text: String?) {
            guard let text else { return integer(Int(absent)) }
            integer(text.utf8.count)
            bytes += text.utf8
        }
    }

    private struct Reader {
        let bytes: UnsafeRawBufferPointer
        var offset = 0

        mutating func word() throws(LabelClientError) -> UInt32 {
            guard bytes.count - offset >= 4 else { throw .malformedBundle(.truncated(.table, offset: offset)) }
            defer { offset += 4 }
            return UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16 | UInt32(bytes[offset + 3]) << 24
        }

        /// A count or index: never more than the bytes left could hold.
        mutating func count() throws(LabelClientError) -> Int {
            let value = Int(try word())
            guard value <= bytes.count else { throw .malformedBundle(.countPastEnd(Int(value), offset: offset)) }
            return value
        }

        mutating func optionalString() throws(LabelClientError) -> String? {
            let length = try word()
            if length == absent { return nil }
            return try text(Int(length))
        }

        mutating func string() throws(LabelClientError) -> String {
            let length = try word()
            guard length != absent else { throw .malformedBundle(.truncated(.missingString, offset: offset)) }
            return try text(Int(length))
        }

        private mutating func text(_ length: Int) throws(LabelClientError) -> String {
            guard bytes.count - offset >= length else { throw .malformedBundle(.truncated(.string, offset: offset)) }
            defer { offset += length }
            return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + length)]), as: UTF8.self)
        }
    }
}
