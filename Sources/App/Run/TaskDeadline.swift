extension Task where Failure == Never {
    /// Returns once this task has finished or `limit` has passed, whichever
    /// is first. Nothing is cancelled: the task runs on either way.
    func finished(orAfter limit: Duration) async {
        let latch = Latch()
        let timer = Task<Void, Never> {
            try? await Task<Never, Never>.sleep(for: limit)
            latch.open()
        }
        Task<Void, Never> {
            _ = await self.value
            latch.open()
            timer.cancel()
        }
        await latch.wait()
    }
}
