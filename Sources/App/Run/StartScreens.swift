import Logging
import Modules
import Services
import TerminalUI

/// The screens of an interactive run while the service's OpenAPI document
/// may still change what they are made from — before the first frame (a
/// launch target waits for the document) or after it (a plain start draws
/// once the first list has its rows).
@MainActor
final class StartScreens {
    /// The router drawn now, which gets the keys.
    private(set) var router: AppRouter
    /// Screens made from the document's catalog after the first frame,
    /// held until their first screen has what it shows; then they replace
    /// ``router`` — unless a key comes first.
    private(set) var pending: AppRouter?
    /// What the screens were first made from (the configured catalog).
    private let first: AppRoot.Prepared
    private let terminal: any Terminal
    /// Set by the first key: from then on the screens are the user's, and a
    /// document that comes later no longer remakes them.
    private var keysHandled = false
    private var isStopped = false
    /// Another service's screens are shown (``suspend()``): nothing here
    /// draws until ``resume()``.
    private(set) var isSuspended = false
    /// The catalog ``router`` was made from.
    private(set) var shownCatalog: ResourceCatalog
    /// What of the service's description ``router``'s services were built for.
    private(set) var shownDescription: ServiceDescription
    /// ``router`` shows the first collections of a document still being
    /// read: the whole catalog replaces it even after keys, while the
    /// start screen is all there is.
    private var showsFirstCollections = false
    /// The document's reading (Esc stops it while it is under way).
    var reading: DocumentReading?
    /// Stops the reading of the document.
    var stopReading: () -> Void = {}
    /// The reading's progress as last shown on the status line.
    var progressLine: StatusMessage?
    /// The description that came after the user's keys, made again into
    /// ``pending`` around the open list (``ListCarry``): a key meanwhile makes
    /// it again from the list as that key left it.
    private var carrying: (prepared: AppRoot.Prepared, launch: LaunchTarget?)?
    /// What `:service` and `:env` on these screens do (given to every router made here).
    var onSwitch: (@MainActor (SwitchRequest) -> Void)? {
        didSet { router.onSwitch = onSwitch }
    }

    init(router: AppRouter, first: AppRoot.Prepared, terminal: any Terminal) {
        self.router = router
        self.first = first
        self.terminal = terminal
        self.shownCatalog = first.catalog
        self.shownDescription = first.services.description
    }

    /// A key: to the screens drawn now. Screens still being made from a
    /// late document are dropped (the user is already at work on these).
    /// Esc stops the document's reading while the user waits on it: before
    /// any other key, or while the start screen is all there is. Once the
    /// user is at work in the screens, Esc is theirs (it clears a search,
    /// goes back), however long the reading goes on.
    func handle(_ key: Key) -> Bool {
        if key == .escape, let reading, reading.isActive, !keysHandled || keepsPending {
            stopReading()
            return true
        }
        keysHandled = true
        guard !keepsPending else { return router.handle(key) }
        let dropped = pending
        dropped?.stopAll()
        pending = nil
        let again = carrying
        carrying = nil
        let handled = router.handle(key)
        if let again {
            describeAfterKeys(again.prepared, launch: again.launch)
        } else if dropped != nil {
            noteDocumentCameLate()
        }
        return handled
    }

    /// A description that came after the user's keys: the open list (on the
    /// start screen, nothing deeper) is made again from it, keeping its
    /// filter, sort and cursor (``ListCarry``), and replaces the visible one
    /// once it has its rows; other screens stay as they are (the log says so).
    private func describeAfterKeys(_ prepared: AppRoot.Prepared, launch: LaunchTarget?) {
        guard router.stack.count <= 2, let carry = (router.stack.last as? any CarriesList)?.carried,
            prepared.catalog[carry.resource] != nil
        else {
            noteDocumentCameLate()
            return
        }
        let made = make(
            prepared, launch: LaunchTarget(resource: carry.resource, id: nil, filters: carry.filters))
        (made.stack.last as? any CarriesList)?.adopt(carry)
        pending?.stopAll()
        pending = made
        carrying = (prepared, launch)
        first.logger.info(
            "description came after the first key: the open list is made again", metadata: ["list": "\(carry.resource)"]
        )
        made.whenReady { [weak self, weak made] in
            guard let self, let made, self.pending === made, !self.isStopped else { return }
            self.pending = nil
            self.carrying = nil
            self.replace(with: made, from: prepared, first: false)
            self.releaseCurrent()
        }
    }

    /// The whole catalog after the first collections waits through keys
    /// while only the start screen is open.
    private var keepsPending: Bool { showsFirstCollections && router.stack.count == 1 }

