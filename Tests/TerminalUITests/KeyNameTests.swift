import Testing

@testable import TerminalUI

@Suite("Key names")
struct KeyNameTests {
    @Test func singleCharactersKeepTheirCase() {
        #expect(Key(name: "j") == .char("j"))
        #expect(Key(name: "G") == .char("G"))
        #expect(Key(name: "g") == .char("g"))
        #expect(Key(name: "/") == .char("/"))
        #expect(Key(name: "?") == .char("?"))
        #expect(Key(name: ":") == .char(":"))
        #expect(Key(name: "é") == .char("é"))
    }

    @Test(arguments: [
        ("space", Key.char(" ")), ("SPACE", .char(" ")), ("enter", .enter), ("Return", .enter),
        ("esc", .escape), ("Escape", .escape), ("tab", .tab), ("shift-tab", .backTab), ("BackTab", .backTab),
        ("backspace", .backspace), ("del", .delete), ("Delete", .delete), ("up", .up), ("DOWN", .down),
        ("left", .left), ("right", .right), ("pgup", .pageUp), ("PageUp", .pageUp), ("pgdn", .pageDown),
        ("pagedown", .pageDown), ("home", .home), ("End", .end), ("insert", .insert),
    ])
    func namedKeysIgnoreCase(name: String, key: Key) {
        #expect(Key(name: name) == key)
    }

    @Test func controlKeysAreLowerCase() {
        #expect(Key(name: "ctrl-x") == .ctrl("x"))
        #expect(Key(name: "Ctrl-F") == .ctrl("f"))
        #expect(Key(name: "c-n") == .ctrl("n"))
        #expect(Key(name: "C-N") == .ctrl("n"))
        #expect(Key(name: "ctrl+r") == .ctrl("r"))
    }

    @Test func controlKeysTheTerminalSendsAsNamedKeysAreThoseKeys() {
        #expect(Key(name: "ctrl-i") == .tab)
        #expect(Key(name: "ctrl-m") == .enter)
        #expect(Key(name: "ctrl-j") == .enter)
        #expect(Key(name: "ctrl-h") == .backspace)
    }

    @Test func functionKeysOneToTwelve() {
        #expect(Key(name: "f1") == .function(1))
        #expect(Key(name: "F12") == .function(12))
        #expect(Key(name: "f0") == nil)
        #expect(Key(name: "f13") == nil)
        #expect(Key(name: "f+1") == nil)
    }

    @Test(arguments: ["", "ctrl-", "ctrl-foo", "ctrl-1", "c-", "shift-x", "mouse", "resize", "jj", "\t", "\n", "pg up"])
    func unknownNamesAreNil(name: String) {
        #expect(Key(name: name) == nil)
    }

    @Test(arguments: [
        Key.char("j"), .char("G"), .char(" "), .char("?"), .ctrl("f"), .ctrl("c"), .up, .down, .left, .right,
        .pageUp, .pageDown, .home, .end, .enter, .escape, .backspace, .tab, .backTab, .delete, .insert,
        .function(1), .function(12),
    ])
    func descriptionsRoundTrip(key: Key) {
        #expect(Key(name: key.description) == key)
    }
}
