import SwiftUI

// A small app written for label-server's scan tests: the seed's key convention
// (`MyApp.accessibility.*`) passed through the app's own wrappers.
struct SettingsView: View {
    @State private var email = ""
    @State private var notifications = true
    let itemCount: Int

    var body: some View {
        Form {
            platformButton(label: "MyApp.accessibility.button.save") { save() }
            platformButton(label: "MyApp.accessibility.button.cancel") { dismiss() }
            platformTextField(label: "MyApp.accessibility.field.email", prompt: "Enter email", text: $email)
            Toggle("MyApp.accessibility.toggle.notifications", isOn: $notifications)
            Text("Greeting message")
                .automaticCompliance(identifierElementType: "Text", accessibilityLabel: "MyApp.accessibility.text.greeting")
            Text("\(itemCount) items")
            Text(verbatim: "v1.0")
        }
        .navigationTitle("Settings")
    }

    func save() {}
    func dismiss() {}
}
