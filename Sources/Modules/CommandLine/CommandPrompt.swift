import TerminalUI

/// The `:` prompt: a line editor with completion (Tab) and history (↑ ↓).
public struct CommandPrompt: Sendable {
    public enum Outcome: Equatable, Sendable {
        case editing
        case cancel
        case submit(String)
    }

    public private(set) var editor = LineEditor()
    /// The candidates shown under the line (after a Tab, or while typing).
    public private(set) var candidates: [String] = []
    private var cycle: (base: String, index: Int)?
    private let completer: CommandCompleter

    public init(completer: CommandCompleter) {
        self.completer = completer
        candidates = completer.completions(for: "")
    }

    public mutating func handle(_ key: Key, history: inout LineHistory) -> Outcome {
        switch key {
        case .escape:
            return .cancel
        case .enter:
            let line = editor.text.trimmingCharacters(in: .whitespaces)
            if !line.isEmpty { history.add(line) }
            return line.isEmpty ? .cancel : .submit(line)
        case .backspace where editor.text.isEmpty:
            return .cancel
        case .tab, .backTab:
            complete(backwards: key == .backTab)
            return .editing
        case .up:
            if let previous = history.previous(current: editor.text) { editor.set(previous) }
        case .down:
            editor.set(history.next() ?? "")
        default:
            guard editor.handle(key) else { return .editing }
        }
        cycle = nil
        candidates = completer.completions(for: editor.text)
        return .editing
    }

    /// First Tab: the common prefix of the candidates (or the only one);
    /// further Tabs cycle through them.
    private mutating func complete(backwards: Bool) {
        if let cycle, !candidates.isEmpty {
            let step = backwards ? candidates.count - 1 : 1
            let index = (cycle.index + step) % candidates.count
            self.cycle = (cycle.base, index)
            editor.set(candidates[index])
            return
        }
        let options = completer.completions(for: editor.text)
        candidates = options
        guard !options.isEmpty else { return }
        if options.count == 1 {
            editor.set(options[0].hasSuffix("=") ? options[0] : options[0] + " ")
            candidates = completer.completions(for: editor.text)
            return
        }
        let common = CommandCompleter.commonPrefix(options)
        if common.count > editor.text.count {
            editor.set(common)
        } else {
            cycle = (editor.text, 0)
            editor.set(options[0])
        }
    }
}
