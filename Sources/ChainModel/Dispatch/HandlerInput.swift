/// The state one validation pass reads: a session and the catalog, with results that many
/// items of one menu would otherwise compute again (the histograms of a selection).
public final class ValidationScope {
    public let session: Session
    private let base: any CatalogReading
    /// How many times validation read the catalog, directly or through a histogram (kept
    /// or not): what tells a menu item whose state follows the catalog from one that does
    /// not, so a catalog change re-validates only the former.
    @exclusivity(unchecked) public private(set) var catalogReads = 0

    /// The catalog; every read is counted.
    public var catalog: any CatalogReading {
        catalogReads &+= 1
        return base
    }
    /// The session's remote handlers, asked before anything registered on a responder.
    public let remote: RemoteHandlers
    /// Whether `remote` has any handler, read once: a walk asks at every responder, and
    /// reading it through `remote` would copy (retain and release) its lists each time.
    let hasRemoteHandlers: Bool
    /// A pass meets one image target, rarely two, and asks it of one to three attributes:
    /// the first histogram is kept in place and any others in a list, so most passes
    /// allocate little for this. Accesses are short and never overlap, and a scope serves
    /// one thread, so the exclusivity checks a class property would get at run time are
    /// left out.
    private typealias Known = (path: ResponderPath, attribute: Int, histogram: ValueHistogram)
    @exclusivity(unchecked) private var first: Known?
    @exclusivity(unchecked) private var others: [Known] = []

    /// What the application responder provides to a command's context (`RoleKey`), asked
    /// the first time a catalog write validates in this pass.
    private let applicationProviders: [Behavior.Entry<ContextProvider>]
    /// What the role the application provides says of catalog writes, kept as one byte: every
    /// catalog write of a menu pass asks.
    @exclusivity(unchecked) private var readOnly: Bool?

    /// A scope whose application provides no context: nothing in it is read-only.
    public convenience init(session: Session, catalog: any CatalogReading, remote: RemoteHandlers = .none) {
        self.init(session: session, catalog: catalog, remote: remote, applicationProviders: [])
    }

    /// `readOnly`, when the caller knows it already (a command, which reads the chain's
    /// context before its walk), spares the pass asking the application.
    init(
        session: Session, catalog: any CatalogReading, remote: RemoteHandlers, applicationProviders: [Behavior.Entry<ContextProvider>],
        readOnly: Bool? = nil
    ) {
        self.session = session
        self.base = catalog
        self.remote = remote
        self.applicationProviders = applicationProviders
        self.readOnly = readOnly
        hasRemoteHandlers = !remote.isEmpty
    }

    /// The values the application responder (registered for its kind, then attached to it)
    /// contributes to a command's context, as the perform part will see them.
    public var applicationContext: ContextValues {
        var values = ContextValues()
        for entry in applicationProviders { entry.value.provide(.app, session, &values) }
        if let own = session.attachments.behavior(at: .app) {
            for entry in own.providers { entry.value.provide(.app, session, &values) }
        }
        return values
    }

    /// Whether the role the application provides forbids catalog writes (a viewer's).
    public var isReadOnly: Bool {
        if let readOnly { return readOnly }
        return askApplication()
    }

    /// Out of line: once a pass, and kept out of every catalog write's validation.
    @inline(never)
    private func askApplication() -> Bool {
        let found = Self.isReadOnly(applicationContext)
        readOnly = found
        return found
    }

    /// Whether the application's context `values` forbid catalog writes.
    static func isReadOnly(_ values: ContextValues) -> Bool {
        values[RoleKey.self].map { !$0.mayWriteCatalog } ?? false
    }

    func histogram(of target: some ImageTarget, _ attribute: Attribute) -> ValueHistogram {
        catalogReads &+= 1
        let path = target.path
        let slot = attribute.slot
        if let first, first.attribute == slot, first.path == path { return first.histogram }
        if let known = others.first(where: { $0.attribute == slot && $0.path == path }) { return known.histogram }
        let histogram = base.histogram(of: target.targetImages, attribute)
        let known: Known = (path: path, attribute: slot, histogram: histogram)
        if first == nil { first = known } else { others.append(known) }
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

    /// Whether the context the chain provides makes catalog writes read-only (a viewer's
    /// session): every catalog write's validation asks, and answers `Validation.readOnly`.
    public var isReadOnly: Bool { scope.isReadOnly }

    /// Counts per value of `attribute` over `target`'s images, computed once per
    /// validation pass.
    public func histogram(of target: some ImageTarget, _ attribute: Attribute) -> ValueHistogram {
        scope.histogram(of: target, attribute)
    }
}
