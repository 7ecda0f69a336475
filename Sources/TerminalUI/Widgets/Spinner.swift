/// The activity indicator: a braille spinner advanced by a tick counter.
public enum Spinner {
    /// The frames, in order.
    public static let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    /// The frame for `tick` (any integer, negative ones too).
    public static func frame(tick: Int) -> String {
        let count = frames.count
        return frames[((tick % count) + count) % count]
    }
}
