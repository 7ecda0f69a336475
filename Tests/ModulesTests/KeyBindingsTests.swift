import TerminalUI
import Testing

@testable import Modules

@Suite("Key bindings")
struct KeyBindingsTests {
    let defaults = KeyBindings.defaults

    // MARK: - Defaults

    @Test func defaultsFollowTheProductKeysTable() {
        #expect(defaults.keys(for: .moveDown) == [.down, .char("j")])
        #expect(defaults.keys(for: .pageDown) == [.pageDown, .ctrl("f")])
        #expect(defaults.keys(for: .open) == [.enter, .char("l"), .right])
        #expect(defaults.keys(for: .back) == [.escape, .char("h"), .left])
        #expect(defaults.keys(for: .reload) == [.char("r"), .ctrl("r")])
        #expect(defaults.keys(for: .previousRelation) == [.backTab])
    }

    @Test func defaultsResolveKeysToActions() {
        #expect(defaults.action(for: .char("j")) == .moveDown)
        #expect(defaults.action(for: .char("G")) == .bottom)
        #expect(defaults.action(for: .char("g")) == .top)
        #expect(defaults.action(for: .char(" ")) == .toggle)
        #expect(defaults.action(for: .char("S")) == .sortReverse)
        #expect(defaults.action(for: .ctrl("l")) == .redraw)
        #expect(defaults.action(for: .tab) == .nextRelation)
        #expect(defaults.action(for: .char("x")) == nil)
    }

    @Test func ctrlCAndTheMouseAreNotActions() {
        #expect(defaults.action(for: .ctrl("c")) == nil)
        #expect(defaults.action(for: .mouse(MouseEvent(kind: .click, row: 1, col: 1))) == nil)
    }

    @Test func everyActionHasDefaultKeysAndASummary() {
        for action in Action.allCases {
            #expect(!defaults.keys(for: action).isEmpty, "\(action)")
            #expect(!action.summary.isEmpty, "\(action)")
        }
    }

    @Test func noDefaultKeyRunsTwoActionsWithinALayer() throws {
        for searchOnly in [false, true] {
            let keys = Action.allCases.filter { $0.isSearchOnly == searchOnly }.flatMap(\.defaultKeys)
            #expect(Set(keys).count == keys.count)
        }
        #expect(try KeyBindings(overrides: [:]) == defaults)
    }

