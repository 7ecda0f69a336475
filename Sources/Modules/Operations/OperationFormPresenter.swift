import Foundation
import JSON
import Services
import TerminalUI
import Translations

/// One operation's form, then its answer. Enter sends (a write of a
/// read-only run is refused with one line; the production question comes
/// before the run's first write); the answer — status, headers and the body
/// as coloured JSON — replaces the form, and Esc goes back to the form to
/// send it again. The request goes through the service as any other, so
/// `:history` keeps it.
@MainActor
final class OperationFormPresenter: Screen {
    /// What the screen shows.
    enum Mode {
        case editing
        case confirming(WriteConfirmation)
        case sending
        case answered(RequestDetailPresenter)
    }

    let operation: ServiceOperation
    private(set) var form: Form
    private(set) var mode = Mode.editing
    private let api: any APIService
    private let shelf: OperationShelf
    private let context: ScreenContext
    private var task: Task<Void, Never>?

    init(
        operation: ServiceOperation, values: [String: String], api: any APIService, shelf: OperationShelf,
        context: ScreenContext
    ) {
        self.operation = operation
        self.form = OperationDraft.form(for: operation, values: values)
        self.api = api
        self.shelf = shelf
        self.context = context
    }

    var breadcrumb: String {
        let name = operation.segments.last { !ServiceOperation.isTemplate($0) } ?? operation.path
        return "\(operation.method) \(name)"
    }

    var capturesText: Bool {
        switch mode {
        case .editing, .confirming: true
        case .sending, .answered: false
        }
    }

    var isSending: Bool { if case .sending = mode { true } else { false } }

    /// The answer on screen, if any.
    var answer: RequestEntity? { if case .answered(let shown) = mode { shown.request } else { nil } }

    var status: ScreenStatus {
        if case .answered(let shown) = mode { return shown.status }
        return ScreenStatus(resource: breadcrumb, isLoading: isSending)
    }

    var help: [HelpSection] {
        if case .answered(let shown) = mode { return shown.help }
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
        task?.cancel()
        task = nil
        if isSending { mode = .editing }
    }

    func draw(on terminal: any Terminal, in rect: Rect, theme: Theme, tick: Int) {
        if case .answered(let shown) = mode {
            shown.draw(on: terminal, in: rect, theme: theme, tick: tick)
            return
        }
        guard rect.height > 0 else { return }
        let (titleLine, body) = rect.splitTop(1)
        let spinner = isSending ? Spinner.frame(tick: tick) + " " : ""
        let summary = operation.summary.map { " — \($0)" } ?? ""
        terminal.write(
            " " + spinner + TextSanitizer.clean(operation.title + summary), row: titleLine.row, col: titleLine.col,
            width: titleLine.width, style: theme.style(.columnHeader))
        form.draw(on: terminal, in: body, theme: theme)
        let box = form.frame(in: body)
        if let field = focusedField {
            // The focused field's hint under the box, in as many lines as it takes (three at most).
            let lines = Self.wrap(TextSanitizer.clean(OperationDraft.hint(field)), width: box.width)
            for (index, line) in lines.prefix(3).enumerated() where box.maxRow + index < body.maxRow {
                terminal.write(line, row: box.maxRow + index, col: box.col, width: box.width, style: theme.style(.dim))
            }
        }
        if case .confirming(let confirmation) = mode { confirmation.dialog.draw(on: terminal, in: rect, theme: theme) }
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

    /// The operation's field the form's focus is on.
    var focusedField: OperationField? {
        guard form.fields.indices.contains(form.focus) else { return nil }
        let key = form.fields[form.focus].key
        return operation.fields.first { OperationDraft.key($0) == key }
    }

    func handle(_ key: Key) -> ScreenCommand {
        switch mode {
        case .answered(let shown):
            guard key == .escape else { return shown.handle(key) }
            mode = .editing
            return .handled
        case .sending:
            return key == .escape ? .unhandled : .handled
        case .confirming(var confirmation):
            switch confirmation.handle(key) {
            case .typing:
                mode = .confirming(confirmation)
            case .cancelled:
                mode = .editing
                form.error = WriteConfirmation.cancelled
            case .confirmed:
                context.writeGuard.confirm()
                mode = .editing
                send()
            }
            return .handled
        case .editing:
            return edit(key)
        }
    }

    private func edit(_ key: Key) -> ScreenCommand {
        if key == .left || key == .right, let field = focusedField, !field.choices.isEmpty,
            let current = form.text(OperationDraft.key(field)),
            let next = OperationDraft.choice(after: current, in: field, step: key == .right ? 1 : -1)
        {
            form.fields[form.focus].kind = .text(LineEditor(next))
            return .handled
        }
        switch form.handle(key) {
        case .editing: return .handled
        case .cancel: return .pop
        case .submit:
            submit()
            return .handled
        }
    }

    /// Enter: the write guard first, then the request.
    private func submit() {
        form.error = nil
        guard operation.writes else { return send() }
        switch context.writeGuard.access {
        case .open: send()
        case .readOnly(let source): form.error = WriteAccess.refusal(source)
        case .confirmFirst: mode = .confirming(WriteConfirmation())
        }
    }

    private func send() {
        let request: OperationRequest
        do throws(OperationDraft.Invalid) {
            request = try OperationDraft.request(operation, from: form)
        } catch {
            form.error = error.message
            if let field = error.field { form.moveFocus(to: field) }
            return
        }
        shelf.remember(OperationDraft.values(of: form), method: request.method, path: request.path)
        mode = .sending
        let started = ContinuousClock.now
        let startedAt = context.now()
        task = Task { [weak self, api] in
            let result: Result<OperationAnswer, ServiceError>
            do throws(ServiceError) {
                result = .success(try await api.perform(request))
            } catch {
                result = .failure(error)
            }
            guard !Task.isCancelled, let self else { return }
            self.task = nil
            self.received(result, request: request, startedAt: startedAt, took: ContinuousClock.now - started)
        }
    }

    private func received(
        _ result: Result<OperationAnswer, ServiceError>, request: OperationRequest, startedAt: Date, took: Duration
    ) {
        switch result {
        case .success(let answer):
            let entity = OperationAnswerEntity.make(
                answer, request: request, startedAt: startedAt,
                milliseconds: Int(took.components.seconds) * 1000
                    + Int(took.components.attoseconds / 1_000_000_000_000_000))
            mode = .answered(RequestDetailPresenter(request: entity, context: context))
        case .failure(let error):
            mode = .editing
            form.error = error.message
        }
        context.setNeedsDisplay()
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
