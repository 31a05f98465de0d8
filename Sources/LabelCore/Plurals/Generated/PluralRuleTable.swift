// GENERATED FILE: do not edit. Regenerate with scripts/generate-plural-rules.py.
// Source: unicode-org/cldr-json cldr-core/supplemental/plurals.json, CLDR 48.
// CLDR data: Copyright © Unicode, Inc., Unicode License V3 (scripts/LICENSE-Unicode-V3.txt).

/// CLDR cardinal plural rules for every CLDR locale, as the CLDR condition text.
///
/// Each locale's rules are lines `locale:category:condition`, categories in CLDR
/// order; `other` has an empty condition. One `static let` per locale parses them:
/// Swift initialises each once, lazily and thread-safely, so only the locales a
/// process uses are parsed (parsing all of them would weigh on cold
/// start) and a lookup after the first takes no lock. String literals keep the
/// file type-checking instantly.
enum PluralRuleTable {
    /// The CLDR release the rules come from.
    static let cldrVersion = "48"

    /// CLDR locale ids, sorted; ``rules(at:)`` and ``lines`` take an index into it.
    static let locales: [String] = [
        "af",
        "ak",
        "am",
        "an",
        "ar",
        "ars",
        "as",
        "asa",
        "ast",
        "az",
        "bal",
        "be",
        "bem",
        "bez",
        "bg",
        "bho",
        "blo",
        "bm",
        "bn",
        "bo",
        "br",
        "brx",
        "bs",
        "ca",
        "ce",
        "ceb",
        "cgg",
        "chr",
        "ckb",
        "cs",
        "csw",
        "cv",
        "cy",
        "da",
        "de",
        "doi",
        "dsb",
        "dv",
        "dz",
        "ee",
        "el",
        "en",
        "eo",
        "es",
        "et",
        "eu",
        "fa",
        "ff",
        "fi",
        "fil",
        "fo",
        "fr",
        "fur",
        "fy",
        "ga",
        "gd",
        "gl",
        "gsw",
        "gu",
        "guw",
        "gv",
        "ha",
        "haw",
        "he",
        "hi",
        "hnj",
        "hr",
        "hsb",
        "hu",
        "hy",
        "ia",
        "id",
        "ie",
        "ig",
        "ii",
        "io",
        "is",
        "it",
        "iu",
        "ja",
        "jbo",
        "jgo",
        "jmc",
        "jv",
        "jw",
        "ka",
        "kab",
        "kaj",
        "kcg",
        "kde",
        "kea",
        "kk",
        "kkj",
        "kl",
        "km",
        "kn",
        "ko",
        "kok",
        "kok-Latn",
        "ks",
        "ksb",
        "ksh",
        "ku",
        "kw",
        "ky",
        "lag",
        "lb",
        "lg",
        "lij",
        "lkt",
        "lld",
        "ln",
        "lo",
        "lt",
        "lv",
        "mas",
        "mg",
        "mgo",
        "mk",
        "ml",
        "mn",
        "mo",
        "mr",
        "ms",
        "mt",
        "my",
        "nah",
        "naq",
        "nb",
        "nd",
        "ne",
        "nl",
        "nn",
        "nnh",
        "no",
        "nqo",
        "nr",
        "nso",
        "ny",
        "nyn",
        "om",
        "or",
        "os",
        "osa",
        "pa",
        "pap",
        "pcm",
        "pl",
        "prg",
        "ps",
        "pt",
        "pt-PT",
        "rm",
        "ro",
        "rof",
        "ru",
        "rwk",
        "sah",
        "saq",
        "sat",
        "sc",
        "scn",
        "sd",
        "sdh",
        "se",
        "seh",
        "ses",
        "sg",
        "sgs",
        "sh",
        "shi",
        "si",
        "sk",
        "sl",
        "sma",
        "smi",
        "smj",
        "smn",
        "sms",
        "sn",
        "so",
        "sq",
        "sr",
        "ss",
        "ssy",
        "st",
        "su",
        "sv",
        "sw",
        "syr",
        "ta",
        "te",
        "teo",
        "th",
        "ti",
        "tig",
        "tk",
        "tl",
        "tn",
        "to",
        "tpi",
        "tr",
        "ts",
        "tzm",
        "ug",
        "uk",
        "und",
        "ur",
        "uz",
        "ve",
        "vec",
        "vi",
        "vo",
        "vun",
        "wa",
        "wae",
        "wo",
        "xh",
        "xog",
        "yi",
        "yo",
        "yue",
        "zh",
        "zu",
    ]

