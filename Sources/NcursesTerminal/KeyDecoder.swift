import CNcursesw
import TerminalUI

/// Turns what `wget_wch` returns into `Key`s. Pure: no screen needed.
public enum KeyDecoder {
    /// The key for a `wget_wch` result: `isKeyCode` when it returned
    /// `KEY_CODE_YES` (a `KEY_*` constant in `value`), else a character.
    public static func decode(isKeyCode: Bool, value: UInt32) -> Key {
        isKeyCode ? decodeKeyCode(Int32(bitPattern: value)) : decodeCharacter(value)
    }

    /// A character code: control characters become named keys or `.ctrl`.
    public static func decodeCharacter(_ value: UInt32) -> Key {
        switch value {
        case 10, 13: return .enter
        case 27: return .escape
        case 9: return .tab
        case 8, 127: return .backspace
        case 1...26:
            guard let scalar = Unicode.Scalar(value + 96) else { return .unknown(Int(value)) }
            return .ctrl(Character(scalar))
        case 0..<32, 0x80..<0xA0:
            return .unknown(Int(value))
        default:
            guard let scalar = Unicode.Scalar(value) else { return .unknown(Int(value)) }
            return .char(Character(scalar))
        }
    }

    /// A `KEY_*` code from ncurses' keypad mode.
    public static func decodeKeyCode(_ code: Int32) -> Key {
        switch code {
        case KEY_UP: return .up
        case KEY_DOWN: return .down
        case KEY_LEFT: return .left
        case KEY_RIGHT: return .right
        case KEY_PPAGE: return .pageUp
        case KEY_NPAGE: return .pageDown
        case KEY_HOME, KEY_A1: return .home
        case KEY_END, KEY_C1: return .end
        case KEY_A3: return .pageUp
        case KEY_C3: return .pageDown
        case KEY_BACKSPACE: return .backspace
        case KEY_DC: return .delete
        case KEY_IC: return .insert
        case KEY_BTAB: return .backTab
        case KEY_ENTER: return .enter
        case KEY_RESIZE: return .resize
        case trestle_key_f(0)...trestle_key_f(63): return .function(Int(code - trestle_key_f(0)))
        default: return .unknown(Int(code))
        }
    }

    /// A mouse event from `getmouse`'s button state and position, or nil for
    /// events Trestle does not use (releases, motion).
    public static func decodeMouse(state: UInt, row: Int, col: Int) -> Key? {
        if state & UInt(trestle_button4_pressed) != 0 {
            return .mouse(MouseEvent(kind: .wheelUp, row: row, col: col))
        }
        if state & UInt(trestle_button5_pressed) != 0 {
            return .mouse(MouseEvent(kind: .wheelDown, row: row, col: col))
        }
        if state & UInt(trestle_button1_pressed | trestle_button1_clicked) != 0 {
            return .mouse(MouseEvent(kind: .click, row: row, col: col))
        }
        return nil
    }
}
