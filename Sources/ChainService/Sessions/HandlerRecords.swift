import ChainModel
import ChainStorage

/// A session's remote handlers with the bookkeeping that stores them: how often they changed
/// (counted into the session's version), how many were ever made (ids are never reused),
/// the record as this instance last stored or read it, and its records still on their way
/// to storage. Pure: `LiveSession` holds it beside the model, under the model's lock, since
/// the version clients see is the model's and the handlers' together.
package struct HandlerRecords: Sendable {
    package private(set) var handlers: [RemoteHandler]
    /// The controls the session's clients watch (`PUT …/watches`), stored with the handlers.
    package private(set) var watches: [WatchedControl]
    package private(set) var changes: Int
    package private(set) var made: Int
    /// The record as this instance last stored it or read it from storage: a different one
    /// read back was stored by another instance.
    package private(set) var seen: [UInt8]
    /// Records of this instance's on their way to storage: until they land, what storage
    /// holds is older than what is here.
    package private(set) var writesInFlight = 0

    package init(_ record: RemoteHandlerCoding.Record = .init(), seen: [UInt8] = []) {
        handlers = record.handlers
        watches = record.watches
        changes = record.changes
        made = record.made
        self.seen = seen
    }

    /// Runs `change` on the handlers with the next free id; when they changed, counts the
    /// change and returns the new record to store (the caller calls `landed` once it did).
    package mutating func update<T>(
        model: Session, _ change: (inout RemoteHandlers, _ model: Session, _ nextID: () -> String) throws -> T
    ) rethrows -> (result: T, record: [UInt8]?) {
        var updated = RemoteHandlers(handlers, watches: watches)
        var made = made
        let result = try change(&updated, model) {
            made += 1
            return "h-\(made)"
        }
        self.made = made
        guard updated.handlers != handlers || updated.watches != watches else { return (result, nil) }
        handlers = updated.handlers
        watches = updated.watches
        changes += 1
        seen = RemoteHandlerCoding.encode(RemoteHandlerCoding.Record(handlers: handlers, watches: watches, changes: changes, made: made))
        writesInFlight += 1
        return (result, seen)
    }

    /// A record `update` handed to storage has landed there, or failed to.
    package mutating func landed() { writesInFlight -= 1 }

    /// Drops the handlers of responders `model` no longer has (a closed window's).
    package mutating func keepOnly(respondersOf model: Session) {
        guard handlers.contains(where: { !model.contains($0.responder) }) else { return }
        handlers.removeAll { !model.contains($0.responder) }
        changes += 1
    }

    /// Takes `other`, as another instance stored it, when it is newer: a record other than
    /// the one this instance last stored or read, with none of ours on its way to storage
    /// (the same one means storage has nothing newer than what is here).
    package mutating func adopt(_ other: HandlerRecords) {
        if other.seen != seen, writesInFlight == 0 {
            handlers = other.handlers
            watches = other.watches
            changes = max(other.changes, changes + 1)
            seen = other.seen
        }
        made = max(made, other.made)
    }
}