    /// Each locale's rule lines, joined by newlines.
    static let lines: [String] = [
        "af:one:n = 1\naf:other:",
        "ak:one:n = 0..1\nak:other:",
        "am:one:i = 0 or n = 1\nam:other:",
        "an:one:n = 1\nan:other:",
        "ar:zero:n = 0\nar:one:n = 1\nar:two:n = 2\nar:few:n % 100 = 3..10\nar:many:n % 100 = 11..99\nar:other:",
        "ars:zero:n = 0\nars:one:n = 1\nars:two:n = 2\nars:few:n % 100 = 3..10\nars:many:n % 100 = 11..99\nars:other:",
        "as:one:i = 0 or n = 1\nas:other:",
        "asa:one:n = 1\nasa:other:",
        "ast:one:i = 1 and v = 0\nast:other:",
        "az:one:n = 1\naz:other:",
        "bal:one:n = 1\nbal:other:",
        "be:one:n % 10 = 1 and n % 100 != 11\nbe:few:n % 10 = 2..4 and n % 100 != 12..14\nbe:many:n % 10 = 0 or n % 10 = 5..9 or n % 100 = 11..14\nbe:other:",
        "bem:one:n = 1\nbem:other:",
        "bez:one:n = 1\nbez:other:",
        "bg:one:n = 1\nbg:other:",
        "bho:one:n = 0..1\nbho:other:",
        "blo:zero:n = 0\nblo:one:n = 1\nblo:other:",
        "bm:other:",
        "bn:one:i = 0 or n = 1\nbn:other:",
        "bo:other:",
        "br:one:n % 10 = 1 and n % 100 != 11,71,91\nbr:two:n % 10 = 2 and n % 100 != 12,72,92\nbr:few:n % 10 = 3..4,9 and n % 100 != 10..19,70..79,90..99\nbr:many:n != 0 and n % 1000000 = 0\nbr:other:",
        "brx:one:n = 1\nbrx:other:",
        "bs:one:v = 0 and i % 10 = 1 and i % 100 != 11 or f % 10 = 1 and f % 100 != 11\nbs:few:v = 0 and i % 10 = 2..4 and i % 100 != 12..14 or f % 10 = 2..4 and f % 100 != 12..14\nbs:other:",
        "ca:one:i = 1 and v = 0\nca:many:e = 0 and i != 0 and i % 1000000 = 0 and v = 0 or e != 0..5\nca:other:",
        "ce:one:n = 1\nce:other:",
        "ceb:one:v = 0 and i = 1,2,3 or v = 0 and i % 10 != 4,6,9 or v != 0 and f % 10 != 4,6,9\nceb:other:",
        "cgg:one:n = 1\ncgg:other:",
        "chr:one:n = 1\nchr:other:",
        "ckb:one:n = 1\nckb:other:",
        "cs:one:i = 1 and v = 0\ncs:few:i = 2..4 and v = 0\ncs:many:v != 0\ncs:other:",
        "csw:one:n = 0..1\ncsw:other:",
        "cv:zero:n = 0\ncv:one:n = 1\ncv:other:",
        "cy:zero:n = 0\ncy:one:n = 1\ncy:two:n = 2\ncy:few:n = 3\ncy:many:n = 6\ncy:other:",
        "da:one:n = 1 or t != 0 and i = 0,1\nda:other:",
        "de:one:i = 1 and v = 0\nde:other:",
        "doi:one:i = 0 or n = 1\ndoi:other:",
        "dsb:one:v = 0 and i % 100 = 1 or f % 100 = 1\ndsb:two:v = 0 and i % 100 = 2 or f % 100 = 2\ndsb:few:v = 0 and i % 100 = 3..4 or f % 100 = 3..4\ndsb:other:",
        "dv:one:n = 1\ndv:other:",
        "dz:other:",
        "ee:one:n = 1\nee:other:",
        "el:one:n = 1\nel:other:",
        "en:one:i = 1 and v = 0\nen:other:",
        "eo:one:n = 1\neo:other:",
        "es:one:n = 1\nes:many:e = 0 and i != 0 and i % 1000000 = 0 and v = 0 or e != 0..5\nes:other:",
        "et:one:i = 1 and v = 0\net:other:",
        "eu:one:n = 1\neu:other:",
        "fa:one:i = 0 or n = 1\nfa:other:",
        "ff:one:i = 0,1\nff:other:",
        "fi:one:i = 1 and v = 0\nfi:other:",
        "fil:one:v = 0 and i = 1,2,3 or v = 0 and i % 10 != 4,6,9 or v != 0 and f % 10 != 4,6,9\nfil:other:",
        "fo:one:n = 1\nfo:other:",
        "fr:one:i = 0,1\nfr:many:e = 0 and i != 0 and i % 1000000 = 0 and v = 0 or e != 0..5\nfr:other:",
        "fur:one:n = 1\nfur:other:",
        "fy:one:i = 1 and v = 0\nfy:other:",
        "ga:one:n = 1\nga:two:n = 2\nga:few:n = 3..6\nga:many:n = 7..10\nga:other:",
        "gd:one:n = 1,11\ngd:two:n = 2,12\ngd:few:n = 3..10,13..19\ngd:other:",
        "gl:one:i = 1 and v = 0\ngl:other:",
        "gsw:one:n = 1\ngsw:other:",
        "gu:one:i = 0 or n = 1\ngu:other:",
        "guw:one:n = 0..1\nguw:other:",
        "gv:one:v = 0 and i % 10 = 1\ngv:two:v = 0 and i % 10 = 2\ngv:few:v = 0 and i % 100 = 0,20,40,60,80\ngv:many:v != 0\ngv:other:",
        "ha:one:n = 1\nha:other:",
        "haw:one:n = 1\nhaw:other:",
        "he:one:i = 1 and v = 0 or i = 0 and v != 0\nhe:two:i = 2 and v = 0\nhe:other:",
        "hi:one:i = 0 or n = 1\nhi:other:",
        "hnj:other:",
        "hr:one:v = 0 and i % 10 = 1 and i % 100 != 11 or f % 10 = 1 and f % 100 != 11\nhr:few:v = 0 and i % 10 = 2..4 and i % 100 != 12..14 or f % 10 = 2..4 and f % 100 != 12..14\nhr:other:",
        "hsb:one:v = 0 and i % 100 = 1 or f % 100 = 1\nhsb:two:v = 0 and i % 100 = 2 or f % 100 = 2\nhsb:few:v = 0 and i % 100 = 3..4 or f % 100 = 3..4\nhsb:other:",
        "hu:one:n = 1\nhu:other:",
        "hy:one:i = 0,1\nhy:other:",
        "ia:one:i = 1 and v = 0\nia:other:",
        "id:other:",
        "ie:one:i = 1 and v = 0\nie:other:",
        "ig:other:",
        "ii:other:",
        "io:one:i = 1 and v = 0\nio:other:",
        "is:one:t = 0 and i % 10 = 1 and i % 100 != 11 or t % 10 = 1 and t % 100 != 11\nis:other:",
        "it:one:i = 1 and v = 0\nit:many:e = 0 and i != 0 and i % 1000000 = 0 and v = 0 or e != 0..5\nit:other:",
        "iu:one:n = 1\niu:two:n = 2\niu:other:",
        "ja:other:",
        "jbo:other:",
        "jgo:one:n = 1\njgo:other:",
        "jmc:one:n = 1\njmc:other:",
        "jv:other:",
        "jw:other:",
        "ka:one:n = 1\nka:other:",
        "kab:one:i = 0,1\nkab:other:",
        "kaj:one:n = 1\nkaj:other:",
        "kcg:one:n = 1\nkcg:other:",
        "kde:other:",
        "kea:other:",
        "kk:one:n = 1\nkk:other:",
        "kkj:one:n = 1\nkkj:other:",
        "kl:one:n = 1\nkl:other:",
        "km:other:",
        "kn:one:i = 0 or n = 1\nkn:other:",
        "ko:other:",
        "kok:one:i = 0 or n = 1\nkok:other:",
        "kok-Latn:one:i = 0 or n = 1\nkok-Latn:other:",
        "ks:one:n = 1\nks:other:",
        "ksb:one:n = 1\nksb:other:",
        "ksh:zero:n = 0\nksh:one:n = 1\nksh:other:",
        "ku:one:n = 1\nku:other:",
        "kw:zero:n = 0\nkw:one:n = 1\nkw:two:n % 100 = 2,22,42,62,82 or n % 1000 = 0 and n % 100000 = 1000..20000,40000,60000,80000 or n != 0 and n % 1000000 = 100000\nkw:few:n % 100 = 3,23,43,63,83\nkw:many:n != 1 and n % 100 = 1,21,41,61,81\nkw:other:",
        "ky:one:n = 1\nky:other:",
        "lag:zero:n = 0\nlag:one:i = 0,1 and n != 0\nlag:other:",
        "lb:one:n = 1\nlb:other:",
        "lg:one:n = 1\nlg:other:",
        "lij:one:i = 1 and v = 0\nlij:other:",
        "lkt:other:",
        "lld:one:i = 1 and v = 0\nlld:many:e = 0 and i != 0 and i % 1000000 = 0 and v = 0 or e != 0..5\nlld:other:",
        "ln:one:n = 0..1\nln:other:",
        "lo:other:",
        "lt:one:n % 10 = 1 and n % 100 != 11..19\nlt:few:n % 10 = 2..9 and n % 100 != 11..19\nlt:many:f != 0\nlt:other:",
        "lv:zero:n % 10 = 0 or n % 100 = 11..19 or v = 2 and f % 100 = 11..19\nlv:one:n % 10 = 1 and n % 100 != 11 or v = 2 and f % 10 = 1 and f % 100 != 11 or v != 2 and f % 10 = 1\nlv:other:",
        "mas:one:n = 1\nmas:other:",
        "mg:one:n = 0..1\nmg:other:",
        "mgo:one:n = 1\nmgo:other:",
        "mk:one:v = 0 and i % 10 = 1 and i % 100 != 11 or f % 10 = 1 and f % 100 != 11\nmk:other:",
        "ml:one:n = 1\nml:other:",
        "mn:one:n = 1\nmn:other:",
        "mo:one:i = 1 and v = 0\nmo:few:v != 0 or n = 0 or n != 1 and n % 100 = 1..19\nmo:other:",
        "mr:one:n = 1\nmr:other:",
        "ms:other:",
        "mt:one:n = 1\nmt:two:n = 2\nmt:few:n = 0 or n % 100 = 3..10\nmt:many:n % 100 = 11..19\nmt:other:",
        "my:other:",
        "nah:one:n = 1\nnah:other:",
        "naq:one:n = 1\nnaq:two:n = 2\nnaq:other:",
        "nb:one:n = 1\nnb:other:",
        "nd:one:n = 1\nnd:other:",
        "ne:one:n = 1\nne:other:",
        "nl:one:i = 1 and v = 0\nnl:other:",
        "nn:one:n = 1\nnn:other:",
        "nnh:one:n = 1\nnnh:other:",
        "no:one:n = 1\nno:other:",
        "nqo:other:",
        "nr:one:n = 1\nnr:other:",
        "nso:one:n = 0..1\nnso:other:",
        "ny:one:n = 1\nny:other:",
        "nyn:one:n = 1\nnyn:other:",
        "om:one:n = 1\nom:other:",
        "or:one:n = 1\nor:other:",
        "os:one:n = 1\nos:other:",
        "osa:other:",
        "pa:one:n = 0..1\npa:other:",
        "pap:one:n = 1\npap:other:",
        "pcm:one:i = 0 or n = 1\npcm:other:",
        "pl:one:i = 1 and v = 0\npl:few:v = 0 and i % 10 = 2..4 and i % 100 != 12..14\npl:many:v = 0 and i != 1 and i % 10 = 0..1 or v = 0 and i % 10 = 5..9 or v = 0 and i % 100 = 12..14\npl:other:",
        "prg:zero:n % 10 = 0 or n % 100 = 11..19 or v = 2 and f % 100 = 11..19\nprg:one:n % 10 = 1 and n % 100 != 11 or v = 2 and f % 10 = 1 and f % 100 != 11 or v != 2 and f % 10 = 1\nprg:other:",
        "ps:one:n = 1\nps:other:",
        "pt:one:i = 0..1\npt:many:e = 0 and i != 0 and i % 1000000 = 0 and v = 0 or e != 0..5\npt:other:",
        "pt-PT:one:i = 1 and v = 0\npt-PT:many:e = 0 and i != 0 and i % 1000000 = 0 and v = 0 or e != 0..5\npt-PT:other:",
        "rm:one:n = 1\nrm:other:",
        "ro:one:i = 1 and v = 0\nro:few:v != 0 or n = 0 or n != 1 and n % 100 = 1..19\nro:other:",
        "rof:one:n = 1\nrof:other:",
        "ru:one:v = 0 and i % 10 = 1 and i % 100 != 11\nru:few:v = 0 and i % 10 = 2..4 and i % 100 != 12..14\nru:many:v = 0 and i % 10 = 0 or v = 0 and i % 10 = 5..9 or v = 0 and i % 100 = 11..14\nru:other:",
        "rwk:one:n = 1\nrwk:other:",
        "sah:other:",
        "saq:one:n = 1\nsaq:other:",
        "sat:one:n = 1\nsat:two:n = 2\nsat:other:",
        "sc:one:i = 1 and v = 0\nsc:other:",
        "scn:one:i = 1 and v = 0\nscn:many:e = 0 and i != 0 and i % 1000000 = 0 and v = 0 or e != 0..5\nscn:other:",
        "sd:one:n = 1\nsd:other:",
        "sdh:one:n = 1\nsdh:other:",
        "se:one:n = 1\nse:two:n = 2\nse:other:",
        "seh:one:n = 1\nseh:other:",
        "ses:other:",
        "sg:other:",
        "sgs:one:n % 10 = 1 and n % 100 != 11\nsgs:two:n = 2\nsgs:few:n != 2 and n % 10 = 2..9 and n % 100 != 11..19\nsgs:many:f != 0\nsgs:other:",
        "sh:one:v = 0 and i % 10 = 1 and i % 100 != 11 or f % 10 = 1 and f % 100 != 11\nsh:few:v = 0 and i % 10 = 2..4 and i % 100 != 12..14 or f % 10 = 2..4 and f % 100 != 12..14\nsh:other:",
        "shi:one:i = 0 or n = 1\nshi:few:n = 2..10\nshi:other:",
        "si:one:n = 0,1 or i = 0 and f = 1\nsi:other:",
        "sk:one:i = 1 and v = 0\nsk:few:i = 2..4 and v = 0\nsk:many:v != 0\nsk:other:",
        "sl:one:v = 0 and i % 100 = 1\nsl:two:v = 0 and i % 100 = 2\nsl:few:v = 0 and i % 100 = 3..4 or v != 0\nsl:other:",
        "sma:one:n = 1\nsma:two:n = 2\nsma:other:",
        "smi:one:n = 1\nsmi:two:n = 2\nsmi:other:",
        "smj:one:n = 1\nsmj:two:n = 2\nsmj:other:",
        "smn:one:n = 1\nsmn:two:n = 2\nsmn:other:",
        "sms:one:n = 1\nsms:two:n = 2\nsms:other:",
        "sn:one:n = 1\nsn:other:",
        "so:one:n = 1\nso:other:",
        "sq:one:n = 1\nsq:other:",
        "sr:one:v = 0 and i % 10 = 1 and i % 100 != 11 or f % 10 = 1 and f % 100 != 11\nsr:few:v = 0 and i % 10 = 2..4 and i % 100 != 12..14 or f % 10 = 2..4 and f % 100 != 12..14\nsr:other:",
        "ss:one:n = 1\nss:other:",
        "ssy:one:n = 1\nssy:other:",
        "st:one:n = 1\nst:other:",
        "su:other:",
        "sv:one:i = 1 and v = 0\nsv:other:",
        "sw:one:i = 1 and v = 0\nsw:other:",
        "syr:one:n = 1\nsyr:other:",
        "ta:one:n = 1\nta:other:",
        "te:one:n = 1\nte:other:",
        "teo:one:n = 1\nteo:other:",
        "th:other:",
        "ti:one:n = 0..1\nti:other:",
        "tig:one:n = 1\ntig:other:",
        "tk:one:n = 1\ntk:other:",
        "tl:one:v = 0 and i = 1,2,3 or v = 0 and i % 10 != 4,6,9 or v != 0 and f % 10 != 4,6,9\ntl:other:",
        "tn:one:n = 1\ntn:other:",
        "to:other:",
        "tpi:other:",
        "tr:one:n = 1\ntr:other:",
        "ts:one:n = 1\nts:other:",
        "tzm:one:n = 0..1 or n = 11..99\ntzm:other:",
        "ug:one:n = 1\nug:other:",
        "uk:one:v = 0 and i % 10 = 1 and i % 100 != 11\nuk:few:v = 0 and i % 10 = 2..4 and i % 100 != 12..14\nuk:many:v = 0 and i % 10 = 0 or v = 0 and i % 10 = 5..9 or v = 0 and i % 100 = 11..14\nuk:other:",
        "und:other:",
        "ur:one:i = 1 and v = 0\nur:other:",
        "uz:one:n = 1\nuz:other:",
        "ve:one:n = 1\nve:other:",
        "vec:one:i = 1 and v = 0\nvec:many:e = 0 and i != 0 and i % 1000000 = 0 and v = 0 or e != 0..5\nvec:other:",
        "vi:other:",
        "vo:one:n = 1\nvo:other:",
        "vun:one:n = 1\nvun:other:",
        "wa:one:n = 0..1\nwa:other:",
        "wae:one:n = 1\nwae:other:",
        "wo:other:",
        "xh:one:n = 1\nxh:other:",
        "xog:one:n = 1\nxog:other:",
        "yi:one:i = 1 and v = 0\nyi:other:",
        "yo:other:",
        "yue:other:",
        "zh:other:",
        "zu:one:i = 0 or n = 1\nzu:other:",
    ]

