/// The nouns English inflection knows by name: the irregular plurals, the words whose
/// plural no rule gives safely (`-f`/`-fe`, `-o`, `-is`, vowel + `z`, `-ch` said /k/), and
/// the nouns that do not change. Lower case; docs/speech.md prints the table.
extension EnglishInflection {
    /// Singular → plural.
    static let irregularPlurals: [String: String] = [
        // Changed vowels and old endings.
        "person": "people", "child": "children", "man": "men", "woman": "women", "foot": "feet",
        "tooth": "teeth", "mouse": "mice", "goose": "geese", "ox": "oxen", "louse": "lice", "die": "dice",
        // Greek and Latin.
        "analysis": "analyses", "axis": "axes", "basis": "bases", "crisis": "crises", "diagnosis": "diagnoses",
        "thesis": "theses", "parenthesis": "parentheses", "criterion": "criteria", "phenomenon": "phenomena",
        // -f / -fe that become -ves.
        "leaf": "leaves", "loaf": "loaves", "knife": "knives", "life": "lives", "wife": "wives", "wolf": "wolves",
        "half": "halves", "shelf": "shelves", "calf": "calves", "thief": "thieves", "self": "selves", "elf": "elves",
        "scarf": "scarves",
        // -f / -fe that take -s.
        "roof": "roofs", "chef": "chefs", "belief": "beliefs", "proof": "proofs", "chief": "chiefs", "cliff": "cliffs",
        "safe": "safes", "giraffe": "giraffes", "cafe": "cafes", "file": "files", "profile": "profiles",
        // -o that take -es.
        "potato": "potatoes", "tomato": "tomatoes", "hero": "heroes", "echo": "echoes", "veto": "vetoes",
        "torpedo": "torpedoes", "volcano": "volcanoes",
        // -o that take -s.
        "photo": "photos", "video": "videos", "audio": "audios", "radio": "radios", "piano": "pianos", "zero": "zeros",
        "logo": "logos", "memo": "memos", "auto": "autos", "studio": "studios", "portfolio": "portfolios",
        "scenario": "scenarios", "ratio": "ratios", "demo": "demos", "repo": "repos", "promo": "promos",
        "kilo": "kilos", "zoo": "zoos", "kangaroo": "kangaroos", "tattoo": "tattoos", "emoji": "emojis",
        "taxi": "taxis", "menu": "menus",
        // Vowel + z.
        "quiz": "quizzes", "fez": "fezzes",
        // -ch said /k/.
        "stomach": "stomachs", "epoch": "epochs", "monarch": "monarchs", "patriarch": "patriarchs",
        "tech": "techs",
        // Singular ending in -s that takes -es (no -ss/-us rule covers them).
        "gas": "gases", "atlas": "atlases", "canvas": "canvases", "alias": "aliases", "bias": "biases",
        "lens": "lenses", "iris": "irises",
    ]

    /// Nouns with one form for both numbers.
    static let uncountable: Set<String> = [
        "sheep", "fish", "deer", "series", "species", "moose", "aircraft", "offspring", "information",
        "equipment", "software", "hardware", "news", "feedback", "advice", "furniture", "luggage", "music",
    ]

    /// Plural → singular, the table read backwards.
    static let irregularSingulars: [String: String] = Dictionary(
        irregularPlurals.map { ($0.value, $0.key) }, uniquingKeysWith: { first, _ in first })
}
