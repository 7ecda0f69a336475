import Foundation
import JSON
import JSONServerCore

/// Keeps `trestle serve --data FILE` and FILE in step, both ways, and never
/// writes over what the user put in FILE.
///
/// - Every acknowledged write is in FILE before its answer goes out:
///   ``save(through:)`` returns once a version at least as new as the
///   write's is on disk. Writes that arrive while a save is running wait for
///   the next one, which covers all of them (a group commit: one rename per
///   batch, however many writers).
/// - An outside change to FILE (an editor, `git checkout`) is picked up by
///   ``checkForOutsideChange()``, which the watch loop calls a few times a
///   second and every write calls first (``admitWrite()``): valid JSON
///   replaces what is served; anything else (bad JSON, an unreadable or
///   deleted file) is refused with one line naming the position, the last
///   good data stays for reads, and writes are refused until FILE is usable
///   again. A save never replaces a file that changed since Trestle last
///   wrote or read it (``DataFile/replace(with:expected:)``).
actor DataFileKeeper {
    /// What one look at the file found.
    enum Change: Equatable, Sendable {
        case none
        /// The file changed outside and its data is now served.
        case reloaded(String)
        /// The file changed outside but cannot be used; the old data stays.
        case refused(String)
    }

    /// Why FILE cannot be served as it is on disk, and the look that said so.
    private struct Problem {
        /// The file's identity then (`nil`: it was gone).
        var seen: DataFile.Identity?
        /// One line naming the file (and the position, for bad JSON).
        var reason: String
    }

    private let file: DataFile
    private let engine: LockedJSONServer
    /// The newest version known to be in the file.
    private var durable: UInt64
    /// The file as Trestle last wrote or read it.
    private var known: DataFile.Identity?
    /// Set while FILE as it is on disk cannot be served: writes are refused.
    private var problem: Problem?
    private var saving: Task<Result<Void, DataFile.WriteError>, Never>?
    /// How many times the file was replaced (batches, not writes).
    private(set) var saves = 0

    init(url: URL, engine: LockedJSONServer) {
        file = DataFile(url: url)
        self.engine = engine
        durable = engine.snapshot().version
        known = file.identity()
    }

    /// Returns once the data of `version` (or newer) is in the file.
    func save(through version: UInt64) async throws(DataFile.WriteError) {
        while durable < version {
            // A save already running may or may not cover this version: wait
            // for it and look again; the next save covers everyone waiting.
            let task = saving ?? startSaving()
            if case .failure(let error) = await task.value, durable < version { throw error }
        }
    }

    /// Looks at the file before a write: what changed (to report), and why
    /// the write must be refused, if FILE as it is on disk is not usable.
    func admitWrite() -> (change: Change, refusal: String?) {
        let change = checkForOutsideChange()
        return (change, problem?.reason)
    }

    /// Writes the data as it is now; the task settles the keeper's state
    /// (on the actor) before it completes, so waiters see the outcome.
    private func startSaving() -> Task<Result<Void, DataFile.WriteError>, Never> {
        let (snapshotVersion, database) = engine.snapshot()
        let file = self.file
        let expected = known
        let task = Task { () -> Result<Void, DataFile.WriteError> in
            let written = await Task.detached { () -> Result<DataFile.Identity?, DataFile.WriteError> in
                var bytes = database.data(pretty: true)
                bytes.append(0x0A)
                do throws(DataFile.WriteError) {
                    return .success(try file.replace(with: bytes, expected: expected))
                } catch {
                    return .failure(error)
                }
            }.value
            self.saving = nil
            switch written {
            case .success(let identity):
                self.durable = max(self.durable, snapshotVersion)
                self.known = identity
                self.saves += 1
                return .success(())
            case .failure(let error):
                return .failure(error)
            }
        }
        saving = task
        return task
    }

    /// Looks at the file once; reloads or refuses an outside change.
    func checkForOutsideChange() -> Change {
        // While a save runs the file is Trestle's own; its identity is known when the save ends.
        guard saving == nil else { return .none }
        let now = file.identity()
        let path = file.url.path
        if now == known {
            // Put back as Trestle last saw it (moved away and back).
            guard problem != nil else { return .none }
            problem = nil
            return .reloaded("\(path) is back as last saved; writes are accepted again")
        }
        if let problem, problem.seen == now { return .none }
        guard let now else {
            problem = Problem(seen: nil, reason: "\(path) was deleted or moved")
            return .refused(
                "\(path) was deleted or moved; still serving the last good data; writes are refused until it is back")
        }
        return load(now)
    }

    /// Reads FILE (whose identity is `now`) and serves it, or refuses it.
    private func load(_ now: DataFile.Identity) -> Change {
        let path = file.url.path
        let data: Data
        do {
            data = try Data(contentsOf: file.url)
        } catch {
            problem = Problem(seen: now, reason: "\(path) cannot be read")
            return .refused(
                "\(path) changed but cannot be read; still serving the last good data; "
                    + "writes are refused until it is fixed")
        }
        // Caught in the middle of an editor's write: look again next time.
        guard file.identity() == now else { return .none }
        do {
            let database = try JSONDatabase(data: data)
            engine.replace(with: database)
            durable = engine.snapshot().version
            known = now
            problem = nil
            let summary = database.summary.map { "\($0.name) (\($0.count))" }.joined(separator: ", ")
            return .reloaded("\(path) changed: now serving \(summary)")
        } catch {
            problem = Problem(seen: now, reason: "\(path) is not usable (\(error))")
            return .refused(
                "\(path) changed but is not usable (\(error)); still serving the last good data; "
                    + "writes are refused until it is fixed")
        }
    }
}
