import Networking

/// The networking layer's age wording ("5 min ago"), for screens, which see
/// only `Services`: one implementation for the log and the UI.
public typealias RelativeAge = Networking.RelativeAge
