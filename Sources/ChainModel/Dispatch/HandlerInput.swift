/// The state one validation pass reads: a session and the catalog, with results that many
/// items of one menu would otherwise compute again (the rating histogram of a selection).
public final class ValidationScope {
    public let session: Session
    public let catalog: any CatalogReading
    /// A pass meets one rating target, rarely two: the first is kept in place and any
    /// others in a list, so most passes allocate nothing for this. Accesses are short and
    /// never overlap, and a scope serves one thread, so the exclusivity checks a class
    /// property would get at run time are left out.
    @exclusivity(unchecked) private var first: (path: ResponderPath, histogram: RatingHistogram)?
    @exclusivity(unchecked) private var others: [(path: ResponderPath, histogram: RatingHistogram)] = []

    public init(session: Session, catalog: any CatalogReading) {
        self.session = session
        self.catalog = catalog
    }

    func histogram(of target: some RatingTarget) -> RatingHistogram {
        let path = target.path
        if let first, first.path == path { return first.histogram }
        if let known = others.first(where: { $0.path == path }) { return known.histogram }
        let histogram = catalog.histogram(of: target.ratedImages)
        if first == nil { first = (path: path, histogram: histogram) } else { others.append((path: path, histogram: histogram)) }
        return histogram
    }
}

/// What a handler's validate part is given: the responder the walk reached, the
/// command's arguments, and read access to the session and catalog.
public struct HandlerInput {
    /// Where the reached responder sits in `session`.
    let slot: ResponderSlot
    public let arguments: Arguments
    public let scope: ValidationScope

    init(slot: ResponderSlot, arguments: Arguments, scope: ValidationScope) {
        self.slot = slot
        self.arguments = arguments
        self.scope = scope
    }

    /// The responder the walk reached.
    public var responder: any Responder { scope.session.responder(in: slot) }
    public var session: Session { scope.session }
    public var catalog: any CatalogReading { scope.catalog }

    /// The reached responder as a command's `Performer`, without boxing it first.
    func performer<Performer>(as type: Performer.Type) -> Performer? {
        scope.session.performer(in: slot, as: type)
    }

    /// Counts per rating over `target`'s images, computed once per validation pass.
    public func histogram(of target: some RatingTarget) -> RatingHistogram {
        scope.histogram(of: target)
    }
}
