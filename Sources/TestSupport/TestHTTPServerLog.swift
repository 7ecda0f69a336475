/// The requests a server has received, safe to read from any task.
actor TestHTTPServerLog {
    private(set) var requests: [TestHTTPRequest] = []

    func record(_ request: TestHTTPRequest) {
        requests.append(request)
    }
}
