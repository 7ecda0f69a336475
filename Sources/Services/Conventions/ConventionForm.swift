import JSON

/// The new/edit form and the `Space` toggle of a collection a convention
/// found without a schema (HAL, Django REST, JSON:API): one field per
/// scalar of its first record, typed by the value it holds.
enum ConventionForm {
    /// A field per scalar member of `sample` but those in `skipped` (the
    /// id, a self `url`): a bool is a toggle, a number a number field (one
    /// holding a fraction takes fractions), a string or null a text field.
    /// Objects and arrays (`_links`) are not written from a form.
    static func fields(of sample: JSONValue?, skipping skipped: Set<String> = ["id"]) -> [ResourceDescriptor.FormField]
    {
        guard case .object(let row)? = sample else { return [] }
        return row.compactMap { key, value -> ResourceDescriptor.FormField? in
            guard !skipped.contains(key) else { return nil }
            switch value {
            case .bool: return ResourceDescriptor.FormField(key, .bool)
            case .int: return ResourceDescriptor.FormField(key, .number)
            case .double: return ResourceDescriptor.FormField(key, .number, fractions: true)
            case .string, .null: return ResourceDescriptor.FormField(key, .text)
            default: return nil
            }
        }
    }

    /// `descriptor` with the form of `sample` and, when the form has a
    /// bool, the first one as its `Space` toggle.
    static func writable(
        _ descriptor: ResourceDescriptor, sample: JSONValue?, skipping skipped: Set<String> = ["id"]
    ) -> ResourceDescriptor {
        var descriptor = descriptor
        descriptor.formFields = fields(of: sample, skipping: skipped)
        if let flag = descriptor.formFields.first(where: { $0.kind == .bool })?.field {
            descriptor.toggle = ResourceDescriptor.Toggle(field: flag, on: flag, off: "not \(flag)")
        }
        return descriptor
    }
}

extension ResourceDescriptor {
    /// This collection with the form and toggle of `sample` (one of its
    /// records): what a collection nobody described takes once its service
    /// says its records take writes.
    public func writable(likeRecord sample: JSONValue) -> ResourceDescriptor {
        ConventionForm.writable(self, sample: sample, skipping: [idField])
    }

    /// Its route (json-server's, for a collection known by its name), an
    /// update sent as a `PUT` of the whole record: what a service whose
    /// records take `PUT` and no `PATCH` needs.
    public func replacingOnUpdate() -> ResourceRoute {
        var route = route ?? .named(name)
        route.replacesOnUpdate = true
        return route
    }
}
