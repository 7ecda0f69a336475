import Foundation
import Services
import TerminalUI

/// One operation's form, then its answer, as a value: the form, what the
/// screen shows (`mode`) and the answer (a child `RequestDetailState`,
/// reduced through `answerScope`). Keys come in with the run's write access
/// (it may change on another screen); sending, remembering the values and
/// the production `yes` are effects.
struct OperationFormState: ScreenState, Equatable, Sendable {
    /// What the screen shows.
    enum Mode: Equatable, Sendable {
        case editing
        case confirming(WriteConfirmation)
        case sending
        case answered
    }

    enum Event: Equatable, Sendable {
        /// A key of the form or of the question (what the run lets writes do, as it is now).
        case key(Key, writeAccess: WriteAccess)
        /// Esc on the answer: back to the form, to send it again.
        case closeAnswer
        /// The screen left: a request under way is dropped.
        case disappeared
        /// The answer came (as the inspector shows one).
        case answered(RequestEntity)
        /// The request failed (the reason, in words).
        case failed(String)
        /// An event of the answer's screen (a key scrolled it, a new size).
        case answer(RequestDetailState.Event)
    }

    enum Effect: Equatable, Sendable {
        /// Send `request`. Results: `.answered`, `.failed`.
        case perform(OperationRequest)
        /// Drop the request under way.
        case cancelPerform
        /// Keep the form's values for the next form of this operation (and a replay).
        case remember([String: String], method: String, path: String)
        /// The user typed `yes` to a production write: no screen asks again this run.
        case allowWrites
        /// Esc on the form: back to the list of operations.
        case close
    }

    let operation: ServiceOperation
    private(set) var form: Form
    private(set) var mode = Mode.editing
    /// The answer on screen (while `mode` is `.answered`).
    private(set) var answer: RequestDetailState?

    init(operation: ServiceOperation, values: [String: String]) {
        self.operation = operation
        form = OperationDraft.form(for: operation, values: values)
    }

    /// How the answer is held: its events in `.answer`, and it asks for no work.
    static var answerScope: Scope<Self, RequestDetailState> {
        Scope(state: \.answer!, embed: Event.answer) { if case .answer(let event) = $0 { event } else { nil } }
    }

    var isSending: Bool { mode == .sending }

    /// The operation's field the form's focus is on.
    var focusedField: OperationField? {
        guard form.fields.indices.contains(form.focus) else { return nil }
        let key = form.fields[form.focus].key
        return operation.fields.first { OperationDraft.key($0) == key }
    }

    mutating func apply(_ event: Event) -> [Effect] {
        if case .answer = event {
            guard answer != nil else { return [] }
            return Self.answerScope.reduce(&self, event) ?? []
        }
        switch event {
        case .key(let key, let access): return handle(key, access: access)
        case .closeAnswer:
            mode = .editing
            answer = nil
            return []
        case .disappeared:
            if isSending { mode = .editing }
            return [.cancelPerform]
        case .answered(let entity):
            mode = .answered
            answer = RequestDetailState(request: entity)
            return []
        case .failed(let reason):
            mode = .editing
            form.error = reason
            return []
        case .answer: return []
        }
    }

    private mutating func handle(_ key: Key, access: WriteAccess) -> [Effect] {
        switch mode {
        case .answered, .sending:
            return []
        case .confirming(var confirmation):
            switch confirmation.handle(key) {
            case .typing:
                mode = .confirming(confirmation)
                return []
            case .cancelled:
                mode = .editing
                form.error = WriteConfirmation.cancelled
                return []
            case .confirmed:
                mode = .editing
                return [.allowWrites] + send()
            }
        case .editing:
            return edit(key, access: access)
        }
    }

    private mutating func edit(_ key: Key, access: WriteAccess) -> [Effect] {
        if key == .left || key == .right, let field = focusedField, !field.choices.isEmpty,
            let current = form.text(OperationDraft.key(field)),
            let next = OperationDraft.choice(after: current, in: field, step: key == .right ? 1 : -1)
        {
            form.fields[form.focus].kind = .text(LineEditor(next))
            return []
        }
        switch form.handle(key) {
        case .editing: return []
        case .cancel: return [.close]
        case .submit: return submit(access: access)
        }
    }

    /// Enter: the write guard first, then the request.
    private mutating func submit(access: WriteAccess) -> [Effect] {
        form.error = nil
        guard operation.writes else { return send() }
        switch access {
        case .open: return send()
        case .readOnly(let source):
            form.error = WriteAccess.refusal(source)
            return []
        case .confirmFirst:
            mode = .confirming(WriteConfirmation())
            return []
        }
    }

    private mutating func send() -> [Effect] {
        let request: OperationRequest
        do throws(OperationDraft.Invalid) {
            request = try OperationDraft.request(operation, from: form)
        } catch {
            form.error = error.message
            if let field = error.field { form.moveFocus(to: field) }
            return []
        }
        mode = .sending
        return [
            .remember(OperationDraft.values(of: form), method: request.method, path: request.path), .perform(request),
        ]
    }
}