    @Test func searchKeysMeanSomethingOnlyWhileASearchIsActive() throws {
        #expect(defaults.action(for: .char("n")) == .new)
        #expect(defaults.action(for: .char("n"), searching: true) == .searchNext)
        #expect(defaults.action(for: .char("N"), searching: true) == .searchPrevious)
        #expect(defaults.action(for: .char("j"), searching: true) == .moveDown)
        // A search key may share another action's key, but not the other search key's.
        #expect(
            try KeyBindings(overrides: ["searchNext": ["d"]]).action(for: .char("d"), searching: true) == .searchNext)
        #expect(throws: KeyBindingError.self) { try KeyBindings(overrides: ["searchNext": ["N"]]) }
        #expect(throws: KeyBindingError.self) { try KeyBindings(overrides: ["fold": ["j"]]) }
    }

    @Test func labelsJoinKeyNamesForHelp() {
        #expect(defaults.label(for: .moveDown) == "↓ / j")
        #expect(defaults.label(for: .pageUp) == "PgUp / Ctrl-B")
        #expect(defaults.label(for: .toggle) == "Space")
        #expect(defaults.label(for: .previousRelation) == "Shift-Tab")
    }

    // MARK: - Overrides

    @Test func anOverrideReplacesTheDefaultKeys() throws {
        let bindings = try KeyBindings(overrides: ["moveDown": ["j", "ctrl-n"], "sortNext": ["O"]])
        #expect(bindings.keys(for: .moveDown) == [.char("j"), .ctrl("n")])
        #expect(bindings.action(for: .ctrl("n")) == .moveDown)
        #expect(bindings.action(for: .down) == nil)
        #expect(bindings.action(for: .char("O")) == .sortNext)
        #expect(bindings.action(for: .char("s")) == nil)
        #expect(bindings.keys(for: .moveUp) == [.up, .char("k")])
        #expect(bindings != defaults)
    }

    @Test func keysMayMoveBetweenActionsWhenBothAreRebound() throws {
        let bindings = try KeyBindings(overrides: ["top": ["Home"], "moveDown": ["g", "down"]])
        #expect(bindings.action(for: .char("g")) == .moveDown)
        #expect(bindings.action(for: .home) == .top)
    }

    @Test func anEmptyListLeavesTheActionWithoutKeys() throws {
        let bindings = try KeyBindings(overrides: ["delete": []])
        #expect(bindings.keys(for: .delete) == [])
        #expect(bindings.action(for: .char("d")) == nil)
        #expect(bindings.label(for: .delete) == "")
    }

    @Test func aKeyListedTwiceCountsOnce() throws {
        let bindings = try KeyBindings(overrides: ["quit": ["q", "Q", "q"]])
        #expect(bindings.keys(for: .quit) == [.char("q"), .char("Q")])
    }

    // MARK: - Errors

    @Test func aClashWithAnotherActionsDefaultNamesBothAndTheKey() {
        #expect(throws: KeyBindingError.clash(key: .char("g"), first: .moveDown, second: .top, keptDefault: .top)) {
            try KeyBindings(overrides: ["moveDown": ["g"]])
        }
        let error = KeyBindingError.clash(key: .char("g"), first: .moveDown, second: .top, keptDefault: .top)
        #expect(error.description == "key 'g' is bound to both moveDown and top (a default key of top; rebind top too)")
    }

    @Test func aClashBetweenTwoOverridesNamesBoth() {
        #expect(throws: KeyBindingError.clash(key: .char("x"), first: .moveDown, second: .copy, keptDefault: nil)) {
            try KeyBindings(overrides: ["copy": ["x"], "moveDown": ["x"]])
        }
        let error = KeyBindingError.clash(key: .char("x"), first: .moveDown, second: .copy, keptDefault: nil)
        #expect(error.description == "key 'x' is bound to both moveDown and copy")
    }

    @Test func anUnknownActionSuggestsTheNearestName() {
        #expect(throws: KeyBindingError.unknownAction("sortnext", suggestion: "sortNext")) {
            try KeyBindings(overrides: ["sortnext": ["o"]])
        }
        #expect(throws: KeyBindingError.unknownAction("mvoeDonw", suggestion: "moveDown")) {
            try KeyBindings(overrides: ["mvoeDonw": ["o"]])
        }
        #expect(throws: KeyBindingError.unknownAction("launchRockets", suggestion: nil)) {
            try KeyBindings(overrides: ["launchRockets": ["o"]])
        }
        #expect(
            KeyBindingError.unknownAction("sortnext", suggestion: "sortNext").description
                == "unknown action 'sortnext' (did you mean 'sortNext'?)")
        #expect(KeyBindingError.unknownAction("zzz", suggestion: nil).description == "unknown action 'zzz'")
    }

    @Test func anUnknownKeyNameNamesTheActionAndTheName() {
        #expect(throws: KeyBindingError.unknownKey("ctrl-foo", action: .moveDown)) {
            try KeyBindings(overrides: ["moveDown": ["j", "ctrl-foo"]])
        }
        let text = KeyBindingError.unknownKey("ctrl-foo", action: .moveDown).description
        #expect(text.hasPrefix("moveDown: unknown key name 'ctrl-foo' ("))
        #expect(!text.contains("\n"))
    }

    @Test func ctrlCCannotBeBound() {
        #expect(throws: KeyBindingError.reservedKey("Ctrl-C", action: .quit)) {
            try KeyBindings(overrides: ["quit": ["q", "Ctrl-C"]])
        }
        #expect(
            KeyBindingError.reservedKey("ctrl-c", action: .quit).description
                == "quit: 'ctrl-c' cannot be bound: Ctrl-C always quits")
    }
}
