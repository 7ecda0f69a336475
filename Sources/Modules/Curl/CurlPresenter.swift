import Services
import TerminalUI
import Translations

/// The `:curl` dialog's `Screen`: the command (folded to the width), `y`
/// copies it whole; Esc is the router's (back).
@MainActor
final class CurlPresenter: Screen {
    /// What the dialog shows.
    enum Content: Equatable {
        case loading
        case command(String)
        case failed(String)
    }

    let shown: ShownRequest
    private let interactor: CurlInteractor
    private let context: ScreenContext
    private(set) var content = Content.loading
    private var task: Task<Void, Never>?

    init(shown: ShownRequest, interactor: CurlInteractor, context: ScreenContext) {
        self.shown = shown
        self.interactor = interactor
        self.context = context
    }

    var breadcrumb: String { "curl" }
    var capturesText: Bool { false }
    var status: ScreenStatus {
        ScreenStatus(resource: "curl", isLoading: content == .loading)
    }

    var help: [HelpSection] {
        let keys = context.bindings
        return [
            HelpSection(
                Texts.Curl.helpTitle,
                [
                    (keys.label(for: .copy), Texts.Curl.helpCopy),
                    (keys.label(for: .back), Texts.Curl.helpClose),
                ])
        ]
    }

    func start() {
        guard content == .loading, task == nil else { return }
        let shown = shown
        let interactor = interactor
        task = Task { [weak self] in
            let content: Content
            do throws(ServiceError) {
                content = .command(try await interactor.command(for: shown))
            } catch {
                content = .failed(error.message)
            }
            guard !Task.isCancelled, let self else { return }
            self.content = content
            self.task = nil
            self.context.setNeedsDisplay()
        }
    }

    func stop() {
        task?.cancel()
        task = nil
    }

    func draw(on terminal: any Terminal, in rect: Rect, theme: Theme, tick: Int) {
        CurlView.draw(content, on: terminal, in: rect, theme: theme, copyKey: context.bindings.label(for: .copy))
    }

    func handle(_ key: Key) -> ScreenCommand {
        guard context.bindings.action(for: key) == .copy else { return .unhandled }
        guard case .command(let command) = content else { return .handled }
        return .copy(command, description: Texts.Curl.copied)
    }
}