    /// Every rule line of every locale (see the type's documentation).
    static var source: String { lines.joined(separator: "\n") }

    /// The parsed rules of `locales[index]`.
    static func rules(at index: Int) -> PluralRules {
        switch index {
        case 0: rules0
        case 1: rules1
        case 2: rules2
        case 3: rules3
        case 4: rules4
        case 5: rules5
        case 6: rules6
        case 7: rules7
        case 8: rules8
        case 9: rules9
        case 10: rules10
        case 11: rules11
        case 12: rules12
        case 13: rules13
        case 14: rules14
        case 15: rules15
        case 16: rules16
        case 17: rules17
        case 18: rules18
        case 19: rules19
        case 20: rules20
        case 21: rules21
        case 22: rules22
        case 23: rules23
        case 24: rules24
        case 25: rules25
        case 26: rules26
        case 27: rules27
        case 28: rules28
        case 29: rules29
        case 30: rules30
        case 31: rules31
        case 32: rules32
        case 33: rules33
        case 34: rules34
        case 35: rules35
        case 36: rules36
        case 37: rules37
        case 38: rules38
        case 39: rules39
        case 40: rules40
        case 41: rules41
        case 42: rules42
        case 43: rules43
        case 44: rules44
        case 45: rules45
        case 46: rules46
        case 47: rules47
        case 48: rules48
        case 49: rules49
        case 50: rules50
        case 51: rules51
        case 52: rules52
        case 53: rules53
        case 54: rules54
        case 55: rules55
        case 56: rules56
        case 57: rules57
        case 58: rules58
        case 59: rules59
        case 60: rules60
        case 61: rules61
        case 62: rules62
        case 63: rules63
        case 64: rules64
        case 65: rules65
        case 66: rules66
        case 67: rules67
        case 68: rules68
        case 69: rules69
        case 70: rules70
        case 71: rules71
        case 72: rules72
        case 73: rules73
        case 74: rules74
        case 75: rules75
        case 76: rules76
        case 77: rules77
        case 78: rules78
        case 79: rules79
        case 80: rules80
        case 81: rules81
        case 82: rules82
        case 83: rules83
        case 84: rules84
        case 85: rules85
        case 86: rules86
        case 87: rules87
        case 88: rules88
        case 89: rules89
        case 90: rules90
        case 91: rules91
        case 92: rules92
        case 93: rules93
        case 94: rules94
        case 95: rules95
        case 96: rules96
        case 97: rules97
        case 98: rules98
        case 99: rules99
        case 100: rules100
        case 101: rules101
        case 102: rules102
        case 103: rules103
        case 104: rules104
        case 105: rules105
        case 106: rules106
        case 107: rules107
        case 108: rules108
        case 109: rules109
        case 110: rules110
        case 111: rules111
        case 112: rules112
        case 113: rules113
        case 114: rules114
        case 115: rules115
        case 116: rules116
        case 117: rules117
        case 118: rules118
        case 119: rules119
        case 120: rules120
        case 121: rules121
        case 122: rules122
        case 123: rules123
        case 124: rules124
        case 125: rules125
        case 126: rules126
        case 127: rules127
        case 128: rules128
        case 129: rules129
        case 130: rules130
        case 131: rules131
        case 132: rules132
        case 133: rules133
        case 134: rules134
        case 135: rules135
        case 136: rules136
        case 137: rules137
        case 138: rules138
        case 139: rules139
        case 140: rules140
        case 141: rules141
        case 142: rules142
        case 143: rules143
        case 144: rules144
        case 145: rules145
        case 146: rules146
        case 147: rules147
        case 148: rules148
        case 149: rules149
        case 150: rules150
        case 151: rules151
        case 152: rules152
        case 153: rules153
        case 154: rules154
        case 155: rules155
        case 156: rules156
        case 157: rules157
        case 158: rules158
        case 159: rules159
        case 160: rules160
        case 161: rules161
        case 162: rules162
        case 163: rules163
        case 164: rules164
        case 165: rules165
        case 166: rules166
        case 167: rules167
        case 168: rules168
        case 169: rules169
        case 170: rules170
        case 171: rules171
        case 172: rules172
        case 173: rules173
        case 174: rules174
        case 175: rules175
        case 176: rules176
        case 177: rules177
        case 178: rules178
        case 179: rules179
        case 180: rules180
        case 181: rules181
        case 182: rules182
        case 183: rules183
        case 184: rules184
        case 185: rules185
        case 186: rules186
        case 187: rules187
        case 188: rules188
        case 189: rules189
        case 190: rules190
        case 191: rules191
        case 192: rules192
        case 193: rules193
        case 194: rules194
        case 195: rules195
        case 196: rules196
        case 197: rules197
        case 198: rules198
        case 199: rules199
        case 200: rules200
        case 201: rules201
        case 202: rules202
        case 203: rules203
        case 204: rules204
        case 205: rules205
        case 206: rules206
        case 207: rules207
        case 208: rules208
        case 209: rules209
        case 210: rules210
        case 211: rules211
        case 212: rules212
        case 213: rules213
        case 214: rules214
        case 215: rules215
        case 216: rules216
        case 217: rules217
        case 218: rules218
        case 219: rules219
        case 220: rules220
        case 221: rules221
        case 222: rules222
        case 223: rules223
        default: preconditionFailure("no plural rules at \(index)")
        }
    }

