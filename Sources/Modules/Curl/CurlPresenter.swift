import Services
import TerminalUI
import Translations

/// The `:curl` dialog's `Screen`: a loop around `CurlState` (the command
/// folded to the width, `y` copies it whole; Esc is the router's: back).
@MainActor
final class CurlPresenter: Screen {
    typealias Content = CurlState.Content

    private(set) var state: CurlState
    private let interactor: CurlInteractor
    private let context: ScreenContext
    private let tasks = EffectRunner<TaskKey>()

    enum TaskKey: Hashable {
        case build
    }

    init(shown: ShownRequest, interactor: CurlInteractor, context: ScreenContext) {
        state = CurlState(shown: shown)
        self.interactor = interactor
        self.context = context
    }

    var shown: ShownRequest { state.shown }
    var content: Content { state.content }
    var breadcrumb: String { "curl" }
    var capturesText: Bool { false }
    var status: ScreenStatus {
        ScreenStatus(resource: "curl", isLoading: state.content == .loading)
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

    func start() { send(.appeared) }
    func stop() { send(.disappeared) }
    func resize(to rect: Rect) {}

    func draw(on terminal: any Terminal, in rect: Rect, theme: Theme, tick: Int) {
        CurlView.draw(state.content, on: terminal, in: rect, theme: theme, copyKey: context.bindings.label(for: .copy))
    }

    func handle(_ key: Key) -> ScreenCommand {
        guard context.bindings.action(for: key) == .copy else { return .unhandled }
        guard case .command(let command) = state.content else { return .handled }
        return .copy(command, description: Texts.Curl.copied)
    }

    // MARK: - The loop
    private func send(_ event: CurlState.Event) {
        for effect in state.apply(event) {
            switch effect {
            case .build(let shown):
                tasks.run(.build) { [weak self, interactor] in
                    let event: CurlState.Event
                    do throws(ServiceError) {
                        event = .built(try await interactor.command(for: shown))
                    } catch {
                        event = .failed(error.message)
                    }
                    guard !Task.isCancelled else { return }
                    self?.send(event)
                    self?.context.setNeedsDisplay()
                }
            case .cancelBuild:
                tasks.cancel(.build)
            }
        }
    }
}
