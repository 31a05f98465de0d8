import Foundation

/// What the three translator pages (`/missing`, `/coverage`, `/usage`) share:
/// the document frame, the one inline style and the security headers.
///
/// Pure: a page is a function from values to bytes.
package enum TranslatorPage {
    /// The pages' only style, inline so a page is one self-contained response;
    /// allowed by its hash in the CSP, which permits nothing else.
    static let style: StaticString = """
    :root{color-scheme:light;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.4}
    body{margin:0 auto;max-width:80rem;padding:.75rem;color:#1a1a1a;background:#fff}
    a{color:#0b57a4}a:focus,button:focus,input:focus,select:focus,[tabindex]:focus{outline:3px solid #b35900;outline-offset:2px}
    h1{font-size:1.5rem;margin:.25rem 0}h2{font-size:1.15rem;margin:1rem 0 .4rem}
    nav ul{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:.25rem 1rem}
    form{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:flex-end;margin:.5rem 0}
    form div{display:flex;flex-direction:column}label{font-weight:600;font-size:.9rem}
    input,select,button{font:inherit;padding:.3rem .4rem;border:1px solid #555;border-radius:4px;background:#fff;color:#1a1a1a}
    button{background:#0b57a4;color:#fff;border-color:#0b57a4;cursor:pointer}
    .scroll{overflow-x:auto;max-width:100%}
    table{border-collapse:collapse;width:100%;font-size:.92rem}
    caption{text-align:left;font-weight:600;padding:.3rem 0}
    th,td{border-bottom:1px solid #ccc;padding:.35rem .5rem;text-align:left;vertical-align:top}
    thead th{background:#eef2f6;position:sticky;top:0}
    td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}
    code{font-family:ui-monospace,"DejaVu Sans Mono",Menlo,monospace;overflow-wrap:anywhere;unicode-bidi:isolate}
    .muted{color:#555}.partial{border:2px solid #b35900;padding:.4rem .6rem;font-weight:600}.source{max-width:28rem;overflow-wrap:anywhere}
    @media (max-width:40rem){body{padding:.5rem}th,td{padding:.3rem}.wide{display:none}}
    """

    /// `sha256-` and the base64 of ``style``'s SHA-256, as the CSP names an inline style;
    /// written out, and recomputed by `sha256sum` in `TranslatorPageTests`
    /// (`styleHashIsTheSHA256OfTheStyle`), which fails whenever the style changes without it.
    static let styleHash = "sha256-qeoBrU4PfpnjvAKN7DemU7YiQJG3DVsu911zuSaWkww="

    static var styleBytes: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: style.utf8Start, count: style.utf8CodeUnitCount)
    }

    /// Nothing but the inline style and same-origin form submissions.
    package static let contentSecurityPolicy =
        "default-src 'none'; style-src '\(styleHash)'; img-src 'none'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"

    /// The frame: doctype, `lang`, viewport, title, style, site navigation, then `body`.
    static func document(title: String, current: String, _ body: (inout HTMLWriter) -> Void) -> [UInt8] {
        var html = HTMLWriter(capacity: 16_384)
        html.markup("<!DOCTYPE html>\n")
        html.open("html", ["lang": "en", "dir": "ltr"])
        html.open("head")
        html.open("meta", ["charset": "utf-8"])
        html.open("meta", ["name": "viewport", "content": "width=device-width, initial-scale=1"])
        html.open("meta", ["name": "referrer", "content": "no-referrer"])
        html.element("title", text: title + " · label-server")
        html.open("style")
        html.markup(style)  // raw text element: written verbatim, as hashed
        html.close("style")
        html.close("head")
        html.open("body")
        html.open("header")
        html.open("nav", ["aria-label": "Translator pages"])
        html.open("ul")
        for (path, name) in [("/missing", "Missing strings"), ("/coverage", "Coverage"), ("/usage", "Key usage")] {
            html.open("li")
            if path == current {
                html.element("a", ["href": path, "aria-current": "page"], text: name)
            } else {
                html.element("a", ["href": path], text: name)
            }
            html.close("li")
        }
        html.close("ul")
        html.close("nav")
        html.element("h1", text: title)
        html.close("header")
        html.open("main")
        body(&html)
        html.close("main")
        html.close("body")
        html.close("html")
        html.markup("\n")
        return html.bytes
    }

    /// `path?name=value&…` with values percent-encoded (RFC 3986 unreserved kept);
    /// the writer escapes the result again as an attribute value.
    static func href(_ path: String, _ items: [(String, String)]) -> String {
        guard !items.isEmpty else { return path }
        var out = path + "?"
        for (index, (name, value)) in items.enumerated() {
            if index > 0 { out += "&" }
            out += percentEncoded(name) + "=" + percentEncoded(value)
        }
        return out
    }

    static func percentEncoded(_ value: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(value.utf8.count)
        let hex = Array("0123456789ABCDEF".utf8)
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.append(byte)
            default:
                out.append(UInt8(ascii: "%"))
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0xF)])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Writes a `<label>` + `<select>` with "All" first; `selected` picks an option.
    static func select(_ html: inout HTMLWriter, id: String, name: String, label: String,
                       options: [String], selected: String?) {
        html.open("div")
        html.element("label", ["for": id], text: label)
        html.open("select", ["id": id, "name": name])
        if selected == nil {
            html.element("option", ["value": "", "selected": "selected"], text: "All")
        } else {
            html.element("option", ["value": ""], text: "All")
        }
        for option in options {
            if option == selected {
                html.open("option", ["value": option, "selected": "selected"])
            } else {
                html.open("option", ["value": option])
            }
            html.data(option)
            html.close("option")
        }
        html.close("select")
        html.close("div")
    }

    /// `<time datetime="…">…</time>`, ISO 8601 UTC to the second.
    static func time(_ html: inout HTMLWriter, _ stamp: String) {
        let shown = stamp.count >= 19 ? String(stamp.prefix(16)).replacingOccurrences(of: "T", with: " ") + "Z" : stamp
        html.element("time", ["datetime": stamp], text: shown)
    }
}
