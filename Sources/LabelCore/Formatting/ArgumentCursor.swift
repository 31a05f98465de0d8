/// Hands out argument numbers as Apple's splicing of variants into the format does: the
/// one numbering rule, used by rendering (``LabelFormatter``) and by every count of the
/// arguments a string reads (``LabelFormatter/argumentCount(of:)``, ``FormatTokenTable``),
/// and by `LabelAndroid`'s walk of a format into Java's pieces.
package struct ArgumentCursor {
    /// The next argument a non-positional specifier reads.
    package var next = 1
    /// Set while a variant starts: its first non-positional specifier reads this
    /// (the variable's own argument) instead of `next`.
    package var pendingOwn: Int?

    package init(next: Int = 1, pendingOwn: Int? = nil) {
        self.next = next
        self.pendingOwn = pendingOwn
    }

    /// The argument a specifier with this position reads.
    package mutating func take(position: Int?) -> Int {
        if let position { return position }
        if let own = pendingOwn {
            pendingOwn = nil
            return own
        }
        defer { next += 1 }
        return next
    }

    /// The argument a `%#@var@` reads: its explicit number, its position, or the next
    /// one; a pending own argument belongs to a specifier, not to a nested variable.
    package mutating func takeForVariable(position: Int?, argumentNumber: Int?) -> Int {
        if let position { return argumentNumber ?? position }
        let slot = next
        next += 1
        return argumentNumber ?? slot
    }

    /// The cursor a variant of a variable reading `own` starts with.
    package func entering(own: Int) -> ArgumentCursor {
        ArgumentCursor(next: next, pendingOwn: own)
    }

    /// Continues after a variant: past every argument it read.
    package mutating func leaving(_ variant: ArgumentCursor) {
        next = max(next, variant.next)
    }
}
