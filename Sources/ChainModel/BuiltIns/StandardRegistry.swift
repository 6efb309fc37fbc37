extension HandlerRegistry {
    /// The built-in behaviour of every session: the actions of the v1 contract on their
    /// responder kinds, the context each responder contributes, and the windows'
    /// supplemental targets.
    public static let standard: HandlerRegistry = {
        var registry = HandlerRegistry()
        for kind in [ResponderKind.viewer, .grid] {
            registry.register(SetRating.self, on: kind)
            registry.register(IncreaseRating.self, on: kind)
            registry.register(DecreaseRating.self, on: kind)
        }
        registry.register(Select.self, on: .grid)
        registry.register(SelectAll.self, on: .grid)
        registry.register(DeselectAll.self, on: .grid)
        registry.register(OpenImage.self, on: .grid)
        registry.register(OpenInNewWindow.self, on: .grid)
        registry.register(CloseViewer.self, on: .viewer)
        registry.register(NextImage.self, on: .viewer)
        registry.register(PreviousImage.self, on: .viewer)
        registry.register(CloseWindow.self, on: .window)
        registry.register(Undo.self, on: .window)
        registry.register(Redo.self, on: .window)
        registry.register(Focus.self, on: .application)
        registry.register(NewWindow.self, on: .application)

        registry.register(.provider(ContextProvider { path, session, values in
            guard let window = session.window(path.string) else { return }
            values[WindowKey.self] = (id: window.id, kind: window.windowKind)
        }), on: .window)
        registry.register(.provider(ContextProvider { path, session, values in
            guard let id = path.windowID, let grid = session.window(id)?.grid else { return }
            values[SelectionKey.self] = grid.selection
        }), on: .grid)
        registry.register(.provider(ContextProvider { path, session, values in
            guard let id = path.windowID, let viewer = session.window(id)?.viewer, viewer.path == path else { return }
            values[ShownImageKey.self] = .some(viewer.image)
        }), on: .viewer)

        // A focused window passes what it cannot do to its content, as an NSWindow
        // passes actions on to its controller: a browser to its grid, a viewer window to its viewer.
        registry.register(.redirect(Redirect { _, responder, _ in
            guard let window = responder as? Window else { return nil }
            return window.grid?.path ?? window.viewer.path
        }), on: .window)
        return registry
    }()
}

extension CommandDispatcher {
    /// A dispatcher with the built-in behaviour.
    public static let standard = CommandDispatcher(registry: .standard)
}
