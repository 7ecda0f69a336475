import Services

/// The todo list screen: a table of todos with filter, sort, toggle and reload.
public enum TodoListModule {
    /// Builds the screen over `api`, listing what `query` selects.
    @MainActor
    public static func build(api: any APIService, context: ScreenContext, query: ListQuery = ListQuery())
        -> any Screen
    {
        TodoListPresenter(
            interactor: TodoListInteractor(api: api, query: query),
            router: TodoListRouter(api: api, context: context),
            context: context)
    }
}
