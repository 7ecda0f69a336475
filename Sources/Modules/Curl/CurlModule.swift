import Services

/// `:curl`: a dialog with the curl command that repeats the request of the
/// screen below it; `y` copies it.
public enum CurlModule {
    @MainActor
    public static func build(_ shown: ShownRequest, api: any APIService, context: ScreenContext) -> any Screen {
        CurlPresenter(shown: shown, interactor: CurlInteractor(api: api), context: context)
    }
}

/// Asks the service for the request as sent and writes it as a command.
struct CurlInteractor: Sendable {
    let api: any APIService

    func command(for shown: ShownRequest) async throws(ServiceError) -> String {
        CurlCommand.render(try await api.requestText(shown.resource, shown.request))
    }
}
