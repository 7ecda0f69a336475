import Foundation
import Modules
import Services

/// The request history as `:history` reads it: the cache's requests of
/// this environment and base URL, as `RequestEntity` values.
struct StoredRequestLog: RequestHistory {
    let recorder: RequestHistoryRecorder
    let storage: any StorageService

    func requests() async -> [RequestEntity] {
        // What this run recorded a moment ago is written first.
        await recorder.flush()
        let stored = await storage.recentRequests(namespace: recorder.namespace, limit: StoredRequest.kept)
        return stored.enumerated().map { index, request in Self.entity(request, id: stored.count - index) }
    }

    static func entity(_ request: StoredRequest, id: Int) -> RequestEntity {
        let answer: RequestEntity.Answer
        switch request.answer {
        case "revalidated": answer = .revalidated
        case "fake": answer = .fake
        default: answer = .network
        }
        let headers = { (fields: [[String]]) in
            fields.compactMap { $0.count == 2 ? RequestEntity.Header($0[0], $0[1]) : nil }
        }
        var entity = RequestEntity(
            id: id, startedAt: request.startedAt, method: request.method, target: request.target,
            status: request.status, failure: request.failure, answer: answer, milliseconds: request.milliseconds,
            bytes: request.bytes, requestHeaders: headers(request.requestHeaders),
            responseHeaders: headers(request.responseHeaders), body: request.body)
        entity.requestBody = request.requestBody
        return entity
    }
}
