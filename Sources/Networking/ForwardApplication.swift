/// Precedence of `|>`: left-associative, binding tighter than assignment and
/// looser than everything else, so `let r = a |> f |> g` reads left to right.
precedencegroup ForwardApplication {
    associativity: left
    higherThan: AssignmentPrecedence
}

/// Forward application: `value |> transform` is `transform(value)`.
infix operator |> : ForwardApplication

/// Applies `transform` to `value`; lets request decorators chain left to right.
///
/// A throwing transform makes the whole expression throw its error type.
public func |> <Input, Output, Failure: Error>(
    value: Input,
    transform: (Input) throws(Failure) -> Output
) throws(Failure) -> Output {
    try transform(value)
}
