extension HandlerRegistry {
    /// The built-in behaviour of every session: the actions of the v1 contract on their
    /// responder kinds, the context each responder contributes, and the windows'
    /// supplemental targets.
    public static let standard: HandlerRegistry = {
        var registry = HandlerRegistry()
        for kind in [ResponderKind.viewer, .grid, .compare] {
            for type in Attribute.types { type.registerSetCommand(in: &registry, on: kind) }
            registry.register(IncreaseRating.self, on: kind)
            registry.register(DecreaseRating.self, on: kind)
        }
        registry.register(Select.self, on: .grid)
        registry.register(SelectAll.self, on: .grid)
        registry.register(DeselectAll.self, on: .grid)
        registry.register(OpenImage.self, on: .grid)
        registry.register(OpenInNewWindow.self, on: .grid)
        registry.register(MoveSelection.self, on: .grid)
        registry.register(SetLayout.self, on: .grid)
        registry.register(SetFilter.self, on: .grid)
        registry.register(SetSort.self, on: .grid)
        registry.register(CompareImages.self, on: .grid)
        registry.register(CloseViewer.self, on: .viewer)
        registry.register(NextImage.self, on: .viewer)
        registry.register(PreviousImage.self, on: .viewer)
        registry.register(MakeSelect.self, on: .compare)
        registry.register(SwapSelect.self, on: .compare)
        registry.register(StepCandidate<NextCandidate>.self, on: .compare)
        registry.register(StepCandidate<PreviousCandidate>.self, on: .compare)
        registry.register(RemoveFromCompare.self, on: .compare)
        registry.register(SetZoom.self, on: .compare)
        registry.register(CloseCompare.self, on: .compare)
        registry.register(CloseWindow.self, on: .window)
        registry.register(Undo.self, on: .window)
        registry.register(Redo.self, on: .window)
        registry.register(ToggleAutoAdvance.self, on: .window)
        registry.register(Follow.self, on: .window)
        registry.register(Unfollow.self, on: .window)
        registry.register(Focus.self, on: .application)
        registry.register(NewWindow.self, on: .application)

        // The providers read single fields of the window in place: copying a whole
        // `Window` out of the session costs a retain per field, three times a command.
        registry.register(.provider(ContextProvider { path, session, values in
            guard let index = session.windowIndex(of: path.string) else { return }
            values[WindowKey.self] = (id: session.windows[index].id, kind: session.windows[index].windowKind)
        }), on: .window)
        registry.register(.provider(ContextProvider { path, session, values in
            guard let id = path.windowID, let index = session.windowIndex(of: id),
                  let selection = session.windows[index].grid?.selection else { return }
            values[SelectionKey.self] = selection
        }), on: .grid)
        registry.register(.provider(ContextProvider { path, session, values in
            guard let id = path.windowID, let index = session.windowIndex(of: id),
                  session.windows[index].viewer.path == path else { return }
            values[ShownImageKey.self] = .some(session.windows[index].viewer.image)
        }), on: .viewer)

        // The application says who the session acts for: a viewer's catalog writes
        // validate read-only wherever on the chain they are performed.
        registry.register(.provider(ContextProvider { _, session, values in
            values[RoleKey.self] = session.role
        }), on: .application)

        // A focused window passes what it cannot do to its content, as an NSWindow
        // passes actions on to its controller: a browser to its grid, a viewer window to its viewer.
        registry.register(.redirect(.byPath { _, path, session in
            session.windowIndex(of: path.string).map { session.windows[$0].defaultResponder }
        }), on: .window)
        return registry
    }()
}

extension CommandDispatcher {
    /// A dispatcher with the built-in behaviour.
    public static let standard = CommandDispatcher(registry: .standard)
}
