import Services

/// The detail of one todo: every field, pretty-printed.
public enum TodoDetailModule {
    @MainActor
    public static func build(todo: TodoEntity, api: any APIService, context: ScreenContext) -> any Screen {
        TodoDetailPresenter(todo: todo, interactor: TodoDetailInteractor(api: api), context: context)
    }
}
