import Services

/// What a `:` command line asks for.
public enum AppCommand: Equatable, Sendable {
    /// `:posts`, `:users 3`, `:todos userId=2 completed=false`,
    /// `:books year>=1990 title~lantern id in 1,2,3`.
    case open(resource: String, id: String?, filters: [ListQuery.Filter])
    /// `:export csv FILE`, `:export json FILE`.
    case export(RecordFormat, path: String)
    /// `:freq FIELD`: the frequency table of FIELD over the list on top.
    case frequency(field: String)
    /// `:requests`: the request inspector.
    case requests
    /// `:curl`: the curl command that repeats the screen's request.
    case curl
    /// `:history`: the requests of earlier runs too (kept in the cache).
    case history
    /// `:ops`: the operations of the record shown, or of the service.
    case operations
    /// `:goto 100000` (a row, from 1) or `:goto 50%` of the list on top.
    case goto(row: Int, percent: Bool)
    /// `:watch 5`: re-fetch the screen every 5 seconds; `:watch off` (`nil`) stops.
    case watch(seconds: Int?)
    /// `:service NAME`: browse another service of the config file (each
    /// keeps its own screens to come back to).
    case service(name: String)
    /// `:env NAME`: the current service in another environment (fake,
    /// development, production).
    case environment(name: String)
    /// `:jq EXPR` (the rest of the line): narrow the record or list on top
    /// to what the expression selects; `nil` (`:jq` alone) shows all again.
    case jq(String?)
    /// `:columns` (`nil`: list them), `:columns hide NAME`, `show NAME`,
    /// `move NAME N`, `width NAME N`, `add PATH`.
    case columns(ColumnChange?)
    /// `:view save NAME`: keep the list's columns, sort, filter and watch.
    case saveView(name: String)
    /// `:view NAME` (`default`: the configured columns).
    case showView(name: String)
    /// `:views`: the views saved for the list's collection.
    case views
    /// `:resources` (the start screen).
    case resources
    /// `:curl-open`: a dialog to paste a curl command into, whose list or
    /// record opens on an ad-hoc service.
    case curlOpen
    /// `:help`.
    case help
    /// `:q`, `:quit`.
    case quit
    /// `:logout`: forget the signed-in person's tokens (the next request asks to sign in again).
    case logout
}
