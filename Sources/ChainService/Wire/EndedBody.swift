import ChainModel

/// An `ended` event: why the session ended.
package struct EndedBody: WireObject {
    package let reason: SessionEndReason

    package func members(_ member: inout JSONObjectWriter) {
        member("reason", reason.rawValue)
    }
}
