import Testing
@testable import LabelAndroid

@Test func keysBecomeResourceNames() {
    #expect(AndroidResourceName.name(for: "control.close.label") == "control_close_label")
    #expect(AndroidResourceName.name(for: "Delete “%@”?") == "Delete______")
    #expect(AndroidResourceName.name(for: "schließen") == "schlie_en")
    #expect(AndroidResourceName.name(for: "1st.place") == "_1st_place")
    #expect(AndroidResourceName.name(for: "") == "__")
    #expect(AndroidResourceName.name(for: "class") == "class_")
    #expect(AndroidResourceName.name(for: "_") == "__")
    #expect(AndroidResourceName.name(for: "👍🏽") == "__")
}

@Test func twoKeysWithOneNameAreAnErrorNamingBoth() {
    let names = AndroidResourceNames(tables: [("Localizable", ["a.b", "a-b", "c"])])
    #expect(names.name(table: "Localizable", key: "a-b") == "a_b")
    #expect(names.name(table: "Localizable", key: "a.b") == nil)
    #expect(names.refusals.count == 1)
    let refusal = names.refusals[0]
    #expect(refusal.reason == .nameCollision && refusal.severity == .error && refusal.key == "a.b")
    #expect(refusal.message.contains("\"a-b\""))
}

@Test func tablesShareOneNamespace() {
    let names = AndroidResourceNames(tables: [("Accessibility", ["close_button"]), ("Localizable", ["close.button"])])
    #expect(names.name(table: "Accessibility", key: "close_button") == "close_button")
    #expect(names.name(table: "Localizable", key: "close.button") == nil)
    #expect(names.refusals.first?.message.contains("of table Accessibility") == true)
}
