// The system zlib (Debian: zlib1g-dev). deflateInit2 is a macro, so a wrapper
// gives Swift a function to call.
#pragma once
#include <zlib.h>

/// deflateInit2 with the gzip wrapper (windowBits 15 + 16).
static inline int czlib_deflate_init_gzip(z_streamp stream, int level) {
    return deflateInit2(stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
}

/// inflateInit2 accepting a gzip wrapper (windowBits 15 + 16), for tests.
static inline int czlib_inflate_init_gzip(z_streamp stream) {
    return inflateInit2(stream, 15 + 16);
}
