/// The field names the code knows, each with its spelling and its lower-cased bytes: a
/// lookup compares a received name with the lower-case form in place.
extension HTTPField.Name {
    package static var accept: Self { Self(spelled: "Accept", lowercased: "accept") }
    package static var acceptEncoding: Self { Self(spelled: "Accept-Encoding", lowercased: "accept-encoding") }
    package static var acceptLanguage: Self { Self(spelled: "Accept-Language", lowercased: "accept-language") }
    package static var allow: Self { Self(spelled: "Allow", lowercased: "allow") }
    package static var authorization: Self { Self(spelled: "Authorization", lowercased: "authorization") }
    package static var cacheControl: Self { Self(spelled: "Cache-Control", lowercased: "cache-control") }
    package static var connection: Self { Self(spelled: "Connection", lowercased: "connection") }
    package static var contentEncoding: Self { Self(spelled: "Content-Encoding", lowercased: "content-encoding") }
    package static var contentLanguage: Self { Self(spelled: "Content-Language", lowercased: "content-language") }
    package static var contentLength: Self { Self(spelled: "Content-Length", lowercased: "content-length") }
    package static var contentSecurityPolicy: Self { Self(spelled: "Content-Security-Policy", lowercased: "content-security-policy") }
    package static var contentType: Self { Self(spelled: "Content-Type", lowercased: "content-type") }
    package static var date: Self { Self(spelled: "Date", lowercased: "date") }
    package static var eTag: Self { Self(spelled: "ETag", lowercased: "etag") }
    package static var expect: Self { Self(spelled: "Expect", lowercased: "expect") }
    package static var host: Self { Self(spelled: "Host", lowercased: "host") }
    package static var ifNoneMatch: Self { Self(spelled: "If-None-Match", lowercased: "if-none-match") }
    package static var link: Self { Self(spelled: "Link", lowercased: "link") }
    package static var referrerPolicy: Self { Self(spelled: "Referrer-Policy", lowercased: "referrer-policy") }
    package static var retryAfter: Self { Self(spelled: "Retry-After", lowercased: "retry-after") }
    package static var transferEncoding: Self { Self(spelled: "Transfer-Encoding", lowercased: "transfer-encoding") }
    package static var vary: Self { Self(spelled: "Vary", lowercased: "vary") }
    package static var wwwAuthenticate: Self { Self(spelled: "WWW-Authenticate", lowercased: "www-authenticate") }
}
