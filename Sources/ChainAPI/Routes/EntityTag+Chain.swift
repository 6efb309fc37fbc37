import ChainModel
import ChainHTTP
import ChainService

extension EntityTag {
    /// A session object's tag: it changes with the session's version.
    package static func session(_ version: Int) -> EntityTag { EntityTag("s\(version)") }

    /// A menu's tag: its version, so a new one whenever the menu could differ.
    package static func menu(_ version: MenuVersion) -> EntityTag { EntityTag(version.opaque) }

    /// A key sheet's tag: the menu's version under another letter, as it moves with the same things.
    package static func keys(_ version: MenuVersion) -> EntityTag { EntityTag("k" + version.opaque) }

    /// A context menu's tag: the menu's version, and the responder and image it was asked for.
    package static func contextMenu(_ version: MenuVersion, responder: ResponderPath, image: ImageID?) -> EntityTag {
        EntityTag("c" + version.opaque + "-" + responder.string + (image.map { "-" + $0.description } ?? ""))
    }
}
