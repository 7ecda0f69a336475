/// Maps theme colours to the colour indices a terminal actually has.
///
/// Pure and deterministic: palette indices and 24-bit colours become the
/// nearest of 8, 16 or 256 colours by a perceptually weighted RGB distance.
public enum ColorMapper {
    /// The terminal colour index for `color` when `available` colours exist
    /// (8, 16 or 256); nil means the terminal's default colour (also for
    /// every colour when fewer than 8 exist).
    public static func nearest(_ color: Color, available: Int) -> Int? {
        guard available >= 8 else { return nil }
        let limit = available >= 256 ? 256 : (available >= 16 ? 16 : 8)
        switch color {
        case .terminalDefault:
            return nil
        case .ansi(let n):
            let index = Int(n)
            if index < limit { return index }
            // Bright colours on an 8-colour terminal: their base colour.
            return index < 16 ? index - 8 : nearestIndex(to: rgb(ofPalette: index), limit: limit)
        case .palette(let n):
            let index = Int(n)
            if index < limit { return index }
            return nearestIndex(to: rgb(ofPalette: index), limit: limit)
        case .rgb(let r, let g, let b):
            return nearestIndex(to: (Int(r), Int(g), Int(b)), limit: limit)
        }
    }

    /// Foreground and background indices that stay distinguishable: when both
    /// map to the same colour, the foreground becomes black or white,
    /// whichever contrasts with the background.
    public static func pair(
        foreground: Color, background: Color, available: Int
    ) -> (foreground: Int?, background: Int?) {
        let fg = nearest(foreground, available: available)
        let bg = nearest(background, available: available)
        guard let f = fg, let b = bg, f == b else { return (fg, bg) }
        let (r, g, bl) = rgb(ofPalette: b)
        let light = r * 299 + g * 587 + bl * 114 > 128_000
        return (light ? 0 : (available >= 16 ? 15 : 7), b)
    }

    /// The RGB value of xterm palette entry `index` (0–255).
    public static func rgb(ofPalette index: Int) -> (Int, Int, Int) {
        switch index {
        case 0..<16:
            return ansiRGB[index]
        case 16..<232:
            let i = index - 16
            return (cubeLevels[i / 36], cubeLevels[(i / 6) % 6], cubeLevels[i % 6])
        case 232..<256:
            let level = 8 + (index - 232) * 10
            return (level, level, level)
        default:
            return (0, 0, 0)
        }
    }

    // MARK: - Tables

    /// xterm's default 16 colours.
    static let ansiRGB: [(Int, Int, Int)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0),
        (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
        (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0),
        (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]

    static let cubeLevels = [0, 95, 135, 175, 215, 255]

    static func nearestIndex(to target: (Int, Int, Int), limit: Int) -> Int {
        if limit < 256 { return basicIndex(for: target, bright: limit >= 16) }
        var best = 16
        var bestDistance = Int.max
        // The 16 ANSI colours are user-configurable: match against the
        // fixed cube and grey ramp only.
        for index in 16..<256 {
            let d = distance(target, rgb(ofPalette: index))
            if d < bestDistance {
                bestDistance = d
                best = index
            }
        }
        return best
    }

    /// The basic colour by hue rather than by distance: the nearest by
    /// distance turns every pastel into white on 8-colour terminals.
    static func basicIndex(for c: (Int, Int, Int), bright: Bool) -> Int {
        let high = max(c.0, c.1, c.2)
        let low = min(c.0, c.1, c.2)
        if high - low < 48 {
            let lightness = (high + low) / 2
            guard bright else { return lightness < 100 ? 0 : 7 }
            switch lightness {
            case ..<50: return 0
            case ..<150: return 8
            case ..<210: return 7
            default: return 15
            }
        }
        var bits = 0
        if c.0 * 2 > high + low { bits |= 1 }
        if c.1 * 2 > high + low { bits |= 2 }
        if c.2 * 2 > high + low { bits |= 4 }
        return bright && high >= 200 ? bits + 8 : bits
    }

    /// Squared RGB distance weighted for the eye ("redmean" approximation).
    static func distance(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Int {
        let meanRed = (a.0 + b.0) / 2
        let dr = a.0 - b.0
        let dg = a.1 - b.1
        let db = a.2 - b.2
        return ((512 + meanRed) * dr * dr) / 256 + 4 * dg * dg + ((767 - meanRed) * db * db) / 256
    }
}
