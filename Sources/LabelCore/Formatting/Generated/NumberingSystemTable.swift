// GENERATED FILE: do not edit. Regenerate with scripts/generate-number-symbols.sh.
// Source: CLDR's numeric numbering systems (cldr-json cldr-core/supplemental/
// numberingSystems.json), each as this toolchain's ICU writes 0…9 (Foundation's
// IntegerFormatStyle with `en@numbers=ID`); systems ICU does not write are left out.
// CLDR data: Copyright © Unicode, Inc., Unicode License V3 (scripts/LICENSE-Unicode-V3.txt).

/// Numeric numbering systems other than `latn`, one `id>ten digits` a line,
/// sorted by byte: ``LocaleTable`` binary-searches them in place.
enum NumberingSystemTable {
    static let lines = """
        adlm>\u{1E950}\u{1E951}\u{1E952}\u{1E953}\u{1E954}\u{1E955}\u{1E956}\u{1E957}\u{1E958}\u{1E959}
        ahom>\u{11730}\u{11731}\u{11732}\u{11733}\u{11734}\u{11735}\u{11736}\u{11737}\u{11738}\u{11739}
        arab>\u{660}\u{661}\u{662}\u{663}\u{664}\u{665}\u{666}\u{667}\u{668}\u{669}
        arabext>\u{6F0}\u{6F1}\u{6F2}\u{6F3}\u{6F4}\u{6F5}\u{6F6}\u{6F7}\u{6F8}\u{6F9}
        bali>\u{1B50}\u{1B51}\u{1B52}\u{1B53}\u{1B54}\u{1B55}\u{1B56}\u{1B57}\u{1B58}\u{1B59}
        beng>\u{9E6}\u{9E7}\u{9E8}\u{9E9}\u{9EA}\u{9EB}\u{9EC}\u{9ED}\u{9EE}\u{9EF}
        bhks>\u{11C50}\u{11C51}\u{11C52}\u{11C53}\u{11C54}\u{11C55}\u{11C56}\u{11C57}\u{11C58}\u{11C59}
        brah>\u{11066}\u{11067}\u{11068}\u{11069}\u{1106A}\u{1106B}\u{1106C}\u{1106D}\u{1106E}\u{1106F}
        cakm>\u{11136}\u{11137}\u{11138}\u{11139}\u{1113A}\u{1113B}\u{1113C}\u{1113D}\u{1113E}\u{1113F}
        cham>\u{AA50}\u{AA51}\u{AA52}\u{AA53}\u{AA54}\u{AA55}\u{AA56}\u{AA57}\u{AA58}\u{AA59}
        deva>\u{966}\u{967}\u{968}\u{969}\u{96A}\u{96B}\u{96C}\u{96D}\u{96E}\u{96F}
        diak>\u{11950}\u{11951}\u{11952}\u{11953}\u{11954}\u{11955}\u{11956}\u{11957}\u{11958}\u{11959}
        fullwide>\u{FF10}\u{FF11}\u{FF12}\u{FF13}\u{FF14}\u{FF15}\u{FF16}\u{FF17}\u{FF18}\u{FF19}
        gara>\u{10D40}\u{10D41}\u{10D42}\u{10D43}\u{10D44}\u{10D45}\u{10D46}\u{10D47}\u{10D48}\u{10D49}
        gong>\u{11DA0}\u{11DA1}\u{11DA2}\u{11DA3}\u{11DA4}\u{11DA5}\u{11DA6}\u{11DA7}\u{11DA8}\u{11DA9}
        gonm>\u{11D50}\u{11D51}\u{11D52}\u{11D53}\u{11D54}\u{11D55}\u{11D56}\u{11D57}\u{11D58}\u{11D59}
        gujr>\u{AE6}\u{AE7}\u{AE8}\u{AE9}\u{AEA}\u{AEB}\u{AEC}\u{AED}\u{AEE}\u{AEF}
        gukh>\u{16130}\u{16131}\u{16132}\u{16133}\u{16134}\u{16135}\u{16136}\u{16137}\u{16138}\u{16139}
        guru>\u{A66}\u{A67}\u{A68}\u{A69}\u{A6A}\u{A6B}\u{A6C}\u{A6D}\u{A6E}\u{A6F}
        hanidec>\u{3007}\u{4E00}\u{4E8C}\u{4E09}\u{56DB}\u{4E94}\u{516D}\u{4E03}\u{516B}\u{4E5D}
        hmng>\u{16B50}\u{16B51}\u{16B52}\u{16B53}\u{16B54}\u{16B55}\u{16B56}\u{16B57}\u{16B58}\u{16B59}
        hmnp>\u{1E140}\u{1E141}\u{1E142}\u{1E143}\u{1E144}\u{1E145}\u{1E146}\u{1E147}\u{1E148}\u{1E149}
        java>\u{A9D0}\u{A9D1}\u{A9D2}\u{A9D3}\u{A9D4}\u{A9D5}\u{A9D6}\u{A9D7}\u{A9D8}\u{A9D9}
        kali>\u{A900}\u{A901}\u{A902}\u{A903}\u{A904}\u{A905}\u{A906}\u{A907}\u{A908}\u{A909}
        kawi>\u{11F50}\u{11F51}\u{11F52}\u{11F53}\u{11F54}\u{11F55}\u{11F56}\u{11F57}\u{11F58}\u{11F59}
        khmr>\u{17E0}\u{17E1}\u{17E2}\u{17E3}\u{17E4}\u{17E5}\u{17E6}\u{17E7}\u{17E8}\u{17E9}
        knda>\u{CE6}\u{CE7}\u{CE8}\u{CE9}\u{CEA}\u{CEB}\u{CEC}\u{CED}\u{CEE}\u{CEF}
        krai>\u{16D70}\u{16D71}\u{16D72}\u{16D73}\u{16D74}\u{16D75}\u{16D76}\u{16D77}\u{16D78}\u{16D79}
        lana>\u{1A80}\u{1A81}\u{1A82}\u{1A83}\u{1A84}\u{1A85}\u{1A86}\u{1A87}\u{1A88}\u{1A89}
        lanatham>\u{1A90}\u{1A91}\u{1A92}\u{1A93}\u{1A94}\u{1A95}\u{1A96}\u{1A97}\u{1A98}\u{1A99}
        laoo>\u{ED0}\u{ED1}\u{ED2}\u{ED3}\u{ED4}\u{ED5}\u{ED6}\u{ED7}\u{ED8}\u{ED9}
        lepc>\u{1C40}\u{1C41}\u{1C42}\u{1C43}\u{1C44}\u{1C45}\u{1C46}\u{1C47}\u{1C48}\u{1C49}
        limb>\u{1946}\u{1947}\u{1948}\u{1949}\u{194A}\u{194B}\u{194C}\u{194D}\u{194E}\u{194F}
        mathbold>\u{1D7CE}\u{1D7CF}\u{1D7D0}\u{1D7D1}\u{1D7D2}\u{1D7D3}\u{1D7D4}\u{1D7D5}\u{1D7D6}\u{1D7D7}
        mathdbl>\u{1D7D8}\u{1D7D9}\u{1D7DA}\u{1D7DB}\u{1D7DC}\u{1D7DD}\u{1D7DE}\u{1D7DF}\u{1D7E0}\u{1D7E1}
        mathmono>\u{1D7F6}\u{1D7F7}\u{1D7F8}\u{1D7F9}\u{1D7FA}\u{1D7FB}\u{1D7FC}\u{1D7FD}\u{1D7FE}\u{1D7FF}
        mathsanb>\u{1D7EC}\u{1D7ED}\u{1D7EE}\u{1D7EF}\u{1D7F0}\u{1D7F1}\u{1D7F2}\u{1D7F3}\u{1D7F4}\u{1D7F5}
        mathsans>\u{1D7E2}\u{1D7E3}\u{1D7E4}\u{1D7E5}\u{1D7E6}\u{1D7E7}\u{1D7E8}\u{1D7E9}\u{1D7EA}\u{1D7EB}
        mlym>\u{D66}\u{D67}\u{D68}\u{D69}\u{D6A}\u{D6B}\u{D6C}\u{D6D}\u{D6E}\u{D6F}
        modi>\u{11650}\u{11651}\u{11652}\u{11653}\u{11654}\u{11655}\u{11656}\u{11657}\u{11658}\u{11659}
        mong>\u{1810}\u{1811}\u{1812}\u{1813}\u{1814}\u{1815}\u{1816}\u{1817}\u{1818}\u{1819}
        mroo>\u{16A60}\u{16A61}\u{16A62}\u{16A63}\u{16A64}\u{16A65}\u{16A66}\u{16A67}\u{16A68}\u{16A69}
        mtei>\u{ABF0}\u{ABF1}\u{ABF2}\u{ABF3}\u{ABF4}\u{ABF5}\u{ABF6}\u{ABF7}\u{ABF8}\u{ABF9}
        mymr>\u{1040}\u{1041}\u{1042}\u{1043}\u{1044}\u{1045}\u{1046}\u{1047}\u{1048}\u{1049}
        mymrshan>\u{1090}\u{1091}\u{1092}\u{1093}\u{1094}\u{1095}\u{1096}\u{1097}\u{1098}\u{1099}
        mymrtlng>\u{A9F0}\u{A9F1}\u{A9F2}\u{A9F3}\u{A9F4}\u{A9F5}\u{A9F6}\u{A9F7}\u{A9F8}\u{A9F9}
        nagm>\u{1E4F0}\u{1E4F1}\u{1E4F2}\u{1E4F3}\u{1E4F4}\u{1E4F5}\u{1E4F6}\u{1E4F7}\u{1E4F8}\u{1E4F9}
        newa>\u{11450}\u{11451}\u{11452}\u{11453}\u{11454}\u{11455}\u{11456}\u{11457}\u{11458}\u{11459}
        nkoo>\u{7C0}\u{7C1}\u{7C2}\u{7C3}\u{7C4}\u{7C5}\u{7C6}\u{7C7}\u{7C8}\u{7C9}
        olck>\u{1C50}\u{1C51}\u{1C52}\u{1C53}\u{1C54}\u{1C55}\u{1C56}\u{1C57}\u{1C58}\u{1C59}
        onao>\u{1E5F1}\u{1E5F2}\u{1E5F3}\u{1E5F4}\u{1E5F5}\u{1E5F6}\u{1E5F7}\u{1E5F8}\u{1E5F9}\u{1E5FA}
        orya>\u{B66}\u{B67}\u{B68}\u{B69}\u{B6A}\u{B6B}\u{B6C}\u{B6D}\u{B6E}\u{B6F}
        osma>\u{104A0}\u{104A1}\u{104A2}\u{104A3}\u{104A4}\u{104A5}\u{104A6}\u{104A7}\u{104A8}\u{104A9}
        outlined>\u{1CCF0}\u{1CCF1}\u{1CCF2}\u{1CCF3}\u{1CCF4}\u{1CCF5}\u{1CCF6}\u{1CCF7}\u{1CCF8}\u{1CCF9}
        rohg>\u{10D30}\u{10D31}\u{10D32}\u{10D33}\u{10D34}\u{10D35}\u{10D36}\u{10D37}\u{10D38}\u{10D39}
        saur>\u{A8D0}\u{A8D1}\u{A8D2}\u{A8D3}\u{A8D4}\u{A8D5}\u{A8D6}\u{A8D7}\u{A8D8}\u{A8D9}
        segment>\u{1FBF0}\u{1FBF1}\u{1FBF2}\u{1FBF3}\u{1FBF4}\u{1FBF5}\u{1FBF6}\u{1FBF7}\u{1FBF8}\u{1FBF9}
        shrd>\u{111D0}\u{111D1}\u{111D2}\u{111D3}\u{111D4}\u{111D5}\u{111D6}\u{111D7}\u{111D8}\u{111D9}
        sind>\u{112F0}\u{112F1}\u{112F2}\u{112F3}\u{112F4}\u{112F5}\u{112F6}\u{112F7}\u{112F8}\u{112F9}
        sinh>\u{DE6}\u{DE7}\u{DE8}\u{DE9}\u{DEA}\u{DEB}\u{DEC}\u{DED}\u{DEE}\u{DEF}
        sora>\u{110F0}\u{110F1}\u{110F2}\u{110F3}\u{110F4}\u{110F5}\u{110F6}\u{110F7}\u{110F8}\u{110F9}
        sund>\u{1BB0}\u{1BB1}\u{1BB2}\u{1BB3}\u{1BB4}\u{1BB5}\u{1BB6}\u{1BB7}\u{1BB8}\u{1BB9}
        sunu>\u{11BF0}\u{11BF1}\u{11BF2}\u{11BF3}\u{11BF4}\u{11BF5}\u{11BF6}\u{11BF7}\u{11BF8}\u{11BF9}
        takr>\u{116C0}\u{116C1}\u{116C2}\u{116C3}\u{116C4}\u{116C5}\u{116C6}\u{116C7}\u{116C8}\u{116C9}
        talu>\u{19D0}\u{19D1}\u{19D2}\u{19D3}\u{19D4}\u{19D5}\u{19D6}\u{19D7}\u{19D8}\u{19D9}
        tamldec>\u{BE6}\u{BE7}\u{BE8}\u{BE9}\u{BEA}\u{BEB}\u{BEC}\u{BED}\u{BEE}\u{BEF}
        telu>\u{C66}\u{C67}\u{C68}\u{C69}\u{C6A}\u{C6B}\u{C6C}\u{C6D}\u{C6E}\u{C6F}
        thai>\u{E50}\u{E51}\u{E52}\u{E53}\u{E54}\u{E55}\u{E56}\u{E57}\u{E58}\u{E59}
        tibt>\u{F20}\u{F21}\u{F22}\u{F23}\u{F24}\u{F25}\u{F26}\u{F27}\u{F28}\u{F29}
        tirh>\u{114D0}\u{114D1}\u{114D2}\u{114D3}\u{114D4}\u{114D5}\u{114D6}\u{114D7}\u{114D8}\u{114D9}
        tnsa>\u{16AC0}\u{16AC1}\u{16AC2}\u{16AC3}\u{16AC4}\u{16AC5}\u{16AC6}\u{16AC7}\u{16AC8}\u{16AC9}
        vaii>\u{A620}\u{A621}\u{A622}\u{A623}\u{A624}\u{A625}\u{A626}\u{A627}\u{A628}\u{A629}
        wara>\u{118E0}\u{118E1}\u{118E2}\u{118E3}\u{118E4}\u{118E5}\u{118E6}\u{118E7}\u{118E8}\u{118E9}
        wcho>\u{1E2F0}\u{1E2F1}\u{1E2F2}\u{1E2F3}\u{1E2F4}\u{1E2F5}\u{1E2F6}\u{1E2F7}\u{1E2F8}\u{1E2F9}
        """
}
