import Foundation
import JSON
import JSONServerCore

/// The small, hand-written database the conformance cases run against:
/// 3 users, 4 posts, 6 comments, 12 todos and a singular `profile`.
public enum ConformanceFixture {
    /// The fixture as `db.json` text.
    public static let json = """
        {
          "users": [
            {"id": 1, "name": "Ada Lovelace", "username": "ada", "address": {"city": "London", "geo": {"lat": "51.5"}}},
            {"id": 2, "name": "Grace Hopper", "username": "grace", "address": {"city": "New York"}},
            {"id": 3, "name": "Alan Turing", "username": "alan", "address": {"city": "London"}}
          ],
          "posts": [
            {"userId": 1, "id": 1, "title": "Engines of analysis", "views": 120},
            {"userId": 1, "id": 2, "title": "notes on numbers", "views": 45},
            {"userId": 2, "id": 3, "title": "Compilers for everyone", "views": 300},
            {"userId": 3, "id": 4, "title": "Computable numbers", "views": 45}
          ],
          "comments": [
            {"postId": 1, "id": 1, "body": "Lovely"},
            {"postId": 1, "id": 2, "body": "Visionary"},
            {"postId": 2, "id": 3, "body": "Numbers!"},
            {"postId": 3, "id": 4, "body": "Finally"},
            {"postId": 3, "id": 5, "body": "A-0 rocks"},
            {"postId": 4, "id": 6, "body": "Halting?"}
          ],
          "todos": [
            {"userId": 1, "id": 1, "title": "buy milk", "completed": false},
            {"userId": 1, "id": 2, "title": "Write report", "completed": true},
            {"userId": 1, "id": 3, "title": "call Grace", "completed": false},
            {"userId": 1, "id": 4, "title": "água e café ☕", "completed": true},
            {"userId": 2, "id": 5, "title": "debug the compiler", "completed": true},
            {"userId": 2, "id": 6, "title": "Buy stamps", "completed": false},
            {"userId": 2, "id": 7, "title": "review 日本語 docs", "completed": true},
            {"userId": 2, "id": 8, "title": "plan trip", "completed": false},
            {"userId": 3, "id": 9, "title": "break codes", "completed": true},
            {"userId": 3, "id": 10, "title": "BUY bread", "completed": false},
            {"userId": 3, "id": 11, "title": "run marathon", "completed": true},
            {"userId": 3, "id": 12, "title": "write paper", "completed": false}
          ],
          "profile": {"name": "fixture"}
        }
        """

    /// The fixture parsed; it is a constant, so failing to parse is a bug in this file.
    public static func database() throws -> JSONDatabase {
        try JSONDatabase(data: Data(json.utf8))
    }
}
