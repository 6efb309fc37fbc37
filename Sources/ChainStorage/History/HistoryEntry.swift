import ChainModel

/// One image's line in the catalog's history, as read back: who changed it, through which
/// session and action, when, and the values of the attributes that changed.
package struct HistoryEntry: Sendable, Equatable {
    /// The entry's place in the history, newer entries higher: the next page's cursor.
    package var serial: Int64
    package var principal: String
    package var session: String
    package var action: String
    /// Milliseconds since 1970, UTC.
    package var time: Int64
    package var before: AttributeValues
    package var after: AttributeValues

    package init(serial: Int64, principal: String, session: String, action: String, time: Int64, before: AttributeValues, after: AttributeValues) {
        self.serial = serial
        self.principal = principal
        self.session = session
        self.action = action
        self.time = time
        self.before = before
        self.after = after
    }
}
