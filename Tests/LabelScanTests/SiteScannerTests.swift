import Testing
@testable import LabelScan

/// Which calls are sites, with which table, comment and position.
@Suite struct SiteScannerTests {
    @Test func recognisedCalleesWithTablesAndComments() {
        let source = """
            let a = NSLocalizedString("a", tableName: "Settings", bundle: .main, value: "A", comment: "first")
            let b = String(localized: "b", table: "Other", comment: "second")
            let c = LocalizedStringResource("c", table: "Res")
            let d = LocalizedStringKey("d")
            let e = Bundle.main.localizedString(forKey: "e", value: nil, table: "T")
            let f = NSLocalizedString("f", comment: "")
            """
        let sites = scanSites(source)
        #expect(sites.map(\.key) == ["a", "b", "c", "d", "e", "f"])
        #expect(sites.map(\.table) == ["Settings", "Other", "Res", "Localizable", "T", "Localizable"])
        #expect(sites.map(\.comment) == ["first", "second", nil, nil, nil, ""])
        #expect(sites.map(\.callee) == ["NSLocalizedString", "String", "LocalizedStringResource", "LocalizedStringKey",
                                        ".localizedString", "NSLocalizedString"])
    }

    /// A `nil` table is the default table, as Foundation reads it: the key joins the store.
    @Test func aNilTableIsTheDefaultTable() {
        let swift = """
            let a = NSLocalizedString("a", tableName: nil, bundle: .main, value: "", comment: "")
            let b = Bundle.main.localizedString(forKey: "b", value: nil, table: nil)
            let c = String(localized: "c", table: nil)
            """
        #expect(scanSites(swift).map(\.table) == ["Localizable", "Localizable", "Localizable"])
        let objectiveC = """
            NSString *a = NSLocalizedStringFromTable(@"a", nil, @"");
            NSString *b = [[NSBundle mainBundle] localizedStringForKey:@"b" value:nil table:nil];
            NSString *c = NSLocalizedStringFromTableInBundle(@"c", NULL, bundle, @"");
            """
        let sites = scanSites(objectiveC, language: .objectiveC)
        #expect(sites.map(\.key) == ["a", "b", "c"])
        #expect(sites.map(\.table) == ["Localizable", "Localizable", "Localizable"])
    }

    @Test func swiftUIViewsAndModifiersTakeTheirFirstLiteral() {
        let source = """
            VStack {
                Text("title", tableName: "Screen")
                Button("save") { save() }
                Label("inbox", systemImage: "tray")
                Toggle("wifi", isOn: $on)
                TextField("name", text: $name)
                SwiftUI.Text("qualified")
            }
            .accessibilityLabel("label")
            .accessibilityHint("hint")
            .accessibilityInputLabels(["one", "two"])
            .accessibilityAction(named: "action") { }
            .navigationTitle("nav")
            .help("help")
            .alert("alert", isPresented: $shown) { }
            """
        #expect(scanKeys(source) == ["title", "save", "inbox", "wifi", "name", "qualified", "label", "hint", "one", "two",
                                     "action", "nav", "help", "alert"])
        #expect(scanSites(source)[0].table == "Screen")
    }

    @Test func verbatimTextAndStringArgumentsAreNotKeys() {
        #expect(scanKeys(#"Text(verbatim: "v1"); Text(name); Button(action: save) { Text("inner") }; x.Text("no")"#) == ["inner"])
    }

    @Test func declarationsAreNotCalls() {
        #expect(scanKeys(#"func Text(_ s: String) {}; func help("x") {}"#).isEmpty)
    }

    @Test func aComputedKeyIsADynamicSite() {
        let sites = scanSites(#"NSLocalizedString(name, comment: ""); String(localized: resource); NSLocalizedString("\(n)", comment: "")"#)
        #expect(sites.map(\.kind) == [.dynamic, .dynamic, .dynamic])
        #expect(sites.map(\.key) == [nil, nil, nil])
    }

    @Test func bothBranchesOfATernaryAreKeys() {
        #expect(scanKeys(#"Text(on ? "On" : "Off")"#) == ["On", "Off"])
    }

    @Test func commentsAreSkipped() {
        let source = """
            // Text("line comment")
            /* Text("block") /* nested */ Text("still comment") */
            Text("real // not a comment") /* trailing */
            Text(/* inline */ "after")
            """
        #expect(scanKeys(source) == ["real // not a comment", "after"])
    }

    @Test func bothBranchesOfConditionalCompilationAreScanned() {
        let source = """
            #if os(iOS)
            Text("ios")
            #elseif os(macOS)
            Text("mac")
            #else
            Text("other")
            #endif
            view
            #if DEBUG
                .help("debug")
            #endif
            """
        #expect(scanKeys(source) == ["ios", "mac", "other", "debug"])
    }

    @Test func positionsAreTheKeyArgumentsLineAndUTF8Column() {
        let sites = scanSites("let é = 1\n  Text(\n    \"k\")\nlet x = NSLocalizedString(name, comment: \"\")")
        #expect(sites.map(\.line) == [3, 4])
        #expect(sites.map(\.column) == [5, 27])
    }

    @Test func appIntentsParametersTitlesAndShortcuts() {
        let source = """
            struct Open: AppIntent {
                static var title: LocalizedStringResource = "Open Item"
                static let description = IntentDescription("Opens an item.")
                @Parameter(title: "Item") var item: String
                static var parameterSummary: some ParameterSummary { Summary("Open \\(\\.$item)") }
            }
            struct Shortcuts: AppShortcutsProvider {
                static var appShortcuts: [AppShortcut] {
                    AppShortcut(intent: Open(), phrases: ["Open in \\(.applicationName)"], shortTitle: "Open", systemImageName: "doc")
                }
            }
            """
        let sites = scanSites(source)
        #expect(sites.map(\.key) == ["Open Item", "Opens an item.", "Item", "Open ${item}", "Open in ${applicationName}", "Open"])
        #expect(sites.map(\.table) == ["Localizable", "Localizable", "Localizable", "Localizable", "AppShortcuts", "Localizable"])
    }

    @Test func objectiveCForms() {
        let source = """
            #define TITLE NSLocalizedString(@"macro", nil)
            char quote = '"';
            NSString *a = NSLocalizedString(@"plain", @"comment");
            NSString *b = NSLocalizedStringFromTable(@"table.key", @"Settings", @"c");
            NSString *c = NSLocalizedStringFromTableInBundle(@"bundle.key", @"T", bundle, @"c2");
            NSString *d = NSLocalizedStringWithDefaultValue(@"default.key", @"T2", bundle, @"Value", @"c3");
            NSString *e = NSLocalizedString(@"joined " @"parts" "\\x41\\101", nil);
            NSString *f = [[NSBundle mainBundle] localizedStringForKey:@"message" value:@"" table:@"Msg"];
            NSString *g = NSLocalizedString(name, nil); // NSLocalizedString(@"comment", nil)
            """
        let sites = scanSites(source, language: .objectiveC)
        #expect(sites.map(\.key) == ["macro", "plain", "table.key", "bundle.key", "default.key", "joined partsAA", "message", nil])
        #expect(sites.map(\.table) == ["Localizable", "Localizable", "Settings", "T", "T2", "Localizable", "Msg", "Localizable"])
        #expect(sites.map(\.comment) == [nil, "comment", "c", "c2", "c3", nil, nil, nil])
    }

    @Test func functionWrappersByLabelPositionAndMember() {
        let source = """
            platformButton(label: "MyApp.accessibility.button.save") { save() }
            view.automaticCompliance(identifierElementType: "Text", accessibilityLabel: "MyApp.accessibility.text.greeting")
            L("short")
            "member.key".localized
            "member.call".localized(with: 3)
            platformButton(label: field.label) { }
            """
        let sites = scanSites(source, functions: ["platformButton:label", "automaticCompliance:accessibilityLabel", "L", "localized"])
        #expect(sites.map(\.key) == ["MyApp.accessibility.button.save", "MyApp.accessibility.text.greeting", "short", "member.key",
                                     "member.call", nil])
        #expect(sites.last?.kind == .dynamic)
    }

    @Test func wrapperArgumentsParse() {
        #expect(CalleeTable.Wrapper("platformButton:label") == CalleeTable.Wrapper(name: "platformButton", label: "label"))
        #expect(CalleeTable.Wrapper("L(_:)") == CalleeTable.Wrapper(name: "L", label: nil))
        #expect(CalleeTable.Wrapper("L:_") == CalleeTable.Wrapper(name: "L", label: nil))
        #expect(CalleeTable.Wrapper("1bad") == nil)
        #expect(CalleeTable.Wrapper("a:b c") == nil)
        #expect(CalleeTable.Wrapper("") == nil)
    }

    @Test func parametersTypedAsKeysMakeTheirCallersSites() {
        let source = """
            struct Row: View {
                let title: LocalizedStringKey
                var subtitle: LocalizedStringKey? = nil
                let fixed: LocalizedStringKey = "not a parameter"
                var body: some View { Text(title) }
            }
            struct Badge: View {
                init(_ text: LocalizedStringResource, count: Int) {}
            }
            func section(header: String.LocalizationValue) {}
            Row(title: "Row title", subtitle: "Row subtitle")
            Badge("Badge text", count: 2)
            section(header: "Header")
            Row(title: someKey)
            """
        #expect(scanKeys(source) == ["not a parameter", "Row title", "Row subtitle", "Badge text", "Header"])
    }

    @Test func swiftGenAccessorsMapToTheirKeys() {
        let generated = """
            internal enum L10n {
              internal enum Settings {
                /// Title
                internal static let title = L10n.tr("Localizable", "settings.title", fallback: "Title")
                internal static func items(_ p1: Int) -> String {
                  return L10n.tr("Localizable", "settings.items", p1, fallback: "%d items")
                }
              }
              internal static let ok = L10n.tr("Alerts", "ok", fallback: "OK")
            }
            extension L10n {
              private static func tr(_ table: String, _ key: String, _ args: CVarArg..., fallback value: String) -> String { "" }
            }
            """
        let map = SiteScanner.scan(Array(generated.utf8), file: "Strings.swift", language: .swift, callees: CalleeTable()).swiftGen
        #expect(map.accessors["L10n.Settings.title"] == SwiftGenMap.Target(table: "Localizable", key: "settings.title"))
        #expect(map.accessors["L10n.Settings.items"] == SwiftGenMap.Target(table: "Localizable", key: "settings.items"))
        #expect(map.accessors["L10n.ok"] == SwiftGenMap.Target(table: "Alerts", key: "ok"))
        let use = "label.text = L10n.Settings.title\nlet n = L10n.Settings.items(3)\nlet o = L10n.ok"
        let sites = SiteScanner.scan(Array(use.utf8), file: "View.swift", language: .swift, callees: CalleeTable(), swiftGen: map).sites
        #expect(sites.map(\.key) == ["settings.title", "settings.items", "ok"])
        #expect(sites.map(\.table) == ["Localizable", "Localizable", "Alerts"])
        #expect(sites.map(\.callee) == ["L10n", "L10n", "L10n"])
    }

    @Test func literalsReturnedByBodiesTypedAsKeys() {
        let source = """
            enum Tab {
                var title: LocalizedStringKey {
                    switch self {
                    case .home: "tab.home"
                    case .settings: return "tab.settings"
                    }
                }
                func subtitle() -> LocalizedStringResource { flag ? "on" : "off" }
                var plain: String { "not.a.key" }
                var format: LocalizedStringKey { "a".uppercased() }
            }
            """
        #expect(scanKeys(source) == ["tab.home", "tab.settings", "on", "off"])
    }

    @Test func appEnumCaseRepresentationsAndDialogs() {
        let source = """
            static var caseDisplayRepresentations: [Visibility: DisplayRepresentation] = [
                .pub: "Public",
                .priv: .init(title: "Followers Only"),
                .other: DisplayRepresentation(title: "Other", subtitle: "More"),
            ]
            static let typeDisplayRepresentation: TypeDisplayRepresentation = "Account"
            @Parameter(title: "Text", requestValueDialog: IntentDialog("What text?")) var text: String
            return .result(dialog: "Posted \\(count) items")
            """
        #expect(scanKeys(source) == ["Public", "Followers Only", "Other", "More", "Account", "Text", "What text?", "Posted %@ items"])
    }

    @Test func callsInsideInterpolationsAreSites() {
        let sites = scanSites(#"let s = cond ? "\(NSLocalizedString("Starred", comment: "")), " : "";"# + "\n"
            + #"Text("\(Text("inner \("deep".localized)")) outer")"#, functions: ["localized"])
        #expect(sites.map(\.key) == ["Starred", "%@ outer", "inner %@", "deep"])
        #expect(sites.map(\.column) == [37, 6, 14, 23])
    }
}
