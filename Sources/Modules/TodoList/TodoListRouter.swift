import Services

/// Where the todo list can go: a todo's detail.
@MainActor
struct TodoListRouter {
    let api: any APIService
    let context: ScreenContext

    func detail(for todo: TodoEntity) -> any Screen {
        TodoDetailModule.build(todo: todo, api: api, context: context)
    }
}
