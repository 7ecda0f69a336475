extension Terminal {
    /// Draws `text` sanitised and fitted to exactly `width` cells (padded or
    /// truncated with an ellipsis), so the cells it covers are always repainted.
    public func write(
        _ text: String, row: Int, col: Int, width: Int, style: Style,
        alignment: TextWidth.Alignment = .left
    ) {
        guard width > 0 else { return }
        let fitted = TextWidth.pad(TextSanitizer.clean(text), to: width, alignment: alignment)
        write(fitted, row: row, col: col, style: style)
    }
}

extension Style {
    /// This style drawn on `base`: where this style leaves the background to
    /// the terminal, `base`'s background shows through.
    public func over(_ base: Style) -> Style {
        var result = self
        if result.background == .terminalDefault { result.background = base.background }
        return result
    }
}
