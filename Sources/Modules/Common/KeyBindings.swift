import TerminalUI

/// Which key runs which action: the defaults, with some actions rebound.
///
/// An override replaces every default key of its action. No key may run two
/// actions, and Ctrl-C may not be bound (it always quits).
///
/// The keys come in two layers. The search layer (`Action.isSearchOnly`:
/// `n`/`N`, next and previous match) means something only while a search of
/// the record is active, and then before the other layer; so its keys are
/// checked for clashes among themselves, and may be keys of the other layer
/// (`n` is `new` when no search is active). Within each layer no key runs two actions.
public struct KeyBindings: Sendable, Equatable {
    /// The keys of each action, in the order help shows them.
    private var keysByAction: [Action: [Key]]
    /// The action of each bound key, outside the search layer.
    private var actionByKey: [Key: Action]
    /// The action of each key of the search layer.
    private var searchActionByKey: [Key: Action]

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
        var layers: [Bool: [Key: Action]] = [false: [:], true: [:]]
        for action in Action.allCases {
            let keys = table[action] ?? action.defaultKeys
            table[action] = keys
            for key in keys {
                if let other = layers[action.isSearchOnly]?[key] {
                    let kept = [other, action].filter { !overridden.contains($0) }
                    throw .clash(key: key, first: other, second: action, keptDefault: kept.first)
                }
                layers[action.isSearchOnly]?[key] = action
            }
        }
        self.keysByAction = table
        self.actionByKey = layers[false] ?? [:]
        self.searchActionByKey = layers[true] ?? [:]
    }

    /// Bindings from a table known to be free of clashes.
    private init(checked table: [Action: [Key]]) {
        keysByAction = table
        var actionByKey: [Key: Action] = [:]
        var searchActionByKey: [Key: Action] = [:]
        for action in Action.allCases {
            for key in table[action] ?? [] {
                if action.isSearchOnly { searchActionByKey[key] = action } else { actionByKey[key] = action }
            }
        }
        self.actionByKey = actionByKey
        self.searchActionByKey = searchActionByKey
    }

    /// The action `key` runs, or `nil` when no action has it; the search
    /// layer's actions (`Action.isSearchOnly`) only when `searching`, and
    /// then before the others.
    public func action(for key: Key, searching: Bool = false) -> Action? {
        if searching, let action = searchActionByKey[key] { return action }
        return actionByKey[key]
    }

    /// The keys that run `action`, in the order given (empty when it has none).
    public func keys(for action: Action) -> [Key] {
        keysByAction[action] ?? []
    }

    /// Two opposite actions in one label, their keys side by side:
    /// `PgUp PgDn / Ctrl-B Ctrl-F` for page up and page down.
    public func label(pairing first: Action, _ second: Action) -> String {
        let lhs = keys(for: first).map(\.label)
        let rhs = keys(for: second).map(\.label)
        return (0..<max(lhs.count, rhs.count)).map { index in
            [lhs.indices.contains(index) ? lhs[index] : nil, rhs.indices.contains(index) ? rhs[index] : nil]
                .compactMap { $0 }.joined(separator: " ")
        }.joined(separator: " / ")
    }

    /// The keys of `action` as help shows them: `↓ / j`; empty when it has none.
    public func label(for action: Action) -> String {
        keys(for: action).map(\.label).joined(separator: " / ")
    }
}
