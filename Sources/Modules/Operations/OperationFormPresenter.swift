import Foundation
import JSON
import Services
import TerminalUI
import Translations

/// One operation's form, then its answer: a loop around
/// `OperationFormState`. Enter sends (a write of a read-only run is refused
/// with one line; the production question comes before the run's first
/// write); the answer — status, headers and the body as coloured JSON —
/// replaces the form, and Esc goes back to the form to send it again. The
/// request goes through the service as any other, so `:history` keeps it.
@MainActor
final class OperationFormPresenter: Screen {
    private(set) var state: OperationFormState
    private let api: any APIService
    private let shelf: OperationShelf
    private let context: ScreenContext
    private let tasks = EffectRunner<TaskKey>()

    enum TaskKey: Hashable {
        case perform
    }

    init(
        operation: ServiceOperation, values: [String: String], api: any APIService, shelf: OperationShelf,
        context: ScreenContext
    ) {
        state = OperationFormState(operation: operation, values: values)
        self.api = api
        self.shelf = shelf
        self.context = context
    }

    var operation: ServiceOperation { state.operation }
    var form: Form { state.form }

    var breadcrumb: String {
        let name = operation.segments.last { !ServiceOperation.isTemplate($0) } ?? operation.path
        return "\(operation.method) \(name)"
    }

    var capturesText: Bool {
        switch state.mode {
        case .editing, .confirming: true
        case .sending, .answered: false
        }
    }

    var isSending: Bool { state.isSending }

    /// The answer on screen, if any.
    var answer: RequestEntity? { state.answer?.request }

    var status: ScreenStatus {
        if let answer = state.answer { return RequestDetailPresenter.status(answer) }
        return ScreenStatus(resource: breadcrumb, isLoading: isSending)
    }

    var help: [HelpSection] {
        if state.answer != nil { return RequestDetailPresenter.help(context.bindings) }
        return [
            HelpSection(
                Texts.Operations.formHelpTitle,
                [
                    (Key.tab.label + " / " + Key.backTab.label, Texts.Operations.helpFields),
                    (Key.left.label + " " + Key.right.label, Texts.Operations.helpChoices),
                    (Key.enter.label, Texts.Operations.helpSend), (Key.escape.label, Texts.Help.back),
                ])
        ]
    }

    func start() {}

    func stop() {
        send(.disappeared)
    }

    func resize(to rect: Rect) {
        if let answer = state.answer, answer.area != rect { send(.answer(.resized(rect))) }
    }

    func draw(on terminal: any Terminal, in rect: Rect, theme: Theme, tick: Int) {
        OperationFormView.draw(state, on: terminal, in: rect, theme: theme, tick: tick)
    }

    func handle(_ key: Key) -> ScreenCommand {
        switch state.mode {
        case .answered:
            if key == .escape { return send(.closeAnswer) }
            guard let answer = state.answer,
                let event = RequestDetailPresenter.event(for: key, in: answer, bindings: context.bindings)
            else { return .unhandled }
            return send(.answer(event))
        case .sending:
            return key == .escape ? .unhandled : .handled
        case .editing, .confirming:
            return send(.key(key, writeAccess: context.writeGuard.access))
        }
    }

    // MARK: - The loop

    /// Applies `event` and runs the effects it asks for; returns what the
    /// router should do (back to the list of operations, or nothing more).
    @discardableResult
    private func send(_ event: OperationFormState.Event) -> ScreenCommand {
        var command = ScreenCommand.handled
        for effect in state.apply(event) {
            switch effect {
            case .perform(let request): perform(request)
            case .cancelPerform: tasks.cancel(.perform)
            case .remember(let values, let method, let path): shelf.remember(values, method: method, path: path)
            case .allowWrites: context.writeGuard.confirm()
            case .close: command = .pop
            }
        }
        return command
    }

    private func perform(_ request: OperationRequest) {
        let started = ContinuousClock.now
        let startedAt = context.now()
        tasks.run(.perform) { [weak self, api] in
            let event: OperationFormState.Event
            do throws(ServiceError) {
                let answer = try await api.perform(request)
                let took = ContinuousClock.now - started
                event = .answered(
                    OperationAnswerEntity.make(
                        answer, request: request, startedAt: startedAt,
                        milliseconds: Int(took.components.seconds) * 1000
                            + Int(took.components.attoseconds / 1_000_000_000_000_000)))
            } catch {
                event = .failed(error.message)
            }
            guard !Task.isCancelled, let self else { return }
            self.send(event)
            self.context.setNeedsDisplay()
        }
    }
}

/// Draws an operation's form (its title, the fields, the focused field's
/// hint, the production question over it) or its answer: a function of the
/// state and the rect.
@MainActor
enum OperationFormView {
    static func draw(_ state: OperationFormState, on terminal: any Terminal, in rect: Rect, theme: Theme, tick: Int) {
        if let answer = state.answer {
            RequestDetailView.draw(answer, on: terminal, in: rect, theme: theme)
            return
        }
        guard rect.height > 0 else { return }
        let operation = state.operation
        let (titleLine, body) = rect.splitTop(1)
        let spinner = state.isSending ? Spinner.frame(tick: tick) + " " : ""
        let summary = operation.summary.map { " — \($0)" } ?? ""
        terminal.write(
            " " + spinner + TextSanitizer.clean(operation.title + summary), row: titleLine.row, col: titleLine.col,
            width: titleLine.width, style: theme.style(.columnHeader))
        state.form.draw(on: terminal, in: body, theme: theme)
        let box = state.form.frame(in: body)
        if let field = state.focusedField {
            // The focused field's hint under the box, in as many lines as it takes (three at most).
            let lines = wrap(TextSanitizer.clean(OperationDraft.hint(field)), width: box.width)
            for (index, line) in lines.prefix(3).enumerated() where box.maxRow + index < body.maxRow {
                terminal.write(line, row: box.maxRow + index, col: box.col, width: box.width, style: theme.style(.dim))
            }
        }
        if case .confirming(let confirmation) = state.mode {
            confirmation.dialog.draw(on: terminal, in: rect, theme: theme)
        }
    }

    /// `text` in lines of at most `width` cells, broken between words.
    static func wrap(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            let candidate = line.isEmpty ? String(word) : line + " " + word
            if TextWidth.of(candidate) <= width || line.isEmpty {
                line = candidate
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}

/// An operation's answer as the inspector's request screen shows one.
enum OperationAnswerEntity {
    static func make(_ answer: OperationAnswer, request: OperationRequest, startedAt: Date, milliseconds: Int)
        -> RequestEntity
    {
        let query = request.query.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
        let sent = request.headers.map { RequestEntity.Header($0.name, $0.value) }
        return RequestEntity(
            id: 0, startedAt: startedAt, method: request.method,
            target: request.path + (query.isEmpty ? "" : "?" + query), status: answer.status, answer: .network,
            milliseconds: milliseconds, bytes: answer.body.count, requestHeaders: sent,
            responseHeaders: answer.headers.map { RequestEntity.Header($0.name, $0.value) }, body: answer.body)
    }
}
