import Services

/// Loads one todo fresh from the server.
struct TodoDetailInteractor: Sendable {
    let api: any APIService

    func load(id: Int) async throws(ServiceError) -> TodoEntity {
        TodoEntity(try await api.todo(id: id))
    }
}
