import Foundation
import TerminalUI

extension AppRoot {
    /// The configured theme. The shipped `default.yaml` is the built-in theme
    /// (ThemeLoaderTests checks that), so unless the user has a `default`
    /// theme of their own it costs no YAML parse (Yams compiles regular
    /// expressions on first use).
    static func loadTheme(_ configuration: AppConfiguration) throws(ThemeError) -> Theme {
        let userDefault = ThemeLoader.extensions.contains { ext in
            FileManager.default.fileExists(
                atPath: configuration.paths.userThemes.appendingPathComponent("default.\(ext)").path)
        }
        if configuration.themeName == "default" && !userDefault { return .builtinDefault }
        return try ThemeLoader.load(name: configuration.themeName, searchPaths: themeSearchPaths(configuration))
    }

    static func themeSearchPaths(_ configuration: AppConfiguration) -> [URL] {
        var paths = [configuration.paths.userThemes]
        if let shipped = ShippedFiles.locate("themes", executable: executableURL) { paths.append(shipped) }
        return paths
    }
}
