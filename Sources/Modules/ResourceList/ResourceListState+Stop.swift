/// Esc while the list loads: the browser's Stop.
extension ResourceListState {
    /// The first page or a further page is on its way.
    var isLoadingAnything: Bool { isLoading || pages.isLoadingPages }

    /// Whether Esc stops the load: one the user waits for — nothing is
    /// shown yet, or the status bar shows its progress (`received` bytes of
    /// answers have come, as many as ``StoppedLoad/sizeFrom``). A quick check
    /// behind rows already shown is not: Esc then goes back, which stops
    /// the load as well.
    func escapeStopsLoading(received: Int) -> Bool {
        isLoadingAnything && (records.isEmpty || received >= StoppedLoad.sizeFrom)
    }

    /// Stops watching and loading (the first page, a further page, a
    /// scheduled server search, `:watch`), keeps the rows already here and
    /// says what was stopped; `received` is how many bytes had come. `r`
    /// loads again.
    mutating func stopLoading(received: Int) -> [ResourceListEffect] {
        guard isLoadingAnything else { return [] }
        isLoading = false
        _ = pages(.stopped)
        isObserving = false
        say(StoppedLoad.message(resource.name, received: received), .warning)
        return [.cancelLoading, .cancelSearch] + watch(.stopped)
    }
}
