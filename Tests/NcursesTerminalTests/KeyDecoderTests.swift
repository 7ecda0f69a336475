import CNcursesw
import TerminalUI
import Testing

@testable import NcursesTerminal

@Suite struct KeyDecoderTests {
    @Test func printableCharactersAreChars() {
        #expect(KeyDecoder.decode(isKeyCode: false, value: UInt32(UInt8(ascii: "j"))) == .char("j"))
        #expect(KeyDecoder.decode(isKeyCode: false, value: 0x65E5) == .char("日"))
        #expect(KeyDecoder.decode(isKeyCode: false, value: 32) == .char(" "))
    }

    @Test func controlCharactersBecomeNamedKeys() {
        #expect(KeyDecoder.decodeCharacter(10) == .enter)
        #expect(KeyDecoder.decodeCharacter(13) == .enter)
        #expect(KeyDecoder.decodeCharacter(27) == .escape)
        #expect(KeyDecoder.decodeCharacter(9) == .tab)
        #expect(KeyDecoder.decodeCharacter(127) == .backspace)
        #expect(KeyDecoder.decodeCharacter(8) == .backspace)
        #expect(KeyDecoder.decodeCharacter(3) == .ctrl("c"))
        #expect(KeyDecoder.decodeCharacter(12) == .ctrl("l"))
        #expect(KeyDecoder.decodeCharacter(0x9B) == .unknown(0x9B))
    }

    @Test func keypadCodesBecomeKeys() {
        let cases: [(Int32, Key)] = [
            (KEY_UP, .up), (KEY_DOWN, .down), (KEY_LEFT, .left), (KEY_RIGHT, .right),
            (KEY_PPAGE, .pageUp), (KEY_NPAGE, .pageDown), (KEY_HOME, .home), (KEY_END, .end),
            (KEY_BACKSPACE, .backspace), (KEY_DC, .delete), (KEY_IC, .insert), (KEY_BTAB, .backTab),
            (KEY_ENTER, .enter), (KEY_RESIZE, .resize), (trestle_key_f(1), .function(1)),
            (trestle_key_f(12), .function(12)),
        ]
        for (code, key) in cases {
            #expect(KeyDecoder.decode(isKeyCode: true, value: UInt32(bitPattern: code)) == key)
        }
        #expect(KeyDecoder.decodeKeyCode(0o777) == .unknown(0o777))
    }

    @Test func mouseWheelAndClicksDecode() {
        #expect(
            KeyDecoder.decodeMouse(state: UInt(trestle_button4_pressed), row: 2, col: 3)
                == .mouse(MouseEvent(kind: .wheelUp, row: 2, col: 3)))
        #expect(
            KeyDecoder.decodeMouse(state: UInt(trestle_button5_pressed), row: 0, col: 0)
                == .mouse(MouseEvent(kind: .wheelDown, row: 0, col: 0)))
        #expect(
            KeyDecoder.decodeMouse(state: UInt(trestle_button1_pressed), row: 5, col: 1)
                == .mouse(MouseEvent(kind: .click, row: 5, col: 1)))
        #expect(KeyDecoder.decodeMouse(state: 0, row: 0, col: 0) == nil)
    }
}

@Suite struct ColorPairRegistryTests {
    @Test func pairsAreAllocatedOnceAndCached() {
        var registry = ColorPairRegistry(capacity: 64)
        var allocations: [Int] = []
        let allocate: (Int, Int, Int) -> Bool = { pair, _, _ in
            allocations.append(pair)
            return true
        }
        let a = registry.pair(foreground: 1, background: 4, allocate: allocate)
        let b = registry.pair(foreground: 1, background: 4, allocate: allocate)
        let c = registry.pair(foreground: 2, background: 4, allocate: allocate)
        #expect(a == 1 && b == 1 && c == 2)
        #expect(allocations == [1, 2])
        #expect(registry.pair(foreground: -1, background: -1, allocate: allocate) == 0)
    }

    @Test func exhaustedPairsFallBackToSameBackground() {
        var registry = ColorPairRegistry(capacity: 3)
        let allocate: (Int, Int, Int) -> Bool = { _, _, _ in true }
        _ = registry.pair(foreground: 1, background: 0, allocate: allocate)  // 1
        _ = registry.pair(foreground: 2, background: 4, allocate: allocate)  // 2
        #expect(registry.pair(foreground: 3, background: 4, allocate: allocate) == 2)
        #expect(registry.pair(foreground: 1, background: 6, allocate: allocate) == 1)
        #expect(registry.pair(foreground: 5, background: 6, allocate: allocate) == 0)
    }
}
