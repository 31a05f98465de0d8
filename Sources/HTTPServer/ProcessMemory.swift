import CLabelSystem

/// glibc heap tuning for a long-running server.
package enum ProcessMemory {
    /// Bounds glibc's malloc arenas (`mallopt(M_ARENA_MAX)`).
    ///
    /// By default glibc gives each thread that contends its own arena, up to
    /// 8 per core; the parallel store loader then leaves freed catalog memory
    /// scattered over many arenas, and RSS ratchets up with every reload of a
    /// large store. Call once at start, before threads allocate.
    @discardableResult
    package static func limitArenas(to count: Int) -> Bool {
        csystem_limit_malloc_arenas(Int32(clamping: count)) == 1
    }

    /// Returns free heap pages to the kernel (`malloc_trim(0)`), e.g. after a
    /// reload freed the previous catalog.
    package static func trim() {
        _ = csystem_malloc_trim()
    }
}
