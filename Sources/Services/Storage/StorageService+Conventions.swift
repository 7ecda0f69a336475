/// The convention a service was found in, kept for its next start
/// (``RememberedConvention``). A storage that keeps nothing of it answers
/// `nil`, and the start asks the service's root as on a first run.
extension StorageService {
    /// The convention remembered for a service (its cache namespace), if any.
    public func rememberedConvention(forService service: String) async -> RememberedConvention? { nil }

    /// Remembers the convention a service was found in, for its next start;
    /// `nil` forgets it (the root no longer speaks it).
    public func rememberConvention(_ remembered: RememberedConvention?, forService service: String) async {}
}
