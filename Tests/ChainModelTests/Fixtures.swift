@testable import ChainModel

/// A catalog of `count` images `img-1…img-count`, rated `id % 6`.
func makeCatalog(count: Int = 20) -> InMemoryCatalog {
    InMemoryCatalog(images: (1...count).map { Image(id: ImageID(Int64($0)), name: "image \($0).jpg", rating: Rating($0 % 6)!) })
}

func ids(_ raw: Int...) -> [ImageID] { raw.map { ImageID(Int64($0)) } }

/// The selection of `raw` ids, in order.
func selection(_ raw: Int...) -> ImageSelection { ImageSelection(raw.map { ImageID(Int64($0)) }) }

/// A batch giving each image its rating, one segment per image and value in order.
func ratings(_ pairs: (Int, Int)...) -> ChangeSet {
    ChangeSet(pairs.map { ImageChange(id: ImageID(Int64($0.0)), Rating($0.1)!) })
}

/// A session with its catalog that applies each successful command the way the server
/// does: catalog writes first, then the new session.
struct Harness {
    var session = Session()
    let catalog: InMemoryCatalog
    var dispatcher = CommandDispatcher.standard

    init(count: Int = 20) {
        catalog = makeCatalog(count: count)
    }

    /// Another session on `catalog`: a second editor.
    init(catalog: InMemoryCatalog) {
        self.catalog = catalog
    }

    @discardableResult
    mutating func send(
        _ action: String, _ arguments: Arguments = .empty, from start: ResponderPath? = nil, at now: Moment? = nil
    ) throws(CommandFailure) -> CommandOutcome {
        let outcome = try dispatcher.perform(
            Invocation(action: action, arguments: arguments), in: session, catalog: catalog, from: start, explain: true, now: now)
        return apply(outcome)
    }

    /// Performs `steps` as one batch.
    @discardableResult
    mutating func batch(_ steps: [(String, Arguments)], undoName: String? = nil) throws(CommandFailure) -> CommandOutcome {
        let steps = steps.map { BatchStep(Invocation(action: $0.0, arguments: $0.1)) }
        return apply(try dispatcher.perform(batch: steps, undoName: undoName, in: session, catalog: catalog, explain: true))
    }

    private mutating func apply(_ outcome: CommandOutcome) -> CommandOutcome {
        catalog.apply(outcome.changes)
        session = outcome.session
        return outcome
    }

    /// The names on the main window's undo stack, oldest first.
    var undoNames: [String] { session.window("main")?.undoStack.undoEntries.map(\.name) ?? [] }

    func validate(_ action: String, _ arguments: Arguments = .empty, from start: ResponderPath? = nil) -> Resolution {
        dispatcher.validate(Invocation(action: action, arguments: arguments), in: session, catalog: catalog, from: start, explain: true)
    }

    func rating(_ raw: Int) -> Int? { catalog.rating(of: ImageID(Int64(raw)))?.value }

}

/// Runs `body` expecting a command failure and returns its error.
func failure(_ body: () throws -> Void) -> CommandError? {
    do { try body() } catch let error as CommandFailure { return error.error } catch {}
    return nil
}

/// The validated item `id` among menu entries, depth first.
func validatedItem(_ entries: [ValidatedMenuEntry], _ id: String) -> ValidatedMenuItem? {
    for entry in entries {
        switch entry {
        case .item(let item) where item.item.id == id: return item
        case .submenu(_, _, let inner): if let found = validatedItem(inner, id) { return found }
        default: continue
        }
    }
    return nil
}
