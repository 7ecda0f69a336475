import TerminalUI

/// Why the config file's key bindings cannot be used, in one line.
public enum KeyBindingError: Error, CustomStringConvertible, Equatable {
    /// No action has this name; `suggestion` is a near one.
    case unknownAction(String, suggestion: String?)
    /// `Key(name:)` does not know this key name.
    case unknownKey(String, action: Action)
    /// The key (Ctrl-C) always quits and cannot be bound.
    case reservedKey(String, action: Action)
    /// Two actions would share `key`; `keptDefault` is the one of them that
    /// still has its default keys, if one does.
    case clash(key: Key, first: Action, second: Action, keptDefault: Action?)

    public var description: String {
        switch self {
        case .unknownAction(let name, let suggestion):
            let hint = suggestion.map { " (did you mean '\($0)'?)" } ?? ""
            return "unknown action '\(name)'\(hint)"
        case .unknownKey(let name, let action):
            return "\(action.rawValue): unknown key name '\(name)' "
                + "(use a character such as j or G, space, enter, esc, tab, shift-tab, backspace, del, "
                + "up, down, left, right, pgup, pgdn, home, end, ctrl-x or f1…f12)"
        case .reservedKey(let name, let action):
            return "\(action.rawValue): '\(name)' cannot be bound: Ctrl-C always quits"
        case .clash(let key, let first, let second, let keptDefault):
            let base = "key '\(key)' is bound to both \(first.rawValue) and \(second.rawValue)"
            guard let keptDefault else { return base }
            return base + " (a default key of \(keptDefault.rawValue); rebind \(keptDefault.rawValue) too)"
        }
    }
}
