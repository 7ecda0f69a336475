/// Text that tries to take over a terminal: what a hostile server puts in
/// its data so that a client printing it raw would change the window title,
/// write the clipboard, clear or scribble on the screen, or reverse text.
///
/// None of it may reach the terminal as written: the pane title, the
/// clipboard (tmux's buffer) and the screen must stay Trestle's.
public enum HostileText {
    /// OSC 0 and OSC 2: set the window (pane) title.
    public static let titleSet = "\u{1B}]0;PWNED-OSC0\u{07}\u{1B}]2;PWNED-OSC2\u{1B}\\"
    /// OSC 52: write "PWNED" (base64) to the clipboard.
    public static let clipboard = "\u{1B}]52;c;UFdORUQ=\u{07}"
    /// CSI: clear the screen, home the cursor, move it about.
    public static let clearScreen = "\u{1B}[2J\u{1B}[H\u{1B}[10;10H\u{1B}[5A\u{1B}[3C\u{1B}[K"
    /// Every C1 control (U+0080–U+009F), among them CSI (0x9B) and OSC (0x9D) in their 8-bit forms.
    public static let c1Controls =
        "\u{9B}2J\u{9D}0;PWNED-C1\u{9C}"
        + String(String.UnicodeScalarView((0x80...0x9F).compactMap(Unicode.Scalar.init)))
    /// Bidirectional overrides and isolates: RLO, LRI, RLI, FSI, PDI.
    public static let bidi = "\u{202E}gnp.exe\u{202C} \u{2066}a\u{2067}b\u{2068}c\u{2069}"
    /// 2,000 zero-width characters (ZWSP, ZWNJ, ZWJ, BOM).
    public static let zeroWidthFlood = String(repeating: "\u{200B}\u{200C}\u{200D}\u{FEFF}", count: 500)
    /// A letter under 2,000 combining accents (a "Zalgo" flood).
    public static let combiningFlood = "Z" + String(repeating: "\u{0301}\u{0316}", count: 1_000) + "algo"

    /// Each of the above, named: one record per attack in a db.
    public static let all: [(name: String, text: String)] = [
        ("osc-title", titleSet), ("osc52", clipboard), ("csi", clearScreen), ("c1", c1Controls),
        ("bidi", bidi), ("zero-width", zeroWidthFlood), ("combining", combiningFlood),
    ]

    /// A json-server db whose todos and users carry every attack in their
    /// titles, names and in one field name. Ids 1… in the order of ``all``.
    public static func database() -> String {
        var todos: [String] = []
        var users: [String] = []
        for (index, attack) in all.enumerated() {
            let id = index + 1
            let text = json(attack.text)
            let title = json("hostile-\(attack.name) \(attack.text) end")
            let name = json("user-\(attack.name) \(attack.text)")
            todos.append(
                #"{"userId": \#(id), "id": \#(id), "title": \#(title), "completed": false, \#(text): \#(text)}"#)
            let address =
                #"{"street": \#(text), "suite": \#(text), "city": \#(text), "zipcode": \#(text), "#
                + #""geo": {"lat": \#(text), "lng": \#(text)}}"#
            let company = #"{"name": \#(text), "catchPhrase": \#(text), "bs": \#(text)}"#
            users.append(
                #"{"id": \#(id), "name": \#(name), "username": \#(text), "email": \#(text), "address": \#(address), "#
                    + #""phone": \#(text), "website": \#(text), "company": \#(company)}"#)
        }
        return #"{"todos": [\#(todos.joined(separator: ",\n"))], "users": [\#(users.joined(separator: ",\n"))]}"#
    }

    /// `text` as a JSON string literal (every control escaped).
    static func json(_ text: String) -> String {
        var output = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
                output +=
                    "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                    + String(scalar.value, radix: 16)
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output + "\""
    }
}
