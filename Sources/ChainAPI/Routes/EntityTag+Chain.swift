import ChainHTTP
import ChainService

extension EntityTag {
    /// A session object's tag: it changes with the session's version.
    package static func session(_ version: Int) -> EntityTag { EntityTag("s\(version)") }

    /// A menu's tag: its version, so a new one whenever the menu could differ.
    package static func menu(_ version: MenuVersion) -> EntityTag { EntityTag(version.opaque) }
}
