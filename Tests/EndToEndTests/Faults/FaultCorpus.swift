import TestSupport

/// The faults every read (list, detail, relation, reload) goes through, and
/// what the user must see: the error line, or the data when the answer,
/// however odd, can be shown.
enum FaultCorpus {
    enum Outcome {
        /// A one-line error with “r to retry”.
        case error
        /// No error: the answer is shown (text expected on screen).
        case shows(String)
    }

    /// Faults that spoil every answer (always), with the expected outcome.
    static let reads: [(NetworkFault, Outcome)] = [
        (.malformedJSON, .error),
        (.truncatedBody, .error),
        // json-server ids may be strings: a list of them is still a list.
        (.wrongTypes(.idsAsStrings), .shows("linen lantern")),
        (.wrongTypes(.titlesAsNumbers), .error),
        (.wrongTypes(.arraysForObjects), .error),
        (.emptyBody, .error),
        (.htmlPage(status: 200), .error),
        (.htmlPage(status: 500), .error),
        (.resetBeforeHeaders, .error),
        (.resetMidBody, .error),
        (.status(500), .error),
        (.status(502), .error),
        (.retryAfter(seconds: 1), .error),
        // Decoded leniently: each bad byte shows as U+FFFD.
        (.invalidUTF8, .shows("\u{FFFD}")),
        (.deepNesting, .error),
        (.hugeStrings, .shows("huge64k huge64k")),
        // Control characters are not allowed in a field value (RFC 9110):
        // SwiftNIO's parser refuses the answer, so it is an error line, and
        // no escape reaches the screen either way.
        (.escapesInHeaders, .error),
    ]

    /// Faults that spoil one request only: the retry (or nothing) hides them.
    static let transient: [NetworkFault] = [.status(503), .retryAfter(seconds: 1), .resetBeforeHeaders]

    /// Faults a write meets (once): it must be rolled back with a message.
    static let writes: [NetworkFault] = [
        .status(500), .status(503), .htmlPage(status: 200), .htmlPage(status: 500), .resetBeforeHeaders,
        .resetMidBody, .truncatedBody, .malformedJSON, .emptyBody, .deepNesting, .wrongTypes(.arraysForObjects),
        .retryAfter(seconds: 1),
    ]
}
