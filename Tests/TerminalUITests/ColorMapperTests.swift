import TerminalUI
import Testing

@Suite struct ColorMapperTests {
    @Test func paletteIndicesPassThroughOn256Colours() {
        #expect(ColorMapper.nearest(.palette(117), available: 256) == 117)
        #expect(ColorMapper.nearest(.terminalDefault, available: 256) == nil)
    }

    @Test func rgbMapsToTheNearestPaletteEntry() {
        #expect(ColorMapper.nearest(.rgb(0xff, 0xff, 0xff), available: 256) == 231)
        #expect(ColorMapper.nearest(.rgb(0x87, 0xd7, 0xff), available: 256) == 117)
    }

    @Test func coloursMapToTheBasicEightOnEightColourTerminals() {
        #expect(ColorMapper.nearest(.palette(160), available: 8) == 1)  // red
        #expect(ColorMapper.nearest(.palette(114), available: 8) == 2)  // green
        #expect(ColorMapper.nearest(.palette(16), available: 8) == 0)  // black
        #expect(ColorMapper.nearest(.palette(231), available: 8) == 7)  // white
        #expect(ColorMapper.nearest(.ansi(9), available: 8) == 1)  // bright red → red
        #expect(ColorMapper.nearest(.ansi(9), available: 16) == 9)
        for index in 0...255 {
            let mapped = ColorMapper.nearest(.palette(UInt8(index)), available: 8)
            #expect(mapped.map { (0..<8).contains($0) } == true)
        }
    }

    @Test func noColourTerminalsGetTheDefault() {
        #expect(ColorMapper.nearest(.palette(160), available: 0) == nil)
    }

    @Test func foregroundStaysVisibleWhenBothMapToOneColour() {
        let pair = ColorMapper.pair(foreground: .palette(252), background: .palette(255), available: 8)
        #expect(pair.foreground != pair.background)
    }

    @Test func colorModeFollowsTheColourCount() {
        #expect(ColorMode(colors: 256) == .palette256)
        #expect(ColorMode(colors: 88) == .ansi16)
        #expect(ColorMode(colors: 8) == .ansi8)
        #expect(ColorMode(colors: 0) == .none)
    }
}

@Suite struct ThemeAdaptationTests {
    @Test func colourlessTerminalsGetReverseVideoCursorRow() {
        let adapted = Theme.builtinDefault.adapted(to: .none)
        #expect(adapted.style(.cursorRow).reverse)
        #expect(adapted.style(.cursorRow).background == .terminalDefault)
        #expect(Theme.builtinDefault.adapted(to: .ansi8) == Theme.builtinDefault)
    }
}
