import TerminalUI

/// Something a key press asks a screen to do. The config file's `keys:`
/// section names these (`moveDown: [j, ctrl-n]`).
///
/// Ctrl-C is not an action: it always quits, whatever the bindings say.
/// Mouse events are not bindable either.
public enum Action: String, CaseIterable, Sendable {
    case moveDown, moveUp, pageDown, pageUp, top, bottom
    case open, back, quit, filter, command
    case sortNext, sortReverse, reload, toggle
    case new, edit, delete, copy
    case help, redraw, nextRelation, previousRelation

    /// What the action does, in a few words for the help screen.
    public var summary: String {
        switch self {
        case .moveDown: return "move down"
        case .moveUp: return "move up"
        case .pageDown: return "page down"
        case .pageUp: return "page up"
        case .top: return "go to the first row"
        case .bottom: return "go to the last row"
        case .open: return "open the detail or the related list"
        case .back: return "go back one level"
        case .quit: return "quit"
        case .filter: return "filter the list as you type"
        case .command: return "command line (:posts, :users 3)"
        case .sortNext: return "sort by the next column"
        case .sortReverse: return "reverse the sort order"
        case .reload: return "reload from the server"
        case .toggle: return "toggle the record's flag"
        case .new: return "new record"
        case .edit: return "edit the record"
        case .delete: return "delete the record (asks first)"
        case .copy: return "copy the record as JSON"
        case .help: return "help"
        case .redraw: return "redraw the screen"
        case .nextRelation: return "next related resource"
        case .previousRelation: return "previous related resource"
        }
    }

    /// The keys bound to the action unless the config file rebinds it.
    public var defaultKeys: [Key] {
        switch self {
        case .moveDown: return [.down, .char("j")]
        case .moveUp: return [.up, .char("k")]
        case .pageDown: return [.pageDown, .ctrl("f")]
        case .pageUp: return [.pageUp, .ctrl("b")]
        case .top: return [.char("g"), .home]
        case .bottom: return [.char("G"), .end]
        case .open: return [.enter, .char("l"), .right]
        case .back: return [.escape, .char("h"), .left]
        case .quit: return [.char("q")]
        case .filter: return [.char("/")]
        case .command: return [.char(":")]
        case .sortNext: return [.char("s")]
        case .sortReverse: return [.char("S")]
        case .reload: return [.char("r"), .ctrl("r")]
        case .toggle: return [.char(" ")]
        case .new: return [.char("n")]
        case .edit: return [.char("e")]
        case .delete: return [.char("d")]
        case .copy: return [.char("y")]
        case .help: return [.char("?")]
        case .redraw: return [.ctrl("l")]
        case .nextRelation: return [.tab]
        case .previousRelation: return [.backTab]
        }
    }
}

/// Which key runs which action: the defaults, with some actions rebound.
///
/// An override replaces every default key of its action. No key may run two
/// actions, and Ctrl-C may not be bound (it always quits).
public struct KeyBindings: Sendable, Equatable {
    /// The keys of each action, in the order help shows them.
    private var keysByAction: [Action: [Key]]
    /// The action of each bound key.
    private var actionByKey: [Key: Action]

    /// The keys PRODUCT.md promises, with nothing rebound.
    public static let defaults = KeyBindings(
        checked: Dictionary(uniqueKeysWithValues: Action.allCases.map { ($0, $0.defaultKeys) }))

    /// The defaults with `overrides` applied: action names (`moveDown`, as in
    /// `Action.rawValue`) to key names (`Key(name:)`). An action given an
    /// empty list has no key.
    public init(overrides: [String: [String]]) throws(KeyBindingError) {
        var table: [Action: [Key]] = [:]
        var overridden: Set<Action> = []
        for name in overrides.keys.sorted() {
            guard let action = Action(rawValue: name) else {
                throw .unknownAction(
                    name, suggestion: NameSuggestion.closest(to: name, among: Action.allCases.map(\.rawValue)))
            }
            var keys: [Key] = []
            for keyName in overrides[name] ?? [] {
                guard let key = Key(name: keyName) else { throw .unknownKey(keyName, action: action) }
                if key == .ctrl("c") { throw .reservedKey(keyName, action: action) }
                if !keys.contains(key) { keys.append(key) }
            }
            table[action] = keys
            overridden.insert(action)
        }
        var actionByKey: [Key: Action] = [:]
        for action in Action.allCases {
            let keys = table[action] ?? action.defaultKeys
            table[action] = keys
            for key in keys {
                if let other = actionByKey[key] {
                    let kept = [other, action].filter { !overridden.contains($0) }
                    throw .clash(key: key, first: other, second: action, keptDefault: kept.first)
                }
                actionByKey[key] = action
            }
        }
        self.keysByAction = table
        self.actionByKey = actionByKey
    }

    /// Bindings from a table known to be free of clashes.
    private init(checked table: [Action: [Key]]) {
        keysByAction = table
        var actionByKey: [Key: Action] = [:]
        for action in Action.allCases {
            for key in table[action] ?? [] { actionByKey[key] = action }
        }
        self.actionByKey = actionByKey
    }

    /// The action `key` runs, or `nil` when no action has it.
    public func action(for key: Key) -> Action? {
        actionByKey[key]
    }

    /// The keys that run `action`, in the order given (empty when it has none).
    public func keys(for action: Action) -> [Key] {
        keysByAction[action] ?? []
    }

    /// Two opposite actions in one label, their keys side by side:
    /// `PgUp PgDn / Ctrl-B Ctrl-F` for page up and page down.
    public func label(pairing first: Action, _ second: Action) -> String {
        let lhs = keys(for: first).map(\.description)
        let rhs = keys(for: second).map(\.description)
        return (0..<max(lhs.count, rhs.count)).map { index in
            [lhs.indices.contains(index) ? lhs[index] : nil, rhs.indices.contains(index) ? rhs[index] : nil]
                .compactMap { $0 }.joined(separator: " ")
        }.joined(separator: " / ")
    }

    /// The keys of `action` as help shows them: `↓ / j`; empty when it has none.
    public func label(for action: Action) -> String {
        keys(for: action).map(\.description).joined(separator: " / ")
    }
}

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
