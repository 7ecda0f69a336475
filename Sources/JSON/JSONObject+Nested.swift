extension JSONObject {
    /// A form's flat fields nested one level at the first dot:
    /// `{"book.title": "x", "id": 1}` → `{"book": {"title": "x"}, "id": 1}`,
    /// in the order the fields came. `droppingEmptyStrings`: a field whose
    /// value is `""` (a form field left empty) is left out, as gRPC's
    /// requests want (an unset proto3 field); GraphQL's inputs keep them.
    public func nested(droppingEmptyStrings: Bool = false) -> JSONObject {
        var result = JSONObject()
        for (key, value) in self {
            if droppingEmptyStrings, case .string("") = value { continue }
            let parts = key.split(separator: ".", maxSplits: 1).map(String.init)
            if parts.count == 2 {
                var inner = result[parts[0]]?.objectValue ?? JSONObject()
                inner[parts[1]] = value
                result[parts[0]] = .object(inner)
            } else {
                result[key] = value
            }
        }
        return result
    }
}