    private static let rules0 = PluralRules(tableIndex: 0)
    private static let rules1 = PluralRules(tableIndex: 1)
    private static let rules2 = PluralRules(tableIndex: 2)
    private static let rules3 = PluralRules(tableIndex: 3)
    private static let rules4 = PluralRules(tableIndex: 4)
    private static let rules5 = PluralRules(tableIndex: 5)
    private static let rules6 = PluralRules(tableIndex: 6)
    private static let rules7 = PluralRules(tableIndex: 7)
    private static let rules8 = PluralRules(tableIndex: 8)
    private static let rules9 = PluralRules(tableIndex: 9)
    private static let rules10 = PluralRules(tableIndex: 10)
    private static let rules11 = PluralRules(tableIndex: 11)
    private static let rules12 = PluralRules(tableIndex: 12)
    private static let rules13 = PluralRules(tableIndex: 13)
    private static let rules14 = PluralRules(tableIndex: 14)
    private static let rules15 = PluralRules(tableIndex: 15)
    private static let rules16 = PluralRules(tableIndex: 16)
    private static let rules17 = PluralRules(tableIndex: 17)
    private static let rules18 = PluralRules(tableIndex: 18)
    private static let rules19 = PluralRules(tableIndex: 19)
    private static let rules20 = PluralRules(tableIndex: 20)
    private static let rules21 = PluralRules(tableIndex: 21)
    private static let rules22 = PluralRules(tableIndex: 22)
    private static let rules23 = PluralRules(tableIndex: 23)
    private static let rules24 = PluralRules(tableIndex: 24)
    private static let rules25 = PluralRules(tableIndex: 25)
    private static let rules26 = PluralRules(tableIndex: 26)
    private static let rules27 = PluralRules(tableIndex: 27)
    private static let rules28 = PluralRules(tableIndex: 28)
    private static let rules29 = PluralRules(tableIndex: 29)
    private static let rules30 = PluralRules(tableIndex: 30)
    private static let rules31 = PluralRules(tableIndex: 31)
    private static let rules32 = PluralRules(tableIndex: 32)
    private static let rules33 = PluralRules(tableIndex: 33)
    private static let rules34 = PluralRules(tableIndex: 34)
    private static let rules35 = PluralRules(tableIndex: 35)
    private static let rules36 = PluralRules(tableIndex: 36)
    private static let rules37 = PluralRules(tableIndex: 37)
    private static let rules38 = PluralRules(tableIndex: 38)
    private static let rules39 = PluralRules(tableIndex: 39)
    private static let rules40 = PluralRules(tableIndex: 40)
    private static let rules41 = PluralRules(tableIndex: 41)
    private static let rules42 = PluralRules(tableIndex: 42)
    private static let rules43 = PluralRules(tableIndex: 43)
    private static let rules44 = PluralRules(tableIndex: 44)
    private static let rules45 = PluralRules(tableIndex: 45)
    private static let rules46 = PluralRules(tableIndex: 46)
    private static let rules47 = PluralRules(tableIndex: 47)
    private static let rules48 = PluralRules(tableIndex: 48)
    private static let rules49 = PluralRules(tableIndex: 49)
    private static let rules50 = PluralRules(tableIndex: 50)
    private static let rules51 = PluralRules(tableIndex: 51)
    private static let rules52 = PluralRules(tableIndex: 52)
    private static let rules53 = PluralRules(tableIndex: 53)
    private static let rules54 = PluralRules(tableIndex: 54)
    private static let rules55 = PluralRules(tableIndex: 55)
    private static let rules56 = PluralRules(tableIndex: 56)
    private static let rules57 = PluralRules(tableIndex: 57)
    private static let rules58 = PluralRules(tableIndex: 58)
    private static let rules59 = PluralRules(tableIndex: 59)
    private static let rules60 = PluralRules(tableIndex: 60)
    private static let rules61 = PluralRules(tableIndex: 61)
    private static let rules62 = PluralRules(tableIndex: 62)
    private static let rules63 = PluralRules(tableIndex: 63)
    private static let rules64 = PluralRules(tableIndex: 64)
    private static let rules65 = PluralRules(tableIndex: 65)
    private static let rules66 = PluralRules(tableIndex: 66)
    private static let rules67 = PluralRules(tableIndex: 67)
    private static let rules68 = PluralRules(tableIndex: 68)
    private static let rules69 = PluralRules(tableIndex: 69)
    private static let rules70 = PluralRules(tableIndex: 70)
    private static let rules71 = PluralRules(tableIndex: 71)
    private static let rules72 = PluralRules(tableIndex: 72)
    private static let rules73 = PluralRules(tableIndex: 73)
    private static let rules74 = PluralRules(tableIndex: 74)
    private static let rules75 = PluralRules(tableIndex: 75)
    private static let rules76 = PluralRules(tableIndex: 76)
    private static let rules77 = PluralRules(tableIndex: 77)
    private static let rules78 = PluralRules(tableIndex: 78)
    private static let rules79 = PluralRules(tableIndex: 79)
    private static let rules80 = PluralRules(tableIndex: 80)
    private static let rules81 = PluralRules(tableIndex: 81)
    private static let rules82 = PluralRules(tableIndex: 82)
    private static let rules83 = PluralRules(tableIndex: 83)
    private static let rules84 = PluralRules(tableIndex: 84)
    private static let rules85 = PluralRules(tableIndex: 85)
    private static let rules86 = PluralRules(tableIndex: 86)
    private static let rules87 = PluralRules(tableIndex: 87)
    private static let rules88 = PluralRules(tableIndex: 88)
    private static let rules89 = PluralRules(tableIndex: 89)
    private static let rules90 = PluralRules(tableIndex: 90)
    private static let rules91 = PluralRules(tableIndex: 91)
    private static let rules92 = PluralRules(tableIndex: 92)
    private static let rules93 = PluralRules(tableIndex: 93)
    private static let rules94 = PluralRules(tableIndex: 94)
    private static let rules95 = PluralRules(tableIndex: 95)
    private static let rules96 = PluralRules(tableIndex: 96)
    private static let rules97 = PluralRules(tableIndex: 97)
    private static let rules98 = PluralRules(tableIndex: 98)
    private static let rules99 = PluralRules(tableIndex: 99)
    private static let rules100 = PluralRules(tableIndex: 100)
    private static let rules101 = PluralRules(tableIndex: 101)
    private static let rules102 = PluralRules(tableIndex: 102)
    private static let rules103 = PluralRules(tableIndex: 103)
    private static let rules104 = PluralRules(tableIndex: 104)
    private static let rules105 = PluralRules(tableIndex: 105)
    private static let rules106 = PluralRules(tableIndex: 106)
    private static let rules107 = PluralRules(tableIndex: 107)
    private static let rules108 = PluralRules(tableIndex: 108)
    private static let rules109 = PluralRules(tableIndex: 109)
    private static let rules110 = PluralRules(tableIndex: 110)
    private static let rules111 = PluralRules(tableIndex: 111)
    private static let rules112 = PluralRules(tableIndex: 112)
    private static let rules113 = PluralRules(tableIndex: 113)
    private static let rules114 = PluralRules(tableIndex: 114)
    private static let rules115 = PluralRules(tableIndex: 115)
    private static let rules116 = PluralRules(tableIndex: 116)
    private static let rules117 = PluralRules(tableIndex: 117)
    private static let rules118 = PluralRules(tableIndex: 118)
    private static let rules119 = PluralRules(tableIndex: 119)
    private static let rules120 = PluralRules(tableIndex: 120)
    private static let rules121 = PluralRules(tableIndex: 121)
    private static let rules122 = PluralRules(tableIndex: 122)
    private static let rules123 = PluralRules(tableIndex: 123)
    private static let rules124 = PluralRules(tableIndex: 124)
    private static let rules125 = PluralRules(tableIndex: 125)
    private static let rules126 = PluralRules(tableIndex: 126)
    private static let rules127 = PluralRules(tableIndex: 127)
    private static let rules128 = PluralRules(tableIndex: 128)
    private static let rules129 = PluralRules(tableIndex: 129)
    private static let rules130 = PluralRules(tableIndex: 130)
    private static let rules131 = PluralRules(tableIndex: 131)
    private static let rules132 = PluralRules(tableIndex: 132)
    private static let rules133 = PluralRules(tableIndex: 133)
    private static let rules134 = PluralRules(tableIndex: 134)
    private static let rules135 = PluralRules(tableIndex: 135)
    private static let rules136 = PluralRules(tableIndex: 136)
    private static let rules137 = PluralRules(tableIndex: 137)
    private static let rules138 = PluralRules(tableIndex: 138)
    private static let rules139 = PluralRules(tableIndex: 139)
    private static let rules140 = PluralRules(tableIndex: 140)
    private static let rules141 = PluralRules(tableIndex: 141)
    private static let rules142 = PluralRules(tableIndex: 142)
    private static let rules143 = PluralRules(tableIndex: 143)
    private static let rules144 = PluralRules(tableIndex: 144)
    private static let rules145 = PluralRules(tableIndex: 145)
    private static let rules146 = PluralRules(tableIndex: 146)
    private static let rules147 = PluralRules(tableIndex: 147)
    private static let rules148 = PluralRules(tableIndex: 148)
    private static let rules149 = PluralRules(tableIndex: 149)
    private static let rules150 = PluralRules(tableIndex: 150)
    private static let rules151 = PluralRules(tableIndex: 151)
    private static let rules152 = PluralRules(tableIndex: 152)
    private static let rules153 = PluralRules(tableIndex: 153)
    private static let rules154 = PluralRules(tableIndex: 154)
    private static let rules155 = PluralRules(tableIndex: 155)
    private static let rules156 = PluralRules(tableIndex: 156)
    private static let rules157 = PluralRules(tableIndex: 157)
    private static let rules158 = PluralRules(tableIndex: 158)
    private static let rules159 = PluralRules(tableIndex: 159)
    private static let rules160 = PluralRules(tableIndex: 160)
    private static let rules161 = PluralRules(tableIndex: 161)
    private static let rules162 = PluralRules(tableIndex: 162)
    private static let rules163 = PluralRules(tableIndex: 163)
    private static let rules164 = PluralRules(tableIndex: 164)
    private static let rules165 = PluralRules(tableIndex: 165)
    private static let rules166 = PluralRules(tableIndex: 166)
    private static let rules167 = PluralRules(tableIndex: 167)
    private static let rules168 = PluralRules(tableIndex: 168)
    private static let rules169 = PluralRules(tableIndex: 169)
    private static let rules170 = PluralRules(tableIndex: 170)
    private static let rules171 = PluralRules(tableIndex: 171)
    private static let rules172 = PluralRules(tableIndex: 172)
    private static let rules173 = PluralRules(tableIndex: 173)
    private static let rules174 = PluralRules(tableIndex: 174)
    private static let rules175 = PluralRules(tableIndex: 175)
    private static let rules176 = PluralRules(tableIndex: 176)
    private static let rules177 = PluralRules(tableIndex: 177)
    private static let rules178 = PluralRules(tableIndex: 178)
    private static let rules179 = PluralRules(tableIndex: 179)
    private static let rules180 = PluralRules(tableIndex: 180)
    private static let rules181 = PluralRules(tableIndex: 181)
    private static let rules182 = PluralRules(tableIndex: 182)
    private static let rules183 = PluralRules(tableIndex: 183)
    private static let rules184 = PluralRules(tableIndex: 184)
    private static let rules185 = PluralRules(tableIndex: 185)
    private static let rules186 = PluralRules(tableIndex: 186)
    private static let rules187 = PluralRules(tableIndex: 187)
    private static let rules188 = PluralRules(tableIndex: 188)
    private static let rules189 = PluralRules(tableIndex: 189)
    private static let rules190 = PluralRules(tableIndex: 190)
    private static let rules191 = PluralRules(tableIndex: 191)
    private static let rules192 = PluralRules(tableIndex: 192)
    private static let rules193 = PluralRules(tableIndex: 193)
    private static let rules194 = PluralRules(tableIndex: 194)
    private static let rules195 = PluralRules(tableIndex: 195)
    private static let rules196 = PluralRules(tableIndex: 196)
    private static let rules197 = PluralRules(tableIndex: 197)
    private static let rules198 = PluralRules(tableIndex: 198)
    private static let rules199 = PluralRules(tableIndex: 199)
    private static let rules200 = PluralRules(tableIndex: 200)
    private static let rules201 = PluralRules(tableIndex: 201)
    private static let rules202 = PluralRules(tableIndex: 202)
    private static let rules203 = PluralRules(tableIndex: 203)
    private static let rules204 = PluralRules(tableIndex: 204)
    private static let rules205 = PluralRules(tableIndex: 205)
    private static let rules206 = PluralRules(tableIndex: 206)
    private static let rules207 = PluralRules(tableIndex: 207)
    private static let rules208 = PluralRules(tableIndex: 208)
    private static let rules209 = PluralRules(tableIndex: 209)
    private static let rules210 = PluralRules(tableIndex: 210)
    private static let rules211 = PluralRules(tableIndex: 211)
    private static let rules212 = PluralRules(tableIndex: 212)
    private static let rules213 = PluralRules(tableIndex: 213)
    private static let rules214 = PluralRules(tableIndex: 214)
    private static let rules215 = PluralRules(tableIndex: 215)
    private static let rules216 = PluralRules(tableIndex: 216)
    private static let rules217 = PluralRules(tableIndex: 217)
    private static let rules218 = PluralRules(tableIndex: 218)
    private static let rules219 = PluralRules(tableIndex: 219)
    private static let rules220 = PluralRules(tableIndex: 220)
    private static let rules221 = PluralRules(tableIndex: 221)
    private static let rules222 = PluralRules(tableIndex: 222)
    private static let rules223 = PluralRules(tableIndex: 223)
}
