/// Which language to show: `--lang`, then the first of `LC_ALL`,
/// `LC_MESSAGES`, `LANG` that is set (POSIX order), then the master language.
public enum LanguageSelection {
    /// The environment variables read, most important first.
    public static let variables = ["LC_ALL", "LC_MESSAGES", "LANG"]

    /// The language for `flag` (`--lang`, "de" or "de_DE.UTF-8") and the environment.
    /// A flag naming a language without translations is an error (one line);
    /// such a locale in the environment falls back to the master language.
    public static func language(flag: String?, environment: [String: String]) throws(UnknownLanguage) -> Language {
        if let flag {
            guard let language = language(ofLocale: flag) else { throw UnknownLanguage(name: flag) }
            return language
        }
        for variable in variables {
            guard let value = environment[variable], !value.isEmpty else { continue }
            return language(ofLocale: value) ?? .master
        }
        return .master
    }

    /// "de_DE.UTF-8" → de, "en" → en, "C" or "fr_FR" → nil.
    public static func language(ofLocale locale: String) -> Language? {
        let code = locale.prefix { $0.isLetter }.lowercased()
        return Language(rawValue: code)
    }

    /// `--lang` named a language Trestle has no texts in.
    public struct UnknownLanguage: Error, CustomStringConvertible {
        public var name: String
        public var description: String {
            "--lang: no translations for '\(name)' (use "
                + Language.allCases.map(\.rawValue).joined(separator: " or ") + ")"
        }
    }
}
