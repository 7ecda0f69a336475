import Services

/// Runs the effects the list's transitions return and feeds their results
/// back as events.
///
/// A task that was cancelled (its load or search was replaced, or the screen
/// stopped) reports nothing: the check and the event happen in one turn of
/// the main actor, where cancelling happens too.
extension ResourceListPresenter {
    /// The pause before a local engine's search: about one frame.
    static let localSearchPause = Duration.milliseconds(10)

    func run(_ effect: ResourceListEffect) {
        switch effect {
        case .observe(let query, let force): observe(query, force: force)
        case .loadPage(let number, let query):
            load(.loadPage, query) {
                .morePageArrived(number, $0)
            } failed: {
                .pages(.moreFailed(number, $0))
            }
        case .loadWindowPage(let number, let query):
            load(.windowPage(number), query) {
                .windowPageArrived(number, $0)
            } failed: {
                .pages(.windowPageFailed(number, $0))
            }
        case .keepWindowPages(let numbers): cancelWindowPages(keeping: numbers)
        case .cancelPageLoad: tasks.cancel(.loadPage)
        case .scheduleSearch(let delay):
            // A local engine answers a search in milliseconds: no typing
            // pause, only long enough for the frame with the loaded rows
            // filtered to be drawn before the search's work competes with it.
            schedule(
                .search, after: context.searchesLocally ? Self.localSearchPause : delay, .filterSort(.searchPaused))
        case .cancelSearch: tasks.cancel(.search)
        case .prepareSearch: Task { [interactor] in await interactor.prepareSearch() }
        case .scheduleWatch(let delay): schedule(.watch, after: delay, .watchTimerFired)
        case .cancelWatch: tasks.cancel(.watch)
        case .revalidate(let query):
            tasks.run(.watch) { [weak self, interactor] in
                await interactor.refresh(query, force: true)
                guard !Task.isCancelled else { return }
                self?.receive(.watchFetchFinished)
            }
        case .cancelLoading:
            tasks.cancel(.observe)
            tasks.cancel(.loadPage)
            cancelWindowPages(keeping: [])
        case .update, .create, .delete: write(effect)
        case .allowWrites: context.writeGuard.confirm()
        case .askWrites(let id):
            tasks.run(.askWrites) { [weak self, interactor] in
                let methods = await interactor.allowedMethods(id)
                guard !Task.isCancelled else { return }
                self?.receive(.writesAnswered(methods))
            }
        }
    }

    /// Watches the first page of `query` (replacing the watch and any page
    /// loading) and loads it.
    private func observe(_ query: ListQuery, force: Bool) {
        tasks.cancel(.loadPage)
        cancelWindowPages(keeping: [])
        tasks.run(.observe) { [weak self, interactor] in
            let updates = await interactor.observe(query)
            // Watch first, then load: the watcher sees the load begin.
            // Stopped with the watch (Esc, the screen left): the store
            // then cancels the request unless another screen waits for it.
            let load = Task { await interactor.refresh(query, force: force) }
            await withTaskCancellationHandler {
                for await update in updates {
                    guard !Task.isCancelled else { return }
                    self?.receive(.firstPageUpdated(update))
                }
            } onCancel: {
                load.cancel()
            }
        }
    }

    /// Loads one page of `query` under `key`, replacing the load under it.
    private func load(
        _ key: TaskKey, _ query: ListQuery,
        arrived: @escaping @Sendable (ListPage) -> ResourceListEvent,
        failed: @escaping @Sendable (ServiceError) -> ResourceListEvent
    ) {
        tasks.run(key) { [weak self, interactor] in
            let event: ResourceListEvent
            do throws(ServiceError) {
                event = arrived(try await interactor.load(query))
            } catch {
                event = failed(error)
            }
            guard !Task.isCancelled else { return }
            self?.receive(event)
        }
    }

    /// Sends `event` after `delay` under `key`, replacing the schedule under it.
    private func schedule(_ key: TaskKey, after delay: Duration, _ event: ResourceListEvent) {
        tasks.run(key) { [weak self] in
            guard (try? await Task.sleep(for: delay)) != nil else { return }
            self?.receive(event)
        }
    }

    /// Cancels the loads of window pages not in `numbers`.
    private func cancelWindowPages(keeping numbers: Set<Int>) {
        tasks.cancel { key in
            if case .windowPage(let number) = key { !numbers.contains(number) } else { false }
        }
    }

    // Writes are never cancelled: a screen that left the stack still
    // settles what it sent (one write per record: the guard sends no second).

    /// Sends a write to the server; its answer comes back as an event.
    private func write(_ effect: ResourceListEffect) {
        switch effect {
        case .update(let id, let fields):
            let learnt = state.resource.learnsWrites ? state.resource : nil
            tasks.run(.write(id)) { [weak self, interactor] in
                do throws(ServiceError) {
                    let saved = try await interactor.update(id, fields, as: learnt)
                    self?.confirmed { .updateConfirmed(id: id, saved: saved, noticeForgets: $0) }
                } catch {
                    self?.receive(.writes(.answered(.updateRefused(id: id, error))))
                }
            }
        case .create(let placeholderID, let fields):
            tasks.run(.write(placeholderID)) { [weak self, interactor] in
                do throws(ServiceError) {
                    let saved = try await interactor.create(fields)
                    self?.confirmed { .createConfirmed(placeholderID: placeholderID, saved: saved, noticeForgets: $0) }
                } catch {
                    self?.receive(.writes(.answered(.createRefused(placeholderID: placeholderID, error))))
                }
            }
        case .delete(let id):
            tasks.run(.write(id)) { [weak self, interactor] in
                do throws(ServiceError) {
                    try await interactor.delete(id)
                    self?.confirmed { .deleteConfirmed(id: id, noticeForgets: $0) }
                } catch {
                    self?.receive(.writes(.answered(.deleteRefused(id: id, error))))
                }
            }
        default: return
        }
    }

    /// The server took a write: `event` is told whether to add, this once
    /// in the run, that the server forgets writes (asked only now, so the
    /// notice is spent on a write it is true of).
    private func confirmed(_ answer: (Bool) -> ListWrites.Answer) {
        receive(.writes(.answered(answer(firstNoticeThatTheServerForgetsWrites()))))
    }

    /// True the first time in this run that a server that forgets writes took one.
    private func firstNoticeThatTheServerForgetsWrites() -> Bool {
        !interactor.serverKeepsWrites && context.notices.first("server forgets writes")
    }
}
