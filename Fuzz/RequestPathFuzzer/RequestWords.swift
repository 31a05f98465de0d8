// The request-path fuzzer's dictionary: the pieces RequestRecipe assembles requests from.
// Keep Fuzz/RequestPathFuzzer/requests.dict (libFuzzer's dictionary for raw mode) in step.

enum RequestWords {
    /// The admin token of the fuzzed services (`Authorization: Bearer …` reaches admin routes).
    static let adminToken = "fuzz-admin-token"

    static let methods = ["GET", "GET", "GET", "GET", "HEAD", "POST", "DELETE", "OPTIONS", "PUT", "PATCH", "get", "TRACE"]

    static let paths = [
        "/labels/", "/labels/", "/labels/", "/labels", "/labels", "/missing", "/missing", "/coverage", "/usage", "/metrics",
        "/healthz", "/readyz", "/admin/reload", "/", "*", "/labels/%", "/labels//", "/missing/", "/../labels",
        "http://x/labels/plain", "/labels/%2e%2e", "/favicon.ico", "/coverage/", "/LABELS/plain",
    ]

    static let keys = [
        "coins.count", "markup.args", "markup.nested", "items.count", "player.button", "treasure.chest",
        "minutes.remaining", "notifications.unread",
        "control.back.label", "common.activate.hint", "progress.coins", "numbers.dice", "celebration.coins",
        "reward.youtube.bonus", "dashboard.dailylimit", "plain", "spec.0", "spec.5", "spec.20", "spec.50", "mixed.3",
        "mixed.40", "many.args", "plural.0", "plural.3", "plural.4", "plural.7", "plural.8", "plural.positional.1",
        "only.other", "float.count", "unused.var", "two.vars", "%25%40%20weird%20key", "%40", "%25d.count",
        "a%20b", "%C3%A4", "%E6%97%A5%E6%9C%AC", "key%09with%09tabs", "key%0Anewline", "%3Cscript%3E", "..", "a/b/c",
        "%00", "%FF", "%", "%2", "\u{00e4}", "k?x", "k%3Flang%3Dde", "%E2%80%AE", "no.such.key", "x", "",
        "/coins.count:dict/coins:dict/few:dict/:string", "coins.count%00", String(repeating: "x", count: 300),
    ]

    static let queryNames = [
        "lang", "lang", "lang", "count", "count", "arg", "arg", "table", "format", "limit", "offset", "q", "scope",
        "unused", "page", "key", "gzip", "LANG", "lang[]", "", "=", "%6Cang", "count%00", "sort",
        "include", "state", "argLang", "argLang",
    ]

    static let tables = ["Localizable", "Accessibility", "Localizable.strings", "", "..", "a/b", "Localizable%00", "L",
                         String(repeating: "T", count: 200)]
    static let formats = ["json", "xliff", "csv", "strings", "html", "JSON", "xml", "", "stringsdict", "text", "json;q=1"]
    static let scopes = ["local", "fleet", "LOCAL", "", "all"]
    /// `/missing`'s `include` and `state` (issue 35), and near misses.
    static let includes = ["untranslated", "UNTRANSLATED", "", "untranslated,untranslated", "all", "untranslated%0D%0A"]
    static let states = ["open", "resolved", "all", "", "Resolved", "closed", "resolved%00"]
    static let booleans = ["true", "false", "1", "0", "", "TRUE", "yes"]

    static let languages = [
        "en", "de", "fr", "ar", "th", "hi", "sr", "zh", "pl", "ru", "ja", "he", "iw", "in", "tl", "fil", "pt", "es",
        "und", "root", "qaa", "x", "i", "a", "toolong", "abcdefghi", "EN", "De", "fa", "bn", "my", "no", "nb", "zh-min",
        "", "*", "1", "en_US", "de-DE", "123",
    ]
    static let scripts = ["Latn", "Cyrl", "Hant", "Hans", "Arab", "Thai", "Deva", "Zzzz", "latn", "LATN", "Qaaa", "Beng"]
    static let regions = ["DE", "TH", "IN", "CA", "419", "001", "RS", "TW", "HK", "XX", "ZZ", "us", "GB", "CH", "AT", "999"]
    static let variants = ["1996", "fonipa", "posix", "valencia", "oed", "polyton", "1901", "x", "abcdefghi"]
    static let numberingSystems = [
        "latn", "thai", "hanidec", "arab", "arabext", "deva", "beng", "fullwide", "xxxx", "native", "traditio", "finance",
        "roman", "hans", "hant", "tamldec", "mymr", "ethi", "limb", "adlm", "LATN", "", "x", "latnlatnlatn",
    ]
    static let extensions = [
        "u-nu-", "u-nu-", "u-nu-", "u-ca-gregory", "u-ca-buddhist", "u-ca-islamic-umalqura", "u-ca-japanese", "u-ca-xxxx",
        "u-cu-eur", "u-hc-h23", "u-rg-gbzzzz", "u-sd-gbsct", "u-co-phonebk", "u-nu", "u", "t-en", "t-en-t0-und",
        "x-private", "x-klingon", "x", "a-bcd", "u-attr-nu-thai", "u-fw-mon-nu-arab", "u-nu-thai-nu-deva",
    ]
    static let wholeTags = [
        "x-klingon", "i-klingon", "en-GB-oed", "zh-min-nan", "art-lojban", "i-default", "sgn-BE-FR", "zh-Hant-TW",
        "sr-Latn-RS", "th-TH-u-nu-thai", "hi-IN-u-nu-deva", "de-u-nu-latn", "fr-u-nu-xxxx", "ar-u-nu-arab",
        "zh-u-nu-hanidec", "en-u-nu-thai", "ar-EG-u-nu-latn", "fa-u-nu-arabext", "fr-CA", "es-419", "pt-BR", "*",
        "en-x-a-b-c-d", "x-" + String(repeating: "a", count: 8), String(repeating: "en-", count: 40) + "en",
    ]

