/// A config mapping's values by key, for required and optional look-ups.
struct ConfigFields {
    let owner: ConfigNode
    let values: [String: ConfigNode]

    /// The value under `key`, unless it is absent or empty (`key: ~`).
    subscript(key: String) -> ConfigNode? {
        guard let value = values[key], !value.isNull else { return nil }
        return value
    }

    /// The value under `key`, which must be there.
    func required(_ key: String) throws(ConfigurationError) -> ConfigNode {
        guard let value = self[key] else { throw owner.failure("missing '\(key)'") }
        return value
    }
}
