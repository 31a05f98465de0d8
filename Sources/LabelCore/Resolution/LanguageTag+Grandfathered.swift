extension LanguageTag {
    /// RFC 5646 §2.2.8's grandfathered tags in canonical case → their IANA registry
    /// `Preferred-Value` (`nil` when the registry gives none). The list is closed: RFC
    /// 5646 froze it, and no tag is ever added.
    static let grandfathered: [String: String?] = [
        // Irregular: not of the langtag shape.
        "en-GB-oed": "en-GB-oxendict", "i-ami": "ami", "i-bnn": "bnn", "i-default": nil, "i-enochian": nil,
        "i-hak": "hak", "i-klingon": "tlh", "i-lux": "lb", "i-mingo": nil, "i-navajo": "nv", "i-pwn": "pwn",
        "i-tao": "tao", "i-tay": "tay", "i-tsu": "tsu", "sgn-BE-FR": "sfb", "sgn-BE-NL": "vgt", "sgn-CH-DE": "sgg",
        // Regular: of the langtag shape, but their subtags are not registered as such.
        "art-lojban": "jbo", "cel-gaulish": nil, "no-bok": "nb", "no-nyn": "nn", "zh-guoyu": "cmn",
        "zh-hakka": "hak", "zh-min": nil, "zh-min-nan": "nan", "zh-xiang": "hsn",
    ]

    /// Whether the tag is private use only (`x-klingon`): it names no language, so it
    /// matches only a folder of the same name and otherwise falls through the chain.
    package var isPrivateUse: Bool { rawValue.hasPrefix("x-") }

    /// Whether the tag is one of RFC 5646's grandfathered tags: matched as a whole,
    /// never truncated into its subtags (`zh-min-nan` is Min Nan, not `zh`).
    package var isGrandfathered: Bool { Self.grandfathered[rawValue] != nil }

    /// A grandfathered tag's registered replacement (`i-klingon` → `tlh`, `no-bok` → `nb`).
    var grandfatheredPreferredValue: LanguageTag? {
        guard let entry = Self.grandfathered[rawValue], let preferred = entry else { return nil }
        return LanguageTag(preferred)
    }
}