    static let counts = [
        "0", "1", "2", "3", "5", "11", "21", "101", "1000000", "1.0", "1.5", "0.0", "-0", "-1", "-0.0", "1e309", "-1e309",
        "1e-400", "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
        "18446744073709551616", "NaN", "nan", "inf", "-inf", "Infinity", "0x10", "1_000", "+1", "1,5", "", " 1", "1 ",
        "%31", "%2B1", "1e18", "4.5e15", "9007199254740993", "0.1", "1.00000000000000000001",
        String(repeating: "9", count: 400),
    ]
    static let arguments = [
        "Anna", "", "%@", "%d", "%n", "%s%s%s", "%1$@", "<b>x</b>", "\u{00e4}", "%C3%A4", "%00", "%FF", "1", "-1",
        "9223372036854775808", "1e309", "NaN", String(repeating: "A", count: 2000), "%25%40", "a%2Cb", "&", "=",
        "%5E%5Bx%5D(a%3A%201)", "^[x](inflect: true)", "%5E%5B%25%40%5D(argument%3A%201e300)",
    ]
    static let specifiers = [
        "%@", "%d", "%i", "%u", "%ld", "%lld", "%lu", "%x", "%X", "%o", "%f", "%.2f", "%e", "%g", "%a", "%c", "%C",
        "%s", "%S", "%p", "%%", "%1$@", "%2$d", "%*d", "%-5d", "%05.1f", "%#x", "%hhd", "%qd", "%zd", "%Lf", "%n",
        "%y", "%", "%1$#@n@", "%99999d", "%.99999f", "%10$@", "%0$d",
    ]

    static let headerNames = [
        "Accept-Language", "Accept-Language", "Accept", "Accept", "Accept-Encoding", "If-None-Match", "Authorization",
        "Content-Type", "Content-Encoding", "Connection", "X-Forwarded-For", "Origin", "Range", "If-Modified-Since",
        "Cookie", "Expect", "Transfer-Encoding", "Host",
    ]
    static let accepts = [
        "text/html", "text/html", "application/json", "text/csv", "application/xliff+xml", "application/x-xliff+xml",
        "text/plain", "*/*", "text/*", "application/*", "text/html;q=0", "application/json;q=0.5, text/html;q=0.9",
        "", "image/png", "text/html;level=1", "*/*;q=0", "application/json;charset=utf-8",
    ]
    static let encodings = ["gzip", "br", "identity;q=0", "*", "*;q=0", "gzip;q=0", "deflate, gzip;q=1.0", "", "x-gzip", "GZIP"]
    static let etags = ["*", "\"x\"", "W/\"x\"", "\"\"", "W/", "\"a\", \"b\"", "x", "W/\"" + String(repeating: "f", count: 64) + "\""]
    static let authorizations = ["Bearer " + adminToken, "Bearer " + adminToken, "Bearer wrong", "Bearer", "Basic Zm9vOmJhcg==",
                                 "bearer " + adminToken, "Bearer  " + adminToken, ""]
    static let contentTypes = ["application/json", "application/json; charset=utf-8", "text/plain", "application/JSON", ""]
    static let qualities = ["", ";q=1", ";q=0", ";q=0.5", ";q=0.001", ";q=1.0", ";q=2", ";q=-1", ";q=abc", ";Q=0.9", ";q=0.0001"]

    static let bodies = [
        #"[{"key":"k","lang":"de"}]"#, #"[{"key":"coins.count","lang":"ar","table":"Localizable"}]"#,
        #"[{"key":"/coins.count:dict/coins:dict/few:dict/:string","lang":"ar"}]"#, "[]", "{}", "", "[", "null",
        #"[{"key":"k","lang":"de-u-nu-latn"}]"#, #"[{"key":"k","lang":"x-klingon"}]"#, #"[{"key":"","lang":""}]"#,
        #"[{"key":"k","lang":"de","table":"../x"}]"#, #"[{"key":1e309,"lang":"de"}]"#,
    ]
}
