import Translations

extension Key {
    /// The key's name in help, in the current language (`Leertaste`, `Strg-C`,
    /// `Bild↓`); ``description`` stays the name the config file's key map uses.
    public var label: String {
        switch self {
        case .char(" "): Texts.Key.space
        case .ctrl(let c): Texts.Key.ctrl(letter: c.uppercased())
        case .pageUp: Texts.Key.pageUp
        case .pageDown: Texts.Key.pageDown
        case .home: Texts.Key.home
        case .end: Texts.Key.end
        case .backspace: Texts.Key.backspace
        case .backTab: Texts.Key.backTab
        case .delete: Texts.Key.delete
        case .insert: Texts.Key.insert
        default: description
        }
    }
}
