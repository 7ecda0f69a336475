import Foundation
import JSON
import JSONServerCore

/// One scenario of the json-server conformance suite: a few requests against
/// a fresh copy of ``ConformanceFixture``, each with what the answer must be.
///
/// The same cases run against `JSONServerEngine` directly and over real HTTP
/// against `trestle serve`, so both stay json-server compatible together.
public struct ConformanceCase: Sendable, CustomStringConvertible {
    /// One request and its expected answer.
    public struct Step: Sendable {
        public var method: String
        /// Path and query, e.g. `/todos?_page=2&_limit=5`.
        public var target: String
        public var body: String?
        public var headers: [String: String]
        /// Sends `If-None-Match` with the `ETag` answered at this (1-based) step.
        public var ifNoneMatchOfStep: Int?
        public var expect: Expectation

        public init(
            _ method: String, _ target: String, body: String? = nil, headers: [String: String] = [:],
            ifNoneMatchOfStep: Int? = nil, expect: Expectation
        ) {
            self.method = method
            self.target = target
            self.body = body
            self.headers = headers
            self.ifNoneMatchOfStep = ifNoneMatchOfStep
            self.expect = expect
        }
    }

    /// What an answer must look like; unset parts are not checked.
    public struct Expectation: Sendable {
        public var status: Int
        /// Ids of a list body in order, or `[id]` of an object body.
        public var ids: [Int]?
        /// Values at dotted paths of the body (array indices allowed).
        public var fields: [(path: String, value: JSONValue)]
        /// Exact header values; `{base}` stands for the server's base URL.
        public var headers: [(name: String, value: String)]
        /// Headers that must be absent.
        public var absent: [String]
        /// Text the body must contain.
        public var bodyContains: String?
        /// The body must be exactly this JSON.
        public var json: JSONValue?
        /// The body must be empty.
        public var emptyBody: Bool

        public init(
            status: Int, ids: [Int]? = nil, fields: [(path: String, value: JSONValue)] = [],
            headers: [(name: String, value: String)] = [], absent: [String] = [], bodyContains: String? = nil,
            json: JSONValue? = nil, emptyBody: Bool = false
        ) {
            self.status = status
            self.ids = ids
            self.fields = fields
            self.headers = headers
            self.absent = absent
            self.bodyContains = bodyContains
            self.json = json
            self.emptyBody = emptyBody
        }
    }

    /// A short behaviour name, e.g. `paging sets X-Total-Count and Link`.
    public var name: String
    /// Run against a read-only server.
    public var readOnly: Bool
    public var steps: [Step]

    public init(_ name: String, readOnly: Bool = false, steps: [Step]) {
        self.name = name
        self.readOnly = readOnly
        self.steps = steps
    }

    public var description: String { name }
}
