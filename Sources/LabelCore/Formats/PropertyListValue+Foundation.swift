import Foundation

extension PropertyListValue {
    /// The value of what `PropertyListSerialization` returned, for input the
    /// reader leaves to Foundation. Checked in the order warnings name types.
    init(foundation value: Any) {
        switch value {
        case let text as String:
            self = .string(text)
        case let elements as [Any]:
            self = .array(elements.map(PropertyListValue.init(foundation:)))
        case let entries as [String: Any]:
            self = .dictionary(entries.mapValues(PropertyListValue.init(foundation:)))
        case let data as Data:
            self = .data([UInt8](data))
        case let date as Date:
            self = .date(date.timeIntervalSinceReferenceDate)
        case let number as NSNumber:
            // A plist's booleans come back as `char` numbers, its reals as `double`.
            let type = String(cString: number.objCType)
            if type == "c" || type == "B" {
                self = .boolean(number.boolValue)
            } else if type == "d" || type == "f" {
                self = .real(number.doubleValue)
            } else {
                self = .integer(number.int64Value)
            }
        default:
            // Nothing else comes out of a plist; name it a number, as warnings did.
            self = .integer(0)
        }
    }

    /// Reads `data` with ``PropertyListReader``; what the reader leaves, and XML
    /// it refuses, go to `PropertyListSerialization`, so the outcome (the value,
    /// or Foundation's own error) is Foundation's whenever the reader is unsure.
    ///
    /// A binary plist the reader calls malformed is not shown to Foundation:
    /// corelibs' binary reader follows object offsets past the end of the buffer
    /// (a fuzzed `bplist00` whose every offset lies beyond the file was read as a
    /// dictionary of whatever memory followed), so the reader's error stands.
    ///
    /// - Throws: an `NSError` whose `NSDebugDescriptionErrorKey` is the message:
    ///   Foundation's, or the reader's for a malformed binary plist.
    static func read(_ data: Data) throws -> PropertyListValue {
        do {
            return try PropertyListReader.read(data)
        } catch let error where data.starts(with: Array("bplist".utf8)) {
            if case .malformed(let reason) = error.reason {
                throw NSError(domain: NSCocoaErrorDomain, code: CocoaError.propertyListReadCorrupt.rawValue, userInfo: [
                    NSDebugDescriptionErrorKey: "malformed binary property list at byte \(error.offset): \(reason)",
                ])
            }
        } catch {}
        return PropertyListValue(foundation: try PropertyListSerialization.propertyList(from: data, options: [], format: nil))
    }
}
