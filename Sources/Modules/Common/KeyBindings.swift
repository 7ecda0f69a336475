import TerminalUI

/// What a key asks for, independent of which key it is (the config file
/// rebinds keys to actions).
public enum Action: String, CaseIterable, Sendable {
    case moveDown, moveUp, pageDown, pageUp, top, bottom, open, back, quit, filter, command, sortNext,
        sortReverse, reload, toggle, new, edit, delete, copy, help, redraw, nextRelation, previousRelation

    public var summary: String { rawValue }
}

/// The key → action map (temporary: defaults only).
public struct KeyBindings: Sendable, Equatable {
    private var map: [Key: Action]
    private var order: [Action: [Key]]

    public static let defaults = KeyBindings()

    private init() {
        let table: [(Action, [Key])] = [
            (.moveDown, [.down, .char("j")]), (.moveUp, [.up, .char("k")]),
            (.pageDown, [.pageDown, .ctrl("f")]), (.pageUp, [.pageUp, .ctrl("b")]),
            (.top, [.char("g"), .home]), (.bottom, [.char("G"), .end]),
            (.open, [.enter, .char("l"), .right]), (.back, [.escape, .char("h"), .left]), (.quit, [.char("q")]),
            (.filter, [.char("/")]), (.command, [.char(":")]), (.sortNext, [.char("s")]),
            (.sortReverse, [.char("S")]), (.reload, [.char("r"), .ctrl("r")]), (.toggle, [.char(" ")]),
            (.new, [.char("n")]), (.edit, [.char("e")]), (.delete, [.char("d")]), (.copy, [.char("y")]),
            (.help, [.char("?")]), (.redraw, [.ctrl("l")]), (.nextRelation, [.tab]),
            (.previousRelation, [.backTab]),
        ]
        map = [:]
        order = [:]
        for (action, keys) in table {
            order[action] = keys
            for key in keys { map[key] = action }
        }
    }

    public func action(for key: Key) -> Action? { map[key] }
    public func keys(for action: Action) -> [Key] { order[action] ?? [] }
    public func label(for action: Action) -> String { keys(for: action).map(\.description).joined(separator: " / ") }

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
}
