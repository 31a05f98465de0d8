/// Why one output file of an import is refused: the whole import then writes nothing.
package struct ImportRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    package var reason: String
    package init(_ reason: String) { self.reason = reason }
    package var description: String { reason }
}
