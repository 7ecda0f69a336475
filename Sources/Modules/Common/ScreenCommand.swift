/// What a key press asks the router to do.
@MainActor
public enum ScreenCommand {
    case handled
    case unhandled
    case push(any Screen)
    case pop
    /// Put text on the clipboard (OSC 52) and say so.
    case copy(String, description: String)
}
