import Foundation
import TerminalUI

/// Reads colour values as theme files write them.
enum ThemeColorParser {
    /// The ANSI colour names, in index order 0–15.
    static let ansiNames = [
        "black", "red", "green", "yellow", "blue", "magenta", "cyan", "white",
        "brightBlack", "brightRed", "brightGreen", "brightYellow",
        "brightBlue", "brightMagenta", "brightCyan", "brightWhite",
    ]

    /// The colour for `text`: an ANSI name (any case), `default`, a palette
    /// index 0–255, or `#rrggbb`; nil when it is none of these.
    static func parse(_ text: String) -> Color? {
        let value = text.trimmingCharacters(in: .whitespaces)
        if value.lowercased() == "default" { return .terminalDefault }
        if let index = ansiNames.firstIndex(where: { $0.lowercased() == value.lowercased() }) {
            return .ansi(UInt8(index))
        }
        if let number = Int(value) {
            return (0...255).contains(number) ? .palette(UInt8(number)) : nil
        }
        if value.hasPrefix("#"), value.count == 7, let rgb = UInt32(value.dropFirst(), radix: 16) {
            return .rgb(UInt8((rgb >> 16) & 0xFF), UInt8((rgb >> 8) & 0xFF), UInt8(rgb & 0xFF))
        }
        return nil
    }
}
