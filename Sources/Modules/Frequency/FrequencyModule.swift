import Services

/// The frequency table (`:freq FIELD`, `F` on a list): the distinct values
/// of one field over a list's loaded rows, with counts, shares and bars;
/// Enter opens the list filtered to the value.
public enum FrequencyModule {
    /// Builds the table of `field` over `source` (a list's rows, its filter applied).
    @MainActor
    public static func build(
        source: ExportSource, field: String, navigator: ResourceNavigator, context: ScreenContext
    ) -> any Screen {
        FrequencyPresenter(
            state: FrequencyState(source: source, field: field), router: FrequencyRouter(navigator: navigator),
            context: context)
    }
}

/// Where the frequency table goes: the list of one value.
@MainActor
struct FrequencyRouter {
    let navigator: ResourceNavigator

    /// `resource` filtered to `filters` (the counted list's and `completed=true`), on the server.
    func list(_ resource: ResourceDescriptor, filters: [ListQuery.Filter]) -> any Screen {
        navigator.list(resource, filters: filters)
    }
}
