/// The request inspector (`I`, `:requests`): this run's requests, newest
/// first; Enter shows one request's headers and body.
public enum InspectorModule {
    /// The table of the requests in `log`, updated while it is shown.
    @MainActor
    public static func build(log: any RequestLog, context: ScreenContext) -> any Screen {
        InspectorPresenter(log: log, state: InspectorScreenState(requests: log.requests()), context: context)
    }
}