    /// Applies the document's outcome (`described`, with `launch` in its
    /// catalog): screens not drawn yet are made again from its catalog at
    /// once; drawn ones are replaced once the new ones are ready, while no
    /// key was pressed; after a key they stay (the log says the document
    /// came late: the user is at work on these screens). A catalog the
    /// document left as it was, on services built for the same
    /// description, changes no screen; its warning is shown.
    /// - Parameters:
    ///   - firstCollections: `described` holds the first collections of a
    ///     document still being read (dropped after a key, like a late document).
    ///   - stopped: the reading was stopped (Esc): the configured screens come back at once.
    func describe(
        _ described: AppRoot.Prepared, launch: LaunchTarget? = nil, firstCollections: Bool = false,
        stopped: Bool = false
    ) {
        guard !isStopped else { return }
        var prepared = described
        prepared.theme = first.theme
        guard prepared.catalog != shownCatalog || prepared.services.description != shownDescription else {
            if prepared.warnings.count > first.warnings.count, let warning = prepared.warnings.last {
                router.show(StatusMessage(warning, .warning))
            }
            showsFirstCollections = false
            return
        }
        let upgrades = keepsPending && !firstCollections
        // Screens of no resources (a service nobody described, while it is
        // looked at) have nothing to keep: replaced at once.
        let nothingShown = router.frameCount > 0 && shownCatalog.resources.isEmpty && !keysHandled
        if router.frameCount == 0 || stopped || nothingShown {
            replace(with: make(prepared, launch: launch), from: prepared, first: firstCollections)
            if stopped || nothingShown { releaseCurrent() }
        } else if keysHandled && !upgrades {
            describeAfterKeys(prepared, launch: launch)
        } else {
            let made = make(prepared, launch: launch)
            pending?.stopAll()
            pending = made
            // A key before these are ready makes them again around the list it leaves.
            carrying = firstCollections ? nil : (prepared, launch)
            made.whenReady { [weak self, weak made] in
                guard let self, let made, self.pending === made, !self.isStopped else { return }
                self.pending = nil
                self.carrying = nil
                self.replace(with: made, from: prepared, first: firstCollections)
                self.releaseCurrent()
            }
        }
    }

    /// The first frame of a plain start, once the first list has its rows:
    /// drawn when the list screen itself has them — one frame with the rows,
    /// not an empty one just before. Screens made again from the document
    /// meanwhile are drawn by ``describe(_:launch:)``'s caller instead.
    /// `shown` runs after that frame (or once it is no longer to be drawn).
    func releaseWhenShown(then shown: @escaping @Sendable () -> Void = {}) {
        let drawn = router
        drawn.whenReady { [weak self, weak drawn] in
            defer { shown() }
            guard let self, let drawn, drawn === self.router else { return }
            self.releaseCurrent()
        }
    }

    /// Draws the screens shown now, ready or not (the first frame's
    /// deadline): a document that comes later replaces them only once its
    /// own screens are ready, as after any first frame.
    func releaseCurrent() {
        guard !isStopped, !isSuspended else { return }
        router.releaseFrames()
    }

    /// Steps aside for another service (`:service`, `:env`): the screens
    /// stop and draw nothing, and stay as they are to come back to.
    func suspend() {
        guard !isStopped, !isSuspended else { return }
        isSuspended = true
        router.suspend()
    }

    /// Shows these screens again, exactly where they were left.
    func resume() {
        guard !isStopped, isSuspended else { return }
        isSuspended = false
        router.resume()
    }

    /// Stops every screen (the end of the run); a document that comes
    /// after that changes nothing.
    func stopAll() {
        isStopped = true
        pending?.stopAll()
        pending = nil
        router.stopAll()
    }

    private func make(_ prepared: AppRoot.Prepared, launch: LaunchTarget?) -> AppRouter {
        let made = AppRoot.makeRouter(prepared, terminal: terminal, launch: launch)
        made.startHeld()
        return made
    }

    private func replace(with made: AppRouter, from prepared: AppRoot.Prepared, first firstCollections: Bool) {
        router.stopAll()
        // A warning said on the screens replaced (the cache off, said once) stays said.
        if made.message == nil, let said = router.message, said.severity != .info { made.show(said) }
        router = made
        shownCatalog = prepared.catalog
        shownDescription = prepared.services.description
        showsFirstCollections = firstCollections
        AppRoot.showStorageFailures(of: first, on: made)
        AppRoot.showRedirects(of: prepared, on: made)
        AppRoot.connectSignIn(of: prepared, on: made)
        made.onSwitch = onSwitch
    }

    /// The log says so; the status line keeps what the user's keys said.
    private func noteDocumentCameLate() {
        first.logger.notice("openapi document came after the first key: the screens keep the configured catalog")
    }
}
