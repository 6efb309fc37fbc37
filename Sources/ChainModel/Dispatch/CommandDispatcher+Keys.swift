extension CommandDispatcher {
    /// What takes `key` now: walking the chain from the first responder, the first responder
    /// whose kind binds the key and which can perform the bound action (its own walk for the
    /// action ends at it, or below it through a redirect); when none does, the menu item
    /// whose key equivalent it is; `nil` when nothing takes it.
    public func resolve(key: KeyEquivalent, in scope: ValidationScope, explain: Bool = false) -> KeyResolution? {
        resolve(key: key, in: scope, explain: explain, preparing: false)?.key
    }

    /// The key's resolution and, for a binding, the walk that found its performer (made to
    /// perform when `preparing`, so performing does not walk again).
    private func resolve(
        key: KeyEquivalent, in scope: ValidationScope, explain: Bool, preparing: Bool
    ) -> (key: KeyResolution, walk: Resolution?)? {
        var trace: [TraceStep] = []
        let session = scope.session
        var next: ResponderPath? = session.firstResponder
        while let path = next {
            next = path.parent
            guard let slot = session.slot(of: path) else { continue }
            // The responder's own handlers' bindings first, newest first, then its kind's.
            var bound = scope.remote.contributes ? scope.remote.keyBindings(at: path, kind: slot.kind).filter { $0.key == key } : []
            if let binding = keys.bindings.binding(for: key, on: slot.kind) { bound.append(binding) }
            guard !bound.isEmpty else {
                if explain { trace.append(TraceStep(responder: path, hasHandler: false, verdict: .noKeyBinding)) }
                continue
            }
            for binding in bound {
                let invocation = binding.invocation
                let walk = resolve(
                    invocation.action, invocation.arguments, column: registry.column(of: invocation.action), in: scope, from: path,
                    explain: explain, preparing: preparing)
                if Self.performs(walk, at: path) {
                    return (KeyResolution(source: .binding(binding), invocation: invocation, start: path, trace: trace), walk)
                }
                // Bound here, but this responder cannot perform it: what it said, and on up.
                if explain, let step = walk.trace.first { trace.append(step) }
            }
        }
        let item = keys.menuBar?.item(forKey: key.key, modifiers: key.modifiers)
            ?? (scope.remote.contributes ? scope.remote.contributedItem(forKey: key) : nil)
        guard let item else { return nil }
        return (KeyResolution(source: .menuItem(item), invocation: item.invocation, start: nil, trace: trace), nil)
    }

    /// Performs what `key` resolves to (`resolve(key:)`), from the responder that took it.
    /// Nothing takes it: `notFound`; the responder that took it validates it disabled:
    /// `disabled`, and nothing is performed.
    public func perform(
        key: KeyEquivalent, in session: Session, catalog: any CatalogReading, remote: RemoteHandlers = .none,
        explain: Bool = false, now: Moment? = nil
    ) throws(CommandFailure) -> CommandOutcome {
        let scope = self.scope(session: session, catalog: catalog, remote: remote)
        guard let (resolution, walk) = resolve(key: key, in: scope, explain: explain, preparing: true) else {
            throw CommandFailure(.notFound(kind: .key, name: key.description, field: "key"))
        }
        var outcome: CommandOutcome
        if let walk {
            // A binding: its walk was made to perform, from the responder that took the key.
            outcome = try perform(
                resolution.invocation, resolved: walk, in: session, catalog: catalog, from: resolution.start, now: now,
                values: contextValues(from: resolution.start ?? session.firstResponder, in: session)
            )
        } else {
            outcome = try perform(resolution.invocation, in: session, catalog: catalog, remote: remote, explain: explain, now: now)
        }
        if explain { outcome.trace = resolution.trace + outcome.trace }
        outcome.key = resolution
        outcome.remoteCall?.key = resolution
        if explain { outcome.remoteCall?.trace = outcome.trace }
        return outcome
    }

    /// Every key that does something now, for `session`'s current chain: the bindings of the
    /// responders on it that can perform their action, nearest first (a key bound nearer the
    /// first responder shadows the same key further up), then the menu key equivalents no
    /// binding shadows whose walk finds a performer. Disabled ones are listed as such.
    public func keySheet(in scope: ValidationScope) -> [KeySheetEntry] {
        var entries: [KeySheetEntry] = []
        var taken = Set<KeyEquivalent>()
        let session = scope.session
        let remote = scope.remote
        var next: ResponderPath? = session.firstResponder
        while let path = next {
            next = path.parent
            guard let slot = session.slot(of: path) else { continue }
            let own = remote.contributes ? remote.keyBindings(at: path, kind: slot.kind) : []
            for binding in own + keys.bindings.bindings(on: slot.kind) where !taken.contains(binding.key) {
                let walk = resolve(binding.invocation, in: scope, from: path)
                guard Self.performs(walk, at: path), let performer = walk.target else { continue }
                taken.insert(binding.key)
                entries.append(KeySheetEntry(
                    key: binding.key, invocation: binding.invocation, responder: performer,
                    title: binding.handler == nil ? keys.title(of: binding) : binding.title ?? binding.invocation.action,
                    enabled: walk.isEnabled, source: .binding))
            }
        }
        let contributed = remote.contributes ? remote.contributedItems.map(\.item) : []
        for item in (keys.menuBar?.allItems ?? []) + contributed {
            guard let key = item.keyEquivalent, !taken.contains(key) else { continue }
            let walk = resolve(item.invocation, in: scope)
            guard let performer = walk.target else { continue }
            taken.insert(key)
            entries.append(KeySheetEntry(
                key: key, invocation: item.invocation, responder: performer, title: item.title, enabled: walk.isEnabled,
                source: .menu))
        }
        return entries
    }

    /// Whether a walk from `path` ended at `path` or below it (a redirect to its content),
    /// rather than passing the action up.
    private static func performs(_ walk: Resolution, at path: ResponderPath) -> Bool {
        guard let target = walk.target else { return false }
        return target == path || !path.isWithin(target)
    }
}
