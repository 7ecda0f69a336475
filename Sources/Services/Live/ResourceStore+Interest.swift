import Foundation
import Networking

/// Who still wants the answer of each request in flight, by the request's id.
///
/// A load joins a request as a waiter; cancelling the load's task takes it
/// out. The resource's observers want it too. A load made on behalf of
/// observers before there were any (the first list's load at start, asked
/// before its screen looks) waits only until the resource has an observer:
/// from then on the observers stand for it, so the screen that stops
/// observing (its user pressed Esc, or left it) stops that request too,
/// unless another load or screen still waits.
struct FlightInterest {
    /// Loads whose callers were not cancelled, per request.
    private var waiters: [UUID: Set<UUID>] = [:]
    /// Loads for observers not yet observed, per resource key: waiter → request.
    private var standIns: [String: [UUID: UUID]] = [:]

    mutating func add(_ waiter: UUID, to flight: UUID, key: String, standingIn: Bool) {
        waiters[flight, default: []].insert(waiter)
        if standingIn { standIns[key, default: [:]][waiter] = flight }
    }

    /// Takes `waiter` out; `true` when nobody waits for `flight` any more.
    mutating func remove(_ waiter: UUID, from flight: UUID, key: String) -> Bool {
        guard waiters[flight] != nil else { return false }
        waiters[flight]?.remove(waiter)
        standIns[key]?[waiter] = nil
        return waiters[flight]?.isEmpty == true
    }

    /// The resource has an observer: it stands for the loads made for it.
    mutating func observed(_ key: String) {
        for (waiter, flight) in standIns.removeValue(forKey: key) ?? [:] { waiters[flight]?.remove(waiter) }
    }

    /// Whether `flight` is still out (joined and not landed).
    func isOut(_ flight: UUID) -> Bool {
        waiters[flight] != nil
    }

    /// Whether any load still waits for `flight`.
    func isWaited(_ flight: UUID) -> Bool {
        count(of: flight) > 0
    }

    /// How many loads wait for `flight`.
    func count(of flight: UUID) -> Int {
        waiters[flight]?.count ?? 0
    }

    /// `flight` answered (or failed): nothing to track any more.
    mutating func landed(_ flight: UUID) {
        waiters[flight] = nil
        for key in standIns.keys { standIns[key] = standIns[key]?.filter { $0.value != flight } }
        standIns = standIns.filter { !$0.value.isEmpty }
    }
}

extension ResourceStore {
    /// Registers a load of `flight`; returns the id it leaves by. A load for
    /// observers made while the resource has none stands in for them until
    /// one comes (see ``FlightInterest``).
    func join(_ flight: Flight, forObservers: Bool) -> UUID {
        let waiter = UUID()
        let observed = !(observers[flight.key]?.isEmpty ?? true)
        interest.add(waiter, to: flight.id, key: flight.key, standingIn: forObservers && !observed)
        return waiter
    }

    /// How many loads wait for the request of `request`'s URL in flight
    /// (`nil`: none is in flight), and how many screens observe it.
    func interest(in request: Request) -> (waiting: Int?, observing: Int) {
        let key = key(for: request)
        return (inFlight[key].map { interest.count(of: $0.id) }, observers[key]?.count ?? 0)
    }

    /// A load's task was cancelled: it waits no more.
    func leave(_ flight: Flight, waiter: UUID) {
        if interest.remove(waiter, from: flight.id, key: flight.key) { cancelIfUnwanted(flight) }
    }

    /// The last observer of `key` went: its requests nobody else waits for stop.
    func lastObserverLeft(_ key: String) {
        for flight in [inFlight[key], queued[key]].compactMap(\.self) { cancelIfUnwanted(flight) }
    }

    /// Cancels `flight` (the transfer, and its answer for everyone) when no
    /// load waits for it and nobody observes its resource, still so after
    /// ``stopGrace``. It then stops being the URL's request: a later load
    /// starts a new one.
    private func cancelIfUnwanted(_ flight: Flight) {
        guard isUnwanted(flight) else { return }
        if stopGrace == .zero { return cancel(flight) }
        Task {
            try? await Task.sleep(for: stopGrace)
            if isUnwanted(flight) { cancel(flight) }
        }
    }

    private func isUnwanted(_ flight: Flight) -> Bool {
        interest.isOut(flight.id) && !interest.isWaited(flight.id) && observers[flight.key]?.isEmpty ?? true
    }

    private func cancel(_ flight: Flight) {
        if inFlight[flight.key]?.id == flight.id { inFlight[flight.key] = nil }
        if queued[flight.key]?.id == flight.id { queued[flight.key] = nil }
        interest.landed(flight.id)
        logger.debug("request cancelled: nobody waits for it", metadata: ["url": "\(flight.key)"])
        flight.task.cancel()
    }
}
