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
        case .observe(let query, let force):
            cancel(.observe)
            cancel(.loadPage)
            cancelWindowPages(keeping: [])
            tasks[.observe] = Task { [weak self, interactor] in
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
        case .loadPage(let number, let query):
            cancel(.loadPage)
            tasks[.loadPage] = Task { [weak self, interactor] in
                let event: ResourceListEvent
                do throws(ServiceError) {
                    event = .morePageArrived(number, try await interactor.load(query))
                } catch {
                    event = .morePageFailed(number, error)
                }
                guard !Task.isCancelled else { return }
                self?.tasks[.loadPage] = nil
                self?.receive(event)
            }
        case .loadWindowPage(let number, let query):
            cancel(.windowPage(number))
            tasks[.windowPage(number)] = Task { [weak self, interactor] in
                let event: ResourceListEvent
                do throws(ServiceError) {
                    event = .windowPageArrived(number, try await interactor.load(query))
                } catch {
                    event = .windowPageFailed(number, error)
                }
                guard !Task.isCancelled else { return }
                self?.tasks[.windowPage(number)] = nil
                self?.receive(event)
            }
        case .keepWindowPages(let numbers):
            cancelWindowPages(keeping: numbers)
        case .cancelPageLoad:
            cancel(.loadPage)
        case .scheduleSearch(let delay):
            cancel(.search)
            // A local engine answers a search in milliseconds: no typing
            // pause, only long enough for the frame with the loaded rows
            // filtered to be drawn before the search's work competes with it.
            let pause = context.searchesLocally ? Self.localSearchPause : delay
            tasks[.search] = Task { [weak self] in
                guard (try? await Task.sleep(for: pause)) != nil else { return }
                self?.tasks[.search] = nil
                self?.receive(.searchDebounceFired)
            }
        case .cancelSearch:
            cancel(.search)
        case .prepareSearch:
            Task { [interactor] in await interactor.prepareSearch() }
        case .scheduleWatch(let delay):
            cancel(.watch)
            tasks[.watch] = Task { [weak self] in
                guard (try? await Task.sleep(for: delay)) != nil else { return }
                self?.tasks[.watch] = nil
                self?.receive(.watchTimerFired)
            }
        case .cancelWatch:
            cancel(.watch)
        case .revalidate(let query):
            cancel(.watch)
            tasks[.watch] = Task { [weak self, interactor] in
                await interactor.refresh(query, force: true)
                guard !Task.isCancelled else { return }
                self?.tasks[.watch] = nil
                self?.receive(.watchFetchFinished)
            }
        case .cancelLoading:
            cancel(.observe)
            cancel(.loadPage)
            cancelWindowPages(keeping: [])
        case .update(let id, let fields):
            tasks[.write(id)] = Task { [weak self, interactor] in
                do throws(ServiceError) {
                    let saved = try await interactor.update(id, fields)
                    self?.confirmed(.write(id)) { .updateConfirmed(id: id, saved: saved, noticeForgets: $0) }
                } catch {
                    self?.refused(.write(id), .updateRefused(id: id, error))
                }
            }
        case .create(let placeholderID, let fields):
            tasks[.write(placeholderID)] = Task { [weak self, interactor] in
                do throws(ServiceError) {
                    let saved = try await interactor.create(fields)
                    self?.confirmed(.write(placeholderID)) {
                        .createConfirmed(placeholderID: placeholderID, saved: saved, noticeForgets: $0)
                    }
                } catch {
                    self?.refused(.write(placeholderID), .createRefused(placeholderID: placeholderID, error))
                }
            }
        case .delete(let id):
            tasks[.write(id)] = Task { [weak self, interactor] in
                do throws(ServiceError) {
                    try await interactor.delete(id)
                    self?.confirmed(.write(id)) { .deleteConfirmed(id: id, noticeForgets: $0) }
                } catch {
                    self?.refused(.write(id), .deleteRefused(id: id, error))
                }
            }
        case .allowWrites:
            context.writeGuard.confirm()
        }
    }

    private func cancel(_ key: TaskKey) {
        tasks.removeValue(forKey: key)?.cancel()
    }

    /// Cancels the loads of window pages not in `numbers`.
    private func cancelWindowPages(keeping numbers: Set<Int>) {
        for key in tasks.keys {
            if case .windowPage(let number) = key, !numbers.contains(number) { cancel(key) }
        }
    }

    // Writes are never cancelled: a screen that left the stack still
    // settles what it sent.

    /// The server took a write: `event` is told whether to add, this once
    /// in the run, that the server forgets writes (asked only now, so the
    /// notice is spent on a write it is true of).
    private func confirmed(_ key: TaskKey, _ event: (Bool) -> ResourceListEvent) {
        tasks[key] = nil
        receive(event(firstNoticeThatTheServerForgetsWrites()))
    }

    private func refused(_ key: TaskKey, _ event: ResourceListEvent) {
        tasks[key] = nil
        receive(event)
    }

    /// True the first time in this run that a server that forgets writes took one.
    private func firstNoticeThatTheServerForgetsWrites() -> Bool {
        !interactor.serverKeepsWrites && context.notices.first("server forgets writes")
    }
}
