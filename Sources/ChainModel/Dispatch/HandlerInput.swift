/// The state one validation pass reads: a session and the catalog, with results that many
/// items of one menu would otherwise compute again (the rating histogram of a selection).
public final class ValidationScope {
    public let session: Session
    public let catalog: any CatalogReading
    private var histograms: [ResponderPath: RatingHistogram] = [:]

    public init(session: Session, catalog: any CatalogReading) {
        self.session = session
        self.catalog = catalog
    }

    func histogram(of target: some RatingTarget) -> RatingHistogram {
        if let known = histograms[target.path] { return known }
        let histogram = catalog.histogram(of: target.ratedImages)
        histograms[target.path] = histogram
        return histogram
    }
}

/// What a handler's validate part is given: the responder the walk reached, the
/// command's arguments, and read access to the session and catalog.
public struct HandlerInput {
    public let responder: any Responder
    public let arguments: Arguments
    public let scope: ValidationScope

    public var session: Session { scope.session }
    public var catalog: any CatalogReading { scope.catalog }

    /// Counts per rating over `target`'s images, computed once per validation pass.
    public func histogram(of target: some RatingTarget) -> RatingHistogram {
        scope.histogram(of: target)
    }
}
