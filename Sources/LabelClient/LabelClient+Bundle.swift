import Foundation
import LabelCore

extension LabelClient {
    /// The name the app bundle's strings take in the catalog (`source` and `servedFrom`).
    static let appBundleName = "app"

    /// An app bundle as a store of one bundle: the folder its resources are in (an iOS
    /// app's own folder, a macOS app's `Contents/Resources`), read as the server reads
    /// a `--resources` folder.
    static func configuration(of bundle: Bundle) -> StoreConfiguration {
        let folder = bundle.resourcePath ?? bundle.bundlePath
        // Info.plist's CFBundleDevelopmentRegion, what `developmentLocalization` reads: corelibs'
        // getter traps on a bundle without an Info.plist (a plain folder on Linux).
        let region = bundle.infoDictionary?["CFBundleDevelopmentRegion"] as? String
        let development = region.flatMap { LanguageTag($0) } ?? StoreConfiguration.defaultDevelopmentLanguage
        var configuration = StoreConfiguration(directory: folder, bundles: [appBundleName], developmentLanguage: development)
        configuration.bundleFolders = [appBundleName: folder]
        return configuration
    }
}
