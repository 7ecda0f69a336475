extension Key {
    /// The key a config file names: a single character (`j`, `G`, `/`, `?`;
    /// letters keep their case), or a name in any case: `space`,
    /// `enter`/`return`, `esc`/`escape`, `tab`, `shift-tab`/`backtab`,
    /// `backspace`, `del`/`delete`, `ins`/`insert`, `up`, `down`, `left`,
    /// `right` (or `↑ ↓ ← →`), `pgup`/`pageup`, `pgdn`/`pagedown`, `home`,
    /// `end`, `ctrl-x`/`c-x`/`ctrl+x` and `f1`…`f12`. `nil` for anything else.
    ///
    /// Every `description` of a key a terminal can send round-trips
    /// (`Ctrl-F`, `PgDn`, `Shift-Tab`, `F5`). Control keys the terminal sends
    /// as named keys come back as those (`ctrl-i` is `Tab`, `ctrl-m` and
    /// `ctrl-j` are `Enter`, `ctrl-h` is `Backspace`), because that is what a
    /// key press decodes to.
    public init?(name: String) {
        if name.count == 1, let character = name.first {
            guard let key = Self.single(character) else { return nil }
            self = key
            return
        }
        let lower = name.lowercased()
        if let key = Self.named[lower] {
            self = key
            return
        }
        if let key = Self.control(lower) ?? Self.functionKey(lower) {
            self = key
            return
        }
        return nil
    }

    /// Names (lower case) of the keys that have one, with their aliases.
    private static let named: [String: Key] = [
        "space": .char(" "), "enter": .enter, "return": .enter, "esc": .escape, "escape": .escape,
        "tab": .tab, "shift-tab": .backTab, "shift+tab": .backTab, "backtab": .backTab,
        "backspace": .backspace, "del": .delete, "delete": .delete, "ins": .insert, "insert": .insert,
        "up": .up, "down": .down, "left": .left, "right": .right,
        "pgup": .pageUp, "pageup": .pageUp, "pgdn": .pageDown, "pagedown": .pageDown,
        "home": .home, "end": .end,
    ]

    /// A one-character name: an arrow glyph, or that character typed.
    private static func single(_ character: Character) -> Key? {
        switch character {
        case "↑": return .up
        case "↓": return .down
        case "←": return .left
        case "→": return .right
        default:
            // Control characters and line breaks have names; a lone one is a typo.
            guard !character.isNewline,
                !character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
            else { return nil }
            return .char(character)
        }
    }

    /// `ctrl-x`, `c-x` or `ctrl+x` for a letter; what the terminal sends for it.
    private static func control(_ lower: String) -> Key? {
        var rest = Substring(lower)
        let prefixes = ["ctrl-", "ctrl+", "c-"]
        guard let prefix = prefixes.first(where: { rest.hasPrefix($0) }) else { return nil }
        rest = rest.dropFirst(prefix.count)
        guard rest.count == 1, let letter = rest.first, letter.isASCII, letter.isLetter else { return nil }
        switch letter {
        case "h": return .backspace
        case "i": return .tab
        case "j", "m": return .enter
        default: return .ctrl(letter)
        }
    }

    /// `f1`…`f12`.
    private static func functionKey(_ lower: String) -> Key? {
        let digits = lower.dropFirst()
        guard lower.hasPrefix("f"), !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
            let number = Int(digits), (1...12).contains(number)
        else { return nil }
        return .function(number)
    }
}
